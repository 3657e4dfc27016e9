import IMSQLite
import IMCore
import XCTest

/// The counters row and the recount computed by SQL from the conversation rows.
final class PersistenceCountersTests: XCTestCase {
    func test_freshDatabase_hasNoCounters() throws {
        let database = try ConversationDatabase.open(at: nil, logger: .silent)
        XCTAssertNil(try database.loadCounters())
        XCTAssertEqual(try database.recount(), UnreadCounters())
        XCTAssertEqual(try database.conversationCount(), 0)
    }

    func test_savedCounters_loadBackExactlyAndLastSaveWins() throws {
        let database = try ConversationDatabase.open(at: nil, logger: .silent)
        var counters = UnreadCounters()
        counters.totalUnread = 1
        counters.mutedUnread = 2
        counters.unreadConversations = 3
        counters.conversationsToScanForReads = 4
        counters.pinnedConversations = 5
        counters.conversations = 6
        try database.saveCounters(UnreadCounters(), orderCounter: 1)
        try database.saveCounters(counters, orderCounter: .max)

        let loaded = try XCTUnwrap(try database.loadCounters())
        XCTAssertEqual(loaded.counters, counters)
        XCTAssertEqual(loaded.orderCounter, .max)
        let rows = try database.connection.prepare("SELECT count(*) FROM counters").query { $0.int(at: 0) }
        XCTAssertEqual(rows, [1])
    }

    func test_recount_equalsTheSumOfEveryConversationsContribution() throws {
        for seed: UInt64 in [1, 2, 3] {
            var fixtures = PersistenceFixtures(seed: seed)
            let conversations = fixtures.distinctConversations(300)
            let database = try ConversationDatabase.open(at: nil, logger: .silent)
            try database.transaction { () throws(PersistenceError) in
                for conversation in conversations { try database.upsert(conversation) }
            }
            var expected = UnreadCounters()
            for conversation in conversations {
                let contribution = UnreadCounters(contributionOf: conversation)
                expected.totalUnread += contribution.totalUnread
                expected.mutedUnread += contribution.mutedUnread
                expected.unreadConversations += contribution.unreadConversations
                expected.conversationsToScanForReads += contribution.conversationsToScanForReads
                expected.pinnedConversations += contribution.pinnedConversations
                expected.conversations += contribution.conversations
            }
            XCTAssertGreaterThan(expected.mutedUnread, 0)
            XCTAssertGreaterThan(expected.conversationsToScanForReads, 0)
            XCTAssertEqual(try database.recount(), expected, "seed \(seed)")

            try database.deleteConversation(conversations[0].id)
            XCTAssertEqual(try database.recount().conversations, 299)
        }
    }
}
