import IMSQLite

/// Whether the database can be written, and the storage faults tests inject.
extension ConversationDatabase {
    /// Throws `.diskFailure` when the database cannot be written at all (a read-only file,
    /// directory or file system); writes nothing.
    ///
    /// A statement that would write but matches no row: SQLite still asks for a write transaction,
    /// which a read-only database refuses. A full disk is not found here (nothing needs a new page).
    /// The batch log is not folded (neither here nor by `inject(_:)`).
    package func checkWritable() throws(PersistenceError) {
        try sqlite.prepare("UPDATE counters SET id = id WHERE 0").execute()
    }

    /// Makes the database behave as under `fault` from now on (nil: as a healthy disk again); see
    /// `StorageFault`. For tests: it changes only this connection's settings, never the file.
    package func inject(_ fault: StorageFault?) throws(PersistenceError) {
        if maxPageCountBeforeFault == nil {
            maxPageCountBeforeFault = try pragmaValue("PRAGMA max_page_count")
        }
        let pageLimit = fault == .diskFull ? try pragmaValue("PRAGMA page_count") : maxPageCountBeforeFault ?? 0
        // Pragmas take no bound parameters; the values are integers this code read from SQLite.
        try sqlite.execute("PRAGMA max_page_count = \(pageLimit)")
        try sqlite.execute("PRAGMA query_only = \(fault == .readOnly ? 1 : 0)")
        try sqlite.setDeniesQueries(fault == .unreadable)
    }

    private func pragmaValue(_ sql: String) throws(PersistenceError) -> Int64 {
        try sqlite.prepare(sql).query { $0.int64(at: 0) }.first ?? 0
    }
}
