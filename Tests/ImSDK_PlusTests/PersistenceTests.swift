import IMSQLite
import XCTest
import IMCore
import IMReferenceServer
import IMTestSupport
import ImSDK
@testable import ImSDK_Plus

/// The local store on disk, through the public APIs: a restart loses nothing.
final class PersistenceTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: V2TestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "persistence")
    }

    override func tearDown() {
        session?.tearDown()
        session = nil
        TIMManager.sharedInstance().unInit()
        directory?.remove()
        super.tearDown()
    }

    private var storage: V2TIMStorage { .disk(directory: directory.path) }

    private func databasePath(_ userID: String) -> String {
        ConversationDatabase.path(directory: directory.path, appID: 1_400_000_001, userID: userID)
    }

    /// Everything the list shows of each conversation, in list order.
    private func snapshot() async throws -> [String] {
        try await session.walk().list.map { c in
            [c.conversationID, "unread \(c.unreadCount)", "pinned \(c.isPinned)", "draft \(c.draftText ?? "-")",
             "recv \(c.recvOpt.rawValue)", "last \(c.lastMessage?.textElem?.text ?? "-")/\(c.lastMessage?.seq ?? 0)",
             "key \(c.orderKey)", "read \(c.groupReadSequence)/\(c.c2cReadTimestamp)",
             "marks \((c.markList ?? []).map(\.uint64Value))", "at \((c.groupAtInfolist ?? []).map(\.seq))",
             "name \(c.showName ?? "-")"].joined(separator: " ")
        }
    }

    /// Logs out and logs in again against the same server, which changed nothing meanwhile: its
    /// incremental sync brings nothing (checked), so whatever the list shows came from the local
    /// database. (An emptied server would be another epoch: the store would rebuild from it, see
    /// `ServerEpochTests`.)
    private func restartAgainstTheSameServer() async throws {
        let version = try session.server.version(of: "me")
        try await session.manager.logout()
        try await session.manager.login(userID: "me", userSig: "sig")
        XCTAssertEqual(try session.server.version(of: "me"), version, "nothing changed on the server")
        XCTAssertEqual(session.manager.currentClient?.read { $0.syncVersion }, version, "the sync brought nothing")
    }

    func test_aSyncThatBroughtOnlyANewerVersion_isStored_soTheNextLoginAnnouncesWhatCameMeanwhile() async throws {
        // The user has no conversations: the login's sync brings a version and nothing else.
        session = try await V2TestSession(peers: ["a"], storage: storage)
        await session.settle()
        let synced = try XCTUnwrap(session.manager.currentClient?.read { $0.syncVersion })
        XCTAssertGreaterThan(synced, 0)
        try await session.manager.logout()
        let stored = try ConversationDatabase.open(at: databasePath("me"), logger: .silent).loadCounters()?.syncVersion
        XCTAssertEqual(stored, synced, "the version alone is worth storing")

        // Messages while logged out come with the next login's incremental sync, announced.
        try session.server.sendText("while away", from: "a", toUser: "me")
        try await session.manager.login(userID: "me", userSig: "sig")
        await session.settle()
        XCTAssertEqual(session.recorder.received.map(\.text), ["while away"], "heard once, as new")
    }

    func test_restart_restoresConversationsOrderUnreadCursorsPinsDraftsOptionsAndLastMessages() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c", "other"], storage: storage)
        let server = session.server
        try server.setFriendRemark(owner: "me", friend: "a", remark: "Alice")
        try server.createGroup("g", name: "Group", faceURL: nil, members: ["me", "a", "b"])
        for index in 0..<4 { try server.sendText("a\(index)", from: "a", toUser: "me") }
        try server.sendText("b0", from: "b", toUser: "me")
        let atMe = try server.sendText("@me", from: "b", toGroup: "g", atUserIDs: ["me"])
        try server.sendText("g1", from: "a", toGroup: "g")
        try server.sendText("c0", from: "c", toUser: "me")
        await session.settle()
        let manager = session.manager
        try await manager.cleanConversationUnreadMessageCount(conversationID: "group_g", cleanTimestamp: 0, cleanSequence: atMe - 1)
        try await call { manager.markC2CMessage(asRead: "b", succ: $0, fail: $1) }
        try await manager.pinConversation(conversationID: "c2c_b", isPinned: true)
        try await manager.setConversationDraft(conversationID: "c2c_c", draftText: "unfinished")
        try await manager.setGroupReceiveMessageOpt(groupID: "g", opt: .RECEIVE_NOT_NOTIFY_MESSAGE)
        _ = try await manager.sendMessage(message: manager.createTextMessage(text: "mine"), receiver: "other", groupID: nil)
        try await call { succ, fail in
            manager.markConversation(conversationIDList: ["c2c_a"], markType: NSNumber(value: UInt64(1) << 40),
                                     enableMark: true, succ: { _ in succ() }, fail: fail)
        }
        let before = try await snapshot()
        let totalBefore = try await manager.getTotalUnreadMessageCount()
        XCTAssertEqual(before.count, 5)

        try await restartAgainstTheSameServer()
        let after = try await snapshot()
        let totalAfter = try await manager.getTotalUnreadMessageCount()
        XCTAssertEqual(after, before)
        XCTAssertEqual(totalAfter, totalBefore)
        session.checkInvariants()
    }

    func test_restart_throughTheLegacyAPI_keepsDraftsSystemConversationAndKeptMessages() async throws {
        // `TIMSdkConfig.dbPath` is this test's directory from the first login on: nothing is
        // written to the user's data directory.
        let legacy = try await LegacyTestSession(peers: ["a"], databaseDirectory: directory.path) { config in
            config.disableStorage = false
            config.disableAutoReport = true
        }
        defer { legacy.tearDown() }
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginUser(), "me")
        try legacy.server.sendText("old", from: "a", toUser: "me")
        try legacy.server.sendText("new", from: "a", toUser: "me")
        await legacy.settle()
        let system = legacy.manager.getConversation(.SYSTEM, receiver: "")!
        let draft = TIMMessageDraft()
        let text = TIMTextElem()
        text.text = "note"
        draft.add(text)
        XCTAssertEqual(system.setDraft(draft), 0)
        let a = legacy.manager.getConversation(.C2C, receiver: "a")!
        let newest = a.getLastMsg()!
        try await call { a.setReadMessage(newest, succ: $0, fail: $1) }
        XCTAssertTrue(legacy.manager.deleteConversation(.C2C, receiver: "a"))
        let before = legacy.receivers()

        // The SYSTEM conversation, drafts and kept messages exist only on this device: what comes
        // back after the restart came from the database.
        try await legacy.logout()
        try await legacy.login()
        XCTAssertEqual(legacy.receivers(), before)
        XCTAssertEqual((legacy.manager.getConversation(.SYSTEM, receiver: "").getDraft()?.getElem(0) as? TIMTextElem)?.text, "note")
        try legacy.server.sendText("after", from: "a", toUser: "me")
        await legacy.settle()
        let revived = legacy.manager.getConversation(.C2C, receiver: "a")!
        XCTAssertEqual(revived.getUnReadMessageNum(), 1)
        let local: [String] = try await withCheckedThrowingContinuation { continuation in
            revived.getLocalMessage(10, last: nil, succ: { list in
                continuation.resume(returning: (list ?? []).compactMap { (($0 as? TIMMessage)?.getElem(0) as? TIMTextElem)?.text })
            }, fail: { code, desc in continuation.resume(throwing: V2TIMError(code: code, desc: desc ?? "")) })
        }
        XCTAssertEqual(local, ["after", "new", "old"], "kept messages survive the restart")
    }

    /// A logout closes the database at once: its write-ahead log is folded into the file and gone,
    /// so the file alone holds everything (an app may copy it, a test may damage it).
    func test_logout_closesTheDatabase_foldingItsLogIntoTheFile() async throws {
        session = try await V2TestSession(peers: ["a", "b"], storage: storage)
        for index in 0..<50 { try session.server.sendText("m\(index)", from: index % 2 == 0 ? "a" : "b", toUser: "me") }
        await session.settle()
        XCTAssertTrue(FileManager.default.fileExists(atPath: databasePath("me") + "-wal"), "open: the log is in use")
        // Work still queued may hold the stopped client a while (here: the test): the database
        // closes with the logout all the same.
        let client = try XCTUnwrap(session.manager.currentClient)
        try await session.manager.logout()
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath("me") + "-wal"), "closed by the logout")
        withExtendedLifetime(client) {}
        try await session.manager.login(userID: "me", userSig: "sig")
        let list = try await session.walk().list
        XCTAssertEqual(list.map(\.unreadCount), [25, 25])
    }

    func test_eachUserHasTheirOwnDatabase() async throws {
        session = try await V2TestSession(peers: ["a", "other"], storage: storage)
        try session.server.sendText("for me", from: "a", toUser: "me")
        await session.settle()
        try await session.manager.setConversationDraft(conversationID: "c2c_a", draftText: "mine only")
        try await session.manager.logout()
        try await session.manager.login(userID: "other", userSig: "sig")
        let otherList = try await session.walk().list
        XCTAssertEqual(otherList.map(\.conversationID), [], "the other user sees nothing of mine")
        try await session.manager.logout()
        try await session.manager.login(userID: "me", userSig: "sig")
        let mine = try await session.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(mine.draftText, "mine only")
        XCTAssertNotEqual(databasePath("me"), databasePath("other"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: databasePath("me")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: databasePath("other")))
        let permissions = try FileManager.default.attributesOfItem(atPath: databasePath("me"))[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o600)
    }

    func test_aGarbageDatabase_isMovedAside_reported_andTheStoreResyncsFromTheServer() async throws {
        let server = IMReferenceServer()
        for user in ["me", "a"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        try server.sendText("hello", from: "a", toUser: "me")
        let path = databasePath("me")
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: path))

        session = try await V2TestSession(server: server, storage: storage)
        await session.settle()
        XCTAssertTrue(session.recorder.events.contains(.syncFailed), "the corrupt file is reported")
        let list = try await session.walk().list
        XCTAssertEqual(list.map(\.conversationID), ["c2c_a"])
        XCTAssertEqual(list.first?.unreadCount, 1)
        let moved = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".corrupt-") }
        XCTAssertFalse(moved.isEmpty, "the garbage is kept aside, not deleted")
    }

    func test_aZeroByteDatabase_isReportedAsDamaged_movedAside_andTheStoreResyncsFromTheServer() async throws {
        session = try await V2TestSession(peers: ["a"], storage: storage)
        try session.server.sendText("hello", from: "a", toUser: "me")
        await session.settle()
        try await session.manager.logout()
        // The file lost its content (a truncation, a backup restore that copied nothing).
        let path = databasePath("me")
        ConversationDatabase.removeFiles(at: path)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))

        session.recorder.clear()
        try await session.manager.login(userID: "me", userSig: "sig")
        await session.settle()
        XCTAssertTrue(session.recorder.events.contains(.syncFailed), "the empty file is reported as damage")
        let moved = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".corrupt-") }
        XCTAssertEqual(moved.count, 1, "the empty file is kept aside: \(moved)")
        let list = try await session.walk().list
        XCTAssertEqual(list.map(\.conversationID), ["c2c_a"])
        XCTAssertEqual(list.first?.unreadCount, 1)
    }

    func test_aLoginTheServerRefuses_leavesNoDatabase_butKeepsAnExistingOne() async throws {
        session = try await V2TestSession(peers: ["a"], storage: storage)
        try await session.manager.logout()
        // An unknown user (the server refuses the connection), and me with a signature it refuses.
        for (user, signature) in [("ghost", "sig"), ("me", "")] {
            let existed = FileManager.default.fileExists(atPath: databasePath(user))
            do {
                try await session.manager.login(userID: user, userSig: signature)
                XCTFail("\(user): the login must fail")
            } catch {}
            XCTAssertEqual(FileManager.default.fileExists(atPath: databasePath(user)), existed, user)
            XCTAssertEqual(session.manager.getLoginStatus(), .STATUS_LOGOUT)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: databasePath("me")), "my data stays")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath("ghost") + "-wal"))
        try await session.manager.login(userID: "me", userSig: "sig")
        XCTAssertEqual(session.manager.getLoginStatus(), .STATUS_LOGINED)
    }

    func test_aDatabaseOfANewerSchema_failsTheLoginClearly_andIsLeftAlone() async throws {
        session = try await V2TestSession(peers: ["a"], storage: storage)
        try await session.manager.logout()
        let path = databasePath("me")
        do {
            let connection = try SQLiteConnection(path: path)
            try connection.execute("PRAGMA user_version = 999")
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            try await session.manager.login(userID: "me", userSig: "sig")
            XCTFail("a newer schema must not be opened")
        } catch let error as V2TIMError {
            XCTAssertEqual(error.code, 6019)
            XCTAssertTrue(error.desc.contains("999"), error.desc)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes, "not wiped, not migrated")
        XCTAssertEqual(session.manager.getLoginStatus(), .STATUS_LOGOUT)
    }
}

