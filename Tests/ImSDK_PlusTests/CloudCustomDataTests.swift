import Foundation
import IMCore
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import XCTest
@testable import ImSDK_Plus

/// `V2TIMMessage.cloudCustomData`: set before sending, kept by the server and handed out with the
/// message: to the receiver, to the sender's other devices, in history and as the last message,
/// from the local database after a restart; never sent to a server that would drop it.
final class CloudCustomDataTests: XCTestCase {
    private var sessions: [V2TestSession] = []

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    private func device(_ userID: String, on server: IMReferenceServer, transport: (any IMTransport)? = nil) async throws -> V2TestSession {
        let session = try await V2TestSession(
            userID: userID, server: server, transport: transport, instance: V2TIMManager.makeInstance())
        sessions.append(session)
        return session
    }

    func test_cloudCustomData_travelsWithTheMessage_everywhere_andSurvivesARestart() async throws {
        let directory = try TemporaryDirectory(prefix: "cloud-data")
        defer { directory.remove() }
        let phone = try await V2TestSession(peers: ["a"], storage: .disk(directory: directory.path))
        sessions.append(phone)
        let tablet = try await device("me", on: phone.server)
        let peer = try await device("a", on: phone.server)
        let quote = Data(#"{"replyTo":"m-1"}"#.utf8)

        _ = try await phone.manager.sendMessage(message: phone.manager.createTextMessage(text: "plain"), receiver: "a", groupID: nil)
        let message = try XCTUnwrap(phone.manager.createTextMessage(text: "sure"))
        XCTAssertNil(message.cloudCustomData)
        message.cloudCustomData = quote
        _ = try await phone.manager.sendMessage(message: message, receiver: "a", groupID: nil)
        XCTAssertEqual(message.cloudCustomData, quote, "the sent object keeps it")
        for session in [phone, tablet, peer] { await session.settle() }

        let received = try await peer.manager.getC2CHistoryMessageList(userID: "me", count: 10, lastMsg: nil)
        XCTAssertEqual(received.map(\.cloudCustomData), [quote, nil])
        let peersLast = try await peer.manager.getConversation(conversationID: "c2c_me").lastMessage
        XCTAssertEqual(peersLast?.cloudCustomData, quote, "the push carried it")
        let tabletsLast = try await tablet.manager.getConversation(conversationID: "c2c_a").lastMessage
        XCTAssertEqual(tabletsLast?.cloudCustomData, quote, "my other device has it")

        try await phone.manager.logout()
        try await phone.manager.login(userID: "me", userSig: "sig")
        let restored = try await phone.manager.getConversation(conversationID: "c2c_a").lastMessage
        XCTAssertEqual(restored?.cloudCustomData, quote, "the last message's column")
        let local = try XCTUnwrap(phone.manager.currentClient).localHistory(.c2c("a"), before: nil, count: 10)
        XCTAssertEqual(local.map(\.cloudCustomData), [quote, nil], "the messages' column")

        let removed = try await phone.manager.getC2CHistoryMessageList(userID: "a", count: 1, lastMsg: nil)
        try await phone.manager.deleteMessageFromLocalStorage(msg: removed[0])
        let tombstone = try XCTUnwrap(phone.manager.currentClient).read { store in
            store.message(in: .c2c("a"), seq: 2, random: nil, messageID: nil)
        }
        XCTAssertNil(tombstone, "removed")
        phone.checkInvariants()
    }

    /// A server of protocol version 3 would drop the data: the SDK does not send such a message
    /// there (7013, the message shown failed); one without it goes.
    func test_aServerThatWouldDropIt_isNotSentAMessageWithIt() async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        let phone = try await device("me", on: server, transport: VersionedTransport(wrapping: server, version: 3))
        let message = try XCTUnwrap(phone.manager.createTextMessage(text: "sure"))
        message.cloudCustomData = Data("x".utf8)
        let code = await failureCode { succ, fail in
            _ = phone.manager.sendMessage(
                message: message, receiver: "a", groupID: nil, priority: .PRIORITY_DEFAULT, onlineUserOnly: false,
                offlinePushInfo: nil, progress: nil, succ: succ, fail: fail)
        }
        XCTAssertEqual(code, ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue)
        XCTAssertEqual(message.status, .MSG_STATUS_SEND_FAIL)
        let plain = try XCTUnwrap(phone.manager.createTextMessage(text: "plain"))
        _ = try await phone.manager.sendMessage(message: plain, receiver: "a", groupID: nil)
        XCTAssertEqual(plain.status, .MSG_STATUS_SEND_SUCC)
        phone.checkInvariants()
    }
}
