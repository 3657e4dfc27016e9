import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// C2C read receipts: when the peer marks our conversation read, my messages up to their read
/// point show `isPeerRead`, and `onRecvC2CReadReceipt` tells every device of mine, also one that
/// missed the push; a device starting from nothing shows the point without an event.
final class ReadReceiptTests: XCTestCase {
    private var sessions: [V2TestSession] = []
    private let clock = SteppingClock(start: 1_800_000_000)

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    private func phone(storage: V2TIMStorage = .memory) async throws -> V2TestSession {
        let session = try await V2TestSession(peers: ["a", "b"], serverClock: clock.next, storage: storage)
        sessions.append(session)
        return session
    }

    private func device(
        _ userID: String = "me", on server: IMReferenceServer, transport: (any IMTransport)? = nil,
        heartbeat: Double? = nil
    ) async throws -> V2TestSession {
        let session = try await V2TestSession(
            userID: userID, server: server, transport: transport, instance: V2TIMManager.makeInstance(),
            heartbeatInterval: heartbeat)
        sessions.append(session)
        return session
    }

    private func settle(_ list: [V2TestSession]) async {
        for session in list { await session.settle() }
        for session in list { await session.settle() }
    }

    private func send(_ text: String, from session: V2TestSession, to peer: String) async throws -> V2TIMMessage {
        let message = try XCTUnwrap(session.manager.createTextMessage(text: text))
        _ = try await session.manager.sendMessage(message: message, receiver: peer, groupID: nil)
        return message
    }

    /// `isPeerRead` of the messages of my conversation with `peer`, oldest first, as history shows them.
    private func peerRead(_ session: V2TestSession, with peer: String = "a") async throws -> [String] {
        try await session.manager.getC2CHistoryMessageList(userID: peer, count: 20, lastMsg: nil).reversed()
            .map { "\($0.textElem?.text ?? "?")=\($0.isPeerRead)" }
    }

    func test_thePeerMarkingTheConversationRead_reachesEveryDeviceOfMine_asAReceiptAndIsPeerRead() async throws {
        let phone = try await phone()
        let tablet = try await device(on: phone.server)
        let peer = try await device("a", on: phone.server)
        let first = try await send("one", from: phone, to: "a")
        let second = try await send("two", from: phone, to: "a")
        try phone.server.sendText("hers", from: "a", toUser: "me")
        await settle([phone, tablet, peer])
        let before = try await peerRead(phone)
        XCTAssertEqual(before, ["one=false", "two=false", "hers=false"])

        try await call { peer.manager.markC2CMessage(asRead: "me", succ: $0, fail: $1) }
        await settle([phone, tablet, peer])

        let readUpTo = try XCTUnwrap(phone.server.conversations(of: "a").first { $0.id == .c2c("me") }?.readSeq)
        XCTAssertEqual(readUpTo, 3)
        let newest = try await phone.manager.getC2CHistoryMessageList(userID: "a", count: 1, lastMsg: nil)
        let expectedTime = Int(try XCTUnwrap(newest.first).timestamp.timeIntervalSince1970)
        for session in [phone, tablet] {
            XCTAssertEqual(session.recorder.receipts, ["a@\(expectedTime)"], "one receipt, the time of the newest message read")
            let shown = try await peerRead(session)
            XCTAssertEqual(shown, ["one=true", "two=true", "hers=false"], "mine up to the point; hers never")
        }
        XCTAssertEqual(peer.recorder.receipts, [], "the reader hears no receipt of their own read")
        XCTAssertEqual(first.isPeerRead, false, "a snapshot handed out before the receipt does not change")
        _ = second
        try await call { peer.manager.markC2CMessage(asRead: "me", succ: $0, fail: $1) }
        await settle([phone, tablet, peer])
        XCTAssertEqual(phone.recorder.receipts.count, 1, "a read that goes no further sends no receipt")
    }

    func test_aPartialReadOfThePeer_marksMyMessagesUpToItsPointOnly() async throws {
        let phone = try await phone()
        let peer = try await device("a", on: phone.server)
        _ = try await send("one", from: phone, to: "a")
        _ = try await send("two", from: phone, to: "a")
        _ = try await send("three", from: phone, to: "a")
        await settle([phone, peer])
        let two = try await peer.manager.getC2CHistoryMessageList(userID: "me", count: 3, lastMsg: nil)[1]
        try await call {
            peer.manager.cleanConversationUnreadMessageCount(
                conversationID: "c2c_me", cleanTimestamp: UInt64(two.timestamp.timeIntervalSince1970),
                cleanSequence: 0, succ: $0, fail: $1)
        }
        await settle([phone, peer])
        let shown = try await peerRead(phone)
        XCTAssertEqual(shown, ["one=true", "two=true", "three=false"])
        let last = try await phone.manager.getConversation(conversationID: "c2c_a").lastMessage
        XCTAssertEqual(last?.isPeerRead, false, "the last message, three, is not read yet")
        try phone.server.markC2CRead(reader: "a", peer: "me")
        await phone.settle()
        let lastAfter = try await phone.manager.getConversation(conversationID: "c2c_a").lastMessage
        XCTAssertEqual(lastAfter?.isPeerRead, true)
        XCTAssertEqual(phone.recorder.receipts.count, 2)
    }

