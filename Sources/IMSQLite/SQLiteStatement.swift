import CSQLite
import Foundation

/// One prepared SQL statement of a `SQLiteConnection`: parameters, stepping, column values.
///
/// Created and cached by `SQLiteConnection.prepare`; finalized by the connection when it closes, or
/// in `deinit`. Parameter indices start at 1, column indices at 0 (as in SQLite).
///
/// Integers: a `UInt64` is stored as the `Int64` with the same bit pattern, so values above
/// `Int64.max` (a pinned sort key, all-ones marks) come back exactly but read as negative in SQL.
/// Columns that SQL compares or orders as unsigned must account for that (see `Schema`).
/// - Thread safety: not `Sendable`; see `SQLiteConnection`.
@usableFromInline
package final class SQLiteStatement {
    private var handle: OpaquePointer?
    // The connection owns its statements (it finalizes them before closing), so it outlives them.
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { finalize() }

    /// Releases the compiled statement; the connection calls this before it closes.
    func finalize() {
        guard let handle else { return }
        // The result repeats the last step's error, which was already reported.
        sqlite3_finalize(handle)
        self.handle = nil
    }

    private var live: OpaquePointer {
        guard let handle else { preconditionFailure("statement used after its connection closed") }
        return handle
    }

    // MARK: - Running

    /// Binds `values` to parameters 1..., steps to the end, and resets.
    package func execute(_ values: [any SQLiteBindable] = []) throws(PersistenceError) {
        try withReset { statement throws(PersistenceError) in
            try statement.bind(values)
            while try statement.step() {}
        }
    }

    /// Binds parameters 1... through `bind`, steps to the end, and resets.
    ///
    /// For the hot write paths: the values are bound one by one, with no list of boxed values.
    package func execute(binding bind: (inout Parameters) throws(PersistenceError) -> Void) throws(PersistenceError) {
        try withReset { statement throws(PersistenceError) in
            var parameters = Parameters(statement: statement)
            try bind(&parameters)
            while try statement.step() {}
        }
    }

    /// The parameters of a statement being bound, filled in order from parameter 1.
    @usableFromInline
    package struct Parameters {
        @usableFromInline let statement: SQLiteStatement
        /// The index the next value binds to.
        @usableFromInline package internal(set) var next: Int32 = 1

        /// Binds `value` to the next parameter (`nil` of an `Optional` binds NULL); inlinable, so
        /// that a caller's generic row code is specialized for each value's type.
        @inlinable
        package mutating func append<Value: SQLiteBindable>(_ value: Value) throws(PersistenceError) {
            try value.bind(to: statement, at: next)
            next += 1
        }
    }

    /// Binds `values` to parameters 1..., maps each result row with `row`, and resets.
    ///
    /// `row` reads the current row through the column getters; it must not run this statement.
    package func query<T>(
        _ values: [any SQLiteBindable] = [], row: (SQLiteStatement) throws(PersistenceError) -> T
    ) throws(PersistenceError) -> [T] {
        try withReset { statement throws(PersistenceError) in
            try statement.bind(values)
            var rows: [T] = []
            while try statement.step() { rows.append(try row(statement)) }
            return rows
        }
    }

    /// Runs `body` (which binds and steps by hand), then resets the statement and clears its bindings.
    package func withReset<T>(_ body: (SQLiteStatement) throws(PersistenceError) -> T) throws(PersistenceError) -> T {
        defer { reset() }
        return try body(self)
    }

    /// Advances to the next row: true when a row is available, false when the statement is done.
    package func step() throws(PersistenceError) -> Bool {
        try checked(sqlite3_step(live)) == SQLITE_ROW
    }

    /// Rewinds the statement and sets every parameter back to NULL.
    package func reset() {
        // `sqlite3_reset` repeats the last step's error, already reported; clearing cannot fail.
        sqlite3_reset(live)
        sqlite3_clear_bindings(live)
    }

    /// `connection.check(code)`, without touching the connection when the code is a success (every
    /// bound value and step goes through here; reaching the unowned connection costs a retain).
    @inline(__always)
    @discardableResult
    private func checked(_ code: Int32) throws(PersistenceError) -> Int32 {
        if SQLiteConnection.isSuccess(code) { return code }
        return try connection.check(code)
    }

    // MARK: - Binding

    private func bind(_ values: [any SQLiteBindable]) throws(PersistenceError) {
        for (offset, value) in values.enumerated() {
            try value.bind(to: self, at: Int32(offset + 1))
        }
    }

    @usableFromInline
    package func bind(_ value: Int64, at index: Int32) throws(PersistenceError) {
        try checked(sqlite3_bind_int64(live, index, value))
    }

    /// Binds the `Int64` with the bit pattern of `value` (see the type's notes).
    @usableFromInline
    package func bind(_ value: UInt64, at index: Int32) throws(PersistenceError) {
        try bind(Int64(bitPattern: value), at: index)
    }

    @usableFromInline
    package func bind(_ value: Int, at index: Int32) throws(PersistenceError) {
        try bind(Int64(value), at: index)
    }

    /// Binds 1 or 0.
    @usableFromInline
    package func bind(_ value: Bool, at index: Int32) throws(PersistenceError) {
        try bind(Int64(value ? 1 : 0), at: index)
    }

    /// Binds UTF-8 text (embedded NUL characters included).
    @usableFromInline
    package func bind(_ value: String, at index: Int32) throws(PersistenceError) {
        var value = value
        let code = value.withUTF8 { bytes in
            // A null pointer would bind NULL; an empty string needs some valid address.
            let start = UnsafeRawPointer(bytes.baseAddress ?? ("" as StaticString).utf8Start)
            return sqlite3_bind_text64(
                live, index, start.assumingMemoryBound(to: CChar.self), UInt64(bytes.count), transient,
                UInt8(SQLITE_UTF8)
            )
        }
        try checked(code)
    }

    /// Binds a blob; an empty `Data` binds an empty blob, not NULL.
    @usableFromInline
    package func bind(_ value: Data, at index: Int32) throws(PersistenceError) {
        let code = value.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(live, index, 0) }
            return sqlite3_bind_blob64(live, index, start, UInt64(bytes.count), transient)
        }
        try checked(code)
    }

    /// Binds the UTF-8 text in `bytes` (copied by SQLite).
    package func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws(PersistenceError) {
        let start = bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
        try checked(sqlite3_bind_text64(
            live, index, start.assumingMemoryBound(to: CChar.self), UInt64(bytes.count), transient, UInt8(SQLITE_UTF8)))
    }

    /// Binds the blob in `bytes` (copied by SQLite); empty binds an empty blob, not NULL.
    @usableFromInline
    package func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws(PersistenceError) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else {
            try checked(sqlite3_bind_zeroblob(live, index, 0))
            return
        }
        try checked(sqlite3_bind_blob64(live, index, start, UInt64(bytes.count), transient))
    }

    @usableFromInline
    package func bindNull(at index: Int32) throws(PersistenceError) {
        try checked(sqlite3_bind_null(live, index))
    }

    // MARK: - Columns of the current row

    package func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(live, column) == SQLITE_NULL
    }

    package func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(live, column)
    }

    /// The `UInt64` whose bit pattern the column holds.
    package func uint64(at column: Int32) -> UInt64 {
        UInt64(bitPattern: int64(at: column))
    }

    package func int(at column: Int32) -> Int {
        Int(truncatingIfNeeded: int64(at: column))
    }

    package func bool(at column: Int32) -> Bool {
        int64(at: column) != 0
    }

    /// The text of the column, nil when it is NULL.
    package func string(at column: Int32) -> String? {
        guard !isNull(at: column) else { return nil }
        guard let text = sqlite3_column_text(live, column) else { return "" }
        let count = Int(sqlite3_column_bytes(live, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Runs `body` on the bytes of the column's blob where SQLite holds them (empty for NULL); they
    /// are valid only during `body`, which must not step or reset this statement.
    package func withBlob<T>(
        at column: Int32, _ body: (UnsafeRawBufferPointer) throws(PersistenceError) -> T
    ) throws(PersistenceError) -> T {
        let start = sqlite3_column_blob(live, column)
        let count = Int(sqlite3_column_bytes(live, column))
        return try body(UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : count))
    }

    /// The blob of the column, nil when it is NULL (an empty blob is empty `Data`).
    package func data(at column: Int32) -> Data? {
        guard !isNull(at: column) else { return nil }
        guard let bytes = sqlite3_column_blob(live, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(live, column)))
    }
}

/// SQLite copies bound text and blobs at once (`SQLITE_TRANSIENT`), so Swift buffers may move after.
private var transient: sqlite3_destructor_type {
    unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
