import Foundation
import IMCore
import IMTestSupport
import IMTransportKit
import ImSDK
import ImSDK_Plus
import XCTest

/// A disk that fills up or turns read-only under a legacy session: the synchronous calls return
/// their failure (6022, or false), the asynchronous ones fail with 6022, the changes stand, the
/// failure is logged once, and once the disk recovers a restart finds every change on disk.
final class LegacyStorageFailureTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: LegacyTestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "legacy-storage-failure")
    }

    override func tearDown() {
        inject(nil)
        session?.tearDown()
        session = nil
        directory?.remove()
        super.tearDown()
    }

    private var manager: TIMManager { session.manager }

    /// The legacy API drives the process-wide session.
    private func inject(_ fault: StorageFault?) {
        V2TIMManager.sharedInstance().session.injectStorageFaultForTesting(fault)
    }

    private func draft(_ text: String) -> TIMMessageDraft {
        let draft = TIMMessageDraft()
        let elem = TIMTextElem()
        elem.text = text
        draft.add(elem)
        return draft
    }

    private func draftText(_ receiver: String) -> String? {
        (manager.getConversation(.C2C, receiver: receiver).getDraft()?.getElem(0) as? TIMTextElem)?.text
    }

    private func newestMessage(_ receiver: String) async throws -> TIMMessage {
        let newest = try await localMessages(receiver, count: 1)
        return try XCTUnwrap(newest.first)
    }

    /// The newest `count` messages of the C2C conversation with `receiver`, from
    /// `getLocalMessage`, newest first.
    private func localMessages(_ receiver: String, count: Int32) async throws -> [TIMMessage] {
        let conversation = try XCTUnwrap(manager.getConversation(.C2C, receiver: receiver))
        return try await callValue { succ, fail in
            conversation.getLocalMessage(count, last: nil, succ: { succ(($0 ?? []).compactMap { $0 as? TIMMessage }) },
                                         fail: { code, desc in fail(code, desc) })
        }
    }

    /// Heals the disk and restarts: a's unread is the server's 2 and its stored messages show the
    /// revoke of the first one (`logInWarmWithThreeMessagesFromA`, then a revoke of seq 1).
    private func restartOnAHealthyDisk_findingTheRevokeOfA1Stored(
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        inject(nil)
        try await session.logout()
        try await session.login()
        await session.settle()
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "a").getUnReadMessageNum(), 2, file: file, line: line)
        let stored = try await localMessages("a", count: 10)
        XCTAssertEqual(stored.map { $0.status() }, [.MSG_STATUS_SEND_SUCC, .MSG_STATUS_SEND_SUCC, .MSG_STATUS_LOCAL_REVOKED],
                       file: file, line: line)
    }

    func test_readOnlyDisk_legacyCallsReturnTheirFailure_theChangesStand_andARestartFindsThemOnDisk() async throws {
        session = try await LegacyTestSession(peers: ["a", "b", "c"], databaseDirectory: directory.path) { config in
            config.disableStorage = false
            config.disableAutoReport = true
        }
        for peer in ["a", "b", "c"] { try session.server.sendText("from \(peer)", from: peer, toUser: "me") }
        await session.settle()
        let message = try await newestMessage("c")

        inject(.readOnly)
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "a").setDraft(draft("note")), 6022)
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "a").setDraft(draft("note")), ERR_IO_OPERATION_FAILED.rawValue)
        XCTAssertEqual(draftText("a"), "note", "the draft stands")
        XCTAssertFalse(manager.deleteConversation(.C2C, receiver: "b"), "the deletion could not be stored")
        XCTAssertFalse(session.receivers().contains("b"), "but it stands")
        XCTAssertFalse(message.setCustomInt(7))
        XCTAssertEqual(message.customInt(), 7)
        var readError: Int32?
        do {
            try await call { manager.getConversation(.C2C, receiver: "c").setReadMessage(nil, succ: $0, fail: $1) }
        } catch let error as V2TIMError {
            readError = error.code
        }
        XCTAssertEqual(readError, 6022)
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "c").getUnReadMessageNum(), 0)
        await session.settle()
        let failures = session.logLines.filter { $0.contains("writing a change to the local database failed") }
        XCTAssertEqual(failures.count, 1, "logged once per episode: \(session.logLines)")
        XCTAssertTrue(failures.first?.contains("readonly") == true, failures.first ?? "")
        let before = session.receivers()

        inject(nil)
        try await session.logout()
        try await session.login()
        await session.settle()
        XCTAssertEqual(session.receivers(), before)
        XCTAssertEqual(draftText("a"), "note")
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "c").getUnReadMessageNum(), 0)
        let reloaded = try await newestMessage("c")
        XCTAssertEqual(reloaded.customInt(), 7)
        XCTAssertTrue(session.logLines.contains { $0.contains("the local database is writable again") }, "\(session.logLines)")
    }

    /// A session on disk whose three messages from a were stored, logged in again and warm: a's
    /// messages are in the database only. Returns its client.
    private func logInWarmWithThreeMessagesFromA() async throws -> IMClient {
        session = try await LegacyTestSession(peers: ["a", "b"], databaseDirectory: directory.path) { config in
            config.disableStorage = false
            config.disableAutoReport = true
        }
        for index in 0..<3 { try session.server.sendText("a\(index)", from: "a", toUser: "me") }
        await session.settle()
        try await session.logout()
        try await session.login()
        let client = try XCTUnwrap(V2TIMManager.sharedInstance().currentClient)
        for _ in 0..<500 where !client.read({ $0.isComplete }) { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertTrue(client.read { $0.isComplete }, "warm")
        return client
    }

    /// Makes the disk unreadable and has a revoke a0, whose stored message the revoke cannot read:
    /// `client`'s session drops its database and rebuilds its list from the server. Returns once the
    /// rebuild is done.
    private func dropTheDatabase(of client: IMClient, file: StaticString = #filePath, line: UInt = #line) async throws {
        inject(.unreadable)
        _ = try session.server.revokeMessage(seq: 1, from: "a", toUser: "me")
        for _ in 0..<500 where client.usesDatabase || client.hasSyncPending { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertFalse(client.usesDatabase, "the database was dropped", file: file, line: line)
        XCTAssertFalse(client.hasSyncPending, "the rebuild is done", file: file, line: line)
        await session.settle()
    }

    /// Messages in the database only (a login later), batches in the log that a read-only disk will
    /// not let it fold: the stored messages are still read, whole, and a revoke of one counts.
    func test_readOnlyDisk_withBatchesInTheLog_localMessagesAreWhole_andARevokeOfAStoredOneCounts() async throws {
        let client = try await logInWarmWithThreeMessagesFromA()
        try session.server.sendText("to the log", from: "b", toUser: "me")
        await session.settle()
        XCTAssertEqual(client.read { $0.acceptedMessagesInMemory }, 1, "a's messages are in the database only")

        inject(.readOnly)
        let conversation = try XCTUnwrap(manager.getConversation(.C2C, receiver: "a"))
        let local = try await localMessages("a", count: 10)
        XCTAssertEqual(local.map { ($0.getElem(0) as? TIMTextElem)?.text }, ["a2", "a1", "a0"], "whole, from the database")
        _ = try session.server.revokeMessage(seq: 1, from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(conversation.getUnReadMessageNum(), 2, "the revoked stored message no longer counts")

        try await restartOnAHealthyDisk_findingTheRevokeOfA1Stored()
    }

    /// Messages in the database only, which then cannot be read (a damaged page, an I/O error:
    /// `.unreadable`): the revoke of one cannot find it, so the session stops using the database
    /// and rebuilds its list from the server, the revoke counted, through the legacy API too; the
    /// rebuild announces no message again (`onNewMessage`); readable again, a restart finds the
    /// revoke stored.
    func test_anUnreadableDatabase_whenARevokeNeedsAStoredMessage_theListIsRebuiltFromTheServer_announcingNothingAgain() async throws {
        let client = try await logInWarmWithThreeMessagesFromA()
        let messages = LegacyMessageRecorder()
        manager.addMessageListener(messages)
        defer { manager.removeMessageListener(messages) }
        try session.server.sendText("heard", from: "b", toUser: "me")
        await session.settle()
        XCTAssertEqual(messages.received.compactMap(\.text), ["heard"])
        XCTAssertEqual(client.read { $0.acceptedMessagesInMemory }, 1, "a's messages are in the database only")

        inject(.unreadable)
        _ = try session.server.revokeMessage(seq: 1, from: "a", toUser: "me")
        let conversation = try XCTUnwrap(manager.getConversation(.C2C, receiver: "a"))
        for _ in 0..<500 where conversation.getUnReadMessageNum() != 2 { try await Task.sleep(nanoseconds: 10_000_000) }
        await session.settle()
        XCTAssertEqual(conversation.getUnReadMessageNum(), 2, "the revoked stored message no longer counts, as on the server")
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "b").getUnReadMessageNum(), 1)
        XCTAssertEqual(messages.received.compactMap(\.text), ["heard"], "the rebuild announced nothing again")

        try await restartOnAHealthyDisk_findingTheRevokeOfA1Stored()
    }

    /// After the session dropped its database (an unreadable disk), the legacy calls that change
    /// what lives on this device alone: a draft on a conversation the handle creates, a deletion
    /// that keeps the local messages, and a draft on a conversation deleted so and created again
    /// by a new message. The logout records them in the file, so the next login (the disk readable
    /// again) shows the drafts and not the deleted conversation, and the one created again has its
    /// kept messages back, read, under the new one.
    func test_anUnreadableDatabase_theLegacyDraftsAndDeletionsMadeAfterTheDrop_areKeptByTheNextLogin() async throws {
        let client = try await logInWarmWithThreeMessagesFromA()
        try session.server.sendText("from b", from: "b", toUser: "me")
        await session.settle()

        try await dropTheDatabase(of: client)
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "c").setDraft(draft("to c")), 0)
        XCTAssertTrue(manager.deleteConversation(.C2C, receiver: "b"))
        XCTAssertTrue(manager.deleteConversation(.C2C, receiver: "a"))
        try session.server.sendText("a3", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "a").setDraft(draft("to a")), 0)
        XCTAssertEqual(draftText("c"), "to c")

        inject(nil)
        try await session.logout()
        let file = try ConversationDatabase.open(
            at: ConversationDatabase.path(directory: directory.path, appID: 1_400_000_001, userID: "me"),
            logger: .silent, verifying: false)
        XCTAssertEqual(try file.keptConversationIDs(), [.c2c("b")])
        let stored = try XCTUnwrap(try file.conversation(.c2c("a")))
        XCTAssertEqual([stored.lastSeq, stored.readSeq], [3, 3], "a's kept messages are its own again, read")
        XCTAssertEqual(stored.draft?.text, "to a")
        try await session.login()
        await session.settle()
        let ids = manager.getConversationList().map { $0.getReceiver() ?? "" }
        XCTAssertEqual(Set(ids), ["a", "c"], "b stays deleted")
        XCTAssertEqual(draftText("c"), "to c")
        XCTAssertEqual(draftText("a"), "to a")
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "a").getUnReadMessageNum(), 1, "only a3: the kept ones are read")
        let history = try await localMessages("a", count: 10)
        XCTAssertEqual(history.map { ($0.getElem(0) as? TIMTextElem)?.text ?? "revoked" }.first, "a3")
        XCTAssertEqual(history.count, 4, "a3 over the three kept messages")
        _ = try session.server.revokeMessage(seq: 4, from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "a").getUnReadMessageNum(), 0,
                       "a3 revoked, nothing is unread: the kept messages stay read")
    }

    /// A clear of a's history whose own read of the stored messages fails (an unreadable disk), so
    /// that it drops the database, then a legacy deletion of a that keeps its local messages: the
    /// file left behind must not keep the cleared ones. Before, the logout recorded the deletion
    /// but not the clear (its batch was the one whose read failed), so the file kept a0-a2 as a's
    /// kept messages, and the message that created a again after the restart brought them back:
    /// the next login's sync cannot clear a conversation the server no longer has (found by
    /// `imsdk check --read-faults`, seed 600551).
    func test_anUnreadableDatabase_aClearThatDropsIt_thenALegacyDeletionKeepingMessages_theClearedOnesDoNotComeBack() async throws {
        let client = try await logInWarmWithThreeMessagesFromA()
        inject(.unreadable)
        try await call { V2TIMManager.sharedInstance().clearC2CHistoryMessage(userID: "a", succ: $0, fail: $1) }
        for _ in 0..<500 where client.usesDatabase { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertFalse(client.usesDatabase, "the clear's read dropped the database")
        await session.settle()
        XCTAssertTrue(manager.deleteConversation(.C2C, receiver: "a"))

        inject(nil)
        try await session.logout()
        try await session.login()
        await session.settle()
        XCTAssertFalse(manager.getConversationList().contains { $0.getReceiver() == "a" }, "a stays deleted")
        try session.server.sendText("a3", from: "a", toUser: "me")
        await session.settle()
        let history = try await localMessages("a", count: 10)
        XCTAssertEqual(history.map { ($0.getElem(0) as? TIMTextElem)?.text }, ["a3"], "the cleared messages stay gone")
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "a").getUnReadMessageNum(), 1)
    }

    /// After the session dropped its database: the legacy `deleteLocalMessage` of a (the messages
    /// the file holds, and one that arrived after the drop), then a new message to a; and a clear
    /// of b's history (V2), which takes the message imported into b before the drop with it. The
    /// logout makes both again on the file, through a store over it, so the next login shows a
    /// with only the new message, unread, and b empty. Before, a's removed messages and b's import
    /// came back (the next login's sync clears b's accepted messages again, not its import).
    func test_anUnreadableDatabase_aLegacyDeleteLocalMessageAndAClearAfterTheDrop_standAfterTheNextLogin() async throws {
        let client = try await logInWarmWithThreeMessagesFromA()
        try session.server.sendText("b0", from: "b", toUser: "me")
        await session.settle()
        let imported = TIMMessage()
        let elem = TIMTextElem()
        elem.text = "imported to b"
        XCTAssertEqual(imported.add(elem), 0)
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "b").importMessages([imported]), 0)
        try await dropTheDatabase(of: client)
        try session.server.sendText("a3", from: "a", toUser: "me")
        await session.settle()
        let beforeRemoval = try await localMessages("a", count: 10)
        XCTAssertEqual(beforeRemoval.prefix(3).map { ($0.getElem(0) as? TIMTextElem)?.text }, ["a3", "a2", "a1"])

        let a = try XCTUnwrap(manager.getConversation(.C2C, receiver: "a"))
        try await call { succ, fail in _ = a.deleteLocalMessage(succ, fail: fail) }
        try await call { V2TIMManager.sharedInstance().clearC2CHistoryMessage(userID: "b", succ: $0, fail: $1) }
        try session.server.sendText("a4", from: "a", toUser: "me")
        await session.settle()
        let texts = { (receiver: String) async throws -> [String?] in
            try await self.localMessages(receiver, count: 10).map { ($0.getElem(0) as? TIMTextElem)?.text }
        }
        let (leftA, leftB) = (try await texts("a"), try await texts("b"))
        XCTAssertEqual(leftA, ["a4"])
        XCTAssertEqual(leftB, [])

        inject(nil)
        try await session.logout()
        try await session.login()
        await session.settle()
        let (restoredA, restoredB) = (try await texts("a"), try await texts("b"))
        XCTAssertEqual(restoredA, ["a4"], "the removed messages stay gone")
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "a").getUnReadMessageNum(), 1)
        XCTAssertEqual((manager.getConversation(.C2C, receiver: "a").getLastMsg()?.getElem(0) as? TIMTextElem)?.text, "a4")
        XCTAssertEqual(restoredB, [], "b's import stays cleared")
        XCTAssertNil(manager.getConversation(.C2C, receiver: "b").getLastMsg())
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "b").getUnReadMessageNum(), 0)
    }

    /// After the session dropped its database, a message from x creates x, which the file left
    /// behind lacks, and is removed from local storage (legacy `remove()`): the logout writes x a
    /// row with the message's tombstone, so the next login's sync, which brings x, does not bring
    /// the message back (found by `imsdk check --read-faults --local-removals`, seed 700023).
    /// Before, the tombstone was stored without a row and the sync showed the message again.
    func test_anUnreadableDatabase_aMessageRemovedInAConversationTheFileLacks_staysRemovedAfterTheNextLogin() async throws {
        let client = try await logInWarmWithThreeMessagesFromA()
        try await dropTheDatabase(of: client)
        try session.server.sendText("x0", from: "b", toUser: "me")
        await session.settle()
        let fromB = try await localMessages("b", count: 10)
        XCTAssertEqual(fromB.map { ($0.getElem(0) as? TIMTextElem)?.text }, ["x0"])
        XCTAssertTrue(fromB[0].remove())
        XCTAssertNil(manager.getConversation(.C2C, receiver: "b").getLastMsg())

        inject(nil)
        try await session.logout()
        try await session.login()
        await session.settle()
        let restored = try await localMessages("b", count: 10)
        XCTAssertEqual(restored.count, 0, "the removed message stays removed")
        XCTAssertNil(manager.getConversation(.C2C, receiver: "b").getLastMsg())
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "b").getUnReadMessageNum(), 0)
    }

    /// After the session dropped its database, messages imported (into a conversation and into a
    /// new one) and a message's local custom integer live on this device alone: the logout records
    /// them in the file, so the next login shows them. (The file holds the message whose field is
    /// set, which arrived before the drop; one that arrived after comes back with the next login's
    /// sync as the server has it.)
    func test_anUnreadableDatabase_importsAndLocalFieldsMadeAfterTheDrop_areKeptByTheNextLogin() async throws {
        let client = try await logInWarmWithThreeMessagesFromA()
        try await dropTheDatabase(of: client)

        for (receiver, text) in [("a", "imported to a"), ("x", "imported to x")] {
            let message = TIMMessage()
            let elem = TIMTextElem()
            elem.text = text
            XCTAssertEqual(message.add(elem), 0)
            // Older than a's messages: an import made now, in the second a2 arrived or a later one,
            // would be placed by its time above them or below.
            XCTAssertEqual(message.convertToImportedMsg(), 0)
            XCTAssertEqual(message.setTime(1_600_000_000), 0)
            XCTAssertEqual(manager.getConversation(.C2C, receiver: receiver).importMessages([message]), 0)
        }
        let fromA = try await localMessages("a", count: 2)
        XCTAssertEqual(fromA.map { ($0.getElem(0) as? TIMTextElem)?.text }, ["a2", "a1"])
        XCTAssertTrue(fromA[0].setCustomInt(7))
        XCTAssertTrue(fromA[1].setCustomInt(8))

        inject(nil)
        try await session.logout()
        try await session.login()
        await session.settle()
        let a = try await localMessages("a", count: 10)
        XCTAssertEqual(a.count, 4)
        XCTAssertEqual(a.last.flatMap { $0.getElem(0) as? TIMTextElem }?.text, "imported to a", "the import stays")
        XCTAssertEqual(a.prefix(2).map { $0.customInt() }, [7, 8])
        let x = try await localMessages("x", count: 10)
        XCTAssertEqual(x.map { ($0.getElem(0) as? TIMTextElem)?.text }, ["imported to x"])
        XCTAssertTrue(manager.getConversationList().contains { $0.getReceiver() == "x" }, "x, which only the import made, is listed")
        XCTAssertEqual((manager.getConversation(.C2C, receiver: "x").getLastMsg()?.getElem(0) as? TIMTextElem)?.text,
                       "imported to x", "its last message")
    }

    func test_aReadOnlyDatabase_failsTheLegacyLoginWith6022() async throws {
        session = try await LegacyTestSession(peers: ["a"], databaseDirectory: directory.path) { config in
            config.disableStorage = false
        }
        try await session.logout()
        inject(.readOnly)
        var loginError: Int32?
        do {
            try await session.login()
        } catch let error as V2TIMError {
            loginError = error.code
        }
        XCTAssertEqual(loginError, 6022)
        XCTAssertEqual(manager.getLoginStatus(), .STATUS_LOGOUT)
        inject(nil)
        try await session.login()
        XCTAssertEqual(manager.getLoginUser(), "me")
    }
}
