import Foundation
import IMCore
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import ImSDK
import ImSDK_Plus
import XCTest

/// The legacy revoke, delete and local-delete calls of `TIMConversation`, `TIMMessageRevokeListener`
/// and, with `enableReadReceipt`, `TIMMessageReceiptListener` and `isPeerReaded()`; shared with V2.
final class LegacyMessageOperationTests: XCTestCase {
    private var session: LegacyTestSession!
    private var others: [V2TestSession] = []

    override func tearDown() {
        others.reversed().forEach { $0.tearDown() }
        others = []
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    // MARK: - Helpers

    private func start(_ userID: String = "me", peers: [String] = ["a"], server: IMReferenceServer? = nil,
                       configure: (TIMUserConfig) -> Void = { _ in }) async throws {
        session = try await LegacyTestSession(userID: userID, peers: peers, server: server, configure: configure)
    }

    private func device(_ userID: String) async throws -> V2TestSession {
        let device = try await V2TestSession(userID: userID, server: session.server, instance: V2TIMManager.makeInstance())
        others.append(device)
        return device
    }

    private var manager: TIMManager { session.manager }

    private func conversation(_ receiver: String) -> TIMConversation { manager.getConversation(.C2C, receiver: receiver) }

    private func textMessage(_ text: String) -> TIMMessage {
        let message = TIMMessage()
        let elem = TIMTextElem()
        elem.text = text
        message.add(elem)
        return message
    }

    private func texts(_ messages: [TIMMessage]) -> [String] {
        messages.map { ($0.getElem(0) as? TIMTextElem)?.text ?? "?" }
    }

    private func list(_ start: (@escaping TIMGetMsgSucc, @escaping TIMFail) -> Void) async throws -> [TIMMessage] {
        try await callValue { succ, fail in
            start({ list in succ((list ?? []).compactMap { $0 as? TIMMessage }) }, { code, desc in fail(code, desc) })
        }
    }

    private func local(_ receiver: String) async throws -> [TIMMessage] {
        try await list { self.conversation(receiver).getLocalMessage(20, last: nil, succ: $0, fail: $1) }
    }

    private func cloud(_ receiver: String) async throws -> [TIMMessage] {
        try await list { self.conversation(receiver).getMessage(20, last: nil, succ: $0, fail: $1) }
    }

    /// What the call returned, and the code `fail` got (nil: `succ` ran).
    private func outcome(_ start: (@escaping TIMSucc, @escaping TIMFail) -> Int32) async -> (returned: Int32, reported: Int32?) {
        var returned: Int32 = -1
        do {
            try await call { succ, fail in returned = start(succ, fail) }
            return (returned, nil)
        } catch let error as V2TIMError {
            return (returned, error.code)
        } catch {
            return (returned, -1)
        }
    }

    private func send(_ text: String, to receiver: String) async throws -> TIMMessage {
        let message = textMessage(text)
        try await call { succ, fail in self.conversation(receiver).send(message, succ: succ, fail: fail) }
        return message
    }

    // MARK: - Revoke

    func test_revokeMessage_revokesMyMessageForThePeer_andThePeersRevokeReachesMyRevokeListener() async throws {
        let revokes = RevokeRecorder()
        try await start { $0.messageRevokeListener = revokes }
        let peer = try await device("a")
        let mine = try await send("mine", to: "a")
        await session.settle()
        await peer.settle()

        let accepted = await outcome { self.conversation("a").revokeMessage(mine, succ: $0, fail: $1) }
        XCTAssertEqual(accepted.returned, 0)
        XCTAssertNil(accepted.reported)
        await peer.settle()
        await session.settle()
        XCTAssertEqual(mine.status(), .MSG_STATUS_LOCAL_REVOKED)
        XCTAssertEqual(conversation("a").getLastMsg()?.status(), .MSG_STATUS_LOCAL_REVOKED)
        XCTAssertEqual(peer.recorder.revoked, [mine.msgId()], "the peer's V2 listener hears it")
        XCTAssertEqual(revokes.locators.count, 0, "the revoking device hears succ, no event")

        // The peer revokes one of theirs, unread here.
        let theirs = try XCTUnwrap(peer.manager.createTextMessage(text: "theirs"))
        _ = try await peer.manager.sendMessage(message: theirs, receiver: "me", groupID: nil)
        await session.settle()
        XCTAssertEqual(conversation("a").getUnReadMessageNum(), 1)
        let held = try await local("a")
        try await peer.manager.revokeMessage(msg: theirs)
        await peer.settle()
        await session.settle()
        XCTAssertEqual(conversation("a").getUnReadMessageNum(), 0)
        let locator = try XCTUnwrap(revokes.locators.first)
        XCTAssertEqual(revokes.spellings, ["!", "plain"], "every spelling once")
        XCTAssertTrue(locator.isFromRevokeNotify)
        XCTAssertEqual(locator.sessId, "a")
        XCTAssertEqual(texts(held.filter { $0.respondsToLocator(locator) }), ["theirs"], "the locator finds it")
        let afterRevoke = try await local("a")
        XCTAssertEqual(afterRevoke.first?.status(), .MSG_STATUS_LOCAL_REVOKED)
    }

    func test_revokeMessage_badInput_returnsAndReports6017() async throws {
        try await start()
        try session.server.sendText("theirs", from: "a", toUser: "me")
        await session.settle()
        let theirs = try await local("a")
        let unsent = textMessage("never sent")
        for message in [nil, unsent, theirs[0]] as [TIMMessage?] {
            let result = await outcome { self.conversation("a").revokeMessage(message, succ: $0, fail: $1) }
            XCTAssertEqual(result.returned, 6017)
            XCTAssertEqual(result.reported, 6017)
        }
        let otherConversation = try await send("to b", to: "a")
        let wrong = await outcome { self.manager.getConversation(.C2C, receiver: "b").revokeMessage(otherConversation, succ: $0, fail: $1) }
        XCTAssertEqual(wrong.returned, 6017)
    }

    // MARK: - Delete

    func test_deleteMessages_deletesHereAndInTheCloud_atMost30() async throws {
        try await start()
        for n in 1...3 { try session.server.sendText("\(n)", from: "a", toUser: "me") }
        await session.settle()
        let held = try await local("a")
        let tooMany = Array(repeating: held[0], count: 31)
        let rejected = await outcome { self.conversation("a").deleteMessages(tooMany, succ: $0, fail: $1) }
        XCTAssertEqual(rejected.returned, 6017)
        XCTAssertEqual(rejected.reported, 6017)
        let none = await outcome { self.conversation("a").deleteMessages([], succ: $0, fail: $1) }
        XCTAssertEqual(none.returned, 6017)

        let deleted = await outcome { self.conversation("a").deleteMessages([held[0]], succ: $0, fail: $1) }
        XCTAssertEqual(deleted.returned, 0)
        XCTAssertNil(deleted.reported)
        XCTAssertEqual(held[0].status(), .MSG_STATUS_HAS_DELETED)
        XCTAssertEqual(conversation("a").getUnReadMessageNum(), 2)
        XCTAssertEqual(texts([conversation("a").getLastMsg()]), ["2"])
        let cloud = try await cloud("a")
        XCTAssertEqual(texts(cloud), ["2", "1"], "the cloud history has it no more")
    }

    func test_deleteLocalMessage_emptiesTheLocalHistory_andKeepsTheConversationAndTheCloudCopies() async throws {
        try await start(peers: ["a", "b"])
        try session.server.sendText("1", from: "a", toUser: "me")
        try session.server.sendText("2", from: "a", toUser: "me")
        try session.server.sendText("b", from: "b", toUser: "me")
        await session.settle()
        let receiversBefore = session.receivers()

        let result = await outcome { self.conversation("a").deleteLocalMessage($0, fail: $1) }
        XCTAssertEqual(result.returned, 0)
        XCTAssertNil(result.reported)
        XCTAssertEqual(conversation("a").getUnReadMessageNum(), 0)
        XCTAssertNil(conversation("a").getLastMsg())
        XCTAssertEqual(session.receivers(), receiversBefore, "the conversation stays in its place")
        let local = try await local("a")
        XCTAssertEqual(local.count, 0)
        let cloud = try await cloud("a")
        XCTAssertEqual(cloud.count, 0, "this device's getMessage leaves them out too, as for remove()")
        let other = try await device("me")
        let onOther = try await other.manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(onOther.map { $0.textElem?.text ?? "?" }, ["2", "1"], "the server and other devices keep them")

        try session.server.sendText("3", from: "a", toUser: "me")
        await session.settle()
        let after = try await self.local("a")
        XCTAssertEqual(texts(after), ["3"])
        XCTAssertEqual(conversation("a").getUnReadMessageNum(), 1)

        let nothing = await outcome { self.manager.getConversation(.C2C, receiver: "nobody").deleteLocalMessage($0, fail: $1) }
        XCTAssertEqual(nothing.returned, 0, "a conversation that does not exist has nothing to delete")
        let handle = conversation("a")
        session.tearDown()
        XCTAssertEqual(handle.deleteLocalMessage(nil, fail: nil), 6013)
    }

    // MARK: - Read receipts

    func test_withEnableReadReceipt_thePeersReadReachesTheReceiptListener_andIsPeerReaded() async throws {
        let receipts = ReceiptRecorder()
        try await start { config in
            config.enableReadReceipt = true
            config.messageReceiptListener = receipts
        }
        let mine = try await send("mine", to: "a")
        XCTAssertFalse(mine.isPeerReaded())
        try session.server.markC2CRead(reader: "a", peer: "me")
        await session.settle()
        XCTAssertTrue(mine.isPeerReaded())
        XCTAssertEqual(receipts.peers, ["a"])
        XCTAssertEqual(receipts.spellings.sorted(), ["!", "plain", "typed !", "typed plain"].sorted(), "each spelling once")
        XCTAssertEqual(receipts.timestamps, [Int(mine.timestamp().timeIntervalSince1970)])
    }

    /// A message changed with the V2 `modifyMessage` (by the peer) reaches `TIMMessageUpdateListener`
    /// as the `TIMMessage` it is now, and the conversation's last message shows it.
    /// Starts a session whose update listener is `listener`; peer `a` sends "5 pm" and changes it
    /// to "6 pm" (V2 `modifyMessage`).
    private func startAndHaveThePeerChangeAMessage(_ listener: any TIMMessageUpdateListener) async throws {
        try await start { $0.messageUpdateListener = listener }
        let peer = try await device("a")
        let theirs = try XCTUnwrap(peer.manager.createTextMessage(text: "5 pm"))
        _ = try await peer.manager.sendMessage(message: theirs, receiver: "me", groupID: nil)
        await session.settle()
        theirs.textElem.text = "6 pm"
        let (code, _, _) = await peer.manager.modifyMessage(msg: theirs)
        XCTAssertEqual(code, 0)
        await peer.settle()
        await session.settle()
    }

    func test_aMessageChangedByThePeer_reachesTheMessageUpdateListener() async throws {
        let updates = UpdateRecorder()
        try await startAndHaveThePeerChangeAMessage(updates)
        XCTAssertEqual(updates.texts, [["6 pm"]])
        XCTAssertEqual(updates.spellings.sorted(), ["!", "plain", "typed !", "typed plain"], "each spelling once")
        XCTAssertEqual(texts([try XCTUnwrap(conversation("a").getLastMsg())]), ["6 pm"])
    }

    func test_theOptionalSpellingsOfTheUpdateListener_areCalledOnce() async throws {
        let updates = UpdateRecorderOptional()
        try await startAndHaveThePeerChangeAMessage(updates)
        XCTAssertEqual(updates.spellings.sorted(), ["?", "typed ?"])
    }

    /// The 3.x names of the receipt and revoke listeners (`receiptListener`, `messgeRevokeListener`),
    /// set after login as 3.x apps do, are the same listeners.
    func test_the3xListenerNames_setAfterLogin_hearReceiptsAndRevokes() async throws {
        let receipts = ReceiptRecorder()
        let revokes = RevokeRecorderOptional()
        try await start { $0.enableReadReceipt = true }
        TIMManager.sharedInstance().getUserConfig().receiptListener = receipts
        TIMManager.sharedInstance().getUserConfig().messgeRevokeListener = revokes
        XCTAssertTrue(TIMManager.sharedInstance().getUserConfig().messageReceiptListener === receipts)
        _ = try await send("mine", to: "a")
        try session.server.sendText("theirs", from: "a", toUser: "me")
        try session.server.markC2CRead(reader: "a", peer: "me")
        let revoked = try session.server.revokeMessage(seq: 2, from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(receipts.peers, ["a"])
        XCTAssertEqual(revokes.ids, [revoked.id])
    }

    func test_theOptionalSpellingsOfTheRevokeAndReceiptListeners_areCalledOnce() async throws {
        let revokes = RevokeRecorderOptional()
        let receipts = ReceiptRecorderOptional()
        try await start { config in
            config.enableReadReceipt = true
            config.messageRevokeListener = revokes
            config.messageReceiptListener = receipts
        }
        _ = try await send("mine", to: "a")
        try session.server.sendText("theirs", from: "a", toUser: "me")
        try session.server.markC2CRead(reader: "a", peer: "me")
        let revoked = try session.server.revokeMessage(seq: 2, from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(revokes.ids, [revoked.id])
        XCTAssertEqual(receipts.spellings.sorted(), ["? typed 1", "? untyped 1"])
    }

    func test_withoutEnableReadReceipt_theReceiptListenerIsNotCalled_andIsPeerReadedIsFalse() async throws {
        let receipts = ReceiptRecorder()
        try await start { $0.messageReceiptListener = receipts }
        let mine = try await send("mine", to: "a")
        try session.server.markC2CRead(reader: "a", peer: "me")
        await session.settle()
        XCTAssertFalse(mine.isPeerReaded())
        XCTAssertEqual(receipts.peers, [])
    }

    func test_thePeersAutoReport_sendsNoReceipt_theirSetReadMessageDoes() async throws {
        // The peer "a" logs in through the legacy API with auto report on (its default): every
        // message its device pulls counts as read on the server, but is no read of theirs.
        try await start("a", peers: ["me"])
        let me = try await device("me")
        let mine = try XCTUnwrap(me.manager.createTextMessage(text: "hi a"))
        _ = try await me.manager.sendMessage(message: mine, receiver: "a", groupID: nil)
        // The auto report leaves the device after the push is applied, on its own: wait for it.
        let deadline = Date().addingTimeInterval(5)
        while try session.server.conversations(of: "a").first(where: { $0.id == .c2c("me") })?.unreadMessages.isEmpty != true,
              Date() < deadline {
            await session.settle()
        }
        await me.settle()
        let pulled = try XCTUnwrap(session.server.conversations(of: "a").first { $0.id == .c2c("me") })
        XCTAssertEqual(pulled.unreadMessages.count, 0, "the auto report counted it as read on the server")
        XCTAssertEqual(me.recorder.receipts, [], "pulled is not read")

        let read = await outcome { self.conversation("me").setReadMessage(nil, succ: $0, fail: $1) }
        XCTAssertNil(read.reported)
        await me.settle()
        XCTAssertEqual(me.recorder.receipts.count, 1, "setReadMessage is a read: the sender gets a receipt")
        let shown = try await me.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(shown.lastMessage?.isPeerRead, true)
    }
}

/// Records `onRevokeMessage` calls: each spelling, and the locators (once per event). A class cannot
/// declare both the `!` and the `?` form (Swift sees one signature): `RevokeRecorderOptional` has it.
private final class RevokeRecorder: TIMMessageRevokeListener, @unchecked Sendable {
    private let log = Locked<(spellings: [String], locators: [TIMMessageLocator])>(([], []))
    var spellings: [String] { log.withLock { $0.spellings } }
    var locators: [TIMMessageLocator] { log.withLock { $0.locators } }

    func onRevokeMessage(_ locator: TIMMessageLocator!) {
        log.withLock { log in
            log.spellings.append("!")
            log.locators.append(locator)
        }
    }

    func onRevokeMessage(_ locator: TIMMessageLocator) { log.withLock { $0.spellings.append("plain") } }
}

/// The `?` spelling of `onRevokeMessage`.
private final class RevokeRecorderOptional: TIMMessageRevokeListener, @unchecked Sendable {
    private let log = Locked<[String]>([])
    var ids: [String] { log.withLock { $0 } }

    func onRevokeMessage(_ locator: TIMMessageLocator?) { log.withLock { $0.append(locator?.msgId ?? "nil") } }
}

/// Records `onRecvMessageReceipts` calls: each spelling but the `?` ones (see
/// `ReceiptRecorderOptional`), and the receipts.
private final class ReceiptRecorder: TIMMessageReceiptListener, @unchecked Sendable {
    private let log = Locked<(spellings: [String], receipts: [TIMMessageReceipt])>(([], []))
    var spellings: [String] { log.withLock { $0.spellings } }
    var peers: [String] { log.withLock { $0.receipts.map { $0.conversation.getReceiver() ?? "" } } }
    var timestamps: [Int] { log.withLock { $0.receipts.map(\.timestamp) } }

    private func record(_ spelling: String) { log.withLock { $0.spellings.append(spelling) } }

    func onRecvMessageReceipts(_ receipts: [Any]!) {
        log.withLock { log in
            log.spellings.append("!")
            log.receipts += (receipts ?? []).compactMap { $0 as? TIMMessageReceipt }
        }
    }

    func onRecvMessageReceipts(_ receipts: [Any]) { record("plain") }
    func onRecvMessageReceipts(_ receipts: [TIMMessageReceipt]!) { record("typed !") }
    func onRecvMessageReceipts(_ receipts: [TIMMessageReceipt]) { record("typed plain") }
}

/// The `?` spellings of `onRecvMessageReceipts`.
private final class ReceiptRecorderOptional: TIMMessageReceiptListener, @unchecked Sendable {
    private let log = Locked<[String]>([])
    var spellings: [String] { log.withLock { $0 } }

    func onRecvMessageReceipts(_ receipts: [Any]?) { log.withLock { $0.append("? untyped \(receipts?.count ?? -1)") } }
    func onRecvMessageReceipts(_ receipts: [TIMMessageReceipt]?) { log.withLock { $0.append("? typed \(receipts?.count ?? -1)") } }
}

/// Every spelling of `onMessageUpdate`: the header's `[Any]!` records the texts.
private final class UpdateRecorder: TIMMessageUpdateListener, @unchecked Sendable {
    private let log = Locked<(texts: [[String]], spellings: [String])>(([], []))
    var texts: [[String]] { log.withLock { $0.texts } }
    var spellings: [String] { log.withLock { $0.spellings } }

    private func note(_ spelling: String) { log.withLock { $0.spellings.append(spelling) } }

    func onMessageUpdate(_ msgs: [Any]!) {
        let texts = (msgs ?? []).compactMap { ($0 as? TIMMessage)?.getElem(0) as? TIMTextElem }.map { $0.text ?? "?" }
        log.withLock { $0.texts.append(texts) }
        note("!")
    }
    func onMessageUpdate(_ msgs: [Any]) { note("plain") }
    func onMessageUpdate(_ msgs: [TIMMessage]!) { note("typed !") }
    func onMessageUpdate(_ msgs: [TIMMessage]) { note("typed plain") }
}

/// The `?` spellings of `onMessageUpdate` (a class cannot hold a method in both its `!` and `?` forms).
private final class UpdateRecorderOptional: TIMMessageUpdateListener, @unchecked Sendable {
    private let log = Locked<[String]>([])
    var spellings: [String] { log.withLock { $0 } }

    func onMessageUpdate(_ msgs: [Any]?) { log.withLock { $0.append("?") } }
    func onMessageUpdate(_ msgs: [TIMMessage]?) { log.withLock { $0.append("typed ?") } }
}
