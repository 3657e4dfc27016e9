import IMTestSupport
import ImSDK
import ImSDK_Plus
import IMReferenceServer
import IMTransportKit
import XCTest

/// (i) Revoked messages and read receipts: the legacy listeners (through `TIMUserConfig`, with
/// `enableReadReceipt`) and the V2 message listener hear the same events; both revoke calls revoke.
final class RevokeSnippetTests: SnippetTestCase {
    func test_legacyListeners_hearThePeersRevokeAndReadReceipt_andTheLegacyRevokeRevokes() async throws {
        try register(["me", "a"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy) { $0.listenForRevokesAndReceipts() }
        try server.sendText("oops", from: "a", toUser: "me")
        await settle()
        try server.revokeMessage(seq: 1, from: "a", toUser: "me")
        await settle()
        let notice = await onCallbackQueue { legacy.revokedNotice }
        XCTAssertEqual(notice, "a revoked a message")
        XCTAssertEqual(TIMManager.sharedInstance().getConversation(.C2C, receiver: "a").getLastMsg()?.status(),
                       .MSG_STATUS_LOCAL_REVOKED)

        let message = TIMMessage()
        let elem = TIMTextElem()
        elem.text = "mine"
        message.add(elem)
        try await call { succ, fail in
            TIMManager.sharedInstance().getConversation(.C2C, receiver: "a").send(message, succ: succ, fail: fail)
        }
        try server.markC2CRead(reader: "a", peer: "me")
        await settle()
        let read = await onCallbackQueue { legacy.readByPeer["a"] }
        XCTAssertEqual(read, Int(message.timestamp().timeIntervalSince1970))
        XCTAssertTrue(message.isPeerReaded())

        let boxed = Unchecked(message)
        await onCallbackQueue { legacy.revoke(boxed.value) }
        await settle()
        XCTAssertEqual(legacy.log.failures, [])
        XCTAssertEqual(message.status(), .MSG_STATUS_LOCAL_REVOKED)
    }

    func test_v2Listener_hearsThePeersRevokeAndReadReceipt_andTheV2RevokeRevokes() async throws {
        try register(["me", "a"])
        let screen = InboxScreen()
        await v2LogIn(screen)
        try server.sendText("oops", from: "a", toUser: "me")
        await settle()
        try server.revokeMessage(seq: 1, from: "a", toUser: "me")
        await settle()
        let notice = await onCallbackQueue { screen.revokedNotice }
        XCTAssertEqual(notice, "a revoked a message")

        let message = try XCTUnwrap(V2TIMManager.sharedInstance().createTextMessage(text: "mine"))
        _ = try await V2TIMManager.sharedInstance().sendMessage(message: message, receiver: "a", groupID: nil)
        try server.markC2CRead(reader: "a", peer: "me")
        await settle()
        let read = await onCallbackQueue { screen.readByPeer["a"] }
        XCTAssertEqual(read, Int(message.timestamp.timeIntervalSince1970))

        let boxed = Unchecked(message)
        await onCallbackQueue { screen.revoke(boxed.value) }
        await settle()
        XCTAssertEqual(screen.log.failures, [])
        let last = try await V2TIMManager.sharedInstance().getConversation(conversationID: "c2c_a").lastMessage
        XCTAssertEqual(last?.status, .MSG_STATUS_LOCAL_REVOKED)
    }
}
