import XCTest
import IMCore
import IMReferenceServer
import IMTestSupport
import IMTransportKit
@testable import ImSDK_Plus

/// A local store that outlives its server's state: the store rebuilds from the server it meets
/// (another epoch, or a server whose data went back) and keeps what is local by nature.
final class ServerEpochTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: V2TestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "epoch")
    }

    override func tearDown() {
        session?.tearDown()
        session = nil
        directory?.remove()
        super.tearDown()
    }

    private var storage: V2TIMStorage { .disk(directory: directory.path) }

    /// The list as "id unread last-text draft", in order.
    private func rows() async throws -> [String] {
        try await session.walk().list.map { c in
            "\(c.conversationID ?? "") \(c.unreadCount) \(c.lastMessage?.textElem?.text ?? "-") \(c.draftText ?? "-")"
        }
    }

    /// Alice got messages from a and b, pinned b and left a draft for c; the store is on disk.
    private func startWithHistory() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c"], storage: storage)
        try session.server.sendText("a0", from: "a", toUser: "me")
        try session.server.sendText("a1", from: "a", toUser: "me")
        try session.server.sendText("b0", from: "b", toUser: "me")
        try session.server.sendText("c0", from: "c", toUser: "me")
        await session.settle()
        try await session.manager.pinConversation(conversationID: "c2c_b", isPinned: true)
        try await session.manager.setConversationDraft(conversationID: "c2c_c", draftText: "see you")
        let listed = try await rows()
        XCTAssertEqual(listed, ["c2c_b 1 b0 -", "c2c_c 1 c0 see you", "c2c_a 2 a1 -"])
    }

    /// A revoked last message and the peer's read point come from the server: a store that meets a
    /// server of another epoch takes the new server's (here: a message neither revoked nor read).
    func test_aRebuild_takesRevokesAndReadReceiptsFromTheNewServer_notTheOldStore() async throws {
        session = try await V2TestSession(peers: ["a"], storage: storage)
        try session.server.sendText("theirs", from: "a", toUser: "me")
        let mine = try XCTUnwrap(session.manager.createTextMessage(text: "mine"))
        _ = try await session.manager.sendMessage(message: mine, receiver: "a", groupID: nil)
        try session.server.markC2CRead(reader: "a", peer: "me")
        try session.server.revokeMessage(seq: 1, from: "a", toUser: "me")
        await session.settle()
        let before = try await session.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(before.lastMessage?.isPeerRead, true)
        try await session.manager.logout()
        session.server.reset()
        for user in ["me", "a"] { try session.server.registerUser(user, nickname: nil, faceURL: nil) }
        try session.server.sendText("again", from: "a", toUser: "me")
        try session.server.sendText("mine again", from: "me", toUser: "a")
        session.recorder.clear()
        try await session.manager.login(userID: "me", userSig: "sig")
        let after = try await session.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(after.lastMessage?.textElem?.text, "mine again")
        XCTAssertEqual(after.lastMessage?.isPeerRead, false, "the old server's read point is forgotten")
        let history = try await session.manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(history.map(\.status), [.MSG_STATUS_SEND_SUCC, .MSG_STATUS_SEND_SUCC])
        XCTAssertEqual(session.recorder.revoked + session.recorder.receipts, [], "a rebuild announces neither")
        session.checkInvariants()
    }

    /// The scenario of the new-user issue, in one process: the server is emptied while the app is
    /// away; the app logs in again. Before epochs, the list showed the old conversations, a new
    /// message got `unread=0` and no event, and history disagreed with `lastMessage`.
    func test_aResetServer_rebuildsTheStore_keepsDrafts_andNewMessagesCountAndAreHeard() async throws {
        try await startWithHistory()
        let oldEpoch = session.server.epoch
        try await session.manager.logout()
        session.server.reset()
        XCTAssertNotEqual(session.server.epoch, oldEpoch, "a reset is a new epoch")
        for user in ["me", "a", "b", "c"] { try session.server.registerUser(user, nickname: nil, faceURL: nil) }
        session.recorder.clear()

        try await session.manager.login(userID: "me", userSig: "sig")
        await session.settle()
        let rebuilt = try await rows()
        XCTAssertEqual(rebuilt, ["c2c_c 0 - see you"], "only the draft, local by nature, stays")
        let total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 0)
        let events = session.recorder.events
        XCTAssertEqual(events.first, .syncStarted)
        XCTAssertEqual(events.last, .syncFinished)
        XCTAssertTrue(events.contains { if case .deleted(let ids) = $0 { Set(ids) == ["c2c_a", "c2c_b"] } else { false } },
                      "the conversations that went are announced: \(events)")
        XCTAssertTrue(events.contains(.changed(["c2c_c"])), "the drafted conversation changed: \(events)")

        // The new server's first message counts, is heard, and history agrees with the last message.
        session.recorder.clear()
        try session.server.sendText("fresh", from: "a", toUser: "me")
        await session.settle()
        let afterMessage = try await rows()
        XCTAssertEqual(afterMessage, ["c2c_a 1 fresh -", "c2c_c 0 - see you"])
        XCTAssertEqual(session.recorder.received.map(\.text), ["fresh"])
        let history = try await session.manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(history.map { $0.textElem?.text }, ["fresh"], "no message of the old server is left")
        let newTotal = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(newTotal, 1)
        session.checkInvariants()

        // The store took the new epoch on disk: a restart against the same server rebuilds nothing.
        session.recorder.clear()
        try await session.manager.logout()
        try await session.manager.login(userID: "me", userSig: "sig")
        await session.settle()
        let restarted = try await rows()
        XCTAssertEqual(restarted, afterMessage)
        XCTAssertFalse(session.recorder.events.contains { if case .deleted = $0 { true } else { false } })
        let stored = try ConversationDatabase.open(
            at: ConversationDatabase.path(directory: directory.path, appID: 1_400_000_001, userID: "me"),
            logger: .silent).loadCounters()
        XCTAssertEqual(stored?.serverEpoch, session.server.epoch)
    }

    /// A server whose data went back to an older copy keeps its epoch but answers with a version
    /// behind the store's: the store rebuilds from it too.
    func test_aServerWhoseDataWentBack_rebuildsTheStoreFromIt() async throws {
        try await startWithHistory()
        let original = session.server
        try await session.manager.logout()

        // The "older copy": a's first message only, under the original server's epoch.
        let older = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a", "b", "c"] { try older.registerUser(user, nickname: nil, faceURL: nil) }
        try older.sendText("a0", from: "a", toUser: "me")
        let restored = SameEpochTransport(older, epoch: original.epoch)
        XCTAssertLessThan(try older.version(of: "me"), try original.version(of: "me"))

        session.tearDown()
        session = try await V2TestSession(server: older, transport: restored, storage: storage)
        await session.settle()
        let rebuilt = try await rows()
        XCTAssertEqual(rebuilt, ["c2c_a 1 a0 -", "c2c_c 0 - see you"])
        XCTAssertEqual(session.manager.currentClient?.read { $0.syncVersion }, try older.version(of: "me"))
        session.checkInvariants()
    }

    /// A message that arrives while the store rebuilds is applied once, on the rebuilt store.
    func test_pushesOnAConnectionOfAnotherEpoch_waitForTheRebuild_andCountOnce() async throws {
        try await startWithHistory()
        try await session.manager.logout()
        session.server.reset()
        for user in ["me", "a", "b", "c"] { try session.server.registerUser(user, nickname: nil, faceURL: nil) }
        // Enough messages that the old store's version (about 8) is passed while the login syncs.
        let server = session.server
        let sender = Task.detached {
            for index in 0..<40 { _ = try? server.sendText("n\(index)", from: "a", toUser: "me") }
        }
        try await session.manager.login(userID: "me", userSig: "sig")
        await sender.value
        await session.settle()
        let listed = try await rows()
        XCTAssertEqual(listed.first, "c2c_a 40 n39 -")
        let received = session.recorder.received.compactMap(\.text).filter { $0.hasPrefix("n") }
        XCTAssertEqual(received.count, Set(received).count, "each heard once")
        session.checkInvariants()
    }

    /// Marks, custom data and conversation groups roam: a rebuilt store takes the new server's, on
    /// the conversations it keeps too (before they roamed, marks and custom data stayed with them).
    func test_aRebuild_takesTheServersMarksCustomDataAndGroups_alsoOnTheConversationsItKeeps() async throws {
        try await startWithHistory()
        let manager = session.manager
        for id in ["c2c_a", "c2c_c"] {
            _ = try await manager.markConversation(conversationIDList: [id], markType: 1, enableMark: true)
        }
        _ = try await manager.setConversationCustomData(conversationIDList: ["c2c_c"], customData: Data("old".utf8))
        _ = try await manager.createConversationGroup(groupName: "old", conversationIDList: ["c2c_a", "c2c_c"])
        try await manager.logout()
        session.server.reset()
        for user in ["me", "a", "b", "c"] { try session.server.registerUser(user, nickname: nil, faceURL: nil) }
        // The new server's: c2c_c is marked 0x4, in group "new"; the device keeps c2c_c (its draft).
        try session.server.sendText("fresh", from: "c", toUser: "me")
        let other = try await RawDevice(userID: "me", transport: session.server)
        try await other.send(.setMarks([.c2c("c")], marks: 0x4, enable: true))
        try await other.send(.createConversationGroup("new", [.c2c("c")]))
        other.close()
        let groupEvents = V2GroupEventRecorder()
        manager.addConversationListener(listener: groupEvents)
        defer { manager.removeConversationListener(listener: groupEvents) }

        try await manager.login(userID: "me", userSig: "sig")
        await session.settle()
        let c = try await manager.getConversation(conversationID: "c2c_c")
        XCTAssertEqual(c.draftText, "see you", "the draft is local by nature")
        XCTAssertEqual(c.markList, [4], "the server's marks, not the old star")
        XCTAssertEqual(c.customData, Data(), "the server has none")
        XCTAssertEqual(c.conversationGroupList, ["new"])
        let groups = try await manager.getConversationGroupList()
        XCTAssertEqual(groups, ["new"])
        XCTAssertTrue(groupEvents.groupEvents.contains("created new [c2c_c]"), "\(groupEvents.lines)")
        session.checkInvariants()

        // Had the new server nothing of them, the kept conversation shows none.
        try await manager.logout()
        session.server.reset()
        for user in ["me", "a", "b", "c"] { try session.server.registerUser(user, nickname: nil, faceURL: nil) }
        try await manager.login(userID: "me", userSig: "sig")
        await session.settle()
        let bare = try await manager.getConversation(conversationID: "c2c_c")
        XCTAssertEqual(bare.markList, [])
        XCTAssertEqual(bare.conversationGroupList, [])
        let none = try await manager.getConversationGroupList()
        XCTAssertEqual(none, [])
        XCTAssertEqual(groupEvents.groupEvents.last, "deleted new")
    }
}

