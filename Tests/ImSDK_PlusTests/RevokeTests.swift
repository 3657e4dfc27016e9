import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// `revokeMessage(msg:)` and `onRecvMessageRevoked`: the revoke reaches the peer (or the members)
/// and my other devices through the server, a device that missed it and a device starting from
/// nothing; the conversation's last message, unread count and total follow.
final class RevokeTests: XCTestCase {
    private var sessions: [V2TestSession] = []
    private let clock = AdjustableClock(start: 1_800_000_000)

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    /// My phone (the shared instance), on a server with a clock this test moves; users me, a, b and
    /// group g of all three.
    private func phone(storage: V2TIMStorage = .memory) async throws -> V2TestSession {
        let session = try await V2TestSession(peers: ["a", "b"], serverClock: clock.now, storage: storage)
        try session.server.createGroup("g", name: "G", members: ["me", "a", "b"])
        sessions.append(session)
        return session
    }

    /// Another device of `userID` on `server` (its own SDK instance).
    private func device(
        _ userID: String, on server: IMReferenceServer, transport: (any IMTransport)? = nil, heartbeat: Double? = nil
    ) async throws -> V2TestSession {
        let session = try await V2TestSession(
            userID: userID, server: server, transport: transport, instance: V2TIMManager.makeInstance(),
            heartbeatInterval: heartbeat)
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

    private func conversation(_ id: String, of session: V2TestSession) async throws -> V2TIMConversation {
        try await session.manager.getConversation(conversationID: id)
    }

    // MARK: - C2C

    func test_revokeMessage_ofMyC2CMessage_reachesThePeerAndMyOtherDevice_asARevokedLastMessage() async throws {
        let phone = try await phone()
        let tablet = try await device("me", on: phone.server)
        let peer = try await device("a", on: phone.server)
        let message = try await send("oops", from: phone, to: "a")
        await settle([phone, tablet, peer])
        let unreadBefore = try await conversation("c2c_me", of: peer).unreadCount
        XCTAssertEqual(unreadBefore, 1)
        let peerTotal = try await peer.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(peerTotal, 1)
        [phone, tablet, peer].forEach { $0.recorder.clear() }

        try await phone.manager.revokeMessage(msg: message)
        await settle([phone, tablet, peer])

        XCTAssertEqual(message.status, .MSG_STATUS_LOCAL_REVOKED, "the caller's object shows the revoke by succ")
        XCTAssertEqual(peer.recorder.revoked, [message.msgID], "the peer hears it once")
        XCTAssertEqual(tablet.recorder.revoked, [message.msgID], "so does my other device")
        XCTAssertEqual(phone.recorder.revoked, [], "the revoking device hears succ, no event")
        for (session, id) in [(phone, "c2c_a"), (tablet, "c2c_a"), (peer, "c2c_me")] {
            let shown = try await conversation(id, of: session)
            XCTAssertEqual(shown.lastMessage?.msgID, message.msgID, "\(session.userID): still the last message")
            XCTAssertEqual(shown.lastMessage?.status, .MSG_STATUS_LOCAL_REVOKED, "\(session.userID): shown revoked")
            XCTAssertEqual(shown.lastMessage?.revokerInfo?.userID, "me")
            XCTAssertEqual(shown.unreadCount, 0)
        }
        XCTAssertEqual(peer.recorder.totals.last, 0, "the revoked unread message leaves the peer's total")
        XCTAssertTrue(peer.recorder.events.contains(.changed(["c2c_me"])), "the conversation change is announced")
        let history = try await peer.manager.getC2CHistoryMessageList(userID: "me", count: 10, lastMsg: nil)
        XCTAssertEqual(history.map(\.status), [.MSG_STATUS_LOCAL_REVOKED], "the history keeps it, revoked")
        for session in [phone, tablet, peer] { session.checkInvariants() }
    }

    func test_aPeerRevokingOneOfTwoUnreadMessages_leavesOneUnread_andTheLastMessageAsItWas() async throws {
        let phone = try await phone()
        try phone.server.sendText("one", from: "a", toUser: "me")
        try phone.server.sendText("two", from: "a", toUser: "me")
        await phone.settle()
        _ = try await phone.manager.getTotalUnreadMessageCount()

        try phone.server.revokeMessage(seq: 1, from: "a", toUser: "me")
        await phone.settle()
        var shown = try await conversation("c2c_a", of: phone)
        XCTAssertEqual(shown.unreadCount, 1)
        XCTAssertEqual(shown.lastMessage?.textElem?.text, "two")
        XCTAssertEqual(shown.lastMessage?.status, .MSG_STATUS_SEND_SUCC)
        XCTAssertEqual(phone.recorder.totals.last, 1)

        try phone.server.revokeMessage(seq: 2, from: "a", toUser: "me")
        await phone.settle()
        shown = try await conversation("c2c_a", of: phone)
        XCTAssertEqual(shown.unreadCount, 0)
        XCTAssertEqual(shown.lastMessage?.status, .MSG_STATUS_LOCAL_REVOKED)
        XCTAssertEqual(phone.recorder.revoked.count, 2)
        XCTAssertEqual(phone.recorder.totals.last, 0)
        let order = try await phone.listIDs()
        XCTAssertEqual(order, ["c2c_a"])
    }

    func test_revokeMessage_afterTwoMinutes_failsWithTheServersCode_andChangesNothing() async throws {
        let phone = try await phone()
        let peer = try await device("a", on: phone.server)
        let c2c = try await send("late", from: phone, to: "a")
        let group = try await send("late too", from: phone, group: "g")
        await settle([phone, peer])
        clock.advance(by: 121)
        let c2cCode = await failureCode { phone.manager.revokeMessage(msg: c2c, succ: $0, fail: $1) }
        XCTAssertEqual(c2cCode, ERR_SVR_MSG_REVOKE_TIME_LIMIT.rawValue)
        let groupCode = await failureCode { phone.manager.revokeMessage(msg: group, succ: $0, fail: $1) }
        XCTAssertEqual(groupCode, ERR_SVR_GROUP_REVOKE_MSG_TIME_LIMIT.rawValue)
        await settle([phone, peer])
        XCTAssertEqual(c2c.status, .MSG_STATUS_SEND_SUCC)
        XCTAssertEqual(peer.recorder.revoked, [])
        let unread = try await conversation("c2c_me", of: peer).unreadCount
        XCTAssertEqual(unread, 1, "nothing was revoked")
    }

    func test_revokeMessage_atTheEndOfTheTwoMinutes_succeeds() async throws {
        let phone = try await phone()
        let message = try await send("just in time", from: phone, to: "a")
        clock.advance(by: 120)
        try await phone.manager.revokeMessage(msg: message)
        XCTAssertEqual(message.status, .MSG_STATUS_LOCAL_REVOKED)
    }

    func test_revokeMessage_badInput_failsWithTheVendorsCodes() async throws {
        let phone = try await phone()
        try phone.server.sendText("theirs", from: "a", toUser: "me")
        try phone.server.sendText("theirs", from: "a", toGroup: "g")
        await phone.settle()
        let theirs = try await phone.manager.getC2CHistoryMessageList(userID: "a", count: 1, lastMsg: nil)
        let theirsInGroup = try await phone.manager.getGroupHistoryMessageList(groupID: "g", count: 1, lastMsg: nil)
        let unsent = phone.manager.createTextMessage(text: "never sent")
        var codes: [Int32] = []
        codes.append(await failureCode { phone.manager.revokeMessage(msg: nil, succ: $0, fail: $1) })
        codes.append(await failureCode { phone.manager.revokeMessage(msg: unsent, succ: $0, fail: $1) })
        codes.append(await failureCode { phone.manager.revokeMessage(msg: theirs[0], succ: $0, fail: $1) })
        codes.append(await failureCode { phone.manager.revokeMessage(msg: theirsInGroup[0], succ: $0, fail: $1) })
        XCTAssertEqual(codes, [6017, 6017, 6017, ERR_SVR_GROUP_PERMISSION_DENY.rawValue])
        let unread = try await conversation("c2c_a", of: phone).unreadCount
        XCTAssertEqual(unread, 1)
        phone.tearDown()
        let notInitialised = await failureCode { V2TIMManager.sharedInstance().revokeMessage(msg: theirs[0], succ: $0, fail: $1) }
        XCTAssertEqual(notInitialised, ERR_SDK_NOT_INITIALIZED.rawValue)
    }

    // MARK: - Groups

    func test_revokingAGroupMentionOfMe_dropsTheUnreadCountAndTheMention_forEveryMember() async throws {
        let phone = try await phone()
        let b = try await device("b", on: phone.server)
        let peer = try await device("a", on: phone.server)
        let message = try XCTUnwrap(peer.manager.createTextAtMessage(text: "@me", atUserList: ["me"]))
        _ = try await peer.manager.sendMessage(message: message, receiver: nil, groupID: "g")
        await settle([phone, b, peer])
        var mine = try await conversation("group_g", of: phone)
        XCTAssertEqual(mine.unreadCount, 1)
        XCTAssertEqual(mine.groupAtInfolist.count, 1)

        try await peer.manager.revokeMessage(msg: message)
        await settle([phone, b, peer])
        mine = try await conversation("group_g", of: phone)
        XCTAssertEqual(mine.unreadCount, 0)
        XCTAssertEqual(mine.groupAtInfolist.count, 0, "a revoked @ is no unread mention")
        XCTAssertEqual(mine.lastMessage?.status, .MSG_STATUS_LOCAL_REVOKED)
        XCTAssertEqual(phone.recorder.revoked, [message.msgID])
        XCTAssertEqual(b.recorder.revoked, [message.msgID])
        XCTAssertEqual(peer.recorder.revoked, [])
    }

    // MARK: - Devices that were not there

    func test_aDeviceThatMissedTheRevokesPush_getsItWithItsHeartbeatsSync_announcedOnce() async throws {
        let phone = try await phone()
        let network = PushLossTransport(wrapping: phone.server)
        let tablet = try await device("me", on: phone.server, transport: network, heartbeat: 0.01)
        try phone.server.sendText("one", from: "a", toUser: "me")
        await settle([phone, tablet])
        tablet.recorder.clear()
        network.loseNextPushes(1)
        try phone.server.revokeMessage(seq: 1, from: "a", toUser: "me")
        let converged = try await Convergence.wait(for: [phone, tablet], server: phone.server, userID: "me", timeout: 5)
        XCTAssertNotNil(converged)
        await settle([phone, tablet])
        XCTAssertEqual(network.lost, 1)
        XCTAssertEqual(tablet.recorder.revoked.count, 1, "the sync brings the revoke, announced once")
        let shown = try await conversation("c2c_a", of: tablet)
        XCTAssertEqual(shown.lastMessage?.status, .MSG_STATUS_LOCAL_REVOKED)
        XCTAssertEqual(shown.unreadCount, 0)
    }

    func test_aDeviceStartingFromNothing_seesTheMessageRevoked_withoutAnyEvent() async throws {
        let phone = try await phone()
        try phone.server.sendText("one", from: "a", toUser: "me")
        try phone.server.revokeMessage(seq: 1, from: "a", toUser: "me")
        let tablet = try await device("me", on: phone.server)
        await tablet.settle()
        let shown = try await conversation("c2c_a", of: tablet)
        XCTAssertEqual(shown.lastMessage?.status, .MSG_STATUS_LOCAL_REVOKED)
        XCTAssertEqual(shown.unreadCount, 0)
        XCTAssertEqual(tablet.recorder.revoked, [])
        XCTAssertEqual(tablet.recorder.received.count, 0)
    }

    func test_aMessageRevokedWhileTheDeviceWasLoggedOut_isRevokedAfterItsNextLogin_fromItsStoreOnDisk() async throws {
        let directory = try TemporaryDirectory(prefix: "revoke-disk")
        defer { directory.remove() }
        let phone = try await phone(storage: .disk(directory: directory.path))
        try phone.server.sendText("one", from: "a", toUser: "me")
        try phone.server.sendText("two", from: "a", toUser: "me")
        await phone.settle()
        try await phone.manager.logout()
        try phone.server.revokeMessage(seq: 2, from: "a", toUser: "me")
        phone.recorder.clear()
        try await phone.manager.login(userID: "me", userSig: "sig")
        await phone.settle()
        XCTAssertEqual(phone.recorder.revoked.count, 1, "the login's sync announces what it missed")
        try await phone.manager.logout()
        try await phone.manager.login(userID: "me", userSig: "sig")
        let shown = try await conversation("c2c_a", of: phone)
        XCTAssertEqual(shown.lastMessage?.status, .MSG_STATUS_LOCAL_REVOKED, "kept in the database")
        XCTAssertEqual(shown.unreadCount, 1)
        phone.checkInvariants()
    }

    // MARK: - Spellings

    func test_everySpellingOfOnRecvMessageRevoked_isCalledOnce() async throws {
        let phone = try await phone()
        let log = SpellingLog()
        let listeners: [any V2TIMAdvancedMsgListener] = [
            RevokeSpellings(log), RevokeSpellingsOptional(log), RevokeSpellingSwiftSDK(log), RevokeSpellingsPartlyNullable(log),
            RevokeSpellingsTUIKit(log),
        ]
        listeners.forEach { phone.manager.addAdvancedMsgListener(listener: $0) }
        try phone.server.sendText("one", from: "a", toUser: "me")
        await phone.settle()
        let id = try phone.server.revokeMessage(seq: 1, from: "a", toUser: "me").id
        await phone.settle()
        XCTAssertEqual(log.calls.sorted(), (RevokeSpellings.all + ["swift sdk", "partly", "partly unlabelled", "tuikit optional", "tuikit plain"]).map { "\($0) \(id)" }.sorted())
        XCTAssertEqual(Set(log.revokers), ["a"])
        withExtendedLifetime(listeners) {}
    }
}

/// A server clock a test sets.
final class AdjustableClock: @unchecked Sendable {
    private let seconds: Locked<UInt64>

