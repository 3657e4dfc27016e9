import Foundation
import IMCore
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import ImSDK_Plus
import XCTest

/// `getConversationListByFilter`, `getUnreadMessageCountByFilter` and the subscriptions to unread
/// counts by filter, through the public V2 API, with the semantics of the vendor's header: a field
/// filters once it is set, `false` / 0 / "" select the conversations without, set fields AND.
final class ConversationListFilterTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private static let star = UInt(V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_STAR.rawValue)
    private static let hide = UInt(V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue)

    /// me: c2c_a unread, c2c_b read, c2c_c read and starred, c2c_d hidden (unread), group_g1 with an
    /// unread @me, group_g2 read; in list order g2, g1, d (hidden), c, b, a.
    private func makeFixture() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c", "d"])
        let server = session.server
        try server.createGroup("g1", name: "One", faceURL: nil, members: ["me", "a"])
        try server.createGroup("g2", name: "Two", faceURL: nil, members: ["me", "b"])
        try server.sendText("to a", from: "a", toUser: "me")
        try server.sendText("to b", from: "b", toUser: "me")
        try server.sendText("to c", from: "c", toUser: "me")
        try server.sendText("to d", from: "d", toUser: "me")
        try server.sendText("@me", from: "a", toGroup: "g1", atUserIDs: ["me"])
        try server.sendText("plain", from: "b", toGroup: "g2")
        await session.settle()
        for id in ["c2c_b", "c2c_c", "group_g2"] {
            try await session.manager.cleanConversationUnreadMessageCount(conversationID: id, cleanTimestamp: 0, cleanSequence: 0)
        }
        _ = try await session.manager.markConversation(conversationIDList: ["c2c_c"], markType: NSNumber(value: Self.star), enableMark: true)
        _ = try await session.manager.markConversation(conversationIDList: ["c2c_d"], markType: NSNumber(value: Self.hide), enableMark: true)
    }

    private func ids(_ configure: (V2TIMConversationListFilter) -> Void, count: UInt32 = 100) async throws -> [String] {
        let filter = V2TIMConversationListFilter()
        configure(filter)
        var result: [String] = []
        var nextSeq: UInt64 = 0
        while true {
            let page = try await session.manager.getConversationListByFilter(filter: filter, nextSeq: nextSeq, count: count)
            result += page.conversationList.map(\.conversationID)
            if page.isFinished { return result }
            nextSeq = page.nextSeq
        }
    }

    func test_aNewFilter_selectsWhatTheListShows_andReadingAFieldDoesNotSetIt() async throws {
        try await makeFixture()
        let listed = try await session.listIDs()
        XCTAssertEqual(listed, ["group_g2", "group_g1", "c2c_c", "c2c_b", "c2c_a"])
        let untouched = try await ids { _ in }
        XCTAssertEqual(untouched, listed)
        let read = try await ids { filter in _ = (filter.markType, filter.hasUnreadCount, filter.hasGroupAtInfo) }
        XCTAssertEqual(read, listed, "reading the fields filters by nothing")
    }

    func test_falseZeroAndEmpty_selectTheConversationsWithout() async throws {
        try await makeFixture()
        let noUnread = try await ids { $0.hasUnreadCount = false }
        XCTAssertEqual(noUnread, ["group_g2", "c2c_c", "c2c_b"])
        let unread = try await ids { $0.hasUnreadCount = true }
        XCTAssertEqual(unread, ["group_g1", "c2c_a"], "the hidden c2c_d has unread messages but stays hidden")
        let noAt = try await ids { $0.hasGroupAtInfo = false }
        XCTAssertEqual(noAt, ["group_g2", "c2c_c", "c2c_b", "c2c_a"])
        let at = try await ids { $0.hasGroupAtInfo = true }
        XCTAssertEqual(at, ["group_g1"])
        let unmarked = try await ids { $0.markType = 0 }
        XCTAssertEqual(unmarked, ["group_g2", "group_g1", "c2c_b", "c2c_a"])
        let inNoGroup = try await ids { $0.conversationGroup = "" }
        XCTAssertEqual(inNoGroup, ["group_g2", "group_g1", "c2c_c", "c2c_b", "c2c_a"], "no conversation is in a group")
    }

    func test_setFields_combineWithAnd_andMarksSelectEvenHiddenConversations() async throws {
        try await makeFixture()
        let readC2C = try await ids { filter in
            filter.type = .C2C
            filter.hasUnreadCount = false
        }
        XCTAssertEqual(readC2C, ["c2c_c", "c2c_b"])
        let readUnstarredC2C = try await ids { filter in
            filter.type = .C2C
            filter.hasUnreadCount = false
            filter.markType = 0
        }
        XCTAssertEqual(readUnstarredC2C, ["c2c_b"])
        let starred = try await ids { $0.markType = Self.star }
        XCTAssertEqual(starred, ["c2c_c"])
        // The vendor's Swift SDK's samples assign the mark's case name (an enum there, UInt here).
        let starredAsTheSwiftSDKWritesIt = try await ids { $0.markType = .V2TIM_CONVERSATION_MARK_TYPE_STAR }
        XCTAssertEqual(starredAsTheSwiftSDKWritesIt, ["c2c_c"])
        let hidden = try await ids { $0.markType = Self.hide }
        XCTAssertEqual(hidden, ["c2c_d"], "the hide mark asks for hidden conversations")
        let starredGroups = try await ids { filter in
            filter.type = .GROUP
            filter.markType = Self.star
        }
        XCTAssertEqual(starredGroups, [])
    }

    /// The 6.5 form: the page's cursor and size in the filter, the conversation group as
    /// `groupName`; the same pages as `getConversationListByFilter`.
    func test_the65Form_pagesWithTheFiltersCursorAndCount() async throws {
        try await makeFixture()
        let filter = V2TIMConversationListFilter()
        filter.type = .C2C
        filter.count = 2
        var walked: [String] = []
        while true {
            let (list, next, finished): ([V2TIMConversation], UInt64, Bool) = try await handOver { finish in
                session.manager.getConversationList(by: filter, succ: { list, next, finished in
                    finish(.success((list ?? [], next, finished)))
                }, fail: { code, desc in finish(.failure(V2TIMError(code: code, desc: desc ?? ""))) })
            }
            walked += list.map(\.conversationID)
            if finished { break }
            filter.nextSeq = next
        }
        let expected = try await ids { $0.type = .C2C }
        XCTAssertEqual(walked, expected)
        filter.groupName = "work"
        XCTAssertEqual(filter.conversationGroup, "work", "groupName is conversationGroup")
        filter.count = 0
        let zero = await failureCode { succ, fail in
            self.session.manager.getConversationList(by: filter, succ: { _, _, _ in succ() }, fail: fail)
        }
        XCTAssertEqual(zero, 6017)
    }

    func test_aNamedConversationGroup_isAFilter_notAnError() async throws {
        try await makeFixture()
        let named = try await ids { $0.conversationGroup = "work" }
        XCTAssertEqual(named, [], "no conversation is in a group named work")
        let filter = V2TIMConversationListFilter()
        filter.conversationGroup = "work"
        let count = try await session.manager.getUnreadMessageCountByFilter(filter: filter)
        XCTAssertEqual(count, 0)
    }

    func test_selectiveFilter_inPagesOfOne_returnsEachMatchOnce_finishedAtTheLastMatch() async throws {
        let peers = (0..<120).map { "p\($0)" }
        session = try await V2TestSession(peers: peers)
        for peer in peers { try session.server.sendText("hi", from: peer, toUser: "me") }
        await session.settle()
        let starredIDs = stride(from: 3, to: 120, by: 29).map { "c2c_p\($0)" }
        _ = try await session.manager.markConversation(conversationIDList: starredIDs, markType: NSNumber(value: Self.star), enableMark: true)
        let filter = V2TIMConversationListFilter()
        filter.markType = Self.star
        var seen: [String] = []
        var finished: [Bool] = []
        var nextSeq: UInt64 = 0
        while finished.last != true && finished.count <= 120 {
            let page = try await session.manager.getConversationListByFilter(filter: filter, nextSeq: nextSeq, count: 1)
            seen += page.conversationList.map(\.conversationID)
            finished.append(page.isFinished)
            nextSeq = page.nextSeq
        }
        XCTAssertEqual(seen, starredIDs.reversed(), "newest first, each once")
        XCTAssertEqual(finished, [false, false, false, false, true], "one page per match, the last one finished")
    }

    func test_unreadCountByFilter_countsByTypeMarksAndGroup_withoutMutedConversations() async throws {
        try await makeFixture()
        try session.server.sendText("again", from: "a", toUser: "me")
        try session.server.sendText("to b", from: "b", toUser: "me")
        await session.settle()
        try await session.manager.setC2CReceiveMessageOpt(userIDList: ["b"], opt: .RECEIVE_NOT_NOTIFY_MESSAGE)
        _ = try await session.manager.markConversation(conversationIDList: ["c2c_b"], markType: NSNumber(value: Self.star), enableMark: true)
        func count(_ configure: (V2TIMConversationListFilter) -> Void) async throws -> UInt64 {
            let filter = V2TIMConversationListFilter()
            configure(filter)
            return try await session.manager.getUnreadMessageCountByFilter(filter: filter)
        }
        let all = try await count { _ in }
        XCTAssertEqual(all, 3, "a's 2 and g1's 1; b is muted, d hidden")
        let c2c = try await count { $0.type = .C2C }
        XCTAssertEqual(c2c, 2)
        let groups = try await count { $0.type = .GROUP }
        XCTAssertEqual(groups, 1)
        let starred = try await count { $0.markType = Self.star }
        XCTAssertEqual(starred, 0, "the starred b is muted, the starred c read")
        let unmarked = try await count { $0.markType = 0 }
        XCTAssertEqual(unmarked, 3)
        let hidden = try await count { $0.markType = Self.hide }
        XCTAssertEqual(hidden, 1, "the hidden d counts when asked for")
        let readOnly = try await count { $0.hasUnreadCount = false }
        XCTAssertEqual(readOnly, 3, "hasUnreadCount and hasGroupAtInfo do not select a count")
        let total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 4, "the total counts the hidden d too")
    }

    /// Two batches announced while the callback queue is busy: the first event still carries the
    /// first batch's count, after that batch's conversation event (counts travel with the batch).
    func test_subscribedCount_eachBatchsEventCarriesItsOwnCount_afterItsConversationEvents() async throws {
        session = try await V2TestSession(peers: ["a"])
        let log = FilterEventLog()
        session.manager.addConversationListener(listener: log)
        let c2c = V2TIMConversationListFilter()
        c2c.type = .C2C
        log.watch(c2c, as: "c2c")
        session.manager.subscribeUnreadMessageCountByFilter(filter: c2c)
        let gate = DispatchSemaphore(value: 0)
        session.callbackQueue.async { gate.wait() }
        try session.server.sendText("one", from: "a", toUser: "me")
        try session.server.sendText("two", from: "a", toUser: "me")
        let client = try XCTUnwrap(session.manager.currentClient)
        for _ in 0..<5_000 where client.read({ $0.conversation(.c2c("a"))?.unreadCount }) != 2 {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        gate.signal()
        await session.settle()
        XCTAssertEqual(log.events, ["new c2c_a", "c2c 1", "changed c2c_a", "c2c 2"])
        session.manager.removeConversationListener(listener: log)
    }

    func test_subscription_onlyChangesOfItsCountFire_andItEndsAtUnsubscribe() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        try session.server.createGroup("g", name: "G", faceURL: nil, members: ["me", "a"])
        let log = FilterEventLog()
        session.manager.addConversationListener(listener: log)
        let groups = V2TIMConversationListFilter()
        groups.type = .GROUP
        log.watch(groups, as: "groups")
        session.manager.subscribeUnreadMessageCountByFilter(filter: groups)
        try session.server.sendText("c2c", from: "b", toUser: "me")
        try session.server.sendText("group", from: "a", toGroup: "g")
        await session.settle()
        try await session.manager.pinConversation(conversationID: "group_g", isPinned: true)
        try await session.manager.markGroupMessage(asRead: "g")
        session.manager.unsubscribeUnreadMessageCountByFilter(filter: groups)
        try session.server.sendText("again", from: "a", toGroup: "g")
        await session.settle()
        XCTAssertEqual(log.filterEvents, ["groups 1", "groups 0"], "not for b's message, the pin, nor after unsubscribing")
        session.manager.removeConversationListener(listener: log)
    }

    func test_subscription_lastsAcrossLogins_andALoginFromAColdStoreAnnouncesItsCount() async throws {
        let directory = try TemporaryDirectory(prefix: "filter-subscription")
        defer { directory.remove() }
        session = try await V2TestSession(peers: ["a", "b"], storage: .disk(directory: directory.path))
        try session.server.sendText("one", from: "a", toUser: "me")
        try session.server.sendText("two", from: "a", toUser: "me")
        await session.settle()
        let log = FilterEventLog()
        session.manager.addConversationListener(listener: log)
        let c2c = V2TIMConversationListFilter()
        c2c.type = .C2C
        log.watch(c2c, as: "c2c")
        session.manager.subscribeUnreadMessageCountByFilter(filter: c2c)
        try await session.manager.logout()
        try session.server.sendText("while away", from: "b", toUser: "me")
        try await session.manager.login(userID: "me", userSig: "sig")
        // The store opens cold; once its warm-up knows every conversation, the count is announced.
        for _ in 0..<5_000 where log.filterEvents.isEmpty {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        await session.settle()
        XCTAssertEqual(log.filterEvents, ["c2c 3"], "a's two and b's message from while logged out")
        try session.server.sendText("three", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(log.filterEvents, ["c2c 3", "c2c 4"])
        session.manager.removeConversationListener(listener: log)
    }
}

/// Records conversation changes and the unread events of the filters it watches, in one order.
private final class FilterEventLog: V2TIMConversationListener, @unchecked Sendable {
    private let state = Locked((events: [String](), names: [ObjectIdentifier: String]()))

    var events: [String] { state.withLock { $0.events } }
    var filterEvents: [String] { events.filter { !$0.hasPrefix("changed") && !$0.hasPrefix("new") } }

    func watch(_ filter: V2TIMConversationListFilter, as name: String) {
        state.withLock { $0.names[ObjectIdentifier(filter)] = name }
    }

    func onNewConversation(conversationList: [V2TIMConversation]) {
        state.withLock { $0.events += conversationList.map { "new \($0.conversationID!)" } }
    }

    func onConversationChanged(conversationList: [V2TIMConversation]) {
        state.withLock { $0.events += conversationList.map { "changed \($0.conversationID!)" } }
    }

    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter, totalUnreadCount: UInt64) {
        state.withLock { state in
            state.events.append("\(state.names[ObjectIdentifier(filter)] ?? "unknown") \(totalUnreadCount)")
        }
    }
}
