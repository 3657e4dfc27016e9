import Foundation
import IMCore
import IMSQLite
import IMTransportKit

/// Ingest to disk, ours against B2: the rows "incoming message, persisted" of `imsdk bench`, and
/// `imsdk bench --persisted`, which measures only them, on several fresh databases per scale.
///
/// Ours: a store keeping its messages in its database (as a session with local storage does)
/// writes each batch with `IMClient.write` and then forgets what it wrote (`noteWritten`). B2
/// upserts into its WAL file. First the batched messages, 1,000 per transaction; then ours folds
/// its batch log, as a logout does (timed on its own: `fold`); then the singles, one per
/// transaction, for both, ours with the fold of what they left in the log timed with them (so
/// that a log larger than the singles does not leave their cost out).
struct PersistedBench {
    /// Seconds per message, and the fold's seconds.
    struct Figures: Encodable, Equatable {
        /// Ours per message with 1,000 per transaction, the log's folds inside the run included.
        var batched: Double
        /// Folding what the batch log held after the batched messages, in seconds.
        var fold: Double
        /// Ours per message with one per transaction, the log they left folded after them included.
        var single: Double
        var sqlBatched: Double
        var sqlSingle: Double

        /// Ours per message with 1,000 per transaction, the fold after it included.
        var batchedFolded: Double { batched + fold / Double(max(batchedCount, 1)) }
        var batchedCount: Int

        /// The faster of this and `other`, figure by figure (two rounds of the same workload).
        func fastest(with other: Figures) -> Figures {
            Figures(
                batched: min(batched, other.batched), fold: min(fold, other.fold), single: min(single, other.single),
                sqlBatched: min(sqlBatched, other.sqlBatched), sqlSingle: min(sqlSingle, other.sqlSingle),
                batchedCount: batchedCount)
        }
    }

    let batched: ArraySlice<Message>
    let singles: ArraySlice<Message>

    func run(oursPath: String, sqlPath: String) throws -> Figures {
        let database = try ConversationDatabase.open(at: oursPath, logger: .silent)
        var store = ConversationStore(selfUserID: BenchWorkload.selfUserID)
        try store.keepMessages(in: database, logger: .silent)
        let oursBatched = try Stopwatch.time {
            for chunk in stride(from: batched.startIndex, to: batched.endIndex, by: 1_000) {
                for message in batched[chunk..<min(chunk + 1_000, batched.endIndex)] { store.receive(message) }
                try IMClient.write(store.commitBatch(), to: database)
                store.noteWritten(batchLogFolded: database.isLogFolded)
            }
        }
        let fold = try Stopwatch.time { try database.foldLog() }
        let oursSingle = try Stopwatch.time {
            for message in singles {
                store.receive(message)
                try IMClient.write(store.commitBatch(), to: database)
                store.noteWritten(batchLogFolded: database.isLogFolded)
            }
            try database.foldLog()
        }
        let sql = try SQLBaseline(path: sqlPath)
        let sqlBatched = try Stopwatch.time {
            for chunk in stride(from: batched.startIndex, to: batched.endIndex, by: 1_000) {
                try sql.transaction { () throws(PersistenceError) in
                    for message in batched[chunk..<min(chunk + 1_000, batched.endIndex)] { try sql.receive(message) }
                }
            }
        }
        let sqlSingle = try Stopwatch.time { for message in singles { try sql.receive(message) } }
        let count = Double(batched.count), singleCount = Double(max(singles.count, 1))
        return Figures(
            batched: oursBatched / count, fold: fold, single: oursSingle / singleCount,
            sqlBatched: sqlBatched / count, sqlSingle: sqlSingle / singleCount, batchedCount: batched.count)
    }
}
