import Foundation
import IMCore
import IMTestSupport
import IMTransportKit
import XCTest
@testable import IMReferenceServer

/// Message read receipts on the server: a receiver's receipt counts once, reaches every connection
/// of the sender (outside the sync versions), changes no unread count, and is kept across a restart
/// of a persisted server; every bad request gets its error and changes nothing.
final class ReadReceiptRequestTests: XCTestCase {
    private static let now: UInt64 = 1_700_000_000

    private func server(persistingAt path: String? = nil) throws -> IMReferenceServer {
        let server = try path.map { try IMReferenceServer(persistingAt: $0, clock: { Self.now }) }
            ?? IMReferenceServer(clock: { Self.now }, loginPolicy: .unlimited)
        return server
    }

    private func seed(_ server: IMReferenceServer, groupType: String = "Work") throws {
        for user in ["me", "a", "b", "c"] { try server.registerUser(user, nickname: "N-\(user)", faceURL: "f-\(user)") }
        try server.setFriendRemark(owner: "me", friend: "b", remark: "Bee")
        try server.createGroup("g", name: "G", faceURL: nil, groupType: groupType, members: ["me", "a", "b", "c"])
    }

    private func send(_ text: String, from device: RawDevice, to receiver: MessageReceiver, receipts: Bool) async throws -> Message {
        let outgoing = OutgoingMessage(id: "m-\(text)", receiver: receiver, content: .text(text), needReadReceipt: receipts)
        guard case .message(let message) = try await device.send(.sendMessage(outgoing)) else {
            throw IMError(.networkFailure, "no message")
        }
        return message
    }

    private func receipts(_ response: IMResponse) -> [String] {
        guard case .readReceipts(let list) = response else { return ["not receipts: \(response)"] }
        return list.map { "\($0.messageID) \($0.readCount)/\($0.unreadCount) t\($0.timestamp)" }
    }

    /// The receipts pushed to `device`, one line per receipt.
    private func pushedReceipts(_ device: RawDevice) async throws -> [String] {
        _ = try await device.send(.heartbeat)  // answered after every push queued for it before
        return device.pushes.flatMap { push -> [String] in
            guard case .messageReadReceipts(let list) = push else { return [] }
            return list.map { "\($0.conversationID.stringForm) \($0.messageID) \($0.readCount)/\($0.unreadCount)" }
        }
    }

    func test_aGroupReceipt_countsEachReaderOnce_reachesEveryDeviceOfTheSender_andChangesNoUnreadCount() async throws {
        let server = try server()
        try seed(server)
        let phone = try await RawDevice(userID: "me", transport: server)
        let tablet = try await RawDevice(userID: "me", transport: server)
        let a = try await RawDevice(userID: "a", transport: server)
        let b = try await RawDevice(userID: "b", transport: server)
        let asking = try await send("ask", from: phone, to: .group("g"), receipts: true)
        XCTAssertTrue(asking.needReadReceipt)
        let plain = try await send("plain", from: phone, to: .group("g"), receipts: false)
        let unreadBefore = try server.conversations(of: "a")

        try await a.send(.sendReadReceipts(.group("g"), seqs: [asking.seq]))
        try await a.send(.sendReadReceipts(.group("g"), seqs: [asking.seq]))  // again: nothing changes
        try await b.send(.sendReadReceipts(.group("g"), seqs: [asking.seq]))

        for device in [phone, tablet] {
            let pushed = try await pushedReceipts(device)
            XCTAssertEqual(pushed, ["group_g m-ask 1/2", "group_g m-ask 2/1"])
        }
        let heard = try await pushedReceipts(a)
        XCTAssertEqual(heard, [], "a reader hears nothing")
        XCTAssertEqual(try server.conversations(of: "a"), unreadBefore, "no unread count moved")
        let answer1 = receipts(try await a.send(.readReceipts(.group("g"), seqs: [plain.seq, asking.seq])))
        XCTAssertEqual(answer1,
                       ["m-plain 0/0 t0", "m-ask 2/1 t\(Self.now)"])

        let read = try await phone.send(.readMembers(.group("g"), seq: asking.seq, read: true, after: 0, count: 100))
        XCTAssertEqual(read, .members([
            MemberProfile(userID: "a", nickname: "N-a", faceURL: "f-a"),
            MemberProfile(userID: "b", nickname: "N-b", faceURL: "f-b", remark: "Bee"),
        ], next: 2, isFinished: true))
        let firstUnread = try await phone.send(.readMembers(.group("g"), seq: asking.seq, read: false, after: 0, count: 1))
        XCTAssertEqual(firstUnread, .members([MemberProfile(userID: "c", nickname: "N-c", faceURL: "f-c")], next: 1, isFinished: true))
        let readPage = try await phone.send(.readMembers(.group("g"), seq: asking.seq, read: true, after: 1, count: 1))
        XCTAssertEqual(readPage, .members([MemberProfile(userID: "b", nickname: "N-b", faceURL: "f-b", remark: "Bee")], next: 2, isFinished: true))
        let firstRead = try await phone.send(.readMembers(.group("g"), seq: asking.seq, read: true, after: 0, count: 1))
        guard case .members(_, 1, false) = firstRead else { return XCTFail("a first page of one: \(firstRead)") }
    }

