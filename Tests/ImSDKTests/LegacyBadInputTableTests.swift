import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
import ImSDK
import ImSDK_Plus

/// The legacy API's bad-input table: every public `TIMManager`, `TIMConversation` and message
/// method with every kind of bad argument, in every phase of a session. Each row says what the call
/// must report (status, `fail` code, or returned value); the runner checks that the list, unread
/// counts, drafts and last messages are unchanged, and that each call ended in exactly one callback.
final class LegacyBadInputTableTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: LegacyTestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "legacy-bad-input")
    }

    override func tearDown() {
        session?.tearDown()
        session = nil
        LegacyBadInput.kept.clear()
        directory?.remove()
        super.tearDown()
    }

    func test_everyRow_reportsItsCode_andChangesNothing() async throws {
        let rows = LegacyBadInput.rows
        try await startFixture()
        let sdkConfig = try XCTUnwrap(manager.getGlobalConfig())
        let start = snapshot()
        XCTAssertEqual(start.count, 6, "fixture: 4 C2C, 1 group, and the count")

        for row in rows where row.phase == .loggedIn {
            try await check(row) { self.snapshot() }
        }
        for row in rows where row.phase == .duringLogout {
            manager.logout(nil, fail: nil)
            try await check(row) { [self.status()] }
            try await session.login()
            await session.settle()
        }
        try await session.logout()
        for row in rows where row.phase == .afterLogout {
            try await check(row) { [self.status()] }
        }
        manager.unInit()
        for row in rows where row.phase == .beforeInit {
            try await check(row) { [self.status()] }
        }
        XCTAssertEqual(manager.initSdk(sdkConfig), 0)
        XCTAssertEqual(manager.setUserConfig(session.userConfig), 0)
        for row in rows where row.phase == .beforeLogin {
            try await check(row) { [self.status()] }
        }
        try await session.login()
        await session.settle()
        XCTAssertEqual(snapshot(), start, "nothing any row did reached the store or the server")
    }

    func test_theTableCoversEveryPhaseAndArgumentClass() {
        let rows = LegacyBadInput.rows
        XCTAssertEqual(Set(rows.map(\.phase)), Set(SessionPhase.allCases))
        let classes = Set(rows.map(\.argument))
        XCTAssertEqual(classes.union([.valid, .tooMany]), Set(ArgumentClass.allCases))
    }

    // MARK: - Runner

    private var manager: TIMManager { TIMManager.sharedInstance() }

    private func check(_ row: BadInputRow, state: () throws -> [String]) async throws {
        let before = try state()
        let recorder = CallRecorder()
        let outcome = await row.run(recorder)
        await session.settle()
        await session.settle()
        let after = try state()
        XCTAssertEqual(outcome, row.expected, "\(row)", file: row.file, line: row.line)
        XCTAssertEqual(after, before, "\(row) changed the state", file: row.file, line: row.line)
        XCTAssertTrue(recorder.callbackCounts.allSatisfy { $0 == 1 }, "\(row): callbacks \(recorder.callbackCounts)",
                      file: row.file, line: row.line)
    }

    private func status() -> String {
        "\(manager.getLoginStatus().rawValue) \(manager.getLoginUser() ?? "-") \(manager.conversationCount())"
    }

    // MARK: - Fixture

    /// Four C2C conversations and a group with unread messages, a draft, and handles kept for rows
    /// that use them after logout.
    private func startFixture() async throws {
        session = try await LegacyTestSession(peers: ["a", "b", "c", "d"], databaseDirectory: directory.path) { config in
            config.disableStorage = false
            config.disableAutoReport = true
        }
        let server = session.server
        try server.registerUser(OddStrings.nfd.precomposedStringWithCanonicalMapping)
        try server.createGroup("g", name: "G", faceURL: nil, members: ["me", "a", "b"])
        for text in ["a1", "a2"] { try server.sendText(text, from: "a", toUser: "me") }
        try server.sendText("b1", from: "b", toUser: "me")
        try server.sendText("c1", from: "c", toUser: "me")
        try server.sendText("d1", from: "d", toUser: "me")
        for text in ["g1", "g2", "g3"] { try server.sendText(text, from: "a", toGroup: "g") }
        await session.settle()
        let draft = TIMMessageDraft()
        let text = TIMTextElem()
        text.text = "draft"
        draft.add(text)
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "c").setDraft(draft), 0)
        LegacyBadInput.kept.keep(manager)
    }

    /// Everything the legacy list shows of each conversation, then the count.
    private func snapshot() -> [String] {
        (manager.getConversationList() ?? []).map { c in
            let draft = (c.getDraft()?.getElem(0) as? TIMTextElem)?.text ?? "-"
            let last = (c.getLastMsg()?.getElem(0) as? TIMTextElem)?.text ?? "-"
            return "\(c.getType().rawValue)/\(OddStrings.short(c.getReceiver() ?? "")) unread \(c.getUnReadMessageNum()) draft \(draft) "
                + "last \(last) at \(c.getGroupAtInfoList()?.count ?? 0)"
        } + ["count \(manager.conversationCount())"]
    }
}

