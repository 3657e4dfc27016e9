import IMSQLite
import IMTransportKit

/// A store's `MessageArchive` in its database: the accepted messages its batches wrote.
///
/// A read that fails is logged (error), answers as if nothing were stored (the store then shows only
/// what it holds in memory for that read) and is kept for `takeFailure()`: the client then fails a
/// read for the app (`IMClient.readingStored(_:_:)`), or stops using the database after an
/// operation (`IMClient.takeFailedRead(_:)`).
/// - Thread safety: not thread-safe; used under the lock of the store's owner, like the database.
final class DatabaseMessageArchive: MessageArchive {
    private let database: ConversationDatabase
    private let logger: IMLogger
    private var failure: PersistenceError?

    init(_ database: ConversationDatabase, logger: IMLogger) {
        self.database = database
        self.logger = logger
    }

    private func reading<T>(_ what: String, _ fallback: T, _ body: () throws(PersistenceError) -> T) -> T {
        do throws(PersistenceError) {
            return try body()
        } catch {
            logger.log(.error, "cannot read \(what) from the local database: \(error)")
            failure = failure ?? error
            return fallback
        }
    }

    func takeFailure() -> (any Error)? {
        defer { failure = nil }
        return failure
    }

    func message(in id: ConversationID, seq: UInt64) -> HeldMessage? {
        reading("message \(seq) of \(id)", nil) { () throws(PersistenceError) in try database.message(in: id, seq: seq) }
    }

    func messages(in id: ConversationID, above floor: UInt64, below ceiling: UInt64?, limit: Int) -> [HeldMessage] {
        reading("messages of \(id)", []) { () throws(PersistenceError) in
            try database.messages(in: id, above: floor, below: ceiling, limit: limit)
        }
    }

    func messages(in id: ConversationID, above floor: UInt64, ascendingLimit limit: Int) -> [HeldMessage] {
        reading("messages of \(id)", []) { () throws(PersistenceError) in
            try database.messages(in: id, above: floor, ascendingLimit: limit)
        }
    }

    func unreadSequences(in id: ConversationID, above floor: UInt64) -> [UInt64] {
        reading("the unread messages of \(id)", []) { () throws(PersistenceError) in
            try database.unreadSequences(in: id, above: floor)
        }
    }

    func newestSequence(in id: ConversationID, above floor: UInt64, atOrBefore seconds: UInt64) -> UInt64? {
        reading("messages of \(id)", nil) { () throws(PersistenceError) in
            try database.newestSequence(in: id, above: floor, atOrBefore: seconds)
        }
    }

    func message(in id: ConversationID, messageID: String) -> HeldMessage? {
        reading("a message of \(id)", nil) { () throws(PersistenceError) in try database.message(in: id, messageID: messageID) }
    }

    func message(withID messageID: String) -> (id: ConversationID, held: HeldMessage)? {
        reading("a message", nil) { () throws(PersistenceError) in try database.message(withID: messageID) }
    }

    func messageIDsWithLocalFields(in id: ConversationID, upTo seq: UInt64) -> [String] {
        reading("messages of \(id)", []) { () throws(PersistenceError) in
            try database.messageIDsWithLocalFields(in: id, upTo: seq)
        }
    }
}

extension ConversationStore {
    /// Keeps this store's accepted messages in `database` (the one its batches are written to):
    /// memory holds those not written yet and at most `cacheLimit` written ones (see
    /// `ConversationStore+Archive.swift`). The owner calls `noteWritten(batchLogFolded:)` after each write.
    /// - Throws: the database's error when it cannot be read.
    package mutating func keepMessages(
        in database: ConversationDatabase, logger: IMLogger, cacheLimit: Int = ConversationStore.defaultMessageCacheLimit
    ) throws(PersistenceError) {
        attach(DatabaseMessageArchive(database, logger: logger), cacheLimit: cacheLimit, kept: try database.keptConversations())
    }
}
