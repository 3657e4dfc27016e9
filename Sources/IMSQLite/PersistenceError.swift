import IMTransportKit
import CSQLite

/// Why the local database could not be used: a closed set the store and facades can act on.
///
/// Raw SQLite result codes appear only inside the readable reasons, never as codes. Through
/// `imError`, `.diskFailure` maps to the vendor code 6022 (`IMError.Code.ioOperationFailed`) and
/// every other case to 6019 (`IMError.Code.databaseFailure`).
/// - Thread safety: a value type, `Sendable`.
@usableFromInline
package enum PersistenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or its directory) could not be created or opened: permissions, a directory in the way.
    case cannotOpen(path: String, reason: String)
    /// The file is not a healthy SQLite database (an empty file included), or a row holds a value
    /// the code cannot decode.
    case corrupt(path: String, reason: String)
    /// The database was written by a newer SDK (`found` > `known`); it is left untouched.
    case newerSchema(found: Int, known: Int)
    /// The disk refused the operation: it is full, the file or file system is read-only, or an I/O
    /// error (SQLite's `SQLITE_FULL`, `SQLITE_READONLY`, `SQLITE_IOERR`).
    case diskFailure(path: String, reason: String)
    /// Any other failure of a database operation (busy, misuse, a constraint, bad SQL).
    case io(String)

    /// The error for a failed SQLite call: `code` is its result code (primary or extended),
    /// `message` the connection's `sqlite3_errmsg`.
    init(sqliteCode code: Int32, message: String, path: String) {
        let reason = "\(message) (SQLite code \(code))"
        switch code & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB: self = .corrupt(path: path, reason: reason)
        case SQLITE_CANTOPEN: self = .cannotOpen(path: path, reason: reason)
        case SQLITE_FULL, SQLITE_READONLY, SQLITE_IOERR: self = .diskFailure(path: path, reason: reason)
        default: self = .io(reason)
        }
    }

    @usableFromInline
    package var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open the database at \(path): \(reason)"
        case .corrupt(let path, let reason):
            return "the database at \(path) is corrupt: \(reason)"
        case .newerSchema(let found, let known):
            return "the database has schema version \(found), newer than this SDK knows (\(known)); it was left as it is"
        case .diskFailure(let path, let reason):
            return "the disk refused an operation on the database at \(path): \(reason); "
                + "check the permissions of the file and its directory, and whether the disk is full"
        case .io(let reason):
            return "database operation failed: \(reason)"
        }
    }

    /// The vendor error the facades report, with this error's description: 6022 for
    /// `.diskFailure`, 6019 for the others.
    package var imError: IMError {
        if case .diskFailure = self { return IMError(.ioOperationFailed, description) }
        return IMError(.databaseFailure, description)
    }
}

extension IMError.Code {
    /// The local database failed (the vendor's ERR_DATABASE_OPERATE_FAILED).
    package static let databaseFailure = IMError.Code(rawValue: 6019)
}
