import IMSQLite
import IMCore
import XCTest

/// Keyset paging over the `sort_key` index: every conversation once, largest sort key first.
final class PersistencePagingTests: XCTestCase {
    private func database(with conversations: [Conversation]) throws -> ConversationDatabase {
        let database = try ConversationDatabase.open(at: nil, logger: .silent)
        try database.transaction { () throws(PersistenceError) in
            for conversation in conversations { try database.upsert(conversation) }
        }
        return database
    }

    /// Walks every page of `limit`, passing the last sort key of each page to the next call.
    private func walk(_ database: ConversationDatabase, limit: Int) throws -> [Conversation] {
        var result: [Conversation] = []
        var cursor: UInt64?
        while true {
            let page = try database.page(below: cursor, limit: limit)
            XCTAssertLessThanOrEqual(page.count, limit)
            result += page
            guard page.count == limit, let last = page.last else { return result }
            cursor = last.sortKey
        }
    }

    func test_pagingEverySize_returnsEachConversationOnceInDescendingSortKeyOrder() throws {
        for count in [0, 1, 2, 49, 50, 51, 1000] {
            var fixtures = PersistenceFixtures(seed: UInt64(count) + 1)
            let conversations = fixtures.distinctConversations(count)
            let database = try database(with: conversations)
            let expected = conversations.sorted { $0.sortKey > $1.sortKey }
            XCTAssertTrue(conversations.contains { $0.isPinned } || count < 10, "pinned keys (bit 63) are covered")

            for limit in [1, 7, 50] where count <= 51 || limit == 50 {
                let walked = try walk(database, limit: limit)
                XCTAssertEqual(walked.map(\.id), expected.map(\.id), "count \(count), limit \(limit)")
            }
            XCTAssertEqual(try database.allConversations(), expected, "count \(count)")
        }
    }

    func test_pinnedConversations_comeBeforeEveryUnpinnedOne() throws {
        var pinnedOld = Conversation(id: .c2c("pinned old"), orderKey: 8)
        pinnedOld.isPinned = true
        let unpinnedNew = Conversation(id: .c2c("unpinned new"), orderKey: OrderKey.pinnedBand - 8)
        let database = try database(with: [unpinnedNew, pinnedOld])

        XCTAssertEqual(try database.page(below: nil, limit: 10).map(\.id), [pinnedOld.id, unpinnedNew.id])
        XCTAssertEqual(try database.page(below: pinnedOld.sortKey, limit: 10).map(\.id), [unpinnedNew.id])
        XCTAssertEqual(try database.page(below: unpinnedNew.sortKey, limit: 10), [])
    }

    func test_pageBelowZeroOrWithLimitZero_isEmpty() throws {
        let database = try database(with: [Conversation(id: .c2c("a"), orderKey: 8)])
        XCTAssertEqual(try database.page(below: 0, limit: 10), [])
        XCTAssertEqual(try database.page(below: nil, limit: 0), [])
    }

    func test_pageQuery_searchesTheSortKeyIndex() throws {
        let database = try database(with: [])
        let plan = try database.connection.prepare(
            "EXPLAIN QUERY PLAN SELECT kind FROM conversations WHERE sort_key < ? ORDER BY sort_key DESC LIMIT ?"
        ).query { $0.string(at: 3) ?? "" }.joined(separator: "\n")
        XCTAssertTrue(plan.contains("conversations_by_sort_key"), plan)
        XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
    }
}
