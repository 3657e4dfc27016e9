import IMSQLite
import Foundation
import IMCore
import IMTransportKit
import IMTestSupport
import XCTest

/// Every field of `Conversation` and `Message` comes back exactly as written.
final class PersistenceRoundTripTests: XCTestCase {
    private static let seeds: [UInt64] = [1, 2, 0x5EED, 0xC0FF_EE15]

    private func memoryDatabase() throws -> ConversationDatabase {
        try ConversationDatabase.open(at: nil, logger: .silent)
    }

    func test_randomConversations_roundTripEveryField() throws {
        for seed in Self.seeds {
            var fixtures = PersistenceFixtures(seed: seed)
            let database = try memoryDatabase()
            // Keyed by bytes, as the database keys them ("é" and "e\u{301}" are two rows).
            var written: [[UInt8]: Conversation] = [:]
            try database.transaction { () throws(PersistenceError) in
                for _ in 0..<300 {
                    let conversation = fixtures.conversation()
                    try database.upsert(conversation)
                    written[[conversation.id.kind.rawValue] + Array(conversation.id.target.utf8)] = conversation
                }
            }
            for conversation in written.values {
                XCTAssertEqual(try database.conversation(conversation.id), conversation, "seed \(seed)")
            }
            XCTAssertEqual(try database.conversationCount(), written.count)
            XCTAssertEqual(Set(try database.allConversations()), Set(written.values), "seed \(seed)")
        }
    }

    func test_randomMessages_roundTripEveryFieldInAscendingUnsignedSeqOrder() throws {
        for seed in Self.seeds {
            var fixtures = PersistenceFixtures(seed: seed)
            let database = try memoryDatabase()
            let id = fixtures.conversationID()
            var accepted: [UInt64: (Message, Bool)] = [:]
            var pending: [Message] = []
            try database.transaction { () throws(PersistenceError) in
                for index in 0..<200 {
                    if index.isMultiple(of: 4) {
                        var message = fixtures.message(seq: 0)
                        message.id = "pending \(index) \(message.id)"
                        pending.append(message)
                        try database.upsert(message, in: id, countsAsUnread: false)
                    } else {
                        let message = fixtures.message(seq: max(1, fixtures.uint64()))
                        let counts = fixtures.random.chance(50)
                        accepted[message.seq] = (message, counts)
                        try database.upsert(message, in: id, countsAsUnread: counts)
                    }
                }
            }
            let expected = accepted.keys.sorted().map { accepted[$0]! }
            let stored = try database.messages(of: id)
            XCTAssertEqual(stored.map(\.message), expected.map(\.0), "seed \(seed)")
            XCTAssertEqual(stored.map(\.countsAsUnread), expected.map(\.1), "seed \(seed)")
            XCTAssertEqual(try database.pendingMessages(of: id), pending, "seed \(seed)")
        }
    }

    func test_hostileIDs_roundTripAndStayApart() throws {
        let database = try memoryDatabase()
        var fixtures = PersistenceFixtures(seed: 7)
        let ids = PersistenceFixtures.hostileStrings.flatMap { [ConversationID.c2c($0), .group($0)] } + [.system]
        for (index, id) in ids.enumerated() {
            var conversation = fixtures.conversation(id: id, orderKey: UInt64(index))
            conversation.profile.name = id.target
            try database.upsert(conversation)
            try database.upsert(.accepted(seq: 1, from: id.target, to: .user(id.target)), in: id, countsAsUnread: true)
        }
        XCTAssertEqual(try database.conversationCount(), ids.count)
        for id in ids {
            XCTAssertEqual(try database.conversation(id)?.profile.name, id.target)
            XCTAssertEqual(try database.messages(of: id).map(\.message.sender), [id.target])
        }
        let tables = try database.connection.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'")
            .query { $0.int(at: 0) }
        XCTAssertEqual(tables, [9], "no SQL fragment in an ID ran")
    }

    /// What a session that left its file behind heard: saved per conversation (the larger
    /// sequence wins), read back once, then forgotten.
    func test_heardSequences_roundTrip_keepTheLargest_andAreTakenOnce() throws {
        let database = try memoryDatabase()
        XCTAssertEqual(try database.takeHeard(logger: .silent), [:])
        let odd = ConversationID.group("g'; DROP TABLE messages; --")
        try database.saveHeard([.c2c("a"): 5, odd: 9, .c2c("none"): 0])
        try database.saveHeard([.c2c("a"): 3, .c2c("b"): UInt64.max])
        XCTAssertEqual(try database.takeHeard(logger: .silent), [.c2c("a"): 5, odd: 9, .c2c("b"): .max],
                       "the larger of each, nothing for 0")
        XCTAssertEqual(try database.takeHeard(logger: .silent), [:], "taken once")
    }

    func test_canonicallyEquivalentTargets_areDistinctRowsKeyedByTheirBytes() throws {
        // Servers compare IDs as bytes; Swift's `==` would call these two equal.
        let database = try memoryDatabase()
        let composed = ConversationID.c2c("caf\u{E9}"), decomposed = ConversationID.c2c("cafe\u{301}")
        try database.upsert(Conversation(id: composed, orderKey: 8))
        try database.upsert(Conversation(id: decomposed, orderKey: 16))
        XCTAssertEqual(try database.conversationCount(), 2)
        XCTAssertEqual(try database.conversation(composed)?.orderKey, 8)
        XCTAssertEqual(try database.conversation(decomposed)?.orderKey, 16)
        XCTAssertEqual(try database.conversation(decomposed).map { Array($0.id.target.utf8) }, Array(decomposed.target.utf8))
    }

