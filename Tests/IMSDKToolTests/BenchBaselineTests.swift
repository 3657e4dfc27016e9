import IMSQLite
import IMCore
import IMTransportKit
import XCTest
@testable import IMSDKTool

/// The baselines must do the same work as the engine: same events, same list, same counts.
final class BenchBaselineTests: XCTestCase {
    /// Messages, then reads and pins of some conversations, then more messages (pinned ones
    /// included), applied to the engine, to B1 event by event, to B1 untimed, and to B2.
    private struct Events {
        let messages: [Message]
        let reads: [ConversationID]
        let pins: [(ConversationID, Bool)]
        let later: [Message]

        init(conversations n: Int) {
            let all = Array(BenchWorkload(conversations: n, count: 3 * n))
            messages = Array(all[..<(2 * n)])
            later = Array(all[(2 * n)...])
            reads = stride(from: 0, to: n, by: 3).map(BenchWorkload.conversationID)
            // Pins the hottest and some cold conversations, unpins two of them again.
            pins = [0, 1, 5, n / 2, n - 1].map { (BenchWorkload.conversationID($0 % n), true) }
                + [1, n / 2].map { (BenchWorkload.conversationID($0 % n), false) }
        }
    }

    private func engineList(_ events: Events, stopBeforeLater: Bool = false) throws -> (list: [ListEntry], total: Int) {
        var store = ConversationStore(selfUserID: BenchWorkload.selfUserID)
        for message in events.messages { store.receive(message) }
        for id in events.reads { store.markRead(id, upTo: .max) }
        for (id, pinned) in events.pins { try store.setPinned(id, pinned) }
        if !stopBeforeLater { for message in events.later { store.receive(message) } }
        _ = store.commitBatch()
        return (store.benchList(pageSize: 7), store.counters.totalUnread)
    }

    func test_arrayBaseline_eventByEvent_listsLikeTheEngine() throws {
        for n in [1, 2, 49, 50, 51, 300] {
            let events = Events(conversations: n)
            var array = ArrayBaseline()
            for message in events.messages { array.receive(message) }
            for id in events.reads { array.markRead(id) }
            for (id, pinned) in events.pins { array.setPinned(id, pinned) }
            for message in events.later { array.receive(message) }
            let engine = try engineList(events)
            XCTAssertEqual(array.list, engine.list, "n = \(n)")
            XCTAssertEqual(array.totalUnread, engine.total, "n = \(n)")
        }
    }

    func test_arrayBaseline_untimedPath_reachesTheSameState() throws {
        for n in [1, 50, 300] {
            let events = Events(conversations: n)
            var array = ArrayBaseline()
            array.absorb(events.messages.prefix(n))
            for message in events.messages.dropFirst(n).prefix(10) { array.receive(message) }
            array.absorb(events.messages.dropFirst(n + 10))
            for (index, id) in events.reads.enumerated() { array.apply(read: id, resorting: index % 2 == 0) }
            for (index, (id, pinned)) in events.pins.enumerated() { array.apply(pin: id, pinned, resorting: index == 0) }
            array.resort()
            array.absorb(events.later)
            XCTAssertEqual(array.list, try engineList(events).list, "n = \(n)")
        }
    }

    func test_sqlBaseline_offsetWalk_listsLikeTheEngine() throws {
        for n in [1, 2, 49, 50, 51, 300] {
            let events = Events(conversations: n)
            let sql = try SQLBaseline(path: nil)
            for message in events.messages { try sql.receive(message) }
            for id in events.reads { try sql.markRead(id) }
            for (id, pinned) in events.pins { try sql.setPinned(id, pinned) }
            for message in events.later { try sql.receive(message) }
            let engine = try engineList(events)
            XCTAssertEqual(try sql.list(pageSize: 7), engine.list, "n = \(n)")
            XCTAssertEqual(try sql.totalUnread(), engine.total, "n = \(n)")
        }
    }