/// Reaches `server` but reports `epoch` as its epoch (a server restored from an older copy of
/// another's data keeps that one's epoch).
private final class SameEpochTransport: IMTransport {
    private let server: IMReferenceServer
    private let epoch: String

    init(_ server: IMReferenceServer, epoch: String) {
        self.server = server
        self.epoch = epoch
    }

    func connect(
        _ login: IMLoginInfo, sink: any IMPushSink,
        completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
    ) {
        server.connect(login, sink: sink) { [epoch] result in
            completion(result.map { Connection($0, epoch: epoch) })
        }
    }

    private final class Connection: IMConnection {
        let inner: any IMConnection
        let serverEpoch: String

        init(_ inner: any IMConnection, epoch: String) {
            self.inner = inner
            self.serverEpoch = epoch
        }

        var userID: String { inner.userID }

        func send(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void) {
            inner.send(request, completion: completion)
        }

        func close() { inner.close() }
    }
}

/// The embedded default with disk storage keeps its state next to the stores.
final class EmbeddedDefaultTests: XCTestCase {
    func test_withDiskStorageAndNoTransport_theEmbeddedServerKeepsTheCloud_andTheStoreResumesIncrementally() async throws {
        let directory = try TemporaryDirectory(prefix: "embedded-default")
        defer { directory.remove() }
        let appID: Int32 = 1_400_000_777
        let server = try IMReferenceServer.embedded(appID: appID, directory: directory.path)
        for user in ["alice", "bob"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        try server.sendText("hello", from: "bob", toUser: "alice")

        let manager: V2TIMManager = V2TIMManager.sharedInstance()
        let recorder = V2EventRecorder()
        let config = V2TIMSDKConfig()
        config.storage = .disk(directory: directory.path)
        config.logLevel = .LOG_NONE
        manager.unInitSDK()
        XCTAssertTrue(manager.initSDK(appID, config: config))
        defer {
            manager.removeAdvancedMsgListener(listener: recorder)
            manager.unInitSDK()
        }
        manager.addAdvancedMsgListener(listener: recorder)
        try await manager.login(userID: "alice", userSig: "sig")
        let first = try await manager.getConversationList(nextSeq: 0, count: 10).conversationList
        XCTAssertEqual(first.map { "\($0.conversationID ?? "") \($0.unreadCount)" }, ["c2c_bob 1"])
        try await manager.logout()

        try server.sendText("while away", from: "bob", toUser: "alice")
        try await manager.login(userID: "alice", userSig: "sig")
        let again = try await manager.getConversationList(nextSeq: 0, count: 10).conversationList
        XCTAssertEqual(again.map { "\($0.conversationID ?? "") \($0.unreadCount)" }, ["c2c_bob 2"])
        XCTAssertEqual(again.first?.lastMessage?.textElem?.text, "while away")
        XCTAssertEqual(recorder.received.compactMap(\.text), ["while away"], "the message that came meanwhile is heard once")
        XCTAssertEqual(manager.currentClient?.read { $0.serverEpoch }, server.epoch)
    }
}
