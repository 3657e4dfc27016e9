import CSQLite

/// One open SQLite database: configuration, the statement cache, transactions and error checking.
///
/// ## Thread safety (the one place these rules are written down)
/// A connection, its statements and the `ConversationDatabase` over it are not `Sendable`. The owner
/// uses them from one serial context at a time (a serial queue, or inside its own lock) and never
/// hands a statement to another context. The handle is opened with `SQLITE_OPEN_NOMUTEX`: SQLite
/// adds no locking of its own, so that serialisation is what keeps the connection consistent.
/// A cached statement is used by one call at a time: `execute`/`query` bind, step and reset it
/// before returning, and no row callback may run the same statement again.
package final class SQLiteConnection {
    /// The file path, or `":memory:"`.
    package let path: String
    private let handle: OpaquePointer
    /// Prepared statements by SQL text, finalized before the connection closes.
    private var statements: [String: SQLiteStatement] = [:]

    /// How long a write waits for another connection's lock before failing with "busy".
    package static let busyTimeoutMilliseconds: Int32 = 5_000

    /// Opens (creating if needed, unless `creating` is false) the database at `path`, or a private
    /// in-memory one when nil.
    ///
    /// Files get `journal_mode=WAL`, a 16 MiB page cache and a checkpoint every 10,000 WAL pages;
    /// every connection gets `synchronous=NORMAL`, `foreign_keys=ON`
    /// and a busy timeout. A file that is not a database fails here with `.corrupt`; a missing
    /// one, when not `creating`, with `.cannotOpen`.
    package init(path: String?, creating: Bool = true) throws(PersistenceError) {
        _ = Self.configureOnce
        self.path = path ?? ":memory:"
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(
            self.path, &opened, SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX, nil
        )
        guard let opened else { throw .io("cannot allocate a SQLite connection (SQLite code \(code))") }
        handle = opened
        // From here on a throw runs `deinit`, which closes the handle.
        try check(code)
        try check(sqlite3_extended_result_codes(handle, 1))
        try check(sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds))
        if path != nil {
            try execute("PRAGMA journal_mode = WAL")
            // Batches of messages touch pages all over the indexes: a 16 MiB page cache keeps them
            // instead of re-reading them from the OS, and checkpointing every 10,000 WAL pages
            // (~40 MiB) instead of 1,000 copies a page rewritten by many batches into the file once.
            // Measured on `imsdk bench`'s persisted ingest: about 20% less CPU per message.
            try execute("PRAGMA cache_size = -16384")
            try execute("PRAGMA wal_autocheckpoint = 10000")
        }
        try execute("PRAGMA synchronous = NORMAL")
        try execute("PRAGMA foreign_keys = ON")
    }

    /// Process-wide settings made before the first connection opens: SQLite keeps no memory
    /// statistics (their global mutex is taken on every allocation; nothing here reads them). When
    /// something else in the process started SQLite first, the call fails and changes nothing.
    private static let configureOnce: Void = { _ = csqlite_disable_memory_statistics() }()

    deinit {
        for statement in statements.values { statement.finalize() }
        // Nothing can be reported from deinit; every statement is finalized, so the close completes.
        sqlite3_close_v2(handle)
    }

    /// Turns a SQLite result code into success or a `PersistenceError`: every call goes through here.
    ///
    /// - Returns: `code` when it is `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE`.
    @discardableResult
    package func check(_ code: Int32) throws(PersistenceError) -> Int32 {
        guard Self.isSuccess(code) else {
            throw PersistenceError(sqliteCode: code, message: String(cString: sqlite3_errmsg(handle)), path: path)
        }
        return code
    }

    /// Whether `code` is `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE` (what `check` lets through).
    @inline(__always)
    static func isSuccess(_ code: Int32) -> Bool {
        code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE
    }

    /// Runs SQL text without parameters (one or more statements): schema and pragmas only.
    ///
    /// Values never go into `sql`; statements with values use `prepare` and bound parameters.
    package func execute(_ sql: String) throws(PersistenceError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil))
    }

    /// The prepared statement for `sql` (one statement), prepared once and cached by its text.
    ///
    /// Preparing the same text again returns the same object. Statements are prepared with
    /// `SQLITE_PREPARE_PERSISTENT`, as they live as long as the connection.
    /// - Complexity: O(1) for a cached statement.
    package func prepare(_ sql: String) throws(PersistenceError) -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        var prepared: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil))
        guard let prepared else { throw .io("no SQL statement in \"\(sql)\"") }
        let statement = SQLiteStatement(handle: prepared, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` ... `COMMIT` transaction; a throw rolls everything back.
    ///
    /// Transactions do not nest: calling this inside `body` fails with `.io`.
    /// - Returns: what `body` returns, once committed.
    package func transaction<T>(_ body: () throws(PersistenceError) -> T) throws(PersistenceError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // SQLite may already have rolled back (after some I/O errors); then there is nothing to undo.
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Makes every query (`SELECT`) on this connection fail with `SQLITE_AUTH` from now on (false:
    /// allows them again), through SQLite's authorizer: for tests that need a database whose reads
    /// fail, as on a damaged page or an I/O error. Statements without a query still run. Setting it
    /// expires every prepared statement, so a cached one is checked again at its next step.
    package func setDeniesQueries(_ denies: Bool) throws(PersistenceError) {
        let denyQueries: @convention(c) (
            UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
            UnsafePointer<CChar>?, UnsafePointer<CChar>?
        ) -> Int32 = { _, action, _, _, _, _ in action == SQLITE_SELECT ? SQLITE_DENY : SQLITE_OK }
        try check(sqlite3_set_authorizer(handle, denies ? denyQueries : nil, nil))
    }

    /// Whether no transaction is open.
    package var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }
}