    init(start: UInt64) { seconds = Locked(start) }

    /// The clock as the server reads it.
    var now: @Sendable () -> UInt64 { { [seconds] in seconds.withLock { $0 } } }

    func advance(by delta: UInt64) { seconds.withLock { $0 += delta } }
}

/// What the spelling listeners heard: per call, the spelling and the message ID; the revokers.
final class SpellingLog: @unchecked Sendable {
    private let log = Locked<(calls: [String], revokers: [String])>(([], []))
    var calls: [String] { log.withLock { $0.calls } }
    var revokers: [String] { log.withLock { $0.revokers } }

    func record(_ spelling: String, _ value: String?, _ revoker: V2TIMUserInfo? = nil) {
        log.withLock { log in
            log.calls.append("\(spelling) \(value ?? "nil")")
            if let revoker { log.revokers.append(revoker.userID ?? "nil") }
        }
    }
}

/// The vendor's Swift SDK's spelling, its revoker a `V2TIMUserInfo`.
private final class RevokeSpellingSwiftSDK: V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserInfo, reason: String?) {
        log.record("swift sdk", msgID, operateUser)
    }
}

/// A message listener implementing the plain and `!` spellings of `onRecvMessageRevoked` (one class
/// cannot also declare the `?` ones: Swift sees one signature).
private final class RevokeSpellings: V2TIMAdvancedMsgListener, @unchecked Sendable {
    static let all = ["labelled", "labelled!", "unlabelled", "unlabelled!", "labelled?", "unlabelled?",
                      "full", "full!", "full unlabelled", "full unlabelled!", "full?", "full unlabelled?"]
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    func onRecvMessageRevoked(msgID: String) { log.record("labelled", msgID) }
    func onRecvMessageRevoked(msgID: String!) { log.record("labelled!", msgID) }
    func onRecvMessageRevoked(_ msgID: String) { log.record("unlabelled", msgID) }
    func onRecvMessageRevoked(_ msgID: String!) { log.record("unlabelled!", msgID) }
    func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserFullInfo, reason: String?) {
        log.record("full", msgID, operateUser)
    }
    func onRecvMessageRevoked(msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String!) {
        log.record("full!", msgID, operateUser)
    }
    func onRecvMessageRevoked(_ msgID: String, operateUser: V2TIMUserFullInfo, reason: String?) {
        log.record("full unlabelled", msgID, operateUser)
    }
    func onRecvMessageRevoked(_ msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String!) {
        log.record("full unlabelled!", msgID, operateUser)
    }
}

