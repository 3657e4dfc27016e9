import Foundation
import IMTestSupport
import IMTransportKit
import ImSDK_Plus
import XCTest

/// `getHistoryMessageList(option:succ:fail:)` with `V2TIMMessageListGetOption`: cloud and local
/// pages of older messages, a group page from a sequence, element types, a time range, bad options.
final class HistoryOptionTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    /// a sends m1..m5 to me and g1 gets t1..t3, a second apart; m2 and m4 are custom messages.
    private func start() async throws {
        let clock = SteppingClock(start: 1_000)
        session = try await V2TestSession(peers: ["a"], serverClock: clock.next)
        try session.server.createGroup("g1", name: "One", faceURL: nil, members: ["me", "a"])
        for index in 1...5 {
            let content: MessageContent = index % 2 == 0 ? .custom(Data("m\(index)".utf8)) : .text("m\(index)")
            _ = try session.server.send(OutgoingMessage(id: "", receiver: .user("me"), content: content), from: "a")
        }
        for index in 1...3 { try session.server.sendText("t\(index)", from: "a", toGroup: "g1") }
        await session.settle()
    }

    private func page(_ configure: (V2TIMMessageListGetOption) -> Void) async throws -> [String] {
        let option = V2TIMMessageListGetOption()
        configure(option)
        let messages: [V2TIMMessage] = try await callValue { succ, fail in
            self.session.manager.getHistoryMessageList(option: option, succ: succ, fail: fail)
        }
        return messages.map { $0.textElem?.text ?? String(decoding: $0.customElem?.data ?? Data(), as: UTF8.self) }
    }

    func test_cloudAndLocalPagesOfOlderMessages() async throws {
        try await start()
        let first = try await page { $0.userID = "a"; $0.count = 2 }
        XCTAssertEqual(first, ["m5", "m4"], "the default: older messages from the server")
        let newest = try await session.manager.getC2CHistoryMessageList(userID: "a", count: 2, lastMsg: nil)
        let second = try await page { $0.userID = "a"; $0.count = 2; $0.lastMsg = newest.last }
        XCTAssertEqual(second, ["m3", "m2"], "before lastMsg, which is not returned")
        let local = try await page { $0.userID = "a"; $0.count = 10; $0.getType = .GET_LOCAL_OLDER_MSG }
        XCTAssertEqual(local, ["m5", "m4", "m3", "m2", "m1"])
        let customOnly = try await page { option in
            option.userID = "a"
            option.count = 10
            option.getType = .V2TIM_GET_LOCAL_OLDER_MSG
            option.messageTypeList = [NSNumber(value: V2TIMElemType.ELEM_TYPE_CUSTOM.rawValue)]
        }
        XCTAssertEqual(customOnly, ["m4", "m2"], "local reads keep the element types asked for")
        let all = try await session.manager.getC2CHistoryMessageList(userID: "a", count: 5, lastMsg: nil)
        let (m4, m3) = try (XCTUnwrap(all[1].timestamp), XCTUnwrap(all[2].timestamp))
        let inRange = try await page { option in
            option.userID = "a"
            option.count = 10
            option.getTimeBegin = UInt(m4.timeIntervalSince1970)
            option.getTimePeriod = UInt(m4.timeIntervalSince1970 - m3.timeIntervalSince1970)
        }
        XCTAssertEqual(inRange, ["m4", "m3"], "sent in [m3's second, m4's]")
    }

    func test_aGroupPageFromASequence_includesThatSequencesMessage() async throws {
        try await start()
        let fromSeq = try await page { $0.groupID = "g1"; $0.count = 2; $0.lastMsgSeq = 2 }
        XCTAssertEqual(fromSeq, ["t2", "t1"])
        let local = try await page { $0.groupID = "g1"; $0.count = 1; $0.lastMsgSeq = 3; $0.getType = .GET_LOCAL_OLDER_MSG }
        XCTAssertEqual(local, ["t3"])
        let preAnnotation: [V2TIMMessage] = try await callValue { succ, fail in
            let option = V2TIMMessageListGetOption()
            option.groupID = "g1"
            option.count = 5
            self.session.manager.getHistoryMessageList(option, succ: succ, fail: fail)
        }
        XCTAssertEqual(preAnnotation.map { $0.textElem?.text }, ["t3", "t2", "t1"])
    }

    func test_badOptions_failWith6017_andNewerPagesWith7013() async throws {
        try await start()
        func code(_ option: V2TIMMessageListGetOption?) async -> Int32 {
            await failureCode { succ, fail in
                self.session.manager.getHistoryMessageList(option: option, succ: { _ in succ() }, fail: fail)
            }
        }
        func option(_ configure: (V2TIMMessageListGetOption) -> Void) -> V2TIMMessageListGetOption {
            let option = V2TIMMessageListGetOption()
            option.count = 5
            configure(option)
            return option
        }
        let none = await code(nil)
        let neither = await code(option { _ in })
        let both = await code(option { $0.userID = "a"; $0.groupID = "g1" })
        let zero = await code(option { $0.userID = "a"; $0.count = 0 })
        XCTAssertEqual([none, neither, both, zero], [6017, 6017, 6017, 6017])
        let cloudNewer = await code(option { $0.userID = "a"; $0.getType = .GET_CLOUD_NEWER_MSG })
        let localNewer = await code(option { $0.userID = "a"; $0.getType = V2TIMMessageGetType(rawValue: 4)! })
        XCTAssertEqual([cloudNewer, localNewer], [7013, 7013])
    }
}
