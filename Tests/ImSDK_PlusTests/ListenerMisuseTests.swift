import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// Listeners that misbehave: they call back into the SDK from inside an event (reads, writes,
/// adding and removing listeners, logging out), disappear while registered, block the callback
/// queue, or are added twice. No deadlock (every wait has a deadline), no crash, no event lost or
/// duplicated for the well-behaved listeners, and the results are right.
final class ListenerMisuseTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private var manager: V2TIMManager { session.manager }

    // MARK: - (a) Re-entering the SDK from a listener

    func test_aListenerThatReadsAndWritesFromInsideItsEvents_neitherDeadlocksNorSeesWrongValues() async throws {
        let watchdog = Watchdog(#function)
        defer { watchdog.disarm() }
        session = try await V2TestSession(peers: ["a", "b"])
        let manager = self.manager
        let answers = Locked<[String]>([])
        let listener = HookListener()
        listener.changed = { list in
            for conversation in list {
                // A read from inside the event sees at least what the event announced.
                manager.getConversation(conversationID: conversation.conversationID, succ: { current in
                    answers.withLock { $0.append("\(current!.conversationID ?? "") \(current!.unreadCount)") }
                    // And a read from inside that answer.
                    manager.getTotalUnreadMessageCount(succ: { total in
                        manager.getConversationList(nextSeq: 0, count: 10, succ: { page, _, _ in
                            answers.withLock { $0.append("total \(total) of \(page?.count ?? -1)") }
                        }, fail: { code, _ in answers.withLock { $0.append("list failed \(code)") } })
                    }, fail: { code, _ in answers.withLock { $0.append("total failed \(code)") } })
                }, fail: { code, _ in answers.withLock { $0.append("get failed \(code)") } })
                // Writes from inside the event: each changes the conversation once, so this ends.
                if conversation.userID == "a", conversation.unreadCount > 0 {
                    manager.markC2CMessage(asRead: "a", succ: nil, fail: nil)
                }
                if conversation.userID == "b", !conversation.isPinned {
                    manager.pinConversation(conversationID: "c2c_b", isPinned: true, succ: nil, fail: nil)
                }
            }
        }
        listener.new = listener.changed
        manager.addConversationListener(listener: listener)
        defer { manager.removeConversationListener(listener: listener) }
        _ = try await manager.getTotalUnreadMessageCount()

        try session.server.sendText("to read", from: "a", toUser: "me")
        try session.server.sendText("to pin", from: "b", toUser: "me")
        try await eventually("a read and b pinned by the listener") {
            guard let a = try? await self.manager.getConversation(conversationID: "c2c_a"),
                  let b = try? await self.manager.getConversation(conversationID: "c2c_b") else { return false }
            return a.unreadCount == 0 && b.isPinned
        }
        await session.settle()
        let list = try await session.walk().list
        XCTAssertEqual(list.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(list.map(\.unreadCount), [1, 0])
        let total = try await manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 1)
        XCTAssertEqual(session.recorder.totals.last, 1, "the other listener heard the final total")
        let logged = answers.withLock { $0 }
        XCTAssertFalse(logged.contains { $0.contains("failed") }, "\(logged)")
        XCTAssertTrue(logged.contains("c2c_a 0") && logged.contains("c2c_b 1"), "\(logged)")
        session.checkInvariants()
    }

    func test_aListenerThatRemovesItselfAndAddsAnother_duringAnEvent_handsOverWithoutLossOrRepeat() async throws {
        let watchdog = Watchdog(#function)
        defer { watchdog.disarm() }
        session = try await V2TestSession(peers: ["a"])
        let manager = self.manager
        let successor = V2EventRecorder()
        let first = HookListener()
        first.messages = { [unowned first] _ in
            manager.removeConversationListener(listener: first)
            manager.removeAdvancedMsgListener(listener: first)
            manager.addConversationListener(listener: successor)
            manager.addAdvancedMsgListener(listener: successor)
            manager.addConversationListener(listener: first)  // and back, then away for good
            manager.removeConversationListener(listener: first)
        }
        manager.addConversationListener(listener: first)
        manager.addAdvancedMsgListener(listener: first)
        defer {
            manager.removeConversationListener(listener: successor)
            manager.removeAdvancedMsgListener(listener: successor)
        }
        for index in 0..<3 { try session.server.sendText("m\(index)", from: "a", toUser: "me") }
        await session.settle()
        XCTAssertEqual(first.messageCount, 1, "removed during its first event: nothing after it")
        XCTAssertEqual(successor.events.filter { if case .message = $0 { return true } else { return false } },
                       [.message("m1"), .message("m2")], "added during the first event: every later one, once")
        XCTAssertEqual(session.recorder.events.filter { if case .message = $0 { return true } else { return false } },
                       [.message("m0"), .message("m1"), .message("m2")], "the bystander heard each once")
    }

    func test_aListenerThatLogsOutFromInsideAnEvent_logsOut_andTheSDKStaysUsable() async throws {
        let watchdog = Watchdog(#function)
        defer { watchdog.disarm() }
        session = try await V2TestSession(peers: ["a"])
        let manager = self.manager
        let loggedOut = Locked<[Int32]>([])
        let listener = HookListener()
        listener.messages = { _ in
            manager.logout(succ: { loggedOut.withLock { $0.append(0) } }, fail: { code, _ in loggedOut.withLock { $0.append(code) } })
            // A call right after, still inside the event.
            manager.getConversationList(nextSeq: 0, count: 5, succ: { _, _, _ in loggedOut.withLock { $0.append(-1) } },
                                        fail: { code, _ in loggedOut.withLock { $0.append(code) } })
        }
        manager.addAdvancedMsgListener(listener: listener)
        defer { manager.removeAdvancedMsgListener(listener: listener) }
        try session.server.sendText("bye", from: "a", toUser: "me")
        try await eventually("the logout and the call after it ended") { loggedOut.withLock { $0.count } == 2 }
        XCTAssertEqual(loggedOut.withLock { $0 }, [0, 6014])
        XCTAssertEqual(manager.getLoginStatus(), .STATUS_LOGOUT)
        try session.server.sendText("while out", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(listener.messageCount, 1, "no events after the logout")

        manager.removeAdvancedMsgListener(listener: listener)
        try await manager.login(userID: "me", userSig: "sig")
        let a = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(a.lastMessage?.textElem?.text, "while out")
        XCTAssertEqual(a.unreadCount, 2)
    }

    // MARK: - (b) Listeners that go away while registered

    func test_listenersReleasedWhileRegistered_evenDuringDispatch_areDroppedWithoutACrash() async throws {
        let watchdog = Watchdog(#function)
        defer { watchdog.disarm() }
        session = try await V2TestSession(peers: ["a"])
        let manager = self.manager
        let holder = Locked<[V2EventRecorder]>((0..<20).map { _ in V2EventRecorder() })
        for listener in holder.withLock({ $0 }) {
            manager.addConversationListener(listener: listener)
            manager.addAdvancedMsgListener(listener: listener)
        }
        weak let weakFirst = holder.withLock { $0.first }
        // A listener that drops every other one from inside the first event.
        let dropper = HookListener()
        dropper.messages = { _ in holder.withLock { $0.removeAll() } }
        manager.addAdvancedMsgListener(listener: dropper)
        defer { manager.removeAdvancedMsgListener(listener: dropper) }
        // And more created and released on other threads while messages arrive.
        let churn = DispatchGroup()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: churn) {
                for _ in 0..<50 {
                    let transient = V2EventRecorder()
                    manager.addConversationListener(listener: transient)
                    manager.addAdvancedMsgListener(listener: transient)
                }
            }
        }
        for index in 0..<10 { try session.server.sendText("m\(index)", from: "a", toUser: "me") }
        await withCheckedContinuation { continuation in churn.notify(queue: .global()) { continuation.resume() } }
        await session.settle()
        XCTAssertNil(weakFirst, "listeners are held weakly: released ones are gone")
        XCTAssertEqual(dropper.messageCount, 10)
        XCTAssertEqual(session.recorder.events.filter { if case .message = $0 { return true } else { return false } }.count, 10,
                       "the listener that stayed heard every message once")
    }

    // MARK: - (c) Blocking listeners

    func test_aListenerThatBlocks_delaysButDoesNotLoseOrRepeatEventsForTheOthers() async throws {
        let watchdog = Watchdog(#function)
        defer { watchdog.disarm() }
        session = try await V2TestSession(peers: ["a", "b"])
        let slow = HookListener()
        slow.changed = { _ in usleep(20_000) }
        slow.messages = { _ in usleep(20_000) }
        let before = V2EventRecorder()
        let after = V2EventRecorder()
        manager.addConversationListener(listener: before)
        manager.addAdvancedMsgListener(listener: before)
        manager.addConversationListener(listener: slow)
        manager.addAdvancedMsgListener(listener: slow)
        manager.addConversationListener(listener: after)
        manager.addAdvancedMsgListener(listener: after)
        defer { for listener in [before, after] as [AnyObject] { remove(listener) }; remove(slow) }
        _ = try await manager.getTotalUnreadMessageCount()
        await session.settle()
        for recorder in [session.recorder, before, after] { recorder.clear() }
        for index in 0..<6 { try session.server.sendText("m\(index)", from: index % 2 == 0 ? "a" : "b", toUser: "me") }
        await session.settle()
        try await manager.pinConversation(conversationID: "c2c_a", isPinned: true)
        try await eventually("every event reached the last listener") { after.events.count >= self.session.recorder.events.count }
        await session.settle()
        XCTAssertFalse(session.recorder.events.isEmpty)
        XCTAssertEqual(before.events, session.recorder.events)
        XCTAssertEqual(after.events, session.recorder.events, "the listener after the slow one: same events, same order")
        XCTAssertEqual(after.totals.last, 6)
    }

    // MARK: - (d) The same listener added twice

    func test_theSameListenerAddedTwice_hearsEachEventOnce() async throws {
        let watchdog = Watchdog(#function)
        defer { watchdog.disarm() }
        session = try await V2TestSession(peers: ["a"])
        let twice = V2EventRecorder()
        for _ in 0..<2 {
            manager.addConversationListener(listener: twice)
            manager.addAdvancedMsgListener(listener: twice)
        }
        defer { remove(twice) }
        await session.settle()
        for recorder in [session.recorder, twice] { recorder.clear() }
        for index in 0..<3 { try session.server.sendText("m\(index)", from: "a", toUser: "me") }
        await session.settle()
        try await manager.setConversationDraft(conversationID: "c2c_a", draftText: "d")
        await session.settle()
        XCTAssertFalse(twice.events.isEmpty)
        XCTAssertEqual(twice.events, session.recorder.events, "added twice, heard once")
        // One removal removes it, however often it was added.
        remove(twice)
        try session.server.sendText("after", from: "a", toUser: "me")
        await session.settle()
        XCTAssertFalse(twice.events.contains(.message("after")))
    }

    // MARK: - Helpers

    private func remove(_ listener: AnyObject) {
        if let listener = listener as? V2TIMConversationListener { manager.removeConversationListener(listener: listener) }
        if let listener = listener as? V2TIMAdvancedMsgListener { manager.removeAdvancedMsgListener(listener: listener) }
    }

    /// Polls `condition` until it holds, failing after a deadline (a deadlock fails, never hangs).
    private func eventually(_ what: String, timeout: TimeInterval = 5, _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try await condition() { return }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        XCTFail("timed out waiting until \(what)")
    }
}

/// A listener whose behaviour each test sets: closures run inside the events.
final class HookListener: V2TIMConversationListener, V2TIMAdvancedMsgListener, @unchecked Sendable {
    // Set before registration, read on the callback queue only.
    var new: ([V2TIMConversation]) -> Void = { _ in }
    var changed: ([V2TIMConversation]) -> Void = { _ in }
    var messages: (V2TIMMessage) -> Void = { _ in }
    private let received = Locked(0)

    var messageCount: Int { received.withLock { $0 } }

    func onNewConversation(conversationList: [V2TIMConversation]) { new(conversationList) }
    func onConversationChanged(conversationList: [V2TIMConversation]) { changed(conversationList) }
    func onRecvNewMessage(msg: V2TIMMessage) {
        received.withLock { $0 += 1 }
        messages(msg)
    }
}
