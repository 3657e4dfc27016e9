import ImSDK
import ImSDK_Plus
import XCTest

/// (b) The conversation list: the legacy list at once, the V2 list page by page.
final class ConversationListSnippetTests: SnippetTestCase {
    func test_bothLists_showTheSameConversationsInTheSameOrder_butOnlyLegacyShowsSystem() async throws {
        let peers = (0..<120).map { "p" + String(1000 + $0).dropFirst() }
        try register(["me"] + peers)
        try server.createGroup("g", name: "G", members: ["me", "p000"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy)
        for (index, peer) in peers.enumerated() {
            for n in 0...(index % 3) { try server.sendText("\(peer) \(n)", from: peer, toUser: "me") }
        }
        try server.sendText("to the group", from: "p000", toGroup: "g")
        await settle()
        await onCallbackQueue {
            let draft = TIMMessageDraft()
            let text = TIMTextElem()
            text.text = "a note"
            draft.add(text)
            TIMManager.sharedInstance().getConversation(.SYSTEM, receiver: "").setDraft(draft)
        }

        let legacyRows = await onCallbackQueue { () -> [InboxRow] in
            legacy.reloadConversations()
            return legacy.rows
        }
        let v2 = InboxScreen()
        await onCallbackQueue { v2.reloadConversations() }
        let v2Rows = await v2.log.waitForReload { _ in true }

        XCTAssertEqual(legacyRows.count, 122, "120 chats, the group and SYSTEM")
        XCTAssertEqual(v2Rows?.count, 121, "more than one page of 100, without SYSTEM")
        XCTAssertEqual(legacyRows.first?.id, "", "the SYSTEM conversation, newest (its draft)")
        let legacyWithoutSystem = legacyRows.filter { !$0.id.isEmpty }
        XCTAssertEqual(legacyWithoutSystem.map(\.title), v2Rows?.map(\.title))
        XCTAssertEqual(legacyWithoutSystem.map(\.unread), v2Rows?.map(\.unread))
        XCTAssertEqual(legacyWithoutSystem.map(\.lastText), v2Rows?.map(\.lastText))
        XCTAssertEqual(v2Rows?.first { $0.id == "group_g" }?.title, "G")
        XCTAssertEqual(v2Rows?.first { $0.id == "c2c_p002" }?.unread, 3)
        XCTAssertEqual(v2Rows?.first { $0.id == "c2c_p002" }?.lastText, "p002 2")
        XCTAssertEqual(legacy.log.failures + v2.log.failures, [])
    }

    func test_bothLists_areEmpty_beforeTheFirstMessage() async throws {
        try register(["me"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        let legacy = LegacyInboxScreen()
        let legacyRows = await onCallbackQueue { () -> [InboxRow] in
            legacy.reloadConversations()
            return legacy.rows
        }
        await onCallbackQueue { v2.reloadConversations() }
        let v2Rows = await v2.log.waitForReload { _ in true }
        XCTAssertEqual(legacyRows, [])
        XCTAssertEqual(v2Rows, [])
    }

    func test_lists_whenLoggedOut_legacyIsEmpty_v2Fails() async throws {
        let legacy = LegacyInboxScreen()
        let v2 = InboxScreen()
        let legacyRows = await onCallbackQueue { () -> [InboxRow] in
            legacy.reloadConversations()
            return legacy.rows
        }
        await onCallbackQueue { v2.reloadConversations() }
        await v2.log.wait { $0.contains { $0.isFailure } }
        XCTAssertEqual(legacyRows, [], "the legacy list has no error path: it is empty")
        XCTAssertEqual(v2.log.failures, [6013], "V2 reports the error to fail")
    }
}