/// Cold start: after a login, the first page and the total come from the database while the store
/// has loaded almost nothing.
final class ColdStartTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: V2TestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "cold")
    }

    override func tearDown() {
        session?.tearDown()
        session = nil
        directory?.remove()
        super.tearDown()
    }

    private var isComplete: Bool { session.manager.currentClient!.read { $0.isComplete } }

    func test_coldLogin_servesTheFirstPageAndTotalFromTheDatabase_withoutLoadingEverything() async throws {
        let peers = (0..<120).map { "p\($0)" }
        session = try await V2TestSession(peers: peers, storage: .disk(directory: directory.path))
        for (index, peer) in peers.enumerated() {
            for _ in 0...(index % 3) { try session.server.sendText("hi", from: peer, toUser: "me") }
        }
        await session.settle()
        try await session.manager.pinConversation(conversationID: "c2c_p7", isPinned: true)
        let warmWalk = try await session.walk(pageSize: 50)
        let warmTotal = try await session.manager.getTotalUnreadMessageCount()

        try await session.manager.logout()
        session.manager.session.setWarmsUpInBackground(false)
        try await session.manager.login(userID: "me", userSig: "sig")
        XCTAssertFalse(isComplete, "the login did not load every conversation")
        let firstPage = try await session.manager.getConversationList(nextSeq: 0, count: 50)
        let total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertFalse(isComplete, "nor did the first page or the total")
        XCTAssertEqual(firstPage.conversationList.map(\.conversationID), warmWalk.list.prefix(50).map(\.conversationID))
        XCTAssertEqual(firstPage.conversationList.map(\.unreadCount), warmWalk.list.prefix(50).map(\.unreadCount))
        XCTAssertFalse(firstPage.isFinished)
        XCTAssertEqual(total, warmTotal)

        // A change while cold: a conversation deep in the list gets a message and moves up.
        try session.server.sendText("again", from: "p0", toUser: "me")
        await session.settle()
        let coldWalk = try await session.walk(pageSize: 50)
        XCTAssertFalse(isComplete)
        XCTAssertEqual(coldWalk.list.count, 120)
        XCTAssertEqual(coldWalk.list.prefix(2).map(\.conversationID), ["c2c_p7", "c2c_p0"])
        let coldTotal = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(coldTotal, warmTotal + 1)

        // Reading everything needs the whole store: it completes, and the recount agrees.
        try await call { self.session.manager.markAllMessage(asRead: $0, fail: $1) }
        XCTAssertTrue(isComplete)
        session.checkInvariants()
        let afterRead = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(afterRead, 0)
    }

    func test_backgroundWarmUp_completesTheStore_andKeepsChangesMadeWhileCold() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c"], storage: .disk(directory: directory.path))
        for peer in ["a", "b", "c"] { try session.server.sendText("x", from: peer, toUser: "me") }
        await session.settle()
        try await session.manager.logout()
        try await session.manager.login(userID: "me", userSig: "sig")
        try await session.manager.setConversationDraft(conversationID: "c2c_a", draftText: "while warming")
        for _ in 0..<200 where !isComplete { try await Task.sleep(nanoseconds: 5_000_000) }
        XCTAssertTrue(isComplete, "the background warm-up finished")
        session.checkInvariants()
        let list = try await session.walk().list
        XCTAssertEqual(list.map(\.conversationID), ["c2c_a", "c2c_c", "c2c_b"])
        XCTAssertEqual(list.first?.draftText, "while warming")
    }
}

