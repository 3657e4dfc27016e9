import Foundation
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import ImSDK
import ImSDK_Plus
import XCTest

/// `getHistoryMessageList(option:succ:fail:)` with `V2TIMMessageListGetOption`: cloud and local
/// pages of older messages, a group page from a sequence, element types, a time range, bad options.
class HistoryOptionTests: XCTestCase {
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

    /// Pages of newer messages, oldest first, as TUIKit opens a chat at a found message and pages
    /// down: from the server and from local storage, after a message, from a group sequence on, from
    /// a time on; none when nothing says where to start.
    func test_pagesOfNewerMessages_oldestFirst_fromTheServerAndLocalStorage() async throws {
        try await start()
        let older: [V2TIMMessage] = try await callValue { succ, fail in
            let option = V2TIMMessageListGetOption()
            option.userID = "a"
            option.count = 10
            self.session.manager.getHistoryMessageList(option: option, succ: succ, fail: fail)
        }
        XCTAssertEqual(older.count, 5)
        let m2 = older[3], m4 = older[1], m3 = older[2]
        for type in [V2TIMMessageGetType.GET_CLOUD_NEWER_MSG, .GET_LOCAL_NEWER_MSG] {
            let afterM2 = try await page { $0.userID = "a"; $0.getType = type; $0.count = 2; $0.lastMsg = m2 }
            XCTAssertEqual(afterM2, ["m3", "m4"], "\(type): after m2, oldest first")
            let afterM4 = try await page { $0.userID = "a"; $0.getType = type; $0.count = 5; $0.lastMsg = m4 }
            XCTAssertEqual(afterM4, ["m5"], "\(type)")
            let fromSeq2 = try await page { $0.groupID = "g1"; $0.getType = type; $0.count = 5; $0.lastMsgSeq = 2 }
            XCTAssertEqual(fromSeq2, ["t2", "t3"], "\(type): from sequence 2 on, its message included")
            let nowhere = try await page { $0.userID = "a"; $0.getType = type; $0.count = 5 }
            XCTAssertEqual(nowhere, [], "\(type): nothing is newer than the newest")
            let fromTime = try await page {
                $0.userID = "a"; $0.getType = type; $0.count = 5
                $0.getTimeBegin = UInt(m3.timestamp.timeIntervalSince1970); $0.getTimePeriod = 1
            }
            XCTAssertEqual(fromTime, ["m3", "m4"], "\(type): the second of m3 and the next")
        }
        let unsent = try XCTUnwrap(session.manager.createTextMessage(text: "draft"))
        let code = await failureCode { succ, fail in
            let option = V2TIMMessageListGetOption()
            option.userID = "a"
            option.count = 5
            option.getType = .GET_CLOUD_NEWER_MSG
            option.lastMsg = unsent
            self.session.manager.getHistoryMessageList(option: option, succ: { _ in succ() }, fail: fail)
        }
        XCTAssertEqual(code, 6017, "a page of newer messages starts after a sent or received one")
    }

    /// A local page of newer messages read from the database (a new login holds none in memory),
    /// crossing from stored rows to held ones, with a removed message left out.
    func test_aLocalPageOfNewerMessages_readsTheDatabase() async throws {
        let directory = try TemporaryDirectory(prefix: "newer-pages")
        defer { directory.remove() }
        session = try await V2TestSession(peers: ["a"], storage: .disk(directory: directory.path))
        for index in 1...30 { try session.server.sendText("n\(index)", from: "a", toUser: "me") }
        await session.settle()
        try await session.manager.logout()
        try await session.manager.login(userID: "me", userSig: "sig")
        await session.settle()
        let newest: [V2TIMMessage] = try await callValue { succ, fail in
            self.session.manager.getC2CHistoryMessageList(userID: "a", count: 25, lastMsg: nil, succ: succ, fail: fail)
        }
        let n6 = try XCTUnwrap(newest.last, "n6, the oldest of the 25 newest")
        let n12 = try XCTUnwrap(newest.first { $0.textElem?.text == "n12" })
        try await call { succ, fail in self.session.manager.deleteMessageFromLocalStorage(msg: n12, succ: succ, fail: fail) }
        try session.server.sendText("n31", from: "a", toUser: "me")  // held in memory
        await session.settle()
        let page = try await page { $0.userID = "a"; $0.getType = .GET_LOCAL_NEWER_MSG; $0.count = 30; $0.lastMsg = n6 }
        XCTAssertEqual(page, (7...31).filter { $0 != 12 }.map { "n\($0)" }, "oldest first, the removed one left out")
    }

    /// A server of protocol version 5 has no pages of newer messages: 7013 for the cloud's; local
    /// storage still answers.
    func test_aServerBeforeVersion6_failsCloudPagesOfNewerMessages_localOnesStillWork() async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        session = try await V2TestSession(
            userID: "me", server: server, transport: VersionedTransport(wrapping: server, version: 5),
            instance: V2TIMManager.makeInstance(), storage: .memory)
        for index in 1...3 { try server.sendText("v\(index)", from: "a", toUser: "me") }
        await session.settle()
        let newest: [V2TIMMessage] = try await callValue { succ, fail in
            self.session.manager.getC2CHistoryMessageList(userID: "a", count: 3, lastMsg: nil, succ: succ, fail: fail)
        }
        let v1 = try XCTUnwrap(newest.last)
        let code = await failureCode { succ, fail in
            let option = V2TIMMessageListGetOption()
            (option.userID, option.count, option.getType, option.lastMsg) = ("a", 5, .GET_CLOUD_NEWER_MSG, v1)
            self.session.manager.getHistoryMessageList(option: option, succ: { _ in succ() }, fail: fail)
        }
        XCTAssertEqual(code, ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue)
        let local = try await page { $0.userID = "a"; $0.getType = .GET_LOCAL_NEWER_MSG; $0.count = 5; $0.lastMsg = v1 }
        XCTAssertEqual(local, ["v2", "v3"])
    }

    func test_badOptions_failWith6017() async throws {
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
    }
}
