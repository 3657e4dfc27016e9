/// A storage fault that tests inject into a session's database (`IMSession.injectStorageFaultForTesting`),
/// made real by SQLite itself, so that every write path meets the error a real disk gives.
/// - Thread safety: a value type, `Sendable`.
package enum StorageFault: Sendable, Hashable, CustomStringConvertible {
    /// The disk is full: a write that needs a new page fails with `SQLITE_FULL` (`PRAGMA
    /// max_page_count` pinned to the database's page count). As on a real disk, a write that fits
    /// in the pages the file has (a row updated in place, a small row in a page with room) still
    /// succeeds; a value larger than a page never fits.
    case diskFull
    /// The database cannot be written at all: every write fails with `SQLITE_READONLY` (`PRAGMA
    /// query_only`), as for a file, directory or file system that became read-only.
    case readOnly
    /// The database cannot be read: every query fails (`SQLITE_AUTH`, SQLite's authorizer denying
    /// it), as on a damaged page or an I/O error. Writes that need no query still succeed; so does
    /// every read of another connection (the store's background warm-up).
    case unreadable

    package var description: String {
        switch self {
        case .diskFull: return "disk full"
        case .readOnly: return "read-only"
        case .unreadable: return "unreadable"
        }
    }
}