/// The legacy table.
enum LegacyBadInput {
    static var tim: TIMManager { TIMManager.sharedInstance() }

    /// Handles and messages taken while logged in, for rows that run later (after logout, before
    /// init) or that need a message of another conversation.
    final class Kept: @unchecked Sendable {
        private struct Values {
            var a: TIMConversation?
            var system: TIMConversation?
            var messageOfB: TIMMessage?
            var messageOfA: TIMMessage?
        }

        private let values = Locked(Values())

        func keep(_ manager: TIMManager) {
            let a = manager.getConversation(.C2C, receiver: "a")
            let b = manager.getConversation(.C2C, receiver: "b")
            let system = manager.getConversation(.SYSTEM, receiver: "")
            values.withLock { values in
                values.a = a
                values.system = system
                values.messageOfB = b?.getLastMsg()
                values.messageOfA = a?.getLastMsg()
            }
        }

        func clear() { values.withLock { $0 = Values() } }

        var a: TIMConversation { values.withLock { $0.a }! }
        var system: TIMConversation { values.withLock { $0.system }! }
        var messageOfB: TIMMessage { values.withLock { $0.messageOfB }! }
        var messageOfA: TIMMessage { values.withLock { $0.messageOfA }! }
    }

    static let kept = Kept()

    /// Receivers of each argument class (C2C unless the string says otherwise).
    static let receivers: [(ArgumentClass, String)] = [(.unknownID, "nobody"), (.unknownID, "A"), (.unknownID, "a ")]
        + OddStrings.all

    /// A handle on an unknown conversation, described: it must carry the receiver byte for byte.
    private static func describeHandle(_ type: TIMConversationType, _ receiver: String) -> Outcome {
        guard let handle = tim.getConversation(type, receiver: receiver) else { return .returned("nil") }
        let same = Array(handle.getReceiver()?.utf8 ?? "".utf8) == Array(receiver.utf8)
        return .returned("\(same ? "same receiver" : "other receiver") unread \(handle.getUnReadMessageNum()) "
            + "draft \(handle.getDraft() == nil ? "nil" : "set") last \(handle.getLastMsg() == nil ? "nil" : "set") "
            + "at \(handle.getGroupAtInfoList()?.count ?? -1)")
    }

    private static let unknownHandle = Outcome.returned("same receiver unread 0 draft nil last nil at 0")

    private static func draft(_ text: String?) -> TIMMessageDraft {
        let draft = TIMMessageDraft()
        if let text {
            let elem = TIMTextElem()
            elem.text = text
            draft.add(elem)
        }
        return draft
    }

    private static func textMessage(_ text: String) -> TIMMessage {
        let message = TIMMessage()
        let elem = TIMTextElem()
        elem.text = text
        message.add(elem)
        return message
    }

    private static func loginParam(_ identifier: String?, sig: String? = "sig") -> TIMLoginParam {
        let param = TIMLoginParam()
        param.identifier = identifier
        param.userSig = sig
        return param
    }

    private static func config(appID: Int32) -> TIMSdkConfig {
        let config = TIMSdkConfig()
        config.sdkAppId = appID
        config.disableLogPrint = true
        return config
    }

