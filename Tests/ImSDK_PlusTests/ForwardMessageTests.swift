import Foundation
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import XCTest
@testable import ImSDK_Plus

/// `createForwardMessage(message:)`, as TUIKit forwards messages one by one: a new message with the
/// content of one received or sent, to send elsewhere; also content of a type this package does
/// not read (an image from another server), carried whole.
final class ForwardMessageTests: XCTestCase {
    private var sessions: [V2TestSession] = []

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    func test_aForwardCarriesTheContent_toAnotherConversation_asANewMessage() async throws {
        let me = try await V2TestSession(peers: ["a", "b"], storage: .memory)
        sessions.append(me)
        let image = MessageContent.other(type: 3, payload: Data(#"{"imageList":[]}"#.utf8))
        _ = try me.server.sendText("look", from: "a", toUser: "me")
        _ = try me.server.send(OutgoingMessage(id: "", receiver: .user("me"), content: image), from: "a")
        _ = try me.server.send(OutgoingMessage(
            id: "", receiver: .user("me"), content: .location(.init(desc: "here", longitude: 1, latitude: 2))), from: "a")
        await me.settle()
        let received = try await me.manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(received.count, 3)

        for original in received.reversed() {
            let forward = try XCTUnwrap(me.manager.createForwardMessage(message: original))
            XCTAssertEqual(forward.elemType, original.elemType)
            XCTAssertEqual(forward.status, .MSG_STATUS_SENDING, "a new message, not the original")
            _ = try await me.manager.sendMessage(message: forward, receiver: "b", groupID: nil)
            XCTAssertNotEqual(forward.msgID, original.msgID)
        }
        let b = try await V2TestSession(
            userID: "b", server: me.server, transport: nil, instance: V2TIMManager.makeInstance(), storage: .memory,
            heartbeatInterval: nil)
        sessions.append(b)
        let forwarded = try await b.manager.getC2CHistoryMessageList(userID: "me", count: 10, lastMsg: nil)
        XCTAssertEqual(forwarded.reversed().compactMap { $0.core?.content },
                       [.text("look"), image, .location(.init(desc: "here", longitude: 1, latitude: 2))],
                       "the same contents, in order")
        XCTAssertEqual(forwarded.first?.locationElem?.desc, "here")
        XCTAssertNil(me.manager.createForwardMessage(message: nil))
    }
}
