import IMTestSupport
import ImSDK
import ImSDK_Plus
import IMReferenceServer
import IMTransportKit
import XCTest

/// (d) Read reports: everything, or up to a message.
final class ReadSnippetTests: SnippetTestCase {
    private func unread(_ conversationID: String) async throws -> Int32 {
        try await V2TIMManager.sharedInstance().getConversation(conversationID: conversationID).unreadCount
    }

    func test_legacyReadAll_setsTheCountToZero() async throws {
        try register(["me", "a"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy)
        for n in 1...3 { try server.sendText("a\(n)", from: "a", toUser: "me") }
        await settle()
        legacy.log.clear()
        await onCallbackQueue { legacy.markAllRead(peer: "a") }
        let rows = await legacy.log.waitForReload { $0.first { $0.id == "a" }?.unread == 0 }
        XCTAssertNotNil(rows, "succ reloads the list with the chat read")
        let count = try await unread("c2c_a")
        XCTAssertEqual(count, 0)
    }

    func test_v2ReadAll_setsTheCountToZero_andTheListenerHearsIt() async throws {
        try register(["me", "a"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        for n in 1...3 { try server.sendText("a\(n)", from: "a", toUser: "me") }
        await settle()
        await onCallbackQueue { v2.updateUnreadCounts(peer: "a") }
        await settle()
        v2.log.clear()
        await onCallbackQueue { v2.markAllRead(peer: "a") }
        let rows = await v2.log.waitForReload { $0.first { $0.id == "c2c_a" }?.unread == 0 }
        XCTAssertNotNil(rows, "onConversationChanged reloads the list with the chat read")
        await settle()
        let badge = await onCallbackQueue { v2.badge }
        XCTAssertEqual(badge, 0)
        let count = try await unread("c2c_a")
        XCTAssertEqual(count, 0)
    }

    func test_readAll_ofAChatThatDoesNotExist_fails6004_inBothAPIs() async throws {
        try register(["me", "nobody"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        let legacy = LegacyInboxScreen()
        await onCallbackQueue {
            legacy.markAllRead(peer: "nobody")
            v2.markAllRead(peer: "nobody")
        }
        await settle()
        XCTAssertEqual(legacy.log.failures, [6004])
        XCTAssertEqual(v2.log.failures, [6004])
    }

    func test_legacyReadUpToAMessage_leavesLaterMessagesUnread() async throws {
        let clock = SteppingClock(start: 1_700_000_000)
        try await readUpToSecondMessage(clock: { clock.next() }, expectedLegacy: 1, expectedV2: 1)
    }

    func test_readUpToAMessage_ofC2C_v2ClearsTheWholeSecond_legacyOnlyUpToTheMessage() async throws {
        try await readUpToSecondMessage(clock: { 1_700_000_000 }, expectedLegacy: 1, expectedV2: 0)
    }

    /// a sends 3 messages; the legacy sample reads up to the 2nd, then the V2 sample does.
    private func readUpToSecondMessage(
        clock: @escaping @Sendable () -> UInt64, expectedLegacy: Int32, expectedV2: Int32,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        setServer(IMReferenceServer(clock: clock))
        try register(["me", "a"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy)
        for n in 1...3 { try server.sendText("a\(n)", from: "a", toUser: "me") }
        await settle()

        legacy.log.clear()
        let fetched = MessagesBox()
        await onCallbackQueue {
            TIMManager.sharedInstance().getConversation(.C2C, receiver: "a").getMessage(3, last: nil, succ: { msgs in
                fetched.messages = (msgs ?? []).compactMap { $0 as? TIMMessage }
                guard let second = fetched.messages.first(where: { $0.locator()?.seq == 2 }) else { return }
                legacy.markRead(upTo: second)
            }, fail: nil)
        }
        let reloaded = await legacy.log.waitForReload { _ in true }
        XCTAssertNotNil(reloaded, "succ reloads the list", file: file, line: line)
        let readState = await onCallbackQueue { fetched.messages.map { "\($0.locator()?.seq ?? 0):\($0.isReaded())" } }
        XCTAssertEqual(readState, ["3:false", "2:true", "1:true"], "isReaded() asks the cursor now", file: file, line: line)
        let afterLegacy = try await unread("c2c_a")
        XCTAssertEqual(afterLegacy, expectedLegacy, "legacy", file: file, line: line)

        let v2 = InboxScreen()
        let history = try await historyOfA()
        let second = Unchecked(try XCTUnwrap(history.first { $0.seq == 2 }, file: file, line: line))
        await onCallbackQueue { v2.markRead(upTo: second.value) }
        await settle()
        let afterV2 = try await unread("c2c_a")
        XCTAssertEqual(afterV2, expectedV2, "V2", file: file, line: line)
        XCTAssertEqual(legacy.log.failures + v2.log.failures, [], file: file, line: line)
    }

    func test_v2ReadUpToAMessage_ofAGroup_usesItsSequence() async throws {
        try register(["me", "a"])
        try server.createGroup("g", name: "G", members: ["me", "a"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        for n in 1...3 { try server.sendText("g\(n)", from: "a", toGroup: "g") }
        await settle()
        let history: [V2TIMMessage] = try await callValue { succ, fail in
            V2TIMManager.sharedInstance().getGroupHistoryMessageList(groupID: "g", count: 3, lastMsg: nil, succ: { succ($0 ?? []) }, fail: fail)
        }
        let second = Unchecked(try XCTUnwrap(history.first { $0.seq == 2 }))
        await onCallbackQueue { v2.markRead(upTo: second.value) }
        await settle()
        let count = try await unread("group_g")
        XCTAssertEqual(count, 1)
    }

    private func historyOfA() async throws -> [V2TIMMessage] {
        try await callValue { succ, fail in
            V2TIMManager.sharedInstance().getC2CHistoryMessageList(userID: "a", count: 3, lastMsg: nil, succ: { succ($0 ?? []) }, fail: fail)
        }
    }
}

/// The legacy messages a test fetched, kept for later checks on the callback queue.
private final class MessagesBox: @unchecked Sendable {
    var messages: [TIMMessage] = []
}
