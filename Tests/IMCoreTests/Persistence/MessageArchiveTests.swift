import Foundation
import IMCore
import IMSQLite
import IMTransportKit
import IMTestSupport
import XCTest

/// A store whose messages stay in its database: memory holds at most the cache's limit once
/// written, and everything that reads or changes messages finds the others there (the public APIs
/// over it: `MessageStorageTests`).
final class MessageArchiveTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let me = "me"

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "imcore-message-archive")
    }

    override func tearDown() {
        directory?.remove()
        super.tearDown()
    }

    private func peer(_ index: Int) -> String { "peer\(index)" }

    private func message(_ seq: UInt64, from peer: String) -> Message {
        .accepted(seq: seq, from: peer, to: .user(me), at: 1_000 + seq)
    }

    /// A store keeping its messages in a database at a path of this test, at most `limit` in memory
    /// (the database folds its batch log with every batch, so the cache forgets at once: see
    /// `test_messagesOfTheBatchLog_stayInMemoryUntilItIsFolded`).
    private func store(limit: Int, name: String = "store.sqlite") throws -> (ConversationStore, ConversationDatabase) {
        let database = try ConversationDatabase.open(at: directory.file(name), logger: .silent)
        database.logFoldThreshold = 0
        var store = ConversationStore(selfUserID: me)
        try store.keepMessages(in: database, logger: .silent, cacheLimit: limit)
        return (store, database)
    }

    /// Commits the open batch, writes it and tells the store, as a client does after each change.
    private func write(_ store: inout ConversationStore, _ database: ConversationDatabase) throws {
        try IMClient.write(store.commitBatch(), to: database)
        store.noteWritten(batchLogFolded: database.isLogFolded)
        store._checkInvariants()
        store._checkMessageCache(batchLogFolded: database.isLogFolded)
    }

    func test_memoryHoldsAtMostTheLimit_whileTenTimesAsManyArrive_andEveryReadFindsTheRest() throws {
        for limit in [0, 1, 10] {
            var (store, database) = try self.store(limit: limit, name: "limit-\(limit).sqlite")
            var sent: [String: [Message]] = [:]
            var seqs: [String: UInt64] = [:]
            for index in 0..<max(10 * limit, 30) {
                let from = peer(index % 7)
                seqs[from, default: 0] += 1
                let arrived = message(seqs[from]!, from: from)
                sent[from, default: []].append(arrived)
                store.receive(arrived)
                try write(&store, database)
                XCTAssertLessThanOrEqual(store.cachedMessageCount, limit, "limit \(limit), message \(index)")
                XCTAssertLessThanOrEqual(store.acceptedMessagesInMemory, limit, "limit \(limit), message \(index)")
            }
            for (from, messages) in sent {
                let id = ConversationID.c2c(from)
                XCTAssertEqual(store.messages(of: id, before: nil, count: .max), messages.reversed(), "limit \(limit)")
                XCTAssertEqual(store.conversation(id)?.unreadCount, messages.count)
                XCTAssertEqual(store.conversation(id)?.lastMessage, messages.last)
                // Paged by 2, from each page's last message.
                var paged: [Message] = []
                while true {
                    let page = store.messages(of: id, before: paged.last, count: 2)
                    if page.isEmpty { break }
                    paged += page
                }
                XCTAssertEqual(paged, messages.reversed(), "limit \(limit), paged")
                for message in messages {
                    XCTAssertEqual(store.message(in: id, seq: message.seq, random: nil, messageID: nil), message)
                    XCTAssertEqual(store.message(in: id, seq: 0, random: nil, messageID: message.id), message)
                    XCTAssertEqual(store.message(withID: message.id)?.message, message)
                }
            }
            // A duplicate delivery of an evicted message is recognised in the database.
            let again = sent[peer(0)]![0]
            store.receive(again)
            XCTAssertTrue(store.commitBatch().isEmpty, "a duplicate changes nothing")
        }
    }

    /// The batch log's messages stay in memory until it is folded, so the store reads the tables
    /// without folding it: exactly, also on a full disk that refuses the fold.
    func test_messagesOfTheBatchLog_stayInMemoryUntilItIsFolded_soReadsNeedNoFold() throws {
        var (store, database) = try self.store(limit: 0)
        database.logFoldThreshold = ConversationDatabase.defaultLogFoldThreshold
        let a = ConversationID.c2c("a")
        // Larger than a page each, so that folding them needs new pages, which a full disk refuses.
        let messages = (1...6).map { (seq: UInt64) -> Message in
            var message = self.message(seq, from: "a")
            message.content = .text(String(repeating: "\(seq)", count: 9_000))
            return message
        }
        for message in messages.prefix(3) {
            store.receive(message)
            try write(&store, database)
        }
        XCTAssertGreaterThan(try database.loggedCounts().batches, 0, "single messages went to the log")
        XCTAssertEqual(store.acceptedMessagesInMemory, 3, "kept until the log is folded")
        try database.foldLog()
        store.noteWritten(batchLogFolded: database.isLogFolded)
        XCTAssertEqual(store.acceptedMessagesInMemory, 0, "folded: the cache forgets")
        for message in messages.suffix(3) {
            store.receive(message)
            try write(&store, database)
        }
        XCTAssertEqual(store.acceptedMessagesInMemory, 3)

        // A full disk refuses the fold: the reads need none.
        try database.inject(.diskFull)
        XCTAssertThrowsError(try database.foldLog())
        XCTAssertEqual(store.messages(of: a, before: nil, count: .max), messages.reversed())
        XCTAssertEqual(store.message(withID: messages[1].id)?.message, messages[1])
        store.receive(messages[0])
        XCTAssertTrue(store.commitBatch().isEmpty, "a message held only in the tables arrives again: a duplicate")
        var revoked = messages[1]
        revoked.status = .revoked
        store.applyRevoke(revoked, announcing: true)
        _ = store.commitBatch()
        XCTAssertEqual(store.conversation(a)?.unreadCount, 5, "the revoke of a message held only in the tables counts")
        store.markRead(a, upTo: 3)
        _ = store.commitBatch()
        XCTAssertEqual(store.conversation(a)?.unreadCount, 3, "4 to 6, recounted over the tables")
        store._checkInvariants()
    }

    func test_evictedMessages_areRevokedRemovedAndReadPartially_asIfHeld() throws {
        var (store, database) = try self.store(limit: 0)
        let a = ConversationID.c2c("a")
        let messages = (1...6).map { message($0, from: "a") }
        for message in messages {
            store.receive(message)
            try write(&store, database)
        }
        XCTAssertEqual(store.acceptedMessagesInMemory, 0)
        var revoked = messages[1]
        revoked.status = .revoked
        store.applyRevoke(revoked, announcing: true)
        let batch = store.commitBatch()
        XCTAssertEqual(batch.messageEvents.revoked, [revoked])
        try IMClient.write(batch, to: database)
        store.noteWritten(batchLogFolded: database.isLogFolded)
        XCTAssertEqual(store.conversation(a)?.unreadCount, 5, "the revoked message no longer counts")
        try store.removeMessage(messages[2], in: a)
        try write(&store, database)
        XCTAssertEqual(store.conversation(a)?.unreadCount, 4)
        store.markRead(a, upTo: 4)
        try write(&store, database)
        XCTAssertEqual(store.conversation(a)?.unreadCount, 2, "5 and 6, recounted from the database")
        XCTAssertEqual(store.conversation(a)?.readTimestamp, messages[3].timestamp)
        XCTAssertEqual(store.messages(of: a, before: nil, count: 10).map(\.seq), [6, 5, 4, 2, 1])
        XCTAssertEqual(store.messages(of: a, before: nil, count: 10).first { $0.seq == 2 }?.status, .revoked)
        XCTAssertTrue(store.isRemoved(seq: 3, in: a))
        store.receive(messages[2])
        XCTAssertTrue(store.commitBatch().isEmpty, "a removed message delivered again stays removed")

        // Reopened: the same state, read from the database alone.
        let reopened = try IMClient.loadStore(
            from: ConversationDatabase.open(at: directory.file("store.sqlite"), logger: .silent), userID: me, logger: .silent,
            cacheLimit: 0)
        XCTAssertEqual(reopened.conversation(a)?.unreadCount, 2)
        XCTAssertEqual(reopened.messages(of: a, before: nil, count: 10).map(\.seq), [6, 5, 4, 2, 1])
    }

    /// A read of the archive that fails (here every query is denied) answers as if nothing were
    /// stored, and the store keeps the failure for its owner, once: the revoke went on without the
    /// message it could not find, so what the store holds must not be written over the file.
    func test_aFailedReadOfTheArchive_isKeptForTheOwner_once() throws {
        var (store, database) = try self.store(limit: 0)
        let messages = (1...3).map { message($0, from: "a") }
        for message in messages {
            store.receive(message)
            try write(&store, database)
        }
        XCTAssertEqual(store.acceptedMessagesInMemory, 0)
        _ = store.messages(of: .c2c("a"), before: nil, count: 10)
        XCTAssertNil(store.takeFailedRead(), "reads that work keep nothing")

        try database.inject(.unreadable)
        var revoked = messages[1]
        revoked.status = .revoked
        store.applyRevoke(revoked, announcing: true)
        _ = store.commitBatch()
        XCTAssertNotNil(store.takeFailedRead() as? PersistenceError)
        XCTAssertNil(store.takeFailedRead(), "taken once")
        try database.inject(nil)
    }

    func test_aClearedHistoryOrADeletion_notWrittenYet_hidesTheStoredMessages() throws {
        var (store, database) = try self.store(limit: 0)
        let a = ConversationID.c2c("a"), b = ConversationID.c2c("b")
        for seq: UInt64 in 1...4 {
            store.receive(message(seq, from: "a"))
            store.receive(message(seq, from: "b"))
        }
        try write(&store, database)
        // Neither change is written: the database still holds the messages.
        store.clearHistory(a, upTo: 3, includingLocal: false)
        store.delete(b, keepingMessages: false)
        _ = store.commitBatch()
        XCTAssertEqual(store.messages(of: a, before: nil, count: 10).map(\.seq), [4])
        XCTAssertEqual(store.conversation(a)?.unreadCount, 1)
        store.receive(message(5, from: "b"))
        XCTAssertEqual(store.conversation(b)?.lastSeq, 5, "no kept message comes back")
        XCTAssertEqual(store.messages(of: b, before: nil, count: 10).map(\.seq), [5])
        XCTAssertEqual(store.conversation(b)?.unreadCount, 1)
        store._checkInvariants()
    }

    func test_aConversationDeletedKeepingItsMessages_getsThemBackRead_afterARestartToo() throws {
        var (store, database) = try self.store(limit: 0)
        let a = ConversationID.c2c("a")
        for seq: UInt64 in 1...3 { store.receive(message(seq, from: "a")) }
        try write(&store, database)
        store.delete(a, keepingMessages: true)
        try write(&store, database)
        XCTAssertEqual(try database.keptConversations(), [a])

        var reopened = try IMClient.loadStore(
            from: ConversationDatabase.open(at: directory.file("store.sqlite"), logger: .silent), userID: me, logger: .silent,
            cacheLimit: 0)
        reopened.receive(message(4, from: "a"))
        XCTAssertEqual(reopened.conversation(a)?.readSeq, 3, "the kept messages come back read")
        XCTAssertEqual(reopened.conversation(a)?.unreadCount, 1)
        XCTAssertEqual(reopened.messages(of: a, before: nil, count: 10).map(\.seq), [4, 3, 2, 1])
        try IMClient.write(reopened.commitBatch(), to: database)
        XCTAssertEqual(try database.keptConversations(), [], "revived")
    }

    func test_aVersion6Database_migrates_indexingMessagesByID_andFindingItsKeptConversations() throws {
        let path = directory.file("v6.sqlite")
        let a = ConversationID.c2c("a"), kept = ConversationID.c2c("kept")
        do {
            let database = try ConversationDatabase.open(at: path, logger: .silent)
            var conversation = Conversation(id: a, orderKey: 64)
            conversation.lastSeq = 2
            conversation.unreadCount = 2
            try database.upsert(conversation)
            for seq in 1...2 {
                try database.upsert(message(UInt64(seq), from: "a"), in: a, countsAsUnread: true)
                try database.upsert(message(UInt64(seq), from: "kept"), in: kept, countsAsUnread: false)
            }
            try database.saveCounters(UnreadCounters(), orderCounter: 9, syncVersion: 4, serverEpoch: "e")
            // What version 6 had: neither the index nor the table of kept conversations.
            try database.connection.execute("DROP INDEX messages_by_id")
            try database.connection.execute("DROP TABLE kept_conversations")
            try database.connection.execute("DROP TABLE batch_log")
            try database.connection.execute("DROP TABLE heard_messages")
            try database.revertMigrationsAfterVersion10()
            try database.connection.execute("PRAGMA user_version = 6")
        }
        let database = try ConversationDatabase.open(at: path, logger: .silent)
        XCTAssertEqual(try Schema.version(of: database.connection), Schema.currentVersion)
        XCTAssertEqual(try database.keptConversations(), [kept], "filled from the messages without a conversation row")
        let indexes = try database.connection.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages'")
            .query { $0.string(at: 0) ?? "" }
        XCTAssertTrue(indexes.contains("messages_by_id"), "\(indexes)")
        var store = try IMClient.loadStore(from: database, userID: me, logger: .silent, cacheLimit: 0)
        XCTAssertEqual(store.message(withID: message(2, from: "a").id)?.message, message(2, from: "a"))
        XCTAssertEqual(store.messages(of: a, before: nil, count: 5).map(\.seq), [2, 1])
        store.receive(message(3, from: "kept"))
        XCTAssertEqual(store.conversation(kept)?.readSeq, 2, "its kept messages come back, read")
        XCTAssertEqual(store.messages(of: kept, before: nil, count: 5).map(\.seq), [3, 2, 1])
    }

    /// Makes a version 10 database at `name`: in C2C `a`, the peer's unread message 2 removed;
    /// in C2C `b`, only my own message 2 removed above the cursor; in group `g`, message 2 removed
    /// above the cursor; in C2C `c`, the removed message 1 is read. With `loggedBatch`, its batch
    /// log holds a batch still.
    private func makeVersion10Database(_ name: String, loggedBatch: Bool) throws -> String {
        let path = directory.file(name)
        let database = try ConversationDatabase.open(at: path, logger: .silent)
        let (a, b, c, g) = (ConversationID.c2c("a"), ConversationID.c2c("b"), ConversationID.c2c("c"), ConversationID.group("g"))
        for (index, id) in [a, b, c, g].enumerated() {
            var conversation = Conversation(id: id, orderKey: UInt64(64 * (index + 1)))
            conversation.lastSeq = 2
            conversation.readSeq = id == c ? 1 : 0
            try database.upsert(conversation)
        }
        try database.upsert(message(2, from: "a").removed, in: a, countsAsUnread: false)
        try database.upsert(message(2, from: me).removed, in: b, countsAsUnread: false)
        try database.upsert(message(1, from: "c").removed, in: c, countsAsUnread: false)
        try database.upsert(Message.accepted(seq: 2, from: "x", to: .group("g"), at: 9).removed, in: g, countsAsUnread: false)
        try database.saveCounters(try database.recount(), orderCounter: 9, syncVersion: 4, serverEpoch: "e")
        if loggedBatch { try database.connection.execute("INSERT INTO batch_log (body) VALUES (x'')") }
        try database.revertMigrationsAfterVersion10()
        try database.connection.execute("PRAGMA user_version = 10")
        return path
    }

    func test_aVersion10Database_migrates_rememberingTheUnreadMessagesItsRemovalsHid() throws {
        let path = try makeVersion10Database("v10.sqlite", loggedBatch: false)
        let database = try ConversationDatabase.open(at: path, logger: .silent)
        XCTAssertEqual(try Schema.version(of: database.connection), Schema.currentVersion)
        let hiding = try ["a", "b", "c"].map { try database.conversation(.c2c($0))?.hidesUnread }
            + [try database.conversation(.group("g"))?.hidesUnread]
        XCTAssertEqual(hiding, [true, false, false, true], "a, and g (whose file does not say who sent it)")
        let counters = try XCTUnwrap(try database.loadCounters()).counters
        XCTAssertEqual(counters.conversationsToScanForReads, 2)
        XCTAssertEqual(try database.recount(), counters)
        let store = try IMClient.loadStore(from: database, userID: me, logger: .silent, cacheLimit: 0)
        XCTAssertEqual(store.conversationsToMarkRead(kind: nil), [.c2c("a"), .group("g")])
        XCTAssertEqual(store.conversationsToMarkRead(kind: .group), [.group("g")])
    }

    /// A batch logged before the migration writes its rows (without the flag) when folded: the
    /// migration then sets no flag and no count, so rows and counters agree.
    func test_aVersion10Database_withALoggedBatch_migrates_knowingNoHiddenUnread_consistently() throws {
        let path = try makeVersion10Database("v10-logged.sqlite", loggedBatch: true)
        let database = try ConversationDatabase.open(at: path, logger: .silent)
        XCTAssertEqual(try database.conversation(.c2c("a"))?.hidesUnread, false)
        let counters = try XCTUnwrap(try database.loadCounters()).counters
        XCTAssertEqual(counters.conversationsToScanForReads, 0)
        XCTAssertEqual(try database.recount(), counters)
    }

    /// A catch-up page carries every unread message of a conversation again; the store skips those
    /// it holds (in memory or stored) and takes the others: the one it never got, and the new one.
    func test_serverState_withUnreadMessagesHeldStoredAndMissing_takesOnlyTheMissing_onceEach() throws {
        var (store, database) = try self.store(limit: 2)
        let id = ConversationID.c2c(peer(1))
        let all = (1...8).map { message(UInt64($0), from: peer(1)) }
        for arrived in all[0..<7] where arrived.seq != 3 {
            store.receive(arrived)
            try write(&store, database)
        }
        XCTAssertEqual(store.conversation(id)?.unreadCount, 6)
        XCTAssertLessThanOrEqual(store.acceptedMessagesInMemory, 2, "most of them are stored only")
        store.applyServerState(ServerConversation(
            id: id, profile: ConversationProfile(), lastMessage: all[7], lastSeq: 8, readSeq: 0,
            unreadMessages: all, isPinned: false, receiveOption: .receive))
        let batch = store.commitBatch()
        try IMClient.write(batch, to: database)
        store.noteWritten(batchLogFolded: database.isLogFolded)
        store._checkInvariants()
        XCTAssertEqual(store.conversation(id)?.unreadCount, 8)
        XCTAssertEqual(store.messages(of: id, before: nil, count: .max), all.reversed())
        XCTAssertEqual(batch.newMessages, [], "a sync's messages are not new")
        // Applied again, it changes nothing.
        store.applyServerState(ServerConversation(
            id: id, profile: ConversationProfile(), lastMessage: all[7], lastSeq: 8, readSeq: 0,
            unreadMessages: all.reversed(), isPinned: false, receiveOption: .receive))
        try write(&store, database)
        XCTAssertEqual(store.conversation(id)?.unreadCount, 8)
        XCTAssertEqual(store.messages(of: id, before: nil, count: .max), all.reversed())
    }
}
