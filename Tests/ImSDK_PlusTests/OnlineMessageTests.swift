import Foundation
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import ImSDK
import XCTest
@testable import ImSDK_Plus

/// Online messages (`sendMessage(onlineUserOnly: true)`, legacy `sendOnlineMessage`), as the vendor
/// documents them and TUIKit sends its typing notices: only the receivers' devices online now get
/// them; a receiver offline never does, not after a login either; nothing stores them, so no
/// history holds them and no conversation shows, starts with or counts them, on either side.
class OnlineMessageTests: XCTestCase {
    private var sessions: [V2TestSession] = []

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    private func device(
        _ userID: String, on server: IMReferenceServer, transport: (any IMTransport)? = nil
    ) async throws -> V2TestSession {
        let session = try await V2TestSession(
            userID: userID, server: server, transport: transport, instance: V2TIMManager.makeInstance(), storage: .memory)
        sessions.append(session)
        return session
    }

    /// TUIKit's typing notice: a custom message of JSON, sent online only.
    private func typing(from session: V2TestSession, to userID: String? = nil, group: String? = nil) async -> (Int32, V2TIMMessage) {
        let data = Data(#"{"businessID":"user_typing_status","typingStatus":1}"#.utf8)
        let message: V2TIMMessage = session.manager.createCustomMessage(data: data)
        message.isExcludedFromContentModeration = true
        do {
            try await call { succ, fail in
                _ = session.manager.sendMessage(
                    message: message, receiver: userID, groupID: group, priority: .PRIORITY_DEFAULT, onlineUserOnly: true,
                    offlinePushInfo: nil, progress: nil, succ: succ, fail: fail)
            }
            return (0, message)
        } catch {
            return ((error as? V2TIMError)?.code ?? -1, message)
        }
    }

    func test_anOnlinePeerHearsIt_andNothingAnywhereStoresIt() async throws {
        let me = try await V2TestSession(peers: ["a"], storage: .memory)
        sessions.append(me)
        let peer = try await device("a", on: me.server)
        let statuses = StatusRecorder()
        peer.manager.addAdvancedMsgListener(listener: statuses)
        defer { peer.manager.removeAdvancedMsgListener(listener: statuses) }

        let (code, sent) = await typing(from: me, to: "a")
        XCTAssertEqual(code, 0)
        XCTAssertEqual(sent.status, .MSG_STATUS_SEND_SUCC)
        XCTAssertEqual(sent.seq, 0, "no sequence: it is in no conversation")
        await peer.settle()
        await me.settle()

        let heard = peer.recorder.received
        XCTAssertEqual(statuses.statuses, [.MSG_STATUS_SEND_SUCC], "sent, not a local import")
        XCTAssertEqual(heard.map(\.conversationID), ["c2c_me"], "the online peer hears it once")
        XCTAssertEqual(heard.first?.seq, 0)
        XCTAssertEqual(heard.first?.isSelf, false)
        for (name, session, other) in [("the peer", peer, "me"), ("me", me, "a")] {
            let listed = try await session.listIDs()
            XCTAssertEqual(listed, [], "\(name): no conversation starts with it")
            let total = try await session.manager.getTotalUnreadMessageCount()
            XCTAssertEqual(total, 0, name)
            let history = try await session.manager.getC2CHistoryMessageList(userID: other, count: 10, lastMsg: nil)
            XCTAssertEqual(history.count, 0, "\(name): no history holds it")
            XCTAssertFalse(session.recorder.events.contains { if case .new = $0 { true } else { false } },
                           "\(name): no onNewConversation")
        }
        XCTAssertEqual(try me.server.conversations(of: "a"), [], "the server stored nothing")

        // In a conversation that exists, nothing of it changes either.
        _ = try me.server.sendText("hi", from: "a", toUser: "me")
        await me.settle()
        let before = try await me.manager.getConversation(conversationID: "c2c_a")
        let changesBefore = me.recorder.events.count
        let (again, _) = await typing(from: me, to: "a")
        XCTAssertEqual(again, 0)
        await me.settle()
        let after = try await me.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(after.lastMessage?.textElem?.text, "hi")
        XCTAssertEqual(after.unreadCount, before.unreadCount)
        XCTAssertEqual(me.recorder.events.count, changesBefore, "no event on the sender's side")
    }

    func test_aReceiverOfflineThen_neverGetsIt_notAfterALoginEither() async throws {
        let me = try await V2TestSession(peers: ["a"], storage: .memory)
        sessions.append(me)
        let versionBefore = try me.server.version(of: "a")
        let (code, _) = await typing(from: me, to: "a")
        XCTAssertEqual(code, 0, "sent: whoever is online gets it")
        XCTAssertEqual(try me.server.version(of: "a"), versionBefore, "no change of the receiver's state")

        let peer = try await device("a", on: me.server)
        await peer.settle()
        XCTAssertEqual(peer.recorder.received, [], "not delivered later")
        let listed = try await peer.listIDs()
        XCTAssertEqual(listed, [], "no empty conversation appears")
    }

    func test_inAGroup_theOnlineMembersAndMyOtherDeviceHearIt_butNotAMemberWhoReceivesNothing() async throws {
        let me = try await V2TestSession(peers: ["a", "b"], storage: .memory)
        sessions.append(me)
        try me.server.createGroup("g", name: "G", members: ["me", "a", "b"])
        let tablet = try await device("me", on: me.server)
        let a = try await device("a", on: me.server)
        let b = try await device("b", on: me.server)
        try await b.manager.setGroupReceiveMessageOpt(groupID: "g", opt: .NOT_RECEIVE_MESSAGE)
        for session in [me, tablet, a, b] { await session.settle() }
        let (code, _) = await typing(from: me, group: "g")
        XCTAssertEqual(code, 0)
        for session in [me, tablet, a, b] { await session.settle() }
        XCTAssertEqual(a.recorder.received.map(\.conversationID), ["group_g"])
        XCTAssertEqual(b.recorder.received, [], "b receives nothing of the group")
        XCTAssertEqual(tablet.recorder.received.map(\.isSelf), [true], "my other device hears it, as mine")
        XCTAssertEqual(me.recorder.received, [], "not the device that sent it")
        let history = try await a.manager.getGroupHistoryMessageList(groupID: "g", count: 10, lastMsg: nil)
        XCTAssertEqual(history.count, 0)
    }

    func test_theLegacySendOnlineMessage_andTheLegacyListener() async throws {
        let me = try await V2TestSession(peers: ["a"], storage: .memory)  // the shared instance: the legacy API's session
        sessions.append(me)
        let peer = try await device("a", on: me.server)
        let heardByMe = LegacyMessageRecorder()
        TIMManager.sharedInstance().add(heardByMe)
        defer { TIMManager.sharedInstance().remove(heardByMe) }

        let message = TIMMessage()
        let elem = TIMCustomElem()
        elem.data = Data("typing".utf8)
        message.add(elem)
        let conversation = try XCTUnwrap(TIMManager.sharedInstance().getConversation(.C2C, receiver: "a"))
        try await call { succ, fail in _ = conversation.sendOnlineMessage(message, succ: succ, fail: { fail($0, $1) }) }
        await peer.settle()
        XCTAssertEqual(peer.recorder.received.map(\.conversationID), ["c2c_me"])
        let listed = try await peer.listIDs()
        XCTAssertEqual(listed, [])

        let (code, _) = await typing(from: peer, to: "me")
        XCTAssertEqual(code, 0)
        await me.settle()
        XCTAssertEqual(heardByMe.received.map(\.conversationID), ["c2c_a"], "the legacy TIMMessageListener hears it")
        XCTAssertEqual(TIMManager.sharedInstance().conversationCount(), 0, "and no conversation")
    }

    /// A server of protocol version 5 would store it as an ordinary message: 7013, without sending.
    func test_aServerBeforeVersion6_isNotSentAnOnlineMessage() async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        let phone = try await device("me", on: server, transport: VersionedTransport(wrapping: server, version: 5))
        let (code, message) = await typing(from: phone, to: "a")
        XCTAssertEqual(code, ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue)
        XCTAssertEqual(message.status, .MSG_STATUS_SEND_FAIL)
        XCTAssertEqual(try server.conversations(of: "a"), [])
    }
}

/// The status of each new message heard.
private final class StatusRecorder: NSObject, V2TIMAdvancedMsgListener, @unchecked Sendable {
    private let log = Locked<[V2TIMMessageStatus]>([])
    var statuses: [V2TIMMessageStatus] { log.withLock { $0 } }

    func onRecvNewMessage(msg: V2TIMMessage) { log.withLock { $0.append(msg.status) } }
}
