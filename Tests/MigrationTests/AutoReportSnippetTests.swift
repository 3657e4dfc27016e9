import IMTestSupport
import ImSDK
import ImSDK_Plus
import XCTest

/// (f) Auto report: the legacy default against the multi-device unread counts of V2.
final class AutoReportSnippetTests: SnippetTestCase {
    private func unreadOfA() async throws -> Int32 {
        try await V2TIMManager.sharedInstance().getConversation(conversationID: "c2c_a").unreadCount
    }

    /// Another device of "me" reads the chat with a.
    private func readOnAnotherDevice() async throws {
        let device = try await RawDevice(userID: "me", transport: server)
        try await device.send(.markRead(.c2c("a"), upTo: .max))
        device.close()
        await settle()
    }

    func test_legacyDefault_keepsThisDevicesCount_butTheServerCountsTheMessagesRead() async throws {
        try register(["me", "a"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy)
        for n in 1...2 { try server.sendText("a\(n)", from: "a", toUser: "me") }
        await settle()

        let v2 = InboxScreen()
        await onCallbackQueue { v2.updateUnreadCounts(peer: "a") }
        await settle()
        let v2Count = await onCallbackQueue { v2.peerUnread }
        XCTAssertEqual(v2Count, 2, "V2 calls on a legacy session see this device's own count")

        try await readOnAnotherDevice()
        let afterOtherDevice = try await unreadOfA()
        XCTAssertEqual(afterOtherDevice, 2, "reads elsewhere do not reach an auto-report device")

        try await logOut()
        await legacyLogIn(legacy)
        let afterLogin = try await unreadOfA()
        XCTAssertEqual(afterLogin, 2, "this device keeps its own count in its local store")
        let cloudUnread = try await unreadOnTheServer()
        XCTAssertEqual(cloudUnread, 0, "the server counted them read when this device received them")
    }

    /// What a device without a local store would see: the server's unread count of the chat with a.
    private func unreadOnTheServer() async throws -> Int {
        let device = try await RawDevice(userID: "me", transport: server)
        defer { device.close() }
        guard case .changes(let changes) = try await device.send(.syncChanges(since: 0)) else { return -1 }
        return changes.conversations.first { $0.id == .c2c("a") }?.unreadMessages.count ?? 0
    }

    func test_legacyDisableAutoReport_keepsMessagesUnreadOnTheServer_andReadsRoam() async throws {
        try register(["me", "a"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy, configure: { $0.useServerUnreadCounts() })
        for n in 1...2 { try server.sendText("a\(n)", from: "a", toUser: "me") }
        await settle()

        try await logOut()
        await legacyLogIn(legacy, configure: { $0.useServerUnreadCounts() })
        let afterLogin = try await unreadOfA()
        XCTAssertEqual(afterLogin, 2, "still unread at the next login")

        legacy.log.clear()
        try await readOnAnotherDevice()
        let rows = await legacy.log.waitForReload { $0.first { $0.id == "a" }?.unread == 0 }
        XCTAssertNotNil(rows, "onRefreshConversations brings the read made on the other device")
    }

    func test_v2Login_keepsMessagesUnreadOnTheServer_andReadsRoam() async throws {
        try register(["me", "a"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        try await logOut()
        // While the device is away: the next login's sync pulls them. (Sent to the device online,
        // each push is reported as it comes, and a report still in flight when the logout closes
        // the connection is not made again: see the note on `reportPulled`.)
        for n in 1...2 { try server.sendText("a\(n)", from: "a", toUser: "me") }
        await v2LogIn(v2)
        let afterLogin = try await unreadOfA()
        XCTAssertEqual(afterLogin, 2, "still unread at the next login")

        v2.log.clear()
        try await readOnAnotherDevice()
        let rows = await v2.log.waitForReload { $0.first { $0.id == "c2c_a" }?.unread == 0 }
        XCTAssertNotNil(rows, "onConversationChanged brings the read made on the other device")
    }

    func test_v2Login_afterLegacySetup_keepsTheLegacyAutoReport() async throws {
        try register(["me", "a"])
        let legacy = LegacyInboxScreen()
        let v2 = InboxScreen()
        let server = server!
        await onCallbackQueue { legacy.setUpSDK(server: server) }
        await v2LogIn(v2)
        try await logOut()
        // While the device is away: the next login's sync pulls them. (Sent to the device online,
        // each push is reported as it comes, and a report still in flight when the logout closes
        // the connection is not made again: see the note on `reportPulled`.)
        for n in 1...2 { try server.sendText("a\(n)", from: "a", toUser: "me") }
        await v2LogIn(v2)
        let afterLogin = try await unreadOfA()
        XCTAssertEqual(afterLogin, 2, "the local store keeps this device's count")
        // The login's sync reports what it pulled on its own, after the login's answer.
        var cloudUnread = try await unreadOnTheServer()
        for _ in 0..<500 where cloudUnread != 0 {
            try await Task.sleep(nanoseconds: 10_000_000)
            cloudUnread = try await unreadOnTheServer()
        }
        XCTAssertEqual(cloudUnread, 0, "TIMManager.initSdk and setUserConfig decide the session's read behaviour")
    }
}
