import Foundation
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import ImSDK_Plus
import XCTest

/// `V2TIMMessage.nickName`, `friendRemark` and `faceURL`: a C2C message from the peer shows the
/// peer's profile as the conversation does, in the new-message event, the last message, history
/// and `findMessages`; my own messages and group messages show none (nor `nameCard`).
final class MessageSenderProfileTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_aMessageFromThePeer_showsThePeersProfile_mineAndGroupMessagesDoNot() async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        try server.registerUser("me")
        try server.registerUser("a", nickname: "Alice", faceURL: "https://a/face.png")
        try server.setFriendRemark(owner: "me", friend: "a", remark: "Al")
        try server.createGroup("g1", name: "One", faceURL: nil, members: ["me", "a"])
        session = try await V2TestSession(server: server)
        let heard = ProfileRecorder()
        session.manager.addAdvancedMsgListener(listener: heard)
        defer { session.manager.removeAdvancedMsgListener(listener: heard) }

        try server.sendText("hi", from: "a", toUser: "me")
        try server.sendText("all", from: "a", toGroup: "g1")
        await session.settle()
        XCTAssertEqual(heard.lines, ["hi Alice Al https://a/face.png nil", "all nil nil nil nil"])

        let conversation = try await session.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(describe(conversation.lastMessage), "hi Alice Al https://a/face.png nil")
        let history = try await session.manager.getC2CHistoryMessageList(userID: "a", count: 5, lastMsg: nil)
        XCTAssertEqual(history.map(describe), ["hi Alice Al https://a/face.png nil"])
        let found = try await session.manager.findMessages(messageIDList: [history[0].msgID])
        XCTAssertEqual(found.map(describe), ["hi Alice Al https://a/face.png nil"])

        _ = try await session.manager.sendMessage(message: session.manager.createTextMessage(text: "mine"), receiver: "a", groupID: nil)
        let mine = try await session.manager.getC2CHistoryMessageList(userID: "a", count: 1, lastMsg: nil)
        XCTAssertEqual(mine.map(describe), ["mine nil nil nil nil"], "my own message shows no profile")
    }
}

private func describe(_ message: V2TIMMessage?) -> String {
    guard let message else { return "none" }
    return [message.textElem?.text, message.nickName, message.friendRemark, message.faceURL, message.nameCard]
        .map { $0 ?? "nil" }.joined(separator: " ")
}

private final class ProfileRecorder: V2TIMAdvancedMsgListener, @unchecked Sendable {
    private let log = Locked<[String]>([])
    var lines: [String] { log.withLock { $0 } }
    func onRecvNewMessage(msg: V2TIMMessage) { log.withLock { $0.append(describe(msg)) } }
}
