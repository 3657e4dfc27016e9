import Foundation
import IMTestSupport
import XCTest
@testable import ImSDK_Plus

/// The vendor's V2 headers have no nonnull regions, so Swift imports their object parameters as
/// implicitly unwrapped (`String!`, `[String]!`) and vendor-style code passes optionals (an ID read
/// from a `V2TIMConversation`, `String.data(using:)`): those calls compile here too, act on the
/// value, and a nil fails as an empty value does (6017), or makes no message.
final class HeaderNullabilityTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_optionalArguments_compileAndAct_andNilFailsAsEmpty() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.createGroup("g", name: "G", faceURL: nil, members: ["me", "a"])
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        let manager = session.manager
        let id: String? = "c2c_a", peer: String? = "a", group: String? = "g", ids: [String]? = ["c2c_a"]
        let none: String? = nil, noList: [String]? = nil

        let shown: V2TIMConversation = try await callValue { manager.getConversation(conversationID: id, succ: $0, fail: $1) }
        XCTAssertEqual(shown.conversationID, "c2c_a")
        let listed: [V2TIMConversation] = try await callValue { manager.getConversationList(conversationIDList: ids, succ: $0, fail: $1) }
        XCTAssertEqual(listed.map { $0.conversationID }, ["c2c_a"])
        try await call { manager.pinConversation(conversationID: id, isPinned: true, succ: $0, fail: $1) }
        try await call { manager.setConversationDraft(conversationID: id, draftText: "d", succ: $0, fail: $1) }
        let history: [V2TIMMessage] = try await callValue { manager.getC2CHistoryMessageList(userID: peer, count: 5, lastMsg: nil, succ: $0, fail: $1) }
        XCTAssertEqual(history.map { $0.textElem?.text }, ["hi"])
        let _: [V2TIMMessage] = try await callValue { manager.getGroupHistoryMessageList(groupID: group, count: 5, lastMsg: nil, succ: $0, fail: $1) }
        try await call { manager.setC2CReceiveMessageOpt(userIDList: [peer!], opt: .RECEIVE_MESSAGE, succ: $0, fail: $1) }
        try await call { manager.setGroupReceiveMessageOpt(groupID: group, opt: .RECEIVE_NOT_NOTIFY_MESSAGE, succ: $0, fail: $1) }
        let marked: [V2TIMConversationOperationResult] = try await callValue {
            manager.markConversation(conversationIDList: ids, markType: NSNumber?(2), enableMark: true, succ: $0, fail: $1)
        }
        XCTAssertEqual(marked.map { $0.resultCode }, [0])
        let text: String? = "t"
        XCTAssertEqual(manager.createTextMessage(text: text)?.textElem?.text, "t")
        XCTAssertNil(manager.createTextMessage(text: none), "no text, no message")
        let sentID: String = manager.sendC2CTextMessage(text: "x", to: "a", succ: nil, fail: nil)
        XCTAssertFalse(sentID.isEmpty, "the header's String! result binds to a String")

        let codes = await [
            failureCode { succ, fail in manager.getConversation(conversationID: none, succ: { _ in succ() }, fail: fail) },
            failureCode { manager.pinConversation(conversationID: none, isPinned: true, succ: $0, fail: $1) },
            failureCode { manager.setConversationDraft(conversationID: none, draftText: "d", succ: $0, fail: $1) },
            failureCode { manager.deleteConversation(conversation: none, succ: $0, fail: $1) },
            failureCode { succ, fail in manager.deleteConversationList(conversationIDList: noList, clearMessage: true, succ: { _ in succ() }, fail: fail) },
            failureCode { succ, fail in manager.getC2CHistoryMessageList(userID: none, count: 5, lastMsg: nil, succ: { _ in succ() }, fail: fail) },
            failureCode { manager.setGroupReceiveMessageOpt(groupID: none, opt: .RECEIVE_MESSAGE, succ: $0, fail: $1) },
            failureCode { succ, fail in manager.getC2CReceiveMessageOpt(userIDList: noList, succ: { _ in succ() }, fail: fail) },
            failureCode { manager.login(userID: none, userSig: "sig", succ: $0, fail: $1) },
        ]
        XCTAssertEqual(codes, Array(repeating: ERR_INVALID_PARAMETERS.rawValue, count: codes.count))
        session.checkInvariants()
    }
}
