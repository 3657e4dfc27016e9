import Foundation
import IMCore
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import XCTest
@testable import ImSDK_Plus

/// Message read receipts through the V2 API: a message sent with `needReadReceipt`, a receiver's
/// `sendMessageReadReceipts`, the sender's `onRecvMessageReadReceipts` (every spelling, every
/// connected device), `getMessageReadReceipts` and `getGroupMessageReadMemberList`; the flag kept
/// in local storage; every bad call's error.
class MessageReadReceiptTests: XCTestCase {
    private var sessions: [V2TestSession] = []

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    /// My phone, on a server with users a, b and c, and groups `g` (Work) and `live` (AVChatRoom)
    /// of all four.
    private func phone(storage: V2TIMStorage = .memory) async throws -> V2TestSession {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a", "b", "c"] { try server.registerUser(user, nickname: "N-\(user)", faceURL: nil) }
        try server.setFriendRemark(owner: "me", friend: "b", remark: "Bee")
        try server.createGroup("g", name: "G", members: ["me", "a", "b", "c"])
        try server.createGroup("live", groupType: "AVChatRoom", members: ["me", "a"])
        return try await device("me", on: server, storage: storage)
    }

    private func device(
        _ userID: String, on server: IMReferenceServer, storage: V2TIMStorage = .memory,
        transport: (any IMTransport)? = nil
    ) async throws -> V2TestSession {
        let session = try await V2TestSession(
            userID: userID, server: server, transport: transport, instance: V2TIMManager.makeInstance(), storage: storage)
        sessions.append(session)
        return session
    }

    private func send(
        _ text: String, from session: V2TestSession, to peer: String? = nil, group: String? = nil, receipts: Bool = true
    ) async throws -> V2TIMMessage {
        let message = try XCTUnwrap(session.manager.createTextMessage(text: text))
        message.needReadReceipt = receipts
        _ = try await session.manager.sendMessage(message: message, receiver: peer, groupID: group)
        return message
    }

    /// The newest `count` messages of a conversation as `session` has them, newest first.
    private func history(_ session: V2TestSession, user: String? = nil, group: String? = nil, count: Int32 = 10) async throws -> [V2TIMMessage] {
        if let group { return try await session.manager.getGroupHistoryMessageList(groupID: group, count: count, lastMsg: nil) }
        return try await session.manager.getC2CHistoryMessageList(userID: user ?? "", count: count, lastMsg: nil)
    }

    private func settle(_ list: [V2TestSession]) async {
        for session in list { await session.settle() }
        for session in list { await session.settle() }
    }

