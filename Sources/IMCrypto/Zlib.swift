import CZlib

/// zlib streams (RFC 1950) through the system's zlib: what UserSig tokens are compressed with.
///
/// - Thread safety: stateless, `Sendable`; each call uses its own zlib stream.
public enum Zlib {
    /// zlib's default compression level (6 in zlib itself), what the vendor's libraries use.
    public static let defaultLevel: Int32 = Z_DEFAULT_COMPRESSION

    /// `bytes` as one zlib stream, at `level` (0: stored, no compression; 1 fastest ... 9 smallest;
    /// `defaultLevel` unless given).
    ///
    /// - Precondition: `level` is `defaultLevel` or in 0...9.
    /// - Complexity: O(n) for n bytes.
    public static func compress(_ bytes: [UInt8], level: Int32 = defaultLevel) -> [UInt8] {
        precondition(level == defaultLevel || (0...9).contains(level), "zlib levels are 0...9 or the default")
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                compress2(output.baseAddress, &length, input.baseAddress, uLong(input.count), level)
            }
        }
        // compressBound is enough room by definition; only running out of memory is left.
        precondition(status == Z_OK, "zlib could not compress (\(status))")
        output.removeSubrange(Int(length)...)
        return output
    }

    /// The bytes of the zlib stream at the start of `bytes` (what follows the stream's end is
    /// ignored, as zlib's own `uncompress` does), refusing to produce more than `limit` bytes: a
    /// small forged input cannot inflate to gigabytes.
    ///
    /// - Precondition: `limit` is not negative.
    /// - Throws: `ZlibError.malformed` for input that is not a complete zlib stream (bad header,
    ///   corrupt data, wrong checksum, truncated, empty); `.tooLarge` once the output passes
    ///   `limit`; `.outOfMemory` when zlib cannot allocate its state.
    /// - Complexity: O(n + min(output, limit)); memory O(min(output, limit)).
    public static func uncompress(_ bytes: [UInt8], limit: Int) throws(ZlibError) -> [UInt8] {
        precondition(limit >= 0, "a negative limit")
        guard bytes.count <= Int(UInt32.max) else { throw .tooLarge(limit: limit) }
        var stream = z_stream()
        guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .outOfMemory }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: limit < 16 * 1024 ? limit + 1 : 16 * 1024)
        var input = bytes
        let outcome: Result<Void, ZlibError> = input.withUnsafeMutableBufferPointer { input in
            stream.next_in = input.baseAddress
            stream.avail_in = uInt(input.count)
            while true {
                var produced = 0
                let status = chunk.withUnsafeMutableBufferPointer { chunk in
                    stream.next_out = chunk.baseAddress
                    stream.avail_out = uInt(chunk.count)
                    defer { produced = chunk.count - Int(stream.avail_out) }
                    return inflate(&stream, Z_NO_FLUSH)
                }
                output.append(contentsOf: chunk[0..<produced])
                guard output.count <= limit else { return .failure(.tooLarge(limit: limit)) }
                switch status {
                case Z_OK: continue
                case Z_STREAM_END: return .success(())
                case Z_MEM_ERROR: return .failure(.outOfMemory)
                // Z_BUF_ERROR: no progress possible (the input ended early); Z_DATA_ERROR,
                // Z_NEED_DICT: not a stream this function can read.
                default: return .failure(.malformed)
                }
            }
        }
        try outcome.get()
        return output
    }
}

/// Why `Zlib.uncompress` refused its input.
public enum ZlibError: Error, Hashable, Sendable {
    /// Not a complete zlib stream: a bad header, corrupt data, a wrong checksum, or cut short.
    case malformed
    /// It inflates to more than `limit` bytes.
    case tooLarge(limit: Int)
    /// zlib could not allocate its state.
    case outOfMemory
}
