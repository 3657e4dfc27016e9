import ImSDK
import ImSDK_Plus
import IMTransportKit
import XCTest

/// (g) Handing conversations and messages from one API to the other.
final class ConversionSnippetTests: SnippetTestCase {
    func test_legacyToV2_handsTheChatScreenAV2SnapshotAndMessage() async throws {
        try register(["me", "a"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy)
        for text in ["one", "two"] { try server.sendText(text, from: "a", toUser: "me") }
        await settle()

        let opened = await onCallbackQueue { () -> [String?] in
            legacy.didSelect(TIMManager.sharedInstance().getConversation(.C2C, receiver: "a"))
            let chat = legacy.openChat
            return [chat?.conversation.conversationID, chat?.conversation.userID, chat.map { "\($0.conversation.unreadCount)" },
                    chat?.lastSeen?.textElem?.text, chat.map { "\($0.lastSeen?.seq ?? 0)" }]
        }
        XCTAssertEqual(opened, ["c2c_a", "a", "2", "two", "2"])
    }

    func test_legacyToV2_opensNothing_forSystemOrAChatWithoutMessages() async throws {
        try register(["me", "b"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy)
        let opened = await onCallbackQueue { () -> Bool in
            let draft = TIMMessageDraft()
            let text = TIMTextElem()
            text.text = "note"
            draft.add(text)
            let system = TIMManager.sharedInstance().getConversation(.SYSTEM, receiver: "")!
            system.setDraft(draft)
            legacy.didSelect(system)
            legacy.didSelect(TIMManager.sharedInstance().getConversation(.C2C, receiver: "b"))
            return legacy.openChat != nil
        }
        XCTAssertFalse(opened)
    }

    func test_v2ToLegacy_handsTheLegacyHandle_andReadsUpToWhatTheListShowed() async throws {
        try register(["me", "a"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        for text in ["one", "two"] { try server.sendText(text, from: "a", toUser: "me") }
        await settle()
        let shown = Unchecked(try await V2TIMManager.sharedInstance().getConversation(conversationID: "c2c_a"))
        try server.sendText("three", from: "a", toUser: "me")
        await settle()

        let opened = await onCallbackQueue { () -> [String?] in
            v2.didSelect(shown.value)
            let chat = v2.openLegacyChat
            return [chat?.conversation.getReceiver(), chat?.conversation.v2ConversationID,
                    chat.map { "\($0.conversation.getType())" }]
        }
        await settle()
        XCTAssertEqual(opened, ["a", "c2c_a", "C2C"])
        let unread = try await V2TIMManager.sharedInstance().getConversation(conversationID: "c2c_a").unreadCount
        XCTAssertEqual(unread, 1, "\"three\" arrived after the list showed \"two\"")
        XCTAssertEqual(v2.log.failures, [])
    }

    func test_enumConversions_mapTheSharedValues_andSystemToNil() {
        XCTAssertEqual(V2TIMConversationType(legacy: .C2C), .C2C)
        XCTAssertEqual(V2TIMConversationType(legacy: .GROUP), .GROUP)
        XCTAssertNil(V2TIMConversationType(legacy: .SYSTEM))
        XCTAssertNil(TIMConversationType(v2: .UNKNOWN))
        XCTAssertEqual(V2TIMReceiveMessageOpt(legacy: .GROUP_RECEIVE_NOT_NOTIFY_MESSAGE), .RECEIVE_NOT_NOTIFY_MESSAGE)
        XCTAssertEqual(TIMGroupReceiveMessageOpt(v2: .NOT_RECEIVE_MESSAGE_EXCEPT_AT), .GROUP_NOT_RECEIVE_MESSAGE)
        XCTAssertEqual(V2TIMMessageStatus(legacy: .MSG_STATUS_LOCAL_STORED), .MSG_STATUS_LOCAL_IMPORTED)
        XCTAssertEqual(TIMGroupAtType(v2: .AT_ALL_AT_ME), .AT_ALL_AT_ME)
    }
}