    func test_aGroupMessage_countsItsReaders_tellsEveryDeviceOfTheSender_andListsWhoReadAndWhoNot() async throws {
        let phone = try await phone()
        let tablet = try await device("me", on: phone.server)
        let a = try await device("a", on: phone.server)
        let b = try await device("b", on: phone.server)
        let heardOnPhone = ReceiptLog(), heardOnTablet = ReceiptLog()
        let listeners = [ReceiptListener(heardOnPhone), ReceiptListener(heardOnTablet)]
        phone.manager.addAdvancedMsgListener(listener: listeners[0])
        tablet.manager.addAdvancedMsgListener(listener: listeners[1])

        let asking = try await send("lunch?", from: phone, group: "g")
        _ = try await send("plain", from: phone, group: "g", receipts: false)
        await settle([a, b])
        let received = try await history(a, group: "g")
        XCTAssertEqual(received.map(\.needReadReceipt), [false, true], "the receivers see who asked")
        let unreadBefore = try await a.manager.getConversation(conversationID: "group_g").unreadCount

        try await a.manager.sendMessageReadReceipts(messageList: [received[1]])
        try await a.manager.sendMessageReadReceipts(messageList: [received[1]])  // again: nothing new
        try await b.manager.sendMessageReadReceipts(messageList: [try await history(b, group: "g")[1]])
        await settle([phone, tablet, a, b])

        let expected = ["g \(asking.msgID!) 1/2", "g \(asking.msgID!) 2/1"]
        XCTAssertEqual(heardOnPhone.lines, expected)
        XCTAssertEqual(heardOnTablet.lines, expected, "my other device hears it too")
        let unreadAfter = try await a.manager.getConversation(conversationID: "group_g").unreadCount
        XCTAssertEqual(unreadAfter, unreadBefore, "a receipt is not a read of the conversation")

        let receipts = try await phone.manager.getMessageReadReceipts(messageList: [asking])
        XCTAssertEqual(receipts.map { "\($0.groupID ?? "nil") \($0.msgID ?? "nil") \($0.readCount)/\($0.unreadCount)" },
                       ["g \(asking.msgID!) 2/1"])
        let read = try await phone.manager.getGroupMessageReadMemberList(
            message: asking, filter: .GROUP_MESSAGE_READ_MEMBERS_FILTER_READ, nextSeq: 0, count: 1)
        XCTAssertEqual(read.members.map { "\($0.userID!) \($0.nickName ?? "nil") \($0.friendRemark ?? "nil")" }, ["a N-a nil"])
        XCTAssertFalse(read.isFinished)
        let rest = try await phone.manager.getGroupMessageReadMemberList(
            message: asking, filter: .GROUP_MESSAGE_READ_MEMBERS_FILTER_READ, nextSeq: read.nextSeq, count: 100)
        XCTAssertEqual(rest.members.map { "\($0.userID!) \($0.friendRemark ?? "nil")" }, ["b Bee"])
        XCTAssertTrue(rest.isFinished)
        let unread = try await phone.manager.getGroupMessageReadMemberList(
            message: asking, filter: .GROUP_MESSAGE_READ_MEMBERS_FILTER_UNREAD, nextSeq: 0, count: 100)
        XCTAssertEqual(unread.members.map(\.userID), ["c"])
        withExtendedLifetime(listeners) {}
        phone.checkInvariants()
    }

    func test_aC2CMessage_tellsTheSenderThePeerReadIt() async throws {
        let phone = try await phone()
        let a = try await device("a", on: phone.server)
        let heard = ReceiptLog()
        let listener = ReceiptListener(heard)
        phone.manager.addAdvancedMsgListener(listener: listener)
        let asking = try await send("read me", from: phone, to: "a")
        let plain = try await send("plain", from: phone, to: "a", receipts: false)
        let before = try await phone.manager.getMessageReadReceipts(messageList: [asking, plain])
        XCTAssertEqual(before.map(\.isPeerRead), [false, false])

        await a.settle()
        let received = try await history(a, user: "me")
        try await a.manager.sendMessageReadReceipts(messageList: [received[1]])
        await settle([phone, a])
        XCTAssertEqual(heard.lines, ["c2c a \(asking.msgID!) read"])
        let after = try await phone.manager.getMessageReadReceipts(messageList: [asking, plain])
        XCTAssertEqual(after.map { "\($0.userID ?? "nil") \($0.isPeerRead) \($0.timestamp > 0)" },
                       ["a true true", "a false false"])
        let mine = try await history(phone, user: "a")
        XCTAssertFalse(mine[1].isPeerRead, "isPeerRead is the conversation's receipt (markC2CMessageAsRead), not the message's")
        withExtendedLifetime(listener) {}
    }

    func test_everySpellingOfOnRecvMessageReadReceipts_isCalledOnce() async throws {
        let phone = try await phone()
        let a = try await device("a", on: phone.server)
        let log = SpellingLog()
        let listeners: [any V2TIMAdvancedMsgListener] = [
            ReadReceiptsSpellings(log), ReadReceiptsSpellingsOptional(log), PluginReadSpelling(log),
        ]
        listeners.forEach { phone.manager.addAdvancedMsgListener(listener: $0) }
        _ = try await send("ask", from: phone, group: "g")
        await a.settle()
        try await a.manager.sendMessageReadReceipts(messageList: [try await history(a, group: "g")[0]])
        await settle([phone, a])
        let spellings = [
            "labelled", "labelled!", "unlabelled", "unlabelled!", "labelled?", "unlabelled?",
            "pre-annotation", "pre-annotation!", "pre-annotation?",
        ]
        XCTAssertEqual(log.calls.sorted(), spellings.map { "\($0) 1/2" }.sorted())
        withExtendedLifetime(listeners) {}
    }

