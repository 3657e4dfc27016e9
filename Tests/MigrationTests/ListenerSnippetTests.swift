import ImSDK
import ImSDK_Plus
import XCTest

/// (e) Listeners: the legacy refresh and message listeners, the V2 conversation and message listeners.
final class ListenerSnippetTests: SnippetTestCase {
    func test_legacyListeners_reloadTheListAndSeeTheMessage() async throws {
        try register(["me", "a"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy)
        legacy.log.clear()
        try server.sendText("hello", from: "a", toUser: "me")
        let rows = await legacy.log.waitForReload { $0 == [InboxRow(id: "a", title: "a", unread: 1, lastText: "hello")] }
        XCTAssertNotNil(rows, "onRefreshConversations reloads the list")
        await settle()
        let lastIncoming = await onCallbackQueue { legacy.lastIncoming }
        XCTAssertEqual(lastIncoming, "hello")
    }

    func test_v2Listeners_reloadTheList_followTheTotal_andSeeTheMessage() async throws {
        try register(["me", "a"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        await onCallbackQueue { v2.updateUnreadCounts(peer: "a") }
        await settle()
        try server.sendText("hello", from: "a", toUser: "me")
        let rows = await v2.log.waitForReload { $0 == [InboxRow(id: "c2c_a", title: "a", unread: 1, lastText: "hello")] }
        XCTAssertNotNil(rows, "onNewConversation reloads the list")
        try server.sendText("again", from: "a", toUser: "me")
        let changed = await v2.log.waitForReload { $0.first?.unread == 2 }
        XCTAssertEqual(changed?.first?.lastText, "again", "onConversationChanged reloads the list")
        await settle()
        let (badge, lastIncoming) = await onCallbackQueue { (v2.badge, v2.lastIncoming) }
        XCTAssertEqual(badge, 2, "onTotalUnreadMessageCountChanged, after the first getTotalUnreadMessageCount")
        XCTAssertEqual(lastIncoming, "again")
    }

    func test_v2Total_isNotAnnounced_beforeTheFirstQuery() async throws {
        try register(["me", "a"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        try server.sendText("hello", from: "a", toUser: "me")
        await settle()
        let badge = await onCallbackQueue { v2.badge }
        XCTAssertEqual(badge, 0, "call getTotalUnreadMessageCount once to start the total's events")
    }

    func test_readsThroughOneAPI_reachTheListenersOfTheOther() async throws {
        try register(["me", "a", "b"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy, configure: { $0.useServerUnreadCounts() })
        let v2 = InboxScreen()
        let server = server!
        await onCallbackQueue { v2.setUpSDK(server: server) }
        try server.sendText("from a", from: "a", toUser: "me")
        try server.sendText("from b", from: "b", toUser: "me")
        await settle()

        legacy.log.clear()
        await onCallbackQueue { v2.markAllRead(peer: "a") }
        let legacyRows = await legacy.log.waitForReload { $0.first { $0.id == "a" }?.unread == 0 }
        XCTAssertNotNil(legacyRows, "a V2 read reaches onRefreshConversations")

        v2.log.clear()
        await onCallbackQueue { legacy.markAllRead(peer: "b") }
        let v2Rows = await v2.log.waitForReload { $0.first { $0.id == "c2c_b" }?.unread == 0 }
        XCTAssertNotNil(v2Rows, "a legacy read reaches onConversationChanged")
    }

    func test_listeners_areHeldWeakly_inBothAPIs() async throws {
        try register(["me", "a"])
        weak var legacyScreen: LegacyInboxScreen?
        weak var v2Screen: InboxScreen?
        let server = server!
        do {
            let legacy = LegacyInboxScreen()
            await legacyLogIn(legacy)
            let v2 = InboxScreen()
            await onCallbackQueue { v2.setUpSDK(server: server) }
            legacyScreen = legacy
            v2Screen = v2
        }
        await settle()
        XCTAssertNil(legacyScreen, "TIMUserConfig.refreshListener and add(_:) hold the screen weakly")
        XCTAssertNil(v2Screen, "addConversationListener and addAdvancedMsgListener hold the screen weakly")
        try server.sendText("hello", from: "a", toUser: "me")
        await settle()
    }
}