    func test_aDeviceThatMissedTheReceipt_getsItWithItsSync_andAFreshDeviceShowsItWithoutAnEvent() async throws {
        let phone = try await phone()
        let network = PushLossTransport(wrapping: phone.server)
        let tablet = try await device(on: phone.server, transport: network, heartbeat: 0.01)
        _ = try await send("one", from: phone, to: "a")
        await settle([phone, tablet])
        network.loseNextPushes(1)
        try phone.server.markC2CRead(reader: "a", peer: "me")
        let converged = try await Convergence.wait(for: [phone, tablet], server: phone.server, userID: "me", timeout: 5)
        XCTAssertNotNil(converged)
        await settle([phone, tablet])
        XCTAssertEqual(network.lost, 1)
        XCTAssertEqual(tablet.recorder.receipts.count, 1, "the sync brings the receipt, announced once")
        let onTablet = try await tablet.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(onTablet.lastMessage?.isPeerRead, true)

        let fresh = try await device(on: phone.server)
        let onFresh = try await fresh.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(onFresh.lastMessage?.isPeerRead, true, "the server keeps the pair's read point")
        XCTAssertEqual(fresh.recorder.receipts, [])
    }

    func test_thePeerReadPoint_isKeptInTheDatabase_acrossARestart() async throws {
        let directory = try TemporaryDirectory(prefix: "receipt-disk")
        defer { directory.remove() }
        let phone = try await phone(storage: .disk(directory: directory.path))
        _ = try await send("one", from: phone, to: "a")
        try phone.server.markC2CRead(reader: "a", peer: "me")
        await phone.settle()
        try await phone.manager.logout()
        try await phone.manager.login(userID: "me", userSig: "sig")
        let shown = try await phone.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(shown.lastMessage?.isPeerRead, true)
    }

    func test_groupReads_sendNoReceipts() async throws {
        let phone = try await phone()
        try phone.server.createGroup("g", name: nil, members: ["me", "a"])
        let message = try XCTUnwrap(phone.manager.createTextMessage(text: "hi all"))
        _ = try await phone.manager.sendMessage(message: message, receiver: nil, groupID: "g")
        let peer = try await device("a", on: phone.server)
        try await call { peer.manager.markGroupMessage(asRead: "g", succ: $0, fail: $1) }
        await settle([phone, peer])
        XCTAssertEqual(phone.recorder.receipts, [])
        let last = try await phone.manager.getConversation(conversationID: "group_g").lastMessage
        XCTAssertEqual(last?.isPeerRead, false)
    }

    func test_everySpellingOfOnRecvC2CReadReceipt_isCalledOnce() async throws {
        let phone = try await phone()
        let log = SpellingLog()
        let listeners: [any V2TIMAdvancedMsgListener] = [ReceiptSpellings(log), ReceiptSpellingsOptional(log)]
        listeners.forEach { phone.manager.addAdvancedMsgListener(listener: $0) }
        _ = try await send("one", from: phone, to: "a")
        try phone.server.markC2CRead(reader: "a", peer: "me")
        await phone.settle()
        let spellings = ["labelled", "labelled!", "unlabelled", "unlabelled!", "labelled?", "unlabelled?"]
        XCTAssertEqual(log.calls.sorted(), spellings.map { "\($0) a" }.sorted())
        withExtendedLifetime(listeners) {}
    }
}

/// The plain and `!` spellings of `onRecvC2CReadReceipt`.
private final class ReceiptSpellings: V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    private func peers(_ list: [V2TIMMessageReceipt]?) -> String {
        (list ?? []).map { $0.isPeerRead ? $0.userID ?? "nil" : "unread" }.joined(separator: ",")
    }

    func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]) { log.record("labelled", peers(receiptList)) }
    func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]!) { log.record("labelled!", peers(receiptList)) }
    func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]) { log.record("unlabelled", peers(receiptList)) }
    func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]!) { log.record("unlabelled!", peers(receiptList)) }
}

/// The `?` spellings of `onRecvC2CReadReceipt`.
private final class ReceiptSpellingsOptional: V2TIMAdvancedMsgListener, @unchecked Sendable {
    let log: SpellingLog
    init(_ log: SpellingLog) { self.log = log }

    private func peers(_ list: [V2TIMMessageReceipt]?) -> String {
        (list ?? []).map { $0.isPeerRead ? $0.userID ?? "nil" : "unread" }.joined(separator: ",")
    }

    func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]?) { log.record("labelled?", peers(receiptList)) }
    func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]?) { log.record("unlabelled?", peers(receiptList)) }
}