    func test_needReadReceipt_isKeptInLocalStorage_onBothSides() async throws {
        let directory = try TemporaryDirectory(prefix: "receipts-storage")
        defer { directory.remove() }
        let phone = try await phone(storage: .disk(directory: directory.file("phone")))
        let a = try await device("a", on: phone.server, storage: .disk(directory: directory.file("a")))
        _ = try await send("ask", from: phone, to: "a")
        await settle([phone, a])
        for session in [phone, a] {
            try await session.manager.logout()
            try await session.manager.login(userID: session.userID, userSig: "sig")
            let peer = session.userID == "me" ? "a" : "me"
            let client = try XCTUnwrap(session.manager.currentClient)
            XCTAssertEqual(try client.localHistory(.c2c(peer), before: nil, count: 5).map(\.needReadReceipt), [true],
                           "\(session.userID): the messages' column")
            let last = try await session.manager.getConversation(conversationID: "c2c_\(peer)").lastMessage
            XCTAssertEqual(last?.needReadReceipt, true, "\(session.userID): the last message's column")
        }
        // The receiver's stored message, read back, still sends its receipt.
        let conversation = try await a.manager.getConversation(conversationID: "c2c_me")
        try await a.manager.sendMessageReadReceipts(messageList: [try XCTUnwrap(conversation.lastMessage)])
        // Before the directory goes: the stores may still be warming up from it.
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
    }

    func test_everyBadCall_failsWithItsCode() async throws {
        let phone = try await phone()
        let a = try await device("a", on: phone.server)
        let asking = try await send("ask", from: phone, group: "g")
        let plain = try await send("plain", from: phone, group: "g", receipts: false)
        let c2c = try await send("c2c", from: phone, to: "a")
        let live = try await send("live", from: phone, group: "live")
        await a.settle()
        let received = try await history(a, group: "g")
        let unsent = try XCTUnwrap(phone.manager.createTextMessage(text: "not sent"))
        let manager = phone.manager

        let codes = await [
            failureCode { manager.sendMessageReadReceipts(messageList: nil, succ: $0, fail: $1) },
            failureCode { manager.sendMessageReadReceipts(messageList: [], succ: $0, fail: $1) },
            failureCode { manager.sendMessageReadReceipts(messageList: [unsent], succ: $0, fail: $1) },
            failureCode { manager.sendMessageReadReceipts(messageList: [asking, c2c], succ: $0, fail: $1) },
            failureCode { manager.sendMessageReadReceipts(messageList: [asking], succ: $0, fail: $1) },
            failureCode { a.manager.sendMessageReadReceipts(messageList: [received[0]], succ: $0, fail: $1) },
            failureCode { succ, fail in manager.getMessageReadReceipts(messageList: [], succ: { _ in succ() }, fail: fail) },
            failureCode { succ, fail in
                manager.getGroupMessageReadMemberList(
                    message: c2c, filter: .GROUP_MESSAGE_READ_MEMBERS_FILTER_READ, nextSeq: 0, count: 10,
                    succ: { _, _, _ in succ() }, fail: fail)
            },
            failureCode { succ, fail in
                manager.getGroupMessageReadMemberList(
                    message: asking, filter: .GROUP_MESSAGE_READ_MEMBERS_FILTER_READ, nextSeq: 0, count: 101,
                    succ: { _, _, _ in succ() }, fail: fail)
            },
            failureCode { succ, fail in
                manager.getGroupMessageReadMemberList(
                    message: plain, filter: .GROUP_MESSAGE_READ_MEMBERS_FILTER_UNREAD, nextSeq: 0, count: 10,
                    succ: { _, _, _ in succ() }, fail: fail)
            },
            failureCode { succ, fail in manager.getMessageReadReceipts(messageList: [live], succ: { _ in succ() }, fail: fail) },
        ]
        let invalid = ERR_INVALID_PARAMETERS.rawValue
        XCTAssertEqual(codes, [
            invalid, invalid, invalid, invalid,
            invalid,  // my own message
            invalid,  // a message that does not ask
            invalid, invalid, invalid, invalid,
            ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue,  // a chat room
        ])
        let stillUnread = try await phone.manager.getMessageReadReceipts(messageList: [asking])
        XCTAssertEqual(stillUnread.map(\.readCount), [0], "no failed call counted")
    }

