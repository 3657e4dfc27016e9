import XCTest
import IMCore
import IMReferenceServer
import IMTransportKit
import IMTestSupport
@testable import ImSDK_Plus

/// A disk that fills up, turns read-only or cannot be read under a logged-in session, through the
/// public V2 API: calls that change something fail with 6022 while their change stands, the
/// session reports it, and nothing is lost once the disk recovers (faults injected with
/// `IMSession.injectStorageFaultForTesting`: SQLite's own full-disk, read-only and denied-read errors).
final class StorageFailureTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: V2TestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "storage-failure")
    }

    override func tearDown() {
        session?.manager.session.injectStorageFaultForTesting(nil)
        session?.manager.session.setWarmsUpInBackground(true)
        session?.tearDown()
        session = nil
        directory?.remove()
        super.tearDown()
    }

    private var storage: V2TIMStorage { .disk(directory: directory.path) }
    private var manager: V2TIMManager { session.manager }

    private func databasePath(_ userID: String = "me") -> String {
        ConversationDatabase.path(directory: directory.path, appID: 1_400_000_001, userID: userID)
    }

    private func inject(_ fault: StorageFault?) {
        manager.session.injectStorageFaultForTesting(fault)
    }

    /// What the database file holds now, read through a connection of the test's own.
    private func stored() throws -> (conversations: [Conversation], syncVersion: UInt64) {
        let database = try ConversationDatabase.open(at: databasePath(), logger: .silent, verifying: false)
        return (try database.allConversations(), try database.loadCounters()?.syncVersion ?? 0)
    }

    private func storedConversation(_ id: ConversationID) throws -> Conversation? {
        try stored().conversations.first { $0.id == id }
    }

    /// Polls `condition` every 10 ms for up to 5 s.
    private func eventually(_ condition: () throws -> Bool) throws -> Bool {
        for _ in 0..<500 {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return try condition()
    }

    private func failure(_ body: () async throws -> Void) async -> V2TIMError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? V2TIMError ?? V2TIMError(code: -1, desc: "\(error)")
        }
    }

    private var syncFailures: Int { session.recorder.events.filter { $0 == .syncFailed }.count }

    /// A text larger than a database page: storing it needs new pages, which a full disk refuses.
    private static func large(_ tag: String) -> String { tag + String(repeating: ".", count: 9_000) }

    // MARK: - Full disk

    func test_fullDisk_setConversationDraftFails6022_reportedOnce_theDraftStands_andTheRetryWritesItOnceTheDiskRecovers() async throws {
        session = try await V2TestSession(peers: ["a"], storage: storage)
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        session.recorder.clear()

        inject(.diskFull)
        let first = await failure {
            try await self.manager.setConversationDraft(conversationID: "c2c_a", draftText: Self.large("one"))
        }
        XCTAssertEqual(first?.code, 6022)
        XCTAssertEqual(first?.code, V2TIMErrorCode.ERR_IO_OPERATION_FAILED)
        XCTAssertEqual(first?.code, ERR_IO_OPERATION_FAILED.rawValue)
        XCTAssertTrue(first?.desc.contains("full") == true, first?.desc ?? "")
        let second = await failure {
            try await self.manager.setConversationDraft(conversationID: "c2c_a", draftText: Self.large("two"))
        }
        XCTAssertEqual(second?.code, 6022, "the change waits behind the unwritten one")
        await session.settle()

        XCTAssertEqual(syncFailures, 1, "one report per failure episode")
        XCTAssertEqual(session.recorder.lastAnnounced("c2c_a")?.draftText, Self.large("two"), "listeners were told")
        let shown = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(shown.draftText, Self.large("two"), "the draft stands")
        XCTAssertNil(try storedConversation(.c2c("a"))?.draft, "but it is not on disk")

        inject(nil)
        XCTAssertTrue(try eventually { try storedConversation(.c2c("a"))?.draft?.text == Self.large("two") },
                      "the retry writes it with no new change")
        XCTAssertEqual(syncFailures, 1)
        try await manager.setConversationDraft(conversationID: "c2c_a", draftText: "three")

        try await manager.logout()
        try await manager.login(userID: "me", userSig: "sig")
        let restored = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(restored.draftText, "three")
        session.checkInvariants()
    }

    /// Issue #14: messages arrive while the disk is full, then a batch of another conversation
    /// succeeds; before, it stored a sync version past the lost messages, and after a restart the
    /// device showed 1 unread while the server had 11, with no failure reported.
    func test_briefFullDisk_thenASuccessfulBatch_storesTheMessagesTooAndARestartShowsTheServersUnread() async throws {
        session = try await V2TestSession(peers: ["a", "b"], storage: storage)
        let server = session.server
        try server.sendText("first", from: "a", toUser: "me")
        await session.settle()
        let versionBefore = try stored().syncVersion
        session.recorder.clear()

        inject(.diskFull)
        for index in 0..<10 { try server.sendText(Self.large("m\(index)"), from: "a", toUser: "me") }
        await session.settle()
        let shown = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(shown.unreadCount, 11, "shown at once")
        XCTAssertEqual(try storedConversation(.c2c("a"))?.unreadCount, 1, "not on disk")
        XCTAssertEqual(try stored().syncVersion, versionBefore)
        XCTAssertEqual(syncFailures, 1, "the failure is reported (onSyncServerFailed)")

        inject(nil)
        try server.sendText("after", from: "b", toUser: "me")
        await session.settle()
        XCTAssertTrue(try eventually { try storedConversation(.c2c("a"))?.unreadCount == 11 })
        XCTAssertEqual(try storedConversation(.c2c("b"))?.unreadCount, 1)

        try await manager.logout()
        try await manager.login(userID: "me", userSig: "sig")
        await session.settle()
        let restored = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(restored.unreadCount, 11)
        let device = try await CloudSummary.device(session)
        let cloud = try await CloudSummary.server(server, userID: "me")
        XCTAssertEqual(device, cloud)
    }

    func test_diskFullUntilLogout_theStoredVersionStaysBehindTheLostMessages_andTheNextLoginSyncsThemBack() async throws {
        session = try await V2TestSession(peers: ["a", "b"], storage: storage)
        let server = session.server
        try server.sendText("first", from: "a", toUser: "me")
        await session.settle()
        let versionBefore = try stored().syncVersion

        inject(.diskFull)
        for index in 0..<10 { try server.sendText(Self.large("m\(index)"), from: "a", toUser: "me") }
        // Small changes that would fit alone: each write carries the lost messages, and fails.
        try server.sendText("small", from: "b", toUser: "me")
        await session.settle()
        let draft = await failure { try await self.manager.setConversationDraft(conversationID: "c2c_b", draftText: "x") }
        XCTAssertEqual(draft?.code, 6022)
        XCTAssertEqual(try stored().syncVersion, versionBefore, "the stored version never passes an unwritten change")
        XCTAssertNil(try storedConversation(.c2c("b")))

        // Logged out while the disk is still full: the unwritten changes are lost here...
        try await manager.logout()
        XCTAssertEqual(try stored().syncVersion, versionBefore)
        inject(nil)
        // ...and the next login's sync brings back what the server has.
        try await manager.login(userID: "me", userSig: "sig")
        await session.settle()
        let synced = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(synced.unreadCount, 11)
        let device = try await CloudSummary.device(session)
        let cloud = try await CloudSummary.server(server, userID: "me")
        XCTAssertEqual(device, cloud)
        XCTAssertGreaterThan(try stored().syncVersion, versionBefore)
    }

    /// The bytes of the database file and its WAL, to tell whether a session wrote anything.
    private func fileBytes() throws -> [Data] {
        try [databasePath(), databasePath() + "-wal"].map { path in
            FileManager.default.fileExists(atPath: path) ? try Data(contentsOf: URL(fileURLWithPath: path)) : Data()
        }
    }

    private func assertConverged(file: StaticString = #filePath, line: UInt = #line) async throws {
        let device = try await CloudSummary.device(session)
        let cloud = try await CloudSummary.server(session.server, userID: "me")
        XCTAssertEqual(device, cloud, file: file, line: line)
    }

    /// Walks the list until `isDone` holds for it (a sync that runs on its own brings it), for up to 5 s.
    private func walk(until isDone: ([V2TIMConversation]) -> Bool) async throws -> [V2TIMConversation] {
        var list: [V2TIMConversation] = []
        for _ in 0..<500 {
            await session.settle()
            list = try await session.walk().list
            if isDone(list) { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        return list
    }

    /// Makes the disk unreadable and has `peer` revoke its first message, which the session cannot
    /// read from its database: it drops the database and rebuilds its list from the server. Returns
    /// the list once `peer`'s unread count is `unread` (the revoke counted).
    @discardableResult
    private func dropTheDatabase(
        revokingTheFirstMessageOf peer: String, until unread: Int32, file: StaticString = #filePath, line: UInt = #line
    ) async throws -> [V2TIMConversation] {
        inject(.unreadable)
        _ = try session.server.revokeMessage(seq: 1, from: peer, toUser: "me")
        let list = try await walk { $0.first { $0.conversationID == "c2c_\(peer)" }?.unreadCount == unread }
        XCTAssertEqual(syncFailures, 1, "the database was dropped", file: file, line: line)
        return list
    }

    /// Heals the disk, logs out and in again, and returns the list of the new login.
    private func restartOnAHealthyDisk() async throws -> [V2TIMConversation] {
        inject(nil)
        try await manager.logout()
        try await manager.login(userID: "me", userSig: "sig")
        await session.settle()
        return try await session.walk().list
    }

    /// Heals the disk (no fault) and logs in anew after a session that went on in memory (it
    /// wrote nothing, so the log still holds its batches; `inMemory` false: a session that kept
    /// its database, whose logout folds the log); returns the list of the new login.
    private func recoverAndLogInAgain(
        inMemory: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) async throws -> [V2TIMConversation] {
        inject(nil)
        try await manager.logout()
        if inMemory {
            XCTAssertGreaterThan(try loggedBatches(), 0, "the in-memory session wrote nothing, and folded nothing",
                                 file: file, line: line)
        } else {
            XCTAssertEqual(try loggedBatches(), 0, "the logout folded the log", file: file, line: line)
        }
        try await manager.login(userID: "me", userSig: "sig")
        await session.settle()
        return try await session.walk().list
    }

    /// After a message from a and one from b and a draft on b: a login whose list stays cold (no
    /// warm-up; `tearDown` turns it back on), with two messages from a in the batch log since, each
    /// larger than a page (so that folding them needs new pages, which a full disk refuses).
    private func logInColdWithBatchesInTheLog(file: StaticString = #filePath, line: UInt = #line) async throws {
        let server = session.server
        for peer in ["a", "b"] { try server.sendText("from \(peer)", from: peer, toUser: "me") }
        await session.settle()
        try await manager.setConversationDraft(conversationID: "c2c_b", draftText: "kept")
        try await manager.logout()
        manager.session.setWarmsUpInBackground(false)
        try await manager.login(userID: "me", userSig: "sig")
        for index in 0..<2 { try server.sendText(Self.large("m\(index)"), from: "a", toUser: "me") }
        await session.settle()
        XCTAssertGreaterThan(try loggedBatches(), 0, file: file, line: line)
    }

    private func loggedBatches() throws -> Int {
        try ConversationDatabase.open(at: databasePath(), logger: .silent, verifying: false).loggedCounts().batches
    }

    /// A message from b, three large ones from a and a draft on b, all in the batch log; then the
    /// disk fills, so the logout's fold fails and the log stays, and the next login, which cannot
    /// fold it, goes on in memory. Returns the file's bytes as that login found them.
    private func logInInMemoryOnAFullDisk(file: StaticString = #filePath, line: UInt = #line) async throws -> [Data] {
        // Without the invariant checks, which read the database after every change (and so fold the log).
        session = try await V2TestSession(peers: ["a", "b"], storage: storage, checksInvariants: false)
        let server = session.server
        try server.sendText("first", from: "b", toUser: "me")
        for index in 0..<3 { try server.sendText(Self.large("m\(index)"), from: "a", toUser: "me") }
        await session.settle()
        try await manager.setConversationDraft(conversationID: "c2c_b", draftText: "kept")
        XCTAssertGreaterThan(try loggedBatches(), 0, "single pushes and the draft went to the log", file: file, line: line)

        inject(.diskFull)
        try await manager.logout()
        XCTAssertGreaterThan(try loggedBatches(), 0, file: file, line: line)
        let bytes = try fileBytes()
        session.recorder.clear()
        try await manager.login(userID: "me", userSig: "sig")
        XCTAssertEqual(manager.getLoginStatus(), .STATUS_LOGINED, file: file, line: line)
        await session.settle()
        XCTAssertEqual(syncFailures, 1, "the storage failure is reported once (onSyncServerFailed)", file: file, line: line)
        return bytes
    }

    func test_aLoginOnAFullDisk_whoseBatchLogCannotBeFolded_goesOnInMemoryFromTheServer_andTheNextLoginFoldsIt() async throws {
        let bytes = try await logInInMemoryOnAFullDisk()
        let server = session.server

        // The list and the counts are the server's; a new message arrives as usual.
        try server.sendText("during", from: "b", toUser: "me")
        await session.settle()
        let list = try await session.walk().list
        XCTAssertEqual(list.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(list.map(\.unreadCount), [2, 3])
        let total = try await manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 5)
        try await assertConverged()
        XCTAssertNil(list.first?.draftText, "what lives on this device alone waits in the file")
        XCTAssertEqual(try fileBytes(), bytes, "nothing written this session")

        // Space again: the next login folds the log, and the draft is back. Its sync from the
        // file's version brings "during" again, which the in-memory session heard: not announced.
        XCTAssertEqual(session.recorder.received.compactMap(\.text), ["during"])
        let restored = try await recoverAndLogInAgain()
        XCTAssertEqual(restored.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(restored.map(\.unreadCount), [2, 3])
        XCTAssertEqual(restored.first?.draftText, "kept")
        XCTAssertEqual(session.recorder.received.compactMap(\.text), ["during"], "announced once")
        try await assertConverged()
        try await manager.logout()
        XCTAssertEqual(try loggedBatches(), 0, "folded once the disk had space")
    }

    /// When the file still cannot be read at logout, the changes made after the drop cannot be
    /// recorded: the transaction that records them leaves the file as it was (no part of them),
    /// and the next login shows the file's state.
    func test_changesAfterTheDrop_thatTheFileStillCannotTakeAtLogout_leaveItAsItWas() async throws {
        session = try await V2TestSession(peers: ["a", "b"], storage: storage, checksInvariants: true)
        try await logInWarmOverStoredMessages()
        try await dropTheDatabase(revokingTheFirstMessageOf: "a", until: 1)
        try await manager.setConversationDraft(conversationID: "c2c_a", draftText: "lost")
        try await manager.deleteConversation(conversation: "c2c_b")

        try await manager.logout()
        XCTAssertNotNil(try storedConversation(.c2c("b")), "nothing of the record was written")
        XCTAssertNil(try storedConversation(.c2c("a"))?.draft)
        let restored = try await restartOnAHealthyDisk()
        XCTAssertEqual(restored.map(\.conversationID), ["c2c_b", "c2c_a"], "the file's list")
        XCTAssertEqual(restored.map(\.draftText), [nil, nil])
    }

    /// A session that went on in memory because a full disk refused the fold at login: the draft
    /// the user sets and the conversation the user deletes then are recorded in the file at logout
    /// once the disk has space (the fold first), so the next login shows them.
    func test_aSessionInMemoryOnAFullDisk_recordsItsDraftsAndDeletionsAtLogout_onceTheDiskHasSpace() async throws {
        _ = try await logInInMemoryOnAFullDisk()
        _ = try await walk { $0.count == 2 }
        try await manager.setConversationDraft(conversationID: "c2c_a", draftText: "during")
        try await manager.deleteConversation(conversation: "c2c_b")

        let restored = try await recoverAndLogInAgain(inMemory: false)
        XCTAssertEqual(restored.map(\.conversationID), ["c2c_a"], "b stays deleted, its draft with it")
        XCTAssertEqual(restored.map(\.draftText), ["during"])
        XCTAssertEqual(restored.map(\.unreadCount), [3])
        try await assertConverged()
    }

    /// A cold store whose batch log holds batches, on a full disk that refuses the fold: the first
    /// page cannot come from the sort-key index (its read needs the fold), so the rest of the list
    /// is read from the tables as they are, under what memory holds. The whole list comes at once,
    /// the database stays in use (no rebuild from the server), and c's draft, which lives in the
    /// file alone, is shown.
    func test_aColdStore_whoseBatchLogCannotBeFoldedOnAFullDisk_listsItWholeFromTheTablesAsTheyAre_withoutARebuild() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c"], storage: storage, checksInvariants: false)
        let server = session.server
        for peer in ["a", "b", "c"] { try server.sendText("from \(peer)", from: peer, toUser: "me") }
        await session.settle()
        try await manager.setConversationDraft(conversationID: "c2c_c", draftText: "kept")
        try await manager.logout()
        manager.session.setWarmsUpInBackground(false)
        try await manager.login(userID: "me", userSig: "sig")
        XCTAssertFalse(manager.currentClient!.read { $0.isComplete }, "cold: pages come from the database")
        for index in 0..<2 { try server.sendText(Self.large("m\(index)"), from: "a", toUser: "me") }
        await session.settle()
        XCTAssertGreaterThan(try loggedBatches(), 0)

        inject(.diskFull)
        session.recorder.clear()
        let page = try await manager.getConversationList(nextSeq: 0, count: 10)
        XCTAssertEqual(page.conversationList.map(\.conversationID), ["c2c_a", "c2c_c", "c2c_b"])
        XCTAssertEqual(page.conversationList.map(\.unreadCount), [3, 1, 1])
        XCTAssertEqual(page.conversationList.first { $0.conversationID == "c2c_c" }?.draftText, "kept",
                       "read from the file, not rebuilt from the server")
        XCTAssertTrue(page.isFinished)
        XCTAssertTrue(manager.currentClient!.read { $0.isComplete })
        XCTAssertEqual(syncFailures, 0, "nothing was lost")
        try await assertConverged()

        // The session still writes to the database: with space again, a message reaches the file.
        inject(nil)
        try server.sendText("during", from: "c", toUser: "me")
        await session.settle()
        XCTAssertEqual(try storedConversation(ConversationID(kind: .c2c, target: "c"))?.unreadCount, 2)

        let restored = try await recoverAndLogInAgain(inMemory: false)
        XCTAssertEqual(restored.map(\.conversationID), ["c2c_c", "c2c_a", "c2c_b"])
        XCTAssertEqual(restored.map(\.unreadCount), [2, 3, 1])
        XCTAssertEqual(restored.first?.draftText, "kept")
        try await assertConverged()
    }

    /// On a full disk, a cold store loads a conversation a message arrives in from the tables as
    /// they are (no fold needed): the message counts on top of the stored row, whose draft stays,
    /// with no rebuild from the server; once the disk has space, all of it is on disk.
    func test_onAFullDisk_aColdStore_loadsAConversationAMessageArrivesIn_withoutTheFold_andKeepsItsDatabase() async throws {
        session = try await V2TestSession(peers: ["a", "b"], storage: storage, checksInvariants: false)
        let server = session.server
        try await logInColdWithBatchesInTheLog()

        inject(.diskFull)
        session.recorder.clear()
        try server.sendText("new", from: "b", toUser: "me")
        let list = try await walk { $0.map(\.unreadCount) == [2, 3] }
        XCTAssertEqual(list.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(list.map(\.unreadCount), [2, 3])
        XCTAssertEqual(list.first?.draftText, "kept", "b's stored row, loaded, not rebuilt from the server")
        XCTAssertEqual(syncFailures, 0, "nothing was lost")
        try await assertConverged()

        let restored = try await recoverAndLogInAgain(inMemory: false)
        XCTAssertEqual(restored.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(restored.map(\.unreadCount), [2, 3])
        XCTAssertEqual(restored.first?.draftText, "kept")
        try await assertConverged()
    }

    /// A cold store that cannot read the row of a conversation a message arrives in (a damaged
    /// page, an I/O error: `.unreadable`) does not take it as absent: it writes nothing over it,
    /// stops using the database and rebuilds its list from the server.
    func test_aColdStore_thatCannotLoadAConversationAMessageArrivesIn_writesNothingOverIt_andRebuildsFromTheServer() async throws {
        session = try await V2TestSession(peers: ["a", "b"], storage: storage, checksInvariants: false)
        let server = session.server
        try await logInColdWithBatchesInTheLog()

        // A message for b, whose row the cold store has not loaded and now cannot.
        inject(.unreadable)
        session.recorder.clear()
        try server.sendText("new", from: "b", toUser: "me")
        let list = try await walk { $0.map(\.unreadCount) == [2, 3] }
        XCTAssertEqual(list.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(list.map(\.unreadCount), [2, 3], "the server's counts, not b's first message alone")
        XCTAssertEqual(syncFailures, 1)
        try await assertConverged()
        let bytes = try fileBytes()
        try server.sendText("during", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(try fileBytes(), bytes, "nothing written for the rest of the session")

        // Readable again: b's stored row was never written over, so its draft is there.
        let restored = try await recoverAndLogInAgain()
        XCTAssertEqual(restored.map(\.conversationID), ["c2c_a", "c2c_b"])
        XCTAssertEqual(restored.map(\.unreadCount), [4, 2])
        XCTAssertEqual(restored.last?.draftText, "kept")
        try await assertConverged()
    }

    /// The rebuild is asked for while a sync runs, and that sync then fails: its retry is the rebuild.
    func test_aSyncUnderWayWhenTheDatabaseIsDropped_thatThenFails_isRetriedAsTheRebuild() async throws {
        try await dropTheDatabaseWhileASyncIsUnderWay(then: { $0.failHeld() }, failuresReported: 2)
    }

    /// The rebuild is asked for while a sync runs, which then finishes from where it started: the
    /// rebuild follows it.
    func test_aSyncUnderWayWhenTheDatabaseIsDropped_thatThenFinishes_isFollowedByTheRebuild() async throws {
        try await dropTheDatabaseWhileASyncIsUnderWay(then: { $0.releaseHeld() }, failuresReported: 1)
    }

    /// A cold store whose batch log holds batches; a lost push, revealed by the next one, starts a
    /// sync that waits at the transport; the database turns unreadable, so the first page (the
    /// index, then the rest of the list) cannot be read and drops the database; then `finish` ends
    /// the sync. The list converges to the server's, lost
    /// message and stored draft included, and the file stays as it was until the next login.
    private func dropTheDatabaseWhileASyncIsUnderWay(
        then finish: (HeldSyncTransport) -> Void, failuresReported: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a", "b"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        let held = HeldSyncTransport(wrapping: TestNetwork.transport(to: server))
        let lossy = PushLossTransport(wrapping: held)
        session = try await V2TestSession(server: server, transport: lossy, storage: storage, checksInvariants: false)
        try await logInColdWithBatchesInTheLog(file: file, line: line)

        held.holdSyncs()
        lossy.loseNextPushes(1)
        try server.sendText("lost", from: "a", toUser: "me")
        try server.sendText("after", from: "a", toUser: "me")
        XCTAssertTrue(try eventually { held.heldCount == 1 }, "the gap started a sync", file: file, line: line)

        inject(.unreadable)
        session.recorder.clear()
        _ = try await manager.getConversationList(nextSeq: 0, count: 10)
        XCTAssertEqual(syncFailures, 1, "the dropped database", file: file, line: line)
        let bytes = try fileBytes()
        finish(held)

        let list = try await walk { $0.map(\.unreadCount) == [5, 1] }
        XCTAssertEqual(list.map(\.conversationID), ["c2c_a", "c2c_b"], file: file, line: line)
        XCTAssertEqual(list.map(\.unreadCount), [5, 1], "the lost message too, each counted once", file: file, line: line)
        XCTAssertEqual(syncFailures, failuresReported, file: file, line: line)
        try await assertConverged(file: file, line: line)
        XCTAssertEqual(try fileBytes(), bytes, "nothing written for the rest of the session", file: file, line: line)

        let restored = try await recoverAndLogInAgain(file: file, line: line)
        XCTAssertEqual(restored.map(\.conversationID), ["c2c_a", "c2c_b"], file: file, line: line)
        XCTAssertEqual(restored.map(\.unreadCount), [5, 1], file: file, line: line)
        XCTAssertEqual(restored.last?.draftText, "kept", file: file, line: line)
        try await assertConverged(file: file, line: line)
    }

    /// A warm store whose messages from a are in the database only (a login later), with batches in
    /// the log that the full disk will not let it fold: the stored messages are still read (without
    /// the fold), so the revoke of one counts, history and `findMessages` show it, and all of it is
    /// on disk once the disk recovers.
    func test_onAFullDisk_withBatchesInTheLog_storedMessagesAreStillRead_soARevokeOfOneCounts_andHistoryIsWhole() async throws {
        session = try await V2TestSession(peers: ["a", "b"], storage: storage, checksInvariants: false)
        let server = session.server
        for index in 0..<2 { try server.sendText("m\(index)", from: "a", toUser: "me") }
        await session.settle()
        try await manager.logout()
        try await manager.login(userID: "me", userSig: "sig")
        XCTAssertTrue(try eventually { manager.currentClient!.read { $0.isComplete } }, "warm")
        for index in 0..<3 { try server.sendText(Self.large("to the log \(index)"), from: "b", toUser: "me") }
        await session.settle()
        XCTAssertGreaterThan(try loggedBatches(), 0)
        XCTAssertEqual(manager.currentClient!.read { $0.acceptedMessagesInMemory }, 3, "only b's are in memory")
        // Folding these needs new pages, which the full disk refuses (reading through the log failed).
        inject(.diskFull)

        _ = try server.revokeMessage(seq: 1, from: "a", toUser: "me")
        let list = try await walk { $0.map(\.unreadCount) == [3, 1] }
        XCTAssertEqual(list.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(list.map(\.unreadCount), [3, 1], "the revoked message no longer counts")
        try await assertConverged()
        let history = try await manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(history.map(\.seq), [2, 1])
        XCTAssertEqual(history.map(\.status), [.MSG_STATUS_SEND_SUCC, .MSG_STATUS_LOCAL_REVOKED])
        let found = try await manager.findMessages(messageIDList: history.compactMap(\.msgID))
        XCTAssertEqual(found.map(\.status), [.MSG_STATUS_SEND_SUCC, .MSG_STATUS_LOCAL_REVOKED])

        inject(nil)
        try await manager.logout()
        XCTAssertEqual(try loggedBatches(), 0)
        try await manager.login(userID: "me", userSig: "sig")
        await session.settle()
        let relisted = try await session.walk().list
        XCTAssertEqual(relisted.map(\.unreadCount), [3, 1])
        let restored = try await manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(restored.map(\.status), [.MSG_STATUS_SEND_SUCC, .MSG_STATUS_LOCAL_REVOKED])
        try await assertConverged()
    }

    /// Two messages from a and one from b, then a login whose list loads whole (warm) with every
    /// message in the file only.
    private func logInWarmOverStoredMessages(file: StaticString = #filePath, line: UInt = #line) async throws {
        for index in 0..<2 { try session.server.sendText("m\(index)", from: "a", toUser: "me") }
        try session.server.sendText("from b", from: "b", toUser: "me")
        await session.settle()
        try await manager.logout()
        try await manager.login(userID: "me", userSig: "sig")
        XCTAssertTrue(try eventually { manager.currentClient!.read { $0.isComplete } }, "warm", file: file, line: line)
        XCTAssertEqual(manager.currentClient!.read { $0.acceptedMessagesInMemory }, 0, "every message is in the file only",
                       file: file, line: line)
    }

    /// A warm store whose messages from a are in the database only, when the database cannot be
    /// read (a damaged page, an I/O error: `.unreadable`): the revoke of one cannot find it, so its
    /// batch cannot tell what it changed. The session stops using the database (reported) and
    /// rebuilds the list from the server, the revoke counted; nothing more is written; readable
    /// again, the next login syncs the revoke into the file.
    func test_aStoredMessageThatCannotBeRead_whenARevokeNeedsIt_dropsTheDatabase_andTheListIsRebuiltFromTheServer() async throws {
        session = try await V2TestSession(peers: ["a", "b"], storage: storage, checksInvariants: true)
        let server = session.server
        try await logInWarmOverStoredMessages()

        inject(.unreadable)
        session.recorder.clear()
        _ = try server.revokeMessage(seq: 1, from: "a", toUser: "me")
        let list = try await walk { $0.map(\.unreadCount) == [1, 1] }
        XCTAssertEqual(list.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(list.map(\.unreadCount), [1, 1], "the revoked message no longer counts, as on the server")
        XCTAssertEqual(syncFailures, 1)
        try await assertConverged()
        let bytes = try fileBytes()
        try server.sendText("during", from: "b", toUser: "me")
        await session.settle()
        XCTAssertEqual(try fileBytes(), bytes, "nothing written for the rest of the session")

        let restored = try await restartOnAHealthyDisk()
        XCTAssertEqual(restored.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(restored.map(\.unreadCount), [2, 1])
        let history = try await manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(history.map(\.status), [.MSG_STATUS_SEND_SUCC, .MSG_STATUS_LOCAL_REVOKED])
        try await assertConverged()
    }

    /// The rebuild's answer from 0 can be older than what pushes brought meanwhile (here a read on
    /// another device, pushed while the answer was on its way): the rebuild takes the answer, then
    /// syncs from its version at once, so the read stands. Before, the read was undone until a
    /// later push revealed the gap (found by `imsdk check --read-faults`, seeds 9388 and 95810).
    func test_aRebuildWhoseAnswerIsOlderThanThePushesApplied_catchesUpWithThem() async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a", "b"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        let held = HeldSyncTransport(wrapping: TestNetwork.transport(to: server))
        session = try await V2TestSession(server: server, transport: held, storage: storage, checksInvariants: true)
        try await logInWarmOverStoredMessages()
        session.recorder.clear()

        held.holdSyncAnswers()
        inject(.unreadable)
        _ = try server.revokeMessage(seq: 1, from: "a", toUser: "me")
        XCTAssertTrue(try eventually { held.heldCount == 1 }, "the rebuild's answer waits")
        XCTAssertEqual(syncFailures, 1, "the database was dropped")
        _ = try server.markC2CRead(reader: "me", peer: "b")
        XCTAssertTrue(try eventually { manager.currentClient!.read { $0.conversation(.c2c("b"))?.unreadCount } == 0 },
                      "the read's push applied")
        held.releaseHeld()

        let list = try await walk { $0.map(\.unreadCount) == [0, 1] }
        XCTAssertEqual(list.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(list.map(\.unreadCount), [0, 1], "b's read and a's revoke both stand")
        XCTAssertEqual(session.recorder.received.compactMap(\.text), [], "no message announced again")
        try await assertConverged()
    }

    /// The rebuild after the database is dropped keeps the list as it was: every conversation,
    /// those beyond the server's cloud list too (asked for by ID), each in its place, a conversation
    /// whose history was cleared and one with a draft included, whose places the server's answer
    /// does not tell. Before, the list shrank to the cloud list for the rest of the session, and
    /// the cleared and the drafted conversation moved.
    func test_theRebuildAfterTheDatabaseIsDropped_keepsEveryConversation_inItsPlace_beyondTheCloudList() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c", "d", "e"], storage: storage, checksInvariants: true)
        let server = session.server
        server.cloudListLimit = 2
        for index in 0..<2 { try server.sendText("a\(index)", from: "a", toUser: "me") }
        for peer in ["b", "c", "d", "e"] { try server.sendText("from \(peer)", from: peer, toUser: "me") }
        await session.settle()
        try await call { manager.clearC2CHistoryMessage(userID: "c", succ: $0, fail: $1) }
        try await manager.setConversationDraft(conversationID: "c2c_b", draftText: "kept")
        try await manager.logout()
        try await manager.login(userID: "me", userSig: "sig")
        XCTAssertTrue(try eventually { manager.currentClient!.read { $0.isComplete } }, "warm")
        let before = try await session.walk().list
        XCTAssertEqual(before.count, 5)
        XCTAssertEqual(before.map(\.unreadCount), before.map { $0.conversationID == "c2c_a" ? 2 : $0.conversationID == "c2c_c" ? 0 : 1 })

        let after = try await dropTheDatabase(revokingTheFirstMessageOf: "a", until: 1)
        XCTAssertEqual(after.map(\.conversationID), before.map(\.conversationID), "every conversation, in its place")
        XCTAssertEqual(after.first { $0.conversationID == "c2c_b" }?.draftText, "kept")
        XCTAssertNil(after.first { $0.conversationID == "c2c_c" }?.lastMessage, "c's history stays cleared")
        XCTAssertEqual(after.map(\.unreadCount), before.map { $0.conversationID == "c2c_c" ? 0 : 1 },
                       "a's revoked message no longer counts")
        try await assertConverged()
    }

    /// The rebuild after the database is dropped mid-session syncs the list from 0 on the same
    /// connection, whose answer carries every message delivered since the connection opened: the
    /// ones this device heard already are not announced again, neither then nor by the next login.
    func test_theRebuildAfterTheDatabaseIsDropped_announcesNoMessageTheDeviceHeardAlready() async throws {
        session = try await V2TestSession(peers: ["a", "b"], storage: storage, checksInvariants: true)
        let server = session.server
        for index in 0..<2 { try server.sendText("m\(index)", from: "a", toUser: "me") }
        await session.settle()
        try await manager.logout()
        try await manager.login(userID: "me", userSig: "sig")
        XCTAssertTrue(try eventually { manager.currentClient!.read { $0.isComplete } }, "warm")
        session.recorder.clear()
        try server.sendText("heard", from: "b", toUser: "me")
        try server.sendText("heard too", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(session.recorder.received.compactMap(\.text), ["heard", "heard too"])

        inject(.unreadable)
        _ = try server.revokeMessage(seq: 1, from: "a", toUser: "me")
        _ = try await walk { $0.map(\.unreadCount) == [2, 1] }
        XCTAssertEqual(syncFailures, 1, "the database was dropped")
        try server.sendText("after", from: "b", toUser: "me")
        let list = try await walk { $0.map(\.unreadCount) == [2, 2] }
        XCTAssertEqual(list.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(session.recorder.received.compactMap(\.text), ["heard", "heard too", "after"],
                       "each message announced once")
        try await assertConverged()

        // The file stayed behind at the drop; the next login's sync from its stored version brings
        // "after" again, which the logout recorded as heard: it is not announced a second time.
        inject(nil)
        try await manager.logout()
        try server.sendText("while away", from: "a", toUser: "me")
        try await manager.login(userID: "me", userSig: "sig")
        await session.settle()
        XCTAssertEqual(session.recorder.received.compactMap(\.text), ["heard", "heard too", "after", "while away"],
                       "after the restart too, each message announced once")
        let relisted = try await session.walk().list
        XCTAssertEqual(relisted.map(\.conversationID), ["c2c_a", "c2c_b"])
        XCTAssertEqual(relisted.map(\.unreadCount), [3, 2], "and counted once")
        try await assertConverged()
    }

    /// With deletions not synced across devices (the vendor's default), a conversation deleted on
    /// the user's other device stays on this one; so it does through the rebuild after the database
    /// is dropped, although the server no longer has it to answer with, and after the restart.
    /// Before, the rebuild dropped it.
    func test_theRebuildAfterTheDatabaseIsDropped_keepsAConversationDeletedOnAnotherDevice_whenDeletionsDoNotSync() async throws {
        session = try await V2TestSession(peers: ["a", "b"], storage: storage, checksInvariants: true)
        let server = session.server
        XCTAssertFalse(server.syncsConversationDeletion)
        try await logInWarmOverStoredMessages()
        let tablet = try await V2TestSession(server: server, instance: V2TIMManager.makeInstance())
        defer { tablet.tearDown() }
        try await tablet.manager.deleteConversation(conversation: "c2c_b")
        await tablet.settle()
        await session.settle()
        let before = try await session.walk().list
        XCTAssertEqual(before.map(\.conversationID), ["c2c_b", "c2c_a"], "this device keeps b")

        let after = try await dropTheDatabase(revokingTheFirstMessageOf: "a", until: 1)
        XCTAssertEqual(after.map(\.conversationID), ["c2c_b", "c2c_a"], "the rebuild keeps b")
        XCTAssertEqual(after.map(\.unreadCount), [1, 1])
        XCTAssertEqual(after.first?.lastMessage?.textElem?.text, "from b")

        let restored = try await restartOnAHealthyDisk()
        XCTAssertEqual(restored.map(\.conversationID), ["c2c_b", "c2c_a"])
        XCTAssertEqual(restored.map(\.unreadCount), [1, 1])
    }

    // MARK: - Device-only changes after a drop

    /// After the session dropped its database (an unreadable disk), the user sets a draft, clears
    /// another, deletes a conversation and drafts one the drop never saw; the logout records them in
    /// the file left behind, so that the next login (the disk readable again) shows them as the
    /// session left them.
    func test_draftsAndDeletions_madeAfterTheDatabaseIsDropped_areKeptByTheNextLogin() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c", "d"], storage: storage, checksInvariants: true)
        let server = session.server
        for peer in ["a", "b", "c"] { try server.sendText("from \(peer)", from: peer, toUser: "me") }
        await session.settle()
        try await manager.setConversationDraft(conversationID: "c2c_b", draftText: "before")
        try await logInWarmOverStoredMessages()

        try await dropTheDatabase(revokingTheFirstMessageOf: "a", until: 2)
        try server.sendText("after the drop", from: "d", toUser: "me")
        _ = try await walk { $0.count == 4 }
        try await manager.setConversationDraft(conversationID: "c2c_a", draftText: "set after")
        try await manager.setConversationDraft(conversationID: "c2c_b", draftText: nil)
        try await manager.setConversationDraft(conversationID: "c2c_d", draftText: "new one")
        try await manager.deleteConversation(conversation: "c2c_c")
        let left = try await session.walk().list
        XCTAssertEqual(left.map(\.conversationID), ["c2c_d", "c2c_a", "c2c_b"])

        let restored = try await restartOnAHealthyDisk()
        XCTAssertEqual(restored.map(\.conversationID), left.map(\.conversationID), "c stays deleted")
        XCTAssertEqual(restored.map(\.draftText), left.map(\.draftText))
        XCTAssertEqual(restored.map(\.draftText), ["new one", "set after", nil])
        try await assertConverged()
    }

    /// After the session dropped its database, messages removed from local storage: one the file
    /// holds (it arrived before the drop) and the newest, which arrived after it, over another that
    /// did (unread). The logout makes the removals again on the file, through a store over it, so
    /// the next login shows the history, the unread count and the last message as the session
    /// left them: the removed ones stay gone (the file keeps their tombstones, so the sync from its
    /// stored version does not bring back the one it lacked), and the one between stays unread.
    /// Before, both came back, unread.
    func test_messagesRemovedFromLocalStorageAfterTheDrop_stayRemovedAfterTheNextLogin() async throws {
        session = try await V2TestSession(peers: ["a", "b"], storage: storage, checksInvariants: true)
        let server = session.server
        try await logInWarmOverStoredMessages()
        try await dropTheDatabase(revokingTheFirstMessageOf: "b", until: 0)
        for text in ["m2", "m3"] { try server.sendText(text, from: "a", toUser: "me") }
        _ = try await walk { $0.first { $0.conversationID == "c2c_a" }?.unreadCount == 4 }

        let before = try await manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(before.map(\.textElem?.text), ["m3", "m2", "m1", "m0"])
        for message in [before[0], before[2]] {
            try await call { manager.deleteMessageFromLocalStorage(msg: message, succ: $0, fail: $1) }
        }
        let left = try await session.walk().list.first { $0.conversationID == "c2c_a" }
        XCTAssertEqual(left?.unreadCount, 2)
        XCTAssertEqual(left?.lastMessage?.textElem?.text, "m2")

        let restored = try await restartOnAHealthyDisk()
        let a = try XCTUnwrap(restored.first { $0.conversationID == "c2c_a" })
        XCTAssertEqual(a.unreadCount, 2, "m2 and m0")
        XCTAssertEqual(a.lastMessage?.textElem?.text, "m2")
        let history = try await manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(history.map(\.textElem?.text), ["m2", "m0"], "the removed messages stay gone")
        let total = try await manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 2)
    }

    // MARK: - Read-only

    func test_readOnlyDisk_everyCallThatChangesSomething_fails6022_itsChangeStands_andAllOfItIsOnDiskAfterRecovery() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c", "d"], storage: storage)
        let server = session.server
        for peer in ["a", "b", "c", "d"] { try server.sendText("from \(peer)", from: peer, toUser: "me") }
        await session.settle()
        session.recorder.clear()
        let manager = manager

        inject(.readOnly)
        let calls: [(String, () async throws -> Void)] = [
            ("pinConversation", { try await manager.pinConversation(conversationID: "c2c_a", isPinned: true) }),
            ("markC2CMessage", { try await call { manager.markC2CMessage(asRead: "b", succ: $0, fail: $1) } }),
            ("setC2CReceiveMessageOpt", {
                try await manager.setC2CReceiveMessageOpt(userIDList: ["c"], opt: .RECEIVE_NOT_NOTIFY_MESSAGE)
            }),
            ("markConversation", {
                try await call { succ, fail in
                    manager.markConversation(conversationIDList: ["c2c_a"], markType: NSNumber(value: UInt64(1) << 40),
                                             enableMark: true, succ: { _ in succ() }, fail: fail)
                }
            }),
            ("setConversationCustomData", {
                try await call { succ, fail in
                    manager.setConversationCustomData(conversationIDList: ["c2c_b"], customData: Data("custom".utf8),
                                                      succ: { _ in succ() }, fail: fail)
                }
            }),
            ("setConversationDraft", { try await manager.setConversationDraft(conversationID: "c2c_c", draftText: "draft") }),
            ("deleteConversation", { try await manager.deleteConversation(conversation: "c2c_d") }),
        ]
        for (name, body) in calls {
            let error = await failure(body)
            XCTAssertEqual(error?.code, 6022, name)
        }
        let message = try XCTUnwrap(manager.createTextMessage(text: "unsent"))
        let sendError = await failure { _ = try await manager.sendMessage(message: message, receiver: "a", groupID: nil) }
        XCTAssertEqual(sendError?.code, 6022, "a message that cannot be stored is not sent")
        XCTAssertEqual(message.status, .MSG_STATUS_SEND_FAIL)
        await session.settle()
        XCTAssertEqual(syncFailures, 1)

        let list = try await session.walk().list
        XCTAssertEqual(list.map(\.conversationID), ["c2c_a", "c2c_c", "c2c_b"], "pinned first; d deleted")
        let byID = Dictionary(uniqueKeysWithValues: list.map { ($0.conversationID, $0) })
        XCTAssertEqual(byID["c2c_a"]?.markList, [NSNumber(value: UInt64(1) << 40)])
        XCTAssertEqual(byID["c2c_a"]?.lastMessage?.textElem?.text, "unsent", "the failed message shows")
        XCTAssertEqual(byID["c2c_b"]?.unreadCount, 0)
        XCTAssertEqual(byID["c2c_b"]?.customData, Data("custom".utf8))
        XCTAssertEqual(byID["c2c_c"]?.recvOpt, .RECEIVE_NOT_NOTIFY_MESSAGE)
        XCTAssertEqual(byID["c2c_c"]?.draftText, "draft")
        let cloud = try await CloudSummary.server(server, userID: "me")
        XCTAssertEqual(cloud.count, 3, "the server deleted d: \(cloud)")
        XCTAssertTrue(cloud.contains { $0.hasPrefix("c2c:a") && $0.contains("pinned true") && $0.hasSuffix("last 1 marks \(UInt64(1) << 40)") },
                      "the pin and the mark reached the server, the unsent message did not: \(cloud)")
        XCTAssertTrue(cloud.contains { $0.hasPrefix("c2c:b") && $0.hasSuffix("custom custom") }, "custom data roams: \(cloud)")
        let before = try await snapshot()

        inject(nil)
        try await manager.logout()
        try await manager.login(userID: "me", userSig: "sig")
        await session.settle()
        let after = try await snapshot()
        XCTAssertEqual(after, before)
        session.checkInvariants()
    }

    func test_pushedMessagesGoThroughTheBatchLog_andALogoutFoldsIt_soTheNextLoginFindsThemWithoutAFold() async throws {
        // Without the invariant checks, which read the database after every change (and so fold the log).
        session = try await V2TestSession(peers: ["a", "b"], storage: storage, checksInvariants: false)
        for index in 0..<5 {
            try session.server.sendText("hi \(index)", from: index.isMultiple(of: 2) ? "a" : "b", toUser: "me")
        }
        await session.settle()
        let logged = try ConversationDatabase.open(at: databasePath(), logger: .silent, verifying: false).loggedCounts()
        XCTAssertGreaterThan(logged.batches, 0, "single pushes went to the log")
        try await manager.logout()
        let database = try ConversationDatabase.open(at: databasePath(), logger: .silent, verifying: false)
        XCTAssertEqual(try database.loggedCounts().batches, 0, "the logout folded the log")
        XCTAssertEqual(try database.messages(of: .c2c("a")).map(\.message.seq).count, 3)
        XCTAssertEqual(try database.conversation(.c2c("b"))?.unreadCount, 2)
    }

    func test_aReadOnlyDatabase_failsTheLoginWith6022_leavesTheFileAsItIs_andALaterLoginWorks() async throws {
        session = try await V2TestSession(peers: ["a"], storage: storage)
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        try await manager.setConversationDraft(conversationID: "c2c_a", draftText: "kept")
        try await manager.logout()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: databasePath()))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

        inject(.readOnly)
        let error = await failure { try await self.manager.login(userID: "me", userSig: "sig") }
        XCTAssertEqual(error?.code, 6022)
        XCTAssertTrue(error?.desc.contains("readonly") == true && error?.desc.contains("permissions") == true, error?.desc ?? "")
        XCTAssertEqual(manager.getLoginStatus(), .STATUS_LOGOUT)
        let calls = await failure { _ = try await self.manager.getConversation(conversationID: "c2c_a") }
        XCTAssertEqual(calls?.code, 6014, "logged out: nothing half-open")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: databasePath())), bytes, "not a byte changed")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), names)

        // A first login on a read-only disk leaves no database behind.
        try session.server.registerUser("other", nickname: nil, faceURL: nil)
        let other = await failure { try await self.manager.login(userID: "other", userSig: "sig") }
        XCTAssertEqual(other?.code, 6022)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath("other")))

        inject(nil)
        try await manager.login(userID: "me", userSig: "sig")
        let kept = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(kept.draftText, "kept")
    }

    func test_theDiskTurnsReadOnlyAgain_isANewEpisode_reportedAgain() async throws {
        session = try await V2TestSession(peers: ["a"], storage: storage)
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        session.recorder.clear()
        for round in 1...3 {
            inject(.readOnly)
            let error = await failure {
                try await self.manager.setConversationDraft(conversationID: "c2c_a", draftText: "r\(round)")
            }
            XCTAssertEqual(error?.code, 6022)
            await session.settle()
            XCTAssertEqual(syncFailures, round)
            inject(nil)
            XCTAssertTrue(try eventually { try storedConversation(.c2c("a"))?.draft?.text == "r\(round)" }, "round \(round)")
        }
    }

    func test_aColdStore_listsTheChangesTheDiskRefused() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c"], storage: storage)
        for peer in ["a", "b"] { try session.server.sendText("from \(peer)", from: peer, toUser: "me") }
        await session.settle()
        try await manager.logout()
        manager.session.setWarmsUpInBackground(false)
        defer { manager.session.setWarmsUpInBackground(true) }
        try await manager.login(userID: "me", userSig: "sig")
        XCTAssertFalse(manager.currentClient!.read { $0.isComplete }, "cold: pages come from the database")

        inject(.readOnly)
        try session.server.sendText("new", from: "c", toUser: "me")
        try session.server.sendText("again", from: "a", toUser: "me")
        await session.settle()
        let page = try await manager.getConversationList(nextSeq: 0, count: 10)
        XCTAssertEqual(page.conversationList.map(\.conversationID), ["c2c_a", "c2c_c", "c2c_b"])
        XCTAssertEqual(page.conversationList.map(\.unreadCount), [2, 1, 1])
        let total = try await manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 4)
    }

    /// Everything the list shows of each conversation, in list order.
    private func snapshot() async throws -> [String] {
        try await session.walk().list.map { c in
            [c.conversationID, "unread \(c.unreadCount)", "pinned \(c.isPinned)", "draft \(c.draftText ?? "-")",
             "recv \(c.recvOpt.rawValue)", "last \(c.lastMessage?.textElem?.text ?? "-")/\(c.lastMessage?.seq ?? 0)",
             "status \(c.lastMessage?.status.rawValue ?? 0)", "key \(c.orderKey)",
             "marks \((c.markList ?? []).map(\.uint64Value))",
             "custom \(c.customData.flatMap { $0.isEmpty ? nil : $0 }.map { String(decoding: $0, as: UTF8.self) } ?? "-")"].joined(separator: " ")
        }
    }
}
