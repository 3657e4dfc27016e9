import Foundation
import IMReferenceServer
import IMTestSupport
import XCTest
@testable import ImSDK_Plus

/// The send-time options of `V2TIMMessage` that belong to cloud features this package does not
/// have (content moderation, cloud callbacks, message extensions, offline push, broadcasts,
/// priority delivery): they are accepted, stay on the object that set them, change nothing about
/// the send, and a received message shows them unset.
final class SendOptionPropertiesTests: XCTestCase {
    private var sessions: [V2TestSession] = []

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    func test_cloudOnlyOptions_areKeptOnTheObject_andChangeNothingAboutTheSend() async throws {
        let me = try await V2TestSession(peers: ["a"], storage: .memory)
        sessions.append(me)
        let a = try await V2TestSession(
            userID: "a", server: me.server, transport: nil, instance: V2TIMManager.makeInstance(), storage: .memory,
            heartbeatInterval: nil)
        sessions.append(a)

        let message = try XCTUnwrap(me.manager.createTextMessage(text: "typing"))
        message.isExcludedFromContentModeration = true
        message.customModerationConfigurationID = "config-1"
        message.disableCloudMessagePreHook = true
        message.disableCloudMessagePostHook = true
        message.supportMessageExtension = true
        _ = try await me.manager.sendMessage(message: message, receiver: "a", groupID: nil)
        XCTAssertEqual(message.status, .MSG_STATUS_SEND_SUCC)
        XCTAssertTrue(message.isExcludedFromContentModeration && message.disableCloudMessagePreHook
            && message.disableCloudMessagePostHook && message.supportMessageExtension)
        XCTAssertEqual(message.customModerationConfigurationID, "config-1", "kept on the object that set it")

        await a.settle()
        let conversation = try await a.manager.getConversation(conversationID: "c2c_me")
        XCTAssertEqual(conversation.unreadCount, 1, "an ordinary message for its receiver")
        let received = try XCTUnwrap(conversation.lastMessage)
        XCTAssertEqual(received.textElem?.text, "typing")
        XCTAssertFalse(received.isExcludedFromContentModeration || received.disableCloudMessagePreHook
            || received.supportMessageExtension || received.isBroadcastMessage)
        XCTAssertNil(received.customModerationConfigurationID)
        XCTAssertNil(received.offlinePushInfo)
        XCTAssertEqual(received.priority, .PRIORITY_DEFAULT)
    }
}