    /// A server of protocol version 4 has no read receipts: a message asking for them is not sent
    /// there (7013, shown failed), and the calls fail with 7013 without reaching it.
    func test_aServerWithoutReceipts_isNotSentAMessageAskingForThem_norTheCalls() async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        let phone = try await device("me", on: server, transport: VersionedTransport(wrapping: server, version: 4))
        let message = try XCTUnwrap(phone.manager.createTextMessage(text: "ask"))
        message.needReadReceipt = true
        let code = await failureCode { succ, fail in
            _ = phone.manager.sendMessage(
                message: message, receiver: "a", groupID: nil, priority: .PRIORITY_DEFAULT, onlineUserOnly: false,
                offlinePushInfo: nil, progress: nil, succ: succ, fail: fail)
        }
        XCTAssertEqual(code, ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue)
        XCTAssertEqual(message.status, .MSG_STATUS_SEND_FAIL)
        let plain = try await send("plain", from: phone, to: "a", receipts: false)
        XCTAssertEqual(plain.status, .MSG_STATUS_SEND_SUCC)
        let asked = await failureCode { succ, fail in
            phone.manager.getMessageReadReceipts(messageList: [plain], succ: { _ in succ() }, fail: fail)
        }
        XCTAssertEqual(asked, ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue)
    }
}

/// Each receipt heard, as "conversation msgID counts".
private final class ReceiptLog: @unchecked Sendable {
    private let log = Locked<[String]>([])
    var lines: [String] { log.withLock { $0 } }

    func record(_ receipts: [V2TIMMessageReceipt]) {
        log.withLock { lines in
            for receipt in receipts {
                if let group = receipt.groupID {
                    lines.append("\(group) \(receipt.msgID ?? "nil") \(receipt.readCount)/\(receipt.unreadCount)")
                } else {
                    lines.append("c2c \(receipt.userID ?? "nil") \(receipt.msgID ?? "nil") \(receipt.isPeerRead ? "read" : "unread")")
                }
            }
        }
    }
}

/// TUIKit's spelling (`TUIMessageBaseDataProvider`).
private final class ReceiptListener: NSObject, V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: ReceiptLog
    init(_ log: ReceiptLog) { self.log = log }

    func onRecvMessageReadReceipts(receiptList: [V2TIMMessageReceipt]) { log.record(receiptList) }
}

private func counts(_ list: [V2TIMMessageReceipt]?) -> String {
    (list ?? []).map { "\($0.readCount)/\($0.unreadCount)" }.joined(separator: ",")
}

/// The plain and `!` spellings of `onRecvMessageReadReceipts`.
private final class ReadReceiptsSpellings: V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    func onRecvMessageReadReceipts(receiptList: [V2TIMMessageReceipt]) { log.record("labelled", counts(receiptList)) }
    func onRecvMessageReadReceipts(receiptList: [V2TIMMessageReceipt]!) { log.record("labelled!", counts(receiptList)) }
    func onRecvMessageReadReceipts(_ receiptList: [V2TIMMessageReceipt]) { log.record("unlabelled", counts(receiptList)) }
    func onRecvMessageReadReceipts(_ receiptList: [V2TIMMessageReceipt]!) { log.record("unlabelled!", counts(receiptList)) }
    func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt]) { log.record("pre-annotation", counts(receiptList)) }
}

/// The `?` spellings.
private final class ReadReceiptsSpellingsOptional: V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    func onRecvMessageReadReceipts(receiptList: [V2TIMMessageReceipt]?) { log.record("labelled?", counts(receiptList)) }
    func onRecvMessageReadReceipts(_ receiptList: [V2TIMMessageReceipt]?) { log.record("unlabelled?", counts(receiptList)) }
    func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt]?) { log.record("pre-annotation?", counts(receiptList)) }
}

/// The vendor Flutter plugin's pre-annotation spelling.
private final class PluginReadSpelling: NSObject, V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    public func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt]!) { log.record("pre-annotation!", counts(receiptList)) }
}
