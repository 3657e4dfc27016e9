import Foundation
import IMCore
import IMReferenceServer
import IMTestSupport
import ImSDK
import XCTest
@testable import ImSDK_Plus

/// Messages kept in the local database rather than in memory, through the public APIs: a store
/// holds at most its cache's few messages once they are written, pages history from the database
/// (V2 while the connection is down, the legacy local history always), after a restart too, and
/// revokes, deletes and reads messages it no longer holds in memory.
final class MessageStorageTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: V2TestSession!
    private var server: IMReferenceServer!
    private var transport: FaultInjectingTransport!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "message-storage")
        server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a", "b", "c"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        try server.createGroup("g", name: "G", faceURL: nil, members: ["me", "a", "b"])
        transport = FaultInjectingTransport(wrapping: server, faults: .none)
    }

    override func tearDown() {
        session?.manager.session.injectStorageFaultForTesting(nil)
        session?.tearDown()
        session = nil
        directory?.remove()
        super.tearDown()
    }

    /// Starts the process-wide SDK over this test's directory, keeping at most `cacheLimit`
    /// written messages in memory (a setting the next login takes).
    private func start(cacheLimit: Int) async throws {
        session?.tearDown()
        session = try await V2TestSession(server: server, transport: transport, storage: .disk(directory: directory.path))
        session.manager.session.setMessageCacheLimit(cacheLimit)
        // Memory keeps the batch log's messages until it is folded: folded with every batch, it
        // holds no more than the cache's limit.
        session.manager.session.setBatchLogFoldThreshold(0)
        try await session.manager.logout()
        try await session.manager.login(userID: "me", userSig: "sig")
        XCTAssertEqual(session.manager.currentClient?.read { $0.messageCacheLimit }, cacheLimit)
    }

    private var client: IMClient { session.manager.currentClient! }

    /// The accepted messages in memory right now, and the cache's limit.
    private var inMemory: (messages: Int, cached: Int, limit: Int) {
        client.read { ($0.acceptedMessagesInMemory, $0.cachedMessageCount, $0.messageCacheLimit) }
    }

    /// Drops the connection and keeps every reconnect failing; waits until the client knows.
    private func goOffline() async throws {
        transport.failNextConnects(1_000_000)
        transport.disconnectAll()
        for _ in 0..<500 where client.isConnected { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertFalse(client.isConnected, "the connection is down")
    }

    /// Every message of a V2 history, paged `size` at a time from each page's last message.
    private func v2History(_ userID: String?, group: String? = nil, size: Int32) async throws -> [V2TIMMessage] {
        var all: [V2TIMMessage] = []
        while true {
            let page = if let userID {
                try await session.manager.getC2CHistoryMessageList(userID: userID, count: size, lastMsg: all.last)
            } else {
                try await session.manager.getGroupHistoryMessageList(groupID: group!, count: size, lastMsg: all.last)
            }
            if page.isEmpty { return all }
            all += page
        }
    }

    /// Every message of a legacy history (`getLocalMessage`, or `getMessage`), paged `size` at a time.
    private func legacyHistory(_ conversation: TIMConversation, local: Bool, size: Int32) async throws -> [TIMMessage] {
        var all: [TIMMessage] = []
        while true {
            let last = all.last
            let page: [Any] = try await callValue { succ, fail in
                if local {
                    conversation.getLocalMessage(size, last: last, succ: succ, fail: fail)
                } else {
                    conversation.getMessage(size, last: last, succ: succ, fail: fail)
                }
            }
            let messages = page.compactMap { $0 as? TIMMessage }
            if messages.isEmpty { return all }
            all += messages
        }
    }

    private func text(_ message: TIMMessage) -> String { (message.getElem(0) as? TIMTextElem)?.text ?? "" }

    func test_history_pagesFromTheDatabase_acrossTheCacheBound_afterARestart_throughV2AndLegacy() async throws {
        try await start(cacheLimit: 4)
        var sent: [String: [String]] = [:]
        for index in 0..<15 {
            let text = "a\(index)"
            try server.sendText(text, from: "a", toUser: "me")
            sent["a", default: []].append(text)
            if index < 12 {
                try server.sendText("b\(index)", from: "b", toUser: "me")
                sent["b", default: []].append("b\(index)")
            }
            if index < 10 {
                try server.sendText("g\(index)", from: index.isMultiple(of: 2) ? "a" : "b", toGroup: "g")
                sent["g", default: []].append("g\(index)")
            }
            await session.settle()
            XCTAssertLessThanOrEqual(inMemory.messages, 4, "after \(index + 1) rounds")
        }

        // A restart: a new SDK instance over the same directory, logged in, then offline.
        try await start(cacheLimit: 4)
        try await goOffline()
        for (userID, expected) in [("a", sent["a"]!), ("b", sent["b"]!)] {
            let v2 = try await v2History(userID, size: 4)
            XCTAssertEqual(v2.map { $0.textElem?.text ?? "" }, expected.reversed(), "V2 \(userID), offline: the database")
            XCTAssertEqual(v2.map(\.seq), (1...UInt64(expected.count)).reversed().map { $0 })
        }
        let group = try await v2History(nil, group: "g", size: 3)
        XCTAssertEqual(group.map { $0.textElem?.text ?? "" }, sent["g"]!.reversed(), "V2 group, offline")
        let manager: TIMManager = TIMManager.sharedInstance()
        for (receiver, type, expected) in [("a", TIMConversationType.C2C, sent["a"]!), ("g", .GROUP, sent["g"]!)] {
            let conversation = try XCTUnwrap(manager.getConversation(type, receiver: receiver))
            let local = try await legacyHistory(conversation, local: true, size: 4)
            XCTAssertEqual(local.map(text), expected.reversed(), "legacy getLocalMessage \(receiver)")
            let offline = try await legacyHistory(conversation, local: false, size: 5)
            XCTAssertEqual(offline.map(text), expected.reversed(), "legacy getMessage \(receiver), offline")
        }
        XCTAssertLessThanOrEqual(inMemory.messages, 4, "reading pages holds nothing more")
        let found = try await session.manager.findMessages(messageIDList: [group[5].msgID, "missing"])
        XCTAssertEqual(found.map(\.msgID), [group[5].msgID], "found by ID in the database")
        let total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 37, "every message still unread")
        session.checkInvariants()
    }

    func test_messagesNoLongerInMemory_areRevokedDeletedAndRead_throughBothAPIs() async throws {
        try await start(cacheLimit: 2)
        let manager = session.manager
        var mine: [V2TIMMessage] = []
        for index in 0..<4 {
            let message = manager.createTextMessage(text: "mine \(index)")!
            _ = try await manager.sendMessage(message: message, receiver: "a", groupID: nil)
            mine.append(message)
        }
        for index in 0..<6 { try server.sendText("theirs \(index)", from: "a", toUser: "me") }
        await session.settle()
        XCTAssertLessThanOrEqual(inMemory.messages, 2)
        XCTAssertLessThanOrEqual(inMemory.cached, inMemory.limit)

        // Revoke my first message, long written and forgotten by memory.
        try await manager.revokeMessage(msg: mine[0])
        XCTAssertEqual(mine[0].status, .MSG_STATUS_LOCAL_REVOKED)
        // Delete the peer's first message here, and the second here and in the cloud.
        let theirs = try await manager.getC2CHistoryMessageList(userID: "a", count: 6, lastMsg: nil).reversed().map { $0 }
        XCTAssertEqual(theirs.map { $0.textElem?.text ?? "" }, (0..<6).map { "theirs \($0)" })
        try await manager.deleteMessageFromLocalStorage(msg: theirs[0])
        try await manager.deleteMessages(msgList: [theirs[1]])
        var conversation = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(conversation.unreadCount, 4, "the deleted ones no longer count")

        // Read up to the peer's fourth message (the legacy read of one message), recounted from the database.
        let legacy = try XCTUnwrap(TIMManager.sharedInstance().getConversation(.C2C, receiver: "a"))
        let local = try await legacyHistory(legacy, local: true, size: 3)
        XCTAssertEqual(local.map(text), ["theirs 5", "theirs 4", "theirs 3", "theirs 2", "mine 3", "mine 2", "mine 1", "mine 0"])
        XCTAssertEqual(local.last?.status(), .MSG_STATUS_LOCAL_REVOKED, "revoked, from the database")
        try await call { legacy.setReadMessage(local[2], succ: $0, fail: $1) }
        XCTAssertEqual(legacy.getUnReadMessageNum(), 2)
        conversation = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(conversation.unreadCount, 2)
        // The legacy removal of another message no longer in memory.
        XCTAssertTrue(local[3].remove())
        XCTAssertEqual(legacy.getUnReadMessageNum(), 2, "a read message leaves no count behind")
        let afterRemoval = try await legacyHistory(legacy, local: true, size: 10)
        XCTAssertEqual(afterRemoval.map(text), ["theirs 5", "theirs 4", "theirs 3", "mine 3", "mine 2", "mine 1", "mine 0"])

        // As the server and a restart see it.
        let history = try await manager.getC2CHistoryMessageList(userID: "a", count: 20, lastMsg: nil)
        XCTAssertEqual(history.map { $0.textElem?.text ?? "" },
                       ["theirs 5", "theirs 4", "theirs 3", "mine 3", "mine 2", "mine 1", "mine 0"])
        XCTAssertEqual(history.last?.status, .MSG_STATUS_LOCAL_REVOKED)
        try await start(cacheLimit: 2)
        conversation = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(conversation.unreadCount, 2)
        try await goOffline()
        let offline = try await manager.getC2CHistoryMessageList(userID: "a", count: 20, lastMsg: nil)
        XCTAssertEqual(offline.map { $0.textElem?.text ?? "" }, history.map { $0.textElem?.text ?? "" })
        session.checkInvariants()
    }
    /// The code a call failed with (-1 when it did not fail).
    private func failureCode(_ body: () async throws -> Void) async -> Int32 {
        do {
            try await body()
            return -1
        } catch {
            return (error as? V2TIMError)?.code ?? -2
        }
    }

    /// Reads of messages held only in the database, when it cannot be read (a damaged page, an I/O
    /// error: `.unreadable`), fail with 6019 through both APIs, online and offline, instead of
    /// answering with the few messages memory holds; the session keeps its database (a read decides
    /// nothing it stores): no sync failure, the same reads answer in full once it can be read again,
    /// and the next message is written to it.
    func test_readsOfMessagesTheDatabaseCannotGive_fail6019_throughBothAPIs_andTheSessionKeepsItsDatabase() async throws {
        try await start(cacheLimit: 2)
        let manager = session.manager
        for index in 0..<6 { try server.sendText("a\(index)", from: "a", toUser: "me") }
        await session.settle()
        XCTAssertLessThanOrEqual(inMemory.messages, 2, "most messages are in the database only")
        let expected = (0..<6).reversed().map { "a\($0)" }
        let history = try await manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(history.map { $0.textElem?.text ?? "" }, expected)
        let oldest = try XCTUnwrap(history.last?.msgID)
        let legacy = try XCTUnwrap(TIMManager.sharedInstance().getConversation(.C2C, receiver: "a"))
        let before = try await legacyHistory(legacy, local: true, size: 10)
        let locator = try XCTUnwrap(before.last?.locator())
        for _ in 0..<500 where !client.read({ $0.isComplete }) { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertTrue(client.read { $0.isComplete }, "warm: the fault hits message reads only, not the list's")
        session.recorder.clear()

        manager.session.injectStorageFaultForTesting(.unreadable)
        var codes: [String: Int32] = [:]
        codes["V2 history, online"] = await failureCode {
            _ = try await manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        }
        codes["V2 findMessages"] = await failureCode { _ = try await manager.findMessages(messageIDList: [oldest]) }
        var returned: Int32 = 0
        codes["legacy getLocalMessage"] = await failureCode {
            let _: [Any] = try await callValue { succ, fail in returned = legacy.getLocalMessage(10, last: nil, succ: succ, fail: fail) }
        }
        XCTAssertEqual(returned, 6019, "getLocalMessage returns the code too")
        codes["legacy findMessages"] = await failureCode {
            let _: [Any] = try await callValue { succ, fail in returned = legacy.findMessages([locator], succ: succ, fail: fail) }
        }
        XCTAssertEqual(returned, 6019, "findMessages returns the code too")
        XCTAssertEqual(legacy.getLastMsgs(10)?.count, 0, "no code to return: nothing rather than a part")

        manager.session.injectStorageFaultForTesting(nil)
        let online = try await manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(online.map { $0.textElem?.text ?? "" }, expected, "the same read, in full once readable")
        let local = try await legacyHistory(legacy, local: true, size: 4)
        XCTAssertEqual(local.map(text), expected)
        let found = try await manager.findMessages(messageIDList: [oldest])
        XCTAssertEqual(found.map(\.msgID), [oldest])
        XCTAssertEqual(legacy.getLastMsgs(2)?.count, 2)
        try server.sendText("a6", from: "a", toUser: "me")
        let database = ConversationDatabase.path(directory: directory.path, appID: 1_400_000_001, userID: "me")
        var stored: UInt64 = 0
        for _ in 0..<500 {
            stored = try ConversationDatabase.open(at: database, logger: .silent, verifying: false)
                .allConversations().first { $0.id == .c2c("a") }?.lastSeq ?? 0
            if stored == 7 { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertEqual(stored, 7, "the next message is written to the database")
        XCTAssertFalse(session.recorder.events.contains(.syncFailed), "the session kept its database")

        try await goOffline()
        manager.session.injectStorageFaultForTesting(.unreadable)
        codes["V2 history, offline"] = await failureCode {
            _ = try await manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        }
        codes["legacy getMessage, offline"] = await failureCode {
            let _: [Any] = try await callValue { succ, fail in legacy.getMessage(10, last: nil, succ: succ, fail: fail) }
        }
        XCTAssertEqual(codes, codes.mapValues { _ in 6019 }, "every read fails with ERR_DATABASE_OPERATE_FAILED")
        XCTAssertEqual(codes.count, 6)
        manager.session.injectStorageFaultForTesting(nil)
        let offline = try await manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(offline.map { $0.textElem?.text ?? "" }, ["a6"] + expected,
                       "offline, in full once readable: still from the database (memory holds 2)")
        session.checkInvariants()
    }
}
