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

        table[slot: slotA].unreadCount = 5
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

    func test_sweepingSizes_everyEntryStaysFindable_throughGrowthAndBackwardShiftRemovals() {
        for count in [0, 1, 2, 11, 12, 13, 1_023, 1_024, 1_025, 5_000] {
            var table = EntryTable()
            let ids = (0..<count).map { index in index.isMultiple(of: 3) ? ConversationID.group("g\(index)") : .c2c("u\(index)") }
            for (index, id) in ids.enumerated() { _ = table.insert(entry(id, unread: index), for: id) }
            // Remove every other one (runs of the probe table close up behind each removal).
            for id in ids.enumerated().filter({ $0.offset.isMultiple(of: 2) }).map(\.element) {
                XCTAssertEqual(table.removeValue(forKey: id)?.conversation.id, id)
            }
            XCTAssertEqual(table.count, count / 2, "\(count)")
            for (index, id) in ids.enumerated() {
                XCTAssertEqual(table.conversation(id)?.unreadCount, index.isMultiple(of: 2) ? nil : index, "\(count): \(id)")
            }
            XCTAssertEqual(Set(table.all.map(\.id)), Set(ids.enumerated().filter { !$0.offset.isMultiple(of: 2) }.map(\.element)))
        }
    }

    func test_aReference_resolvesWhileItsEntryLives_andToNothingOnceTheSlotIsFreedOrReused() {
        var table = EntryTable()
        let a = ConversationID.c2c("a"), b = ConversationID.c2c("b")
        let slot = table.insert(entry(a), for: a)
        let reference = table.reference(slot)
        XCTAssertEqual(table.conversation(reference)?.id, a)
        table[slot: slot].unreadCount = 3
        XCTAssertEqual(table.reference(slot), reference, "a change keeps the reference")
        XCTAssertEqual(table.conversation(reference)?.unreadCount, 3)
        _ = table.removeValue(forKey: a)
        XCTAssertNil(table.conversation(reference), "a freed slot")
        XCTAssertEqual(table.insert(entry(b), for: b), slot, "the slot is reused")
        XCTAssertNil(table.conversation(reference), "a reused slot is another entry")
        XCTAssertEqual(table.conversation(table.reference(slot))?.id, b)
    }

    func test_logs_areKeptOnlyWhileTheyHoldAnything_andLeaveWithTheirEntry() {
        var table = EntryTable()
        let a = ConversationID.c2c("a")
        let slot = table.insert(entry(a), for: a)
        XCTAssertTrue(table.logsHeld.isEmpty)
        let message = Message(id: "m", seq: 1, timestamp: 1, sender: "a", receiver: .user("me"), content: .text("hi"))
        table.access(slot) { _, log in _ = log.insert(HeldMessage(message: message, countsAsUnread: true)) }
        XCTAssertEqual(table.log(slot: slot).messages.map(\.message), [message])
        XCTAssertEqual(table[a]?.log.messages.count, 1)
        table.access(slot) { _, log in _ = log.evictAccepted() }
        XCTAssertTrue(table.logsHeld.isEmpty, "an emptied log is no entry")
        table.access(slot) { _, log in _ = log.insert(HeldMessage(message: message, countsAsUnread: true)) }
        XCTAssertEqual(table.removeValue(forKey: a)?.log.messages.count, 1, "the log leaves with its entry")
        XCTAssertTrue(table.logsHeld.isEmpty)
    }
}