/// The 7.4 spellings as a header that marks only `reason` nullable imports them (a 7.x app's
/// `IMService`): `!` and `?` mixed.
private final class RevokeSpellingsPartlyNullable: V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    func onRecvMessageRevoked(msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String?) {
        log.record("partly", msgID, operateUser)
    }
    func onRecvMessageRevoked(_ msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String?) {
        log.record("partly unlabelled", msgID, operateUser)
    }
}

/// The vendor's first Swift TUIKit's spellings (`TUIMessageBaseDataProvider`, `TUIChatPopMenu`).
private final class RevokeSpellingsTUIKit: V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    func onRecvMessageRevoked(_ msgID: String, operateUser: V2TIMUserFullInfo?, reason: String?) {
        log.record("tuikit optional", msgID, operateUser)
    }
    func onRecvMessageRevoked(_ msgID: String, operateUser: V2TIMUserFullInfo, reason: String) {
        log.record("tuikit plain", msgID, operateUser)
    }
}

/// The `?` spellings of `onRecvMessageRevoked`.
private final class RevokeSpellingsOptional: V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    func onRecvMessageRevoked(msgID: String?) { log.record("labelled?", msgID) }
    func onRecvMessageRevoked(_ msgID: String?) { log.record("unlabelled?", msgID) }
    func onRecvMessageRevoked(msgID: String?, operateUser: V2TIMUserFullInfo?, reason: String?) {
        log.record("full?", msgID, operateUser)
    }
    func onRecvMessageRevoked(_ msgID: String?, operateUser: V2TIMUserFullInfo?, reason: String?) {
        log.record("full unlabelled?", msgID, operateUser)
    }
}
