import XCTest
import IMCore
import IMTransportKit
import IMTestSupport
import IMReferenceServer
@testable import ImSDK_Plus

/// Every public V2 method with every kind of bad argument, in every phase of a session, as one
/// table: each row says what the call must report, and the runner checks that nothing changed
/// (list, unread counts, pins, drafts, marks, total) and that each call ended in exactly one
/// callback. Adding a case is adding a row.
final class BadInputTableTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: V2TestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "bad-input")
    }

    override func tearDown() {
        session?.tearDown()
        session = nil
        directory?.remove()
        super.tearDown()
    }

    func test_everyRow_reportsItsCode_andChangesNothing() async throws {
        let rows = V2BadInput.rows
        try await startFixture()
        let start = try await snapshot()
        XCTAssertEqual(start.count, 7, "fixture: 4 C2C, 1 group, the total and the conversation groups")

        for row in rows where row.phase == .loggedIn {
            try await check(row) { try await self.snapshot() }
        }
        for row in rows where row.phase == .duringLogout {
            manager.logout(succ: nil, fail: nil)
            try await check(row) { "\(self.manager.getLoginStatus().rawValue)" }
            try await login()
        }
        try await manager.logout()
        for row in rows where row.phase == .afterLogout {
            try await check(row) { "\(self.manager.getLoginStatus().rawValue) \(self.manager.getLoginUser() ?? "-")" }
        }
        manager.unInitSDK()
        for row in rows where row.phase == .beforeInit {
            try await check(row) { "\(self.manager.getLoginStatus().rawValue) \(self.manager.session.isInitialized)" }
        }
        XCTAssertTrue(manager.initSDK(1_400_000_001, config: config()))
        for row in rows where row.phase == .beforeLogin {
            try await check(row) { "\(self.manager.getLoginStatus().rawValue) \(self.manager.getLoginUser() ?? "-")" }
        }
        try await login()
        let end = try await snapshot()
        XCTAssertEqual(end, start, "nothing any row did reached the store or the server")
    }

    func test_theTableCoversEveryPhaseAndEveryCallbackMethod() {
        let rows = V2BadInput.rows
        XCTAssertEqual(Set(rows.map(\.phase)), Set(SessionPhase.allCases))
        let methods = Set(rows.map(\.method))
        for method in (V2BadInput.validCalls + V2BadInput.conversationDataValidCalls).map(\.method) {
            XCTAssertTrue(methods.contains(method), method)
        }
        let classes = Set(rows.map(\.argument))
        XCTAssertEqual(classes.union([.valid]), Set(ArgumentClass.allCases), "every argument class has a row")
    }

    // MARK: - Runner

    private var manager: V2TIMManager { V2TIMManager.sharedInstance() }

    /// Runs one row: the same observable state before and after, the expected outcome, and every
    /// call it made ended exactly once.
    private func check(_ row: BadInputRow, state: () async throws -> [String]) async throws {
        let before = try await state()
        let recorder = CallRecorder()
        let outcome = await row.run(recorder)
        await settle()
        let after = try await state()
        XCTAssertEqual(outcome, row.expected, "\(row)", file: row.file, line: row.line)
        XCTAssertEqual(after, before, "\(row) changed the state", file: row.file, line: row.line)
        XCTAssertTrue(recorder.callbackCounts.allSatisfy { $0 == 1 }, "\(row): callbacks \(recorder.callbackCounts)",
                      file: row.file, line: row.line)
    }

    private func check(_ row: BadInputRow, state: @escaping () -> String) async throws {
        try await check(row) { [state()] }
    }

    // MARK: - Fixture

    private func config() -> V2TIMSDKConfig {
        let config = V2TIMSDKConfig()
        config.transport = session.server
        config.callbackQueue = session.callbackQueue
        config.checksInvariants = true
        config.storage = .disk(directory: directory.path)
        return config
    }

    /// Four C2C conversations and a group, with unread messages, a pin, a draft, a mark, custom
    /// data, and two conversation groups (`V2BadInput.fixtureGroups`).
    private func startFixture() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c", "d"], storage: .disk(directory: directory.path))
        let server = session.server
        try server.registerUser(OddStrings.nfd.precomposedStringWithCanonicalMapping)
        try server.createGroup("g", name: "G", faceURL: nil, members: ["me", "a", "b"])
        for text in ["a1", "a2"] { try server.sendText(text, from: "a", toUser: "me") }
        try server.sendText("b1", from: "b", toUser: "me")
        try server.sendText("c1", from: "c", toUser: "me")
        try server.sendText("d1", from: "d", toUser: "me")
        for text in ["g1", "g2", "g3"] { try server.sendText(text, from: "a", toGroup: "g") }
        await session.settle()
        try await manager.pinConversation(conversationID: "c2c_b", isPinned: true)
        try await manager.setConversationDraft(conversationID: "c2c_c", draftText: "draft")
        try await call { succ, fail in
            self.manager.markConversation(conversationIDList: ["c2c_a"], markType: 1, enableMark: true,
                                          succ: { _ in succ() }, fail: fail)
        }
        _ = try await manager.setConversationCustomData(conversationIDList: ["c2c_b"], customData: Data("custom".utf8))
        for (name, members) in V2BadInput.fixtureGroups {
            _ = try await manager.createConversationGroup(groupName: name, conversationIDList: members)
        }
        _ = try await manager.getTotalUnreadMessageCount()
    }

    private func login() async throws {
        try await manager.login(userID: "me", userSig: "sig")
        await session.settle()
    }

    private func settle() async {
        await session.settle()
        await session.settle()
    }

    /// Everything the list shows of each conversation, then the total.
    private func snapshot() async throws -> [String] {
        let list = try await session.walk(pageSize: 100).list.map { c in
            "\(OddStrings.short(c.conversationID)) unread \(c.unreadCount) pinned \(c.isPinned) draft \(c.draftText ?? "-") key \(c.orderKey) "
                + "marks \((c.markList ?? []).map(\.uint64Value)) recv \(c.recvOpt.rawValue) "
                + "last \(c.lastMessage?.textElem?.text ?? "-")/\(c.lastMessage?.seq ?? 0) "
                + "custom \(c.customData.flatMap { $0.isEmpty ? nil : $0 }.map { String(decoding: $0, as: UTF8.self) } ?? "-") groups \(c.conversationGroupList ?? [])"
        }
        let total = try await manager.getTotalUnreadMessageCount()
        return list + ["total \(total)", "groups \(try await manager.getConversationGroupList())"]
    }
}

