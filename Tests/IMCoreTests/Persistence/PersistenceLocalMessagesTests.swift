import Foundation
import IMCore
import IMTransportKit
import IMTestSupport
import XCTest

/// Schema version 3 and what it keeps: the messages' local fields, imported messages, and removed
/// messages' tombstones, across a reopening; and the upgrade of a version 2 database.
final class PersistenceLocalMessagesTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let me = "me"
    private let alice = ConversationID.c2c("alice")

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "imcore-local-messages")
    }

    override func tearDown() {
        directory?.remove()
        super.tearDown()
    }

    private func fromAlice(_ seq: UInt64) -> Message {
        .accepted(seq: seq, from: "alice", to: .user(me), at: 1_000 + seq)
    }

    /// Applies `change` to a store restored from the database at `path`, writing its batch there,
    /// and returns the store as restored afterwards from a fresh connection.
    private func reopen(_ path: String, _ change: (inout ConversationStore) throws -> Void = { _ in }) throws -> ConversationStore {
        do {
            let database = try ConversationDatabase.open(at: path, logger: .silent)
            var store = try IMClient.loadStore(from: database, userID: me, logger: .silent)
            try change(&store)
            try IMClient.write(store.commitBatch(), to: database)
        }
        let database = try ConversationDatabase.open(at: path, logger: .silent)
        return try IMClient.loadStore(from: database, userID: me, logger: .silent)
    }

    func test_localFields_roundTripEveryValue_andNilDeletes() throws {
        let database = try ConversationDatabase.open(at: nil, logger: .silent)
        var expected: [String: MessageLocalFields] = [:]
        for (index, id) in (PersistenceFixtures.hostileStrings + ["server-1"]).enumerated() {
            let fields = MessageLocalFields(
                customInt: [Int32.min, -1, 0, 1, Int32.max][index % 5],
                customData: [nil, Data(), Data([0, 0xFF]), Data(repeating: 7, count: 1_000)][index % 4])
            try database.setLocalFields(fields, ofMessage: id)
            expected[id] = fields
        }
        XCTAssertEqual(try database.allLocalFields(), expected)
        try database.setLocalFields(nil, ofMessage: "server-1")
        expected["server-1"] = nil
        XCTAssertEqual(try database.allLocalFields(), expected)
    }

    func test_deletingAConversationsMessages_deletesTheirLocalFieldsOnly() throws {
        let database = try ConversationDatabase.open(at: nil, logger: .silent)
        let pending = Message.sending(id: "p", from: me, to: .user("alice"), at: 5)
        try database.upsert(fromAlice(1), in: alice, countsAsUnread: true)
        try database.upsert(pending, in: alice, countsAsUnread: false)
        try database.upsert(.accepted(seq: 1, from: "bob", to: .user(me)), in: .c2c("bob"), countsAsUnread: true)
        for id in [fromAlice(1).id, "p", Message.accepted(seq: 1, from: "bob", to: .user(me)).id, "elsewhere"] {
            try database.setLocalFields(MessageLocalFields(customInt: 1), ofMessage: id)
        }
        try database.deleteMessages(of: alice)
        XCTAssertEqual(Set(try database.allLocalFields().keys),
                       [Message.accepted(seq: 1, from: "bob", to: .user(me)).id, "elsewhere"])
    }

    func test_reopenedStore_keepsLocalFieldsImportsAndTombstones() throws {
        let path = directory.file("im.sqlite")
        let welcome = Message(id: "welcome", seq: 0, timestamp: 1_500, sender: "alice", receiver: .user(me),
                              content: .text("welcome"), status: .sent)
        let fields = MessageLocalFields(customInt: 3, customData: Data("played".utf8))
        _ = try reopen(path) { store in
            for seq: UInt64 in 1...3 { store.receive(self.fromAlice(seq)) }
            store.importMessages([welcome], into: self.alice)
            store.setLocalFields(fields, ofMessage: self.fromAlice(1).id)
            try store.removeMessage(self.fromAlice(2), in: self.alice)
        }
        var restored = try reopen(path)
        XCTAssertEqual(restored.localFields(ofMessage: fromAlice(1).id), fields)
        XCTAssertEqual(restored.messages(of: alice, before: nil, count: .max).map(\.id),
                       ["welcome", fromAlice(3).id, fromAlice(1).id])
        XCTAssertEqual(restored.conversation(alice)?.lastMessage, welcome)
        XCTAssertEqual(restored.conversation(alice)?.unreadCount, 2)
        restored._checkInvariants()

        _ = restored.commitBatch()
        restored.receive(fromAlice(2))
        XCTAssertTrue(restored.commitBatch().isEmpty, "the tombstone survived: a re-delivery is a duplicate")
    }

    func test_aVersion2Database_upgradesKeepingItsData() throws {
        let path = directory.file("v2.sqlite")
        do {
            let database = try ConversationDatabase.open(at: path, logger: .silent)
            try database.upsert(Conversation(id: alice, orderKey: 64))
            try database.upsert(fromAlice(1), in: alice, countsAsUnread: true)
            try database.saveCounters(UnreadCounters(), orderCounter: 9, syncVersion: 4)
            // What version 2 had: no local-fields table, no server epoch, no conversation groups,
            // no peer read point, no index of messages by ID.
            try database.connection.execute("DROP INDEX messages_by_id")
            try database.connection.execute("DROP TABLE kept_conversations")
            try database.connection.execute("DROP TABLE batch_log")
            try database.connection.execute("DROP TABLE heard_messages")
            try database.connection.execute("DROP TABLE message_local_fields")
            try database.connection.execute("ALTER TABLE counters DROP COLUMN server_epoch")
            try database.connection.execute("ALTER TABLE conversations DROP COLUMN peer_read_seq")
            try database.connection.execute("ALTER TABLE conversations DROP COLUMN peer_read_timestamp")
            try database.connection.execute("DROP TABLE conversation_groups")
            try database.connection.execute("ALTER TABLE conversations DROP COLUMN conversation_groups")
            try database.revertMigrationsAfterVersion10()
            try database.connection.execute("PRAGMA user_version = 2")
        }
        let database = try ConversationDatabase.open(at: path, logger: .silent)
        XCTAssertEqual(try Schema.version(of: database.connection), Schema.currentVersion)
        XCTAssertEqual(try database.messages(of: alice).map(\.message), [fromAlice(1)])
        XCTAssertEqual(try database.loadCounters()?.syncVersion, 4)
        XCTAssertNil(try database.loadCounters()?.serverEpoch, "no epoch known: the next login rebuilds from the server")
        XCTAssertEqual(try database.allLocalFields(), [:])
        try database.setLocalFields(MessageLocalFields(customInt: 1), ofMessage: "m")
        XCTAssertEqual(try database.allLocalFields(), ["m": MessageLocalFields(customInt: 1)])
    }
}
