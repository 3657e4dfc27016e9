import CSQLite
import Foundation

/// Where the values of one statement's parameters go, in order from parameter 1: bound to the
/// statement now (`SQLiteStatement.Parameters`), or recorded to be bound later (`SQLiteValueLog`).
///
/// Code that maps a value to columns is written once, generic over its row, and serves both.
@usableFromInline
package protocol SQLiteRow {
    /// Takes `value` for the next parameter (`nil` of an `Optional` is NULL).
    mutating func append<Value: SQLiteBindable>(_ value: Value) throws(PersistenceError)
}

extension SQLiteStatement.Parameters: SQLiteRow {}

/// Statements recorded as bytes instead of run: each record is a statement's tag and the values of
/// its parameters, run later by `replay(_:statement:)` exactly as if they had been bound then.
///
/// The format (little-endian): per record, the tag (`UInt8`) and the number of values (`UInt16`);
/// per value, its type (`UInt8`: 0 NULL, 1 integer, 2 text, 3 blob) and, for an integer, 8 bytes;
/// for text and blobs, the byte count (`UInt32`) then the bytes. It is private to this SDK's own
/// databases and never leaves the device.
/// - Thread safety: a value type; not shared.
@usableFromInline
package struct SQLiteValueLog: SQLiteRow {
    // The recording methods are inlinable, so that a caller's generic code (a row written through
    // `SQLiteRow`) is specialized for each value's type across the module boundary, rather than
    // calling through the protocols for every value.
    /// The records so far.
    @usableFromInline package internal(set) var bytes: [UInt8] = []
    /// Where the current record's value count goes, and the values counted so far.
    @usableFromInline var countOffset = -1
    @usableFromInline var count: UInt16 = 0

    package init() {}

    /// An empty log that writes into `buffer`'s storage (a finished log's bytes, reused so that
    /// each batch does not grow a new array).
    package init(reusing buffer: [UInt8]) {
        bytes = buffer
        bytes.removeAll(keepingCapacity: true)
    }

    package var isEmpty: Bool { bytes.isEmpty }

    /// Starts the record of one run of the statement `tag` stands for; its values follow.
    @inlinable
    package mutating func beginRecord(_ tag: UInt8) {
        closeRecord()
        bytes.append(tag)
        countOffset = bytes.count
        bytes.append(0)
        bytes.append(0)
        count = 0
    }

    /// Writes the value count of the current record.
    @inlinable
    mutating func closeRecord() {
        guard countOffset >= 0 else { return }
        bytes[countOffset] = UInt8(truncatingIfNeeded: count)
        bytes[countOffset + 1] = UInt8(truncatingIfNeeded: count >> 8)
        countOffset = -1
    }

    /// The finished records (the current one closed).
    package mutating func finish() -> [UInt8] {
        closeRecord()
        return bytes
    }

    @inlinable
    package mutating func append<Value: SQLiteBindable>(_ value: Value) throws(PersistenceError) {
        precondition(countOffset >= 0, "a value recorded before its record began")
        guard count < UInt16.max else { throw .io("more than \(UInt16.max) values in one recorded statement") }
        value.record(into: &self)
        count += 1
    }

    // MARK: - Values (SQLiteBindable's `record(into:)` calls these)

    @inlinable
    package mutating func recordNull() {
        bytes.append(Self.null)
    }

    @inlinable
    package mutating func record(_ value: Int64) {
        bytes.append(Self.integer)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    @inlinable
    package mutating func record(_ value: String) {
        var value = value
        value.withUTF8 { appendBytes(Self.text, UnsafeRawBufferPointer($0)) }
    }

    @inlinable
    package mutating func record(_ value: Data) {
        value.withUnsafeBytes { appendBytes(Self.blob, $0) }
    }

    @inlinable
    mutating func appendBytes(_ type: UInt8, _ payload: UnsafeRawBufferPointer) {
        bytes.append(type)
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: payload)
    }

    @usableFromInline static let null: UInt8 = 0, integer: UInt8 = 1, text: UInt8 = 2, blob: UInt8 = 3

    // MARK: - Replay

    /// Runs every record of `records` (as `finish()` returned them, or a blob holding them), in
    /// order: binds its values to `statement(tag)` and steps it to the end.
    ///
    /// - Returns: the number of records run.
    /// - Throws: `.corrupt` (with `path`) when the bytes are not records or a tag is unknown
    ///   (`statement` returns nil); the statements' own errors.
    @discardableResult
    package static func replay(
        _ records: UnsafeRawBufferPointer, path: String, statement: (UInt8) throws(PersistenceError) -> SQLiteStatement?
    ) throws(PersistenceError) -> Int {
        var reader = Reader(bytes: records, path: path)
        var replayed = 0
        while !reader.isAtEnd {
            let tag = try reader.read(UInt8.self)
            let count = try reader.read(UInt16.self)
            guard let target = try statement(tag) else { throw reader.corrupt("unknown recorded statement \(tag)") }
            try target.withReset { statement throws(PersistenceError) in
                for index in stride(from: Int32(1), through: Int32(count), by: 1) {
                    let value = try reader.value()
                    let payload = UnsafeRawBufferPointer(rebasing: records[value.payload])
                    switch value.type {
                    case integer: try statement.bind(Int64(littleEndian: payload.loadUnaligned(as: Int64.self)), at: index)
                    case text: try statement.bindText(payload, at: index)
                    case blob: try statement.bindBlob(payload, at: index)
                    default: try statement.bindNull(at: index)
                    }
                }
                while try statement.step() {}
            }
            replayed += 1
        }
        return replayed
    }

    /// The first values of a record, as `scan(_:path:_:)` hands them out.
    package struct Values {
        /// The type and the payload's bytes of each of the first `captured` values.
        fileprivate var found: [(type: UInt8, payload: Range<Int>)] = []
        fileprivate let bytes: UnsafeRawBufferPointer
        static let captured = 4

        /// The integer at `index`, nil when it is not an integer (or not among the first four).
        package func integer(_ index: Int) -> Int64? {
            guard index < found.count, found[index].type == SQLiteValueLog.integer else { return nil }
            return Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: found[index].payload.lowerBound, as: Int64.self))
        }

        /// The bytes of the text or blob at `index`, nil when it is neither (or not among the first four).
        package func bytes(_ index: Int) -> [UInt8]? {
            guard index < found.count, found[index].type == SQLiteValueLog.text || found[index].type == SQLiteValueLog.blob else {
                return nil
            }
            return Array(UnsafeRawBufferPointer(rebasing: bytes[found[index].payload]))
        }
    }

    /// Walks the records of `records` without running them: for each, its tag, the range of its
    /// bytes (a slice `replay` runs alone) and its first values.
    /// - Throws: `.corrupt` (with `path`) when the bytes are not records; what `body` throws.
    package static func scan(
        _ records: UnsafeRawBufferPointer, path: String,
        _ body: (UInt8, Range<Int>, Values) throws(PersistenceError) -> Void
    ) throws(PersistenceError) {
        var reader = Reader(bytes: records, path: path)
        while !reader.isAtEnd {
            let start = reader.offset
            let tag = try reader.read(UInt8.self)
            let count = try reader.read(UInt16.self)
            var values = Values(bytes: records)
            for index in 0..<Int(count) {
                let value = try reader.value()
                if index < Values.captured { values.found.append(value) }
            }
            try body(tag, start..<reader.offset, values)
        }
    }

    /// Reads recorded bytes, each read checked against the end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        let path: String
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        func corrupt(_ reason: String) -> PersistenceError {
            .corrupt(path: path, reason: "a batch in the log: \(reason) at byte \(offset)")
        }

        mutating func read<T: FixedWidthInteger>(_ type: T.Type) throws(PersistenceError) -> T {
            let size = MemoryLayout<T>.size
            guard bytes.count - offset >= size else { throw corrupt("truncated") }
            let value = T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
            offset += size
            return value
        }

        /// One value: its type and where its payload lies (empty for NULL, 8 bytes for an
        /// integer, the counted bytes of text and blobs).
        mutating func value() throws(PersistenceError) -> (type: UInt8, payload: Range<Int>) {
            let type = try read(UInt8.self)
            let count: Int
            switch type {
            case SQLiteValueLog.null: count = 0
            case SQLiteValueLog.integer: count = 8
            case SQLiteValueLog.text, SQLiteValueLog.blob: count = Int(try read(UInt32.self))
            default: throw corrupt("unknown recorded value type \(type)")
            }
            guard bytes.count - offset >= count else { throw corrupt("truncated") }
            defer { offset += count }
            return (type, offset..<offset + count)
        }
    }
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body that throws `PersistenceError` (the standard one rethrows untyped).
    @usableFromInline
    package func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws(PersistenceError) -> T) throws(PersistenceError) -> T {
        let result: Result<T, PersistenceError> = withUnsafeBytes { bytes in
            Result { () throws(PersistenceError) in try body(bytes) }
        }
        return try result.get()
    }
}