/// The V2 table.
enum V2BadInput {
    static var v2: V2TIMManager { V2TIMManager.sharedInstance() }

    /// Conversation IDs of each argument class, with the code a call naming them gets.
    static let conversationIDs: [(ArgumentClass, String, Int32)] = [
        (.empty, "", 6017),
        (.malformedID, "a", 6017),
        (.malformedID, "c2c_", 6017),
        (.malformedID, "group_", 6017),
        (.malformedID, "C2C_a", 6017),
        (.malformedID, " c2c_a", 6017),
        (.malformedID, "\u{200B}c2c_a", 6017),
        (.malformedID, "user_a", 6017),
        (.unknownID, "c2c_nobody", 6004),
        (.unknownID, "group_none", 6004),
        (.unknownID, "c2c_a ", 6004),
        (.unknownID, "group_a", 6004),
        (.nulByte, "c2c_a\u{0}", 6004),
        (.sqlFragment, "group_g' OR '1'='1", 6004),
    ] + OddStrings.all.map { ($0.0, "c2c_" + $0.1, 6004) } + OddStrings.all.map { ($0.0, "group_" + $0.1, 6004) }

    /// User or group IDs (markC2CMessage / markGroupMessage) of each class, with the code.
    static let targetIDs: [(ArgumentClass, String, Int32)] = [
        (.empty, "", 6017), (.unknownID, "nobody", 6004), (.unknownID, "A", 6004), (.nulByte, "a\u{0}", 6004),
    ] + OddStrings.all.map { ($0.0, $0.1, 6004) }

