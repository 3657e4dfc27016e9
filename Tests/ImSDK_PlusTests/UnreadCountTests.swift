import XCTest
import IMTestSupport
import IMReferenceServer
import IMTransportKit
@testable import ImSDK_Plus

final class UnreadCountTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private func conversation(_ id: String) async throws -> V2TIMConversation {
        try await session.manager.getConversation(conversationID: id)
    }

    func test_serverMessages_countAsUnread_perConversationAndInTheTotal() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        for _ in 0..<3 { try session.server.sendText("x", from: "a", toUser: "me") }
        try session.server.sendText("y", from: "b", toUser: "me")
        await session.settle()
        let a = try await conversation("c2c_a")
        let b = try await conversation("c2c_b")
        let total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(a.unreadCount, 3)
        XCTAssertEqual(b.unreadCount, 1)
        XCTAssertEqual(total, 4)
        XCTAssertEqual(a.lastMessage?.textElem?.text, "x")
        XCTAssertEqual(a.lastMessage?.isRead, false)
    }

    func test_ownMessages_areNeverUnread() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.sendText("from a", from: "a", toUser: "me")
        await session.settle()
        let message = session.manager.createTextMessage(text: "mine")!
        let msgID = try await session.manager.sendMessage(message: message, receiver: "a", groupID: nil)
        // The same user on another device (an admin send as "me") is also mine.
        try session.server.sendText("mine too", from: "me", toUser: "a")
        await session.settle()
        let a = try await conversation("c2c_a")
        XCTAssertEqual(a.unreadCount, 1)
        XCTAssertEqual(a.lastMessage?.textElem?.text, "mine too")
        XCTAssertEqual(a.lastMessage?.isSelf, true)
        XCTAssertEqual(a.lastMessage?.isRead, true)
        XCTAssertEqual(message.msgID, msgID)
        XCTAssertEqual(message.status, .MSG_STATUS_SEND_SUCC)
        XCTAssertGreaterThan(message.seq, 0)
        let total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 1)
    }

    func test_mutedConversations_keepTheirCountButAreExcludedFromTheTotal() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c", "d"])
        try session.server.createGroup("g", name: "G", faceURL: nil, members: ["me", "a"])
        try await setGroupOpt("g", .RECEIVE_NOT_NOTIFY_MESSAGE)
        try await setC2COpt(["b"], .RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT)
        try await setC2COpt(["c"], .NOT_RECEIVE_MESSAGE)
        try session.server.sendText("g1", from: "a", toGroup: "g")
        try session.server.sendText("g2", from: "a", toGroup: "g")
        try session.server.sendText("b1", from: "b", toUser: "me")
        try session.server.sendText("c1", from: "c", toUser: "me")
        try session.server.sendText("d1", from: "d", toUser: "me")
        await session.settle()
        let group = try await conversation("group_g")
        let b = try await conversation("c2c_b")
        XCTAssertEqual(group.unreadCount, 2)
        XCTAssertEqual(group.recvOpt, .RECEIVE_NOT_NOTIFY_MESSAGE)
        XCTAssertEqual(b.unreadCount, 1)
        XCTAssertEqual(b.recvOpt, .RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT)
        do {
            _ = try await conversation("c2c_c")
            XCTFail("a user whose messages are not received has no conversation")
        } catch let error as V2TIMError {
            XCTAssertEqual(error.code, 6004)
        }
        let total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 1, "only d's message counts")

        try await setGroupOpt("g", .RECEIVE_MESSAGE)
        await session.settle()
        let unmuted = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(unmuted, 3)
        XCTAssertEqual(session.recorder.totals.last, 3)
    }

    func test_markC2CMessageAsRead_clearsOneConversation_andNilClearsEveryC2C() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        try session.server.createGroup("g", name: nil, faceURL: nil, members: ["me", "a"])
        try session.server.sendText("1", from: "a", toUser: "me")
        try session.server.sendText("2", from: "b", toUser: "me")
        try session.server.sendText("3", from: "a", toGroup: "g")
        await session.settle()
        try await call { self.session.manager.markC2CMessage(asRead: "a", succ: $0, fail: $1) }
        var a = try await conversation("c2c_a")
        XCTAssertEqual(a.unreadCount, 0)
        XCTAssertEqual(a.lastMessage?.isRead, true)
        var total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 2)
        try await call { self.session.manager.markC2CMessage(asRead: nil, succ: $0, fail: $1) }
        total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 1, "the group is untouched")
        try await call { self.session.manager.markGroupMessage(asRead: nil, succ: $0, fail: $1) }
        total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 0)
        a = try await conversation("c2c_a")
        XCTAssertEqual(a.c2cReadTimestamp, a.lastMessage?.timestamp.map { UInt($0.timeIntervalSince1970) })
    }

    func test_markAllMessageAsRead_clearsEverything_andTheServerRemembers() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        try session.server.sendText("1", from: "a", toUser: "me")
        try session.server.sendText("2", from: "b", toUser: "me")
        await session.settle()
        try await call { succ, fail in self.session.manager.markAllMessage(asRead: succ, fail: fail) }
        var total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 0)
        // Log in again: the server's read cursors come back with the sync.
        try await relogin()
        total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 0)
        let list = try await session.walk().list
        XCTAssertEqual(list.map(\.conversationID), ["c2c_b", "c2c_a"])
    }

    func test_cleanConversationUnreadMessageCount_bySequence_readsUpToThatMessage() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.createGroup("g", name: nil, faceURL: nil, members: ["me", "a"])
        var seqs: [UInt64] = []
        for index in 0..<5 { seqs.append(try session.server.sendText("m\(index)", from: "a", toGroup: "g")) }
        await session.settle()
        try await session.manager.cleanConversationUnreadMessageCount(
            conversationID: "group_g", cleanTimestamp: 0, cleanSequence: seqs[2])
        var group = try await conversation("group_g")
        XCTAssertEqual(group.unreadCount, 2)
        XCTAssertEqual(UInt64(group.groupReadSequence), seqs[2])
        try await session.manager.cleanConversationUnreadMessageCount(
            conversationID: "group_g", cleanTimestamp: 0, cleanSequence: seqs[0])
        group = try await conversation("group_g")
        XCTAssertEqual(group.unreadCount, 2, "a read cursor never moves back")
        try await session.manager.cleanConversationUnreadMessageCount(
            conversationID: "group_g", cleanTimestamp: 0, cleanSequence: 0)
        group = try await conversation("group_g")
        XCTAssertEqual(group.unreadCount, 0)
    }

    func test_cleanConversationUnreadMessageCount_byTimestamp_readsMessagesSentUntilThen() async throws {
        let clock = SteppingClock(start: 1_700_000_000)
        session = try await V2TestSession(peers: ["a"], serverClock: { clock.next() })
        for index in 0..<4 { try session.server.sendText("m\(index)", from: "a", toUser: "me") }
        await session.settle()
        let history = try await history(userID: "a")
        XCTAssertEqual(history.map { $0.textElem?.text }, ["m3", "m2", "m1", "m0"])
        let times = history.reversed().map { UInt64($0.timestamp!.timeIntervalSince1970) }
        XCTAssertEqual(Set(times).count, 4, "the stepping clock gives each message its own second")
        try await session.manager.cleanConversationUnreadMessageCount(
            conversationID: "c2c_a", cleanTimestamp: times[1], cleanSequence: 0)
        let a = try await conversation("c2c_a")
        XCTAssertEqual(a.unreadCount, 2)
        XCTAssertEqual(UInt64(a.c2cReadTimestamp), times[1])
    }

    func test_groupAtMentions_showInGroupAtInfoList_untilRead() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.createGroup("g", name: "G", faceURL: nil, members: ["me", "a"])
        let atMe = try session.server.sendText("@me", from: "a", toGroup: "g", atUserIDs: ["me"])
        let atAll = try session.server.sendText("@all", from: "a", toGroup: "g", atAll: true)
        let both = try session.server.sendText("@all @me", from: "a", toGroup: "g", atUserIDs: ["me"], atAll: true)
        try session.server.sendText("@other", from: "a", toGroup: "g", atUserIDs: ["a"])
        await session.settle()
        var group = try await conversation("group_g")
        XCTAssertEqual(group.groupAtInfolist?.map(\.seq), [atMe, atAll, both])
        XCTAssertEqual(group.groupAtInfolist?.map(\.atType), [.AT_ME, .AT_ALL, .AT_ALL_AT_ME])
        try await session.manager.cleanConversationUnreadMessageCount(
            conversationID: "group_g", cleanTimestamp: 0, cleanSequence: atAll)
        group = try await conversation("group_g")
        XCTAssertEqual(group.groupAtInfolist?.map(\.seq), [both])
        let filter = V2TIMConversationListFilter()
        filter.hasGroupAtInfo = true
        let page = try await session.manager.getConversationListByFilter(filter: filter, nextSeq: 0, count: 10)
        XCTAssertEqual(page.conversationList.map(\.conversationID), ["group_g"])
    }

    func test_showName_prefersRemark_thenNickname_thenUserID_andGroupName_thenGroupID() async throws {
        session = try await V2TestSession(peers: [])
        try session.server.registerUser("remarked", nickname: "Nick R", faceURL: "https://r")
        try session.server.registerUser("nicknamed", nickname: "Nick N", faceURL: nil)
        try session.server.registerUser("plain", nickname: nil, faceURL: nil)
        try session.server.setFriendRemark(owner: "me", friend: "remarked", remark: "My Friend")
        try session.server.createGroup("named", name: "The Group", faceURL: "https://g", members: ["me", "plain"])
        try session.server.createGroup("unnamed", name: nil, faceURL: nil, members: ["me", "plain"])
        for user in ["remarked", "nicknamed", "plain"] { try session.server.sendText("hi", from: user, toUser: "me") }
        try session.server.sendText("hi", from: "plain", toGroup: "named")
        try session.server.sendText("hi", from: "plain", toGroup: "unnamed")
        await session.settle()
        let names = try await session.manager.getConversationList(conversationIDList: [
            "c2c_remarked", "c2c_nicknamed", "c2c_plain", "group_named", "group_unnamed",
        ]).map { $0.showName ?? "" }
        XCTAssertEqual(names, ["My Friend", "Nick N", "plain", "The Group", "unnamed"])
        let remarked = try await conversation("c2c_remarked")
        XCTAssertEqual(remarked.faceUrl, "https://r")
        XCTAssertEqual(remarked.userID, "remarked")
        XCTAssertEqual(remarked.type, .C2C)
        let group = try await conversation("group_named")
        XCTAssertEqual(group.faceUrl, "https://g")
        XCTAssertEqual(group.groupID, "named")
        XCTAssertEqual(group.type, .GROUP)
    }

    // MARK: - Helpers

    private func history(userID: String) async throws -> [V2TIMMessage] {
        let manager = session.manager
        return try await callValue { succ, fail in
            manager.getC2CHistoryMessageList(userID: userID, count: 20, lastMsg: nil, succ: succ, fail: fail)
        }
    }

    private func relogin() async throws {
        let manager = session.manager
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            manager.logout(succ: { continuation.resume() }, fail: { _, _ in continuation.resume() })
        }
        try await manager.login(userID: session.userID, userSig: "sig")
    }

    private func setGroupOpt(_ groupID: String, _ opt: V2TIMReceiveMessageOpt) async throws {
        try await call { self.session.manager.setGroupReceiveMessageOpt(groupID: groupID, opt: opt, succ: $0, fail: $1) }
    }

    private func setC2COpt(_ users: [String], _ opt: V2TIMReceiveMessageOpt) async throws {
        try await call { self.session.manager.setC2CReceiveMessageOpt(userIDList: users, opt: opt, succ: $0, fail: $1) }
    }

    func test_theTotalsAnAppHears_endAtTheTrueTotal_whenAnswerAndEventsRace() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        for round in 0..<40 {
            // Pushes are on their way while the app asks: the answer and the events interleave.
            for index in 0..<15 { try session.server.sendText("\(round)-\(index)", from: index % 2 == 0 ? "a" : "b", toUser: "me") }
            let heard = Locked<[UInt64]>([])
            let recorder = TotalRecorder(heard)
            session.manager.addConversationListener(listener: recorder)
            session.manager.getTotalUnreadMessageCount(succ: { total in heard.withLock { $0.append(total) } }, fail: nil)
            await session.settle()
            session.manager.removeConversationListener(listener: recorder)
            let truth = try await session.manager.getTotalUnreadMessageCount()
            XCTAssertEqual(heard.withLock { $0.last }, truth, "round \(round): the last total heard is stale: \(heard.withLock { $0 })")
            try await session.manager.markAllMessageAsRead()
        }
    }

    func test_theRowsAnAppHears_endAtTheTrueState_whenAPageAndEventsRace() async throws {
        session = try await V2TestSession(peers: ["a"])
        for round in 0..<40 {
            for index in 0..<15 { try session.server.sendText("\(round)-\(index)", from: "a", toUser: "me") }
            let heard = Locked<[Int32]>([])
            let recorder = RowRecorder(heard, id: "c2c_a")
            session.manager.addConversationListener(listener: recorder)
            session.manager.getConversationList(nextSeq: 0, count: 50, succ: { list, _, _ in
                for conversation in list ?? [] where conversation.conversationID == "c2c_a" {
                    heard.withLock { $0.append(conversation.unreadCount) }
                }
            }, fail: nil)
            await session.settle()
            session.manager.removeConversationListener(listener: recorder)
            let truth = try await session.manager.getConversation(conversationID: "c2c_a").unreadCount
            XCTAssertEqual(heard.withLock { $0.last }, truth, "round \(round): the last row heard is stale: \(heard.withLock { $0 })")
            try await session.manager.markAllMessageAsRead()
        }
    }
}

/// Records the unread count of one conversation from every conversation event, in order.
private final class RowRecorder: NSObject, V2TIMConversationListener, @unchecked Sendable {
    private let heard: Locked<[Int32]>
    private let id: String

    init(_ heard: Locked<[Int32]>, id: String) {
        self.heard = heard
        self.id = id
    }

    func onNewConversation(_ conversationList: [V2TIMConversation]!) { note(conversationList) }
    func onConversationChanged(_ conversationList: [V2TIMConversation]!) { note(conversationList) }

    private func note(_ list: [V2TIMConversation]?) {
        for conversation in list ?? [] where conversation.conversationID == id {
            heard.withLock { $0.append(conversation.unreadCount) }
        }
    }
}

/// Records every total-unread event, in order, into a shared list.
private final class TotalRecorder: NSObject, V2TIMConversationListener, @unchecked Sendable {
    private let heard: Locked<[UInt64]>

    init(_ heard: Locked<[UInt64]>) {
        self.heard = heard
    }

    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) {
        heard.withLock { $0.append(totalUnreadCount) }
    }
}