/// A database whose pages are damaged after it was written: found by the warm-up, reported, moved aside.
final class DamagedDatabaseTests: XCTestCase {
    func test_aDamagedPage_isFoundByTheWarmUp_reported_andTheNextLoginStartsFresh() async throws {
        let directory = try TemporaryDirectory(prefix: "damaged")
        defer { directory.remove() }
        let peers = (0..<150).map { "p\($0)" }
        let session = try await V2TestSession(peers: peers, storage: .disk(directory: directory.path))
        defer { session.tearDown() }
        for peer in peers { try session.server.sendText(String(repeating: "x", count: 200), from: peer, toUser: "me") }
        await session.settle()
        try await session.manager.logout()
        let path = ConversationDatabase.path(directory: directory.path, appID: 1_400_000_001, userID: "me")
        // No free pages (the folded batch log's), so the page damaged below holds rows.
        try ConversationDatabase.open(at: path, logger: .silent).connection.execute("VACUUM")
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        XCTAssertGreaterThan(size, 8 * 4096, "enough pages to damage one in the middle")
        let file = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try file.seek(toOffset: UInt64(size / 2 / 4096 * 4096))
        file.write(Data(repeating: 0xA5, count: 4096))
        try file.close()

        session.recorder.clear()
        try await session.manager.login(userID: "me", userSig: "sig")
        for _ in 0..<400 where !session.recorder.events.contains(.syncFailed) {
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        XCTAssertTrue(session.recorder.events.contains(.syncFailed), "the damage is reported")
        let moved = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".corrupt-") }
        XCTAssertFalse(moved.isEmpty, "the damaged file is moved aside")
        // The session resyncs from scratch after dropping the database.
        var total: UInt64 = 0
        for _ in 0..<400 {
            total = try await session.manager.getTotalUnreadMessageCount()
            if total == 100 { break }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        XCTAssertEqual(total, 100, "the session goes on with the server's cloud list (its 100 most recent)")

        try await session.manager.logout()
        try await session.manager.login(userID: "me", userSig: "sig")
        let list = try await session.walk().list
        XCTAssertEqual(list.count, 100, "the next login starts fresh and resyncs the cloud list")
        session.checkInvariants()
    }
}