    func test_sqlBaseline_onDisk_keepsItsListAcrossAReopen_andContinuesArrival() throws {
        let files = try BenchFiles()
        let events = Events(conversations: 100)
        let path = files.path("sql.sqlite")
        do {
            let sql = try SQLBaseline(path: path)
            try sql.transaction { () throws(PersistenceError) in
                for message in events.messages { try sql.receive(message) }
            }
        }
        let reopened = try SQLBaseline(path: path)
        for id in events.reads { try reopened.markRead(id) }
        for (id, pinned) in events.pins { try reopened.setPinned(id, pinned) }
        for message in events.later { try reopened.receive(message) }
        XCTAssertEqual(try reopened.list(), try engineList(events).list)
    }

    func test_eventsCoverPinsReadsAndUnread_soTheComparisonsMeanSomething() throws {
        let events = Events(conversations: 300)
        let afterPins = try engineList(events, stopBeforeLater: true).list
        XCTAssertEqual(afterPins.prefix(3).map(\.pinned), [true, true, true])
        XCTAssertEqual(afterPins.filter(\.pinned).count, 3)
        XCTAssertTrue(afterPins.contains { $0.unread == 0 })
        XCTAssertTrue(afterPins.contains { $0.unread > 1 })
        let final = try engineList(events).list
        XCTAssertNotEqual(final.map(\.id), afterPins.map(\.id), "later messages move conversations")
    }

    func test_comparison_failsOnADifferentOrder_unreadCount_orTotal() {
        let reference = [
            ListEntry(id: "c2c_a", unread: 1, pinned: true), ListEntry(id: "c2c_b", unread: 0, pinned: false),
        ]
        func listing(_ list: [ListEntry], total: Int? = nil) -> ListComparison.Listing {
            .init(subject: "test", list: list, totalUnread: total ?? list.reduce(0) { $0 + $1.unread })
        }
        XCTAssertNoThrow(try ListComparison.check(listing(reference), against: [listing(reference)], phase: "same"))
        let bad: [ListComparison.Listing] = [
            listing(reference.reversed()),
            listing([reference[0], ListEntry(id: "c2c_b", unread: 2, pinned: false)]),
            listing([reference[0], ListEntry(id: "c2c_b", unread: 0, pinned: true)]),
            listing(Array(reference.prefix(1))),
            listing(reference, total: 5),
        ]
        for other in bad {
            XCTAssertThrowsError(try ListComparison.check(listing(reference), against: [other], phase: "p"), "\(other.list)")
        }
    }

    func test_workload_givesEveryConversationAMessage_andSkewsTheRest() {
        let messages = Array(BenchWorkload(conversations: 1_000))
        XCTAssertEqual(messages.count, 2_000)
        let bySender = Dictionary(grouping: messages, by: \.sender)
        XCTAssertEqual(bySender.count, 1_000)
        XCTAssertEqual(messages.prefix(1_000).map(\.sender), (0..<1_000).map { "u\($0)" })
        let hot = (0..<10).reduce(0) { $0 + (bySender["u\($1)"]?.count ?? 0) }
        XCTAssertGreaterThan(hot, 700, "most of the second half goes to 1% of the conversations")
        for (_, list) in bySender {
            XCTAssertEqual(list.map(\.seq), Array(1...UInt64(list.count)), "sequences run per conversation")
        }
        XCTAssertEqual(messages.map(\.timestamp), messages.map(\.timestamp).sorted(), "time never goes back")
        XCTAssertEqual(Set(messages.map(\.id)).count, messages.count)
    }

    func test_workload_longerRun_continuesTheSameMessages() {
        let short = Array(BenchWorkload(conversations: 100))
        let long = Array(BenchWorkload(conversations: 100, count: 250))
        XCTAssertEqual(long.count, 250)
        XCTAssertEqual(Array(long.prefix(200)), short)
        XCTAssertGreaterThanOrEqual(long[200].timestamp, short[199].timestamp)
    }
}