    func test_nilAndEmptyValues_stayDistinct() throws {
        let database = try memoryDatabase()
        var empty = Conversation(id: .c2c(""), profile: ConversationProfile(name: "", remark: "", faceURL: "", groupType: ""))
        empty.customData = Data()
        empty.draft = Draft(text: "", timestamp: 0)
        empty.lastMessage = Message(id: "", seq: 0, timestamp: 0, sender: "", receiver: .user(""), content: .custom(Data()))
        let none = Conversation(id: .group(""))
        try database.upsert(empty)
        try database.upsert(none)

        XCTAssertEqual(try database.conversation(empty.id), empty)
        XCTAssertEqual(try database.conversation(none.id), none)
        XCTAssertNil(try database.conversation(.c2c("absent")))
    }

    func test_upsertOfAnExistingConversation_replacesItsRow() throws {
        let database = try memoryDatabase()
        var conversation = Conversation(id: .c2c("alice"), orderKey: 8)
        try database.upsert(conversation)
        conversation.isPinned = true
        conversation.unreadCount = 3
        conversation.lastMessage = .accepted(seq: 3, from: "alice", to: .user("me"))
        try database.upsert(conversation)

        XCTAssertEqual(try database.conversationCount(), 1)
        XCTAssertEqual(try database.conversation(conversation.id), conversation)
    }

    func test_updatedPendingMessage_keepsItsPlaceAmongPending() throws {
        let database = try memoryDatabase()
        let alice = ConversationID.c2c("alice")
        let messages = (1...3).map { Message.sending(id: "m\($0)", from: "me", to: .user("alice"), at: UInt64($0)) }
        for message in messages { try database.upsert(message, in: alice, countsAsUnread: false) }
        var failed = messages[0]
        failed.status = .failed
        try database.upsert(failed, in: alice, countsAsUnread: false)

        XCTAssertEqual(try database.pendingMessages(of: alice), [failed, messages[1], messages[2]])
        try database.deletePendingMessage(id: "m2")
        XCTAssertEqual(try database.pendingMessages(of: alice), [failed, messages[2]])
    }

    func test_acceptedPendingMessage_movesFromPendingToMessages() throws {
        let database = try memoryDatabase()
        let alice = ConversationID.c2c("alice")
        let sending = Message.sending(id: "m1", from: "me", to: .user("alice"), at: 5)
        try database.upsert(sending, in: alice, countsAsUnread: false)
        try database.transaction { () throws(PersistenceError) in
            try database.deletePendingMessage(id: "m1")
            try database.upsert(sending.acknowledged(seq: 9, at: 6), in: alice, countsAsUnread: false)
        }
        XCTAssertEqual(try database.pendingMessages(of: alice), [])
        XCTAssertEqual(try database.messages(of: alice).map(\.message), [sending.acknowledged(seq: 9, at: 6)])
    }

    func test_duplicateAcceptedMessage_isStoredOnce() throws {
        let database = try memoryDatabase()
        let alice = ConversationID.c2c("alice")
        let message = Message.accepted(seq: 4, from: "alice", to: .user("me"))
        try database.upsert(message, in: alice, countsAsUnread: true)
        try database.upsert(message, in: alice, countsAsUnread: true)
        XCTAssertEqual(try database.messages(of: alice).count, 1)
    }

    func test_deletedConversationWithKeptMessages_listsThemAsKept() throws {
        let database = try memoryDatabase()
        let alice = ConversationID.c2c("alice"), bob = ConversationID.c2c("bob")
        for id in [alice, bob] {
            try database.upsert(Conversation(id: id))
            try database.upsert(.accepted(seq: 1, from: id.target, to: .user("me")), in: id, countsAsUnread: true)
        }
        try database.upsert(.sending(id: "p", from: "me", to: .user("bob"), at: 1), in: bob, countsAsUnread: false)

        try database.deleteConversation(alice)
        try database.deleteConversation(bob)
        try database.deleteMessages(of: bob)

        XCTAssertNil(try database.conversation(alice))
        XCTAssertEqual(try database.keptConversationIDs(), [alice])
        XCTAssertEqual(try database.messages(of: alice).count, 1)
        XCTAssertEqual(try database.messages(of: bob).count, 0)
        XCTAssertEqual(try database.pendingMessages(of: bob), [])
    }

    func test_transactionThatThrows_leavesNoConversationMessageOrCounters() throws {
        let database = try memoryDatabase()
        let alice = ConversationID.c2c("alice")
        XCTAssertThrowsError(try database.transaction { () throws(PersistenceError) in
            try database.upsert(Conversation(id: alice))
            try database.upsert(.accepted(seq: 1, from: "alice", to: .user("me")), in: alice, countsAsUnread: true)
            try database.upsert(.sending(id: "p", from: "me", to: .user("alice"), at: 1), in: alice, countsAsUnread: false)
            try database.saveCounters(UnreadCounters(), orderCounter: 1)
            throw PersistenceError.io("abort")
        })
        XCTAssertEqual(try database.conversationCount(), 0)
        XCTAssertEqual(try database.messages(of: alice).count, 0)
        XCTAssertEqual(try database.pendingMessages(of: alice), [])
        XCTAssertNil(try database.loadCounters())
    }

    func test_rowWithUnknownEnumCode_throwsCorruptInsteadOfCrashing() throws {
        let database = try memoryDatabase()
        try database.upsert(Conversation(id: .c2c("alice")))
        try database.connection.prepare("UPDATE conversations SET receive_option = ?").execute([99])
        XCTAssertThrowsError(try database.conversation(.c2c("alice"))) { error in
            guard case .corrupt = error as? PersistenceError else { return XCTFail("\(error)") }
        }
    }
}
