import Foundation
import IMCore
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import XCTest
@testable import ImSDK_Plus

/// `modifyMessage(msg:completion:)` and `onRecvMessageModified`: any member changes a sent message's
/// text, custom data or `cloudCustomData`; the change reaches every other device of everyone who
/// has the conversation (also one that missed the push), the last message and the history, and
/// survives a restart; a conflicting change gets 8006 with the message as it is now.
class ModifyMessageTests: XCTestCase {
    private var sessions: [V2TestSession] = []

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    /// My phone, on a server with users a and b, group `g` (Work) and `live` (AVChatRoom) of all three.
    private func phone(storage: V2TIMStorage = .memory) async throws -> V2TestSession {
        let session = try await V2TestSession(peers: ["a", "b"], storage: storage)
        try session.server.createGroup("g", name: "G", members: ["me", "a", "b"])
        try session.server.createGroup("live", groupType: "AVChatRoom", members: ["me", "a"])
        sessions.append(session)
        return session
    }

    private func device(
        _ userID: String, on server: IMReferenceServer, transport: (any IMTransport)? = nil, heartbeat: Double? = nil,
        storage: V2TIMStorage = .memory
    ) async throws -> V2TestSession {
        let session = try await V2TestSession(
            userID: userID, server: server, transport: transport, instance: V2TIMManager.makeInstance(),
            storage: storage, heartbeatInterval: heartbeat)
        sessions.append(session)
        return session
    }

    private func send(_ text: String, from session: V2TestSession, to peer: String? = nil, group: String? = nil)
        async throws -> V2TIMMessage
    {
        let message = try XCTUnwrap(session.manager.createTextMessage(text: text))
        _ = try await session.manager.sendMessage(message: message, receiver: peer, groupID: group)
        return message
    }

    private func settle(_ list: [V2TestSession]) async {
        for session in list { await session.settle() }
        for session in list { await session.settle() }
    }

    /// The newest message of a conversation as `session`'s history shows it (from the server when connected).
    private func newest(_ session: V2TestSession, user: String? = nil, group: String? = nil) async throws -> V2TIMMessage {
        let page = if let group {
            try await session.manager.getGroupHistoryMessageList(groupID: group, count: 1, lastMsg: nil)
        } else {
            try await session.manager.getC2CHistoryMessageList(userID: user ?? "", count: 1, lastMsg: nil)
        }
        return try XCTUnwrap(page.first)
    }

    /// Calls `modifyMessage` and returns its code and the message it handed back.
    private func modify(_ message: V2TIMMessage?, on session: V2TestSession) async -> (Int32, V2TIMMessage?) {
        let result: (Int32, Unchecked<V2TIMMessage?>)? = try? await callValue { (succ: @escaping ((Int32, Unchecked<V2TIMMessage?>)) -> Void, _) in
            session.manager.modifyMessage(msg: message) { code, _, latest in succ((code, Unchecked(latest))) }
        }
        return (result?.0 ?? -1, result?.1.value)
    }

    private func text(_ message: V2TIMMessage?) -> String { message?.textElem?.text ?? "nil" }

