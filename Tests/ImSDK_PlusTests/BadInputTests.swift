import XCTest
import IMCore
import IMTransportKit
import IMTestSupport
import IMReferenceServer
@testable import ImSDK_Plus

final class BadInputTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private var manager: V2TIMManager { V2TIMManager.sharedInstance() }

    func test_callsBeforeInit_failWith6013() async {
        manager.unInitSDK()
        let total = await failureCode { succ, fail in self.manager.getTotalUnreadMessageCount(succ: { _ in succ() }, fail: fail) }
        let pin = await failureCode { self.manager.pinConversation(conversationID: "c2c_a", isPinned: true, succ: $0, fail: $1) }
        let login = await failureCode { self.manager.login(userID: "me", userSig: "s", succ: $0, fail: $1) }
        XCTAssertEqual([total, pin, login], [6013, 6013, 6013])
    }

    func test_callsBeforeLogin_failWith6014() async {
        manager.unInitSDK()
        XCTAssertTrue(manager.initSDK(1_400_000_001, config: nil))
        defer { manager.unInitSDK() }
        let list = await failureCode { succ, fail in
            self.manager.getConversationList(nextSeq: 0, count: 10, succ: { _, _, _ in succ() }, fail: fail)
        }
        let read = await failureCode { self.manager.markAllMessage(asRead: $0, fail: $1) }
        let draft = await failureCode { self.manager.setConversationDraft(conversationID: "c2c_a", draftText: "x", succ: $0, fail: $1) }
        XCTAssertEqual([list, read, draft], [6014, 6014, 6014])
        XCTAssertEqual(manager.getLoginStatus(), .STATUS_LOGOUT)
        XCTAssertNil(manager.getLoginUser())
    }

    func test_initSDK_rejectsAppIDZero_andAcceptsTheSameAppIDTwice() {
        manager.unInitSDK()
        XCTAssertFalse(manager.initSDK(0, config: nil))
        XCTAssertTrue(manager.initSDK(1_400_000_001, config: nil))
        XCTAssertTrue(manager.initSDK(1_400_000_001, config: nil))
        manager.unInitSDK()
    }

    func test_loginFailures_reportTheServerCode_andLeaveTheManagerLoggedOut() async throws {
        session = try await V2TestSession(peers: [])
        let unknown = await failureCode { self.manager.login(userID: "ghost", userSig: "s", succ: $0, fail: $1) }
        XCTAssertEqual(unknown, 20003)
        XCTAssertEqual(manager.getLoginStatus(), .STATUS_LOGOUT)
        let empty = await failureCode { self.manager.login(userID: "", userSig: "s", succ: $0, fail: $1) }
        XCTAssertEqual(empty, 6017)
    }

    func test_emptyMalformedOrUnknownConversationIDs_failWithTheVendorCodes() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        for bad in ["", "a", "c2c_", "group_", "C2C_a", "user_a"] {
            let get = await failureCode { succ, fail in
                self.manager.getConversation(conversationID: bad, succ: { _ in succ() }, fail: fail)
            }
            XCTAssertEqual(get, 6017, "getConversation(\"\(bad)\")")
            let pin = await failureCode { self.manager.pinConversation(conversationID: bad, isPinned: true, succ: $0, fail: $1) }
            XCTAssertEqual(pin, 6017, "pinConversation(\"\(bad)\")")
        }
        for unknown in ["c2c_nobody", "group_none"] {
            let get = await failureCode { succ, fail in
                self.manager.getConversation(conversationID: unknown, succ: { _ in succ() }, fail: fail)
            }
            let pin = await failureCode { self.manager.pinConversation(conversationID: unknown, isPinned: true, succ: $0, fail: $1) }
            let draft = await failureCode {
                self.manager.setConversationDraft(conversationID: unknown, draftText: "x", succ: $0, fail: $1)
            }
            let delete = await failureCode { self.manager.deleteConversation(conversation: unknown, succ: $0, fail: $1) }
            let read = await failureCode { self.manager.markC2CMessage(asRead: "nobody", succ: $0, fail: $1) }
            XCTAssertEqual([get, pin, draft, delete, read], [6004, 6004, 6004, 6004, 6004], unknown)
        }
        let emptyUser = await failureCode { self.manager.markC2CMessage(asRead: "", succ: $0, fail: $1) }
        XCTAssertEqual(emptyUser, 6017)
        let ids = try await session.listIDs()
        XCTAssertEqual(ids, ["c2c_a"], "nothing changed")
    }

    func test_countZeroOrNegative_failsWith6017() async throws {
        session = try await V2TestSession(peers: [])
        for count: Int32 in [0, -1, Int32.min] {
            let code = await failureCode { succ, fail in
                self.manager.getConversationList(nextSeq: 0, count: count, succ: { _, _, _ in succ() }, fail: fail)
            }
            XCTAssertEqual(code, 6017, "count \(count)")
        }
        let filtered = await failureCode { succ, fail in
            self.manager.getConversationListByFilter(filter: V2TIMConversationListFilter(), nextSeq: 0, count: 0,
                                                     succ: { _, _, _ in succ() }, fail: fail)
        }
        XCTAssertEqual(filtered, 6017)
    }

    func test_the51stPin_failsWith50002_andChangesNothing() async throws {
        let peers = (0..<51).map { "p\($0)" }
        session = try await V2TestSession(peers: peers)
        for peer in peers { try session.server.sendText("hi", from: peer, toUser: "me") }
        await session.settle()
        for peer in peers.prefix(50) {
            try await session.manager.pinConversation(conversationID: "c2c_\(peer)", isPinned: true)
        }
        let before = try await session.listIDs()
        let code = await failureCode { self.manager.pinConversation(conversationID: "c2c_p50", isPinned: true, succ: $0, fail: $1) }
        XCTAssertEqual(code, 50002, "ERR_SVR_CONV_INVALID_PARAMETERS, as the server answers")
        let after = try await session.walk().list
        XCTAssertEqual(after.map(\.conversationID), before)
        XCTAssertEqual(after.filter(\.isPinned).count, 50)
        // Re-pinning a pinned one is not a 51st pin.
        try await session.manager.pinConversation(conversationID: "c2c_p0", isPinned: true)
    }

    func test_the51stPin_whenOnlyTheServerKnowsOfThe50_failsWithTheSameCode_andChangesNothing() async throws {
        // This device hears no pushes: the 50 pins another device made have not reached it.
        let server = IMReferenceServer(loginPolicy: .unlimited)
        let peers = (0..<51).map { "p\($0)" }
        for user in ["me"] + peers { try server.registerUser(user) }
        for peer in peers { try server.sendText("hi", from: peer, toUser: "me") }
        session = try await V2TestSession(server: server, transport: FaultInjectingTransport(wrapping: server, faults: IMFaults(drop: 1)))
        let other = try await RawDevice(userID: "me", transport: server)
        defer { other.close() }
        for peer in peers.prefix(50) { try await other.send(.setPinned(.c2c(peer), true)) }
        let before = try await session.walk().list.map { "\($0.conversationID ?? "") \($0.isPinned)" }
        XCTAssertFalse(before.contains { $0.hasSuffix("true") }, "this device knows of no pin")

        let code = await failureCode { self.manager.pinConversation(conversationID: "c2c_p50", isPinned: true, succ: $0, fail: $1) }
        XCTAssertEqual(code, 50002, "the same code as when this device knows of the 50")
        let after = try await session.walk().list.map { "\($0.conversationID ?? "") \($0.isPinned)" }
        XCTAssertEqual(after, before)
    }

    /// Marks (and groups and custom data) answer what the vendor's server answers for more than
    /// 100 conversations: 51006 (ERR_SVR_CONV_CONV_MARK_REQ_COUNT_EXCEED_LIMIT).
    func test_moreThan100IDsInABatch_failWith6017_or51006ForMarks_andChangeNothing() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        let ids = ["c2c_a"] + (0..<100).map { "c2c_x\($0)" }
        let get = await failureCode { succ, fail in
            self.manager.getConversationList(conversationIDList: ids, succ: { _ in succ() }, fail: fail)
        }
        let delete = await failureCode { succ, fail in
            self.manager.deleteConversationList(conversationIDList: ids, clearMessage: true, succ: { _ in succ() }, fail: fail)
        }
        let mark = await failureCode { succ, fail in
            self.manager.markConversation(conversationIDList: ids, markType: 1, enableMark: true, succ: { _ in succ() }, fail: fail)
        }
        let empty = await failureCode { succ, fail in
            self.manager.getConversationList(conversationIDList: [], succ: { _ in succ() }, fail: fail)
        }
        XCTAssertEqual([get, delete, mark, empty], [6017, 6017, 51006, 6017])
        let a = try await session.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(a.markList, [])
        let list = try await session.listIDs()
        XCTAssertEqual(list, ["c2c_a"])
    }

    func test_invalidMarkType_failsWith6017_unknownIDGetsItsOwnResult() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        for bad: UInt64 in [0, 0x10, 1 << 31] {
            let code = await failureCode { succ, fail in
                self.manager.markConversation(conversationIDList: ["c2c_a"], markType: NSNumber(value: bad), enableMark: true,
                                              succ: { _ in succ() }, fail: fail)
            }
            XCTAssertEqual(code, 6017, "mark \(bad)")
        }
        let results: [V2TIMConversationOperationResult] = try await callValue { succ, fail in
            manager.markConversation(conversationIDList: ["c2c_a", "c2c_ghost"], markType: NSNumber(value: UInt64(1) << 40),
                                     enableMark: true, succ: succ, fail: fail)
        }
        XCTAssertEqual(results.map(\.resultCode), [0, 6004])
        let a = try await session.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(a.markList, [NSNumber(value: UInt64(1) << 40)])
    }

    func test_markTypeThatIsNotOneValidMarkBit_failsWith6017_andChangesNothing() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        let star: [V2TIMConversationOperationResult] = try await callValue { succ, fail in
            self.manager.markConversation(conversationIDList: ["c2c_a"], markType: 1, enableMark: true, succ: succ, fail: fail)
        }
        XCTAssertEqual(star.map(\.resultCode), [0])
        let bad: [(String, NSNumber)] = [
            ("NaN", NSNumber(value: Double.nan)), ("Int64.min", NSNumber(value: Int64.min)), ("-1", NSNumber(value: -1)),
            ("-2^32", NSNumber(value: -(Int64(1) << 32))), ("1.5", NSNumber(value: 1.5)), ("2^40 + 0.5", NSNumber(value: 0x1p40 + 0.5)),
            ("infinity", NSNumber(value: Double.infinity)), ("0x3", 0x3), ("star and 2^40", NSNumber(value: (UInt64(1) << 40) | 1)),
            ("-0.0", NSNumber(value: -0.0)), ("2^31", NSNumber(value: UInt64(1) << 31)),
        ]
        for (name, markType) in bad {
            for enable in [true, false] {
                let code = await failureCode { succ, fail in
                    self.manager.markConversation(conversationIDList: ["c2c_a"], markType: markType, enableMark: enable,
                                                  succ: { _ in succ() }, fail: fail)
                }
                XCTAssertEqual(code, 6017, "markType \(name), enable \(enable)")
            }
        }
        let a = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(a.markList, [1], "only the star, as before")
        // One valid bit, however the number is boxed, is a mark: the highest custom bit too.
        for markType in [NSNumber(value: UInt64(1) << 63), NSNumber(value: 8.0)] {
            let results: [V2TIMConversationOperationResult] = try await callValue { succ, fail in
                self.manager.markConversation(conversationIDList: ["c2c_a"], markType: markType, enableMark: true,
                                              succ: succ, fail: fail)
            }
            XCTAssertEqual(results.map(\.resultCode), [0], "\(markType)")
        }
        let marked = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(Set(marked.markList.map(\.uint64Value)), [1, 8, UInt64(1) << 63])
    }

    func test_sendMessage_withoutReceiverOrContent_failsWith6017_andSendsNothing() async throws {
        session = try await V2TestSession(peers: ["a"])
        let noTarget = await failureCode { succ, fail in
            self.manager.sendMessage(message: self.manager.createTextMessage(text: "x"), receiver: nil, groupID: "",
                                     priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil,
                                     progress: nil, succ: succ, fail: fail)
        }
        let noContent = await failureCode { succ, fail in
            self.manager.sendMessage(message: V2TIMMessage(), receiver: "a", groupID: nil, priority: .PRIORITY_DEFAULT,
                                     onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: succ, fail: fail)
        }
        let unknownUser = await failureCode { succ, fail in
            self.manager.sendMessage(message: self.manager.createTextMessage(text: "x"), receiver: "ghost", groupID: nil,
                                     priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil,
                                     progress: nil, succ: succ, fail: fail)
        }
        XCTAssertEqual([noTarget, noContent, unknownUser], [6017, 6017, 20003])
        let ghost = try await session.manager.getConversation(conversationID: "c2c_ghost")
        XCTAssertEqual(ghost.lastMessage?.status, .MSG_STATUS_SEND_FAIL, "a failed send stays visible as failed")
    }

    func test_everyAsynchronousCall_endsInExactlyOneCallback() async throws {
        session = try await V2TestSession(peers: ["a"])
        let calls = Locked(0)
        let count = { calls.withLock { $0 += 1 } }
        manager.getConversationList(nextSeq: 0, count: 0, succ: { _, _, _ in count() }, fail: { _, _ in count() })
        manager.getConversationList(nextSeq: 0, count: 5, succ: { _, _, _ in count() }, fail: { _, _ in count() })
        manager.pinConversation(conversationID: "", isPinned: true, succ: count, fail: { _, _ in count() })
        manager.markAllMessage(asRead: count, fail: { _, _ in count() })
        manager.getTotalUnreadMessageCount(succ: { _ in count() }, fail: { _, _ in count() })
        await session.settle()
        try await Task.sleep(nanoseconds: 50_000_000)
        await session.settle()
        XCTAssertEqual(calls.withLock { $0 }, 5)
    }
}
