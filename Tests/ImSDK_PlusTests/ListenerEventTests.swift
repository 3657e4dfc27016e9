import XCTest
import IMTestSupport
import IMReferenceServer
@testable import ImSDK_Plus

final class ListenerEventTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_login_announcesTheSync_startThenFinish() async throws {
        session = try await V2TestSession(peers: ["a"])
        await session.settle()
        XCTAssertEqual(session.recorder.events.first, .syncStarted)
        XCTAssertTrue(session.recorder.events.contains(.syncFinished))
    }

    func test_firstMessage_firesNewConversation_thenMessagesFireChanged() async throws {
        session = try await V2TestSession(peers: ["a"])
        await session.settle()
        session.recorder.clear()
        try session.server.sendText("one", from: "a", toUser: "me")
        try session.server.sendText("two", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(session.recorder.events, [
            .message("one"), .new(["c2c_a"]),
            .message("two"), .changed(["c2c_a"]),
        ])
        XCTAssertEqual(session.recorder.lastAnnounced("c2c_a")?.unreadCount, 2)
        XCTAssertEqual(session.recorder.lastAnnounced("c2c_a")?.lastMessage?.textElem?.text, "two")
    }

    func test_totalUnreadChanges_areAnnounced_onlyAfterTheFirstQuery() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        try session.server.sendText("before", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(session.recorder.totals, [], "no total events before getTotalUnreadMessageCount")
        let total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 1)
        try session.server.sendText("after", from: "b", toUser: "me")
        await session.settle()
        try await call { self.session.manager.markC2CMessage(asRead: "a", succ: $0, fail: $1) }
        try await session.manager.pinConversation(conversationID: "c2c_b", isPinned: true)
        XCTAssertEqual(session.recorder.totals, [2, 1], "a pin changes no total")
    }

    func test_pinAndDraft_fireConversationChanged_withTheNewState() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        session.recorder.clear()
        try await session.manager.pinConversation(conversationID: "c2c_a", isPinned: true)
        XCTAssertEqual(session.recorder.lastAnnounced("c2c_a")?.isPinned, true)
        try await session.manager.setConversationDraft(conversationID: "c2c_a", draftText: "unfinished")
        XCTAssertEqual(session.recorder.lastAnnounced("c2c_a")?.draftText, "unfinished")
        XCTAssertNotNil(session.recorder.lastAnnounced("c2c_a")?.draftTimestamp)
        try await session.manager.setConversationDraft(conversationID: "c2c_a", draftText: nil)
        XCTAssertNil(session.recorder.lastAnnounced("c2c_a")?.draftText)
        XCTAssertEqual(session.recorder.events, [.changed(["c2c_a"]), .changed(["c2c_a"]), .changed(["c2c_a"])])
    }

    func test_deleteConversation_firesDeleted_andRemovesItFromTheList() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        try session.server.sendText("hi", from: "a", toUser: "me")
        try session.server.sendText("hi", from: "b", toUser: "me")
        await session.settle()
        _ = try await session.manager.getTotalUnreadMessageCount()
        session.recorder.clear()
        try await session.manager.deleteConversation(conversation: "c2c_a")
        XCTAssertEqual(session.recorder.events, [.deleted(["c2c_a"]), .total(1)])
        let ids = try await session.listIDs()
        XCTAssertEqual(ids, ["c2c_b"])
        // Deleted on the server too: a new login does not bring it back.
        await withCheckedContinuation { continuation in session.manager.logout(succ: { continuation.resume() }, fail: nil) }
        try await session.manager.login(userID: "me", userSig: "sig")
        let afterLogin = try await session.listIDs()
        XCTAssertEqual(afterLogin, ["c2c_b"])
    }

    func test_removedOrDeallocatedListener_hearsNothing() async throws {
        session = try await V2TestSession(peers: ["a"])
        let removed = V2EventRecorder()
        session.manager.addConversationListener(listener: removed)
        session.manager.removeConversationListener(listener: removed)
        var transient: V2EventRecorder? = V2EventRecorder()
        session.manager.addConversationListener(listener: transient!)
        weak let weakTransient = transient
        transient = nil
        XCTAssertNil(weakTransient, "listeners are held weakly")
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(removed.events, [])
        XCTAssertTrue(session.recorder.events.contains(.new(["c2c_a"])))
    }

    func test_callbacksRunOnTheConfiguredQueue() async throws {
        session = try await V2TestSession(peers: ["a"])
        let key = DispatchSpecificKey<Int>()
        session.callbackQueue.setSpecific(key: key, value: 42)
        let onQueue: Bool = await withCheckedContinuation { continuation in
            session.manager.getTotalUnreadMessageCount(succ: { _ in
                continuation.resume(returning: DispatchQueue.getSpecific(key: key) == 42)
            }, fail: { _, _ in continuation.resume(returning: false) })
        }
        XCTAssertTrue(onQueue)
    }
}

final class DeleteListTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_deleteConversationList_clearMessageFalse_keepsTheHistory_trueDeletesIt() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        try session.server.sendText("a1", from: "a", toUser: "me")
        try session.server.sendText("b1", from: "b", toUser: "me")
        await session.settle()
        for (id, clear) in [("c2c_a", false), ("c2c_b", true)] {
            let codes: [Int32] = try await withCheckedThrowingContinuation { continuation in
                session.manager.deleteConversationList(conversationIDList: [id], clearMessage: clear, succ: {
                    continuation.resume(returning: ($0 ?? []).map { Int32($0.resultCode) })
                }, fail: { code, desc in continuation.resume(throwing: V2TIMError(code: code, desc: desc ?? "")) })
            }
            XCTAssertEqual(codes, [0])
        }
        let ids = try await session.listIDs()
        XCTAssertEqual(ids, [])
        try session.server.sendText("a2", from: "a", toUser: "me")
        try session.server.sendText("b2", from: "b", toUser: "me")
        await session.settle()
        let a = try await history("a")
        let b = try await history("b")
        XCTAssertEqual(a, ["a2", "a1"], "kept")
        XCTAssertEqual(b, ["b2"], "deleted on the server too")
        let aConversation = try await session.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(aConversation.unreadCount, 1, "kept messages come back read")
        let local = session.manager.currentClient!.read { $0.messages(of: .c2c("a"), before: nil, count: 10) }
        XCTAssertEqual(local.map { $0.content.text }, ["a2", "a1"], "kept on this device too")
        let cleared = session.manager.currentClient!.read { $0.messages(of: .c2c("b"), before: nil, count: 10) }
        XCTAssertEqual(cleared.map { $0.content.text }, ["b2"], "cleared on this device too")
    }

    private func history(_ userID: String) async throws -> [String] {
        let manager = session.manager
        return try await withCheckedThrowingContinuation { continuation in
            manager.getC2CHistoryMessageList(userID: userID, count: 10, lastMsg: nil, succ: { messages in
                continuation.resume(returning: (messages ?? []).map { $0.textElem?.text ?? "" })
            }, fail: { code, desc in continuation.resume(throwing: V2TIMError(code: code, desc: desc ?? "")) })
        }
    }
}