    func test_aChangedText_reachesThePeerAndMyOtherDevice_asTheLastMessage_andTheHistory() async throws {
        let phone = try await phone()
        let tablet = try await device("me", on: phone.server)
        let peer = try await device("a", on: phone.server)
        let heard = [ModifyLog(), ModifyLog(), ModifyLog()]
        let listeners = heard.map(ModifyListener.init)
        for (session, listener) in zip([phone, tablet, peer], listeners) { session.manager.addAdvancedMsgListener(listener: listener) }
        let message = try await send("see you at 5", from: phone, to: "a")
        await settle([phone, tablet, peer])
        let unreadBefore = try await peer.manager.getConversation(conversationID: "c2c_me").unreadCount
        [phone, tablet, peer].forEach { $0.recorder.clear() }

        message.textElem.text = "see you at 6"
        message.cloudCustomData = Data(#"{"edited":true}"#.utf8)
        let (code, returned) = await modify(message, on: phone)
        XCTAssertEqual(code, 0)
        XCTAssertTrue(returned === message, "the completion hands back the changed object")
        await settle([phone, tablet, peer])

        XCTAssertEqual(heard[0].lines, [], "the changing device hears its completion, no event")
        XCTAssertEqual(heard[1].lines, ["\(message.msgID!) see you at 6 {\"edited\":true}"], "my other device")
        XCTAssertEqual(heard[2].lines, ["\(message.msgID!) see you at 6 {\"edited\":true}"], "the peer")
        for (session, id) in [(phone, "c2c_a"), (tablet, "c2c_a"), (peer, "c2c_me")] {
            let shown = try await session.manager.getConversation(conversationID: id)
            XCTAssertEqual(text(shown.lastMessage), "see you at 6", "\(session.userID): the last message")
            XCTAssertEqual(shown.lastMessage?.cloudCustomData, Data(#"{"edited":true}"#.utf8))
            XCTAssertEqual(shown.lastMessage?.hasRiskContent, false, "no moderation here")
        }
        XCTAssertTrue(tablet.recorder.events.contains(.changed(["c2c_a"])), "the list shows the changed last message")
        let peersUnread = try await peer.manager.getConversation(conversationID: "c2c_me").unreadCount
        XCTAssertEqual(peersUnread, unreadBefore, "a change is no new message")
        let history = try await newest(peer, user: "me")
        XCTAssertEqual(text(history), "see you at 6", "the history")
        let local = try XCTUnwrap(tablet.manager.currentClient).localHistory(.c2c("a"), before: nil, count: 1)
        XCTAssertEqual(local.first?.content, .text("see you at 6"), "my other device's stored copy")
        withExtendedLifetime(listeners) {}
        for session in [phone, tablet, peer] { session.checkInvariants() }
    }

    func test_aMember_changesAnotherMembersMessage_cloudCustomData_asTUIKitCountsReplies() async throws {
        let phone = try await phone()
        let a = try await device("a", on: phone.server)
        let heard = ModifyLog()
        let listener = ModifyListener(heard)
        phone.manager.addAdvancedMsgListener(listener: listener)
        let root = try await send("who is in?", from: phone, group: "g")
        await settle([phone, a])
        let shown = try await newest(a, group: "g")
        shown.cloudCustomData = Data(#"{"messageReplies":{"replies":[{"messageID":"r1"}]}}"#.utf8)
        let (code, _) = await modify(shown, on: a)
        XCTAssertEqual(code, 0)
        await settle([phone, a])
        XCTAssertEqual(heard.lines, ["\(root.msgID!) who is in? {\"messageReplies\":{\"replies\":[{\"messageID\":\"r1\"}]}}"])
        withExtendedLifetime(listener) {}
    }

    /// The peer changes a C2C message of mine (found by `imsdk check --modifications`, seed
    /// 2000005: the server told the change to the conversation as the peer sees it, which is mine
    /// with myself, so none of my devices heard it).
    func test_thePeer_changesAC2CMessageOfMine_andEveryDeviceOfBothHearsIt() async throws {
        let phone = try await phone()
        let tablet = try await device("me", on: phone.server)
        let peer = try await device("a", on: phone.server)
        let peersOther = try await device("a", on: phone.server)
        let heard = [ModifyLog(), ModifyLog(), ModifyLog()]
        let listeners = heard.map(ModifyListener.init)
        for (session, listener) in zip([phone, tablet, peersOther], listeners) { session.manager.addAdvancedMsgListener(listener: listener) }
        let mine = try await send("mine", from: phone, to: "a")
        await settle([phone, tablet, peer, peersOther])
        let shown = try await newest(peer, user: "me")
        shown.cloudCustomData = Data("{}".utf8)
        let (code, _) = await modify(shown, on: peer)
        XCTAssertEqual(code, 0)
        await settle([phone, tablet, peer, peersOther])
        for (log, who) in zip(heard, ["my phone", "my tablet", "the peer's other device"]) {
            XCTAssertEqual(log.lines, ["\(mine.msgID!) mine {}"], who)
        }
        for (session, id) in [(phone, "c2c_a"), (tablet, "c2c_a"), (peersOther, "c2c_me")] {
            let last = try await session.manager.getConversation(conversationID: id).lastMessage
            XCTAssertEqual(last?.cloudCustomData, Data("{}".utf8), "\(session.userID)")
        }
        withExtendedLifetime(listeners) {}
    }

    func test_aChangeThatCrossesAnother_failsWith8006_andHandsBackTheMessageAsTheServerHasIt() async throws {
        let phone = try await phone()
        let a = try await device("a", on: phone.server)
        _ = try await send("draft", from: phone, group: "g")
        await settle([phone, a])
        let mine = try await newest(phone, group: "g")
        let theirs = try await newest(a, group: "g")
        mine.textElem.text = "mine"
        theirs.textElem.text = "theirs"
        let first = await modify(mine, on: phone)
        XCTAssertEqual(first.0, 0)
        let second = await modify(theirs, on: a)
        XCTAssertEqual(second.0, ERR_SDK_MSG_MODIFY_CONFLICT.rawValue)
        XCTAssertEqual(text(second.1), "mine", "the message as the first change left it")
        await settle([phone, a])
        let retried = try XCTUnwrap(second.1)
        retried.textElem.text = "theirs"
        let third = await modify(retried, on: a)
        XCTAssertEqual(third.0, 0, "a change of the message as it is now goes")
        await settle([phone, a])
        let final = try await phone.manager.getConversation(conversationID: "group_g")
        XCTAssertEqual(text(final.lastMessage), "theirs")
    }

    func test_aDeviceThatMissedThePush_getsTheChangeWithItsSync_announcedOnce() async throws {
        let phone = try await phone()
        let network = PushLossTransport(wrapping: phone.server)
        let tablet = try await device("me", on: phone.server, transport: network, heartbeat: 0.01)
        let peer = try await device("a", on: phone.server)
        let heard = ModifyLog()
        let listener = ModifyListener(heard)
        tablet.manager.addAdvancedMsgListener(listener: listener)
        _ = try await send("one", from: peer, to: "me")
        await settle([phone, tablet, peer])
        network.loseNextPushes(1)
        let message = try await newest(peer, user: "me")
        message.textElem.text = "one, corrected"
        let (code, _) = await modify(message, on: peer)
        XCTAssertEqual(code, 0)
        // The heartbeat finds the version ahead and syncs (the list's counts never differed).
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, text(try await tablet.manager.getConversation(conversationID: "c2c_a").lastMessage) != "one, corrected" {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        await settle([phone, tablet])
        XCTAssertEqual(network.lost, 1)
        XCTAssertEqual(heard.lines, ["\(message.msgID!) one, corrected nil"], "the sync brings the change, announced once")
        let shown = try await tablet.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(text(shown.lastMessage), "one, corrected")
        withExtendedLifetime(listener) {}
    }

    func test_aChange_isKeptInLocalStorage_acrossARestart() async throws {
        let directory = try TemporaryDirectory(prefix: "modify-storage")
        defer { directory.remove() }
        let phone = try await phone(storage: .disk(directory: directory.path))
        let peer = try await device("a", on: phone.server)
        let message = try await send("v1", from: phone, to: "a")
        let custom = try XCTUnwrap(phone.manager.createCustomMessage(data: Data("card-1".utf8)))
        _ = try await phone.manager.sendMessage(message: custom, receiver: "a", groupID: nil)
        message.textElem.text = "v2"
        let first = await modify(message, on: phone)
        custom.customElem.data = Data("card-2".utf8)
        custom.customElem.desc = "a card"
        let second = await modify(custom, on: phone)
        XCTAssertEqual([first.0, second.0], [0, 0])
        await settle([phone, peer])
        try await phone.manager.logout()
        try await phone.manager.login(userID: "me", userSig: "sig")
        let local = try XCTUnwrap(phone.manager.currentClient).localHistory(.c2c("a"), before: nil, count: 5)
        XCTAssertEqual(local.map(\.content), [.custom(Data("card-2".utf8), desc: "a card"), .text("v2")])
        let last = try await phone.manager.getConversation(conversationID: "c2c_a").lastMessage
        XCTAssertEqual(last?.customElem?.data, Data("card-2".utf8), "the last message's columns")
        phone.checkInvariants()
        // Before the directory goes: the store may still be warming up from it.
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
    }

    func test_everySpellingOfOnRecvMessageModified_isCalledOnce() async throws {
        let phone = try await phone()
        let peer = try await device("a", on: phone.server)
        let log = SpellingLog()
        let listeners: [any V2TIMAdvancedMsgListener] = [ModifiedSpellings(log), ModifiedSpellingsOptional(log)]
        listeners.forEach { phone.manager.addAdvancedMsgListener(listener: $0) }
        _ = try await send("x", from: peer, to: "me")
        await settle([phone, peer])
        let message = try await newest(peer, user: "me")
        message.textElem.text = "y"
        _ = await modify(message, on: peer)
        await settle([phone, peer])
        let spellings = ["labelled", "labelled!", "unlabelled", "unlabelled!", "labelled?", "unlabelled?"]
        XCTAssertEqual(log.calls.sorted(), spellings.map { "\($0) y" }.sorted())
        withExtendedLifetime(listeners) {}
    }

    func test_everyBadChange_failsWithItsCode_andChangesNothing() async throws {
        let phone = try await phone()
        let a = try await device("a", on: phone.server)
        let revoked = try await send("revoked", from: phone, to: "a")
        try await phone.manager.revokeMessage(msg: revoked)
        let live = try await send("live", from: phone, group: "live")
        let kept = try await send("kept", from: phone, to: "a")
        await settle([phone, a])
        let unsent = try XCTUnwrap(phone.manager.createTextMessage(text: "not sent"))
        revoked.textElem.text = "changed"
        live.textElem.text = "changed"
        let made = try XCTUnwrap(phone.manager.createCustomMessage(data: Data("c".utf8)))
        kept.setContent(.custom(Data("c".utf8)))  // a text message made custom
        _ = made

        var codes: [Int32] = []
        for message in [nil, unsent, revoked, live, kept] as [V2TIMMessage?] {
            codes.append(await modify(message, on: phone).0)
        }
        let invalid = ERR_INVALID_PARAMETERS.rawValue
        XCTAssertEqual(codes, [invalid, invalid, invalid, ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue, invalid])
        let peersLast = try await a.manager.getConversation(conversationID: "c2c_me").lastMessage
        XCTAssertEqual(text(peersLast), "kept", "nothing changed")
    }

    /// The `async` form Swift derives from the header's `modifyMessage:completion:` returns the
    /// completion's three values, and never throws: 0 with the changed message, or the code.
    func test_theImportedAsyncForm_returnsTheCompletionsValues() async throws {
        let phone = try await phone()
        let message = try await send("draft", from: phone, to: "a")
        message.textElem.text = "final"
        let (code, desc, latest) = await phone.manager.modifyMessage(msg: message)
        XCTAssertEqual(code, 0)
        XCTAssertEqual(desc, "")
        XCTAssertTrue(latest === message, "the changed object")
        let (badCode, _, badLatest) = await phone.manager.modifyMessage(msg: nil)
        XCTAssertEqual(badCode, ERR_INVALID_PARAMETERS.rawValue)
        XCTAssertNil(badLatest)
        let history = try await newest(phone, user: "a")
        XCTAssertEqual(text(history), "final")
    }

    /// A server of protocol version 4 cannot change messages: 7013 without asking it.
    func test_aServerOfAnEarlierVersion_isNotAsked() async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        let phone = try await device("me", on: server, transport: VersionedTransport(wrapping: server, version: 4))
        let message = try await send("x", from: phone, to: "a")
        message.textElem.text = "y"
        let (code, returned) = await modify(message, on: phone)
        XCTAssertEqual(code, ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue)
        XCTAssertEqual(text(returned), "x", "the message as this device holds it")
    }
}

/// Each change heard, as "msgID text cloudCustomData".
private final class ModifyLog: @unchecked Sendable {
    private let log = Locked<[String]>([])
    var lines: [String] { log.withLock { $0 } }

    func record(_ message: V2TIMMessage?) {
        let data = message?.cloudCustomData.map { String(decoding: $0, as: UTF8.self) } ?? "nil"
        let text = message?.textElem?.text ?? "nil"
        log.withLock { $0.append("\(message?.msgID ?? "nil") \(text) \(data)") }
    }
}

/// TUIKit's spelling (`TUIMessageBaseDataProvider`).
private final class ModifyListener: NSObject, V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: ModifyLog
    init(_ log: ModifyLog) { self.log = log }

    func onRecvMessageModified(msg: V2TIMMessage) { log.record(msg) }
}

/// The plain and `!` spellings of `onRecvMessageModified` (the unlabelled `!` one is the vendor's
/// Flutter plugin's).
private final class ModifiedSpellings: V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    func onRecvMessageModified(msg: V2TIMMessage) { log.record("labelled", msg.textElem?.text) }
    func onRecvMessageModified(msg: V2TIMMessage!) { log.record("labelled!", msg.textElem?.text) }
    func onRecvMessageModified(_ msg: V2TIMMessage) { log.record("unlabelled", msg.textElem?.text) }
    func onRecvMessageModified(_ msg: V2TIMMessage!) { log.record("unlabelled!", msg.textElem?.text) }
}

/// The `?` spellings.
private final class ModifiedSpellingsOptional: V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    func onRecvMessageModified(msg: V2TIMMessage?) { log.record("labelled?", msg?.textElem?.text) }
    func onRecvMessageModified(_ msg: V2TIMMessage?) { log.record("unlabelled?", msg?.textElem?.text) }
}
