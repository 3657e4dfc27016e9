import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
import ImSDK
@testable import ImSDK_Plus

/// Which devices hear of a message I send: never the device that sent it, every other device of
/// mine (`isSelf` true) and the peers, once each; both listener kinds alike.
final class OwnMessageEventTests: XCTestCase {
    /// Me, on the shared instance (the legacy API's session too).
    private var phone: V2TestSession!
    /// Me, on another instance.
    private var tablet: V2TestSession!
    /// User "a".
    private var peer: V2TestSession!
    /// The legacy `onNewMessage` of the phone, beside its V2 `onRecvNewMessage`.
    private let legacy = LegacyMessageRecorder()

    override func tearDown() {
        logOutAll()
        super.tearDown()
    }

    private func logOutAll() {
        TIMManager.sharedInstance().removeMessageListener(legacy)
        for session in [phone, tablet, peer] { session?.tearDown() }
        (phone, tablet, peer) = (nil, nil, nil)
    }

    /// Logs in the phone (through `phoneTransport` when given), the tablet and the peer; group "g"
    /// has me, "a" and "b".
    private func devices(phoneTransport: ((IMReferenceServer) -> any IMTransport)? = nil) async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)  // phone and tablet are one platform here
        for user in ["me", "a", "b"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        try server.createGroup("g", name: nil, faceURL: nil, members: ["me", "a", "b"])
        phone = try await V2TestSession(server: server, transport: phoneTransport?(server))
        TIMManager.sharedInstance().addMessageListener(legacy)
        tablet = try await V2TestSession(server: server, instance: V2TIMManager.makeInstance())
        peer = try await V2TestSession(userID: "a", server: server, instance: V2TIMManager.makeInstance())
        await settleAll()
        clearAll()
    }

    private func settleAll() async {
        for session in [phone, tablet, peer, phone] { await session?.settle() }
    }

    private func clearAll() {
        for session in [phone, tablet, peer] { session?.recorder.clear() }
        legacy.clear()
    }

    private func send(_ text: String, to receiver: MessageReceiver, from session: V2TestSession) async -> Int32 {
        let manager = session.manager
        let message = Unchecked(manager.createTextMessage(text: text)!)
        return await failureCode { succ, fail in
            switch receiver {
            case .user(let userID):
                manager.sendMessage(message: message.value, receiver: userID, groupID: nil, priority: .PRIORITY_DEFAULT,
                                    onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: succ, fail: fail)
            case .group(let groupID):
                manager.sendMessage(message: message.value, receiver: nil, groupID: groupID, priority: .PRIORITY_DEFAULT,
                                    onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: succ, fail: fail)
            }
        }
    }

    private func received(_ conversationID: String, _ seq: UInt64, from sender: String, isSelf: Bool, _ text: String)
        -> ReceivedMessage {
        ReceivedMessage(conversationID: conversationID, seq: seq, sender: sender, isSelf: isSelf, text: text)
    }

    func test_mySend_reachesMyOtherDeviceAndThePeerOnce_butNotTheDeviceThatSentIt() async throws {
        try await devices()
        for (receiver, mine, peers) in [
            (MessageReceiver.user("a"), "c2c_a", "c2c_me"), (.group("g"), "group_g", "group_g"),
        ] {
            clearAll()
            let code = await send("hi", to: receiver, from: phone)
            XCTAssertEqual(code, -1, "\(receiver): sent")
            await settleAll()

            XCTAssertEqual(phone.recorder.received, [], "\(receiver): V2 onRecvNewMessage of the sending device")
            XCTAssertEqual(legacy.received, [], "\(receiver): legacy onNewMessage of the sending device")
            XCTAssertEqual(legacy.calls, 0, "\(receiver): not even an empty onNewMessage")
            XCTAssertEqual(tablet.recorder.received, [received(mine, 1, from: "me", isSelf: true, "hi")],
                           "\(receiver): my other device, once, as mine")
            XCTAssertEqual(peer.recorder.received, [received(peers, 1, from: "me", isSelf: false, "hi")],
                           "\(receiver): the peer, once")
            let shown = try await phone.manager.getConversation(conversationID: mine)
            XCTAssertEqual(shown.lastMessage?.textElem?.text, "hi", "\(receiver): the last message all the same")
            XCTAssertEqual(shown.lastMessage?.isSelf, true)
            XCTAssertEqual(shown.unreadCount, 0)
        }
    }

    func test_messagesFromThePeerAndFromMyOtherDevice_reachThePhone_throughBothListenerKinds_onceEach() async throws {
        try await devices()
        try peer.server.sendText("from a", from: "a", toUser: "me")
        let code = await send("from the tablet", to: .user("a"), from: tablet)
        XCTAssertEqual(code, -1)
        await settleAll()

        let expected = [
            received("c2c_a", 1, from: "a", isSelf: false, "from a"),
            received("c2c_a", 2, from: "me", isSelf: true, "from the tablet"),
        ]
        XCTAssertEqual(phone.recorder.received, expected, "V2")
        XCTAssertEqual(legacy.received, expected, "legacy")
        XCTAssertEqual(tablet.recorder.received, [expected[0]], "the tablet hears only of the peer's")
    }

    /// The push of my message before the send's answer (the embedded server's order), after it,
    /// and with the answer lost on the way back (the server applied the send): never announced here.
    func test_mySend_isNotAnnouncedHere_whicheverComesFirst_pushOrAnswer_andWhenTheAnswerIsLost() async throws {
        for (holds, loses) in [(false, false), (true, false), (false, true), (true, true)] {
            let label = "push \(holds ? "after" : "before") the answer\(loses ? ", answer lost" : "")"
            var transport: SendRaceTransport?
            try await devices { server in
                let race = SendRaceTransport(wrapping: server, holdsPushUntilAnswered: holds, losesAnswer: loses)
                transport = race
                return race
            }
            let code = await send("hi", to: .user("a"), from: phone)
            XCTAssertEqual(code, loses ? IMError.Code.networkFailure.rawValue : -1, "\(label): the send's result")
            await settleAll()

            XCTAssertEqual(transport?.heldPushes ?? 0 > 0, holds, "\(label): the race was staged")
            XCTAssertEqual(phone.recorder.received, [], "\(label): V2, sending device")
            XCTAssertEqual(legacy.received, [], "\(label): legacy, sending device")
            XCTAssertEqual(tablet.recorder.received, [received("c2c_a", 1, from: "me", isSelf: true, "hi")],
                           "\(label): my other device")
            let shown = try await phone.manager.getConversation(conversationID: "c2c_a")
            XCTAssertEqual(shown.lastMessage?.seq, 1, "\(label): the server's message is the last one")
            XCTAssertEqual(shown.lastMessage?.status, .MSG_STATUS_SEND_SUCC, "\(label): sent, as the server has it")
            XCTAssertEqual(shown.unreadCount, 0, label)

            try peer.server.sendText("back", from: "a", toUser: "me")
            await settleAll()
            XCTAssertEqual(phone.recorder.received, [received("c2c_a", 2, from: "a", isSelf: false, "back")],
                           "\(label): the next message is announced, once")
            logOutAll()
        }
    }

    /// A login sync announces no message (what it did before own sends were filtered): neither those
    /// sent meanwhile by others or my other devices, nor the phone's own.
    func test_loginSync_announcesNoMessage_ownOrNot() async throws {
        try await devices()
        let before = await send("before", to: .user("a"), from: phone)
        XCTAssertEqual(before, -1)
        await settleAll()
        try await phone.manager.logout()
        let meanwhile = await send("meanwhile", to: .user("a"), from: tablet)
        XCTAssertEqual(meanwhile, -1)
        try peer.server.sendText("from a", from: "a", toUser: "me")
        await settleAll()
        clearAll()

        try await phone.manager.login(userID: "me", userSig: "sig")
        await settleAll()

        XCTAssertEqual(phone.recorder.received, [])
        XCTAssertEqual(legacy.received, [])
        let shown = try await phone.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(shown.lastMessage?.textElem?.text, "from a", "the sync brought them")
        XCTAssertEqual(shown.unreadCount, 1)
    }
}
