import Foundation
import IMSQLite
import IMTransportKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a persisted `IMReferenceServer` keeps its state: its epoch, a snapshot of its state, and
/// every operation that changed it since, in order, in one SQLite file.
///
/// An operation is appended (one transaction, in WAL mode) under the server's lock after it
/// applied and before anything it produced is delivered, so a device never sees a change the file
/// lacks, and a process killed at any moment loses no change a device saw. Opening loads the
/// snapshot and replays the operations after it (O(state + operations since)), then folds them into
/// a new snapshot in one transaction (`compact(into:)`), so each open replays only what the last
/// process changed.
///
/// One process at a time: the file is locked (`flock` on `PATH.lock`) for as long as the journal is
/// open, and a second process that opens it gets an error instead of a second, diverging copy.
/// - Thread safety: not thread-safe; the server uses it only under its state lock.
final class ServerJournal: @unchecked Sendable {
    let path: String
    private let connection: SQLiteConnection
    private let lockDescriptor: Int32
    private let encoder = JSONEncoder()
    /// Whether appends stopped after a failure (the file no longer follows the state).
    private(set) var hasFailed = false

    /// The schema: the epoch in `meta`, the operations as JSON in `operations`.
    private static let schema = """
        CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS operations (seq INTEGER PRIMARY KEY, operation BLOB NOT NULL);
        CREATE TABLE IF NOT EXISTS snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), state BLOB NOT NULL);
        """

    /// Opens (creating it and its directory when missing) the journal at `path` and locks it.
    ///
    /// - Throws: `ioOperationFailed` (6022) when another process holds it (with a hint at the
    ///   networked server) or the file cannot be created or written; `databaseFailure` (6019) for a
    ///   file that is not a journal.
    init(path: String) throws(IMError) {
        self.path = path
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw IMError(.ioOperationFailed, "cannot create the directory of the embedded server's data \(path): \(error)")
        }
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else {
            throw IMError(.ioOperationFailed, "cannot create the lock file of the embedded server's data \(path).lock (errno \(errno))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw IMError(
                .ioOperationFailed,
                "the embedded server's data at \(path) is in use by another process: two processes cannot share "
                    + "one embedded server; run one networked server for both instead (`imsdk serve`, reached "
                    + "through IMSocketTransport), or give each process its own storage directory")
        }
        lockDescriptor = descriptor
        do throws(PersistenceError) {
            connection = try SQLiteConnection(path: path)
            try connection.execute(Self.schema)
        } catch {
            flock(descriptor, LOCK_UN)
            close(descriptor)
            throw error.imError
        }
    }

    deinit {
        flock(lockDescriptor, LOCK_UN)
        close(lockDescriptor)
    }

    /// The stored epoch, nil for a new file.
    func storedEpoch() throws(IMError) -> String? {
        do throws(PersistenceError) {
            return try connection.prepare("SELECT value FROM meta WHERE key = 'epoch'").query { $0.string(at: 0) }
                .first ?? nil
        } catch {
            throw error.imError
        }
    }

    /// Stores `epoch` as the file's.
    func setEpoch(_ epoch: String) throws(IMError) {
        do throws(PersistenceError) {
            try writeEpoch(epoch)
        } catch {
            throw error.imError
        }
    }

    /// Stores `epoch` (inside or outside a transaction).
    private func writeEpoch(_ epoch: String) throws(PersistenceError) {
        try connection.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('epoch', ?)").execute([epoch])
    }

    /// The stored snapshot (nil when none was taken) and every operation after it, oldest first.
    func contents() throws(IMError) -> (snapshot: ServerSnapshot?, operations: [ServerOperation]) {
        let stored: Data?
        do throws(PersistenceError) {
            stored = try connection.prepare("SELECT state FROM snapshot WHERE id = 1").query { $0.data(at: 0) }.first ?? nil
        } catch {
            throw error.imError
        }
        var snapshot: ServerSnapshot?
        if let stored {
            do {
                snapshot = try JSONDecoder().decode(ServerSnapshot.self, from: stored)
            } catch {
                throw IMError(.databaseFailure, "the snapshot of the server's data at \(path) cannot be read: \(error)")
            }
        }
        return (snapshot, try operations())
    }

    /// Replaces the snapshot with `state` and drops every operation, in one transaction: `state`
    /// must be the snapshot the file held with every operation applied. A failure changes nothing
    /// (the file stays as it was, still complete).
    func compact(into state: ServerSnapshot) throws(IMError) {
        do throws(PersistenceError) {
            let encoded: Data
            do {
                encoded = try encoder.encode(state)
            } catch {
                throw PersistenceError.io("cannot encode the server's state: \(error)")
            }
            try connection.transaction { () throws(PersistenceError) in
                try connection.prepare("INSERT OR REPLACE INTO snapshot (id, state) VALUES (1, ?)").execute([encoded])
                try connection.execute("DELETE FROM operations")
            }
        } catch {
            throw error.imError
        }
    }

    /// Every operation after the snapshot, oldest first.
    private func operations() throws(IMError) -> [ServerOperation] {
        let decoder = JSONDecoder()
        let rows: [Data]
        do throws(PersistenceError) {
            rows = try connection.prepare("SELECT operation FROM operations ORDER BY seq").query { $0.data(at: 0) ?? Data() }
        } catch {
            throw error.imError
        }
        var operations: [ServerOperation] = []
        operations.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            do {
                operations.append(try decoder.decode(ServerOperation.self, from: row))
            } catch {
                throw IMError(.databaseFailure, "operation \(index + 1) of the embedded server's data at \(path) cannot be read: \(error)")
            }
        }
        return operations
    }

    /// Appends `operation`. After a failure (a full disk) the journal stops following the state:
    /// it takes a new epoch if it still can (so that a restart is a new state, which every device
    /// rebuilds from, rather than an older copy under the same epoch) and appends nothing more.
    ///
    /// - Returns: the error of the append that failed (only the first time), for the server to log.
    func append(_ operation: ServerOperation) -> IMError? {
        guard !hasFailed else { return nil }
        do throws(PersistenceError) {
            let encoded: Data
            do {
                encoded = try encoder.encode(operation)
            } catch {
                throw PersistenceError.io("cannot encode \(operation): \(error)")
            }
            try connection.prepare("INSERT INTO operations (operation) VALUES (?)").execute([encoded])
            return nil
        } catch {
            hasFailed = true
            try? setEpoch(ServerState.newEpoch())
            return error.imError
        }
    }
}

extension ServerJournal {
    /// Empties the journal under a new `epoch` (the server was reset); returns the error when it
    /// could not (appends stop then, as after a failed append).
    func reset(epoch: String) -> IMError? {
        do throws(PersistenceError) {
            try connection.transaction { () throws(PersistenceError) in
                try connection.execute("DELETE FROM operations")
                try connection.execute("DELETE FROM snapshot")
                try writeEpoch(epoch)
            }
            return nil
        } catch {
            hasFailed = true
            return error.imError
        }
    }
}
