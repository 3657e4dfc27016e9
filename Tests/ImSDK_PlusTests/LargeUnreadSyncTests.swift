import XCTest
import IMCore
import IMReferenceServer
import IMTransportKit
import IMTestSupport
@testable import ImSDK_Plus

/// A conversation whose unread messages weigh more than a socket frame (32 MiB) syncs over the
/// socket: answers carry the newest unread messages within their byte budget, the device fetches
/// the older ones through the history before it applies the state, and ends with every unread
/// message counted. Before, every answer listing that conversation passed the frame limit, the
/// connection dropped (9520) and the sync retried forever.
final class LargeUnreadSyncTests: XCTestCase {
    private var sessions: [V2TestSession] = []
    private var directory: TemporaryDirectory?

    override func setUp() {
        super.setUp()
        TestNetwork.routeOverSocket { addTeardownBlock($0) }
    }

    override func tearDown() {
        sessions.forEach { $0.tearDown() }
        sessions = []
        directory?.remove()
        super.tearDown()
    }

    /// A server whose cloud list holds one conversation and whose answers carry 20,000 bytes of
    /// unread messages: 60 messages of 1,000 bytes (`body`) from alice, then one from bob, so that
    /// a device starting from nothing lists only bob. Returns it and the body.
    private static func serverWithAliceOutsideTheCloudList() throws -> (IMReferenceServer, String) {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        server.cloudListLimit = 1
        server.syncPageByteBudget = 20_000
        for user in ["me", "alice", "bob"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        let body = String(repeating: "m", count: 1_000)
        for _ in 0..<60 { try server.sendText(body, from: "alice", toUser: "me") }
        try server.sendText("newer", from: "bob", toUser: "me")
        return (server, body)
    }

    /// Waits (up to 60 s) until `session` shows `expected` unread messages in c2c_alice.
    private func unread(of session: V2TestSession, reaching expected: UInt64) async throws -> UInt64 {
        var total: UInt64 = 0
        for _ in 0..<600 {
            total = (try? await session.manager.getTotalUnreadMessageCount()) ?? 0
            if total == expected { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        return total
    }

    func test_unreadMessagesLargerThanAFrame_syncFromZeroAndIncrementally_everyOneCounted() async throws {
        let watchdog = Watchdog(seconds: 120, #function)
        defer { watchdog.disarm() }
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "alice"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        directory = try TemporaryDirectory(prefix: "large-unread")
        // A device that synced before the messages came, and comes back from its stored version.
        let returning = try await V2TestSession(
            server: server, instance: V2TIMManager.makeInstance(), storage: .disk(directory: directory!.path),
            logLevel: .LOG_NONE)
        sessions.append(returning)
        try await returning.manager.logout()

        let count = 3_000
        let body = String(repeating: "m", count: 12_000)  // 36 MB in all (a body is at most 12 KB)
        for _ in 0..<count { try server.sendText(body, from: "alice", toUser: "me") }

        // A device starting from nothing: the cloud list.
        let fresh = try await V2TestSession(server: server, logLevel: .LOG_NONE)
        sessions.append(fresh)
        try await returning.manager.login(userID: "me", userSig: "sig")
        for (name, session) in [("from zero", fresh), ("incrementally", returning)] {
            let total = try await unread(of: session, reaching: UInt64(count))
            XCTAssertEqual(total, UInt64(count), "\(name): every unread message counted")
            let conversation = try await session.manager.getConversation(conversationID: "c2c_alice")
            XCTAssertEqual(conversation.unreadCount, Int32(count), name)
            XCTAssertEqual(conversation.lastMessage?.textElem?.text, body, name)
            XCTAssertTrue(session.recorder.events.contains(.syncFinished), "\(name): the sync finished")
            session.checkInvariants()
        }
        // The returning device announced each message once, as new.
        XCTAssertEqual(returning.recorder.received.map(\.seq), Array(1...UInt64(count)))
    }

    /// A conversation outside the cloud list that a push starts on the device: the device asks for
    /// its state, whose answer leaves out older unread messages; it fetches them, asks again, and
    /// counts every one.
    func test_aConversationAPushStarts_outsideTheCloudList_getsEveryUnreadMessage_theAnswerLeftOut() async throws {
        let (server, body) = try Self.serverWithAliceOutsideTheCloudList()
        let session = try await V2TestSession(server: server, logLevel: .LOG_NONE)
        sessions.append(session)
        await session.settle()
        let listed = try await session.listIDs()
        XCTAssertEqual(listed, ["c2c_bob"], "alice's conversation is outside the cloud list")

        try server.sendText(body, from: "alice", toUser: "me")
        let total = try await unread(of: session, reaching: 62)
        XCTAssertEqual(total, 62, "bob's one, and alice's 61: the 60 before the push fetched")
        let conversation = try await session.manager.getConversation(conversationID: "c2c_alice")
        XCTAssertEqual(conversation.unreadCount, 61)
        session.checkInvariants()
    }
    /// A group set to "do not receive except @": the server delivers only the messages that @ the
    /// user, but the group's history holds them all. A device starting from nothing gets the
    /// newest unread messages within the budget and fetches the older ones it was not given: only
    /// those delivered (`.deliveredHistory`), so it counts what the server and the first device
    /// count. Before, it fetched them from the group's history and counted every message in it.
    func test_leftOutUnreadOfAGroupThatOnlyDeliversMentions_countsOnlyTheDeliveredMessages() async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        server.syncPageByteBudget = 6_000
        for user in ["me", "alice"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        try server.createGroup("g", members: ["me", "alice"])
        let first = try await V2TestSession(server: server, logLevel: .LOG_NONE)
        sessions.append(first)
        try await first.manager.setGroupReceiveMessageOpt(groupID: "g", opt: .NOT_RECEIVE_MESSAGE_EXCEPT_AT)
        let body = String(repeating: "m", count: 1_000)
        for index in 0..<30 {
            try server.sendText("\(index) " + body, from: "alice", toGroup: "g", atUserIDs: index.isMultiple(of: 2) ? ["me"] : [])
        }
        let onFirst = try await unread(of: first, reaching: 15)
        XCTAssertEqual(onFirst, 15, "the first device got the 15 that @ me")

        let fresh = try await V2TestSession(server: server, instance: V2TIMManager.makeInstance(), logLevel: .LOG_NONE)
        sessions.append(fresh)
        await fresh.settle()
        let group = try await fresh.manager.getConversation(conversationID: "group_g")
        XCTAssertEqual(group.unreadCount, 15, "what the server delivered, not the group's 30")
        let total = try await fresh.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 15)
        XCTAssertEqual(group.groupAtInfolist?.count, 15)
        fresh.checkInvariants()
    }

    /// A server of protocol version 1 knows no `deliveredHistory`: over its connection the SDK
    /// fetches the left-out messages with `history`, as before, and counts every one; over a
    /// connection of version 2 it uses `deliveredHistory`.
    func test_leftOutUnread_areFetchedWithHistory_fromAServerOfProtocolVersion1() async throws {
        for version in [1, 2] {
            let (server, body) = try Self.serverWithAliceOutsideTheCloudList()
            let transport = VersionedTransport(wrapping: TestNetwork.transport(to: server), version: version)
            let session = try await V2TestSession(
                server: server, transport: transport, instance: V2TIMManager.makeInstance(), logLevel: .LOG_NONE)
            sessions.append(session)
            try server.sendText(body, from: "alice", toUser: "me")
            let total = try await unread(of: session, reaching: 62)
            XCTAssertEqual(total, 62, "version \(version)")
            let kinds = transport.sent.compactMap { request -> String? in
                switch request {
                case .history: return "history"
                case .deliveredHistory: return "deliveredHistory"
                default: return nil
                }
            }
            XCTAssertFalse(kinds.isEmpty, "version \(version): the left-out messages were fetched")
            XCTAssertEqual(Set(kinds), [version == 1 ? "history" : "deliveredHistory"], "version \(version)")
        }
    }

    /// A sync page leaves out the unread messages delivered before the version it starts from (the
    /// device holds them). A conversation outside the cloud list the device synced from scratch is
    /// the exception: the device lacks it, so it fetches those messages before it applies the page,
    /// and counts every one; only the message that came while it was away is new.
    func test_aSyncPage_leavesOutUnreadMessagesTheDeviceHolds_andADeviceLackingThemFetchesThem() async throws {
        let watchdog = Watchdog(seconds: 120, #function)
        defer { watchdog.disarm() }
        let server = IMReferenceServer(loginPolicy: .unlimited)
        server.cloudListLimit = 1
        for user in ["me", "alice", "bob"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        for index in 0..<5 { try server.sendText("old \(index)", from: "alice", toUser: "me") }
        try server.sendText("newer", from: "bob", toUser: "me")
        directory = try TemporaryDirectory(prefix: "left-out-unread")
        let session = try await V2TestSession(
            server: server, instance: V2TIMManager.makeInstance(), storage: .disk(directory: directory!.path),
            logLevel: .LOG_NONE)
        sessions.append(session)
        await session.settle()
        let listed = try await session.listIDs()
        XCTAssertEqual(listed, ["c2c_bob"], "alice's conversation is outside the cloud list")
        try await session.manager.logout()

        try server.sendText("while away", from: "alice", toUser: "me")
        try server.sendText("again", from: "bob", toUser: "me")
        try await session.manager.login(userID: "me", userSig: "sig")
        let total = try await unread(of: session, reaching: 8)
        XCTAssertEqual(total, 8, "bob's two, and alice's six: the five left out fetched")
        let alice = try await session.manager.getConversation(conversationID: "c2c_alice")
        XCTAssertEqual(alice.unreadCount, 6)
        XCTAssertEqual(alice.lastMessage?.textElem?.text, "while away")
        let history = try await session.manager.getC2CHistoryMessageList(userID: "alice", count: 10, lastMsg: nil)
        XCTAssertEqual(history.compactMap { $0.textElem?.text }, ["while away", "old 4", "old 3", "old 2", "old 1", "old 0"])
        XCTAssertEqual(session.recorder.received.compactMap(\.text), ["while away", "again"],
                       "only what came while the device was away is new")
        session.checkInvariants()
    }
}
