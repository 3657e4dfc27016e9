import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
import ImSDK
import ImSDK_Plus

/// Messages I send through the legacy API: `onNewMessage` of the sending device never hears of
/// them (nor its V2 `onRecvNewMessage`, on the same session); my other device and the peer do.
final class LegacyOwnMessageTests: XCTestCase {
    private var session: LegacyTestSession!
    private var tablet: V2TestSession!
    private var peer: V2TestSession!
    private let legacy = LegacyMessageRecorder()
    /// The V2 listener of the same session as `legacy`.
    private let v2 = V2EventRecorder()

    override func tearDown() {
        TIMManager.sharedInstance().removeMessageListener(legacy)
        V2TIMManager.sharedInstance().removeAdvancedMsgListener(listener: v2)
        tablet?.tearDown()
        peer?.tearDown()
        session?.tearDown()
        (session, tablet, peer) = (nil, nil, nil)
        super.tearDown()
    }

    /// Logs me in through the legacy API with both listener kinds, then my tablet and peer "a".
    private func devices() async throws {
        session = try await LegacyTestSession(peers: ["a", "b"])
        TIMManager.sharedInstance().addMessageListener(legacy)
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: v2)
        tablet = try await V2TestSession(server: session.server, instance: V2TIMManager.makeInstance())
        peer = try await V2TestSession(userID: "a", server: session.server, instance: V2TIMManager.makeInstance())
        await settleAll()
        for recorder in [v2, tablet.recorder, peer.recorder] { recorder.clear() }
        legacy.clear()
    }

    private func settleAll() async {
        await session.settle()
        await tablet?.settle()
        await peer?.settle()
        await session.settle()
    }

    private func text(_ text: String) -> TIMMessage {
        let message = TIMMessage()
        let elem = TIMTextElem()
        elem.text = text
        message.add(elem)
        return message
    }

    private func received(_ conversationID: String, _ seq: UInt64, from sender: String, isSelf: Bool, _ text: String)
        -> ReceivedMessage {
        ReceivedMessage(conversationID: conversationID, seq: seq, sender: sender, isSelf: isSelf, text: text)
    }

    func test_send_andSendOnlineMessage_reachMyOtherDeviceAndThePeerOnce_butNeitherListenerOfTheSender() async throws {
        try await devices()
        let conversation = try XCTUnwrap(TIMManager.sharedInstance().getConversation(.C2C, receiver: "a"))
        let stored = text("stored")
        let online = text("online")
        try await call { conversation.send(stored, succ: $0, fail: $1) }
        try await call { conversation.sendOnlineMessage(online, succ: $0, fail: $1) }
        await settleAll()

        XCTAssertEqual(legacy.received, [], "legacy onNewMessage of the sending device")
        XCTAssertEqual(legacy.calls, 0)
        XCTAssertEqual(v2.received, [], "V2 onRecvNewMessage of the sending device")
        XCTAssertEqual(tablet.recorder.received, [
            received("c2c_a", 1, from: "me", isSelf: true, "stored"),
            received("c2c_a", 0, from: "me", isSelf: true, "online"),
        ], "my other device, once each")
        XCTAssertEqual(peer.recorder.received, [
            received("c2c_me", 1, from: "me", isSelf: false, "stored"),
            received("c2c_me", 0, from: "me", isSelf: false, "online"),
        ], "the peer, once each")
        XCTAssertEqual((conversation.getLastMsg()?.getElem(0) as? TIMTextElem)?.text, "stored",
                       "an online message is not the last message")
        XCTAssertEqual(conversation.getLastMsg()?.isSelf(), true)
        XCTAssertEqual(conversation.getUnReadMessageNum(), 0)
    }

    func test_messagesFromThePeerAndFromMyOtherDevice_reachBothListenersOfThisDevice_onceEach() async throws {
        try await devices()
        try session.server.sendText("from a", from: "a", toUser: "me")
        let fromTablet = Unchecked(tablet.manager.createTextMessage(text: "from the tablet")!)
        let manager = tablet.manager
        try await call { succ, fail in
            manager.sendMessage(message: fromTablet.value, receiver: "a", groupID: nil, priority: .PRIORITY_DEFAULT,
                                onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: succ, fail: fail)
        }
        await settleAll()

        let expected = [
            received("c2c_a", 1, from: "a", isSelf: false, "from a"),
            received("c2c_a", 2, from: "me", isSelf: true, "from the tablet"),
        ]
        XCTAssertEqual(legacy.received, expected, "legacy")
        XCTAssertEqual(v2.received, expected, "V2")
    }

    func test_onlineMessage_reachesOnlyTheReceiversOnlineWhenItIsSent() async throws {
        try await devices()
        let conversation = try XCTUnwrap(TIMManager.sharedInstance().getConversation(.C2C, receiver: "b"))
        let online = text("online")
        try await call { conversation.sendOnlineMessage(online, succ: $0, fail: $1) }
        await settleAll()
        XCTAssertEqual(tablet.recorder.received, [received("c2c_b", 0, from: "me", isSelf: true, "online")])

        let late = try await V2TestSession(userID: "b", server: session.server, instance: V2TIMManager.makeInstance())
        defer { late.tearDown() }
        await late.settle()
        XCTAssertEqual(late.recorder.received, [], "b was offline when it was sent")
        let list = try await late.walk().list
        XCTAssertFalse(list.contains { $0.lastMessage?.textElem?.text == "online" }, "nor does b's list show it")
        XCTAssertFalse(list.contains { $0.conversationID == "c2c_me" }, "nor start with it")
    }
}