    /// Handle calls that need a session, with valid arguments: one row per phase without one.
    static let handleCalls: [(method: String, run: @Sendable (CallRecorder) async -> Outcome)] = [
        ("TIMConversation.setReadMessage", { r in await r.status { s, f in kept.a.setReadMessage(nil, succ: { s("") }, fail: f) } }),
        ("TIMConversation.setRead", { r in await r.status { s, f in kept.a.setRead(nil, succ: { s("") }, fail: f) } }),
        ("TIMConversation.getMessage", { r in await r.status { s, f in kept.a.getMessage(10, last: nil, succ: { s("\($0?.count ?? -1)") }, fail: f) } }),
        ("TIMConversation.getLocalMessage", { r in await r.status { s, f in kept.a.getLocalMessage(10, last: nil, succ: { s("\($0?.count ?? -1)") }, fail: f) } }),
        ("TIMConversation.send", { r in await r.status { s, f in kept.a.send(textMessage("x"), succ: { s("") }, fail: f) } }),
        ("TIMConversation.sendOnlineMessage", { r in await r.status { s, f in kept.a.sendOnlineMessage(textMessage("x"), succ: { s("") }, fail: f) } }),
        ("TIMConversation.setDraft", { _ in .returned("\(kept.a.setDraft(draft("x")))") }),
        ("TIMConversation.revokeMessage", { r in await r.status { s, f in kept.a.revokeMessage(kept.messageOfA, succ: { s("") }, fail: f) } }),
        ("TIMConversation.deleteMessages", { r in await r.status { s, f in kept.a.deleteMessages([kept.messageOfA], succ: { s("") }, fail: f) } }),
        ("TIMConversation.deleteLocalMessage", { r in await r.status { s, f in kept.a.deleteLocalMessage({ s("") }, fail: f) } }),
    ]

    /// Synchronous calls without a session and what they return then.
    static let sessionlessCalls: [(method: String, expected: String, run: @Sendable () -> String)] = [
        ("TIMManager.getConversation", "nil", { tim.getConversation(.C2C, receiver: "a") == nil ? "nil" : "handle" }),
        ("TIMManager.getConversationList", "0", { "\(tim.getConversationList()?.count ?? -1)" }),
        ("TIMManager.conversationCount", "0", { "\(tim.conversationCount())" }),
        ("TIMManager.deleteConversation", "false", { "\(tim.deleteConversation(.C2C, receiver: "a"))" }),
        ("TIMManager.deleteConversationAndMessages", "false", { "\(tim.deleteConversationAndMessages(.GROUP, receiver: "g"))" }),
        ("TIMManager.getLoginUser", "nil", { tim.getLoginUser() ?? "nil" }),
        ("TIMConversation.getUnReadMessageNum", "0", { "\(kept.a.getUnReadMessageNum())" }),
        ("TIMConversation.getLastMsg", "nil", { kept.a.getLastMsg() == nil ? "nil" : "message" }),
        ("TIMConversation.getDraft", "nil", { kept.a.getDraft() == nil ? "nil" : "draft" }),
        ("TIMConversation.getSelfIdentifier", "nil", { kept.a.getSelfIdentifier() ?? "nil" }),
        ("TIMConversation.getGroupAtInfoList", "0", { "\(kept.a.getGroupAtInfoList()?.count ?? -1)" }),
        ("TIMConversation.deleteConversationAndMessages", "false", { "\(kept.a.deleteConversationAndMessages(.C2C, receiver: "a"))" }),
    ]

