/// HMAC-SHA256 (RFC 2104 with SHA-256): the message authentication code UserSig tokens carry.
///
/// - Thread safety: stateless, `Sendable`.
public enum HMACSHA256 {
    /// The code's length in bytes.
    public static let byteCount = SHA256.digestByteCount

    /// The authentication code of `message` under `key` (a key longer than a block is hashed first,
    /// as RFC 2104 says).
    ///
    /// - Complexity: O(key + message).
    public static func authenticationCode(for message: some Sequence<UInt8>, key: some Sequence<UInt8>) -> [UInt8] {
        var block = Array(key)
        if block.count > SHA256.blockByteCount { block = SHA256.hash(block) }
        block += [UInt8](repeating: 0, count: SHA256.blockByteCount - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(inner.finalize())
        return outer.finalize()
    }

    /// Whether `code` is the authentication code of `message` under `key`, compared in time that
    /// does not depend on where they differ.
    ///
    /// - Complexity: O(key + message).
    public static func isValid(
        _ code: some Collection<UInt8>, for message: some Sequence<UInt8>, key: some Sequence<UInt8>
    ) -> Bool {
        ConstantTime.equal(code, authenticationCode(for: message, key: key))
    }
}
