import IMTransportKit
@testable import IMCore
import XCTest

/// `EntryTable`, the store's slot map: lookups, in-place changes through a slot, and slot reuse.
final class EntryTableTests: XCTestCase {
    private func entry(_ id: ConversationID, unread: Int = 0) -> StoreEntry {
        var conversation = Conversation(id: id)
        conversation.unreadCount = unread
        return StoreEntry(conversation: conversation, log: MessageLog())
    }

    func test_insertFindChangeInPlaceAndRemove() {
        var table = EntryTable()
        let a = ConversationID.c2c("a"), b = ConversationID.group("b")
        let slotA = table.insert(entry(a), for: a)
        _ = table.insert(entry(b, unread: 2), for: b)
        XCTAssertEqual(table.count, 2)
        XCTAssertEqual(table.slot(of: a), slotA)
        XCTAssertEqual(table.conversation(b)?.unreadCount, 2)
        XCTAssertNil(table.slot(of: .c2c("b")), "same target, other kind")

        table[slot: slotA].access { $0.conversation.unreadCount = 5 }
        XCTAssertEqual(table[a]?.conversation.unreadCount, 5)
        XCTAssertEqual(table.insert(entry(a, unread: 1), for: a), slotA, "replacing keeps the slot")
        XCTAssertEqual(table.conversation(a)?.unreadCount, 1)

        XCTAssertEqual(table.removeValue(forKey: a)?.conversation.id, a)
        XCTAssertNil(table.removeValue(forKey: a))
        XCTAssertNil(table[a])
        XCTAssertEqual(table.count, 1)
        XCTAssertEqual(Set(table.all.map(\.id)), [b])
    }

    func test_removedSlotsAreReused_andEveryEntryStaysFindable() {
        var table = EntryTable()
        let ids = (0..<100).map { ConversationID.c2c("u\($0)") }
        for (index, id) in ids.enumerated() { _ = table.insert(entry(id, unread: index), for: id) }
        let removedSlots = Set(ids.prefix(30).map { table.slot(of: $0)! })
        for id in ids.prefix(30) { table[id] = nil }
        let newIDs = (0..<30).map { ConversationID.group("g\($0)") }
        let newSlots = Set(newIDs.map { table.insert(entry($0), for: $0) })
        XCTAssertEqual(newSlots, removedSlots, "freed slots are used before the array grows")
        XCTAssertEqual(table.count, 100)
        for (index, id) in ids.enumerated().dropFirst(30) {
            XCTAssertEqual(table.conversation(id)?.unreadCount, index, "\(id)")
        }
        XCTAssertEqual(Set(table.all.map(\.id)), Set(ids.dropFirst(30) + newIDs))
        XCTAssertTrue(table.all.allSatisfy { $0.entry.conversation.id == $0.id })
    }
}
