import ImSDK
import ImSDK_Plus
import XCTest

/// (h) Deleting a conversation: the legacy delete keeps messages, the V2 delete removes them everywhere.
final class DeleteSnippetTests: SnippetTestCase {
    /// The texts of a's chat: from this device (legacy `getLocalMessage`) and from the server.
    private func texts(local: Bool) async -> [String] {
        await withCheckedContinuation { continuation in
            let conversation = TIMManager.sharedInstance().getConversation(.C2C, receiver: "a")!
            let succ: TIMGetMsgSucc = { msgs in
                let texts = (msgs ?? []).compactMap { (($0 as? TIMMessage)?.getElem(0) as? TIMTextElem)?.text }
                continuation.resume(returning: texts)
            }
            if local {
                conversation.getLocalMessage(10, last: nil, succ: succ, fail: { _, _ in continuation.resume(returning: []) })
            } else {
                conversation.getMessage(10, last: nil, succ: succ, fail: { _, _ in continuation.resume(returning: []) })
            }
        }
    }

    func test_legacyDelete_keepsTheMessages_whichComeBackReadWithTheNextOne() async throws {
        try register(["me", "a"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy)
        for text in ["one", "two"] { try server.sendText(text, from: "a", toUser: "me") }
        await settle()
        let rows = await onCallbackQueue { () -> [InboxRow] in
            legacy.delete(peer: "a")
            return legacy.rows
        }
        XCTAssertEqual(rows, [])

        try server.sendText("three", from: "a", toUser: "me")
        await settle()
        let local = await texts(local: true)
        let cloud = await texts(local: false)
        XCTAssertEqual(local, ["three", "two", "one"])
        XCTAssertEqual(cloud, ["three", "two", "one"])
        let unread = TIMManager.sharedInstance().getConversation(.C2C, receiver: "a").getUnReadMessageNum()
        XCTAssertEqual(unread, 1)
    }

    func test_legacyDeleteAndMessages_deletesLocalMessagesOnly() async throws {
        try register(["me", "a"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy)
        for text in ["one", "two"] { try server.sendText(text, from: "a", toUser: "me") }
        await settle()
        XCTAssertTrue(TIMManager.sharedInstance().deleteConversationAndMessages(.C2C, receiver: "a"))
        try server.sendText("three", from: "a", toUser: "me")
        await settle()
        let local = await texts(local: true)
        let cloud = await texts(local: false)
        XCTAssertEqual(local, ["three"])
        XCTAssertEqual(cloud, ["three", "two", "one"])
    }

    func test_v2Delete_removesTheRow_andTheMessagesOnTheServerToo() async throws {
        try register(["me", "a"])
        let v2 = InboxScreen()
        await v2LogIn(v2)
        for text in ["one", "two"] { try server.sendText(text, from: "a", toUser: "me") }
        _ = await v2.log.waitForReload { $0.first?.unread == 2 }
        await settle()
        v2.log.clear()
        await onCallbackQueue { v2.delete(peer: "a") }
        let rows = await v2.log.waitForReload { $0.isEmpty }
        XCTAssertNotNil(rows, "onConversationDeleted removes the row")

        try server.sendText("three", from: "a", toUser: "me")
        await settle()
        let cloud = await texts(local: false)
        XCTAssertEqual(cloud, ["three"])
        XCTAssertEqual(v2.log.failures, [])
    }
}
