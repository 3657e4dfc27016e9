import Foundation
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import ImSDK
import XCTest
@testable import ImSDK_Plus

/// A message body over 12 KB (the headers: "at most 12KB"; `ERR_SDK_MSG_BODY_SIZE_LIMIT`, 8001,
/// "the sum of the lengths of every element's fields") is not sent, in either API: `fail` hears
/// 8001, the message shows as failed, and the peer gets nothing; a change into one is refused the
/// same way. 12 KB exactly is sent.
final class MessageBodyLimitTests: XCTestCase {
    private var sessions: [V2TestSession] = []
    private let limit = MessageContent.maxBodyBytes

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    private func pair() async throws -> (me: V2TestSession, peer: V2TestSession) {
        let me = try await V2TestSession(peers: ["a"], storage: .memory)
        sessions.append(me)
        let peer = try await V2TestSession(
            userID: "a", server: me.server, transport: nil, instance: V2TIMManager.makeInstance(), storage: .memory,
            heartbeatInterval: nil)
        sessions.append(peer)
        return (me, peer)
    }

    private func sendCode(_ message: V2TIMMessage?, from session: V2TestSession) async -> Int32 {
        do {
            try await call { succ, fail in
                _ = session.manager.sendMessage(
                    message: message, receiver: "a", groupID: nil, priority: .PRIORITY_DEFAULT, onlineUserOnly: false,
                    offlinePushInfo: nil, progress: nil, succ: succ, fail: fail)
            }
            return 0
        } catch {
            return (error as? V2TIMError)?.code ?? -1
        }
    }

    func test_aBodyOverTwelveKilobytes_failsWith8001_showsAsFailed_andReachesNoOne() async throws {
        let (me, peer) = try await pair()
        let overs: [V2TIMMessage?] = [
            me.manager.createTextMessage(text: String(repeating: "é", count: limit / 2) + "x"),
            me.manager.createCustomMessage(data: Data(count: limit - 4), desc: "ab", ext: "cde"),
            me.manager.createFaceMessage(index: 1, data: Data(count: limit - 3)),
        ]
        for (index, message) in overs.enumerated() {
            let code = await sendCode(message, from: me)
            XCTAssertEqual(code, ERR_SDK_MSG_BODY_SIZE_LIMIT.rawValue, "case \(index)")
            XCTAssertEqual(message?.status, .MSG_STATUS_SEND_FAIL, "case \(index)")
        }
        let last = try await me.manager.getConversation(conversationID: "c2c_a").lastMessage
        XCTAssertEqual(last?.status, .MSG_STATUS_SEND_FAIL, "the last one shows as failed")
        XCTAssertEqual(last?.elemType, .ELEM_TYPE_FACE)

        // 12 KB exactly is sent, and it is all the peer gets.
        let atLimit = me.manager.createTextMessage(text: String(repeating: "x", count: limit))
        let code = await sendCode(atLimit, from: me)
        XCTAssertEqual(code, 0)
        await peer.settle()
        let theirs = try await peer.manager.getConversation(conversationID: "c2c_me")
        XCTAssertEqual(theirs.unreadCount, 1)
        XCTAssertEqual(theirs.lastMessage?.textElem?.text?.utf8.count, limit)

        // A change into a body over the limit.
        atLimit?.textElem.text = String(repeating: "y", count: limit + 1)
        let changed: Int32 = try await callValue { succ, _ in
            me.manager.modifyMessage(msg: atLimit) { code, _, _ in succ(code) }
        }
        XCTAssertEqual(changed, ERR_SDK_MSG_BODY_SIZE_LIMIT.rawValue)
        await peer.settle()
        let after = try await peer.manager.getConversation(conversationID: "c2c_me").lastMessage
        XCTAssertEqual(after?.textElem?.text?.first, "x", "unchanged for the peer")
    }

    func test_theLegacySend_failsWith8001_too() async throws {
        let (me, peer) = try await pair()
        let message = TIMMessage()
        let elem = TIMTextElem()
        elem.text = String(repeating: "z", count: limit + 1)
        message.add(elem)
        let conversation = try XCTUnwrap(TIMManager.sharedInstance().getConversation(.C2C, receiver: "a"))
        do {
            try await call { succ, fail in _ = conversation.send(message, succ: succ, fail: { fail($0, $1) }) }
            XCTFail("sent")
        } catch {
            XCTAssertEqual((error as? V2TIMError)?.code, ERR_SDK_MSG_BODY_SIZE_LIMIT.rawValue)
        }
        XCTAssertEqual(message.status(), .MSG_STATUS_SEND_FAIL)
        await peer.settle()
        let theirs = try await peer.manager.getConversationList(nextSeq: 0, count: 10)
        XCTAssertEqual(theirs.conversationList.count, 0, "the peer got nothing")
    }
}
