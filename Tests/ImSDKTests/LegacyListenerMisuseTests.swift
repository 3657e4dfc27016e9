import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
import ImSDK
import ImSDK_Plus

/// Legacy listeners that misbehave: re-entering the SDK from `onNewMessage` and
/// `onRefreshConversations`, removing themselves, logging out, being released while registered,
/// blocking, or being added twice. A watchdog fails a deadlock instead of hanging.
final class LegacyListenerMisuseTests: XCTestCase {
    private var session: LegacyTestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private var manager: TIMManager { TIMManager.sharedInstance() }

    func test_listenersThatReadAndReadMessagesFromInsideTheirEvents_neitherDeadlockNorSeeWrongCounts() async throws {
        let watchdog = Watchdog(#function)
        defer { watchdog.disarm() }
        let refresh = LegacyHookListener()
        session = try await LegacyTestSession(peers: ["a", "b"]) { config in
            config.disableAutoReport = true
            config.refreshListener = refresh
        }
        let manager = self.manager
        let seen = Locked<[String]>([])
        refresh.conversations = { list in
            for conversation in list {
                // Reads from inside the refresh: the count is the current one.
                let unread = conversation.getUnReadMessageNum()
                let again = manager.getConversation(conversation.getType(), receiver: conversation.getReceiver())?.getUnReadMessageNum()
                seen.withLock { $0.append("\(conversation.getReceiver() ?? "") \(unread) \(again ?? -1) of \(manager.conversationCount())") }
            }
        }
        let reader = LegacyHookListener()
        reader.messages = { messages in
            // Mark a's messages read from inside the message event: a refresh follows, with 0.
            for case let message as TIMMessage in messages where message.sender() == "a" {
                message.getConversation()?.setReadMessage(nil, succ: nil, fail: nil)
            }
            _ = manager.getConversationList()
        }
        manager.add(reader)
        defer { manager.remove(reader) }

        try session.server.sendText("read me", from: "a", toUser: "me")
        try session.server.sendText("keep me", from: "b", toUser: "me")
        // Wait for the refresh that follows the listener's read, showing 0. (Waiting for a's count
        // to read 0 proved nothing: a handle of a conversation that has not arrived yet reads 0 too,
        // and the read, a server round trip started inside the event, could then land after settle.)
        try await eventually("the refresh after the read shows 0") {
            seen.withLock { $0 }.contains { $0.hasPrefix("a 0 0 of") }
        }
        await session.settle()
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "a").getUnReadMessageNum(), 0)
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "b").getUnReadMessageNum(), 1)
        XCTAssertEqual(reader.messageCount, 2)
        let lines = seen.withLock { $0 }
        // Both are live reads of the store, and the read can land between them (it is applied on
        // another thread): the fresh handle never shows more than the event's one did.
        XCTAssertTrue(lines.allSatisfy { line in
            let counts = line.split(separator: " ").dropFirst().prefix(2).compactMap { Int($0) }
            return counts.count == 2 && counts[1] <= counts[0]
        }, "a handle in the event and a fresh one agree: \(lines)")
    }

    func test_aMessageListenerThatRemovesItselfOrLogsOut_insideTheEvent() async throws {
        let watchdog = Watchdog(#function)
        defer { watchdog.disarm() }
        session = try await LegacyTestSession(peers: ["a"]) { $0.disableAutoReport = true }
        let manager = self.manager
        let quitter = LegacyHookListener()
        quitter.messages = { [unowned quitter] _ in manager.removeMessageListener(quitter) }
        let leaver = LegacyHookListener()
        let logout = Locked<[Int32]>([])
        leaver.messages = { [unowned leaver] _ in
            if leaver.messageCount == 2 {
                manager.logout({ logout.withLock { $0.append(0) } }, fail: { code, _ in logout.withLock { $0.append(code) } })
                logout.withLock { $0.append(manager.getConversation(.C2C, receiver: "a") == nil ? 6014 : -1) }
            }
        }
        let bystander = LegacyHookListener()
        for listener in [quitter, leaver, bystander] { manager.addMessageListener(listener) }
        defer { for listener in [quitter, leaver, bystander] { manager.removeMessageListener(listener) } }

        for index in 0..<2 { try session.server.sendText("m\(index)", from: "a", toUser: "me") }
        try await eventually("the listener logged out") { logout.withLock { $0.count } == 2 }
        XCTAssertEqual(logout.withLock { $0 }.sorted(), [0, 6014])
        XCTAssertEqual(quitter.messageCount, 1, "removed inside its first event")
        XCTAssertEqual(bystander.messageCount, 2, "the others heard both, once each")
        XCTAssertEqual(manager.getLoginStatus(), .STATUS_LOGOUT)
        try session.server.sendText("while out", from: "a", toUser: "me")
        try await session.login()
        await session.settle()
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "a").getUnReadMessageNum(), 3)
        XCTAssertEqual(bystander.messageCount, 2, "nothing while logged out")
    }

    func test_releasedBlockingOrDoubledListeners_neitherCrashNorLoseNorRepeatEvents() async throws {
        let watchdog = Watchdog(#function)
        defer { watchdog.disarm() }
        var refresh: LegacyHookListener? = LegacyHookListener()
        session = try await LegacyTestSession(peers: ["a"]) { $0.refreshListener = refresh }
        weak let weakRefresh = refresh
        refresh = nil
        XCTAssertNil(weakRefresh, "TIMUserConfig holds its refresh listener weakly")
        XCTAssertNil(session.userConfig.refreshListener)

        let slow = LegacyHookListener()
        slow.messages = { _ in usleep(20_000) }
        let doubled = LegacyHookListener()
        var released: LegacyHookListener? = LegacyHookListener()
        let manager = self.manager
        manager.add(slow)
        manager.add(doubled)
        manager.addMessageListener(doubled)
        manager.add(released)
        weak let weakReleased = released
        released = nil
        XCTAssertNil(weakReleased, "message listeners are held weakly")
        defer { for listener in [slow, doubled] { manager.remove(listener) } }

        for index in 0..<5 { try session.server.sendText("m\(index)", from: "a", toUser: "me") }
        try await eventually("every message reached the doubled listener") { doubled.messageCount >= 5 }
        await session.settle()
        XCTAssertEqual(doubled.texts, ["m0", "m1", "m2", "m3", "m4"], "added twice, heard once, in order, after the slow one")
        XCTAssertEqual(slow.messageCount, 5)
    }

    /// Polls `condition` until it holds or the deadline passes.
    private func eventually(_ what: String, timeout: TimeInterval = 5, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        XCTFail("timed out waiting until \(what)")
    }
}

/// A legacy listener whose behaviour each test sets.
final class LegacyHookListener: TIMRefreshListener, TIMMessageListener, @unchecked Sendable {
    // Set before registration; called on the callback queue only.
    var conversations: ([TIMConversation]) -> Void = { _ in }
    var messages: ([Any]) -> Void = { _ in }
    private let received = Locked<[String]>([])

    var messageCount: Int { received.withLock { $0.count } }
    var texts: [String] { received.withLock { $0 } }

    func onRefreshConversations(_ conversations: [TIMConversation]) { self.conversations(conversations) }

    func onNewMessage(_ msgs: [Any]!) {
        let list = msgs ?? []
        for message in list {
            let text = ((message as? TIMMessage)?.getElem(0) as? TIMTextElem)?.text ?? ""
            received.withLock { $0.append(text) }
        }
        messages(list)
    }
}
