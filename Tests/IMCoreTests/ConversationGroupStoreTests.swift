import Foundation
import IMCore
import IMTestSupport
import IMTransportKit
import XCTest

/// The store's copy of the user's conversation groups: the table and its index, each
/// conversation's `conversationGroups`, the group events of a batch, persistence (schema 5).
final class ConversationGroupStoreTests: XCTestCase {
    private let a = ConversationID.c2c("a"), b = ConversationID.c2c("b"), g = ConversationID.group("g")
    private let ghost = ConversationID.c2c("ghost")

    /// A store with one message in each of `ids`, its batch still open.
    private func store(with ids: [ConversationID]) -> ConversationStore {
        var store = ConversationStore(selfUserID: "me")
        for id in ids {
            store.receive(.accepted(seq: 1, from: id.kind == .group ? "x" : id.target,
                                    to: id.kind == .group ? .group(id.target) : .user("me")))
        }
        return store
    }

    private func lines(_ events: [ConversationGroupEvent]) -> [String] {
        events.map { event in
            switch event {
            case .created(let name, let list): "created \(name) \(list.map(\.id))"
            case .deleted(let name): "deleted \(name)"
            case .renamed(let old, let new): "renamed \(old) \(new)"
            case .added(let name, let list): "added \(name) \(list.map(\.id))"
            case .removed(let name, let list): "removed \(name) \(list.map(\.id))"
            }
        }
    }

    // MARK: - The table

    func test_table_listsGroupsByID_answersMembership_andReportsWhoseGroupsChanged() {
        var table = ConversationGroupTable()
        XCTAssertEqual(table.replace(2, with: ConversationGroup(id: 2, name: "home", conversations: [a])), [a])
        XCTAssertEqual(table.replace(1, with: ConversationGroup(id: 1, name: "work", conversations: [b, a])), [a, b])
        XCTAssertEqual(table.groups.map(\.name), ["work", "home"], "by ID, whatever the order they came in")
        XCTAssertEqual(table.names(containing: a), ["work", "home"])
        XCTAssertTrue(table.contains(b, inGroupNamed: "work"))
        XCTAssertFalse(table.contains(b, inGroupNamed: "home"))
        XCTAssertFalse(table.contains(b, inGroupNamed: "Work"), "names are bytes")
        XCTAssertFalse(table.isGrouped(ghost))
        XCTAssertEqual(table.replace(1, with: ConversationGroup(id: 1, name: "work", conversations: [b, a])), [],
                       "the same group again: no change")
        XCTAssertEqual(table.replace(1, with: ConversationGroup(id: 1, name: "job", conversations: [b, a, g])), [a, b, g],
                       "a rename changes the names of every member")
        XCTAssertEqual(table.replace(1, with: ConversationGroup(id: 1, name: "job", conversations: [a])), [b, g])
        XCTAssertEqual(table.replace(2, with: nil), [a])
        XCTAssertEqual(table.replaceAll(with: [ConversationGroup(id: 1, name: "job", conversations: [a])]), [])
        XCTAssertEqual(table.replaceAll(with: []), [a])
        XCTAssertTrue(table.isEmpty)
    }

    // MARK: - The store

    func test_applyingGroups_updatesTheConversations_andTheBatchTellsEachChangeOnce() {
        var store = store(with: [a, b, g])
        _ = store.commitBatch()
        store.applyConversationGroup(1, ConversationGroup(id: 1, name: "work", conversations: [b, a, ghost]))
        var batch = store.commitBatch()
        XCTAssertEqual(batch.changed.map(\.id), [a, b], "the members the store has, sorted")
        XCTAssertEqual(store.conversation(a)?.conversationGroups, ["work"])
        XCTAssertEqual(lines(batch.conversationGroupEvents), ["created work [c2c:b, c2c:a]"], "members the store lacks left out")
        guard case .conversationGroups(let stored)? = batch.storage.operations.last else { return XCTFail("no storage") }
        XCTAssertEqual(stored.map(\.name), ["work"])

        // Several changes in one batch: one event per group, from where the batch started.
        store.applyConversationGroup(1, ConversationGroup(id: 1, name: "job", conversations: [b, a, ghost]))
        store.applyConversationGroup(1, ConversationGroup(id: 1, name: "job", conversations: [a, g]))
        store.applyConversationGroup(2, ConversationGroup(id: 2, name: "home", conversations: []))
        store.applyConversationGroup(3, ConversationGroup(id: 3, name: "gone", conversations: [a]))
        store.applyConversationGroup(3, nil)
        batch = store.commitBatch()
        XCTAssertEqual(lines(batch.conversationGroupEvents), [
            "renamed work job", "removed job [c2c:b]", "added job [group:g]", "created home []",
        ])
        XCTAssertEqual(Set(batch.changed.map(\.id)), [a, b, g])
        XCTAssertEqual(store.conversation(b)?.conversationGroups, [])

        // The same change again (a push after the answer): nothing.
        store.applyConversationGroup(1, ConversationGroup(id: 1, name: "job", conversations: [a, g]))
        batch = store.commitBatch()
        XCTAssertTrue(batch.isEmpty)
        XCTAssertTrue(batch.storage.operations.isEmpty)
        store._checkInvariants()
    }

