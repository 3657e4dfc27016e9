import Foundation
import IMTestSupport
import ImSDK_Plus
import XCTest

/// Calls as the vendor's Swift-SDK documentation samples write them, where the argument types
/// differ from the Objective-C headers': a mark named by its case, `Int` times.
final class SwiftSDKSampleTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_aMarkNamedByItsCase_andIntTimesForTheGlobalOption() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        let results: [V2TIMConversationOperationResult] = try await callValue { succ, fail in
            V2TIMManager.shared.markConversation(
                conversationIDList: ["c2c_a"], markType: .V2TIM_CONVERSATION_MARK_TYPE_STAR, enableMark: true,
                succ: succ, fail: fail)
        }
        XCTAssertEqual(results.map(\.resultCode), [0])
        let marked = try await session.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(marked.markList, [NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_STAR.rawValue)])

        let startTimeStamp: Int64 = 1_700_000_000
        try await call { succ, fail in
            V2TIMManager.shared.setAllReceiveMessageOpt(
                opt: .V2TIM_RECEIVE_NOT_NOTIFY_MESSAGE, startTimeStamp: Int(startTimeStamp), duration: 3 * 24 * 60 * 60,
                succ: succ, fail: fail)
        }
        let option = try await session.manager.getAllReceiveMessageOpt()
        XCTAssertEqual([option.startTimeStamp, option.duration], [1_700_000_000, 3 * 24 * 60 * 60])
        let negative = await failureCode { succ, fail in
            V2TIMManager.shared.setAllReceiveMessageOpt(
                opt: .V2TIM_RECEIVE_NOT_NOTIFY_MESSAGE, startTimeStamp: -1, duration: 60, succ: succ, fail: fail)
        }
        XCTAssertEqual(negative, 6017)
    }
}