    /// Bad arguments while logged in, and the session calls.
    static let argumentRows: [BadInputRow] = {
        var rows: [BadInputRow] = [
            // Init and user config.
            BadInputRow("TIMManager.initSdk", .nilValue, expect: .returned("1")) { _ in .returned("\(tim.initSdk(nil))") },
            BadInputRow("TIMManager.initSdk", .zeroCount, expect: .returned("1")) { _ in .returned("\(tim.initSdk(config(appID: 0)))") },
            BadInputRow("TIMManager.initSdk", .negativeCount, .beforeInit, expect: .returned("1")) { _ in .returned("\(tim.initSdk(config(appID: -1)))") },
            BadInputRow("TIMManager.initSdk", .invalidValue, expect: .returned("1")) { _ in .returned("\(tim.initSdk(config(appID: 1_400_000_002)))") },
            BadInputRow("TIMManager.setUserConfig", .nilValue, expect: .returned("1")) { _ in .returned("\(tim.setUserConfig(nil))") },
            BadInputRow("TIMManager.setUserConfig", .valid, .beforeInit, expect: .returned("6013")) { _ in .returned("\(tim.setUserConfig(TIMUserConfig()))") },
            // Login and logout.
            BadInputRow("TIMManager.login", .valid, .beforeInit, expect: .failed(6013)) { r in await r.status { s, f in tim.login(loginParam("me"), succ: { s("") }, fail: f) } },
            BadInputRow("TIMManager.logout", .valid, .beforeInit, expect: .failed(6013)) { r in await r.status { s, f in tim.logout({ s("") }, fail: f) } },
            BadInputRow("TIMManager.logout", .valid, .afterLogout, expect: .succeeded()) { r in await r.status { s, f in tim.logout({ s("") }, fail: f) } },
            BadInputRow("TIMManager.login", .nilValue, expect: .failed(6017)) { r in await r.status { s, f in tim.login(nil, succ: { s("") }, fail: f) } },
            BadInputRow("TIMManager.login", .nilValue, .afterLogout, expect: .failed(6017)) { r in await r.status { s, f in tim.login(loginParam(nil), succ: { s("") }, fail: f) } },
            BadInputRow("TIMManager.login", .empty, .afterLogout, expect: .failed(6017)) { r in await r.status { s, f in tim.login(loginParam(""), succ: { s("") }, fail: f) } },
            BadInputRow("TIMManager.login", .nilValue, .beforeLogin, expect: .failed(6206)) { r in await r.status { s, f in tim.login(loginParam("me", sig: nil), succ: { s("") }, fail: f) } },
            BadInputRow("TIMManager.login", .unknownID, .beforeLogin, expect: .failed(20003)) { r in await r.status { s, f in tim.login(loginParam("ghost"), succ: { s("") }, fail: f) } },
            BadInputRow("TIMManager.login", .huge, .afterLogout, expect: .failed(20003)) { r in await r.status { s, f in tim.login(loginParam(OddStrings.huge), succ: { s("") }, fail: f) } },
            BadInputRow("TIMManager.login", .nulByte, .afterLogout, expect: .failed(20003)) { r in await r.status { s, f in tim.login(loginParam("me\u{0}"), succ: { s("") }, fail: f) } },
            BadInputRow("TIMManager.login", .rtl, .afterLogout, expect: .failed(20003)) { r in await r.status { s, f in tim.login(loginParam(OddStrings.rtl), succ: { s("") }, fail: f) } },
            // The fixture registers the NFC spelling: the NFD one is another, unknown, user.
            BadInputRow("TIMManager.login", .nfd, .afterLogout, expect: .failed(20003)) { r in await r.status { s, f in tim.login(loginParam(OddStrings.nfd), succ: { s("") }, fail: f) } },
            // Listeners.
            BadInputRow("TIMManager.addMessageListener", .nilValue, expect: .returned("1")) { _ in .returned("\(tim.addMessageListener(nil))") },
            BadInputRow("TIMManager.removeMessageListener", .nilValue, expect: .returned("1")) { _ in .returned("\(tim.removeMessageListener(nil))") },
            BadInputRow("TIMManager.add", .nilValue, .beforeInit, expect: .returned("1")) { _ in .returned("\(tim.add(nil))") },
            BadInputRow("TIMManager.remove", .nilValue, .afterLogout, expect: .returned("1")) { _ in .returned("\(tim.remove(nil))") },
            // Conversation handles.
            BadInputRow("TIMManager.getConversation", .empty, expect: .returned("nil")) { _ in describeHandle(.C2C, "") },
            BadInputRow("TIMManager.getConversation", .empty, expect: .returned("nil")) { _ in describeHandle(.GROUP, "") },
            BadInputRow("TIMManager.getConversation", .nilValue, expect: .returned("nil")) { _ in tim.getConversation(.GROUP, receiver: nil) == nil ? .returned("nil") : .returned("handle") },
            BadInputRow("TIMManager.getConversation", .wrongMessage, expect: unknownHandle) { _ in describeHandle(.GROUP, "a") },
            BadInputRow("TIMManager.getConversation", .malformedID, expect: unknownHandle) { _ in describeHandle(.C2C, "c2c_a") },
            BadInputRow("TIMManager.deleteConversation", .malformedID, expect: .returned("false")) { _ in .returned("\(tim.deleteConversation(.C2C, receiver: "c2c_a"))") },
            BadInputRow("TIMManager.deleteConversation", .empty, expect: .returned("false")) { _ in .returned("\(tim.deleteConversation(.C2C, receiver: ""))") },
            BadInputRow("TIMManager.deleteConversation", .nilValue, expect: .returned("false")) { _ in .returned("\(tim.deleteConversation(.GROUP, receiver: nil))") },
            BadInputRow("TIMManager.deleteConversation", .wrongMessage, expect: .returned("false")) { _ in .returned("\(tim.deleteConversation(.GROUP, receiver: "a"))") },
            BadInputRow("TIMManager.deleteConversationAndMessages", .empty, expect: .returned("false")) { _ in .returned("\(tim.deleteConversationAndMessages(.C2C, receiver: ""))") },
            BadInputRow("TIMManager.deleteConversationAndMessages", .nilValue, expect: .returned("false")) { _ in .returned("\(tim.deleteConversationAndMessages(.C2C, receiver: nil))") },
            // Reads.
            BadInputRow("TIMConversation.setReadMessage", .wrongMessage, expect: .failed(6017)) { r in await r.status { s, f in kept.a.setReadMessage(kept.messageOfB, succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.setReadMessage", .invalidValue, expect: .failed(6017)) { r in await r.status { s, f in kept.a.setReadMessage(textMessage("unsent"), succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.setRead", .wrongMessage, expect: .failed(6017)) { r in await r.status { s, f in kept.a.setRead(kept.messageOfB, succ: { s("") }, fail: f) } },
            // Messages.
            BadInputRow("TIMConversation.getMessage", .zeroCount, expect: .failed(6017)) { r in await r.status { s, f in kept.a.getMessage(0, last: nil, succ: { s("\($0?.count ?? -1)") }, fail: f) } },
            BadInputRow("TIMConversation.getMessage", .negativeCount, expect: .failed(6017)) { r in await r.status { s, f in kept.a.getMessage(.min, last: nil, succ: { s("\($0?.count ?? -1)") }, fail: f) } },
            BadInputRow("TIMConversation.getMessage", .hugeCount, expect: .succeeded("2")) { r in await r.status { s, f in kept.a.getMessage(.max, last: nil, succ: { s("\($0?.count ?? -1)") }, fail: f) } },
            BadInputRow("TIMConversation.getMessage", .unknownID, expect: .failed(20003)) { r in await r.status { s, f in tim.getConversation(.C2C, receiver: "nobody").getMessage(10, last: nil, succ: { s("\($0?.count ?? -1)") }, fail: f) } },
            BadInputRow("TIMConversation.getMessage", .wrongMessage, expect: .succeeded("2")) { r in await r.status { s, f in kept.a.getMessage(10, last: textMessage("unsent"), succ: { s("\($0?.count ?? -1)") }, fail: f) } },
            BadInputRow("TIMConversation.getLocalMessage", .zeroCount, expect: .failed(6017)) { r in await r.status { s, f in kept.a.getLocalMessage(0, last: nil, succ: { s("\($0?.count ?? -1)") }, fail: f) } },
            BadInputRow("TIMConversation.getLocalMessage", .negativeCount, expect: .failed(6017)) { r in await r.status { s, f in kept.a.getLocalMessage(-1, last: nil, succ: { s("\($0?.count ?? -1)") }, fail: f) } },
            BadInputRow("TIMConversation.getLocalMessage", .hugeCount, expect: .succeeded("2")) { r in await r.status { s, f in kept.a.getLocalMessage(.max, last: nil, succ: { s("\($0?.count ?? -1)") }, fail: f) } },
            BadInputRow("TIMConversation.getLocalMessage", .unknownID, expect: .succeeded("0")) { r in await r.status { s, f in tim.getConversation(.C2C, receiver: "nobody").getLocalMessage(10, last: nil, succ: { s("\($0?.count ?? -1)") }, fail: f) } },
            BadInputRow("TIMConversation.send", .nilValue, expect: .failed(6017)) { r in await r.status { s, f in kept.a.send(nil, succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.send", .empty, expect: .failed(6017)) { r in await r.status { s, f in kept.a.send(TIMMessage(), succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.send", .wrongMessage, expect: .failed(6017)) { r in await r.status { s, f in kept.a.send(kept.messageOfA, succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.send", .invalidValue, expect: .failed(6017)) { r in await r.status { s, f in kept.system.send(textMessage("x"), succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.sendOnlineMessage", .nilValue, expect: .failed(6017)) { r in await r.status { s, f in kept.a.sendOnlineMessage(nil, succ: { s("") }, fail: f) } },
            // Revoking and deleting: messages never sent, of others, of another conversation, too many.
            BadInputRow("TIMConversation.revokeMessage", .nilValue, expect: .failed(6017)) { r in await r.status { s, f in kept.a.revokeMessage(nil, succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.revokeMessage", .invalidValue, expect: .failed(6017)) { r in await r.status { s, f in kept.a.revokeMessage(textMessage("unsent"), succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.revokeMessage", .wrongMessage, expect: .failed(6017)) { r in await r.status { s, f in kept.a.revokeMessage(kept.messageOfA, succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.revokeMessage", .wrongMessage, expect: .failed(6017)) { r in await r.status { s, f in kept.a.revokeMessage(kept.messageOfB, succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.deleteMessages", .nilValue, expect: .failed(6017)) { r in await r.status { s, f in kept.a.deleteMessages(nil, succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.deleteMessages", .empty, expect: .failed(6017)) { r in await r.status { s, f in kept.a.deleteMessages([], succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.deleteMessages", .tooMany, expect: .failed(6017)) { r in await r.status { s, f in kept.a.deleteMessages(Array(repeating: kept.messageOfA, count: 31), succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.deleteMessages", .invalidValue, expect: .failed(6017)) { r in await r.status { s, f in kept.a.deleteMessages([textMessage("unsent")], succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.deleteMessages", .wrongMessage, expect: .failed(6017)) { r in await r.status { s, f in kept.a.deleteMessages([kept.messageOfB], succ: { s("") }, fail: f) } },
            BadInputRow("TIMConversation.deleteLocalMessage", .unknownID, expect: .succeeded()) { r in await r.status { s, f in tim.getConversation(.C2C, receiver: "nobody").deleteLocalMessage({ s("") }, fail: f) } },
            // Drafts: clearing the draft of a conversation that does not exist creates nothing.
            BadInputRow("TIMConversation.setDraft", .nilValue, expect: .returned("0")) { _ in .returned("\(tim.getConversation(.C2C, receiver: "nobody").setDraft(nil))") },
            BadInputRow("TIMConversation.setDraft", .empty, expect: .returned("0")) { _ in .returned("\(tim.getConversation(.GROUP, receiver: "none").setDraft(draft(nil)))") },
            BadInputRow("TIMConversation.setDraft", .empty, expect: .returned("0")) { _ in .returned("\(tim.getConversation(.C2C, receiver: "nobody").setDraft(draft("")))") },
            // Getters on odd handles.
            BadInputRow("TIMConversation.getGroupName", .wrongMessage, expect: .returned("nil")) { _ in .returned(kept.a.getGroupName() ?? "nil") },
            BadInputRow("TIMConversation.getGroupName", .unknownID, expect: .returned("nil")) { _ in .returned(tim.getConversation(.GROUP, receiver: "none").getGroupName() ?? "nil") },
            BadInputRow("TIMConversation.deleteConversationAndMessages", .unknownID, expect: .returned("false")) { _ in .returned("\(kept.a.deleteConversationAndMessages(.C2C, receiver: "nobody"))") },
            // Elements.
            BadInputRow("TIMMessage.getElem", .negativeCount, expect: .returned("nil")) { _ in .returned(textMessage("x").getElem(-1) == nil ? "nil" : "elem") },
            BadInputRow("TIMMessage.getElem", .hugeCount, expect: .returned("nil")) { _ in .returned(textMessage("x").getElem(.max) == nil ? "nil" : "elem") },
            BadInputRow("TIMMessage.getElem", .negativeCount, expect: .returned("nil")) { _ in .returned(kept.messageOfA.getElem(.min) == nil ? "nil" : "elem") },
            BadInputRow("TIMMessage.addElem", .nilValue, expect: .returned("1")) { _ in .returned("\(TIMMessage().addElem(nil))") },
            BadInputRow("TIMMessageDraft.addElem", .nilValue, expect: .returned("1")) { _ in .returned("\(TIMMessageDraft().addElem(nil))") },
            BadInputRow("TIMMessageDraft.getElem", .negativeCount, expect: .returned("nil")) { _ in .returned(draft("x").getElem(-1) == nil ? "nil" : "elem") },
            BadInputRow("TIMMessage.locator", .invalidValue, expect: .returned("nil")) { _ in .returned(textMessage("x").locator() == nil ? "nil" : "locator") },
        ]
        for (argument, receiver) in receivers {
            rows += [
                BadInputRow("TIMManager.getConversation", argument, expect: unknownHandle) { _ in describeHandle(.C2C, receiver) },
                BadInputRow("TIMManager.getConversation", argument, expect: unknownHandle) { _ in describeHandle(.GROUP, receiver) },
                BadInputRow("TIMManager.deleteConversation", argument, expect: .returned("false")) { _ in .returned("\(tim.deleteConversation(.C2C, receiver: receiver))") },
                BadInputRow("TIMManager.deleteConversationAndMessages", argument, expect: .returned("false")) { _ in .returned("\(tim.deleteConversationAndMessages(.GROUP, receiver: receiver))") },
                BadInputRow("TIMConversation.setReadMessage", argument, expect: .failed(6004)) { r in await r.status { s, f in tim.getConversation(.C2C, receiver: receiver).setReadMessage(nil, succ: { s("") }, fail: f) } },
                BadInputRow("TIMConversation.setRead", argument, expect: .failed(6004)) { r in await r.status { s, f in tim.getConversation(.GROUP, receiver: receiver).setRead(nil, succ: { s("") }, fail: f) } },
                BadInputRow("TIMConversation.setDraft", argument, expect: .returned("0")) { _ in .returned("\(tim.getConversation(.C2C, receiver: receiver).setDraft(nil))") },
                BadInputRow("TIMConversation.getLocalMessage", argument, expect: .succeeded("0")) { r in await r.status { s, f in tim.getConversation(.C2C, receiver: receiver).getLocalMessage(5, last: nil, succ: { s("\($0?.count ?? -1)") }, fail: f) } },
            ]
        }
        return rows
    }()

    /// Every row: the argument rows, and each session call in each phase without a session
    /// (6013 before init, 6014 otherwise; synchronous calls return their empty value).
    static let rows: [BadInputRow] = {
        var rows = argumentRows
        for phase in [SessionPhase.beforeInit, .beforeLogin, .duringLogout, .afterLogout] {
            let code: Int32 = phase == .beforeInit ? 6013 : 6014
            rows += handleCalls.map { call in
                BadInputRow(call.method, .valid, phase, expect: call.method.hasSuffix("setDraft") ? .returned("\(code)") : .failed(code), call.run)
            }
            rows += sessionlessCalls.map { call in BadInputRow(call.method, .valid, phase, expect: .returned(call.expected)) { _ in .returned(call.run()) } }
        }
        return rows
    }()
}