    /// Calls that would succeed once logged in (they change nothing in the fixture's state only
    /// because they cannot run): each makes one row per phase without a session.
    static let validCalls: [(method: String, run: @Sendable (CallRecorder) async -> Outcome)] = [
        ("getConversationList", { r in await r.callback { s, f in v2.getConversationList(nextSeq: 0, count: 10, succ: { l, _, _ in s("\(l!.count)") }, fail: f) } }),
        ("getConversationList async", { r in await r.throwing { "\(try await v2.getConversationList(nextSeq: 0, count: 10).conversationList.count)" } }),
        ("getConversationListByFilter", { r in await r.callback { s, f in v2.getConversationListByFilter(filter: V2TIMConversationListFilter(), nextSeq: 0, count: 10, succ: { l, _, _ in s("\(l!.count)") }, fail: f) } }),
        ("getConversationListByFilter async", { r in await r.throwing { "\(try await v2.getConversationListByFilter(filter: V2TIMConversationListFilter(), nextSeq: 0, count: 10).conversationList.count)" } }),
        ("getConversation", { r in await r.callback { s, f in v2.getConversation(conversationID: "c2c_a", succ: { s($0!.conversationID) }, fail: f) } }),
        ("getConversation async", { r in await r.throwing { try await v2.getConversation(conversationID: "c2c_a").conversationID } }),
        ("getConversationList(conversationIDList:)", { r in await r.callback { s, f in v2.getConversationList(conversationIDList: ["c2c_a"], succ: { s("\($0!.count)") }, fail: f) } }),
        ("getConversationList(conversationIDList:) async", { r in await r.throwing { "\(try await v2.getConversationList(conversationIDList: ["c2c_a"]).count)" } }),
        ("getTotalUnreadMessageCount", { r in await r.callback { s, f in v2.getTotalUnreadMessageCount(succ: { s("\($0)") }, fail: f) } }),
        ("getTotalUnreadMessageCount async", { r in await r.throwing { "\(try await v2.getTotalUnreadMessageCount())" } }),
        ("pinConversation", { r in await r.void { v2.pinConversation(conversationID: "c2c_a", isPinned: true, succ: $0, fail: $1) } }),
        ("pinConversation async", { r in await r.throwing { try await v2.pinConversation(conversationID: "c2c_a", isPinned: true); return "" } }),
        ("setConversationDraft", { r in await r.void { v2.setConversationDraft(conversationID: "c2c_a", draftText: "x", succ: $0, fail: $1) } }),
        ("setConversationDraft async", { r in await r.throwing { try await v2.setConversationDraft(conversationID: "c2c_a", draftText: "x"); return "" } }),
        ("markConversation", { r in await r.callback { s, f in v2.markConversation(conversationIDList: ["c2c_a"], markType: 2, enableMark: true, succ: { s("\($0!.map(\.resultCode))") }, fail: f) } }),
        ("deleteConversation", { r in await r.void { v2.deleteConversation(conversation: "c2c_a", succ: $0, fail: $1) } }),
        ("deleteConversation async", { r in await r.throwing { try await v2.deleteConversation(conversation: "c2c_a"); return "" } }),
        ("deleteConversationList", { r in await r.callback { s, f in v2.deleteConversationList(conversationIDList: ["c2c_a"], clearMessage: true, succ: { s("\($0!.map(\.resultCode))") }, fail: f) } }),
        ("cleanConversationUnreadMessageCount", { r in await r.void { v2.cleanConversationUnreadMessageCount(conversationID: "c2c_a", cleanTimestamp: 0, cleanSequence: 0, succ: $0, fail: $1) } }),
        ("cleanConversationUnreadMessageCount async", { r in await r.throwing { try await v2.cleanConversationUnreadMessageCount(conversationID: nil, cleanTimestamp: 0, cleanSequence: 0); return "" } }),
        ("markC2CMessage(asRead:)", { r in await r.void { v2.markC2CMessage(asRead: "a", succ: $0, fail: $1) } }),
        ("markGroupMessage(asRead:)", { r in await r.void { v2.markGroupMessage(asRead: "g", succ: $0, fail: $1) } }),
        ("markAllMessage(asRead:)", { r in await r.void { v2.markAllMessage(asRead: $0, fail: $1) } }),
        ("setC2CReceiveMessageOpt", { r in await r.void { v2.setC2CReceiveMessageOpt(userIDList: ["a"], opt: .NOT_RECEIVE_MESSAGE, succ: $0, fail: $1) } }),
        ("setC2CReceiveMessageOpt async", { r in await r.throwing { try await v2.setC2CReceiveMessageOpt(userIDList: ["a"], opt: .NOT_RECEIVE_MESSAGE); return "" } }),
        ("setGroupReceiveMessageOpt", { r in await r.void { v2.setGroupReceiveMessageOpt(groupID: "g", opt: .NOT_RECEIVE_MESSAGE, succ: $0, fail: $1) } }),
        ("setGroupReceiveMessageOpt async", { r in await r.throwing { try await v2.setGroupReceiveMessageOpt(groupID: "g", opt: .NOT_RECEIVE_MESSAGE); return "" } }),
        ("sendMessage", { r in await r.void { v2.sendMessage(message: v2.createTextMessage(text: "x"), receiver: "a", groupID: nil, priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: $0, fail: $1) } }),
        ("sendMessage async", { r in await r.throwing { try await v2.sendMessage(message: v2.createTextMessage(text: "x"), receiver: "a", groupID: nil) } }),
        ("getC2CHistoryMessageList", { r in await r.callback { s, f in v2.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil, succ: { s("\($0!.count)") }, fail: f) } }),
        ("getGroupHistoryMessageList", { r in await r.callback { s, f in v2.getGroupHistoryMessageList(groupID: "g", count: 10, lastMsg: nil, succ: { s("\($0!.count)") }, fail: f) } }),
        ("revokeMessage", { r in await r.void { v2.revokeMessage(msg: stored("me", to: .user("a")), succ: $0, fail: $1) } }),
        ("revokeMessage async", { r in await r.throwing { try await v2.revokeMessage(msg: stored("me", to: .user("a"))); return "" } }),
        ("deleteMessages", { r in await r.void { v2.deleteMessages(msgList: [stored("a", to: .user("me"))], succ: $0, fail: $1) } }),
        ("deleteMessages async", { r in await r.throwing { try await v2.deleteMessages(msgList: [stored("a", to: .user("me"))]); return "" } }),
        ("deleteMessageFromLocalStorage", { r in await r.void { v2.deleteMessageFromLocalStorage(msg: stored("a", to: .user("me")), succ: $0, fail: $1) } }),
        ("clearC2CHistoryMessage", { r in await r.void { v2.clearC2CHistoryMessage(userID: "a", succ: $0, fail: $1) } }),
        ("clearC2CHistoryMessage async", { r in await r.throwing { try await v2.clearC2CHistoryMessage(userID: "a"); return "" } }),
        ("clearGroupHistoryMessage", { r in await r.void { v2.clearGroupHistoryMessage(groupID: "g", succ: $0, fail: $1) } }),
    ]

    /// Rows that differ from the phase's usual code.
    static let sessionRows: [BadInputRow] = [
        BadInputRow("login", .valid, .beforeInit, expect: .failed(6013)) { r in await r.void { v2.login(userID: "me", userSig: "sig", succ: $0, fail: $1) } },
        BadInputRow("login async", .valid, .beforeInit, expect: .failed(6013)) { r in await r.throwing { try await v2.login(userID: "me", userSig: "sig"); return "" } },
        BadInputRow("logout", .valid, .beforeInit, expect: .failed(6013)) { r in await r.void { v2.logout(succ: $0, fail: $1) } },
        BadInputRow("logout async", .valid, .beforeInit, expect: .failed(6013)) { r in await r.throwing { try await v2.logout(); return "" } },
        BadInputRow("logout", .valid, .afterLogout, expect: .succeeded()) { r in await r.void { v2.logout(succ: $0, fail: $1) } },
        BadInputRow("login", .empty, .afterLogout, expect: .failed(6017)) { r in await r.void { v2.login(userID: "", userSig: "sig", succ: $0, fail: $1) } },
        BadInputRow("login", .empty, .loggedIn, expect: .failed(6017)) { r in await r.void { v2.login(userID: "", userSig: "sig", succ: $0, fail: $1) } },
        BadInputRow("login(_:userSig:)", .nilValue, .beforeLogin, expect: .failed(6017)) { r in await r.void { PreAnnotation.v2.login(nil, userSig: nil, succ: $0, fail: $1) } },
        BadInputRow("login", .unknownID, .beforeLogin, expect: .failed(20003)) { r in await r.void { v2.login(userID: "ghost", userSig: "sig", succ: $0, fail: $1) } },
        BadInputRow("login", .empty, .beforeLogin, expect: .failed(6206)) { r in await r.void { v2.login(userID: "me", userSig: "", succ: $0, fail: $1) } },
        BadInputRow("login", .huge, .afterLogout, expect: .failed(20003)) { r in await r.void { v2.login(userID: OddStrings.huge, userSig: "sig", succ: $0, fail: $1) } },
        BadInputRow("login", .nulByte, .afterLogout, expect: .failed(20003)) { r in await r.void { v2.login(userID: "me\u{0}", userSig: "sig", succ: $0, fail: $1) } },
        BadInputRow("login", .emoji, .afterLogout, expect: .failed(20003)) { r in await r.void { v2.login(userID: OddStrings.emoji, userSig: "sig", succ: $0, fail: $1) } },
        // The fixture registers the NFC spelling: the NFD one is another, unknown, user.
        BadInputRow("login", .nfd, .afterLogout, expect: .failed(20003)) { r in await r.void { v2.login(userID: OddStrings.nfd, userSig: "sig", succ: $0, fail: $1) } },
        BadInputRow("login", .zeroWidth, .afterLogout, expect: .failed(20003)) { r in await r.void { v2.login(userID: "me\u{200B}", userSig: "sig", succ: $0, fail: $1) } },
        BadInputRow("initSDK", .zeroCount, .loggedIn, expect: .returned("false")) { _ in .returned("\(v2.initSDK(0, config: nil))") },
        BadInputRow("initSDK", .negativeCount, .beforeInit, expect: .returned("false")) { _ in .returned("\(v2.initSDK(-1, config: nil))") },
        BadInputRow("initSDK", .invalidValue, .loggedIn, expect: .returned("false")) { _ in .returned("\(v2.initSDK(1_400_000_002, config: nil))") },
        BadInputRow("getLoginUser", .valid, .beforeInit, expect: .returned("nil")) { _ in .returned(v2.getLoginUser() ?? "nil") },
    ]

    /// Bad arguments while logged in.
    static let argumentRows: [BadInputRow] = {
        var rows: [BadInputRow] = []
        for (argument, id, code) in conversationIDs {
            rows += [
                BadInputRow("getConversation", argument, expect: .failed(code)) { r in await r.callback { s, f in v2.getConversation(conversationID: id, succ: { s($0!.conversationID) }, fail: f) } },
                BadInputRow("getConversation async", argument, expect: .failed(code)) { r in await r.throwing { try await v2.getConversation(conversationID: id).conversationID } },
                BadInputRow("pinConversation", argument, expect: .failed(code)) { r in await r.void { v2.pinConversation(conversationID: id, isPinned: true, succ: $0, fail: $1) } },
                BadInputRow("pinConversation async", argument, expect: .failed(code)) { r in await r.throwing { try await v2.pinConversation(conversationID: id, isPinned: false); return "" } },
                BadInputRow("setConversationDraft", argument, expect: .failed(code)) { r in await r.void { v2.setConversationDraft(conversationID: id, draftText: "x", succ: $0, fail: $1) } },
                BadInputRow("setConversationDraft", argument, expect: .failed(code)) { r in await r.void { v2.setConversationDraft(conversationID: id, draftText: nil, succ: $0, fail: $1) } },
                BadInputRow("deleteConversation", argument, expect: .failed(code)) { r in await r.void { v2.deleteConversation(conversation: id, succ: $0, fail: $1) } },
                BadInputRow("deleteConversation async", argument, expect: .failed(code)) { r in await r.throwing { try await v2.deleteConversation(conversation: id); return "" } },
                BadInputRow("cleanConversationUnreadMessageCount", argument, expect: .failed(code)) { r in await r.void { v2.cleanConversationUnreadMessageCount(conversationID: id.isEmpty ? "x" : id, cleanTimestamp: 0, cleanSequence: 0, succ: $0, fail: $1) } },
                BadInputRow("cleanConversationUnreadMessageCount", argument, expect: .failed(code)) { r in await r.void { v2.cleanConversationUnreadMessageCount(conversationID: id.isEmpty ? "C2C" : id, cleanTimestamp: .max, cleanSequence: .max, succ: $0, fail: $1) } },
                // A list call: malformed IDs fail it; unknown ones are left out of the result.
                BadInputRow("getConversationList(conversationIDList:)", argument, expect: code == 6017 ? .failed(6017) : .succeeded("[]")) { r in await r.callback { s, f in v2.getConversationList(conversationIDList: [id], succ: { s("\($0!.map { $0.conversationID ?? "" })") }, fail: f) } },
                // Batch calls: malformed IDs fail the call; unknown ones get their own 6004.
                BadInputRow("markConversation", argument, expect: code == 6017 ? .failed(6017) : .succeeded("[6004]")) { r in await r.callback { s, f in v2.markConversation(conversationIDList: [id], markType: 2, enableMark: true, succ: { s("\($0!.map(\.resultCode))") }, fail: f) } },
                BadInputRow("deleteConversationList", argument, expect: code == 6017 ? .failed(6017) : .succeeded("[6004]")) { r in await r.callback { s, f in v2.deleteConversationList(conversationIDList: [id], clearMessage: true, succ: { s("\($0!.map(\.resultCode))") }, fail: f) } },
            ]
        }
        for (argument, id, code) in targetIDs {
            rows += [
                BadInputRow("markC2CMessage(asRead:)", argument, expect: .failed(code)) { r in await r.void { v2.markC2CMessage(asRead: id, succ: $0, fail: $1) } },
                BadInputRow("markGroupMessage(asRead:)", argument, expect: .failed(code)) { r in await r.void { v2.markGroupMessage(asRead: id, succ: $0, fail: $1) } },
                BadInputRow("clearC2CHistoryMessage", argument, expect: .failed(code)) { r in await r.void { v2.clearC2CHistoryMessage(userID: id, succ: $0, fail: $1) } },
                BadInputRow("clearGroupHistoryMessage async", argument, expect: .failed(code)) { r in await r.throwing { try await v2.clearGroupHistoryMessage(groupID: id); return "" } },
            ]
        }
        // Revoking, deleting, clearing: messages the SDK did not make, of others, of another or an
        // unknown conversation, too many.
        let fromA: @Sendable () -> V2TIMMessage = { stored("a", to: .user("me")) }
        let unsent: @Sendable () -> V2TIMMessage = { v2.createTextMessage(text: "x")! }
        rows += [
            BadInputRow("revokeMessage", .nilValue, expect: .failed(6017)) { r in await r.void { v2.revokeMessage(msg: nil, succ: $0, fail: $1) } },
            BadInputRow("revokeMessage", .invalidValue, expect: .failed(6017)) { r in await r.void { v2.revokeMessage(msg: unsent(), succ: $0, fail: $1) } },
            BadInputRow("revokeMessage", .wrongMessage, expect: .failed(6017)) { r in await r.void { v2.revokeMessage(msg: fromA(), succ: $0, fail: $1) } },
            BadInputRow("revokeMessage async", .wrongMessage, expect: .failed(6017)) { r in await r.throwing { try await v2.revokeMessage(msg: fromA()); return "" } },
            BadInputRow("revokeMessage", .unknownID, expect: .failed(10030)) { r in await r.void { v2.revokeMessage(msg: stored("a", to: .group("g")), succ: $0, fail: $1) } },
            BadInputRow("revokeMessage", .unknownID, expect: .failed(6017)) { r in await r.void { v2.revokeMessage(msg: stored("me", to: .user("a"), seq: 99), succ: $0, fail: $1) } },
            BadInputRow("revokeMessage", .unknownID, expect: .failed(20003)) { r in await r.void { v2.revokeMessage(msg: stored("me", to: .user("nobody")), succ: $0, fail: $1) } },
            BadInputRow("revokeMessage(_:)", .nilValue, expect: .failed(6017)) { r in await r.void { PreAnnotation.v2.revokeMessage(nil, succ: $0, fail: $1) } },
            BadInputRow("deleteMessages", .nilValue, expect: .failed(6017)) { r in await r.void { v2.deleteMessages(msgList: nil, succ: $0, fail: $1) } },
            BadInputRow("deleteMessages", .empty, expect: .failed(6017)) { r in await r.void { v2.deleteMessages(msgList: [], succ: $0, fail: $1) } },
            BadInputRow("deleteMessages async", .tooMany, expect: .failed(6017)) { r in await r.throwing { try await v2.deleteMessages(msgList: Array(repeating: fromA(), count: 51)); return "" } },
            BadInputRow("deleteMessages", .invalidValue, expect: .failed(6017)) { r in await r.void { v2.deleteMessages(msgList: [unsent()], succ: $0, fail: $1) } },
            BadInputRow("deleteMessages", .wrongMessage, expect: .failed(6017)) { r in await r.void { v2.deleteMessages(msgList: [fromA(), stored("b", to: .user("me"))], succ: $0, fail: $1) } },
            BadInputRow("deleteMessages", .unknownID, expect: .failed(6017)) { r in await r.void { v2.deleteMessages(msgList: [stored("a", to: .user("me"), seq: 99)], succ: $0, fail: $1) } },
            BadInputRow("deleteMessages", .unknownID, expect: .failed(20003)) { r in await r.void { v2.deleteMessages(msgList: [stored("nobody", to: .user("me"))], succ: $0, fail: $1) } },
            BadInputRow("delete(_:)", .nilValue, expect: .failed(6017)) { r in await r.void { PreAnnotation.v2.delete(nil, succ: $0, fail: $1) } },
            BadInputRow("deleteMessageFromLocalStorage", .nilValue, expect: .failed(6017)) { r in await r.void { v2.deleteMessageFromLocalStorage(msg: nil, succ: $0, fail: $1) } },
            BadInputRow("deleteMessageFromLocalStorage", .invalidValue, expect: .failed(6017)) { r in await r.void { v2.deleteMessageFromLocalStorage(msg: unsent(), succ: $0, fail: $1) } },
            BadInputRow("deleteMessageFromLocalStorage async", .unknownID, expect: .failed(6004)) { r in await r.throwing { try await v2.deleteMessageFromLocalStorage(msg: stored("nobody", to: .user("me"))); return "" } },
            BadInputRow("deleteMessage(fromLocalStorage:)", .nilValue, expect: .failed(6017)) { r in await r.void { PreAnnotation.v2.deleteMessage(fromLocalStorage: nil, succ: $0, fail: $1) } },
            BadInputRow("clearC2CHistoryMessage", .nilValue, expect: .failed(6017)) { r in await r.void { v2.clearC2CHistoryMessage(userID: nil, succ: $0, fail: $1) } },
            BadInputRow("clearC2CHistoryMessage(_:)", .nilValue, expect: .failed(6017)) { r in await r.void { PreAnnotation.v2.clearC2CHistoryMessage(nil, succ: $0, fail: $1) } },
            BadInputRow("clearGroupHistoryMessage(_:)", .nilValue, expect: .failed(6017)) { r in await r.void { PreAnnotation.v2.clearGroupHistoryMessage(nil, succ: $0, fail: $1) } },
        ]
        let tooMany = ["c2c_a"] + (0..<100).map { "c2c_x\($0)" }
        let message: @Sendable () -> V2TIMMessage = { v2.createTextMessage(text: "x")! }
        rows += [
            // Paging.
            BadInputRow("getConversationList", .zeroCount, expect: .failed(6017)) { r in await r.callback { s, f in v2.getConversationList(nextSeq: 0, count: 0, succ: { l, _, _ in s("\(l!.count)") }, fail: f) } },
            BadInputRow("getConversationList", .negativeCount, expect: .failed(6017)) { r in await r.callback { s, f in v2.getConversationList(nextSeq: 0, count: -1, succ: { l, _, _ in s("\(l!.count)") }, fail: f) } },
            BadInputRow("getConversationList", .negativeCount, expect: .failed(6017)) { r in await r.callback { s, f in v2.getConversationList(nextSeq: .max, count: .min, succ: { l, _, _ in s("\(l!.count)") }, fail: f) } },
            BadInputRow("getConversationList async", .zeroCount, expect: .failed(6017)) { r in await r.throwing { "\(try await v2.getConversationList(nextSeq: 0, count: 0).conversationList.count)" } },
            BadInputRow("getConversationList", .hugeCount, expect: .succeeded("5 finished")) { r in await r.callback { s, f in v2.getConversationList(nextSeq: 0, count: .max, succ: { l, _, done in s("\(l!.count)\(done ? " finished" : "")") }, fail: f) } },
            BadInputRow("getConversationList", .hugeCount, expect: .succeeded("5 finished")) { r in await r.callback { s, f in v2.getConversationList(nextSeq: .max, count: .max, succ: { l, _, done in s("\(l!.count)\(done ? " finished" : "")") }, fail: f) } },
            BadInputRow("getConversationListByFilter", .zeroCount, expect: .failed(6017)) { r in await r.callback { s, f in v2.getConversationListByFilter(filter: V2TIMConversationListFilter(), nextSeq: 0, count: 0, succ: { l, _, _ in s("\(l!.count)") }, fail: f) } },
            BadInputRow("getConversationListByFilter", .hugeCount, expect: .succeeded("5 finished")) { r in await r.callback { s, f in v2.getConversationListByFilter(filter: V2TIMConversationListFilter(), nextSeq: 0, count: .max, succ: { l, _, done in s("\(l!.count)\(done ? " finished" : "")") }, fail: f) } },
            BadInputRow("getConversationListByFilter", .unknownID, expect: .succeeded("1")) { r in await r.callback { s, f in v2.getConversationListByFilter(filter: filter(group: "work"), nextSeq: 0, count: 10, succ: { l, _, _ in s("\(l!.count)") }, fail: f) } },
            BadInputRow("getConversationListByFilter", .emoji, expect: .succeeded("0")) { r in await r.callback { s, f in v2.getConversationListByFilter(filter: filter(group: OddStrings.emoji), nextSeq: 0, count: 10, succ: { l, _, _ in s("\(l!.count)") }, fail: f) } },
            BadInputRow("getConversationListByFilter", .empty, expect: .succeeded("2")) { r in await r.callback { s, f in v2.getConversationListByFilter(filter: filter(group: ""), nextSeq: 0, count: 10, succ: { l, _, _ in s("\(l!.count)") }, fail: f) } },
            BadInputRow("getConversationListByFilter", .invalidValue, expect: .succeeded("0")) { r in await r.callback { s, f in v2.getConversationListByFilter(filter: filter(marks: 0x10), nextSeq: 0, count: 10, succ: { l, _, _ in s("\(l!.count)") }, fail: f) } },
            BadInputRow("getConversationListByFilter async", .zeroCount, expect: .failed(6017)) { r in await r.throwing { "\(try await v2.getConversationListByFilter(filter: V2TIMConversationListFilter(), nextSeq: 0, count: 0).conversationList.count)" } },
            // Batches.
            BadInputRow("getConversationList(conversationIDList:)", .empty, expect: .failed(6017)) { r in await r.callback { s, f in v2.getConversationList(conversationIDList: [], succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getConversationList(conversationIDList:)", .tooMany, expect: .failed(6017)) { r in await r.callback { s, f in v2.getConversationList(conversationIDList: tooMany, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getConversationList(conversationIDList:)", .malformedID, expect: .failed(6017)) { r in await r.callback { s, f in v2.getConversationList(conversationIDList: ["c2c_a", ""], succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getConversationList(conversationIDList:) async", .tooMany, expect: .failed(6017)) { r in await r.throwing { "\(try await v2.getConversationList(conversationIDList: tooMany).count)" } },
            BadInputRow("markConversation", .empty, expect: .failed(6017)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: [], markType: 2, enableMark: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("markConversation", .tooMany, expect: .failed(51006)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: tooMany, markType: 2, enableMark: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("markConversation", .malformedID, expect: .failed(6017)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: ["c2c_a", "a"], markType: 2, enableMark: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("markConversation", .zeroCount, expect: .failed(6017)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: ["c2c_a"], markType: 0, enableMark: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("markConversation", .invalidValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: ["c2c_a"], markType: 0x10, enableMark: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("markConversation", .invalidValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: ["c2c_a"], markType: NSNumber(value: UInt64(1) << 31), enableMark: false, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("markConversation", .negativeCount, expect: .failed(6017)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: ["c2c_a"], markType: NSNumber(value: -1), enableMark: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("markConversation", .negativeCount, expect: .failed(6017)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: ["c2c_a"], markType: NSNumber(value: Int64.min), enableMark: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("markConversation", .invalidValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: ["c2c_a"], markType: NSNumber(value: Double.nan), enableMark: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("markConversation", .invalidValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: ["c2c_a"], markType: NSNumber(value: Double.infinity), enableMark: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("markConversation", .invalidValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: ["c2c_a"], markType: NSNumber(value: 1.5), enableMark: false, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("markConversation", .invalidValue, expect: .failed(6017)) { r in await r.callback { s, f in v2.markConversation(conversationIDList: ["c2c_a"], markType: 0x3, enableMark: false, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("deleteConversationList", .empty, expect: .failed(6017)) { r in await r.callback { s, f in v2.deleteConversationList(conversationIDList: [], clearMessage: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("deleteConversationList", .tooMany, expect: .failed(6017)) { r in await r.callback { s, f in v2.deleteConversationList(conversationIDList: tooMany, clearMessage: false, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("deleteConversationList", .malformedID, expect: .failed(6017)) { r in await r.callback { s, f in v2.deleteConversationList(conversationIDList: ["c2c_a", "group_"], clearMessage: true, succ: { s("\($0!.count)") }, fail: f) } },
            // Reads.
            BadInputRow("cleanConversationUnreadMessageCount", .malformedID, expect: .failed(6017)) { r in await r.void { v2.cleanConversationUnreadMessageCount(conversationID: "C2C", cleanTimestamp: 0, cleanSequence: 0, succ: $0, fail: $1) } },
            BadInputRow("cleanConversationUnreadMessageCount async", .unknownID, expect: .failed(6004)) { r in await r.throwing { try await v2.cleanConversationUnreadMessageCount(conversationID: "group_none", cleanTimestamp: .max, cleanSequence: .max); return "" } },
            // Receive options.
            BadInputRow("setC2CReceiveMessageOpt", .empty, expect: .failed(6017)) { r in await r.void { v2.setC2CReceiveMessageOpt(userIDList: [], opt: .NOT_RECEIVE_MESSAGE, succ: $0, fail: $1) } },
            BadInputRow("setC2CReceiveMessageOpt", .empty, expect: .failed(6017)) { r in await r.void { v2.setC2CReceiveMessageOpt(userIDList: ["a", ""], opt: .NOT_RECEIVE_MESSAGE, succ: $0, fail: $1) } },
            BadInputRow("setC2CReceiveMessageOpt", .tooMany, expect: .failed(6017)) { r in await r.void { v2.setC2CReceiveMessageOpt(userIDList: (0...30).map { "u\($0)" }, opt: .NOT_RECEIVE_MESSAGE, succ: $0, fail: $1) } },
            BadInputRow("setC2CReceiveMessageOpt", .unknownID, expect: .failed(20003)) { r in await r.void { v2.setC2CReceiveMessageOpt(userIDList: ["a", "ghost"], opt: .NOT_RECEIVE_MESSAGE, succ: $0, fail: $1) } },
            BadInputRow("setC2CReceiveMessageOpt async", .huge, expect: .failed(20003)) { r in await r.throwing { try await v2.setC2CReceiveMessageOpt(userIDList: [OddStrings.huge], opt: .NOT_RECEIVE_MESSAGE); return "" } },
            BadInputRow("setGroupReceiveMessageOpt", .empty, expect: .failed(6017)) { r in await r.void { v2.setGroupReceiveMessageOpt(groupID: "", opt: .NOT_RECEIVE_MESSAGE, succ: $0, fail: $1) } },
            BadInputRow("setGroupReceiveMessageOpt", .unknownID, expect: .failed(10010)) { r in await r.void { v2.setGroupReceiveMessageOpt(groupID: "none", opt: .NOT_RECEIVE_MESSAGE, succ: $0, fail: $1) } },
            BadInputRow("setGroupReceiveMessageOpt async", .sqlFragment, expect: .failed(10010)) { r in await r.throwing { try await v2.setGroupReceiveMessageOpt(groupID: OddStrings.sqlFragment, opt: .NOT_RECEIVE_MESSAGE); return "" } },
            // Sending (a send to an unknown user is not here: it leaves a failed message behind, by design).
            BadInputRow("sendMessage", .nilValue, expect: .failed(6017)) { r in await r.void { v2.sendMessage(message: nil, receiver: "a", groupID: nil, priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: $0, fail: $1) } },
            BadInputRow("sendMessage", .empty, expect: .failed(6017)) { r in await r.void { v2.sendMessage(message: message(), receiver: "", groupID: "", priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: $0, fail: $1) } },
            BadInputRow("sendMessage", .invalidValue, expect: .failed(6017)) { r in await r.void { v2.sendMessage(message: V2TIMMessage(), receiver: "a", groupID: nil, priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: $0, fail: $1) } },
            BadInputRow("sendMessage", .wrongMessage, expect: .failed(6017)) { r in await r.void { v2.sendMessage(message: v2.createTextAtMessage(text: "@b", atUserList: ["b"]), receiver: "a", groupID: nil, priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: $0, fail: $1) } },
            BadInputRow("sendMessage async", .nilValue, expect: .failed(6017)) { r in await r.throwing { try await v2.sendMessage(message: message(), receiver: nil, groupID: nil) } },
            // History.
            BadInputRow("getC2CHistoryMessageList", .empty, expect: .failed(6017)) { r in await r.callback { s, f in v2.getC2CHistoryMessageList(userID: "", count: 10, lastMsg: nil, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getC2CHistoryMessageList", .zeroCount, expect: .failed(6017)) { r in await r.callback { s, f in v2.getC2CHistoryMessageList(userID: "a", count: 0, lastMsg: nil, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getC2CHistoryMessageList", .negativeCount, expect: .failed(6017)) { r in await r.callback { s, f in v2.getC2CHistoryMessageList(userID: "a", count: .min, lastMsg: nil, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getC2CHistoryMessageList", .hugeCount, expect: .succeeded("2")) { r in await r.callback { s, f in v2.getC2CHistoryMessageList(userID: "a", count: .max, lastMsg: nil, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getC2CHistoryMessageList", .unknownID, expect: .failed(20003)) { r in await r.callback { s, f in v2.getC2CHistoryMessageList(userID: "nobody", count: 10, lastMsg: nil, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getC2CHistoryMessageList", .nulByte, expect: .failed(20003)) { r in await r.callback { s, f in v2.getC2CHistoryMessageList(userID: "a\u{0}", count: 10, lastMsg: nil, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getGroupHistoryMessageList", .empty, expect: .failed(6017)) { r in await r.callback { s, f in v2.getGroupHistoryMessageList(groupID: "", count: 10, lastMsg: nil, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getGroupHistoryMessageList", .negativeCount, expect: .failed(6017)) { r in await r.callback { s, f in v2.getGroupHistoryMessageList(groupID: "g", count: -5, lastMsg: nil, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getGroupHistoryMessageList", .unknownID, expect: .failed(10010)) { r in await r.callback { s, f in v2.getGroupHistoryMessageList(groupID: "none", count: 10, lastMsg: nil, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("getGroupHistoryMessageList", .wrongMessage, expect: .succeeded("3")) { r in await r.callback { s, f in v2.getGroupHistoryMessageList(groupID: "g", count: 10, lastMsg: sentMessage(), succ: { s("\($0!.count)") }, fail: f) } },
            // The pre-annotation forms take implicitly unwrapped optionals: nil is an empty argument.
            BadInputRow("getConversation(_:)", .nilValue, expect: .failed(6017)) { r in await r.callback { s, f in PreAnnotation.v2.getConversation(nil, succ: { s($0!.conversationID) }, fail: f) } },
            BadInputRow("getConversationList(_ conversationIDList:)", .nilValue, expect: .failed(6017)) { r in await r.callback { s, f in PreAnnotation.v2.getConversationList(nil, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("pinConversation(_:)", .nilValue, expect: .failed(6017)) { r in await r.void { PreAnnotation.v2.pinConversation(nil, isPinned: true, succ: $0, fail: $1) } },
            BadInputRow("deleteConversation(_:)", .nilValue, expect: .failed(6017)) { r in await r.void { PreAnnotation.v2.deleteConversation(nil, succ: $0, fail: $1) } },
            BadInputRow("setConversationDraft(_:)", .nilValue, expect: .failed(6017)) { r in await r.void { PreAnnotation.v2.setConversationDraft(nil, draftText: nil, succ: $0, fail: $1) } },
            BadInputRow("markConversation(_:)", .nilValue, expect: .failed(6017)) { r in await r.callback { s, f in PreAnnotation.v2.markConversation(nil, markType: nil, enableMark: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("deleteConversationList(_:)", .nilValue, expect: .failed(6017)) { r in await r.callback { s, f in PreAnnotation.v2.deleteConversationList(nil, clearMessage: true, succ: { s("\($0!.count)") }, fail: f) } },
            BadInputRow("setC2CReceiveMessageOpt(_:)", .nilValue, expect: .failed(6017)) { r in await r.void { PreAnnotation.v2.setC2CReceiveMessageOpt(nil, opt: .RECEIVE_MESSAGE, succ: $0, fail: $1) } },
            BadInputRow("setGroupReceiveMessageOpt(_:)", .nilValue, expect: .failed(6017)) { r in await r.void { PreAnnotation.v2.setGroupReceiveMessageOpt(nil, opt: .RECEIVE_MESSAGE, succ: $0, fail: $1) } },
            BadInputRow("createTextMessage(_:)", .nilValue, expect: .returned("")) { _ in .returned(PreAnnotation.v2.createTextMessage(nil)?.textElem?.text ?? "nil") },
            BadInputRow("createTextMessage", .huge, expect: .returned("1048576")) { _ in .returned("\(v2.createTextMessage(text: OddStrings.huge)?.textElem?.text?.utf8.count ?? -1)") },
        ]
        return rows
    }()

    /// Every row: the argument rows, the session rows, and each valid call in each phase without
    /// a session (6013 before init, 6014 otherwise).
    static let rows: [BadInputRow] = {
        var rows = argumentRows + sessionRows + conversationDataRows
        for phase in [SessionPhase.beforeInit, .beforeLogin, .duringLogout, .afterLogout] {
            let code: Int32 = phase == .beforeInit ? 6013 : 6014
            rows += (validCalls + conversationDataValidCalls).map { call in
                BadInputRow(call.method, .valid, phase, expect: .failed(code), call.run)
            }
        }
        return rows
    }()

    private static func filter(group: String? = nil, marks: UInt64? = nil) -> V2TIMConversationListFilter {
        let filter = V2TIMConversationListFilter()
        filter.conversationGroup = group
        if let marks { filter.markType = UInt(marks) }
        return filter
    }

    /// A message as the SDK hands it out (from history, say): `seq` of the conversation `sender`
    /// sent to `receiver`, with an ID the server does not know.
    static func stored(_ sender: String, to receiver: MessageReceiver, seq: UInt64 = 1) -> V2TIMMessage {
        V2TIMMessage(
            Message(id: "stored-\(sender)-\(seq)", seq: seq, timestamp: 1, sender: sender, receiver: receiver,
                    content: .text("x")),
            selfUserID: "me", readSeq: 0)
    }

    /// A message of another conversation, as sent (a C2C message handed to a group call).
    private static func sentMessage() -> V2TIMMessage {
        let message = v2.createTextMessage(text: "x")!
        message.seq = 99
        return message
    }
}

/// The pre-annotation V2 forms (deprecated), reached through a protocol so the table compiles
/// without deprecation warnings while still calling them.
protocol PreAnnotationForms {
    func login(_ userID: String!, userSig: String!, succ: V2TIMSucc?, fail: V2TIMFail?)
    func getConversation(_ conversationID: String!, succ: V2TIMConversationSucc?, fail: V2TIMFail?)
    func getConversationList(_ conversationIDList: [String]!, succ: V2TIMConversationListSucc?, fail: V2TIMFail?)
    func pinConversation(_ conversationID: String!, isPinned: Bool, succ: V2TIMSucc?, fail: V2TIMFail?)
    func deleteConversation(_ conversationID: String!, succ: V2TIMSucc?, fail: V2TIMFail?)
    func setConversationDraft(_ conversationID: String!, draftText: String?, succ: V2TIMSucc?, fail: V2TIMFail?)
    func markConversation(_ conversationIDList: [String]!, markType: NSNumber!, enableMark: Bool,
                          succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?)
    func deleteConversationList(_ conversationIDList: [String]!, clearMessage: Bool,
                                succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?)
    func setC2CReceiveMessageOpt(_ userIDList: [String]!, opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail?)
    func setGroupReceiveMessageOpt(_ groupID: String!, opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail?)
    func createTextMessage(_ text: String!) -> V2TIMMessage!
    func revokeMessage(_ msg: V2TIMMessage!, succ: V2TIMSucc?, fail: V2TIMFail?)
    func deleteMessage(fromLocalStorage msg: V2TIMMessage!, succ: V2TIMSucc?, fail: V2TIMFail?)
    func delete(_ msgList: [V2TIMMessage]!, succ: V2TIMSucc?, fail: V2TIMFail?)
    func clearC2CHistoryMessage(_ userID: String!, succ: V2TIMSucc?, fail: V2TIMFail?)
    func clearGroupHistoryMessage(_ groupID: String!, succ: V2TIMSucc?, fail: V2TIMFail?)
}

extension V2TIMManager: PreAnnotationForms {}

enum PreAnnotation {
    static var v2: any PreAnnotationForms { V2TIMManager.sharedInstance() }
}