    func test_aMemberTheStoreLacks_getsItsGroupsWhenItArrives_andADeletedOneKeepsThem() {
        var store = store(with: [a])
        _ = store.commitBatch()
        store.replaceConversationGroups(with: [
            ConversationGroup(id: 1, name: "work", conversations: [ghost]), ConversationGroup(id: 4, name: "x", conversations: [ghost, a]),
        ])
        _ = store.commitBatch()
        store.receive(.accepted(seq: 1, from: "ghost", to: .user("me")))
        let batch = store.commitBatch()
        XCTAssertEqual(batch.added.first?.conversationGroups, ["work", "x"])
        XCTAssertTrue(batch.conversationGroupEvents.isEmpty, "the groups did not change")
        store.delete(a)
        _ = store.commitBatch()
        XCTAssertTrue(store.isConversation(a, inGroup: "x"), "the server keeps it in its groups")
        XCTAssertEqual(store.conversationIDs(inGroup: "x"), [ghost, a])
        XCTAssertNil(store.conversationIDs(inGroup: "none"))
        store.receive(.accepted(seq: 2, from: "a", to: .user("me")))
        XCTAssertEqual(store.conversation(a)?.conversationGroups, ["x"])
    }

    func test_groupsAndMarks_areStored_andAColdStoreReadsThemBack() throws {
        let database = try ConversationDatabase.open(at: nil, logger: .silent)
        var store = store(with: [a, b])
        try IMClient.write(store.commitBatch(), to: database)
        store.applyConversationGroup(7, ConversationGroup(id: 7, name: "caf\u{E9}", conversations: [a, .group("g'; DROP")]))
        store.applyConversationGroup(9, ConversationGroup(id: 9, name: "cafe\u{301}", conversations: [a]))
        store.applyServerMarks(b, [.star, ConversationMarks(rawValue: 1 << 40)])
        store.applyServerCustomData(b, Data([0, 1]))
        try IMClient.write(store.commitBatch(), to: database)

        XCTAssertEqual(try database.loadConversationGroups(), store.conversationGroups)
        XCTAssertEqual(try database.conversation(a)?.conversationGroups.map { Array($0.utf8) },
                       ["caf\u{E9}", "cafe\u{301}"].map { Array($0.utf8) })
        let warm = try IMClient.loadStore(from: database, userID: "me", logger: .silent)
        XCTAssertEqual(warm.conversationGroups, store.conversationGroups)
        XCTAssertEqual(warm.conversation(a), store.conversation(a))
        XCTAssertEqual(warm.conversation(b)?.marks, [.star, ConversationMarks(rawValue: 1 << 40)])
        XCTAssertEqual(warm.conversation(b)?.customData, Data([0, 1]))
        // A cold store: the row it peeks at carries the names.
        let cold = ConversationStore(
            selfUserID: "me", counters: store.counters, orderCounter: 0, syncVersion: 0, serverEpoch: nil,
            source: ColdSource { try? database.stored($0) })
        XCTAssertEqual(cold.conversation(a)?.conversationGroups.count, 2)
    }

    func test_aVersion4Database_upgradesToGroups_keepingItsRows() throws {
        let directory = try TemporaryDirectory(prefix: "schema-5")
        defer { directory.remove() }
        let path = directory.file("v4.sqlite")
        do {
            let database = try ConversationDatabase.open(at: path, logger: .silent)
            try database.upsert(Conversation(id: a, orderKey: 64))
            try database.saveCounters(UnreadCounters(), orderCounter: 9, syncVersion: 4, serverEpoch: "e")
            try database.connection.execute("DROP INDEX messages_by_id")
            try database.connection.execute("DROP TABLE kept_conversations")
            try database.connection.execute("DROP TABLE batch_log")
            try database.connection.execute("DROP TABLE heard_messages")
            try database.connection.execute("DROP TABLE conversation_groups")
            try database.connection.execute("ALTER TABLE conversations DROP COLUMN conversation_groups")
            try database.connection.execute("ALTER TABLE conversations DROP COLUMN peer_read_seq")
            try database.connection.execute("ALTER TABLE conversations DROP COLUMN peer_read_timestamp")
            try database.revertMigrationsAfterVersion10()
            try database.connection.execute("PRAGMA user_version = 4")
        }
        let database = try ConversationDatabase.open(at: path, logger: .silent)
        XCTAssertEqual(try Schema.version(of: database.connection), Schema.currentVersion)
        XCTAssertEqual(try database.conversation(a)?.conversationGroups, [], "a row of before: in no group")
        XCTAssertEqual(try database.loadConversationGroups(), [])
        XCTAssertEqual(try database.loadCounters()?.serverEpoch, "e")
        try database.saveConversationGroups([ConversationGroup(id: 1, name: "work", conversations: [a])])
        XCTAssertEqual(try database.loadConversationGroups().map(\.name), ["work"])
    }
}