    func test_aC2CReceipt_reachesTheSender_asThePeerHavingRead() async throws {
        let server = try server()
        try seed(server)
        let phone = try await RawDevice(userID: "me", transport: server)
        let a = try await RawDevice(userID: "a", transport: server)
        let asking = try await send("ask", from: phone, to: .user("a"), receipts: true)
        let answer2 = receipts(try await phone.send(.readReceipts(.c2c("a"), seqs: [asking.seq])))
        XCTAssertEqual(answer2, ["m-ask 0/1 t0"])
        try await a.send(.sendReadReceipts(.c2c("me"), seqs: [asking.seq]))
        let pushed = try await pushedReceipts(phone)
        XCTAssertEqual(pushed, ["c2c_a m-ask 1/0"], "from the sender's side: the conversation with the reader")
        let answer3 = receipts(try await phone.send(.readReceipts(.c2c("a"), seqs: [asking.seq])))
        XCTAssertEqual(answer3, ["m-ask 1/0 t\(Self.now)"])
    }

    func test_everyBadRequest_getsItsError_andChangesNothing() async throws {
        let server = try server()
        try seed(server)
        try server.registerUser("outsider")
        try server.createGroup("room", name: nil, faceURL: nil, groupType: "AVChatRoom", members: ["me", "a"])
        try server.createGroup("club", name: nil, faceURL: nil, groupType: "Community", members: ["me", "a"])
        let phone = try await RawDevice(userID: "me", transport: server)
        let a = try await RawDevice(userID: "a", transport: server)
        let outsider = try await RawDevice(userID: "outsider", transport: server)
        let asking = try await send("ask", from: phone, to: .group("g"), receipts: true)
        let plain = try await send("plain", from: phone, to: .group("g"), receipts: false)
        let roomMessage = try await send("live", from: phone, to: .group("room"), receipts: true)
        let clubMessage = try await send("club", from: phone, to: .group("club"), receipts: true)

        let cases: [(String, RawDevice, IMRequest, IMError.Code)] = [
            ("no messages", a, .sendReadReceipts(.group("g"), seqs: []), .invalidParameters),
            ("101 messages", a, .sendReadReceipts(.group("g"), seqs: Array(repeating: asking.seq, count: 101)), .invalidParameters),
            ("a missing message", a, .sendReadReceipts(.group("g"), seqs: [asking.seq, 99]), .invalidParameters),
            ("my own message", phone, .sendReadReceipts(.group("g"), seqs: [asking.seq]), .invalidParameters),
            ("one not asking", a, .sendReadReceipts(.group("g"), seqs: [asking.seq, plain.seq]), .invalidParameters),
            ("not a member", outsider, .sendReadReceipts(.group("g"), seqs: [asking.seq]), .notGroupMember),
            ("a chat room", a, .sendReadReceipts(.group("room"), seqs: [roomMessage.seq]), .interfaceNotSupported),
            ("a community", a, .readReceipts(.group("club"), seqs: [clubMessage.seq]), .interfaceNotSupported),
            ("an unknown group", a, .readReceipts(.group("nope"), seqs: [1]), .unknownGroup),
            ("readers of C2C", phone, .readMembers(.c2c("a"), seq: 1, read: true, after: 0, count: 10), .invalidParameters),
            ("a page of 0", phone, .readMembers(.group("g"), seq: asking.seq, read: true, after: 0, count: 0), .invalidParameters),
            ("a page of 101", phone, .readMembers(.group("g"), seq: asking.seq, read: true, after: 0, count: 101), .invalidParameters),
            ("readers of one not asking", phone, .readMembers(.group("g"), seq: plain.seq, read: true, after: 0, count: 10), .invalidParameters),
        ]
        for (what, device, request, code) in cases {
            do {
                let answer = try await device.send(request)
                XCTFail("\(what): answered \(answer)")
            } catch let error as IMError {
                XCTAssertEqual(error.code, code, "\(what): \(error.message)")
            }
        }
        let answer4 = receipts(try await phone.send(.readReceipts(.group("g"), seqs: [asking.seq])))
        XCTAssertEqual(answer4, ["m-ask 0/3 t0"])
        let pushed = try await pushedReceipts(phone)
        XCTAssertEqual(pushed, [])
    }

    func test_receipts_outliveARestartOfAPersistedServer() async throws {
        let directory = try TemporaryDirectory(prefix: "receipts-server")
        defer { directory.remove() }
        let path = directory.file("server.sqlite")
        var seq: UInt64 = 0
        do {
            let server = try server(persistingAt: path)
            try seed(server)
            let phone = try await RawDevice(userID: "me", transport: server)
            let a = try await RawDevice(userID: "a", transport: server)
            seq = try await send("ask", from: phone, to: .group("g"), receipts: true).seq
            try await a.send(.sendReadReceipts(.group("g"), seqs: [seq]))
            phone.close()
            a.close()
        }
        for open in ["replaying the journal", "loading the snapshot"] {
            let server = try server(persistingAt: path)
            let phone = try await RawDevice(userID: "me", transport: server)
            let answer5 = receipts(try await phone.send(.readReceipts(.group("g"), seqs: [seq])))
        XCTAssertEqual(answer5,
                           ["m-ask 1/2 t\(Self.now)"], open)
            let history = try await phone.send(.history(.group("g"), beforeSeq: nil, count: 1))
            guard case .messages(let messages) = history else { return XCTFail("\(open): \(history)") }
            XCTAssertEqual(messages.map(\.needReadReceipt), [true], open)
            phone.close()
        }
    }
}
