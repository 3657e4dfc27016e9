import ImSDK
import ImSDK_Plus
import XCTest

/// (c) Unread counts: per conversation and in total.
final class UnreadSnippetTests: SnippetTestCase {
    /// a sends 3 to me, b sends 1, and a sends 2 to group g, which I muted.
    private func sendToMe() async throws {
        try server.createGroup("g", name: "G", members: ["me", "a", "b"])
        try await V2TIMManager.sharedInstance().setGroupReceiveMessageOpt(groupID: "g", opt: .RECEIVE_NOT_NOTIFY_MESSAGE)
        for n in 1...3 { try server.sendText("a\(n)", from: "a", toUser: "me") }
        try server.sendText("b1", from: "b", toUser: "me")
        for n in 1...2 { try server.sendText("g\(n)", from: "a", toGroup: "g") }
        await settle()
    }

    func test_perConversationCounts_agree_butOnlyTheV2TotalLeavesOutMutedConversations() async throws {
        try register(["me", "a", "b"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        try await sendToMe()
        let legacy = LegacyInboxScreen()

        let legacyCounts = await onCallbackQueue { () -> [Int] in
            legacy.updateUnreadCounts(peer: "a")
            return [legacy.peerUnread, legacy.badge]
        }
        await onCallbackQueue { v2.updateUnreadCounts(peer: "a") }
        await settle()
        let v2Counts = await onCallbackQueue { [v2.peerUnread, v2.badge] }

        XCTAssertEqual(legacyCounts, [3, 6], "the legacy sum counts the muted group's 2")
        XCTAssertEqual(v2Counts, [3, 4], "the V2 total leaves the muted group out")
        XCTAssertEqual(v2.log.failures, [])
    }

    func test_v2Total_followsNewMessages_throughTheListener_afterTheFirstQuery() async throws {
        try register(["me", "a", "b"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        try await sendToMe()
        await onCallbackQueue { v2.updateUnreadCounts(peer: "a") }
        await settle()
        try server.sendText("b2", from: "b", toUser: "me")
        try server.sendText("g3", from: "a", toGroup: "g")
        await settle()
        let badge = await onCallbackQueue { v2.badge }
        XCTAssertEqual(badge, 5, "b2 counts, g3 (muted) does not")
    }

    func test_chatWithoutMessages_legacyReadsZero_v2Fails6004() async throws {
        try register(["me", "nobody"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        let legacy = LegacyInboxScreen()
        let legacyCount = await onCallbackQueue { () -> Int in
            legacy.updateUnreadCounts(peer: "nobody")
            return legacy.peerUnread
        }
        await onCallbackQueue { v2.updateUnreadCounts(peer: "nobody") }
        await settle()
        XCTAssertEqual(legacyCount, 0)
        XCTAssertEqual(v2.log.failures, [6004])
        let badge = await onCallbackQueue { v2.badge }
        XCTAssertEqual(badge, 0)
    }
}
