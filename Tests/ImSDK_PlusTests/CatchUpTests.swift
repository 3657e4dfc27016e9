import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
import ImSDK
@testable import ImSDK_Plus

/// Devices with more conversations than the server's 100-conversation cloud list, behind lost
/// pushes, offline or fresh, catch up with the server: their lists and every message event.
class CatchUpTests: XCTestCase {
    private var sessions: [V2TestSession] = []
    private let legacyMessages = LegacyMessageRecorder()

    override func tearDown() {
        TIMManager.sharedInstance().removeMessageListener(legacyMessages)
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    /// A server with `me` and `count` peers `p0`, `p1`, ... (any number of devices per platform).
    private func server(peers count: Int) throws -> (IMReferenceServer, [String]) {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        let peers = (0..<count).map { "p\($0)" }
        for user in ["me"] + peers { try server.registerUser(user) }
        return (server, peers)
    }

    /// A logged-in device of `me`: the shared instance (legacy listeners hear it too) or another one.
    private func device(
        _ server: IMReferenceServer, transport: (any IMTransport)? = nil, shared: Bool = false,
        storage: V2TIMStorage = .memory, heartbeat: Double? = nil
    ) async throws -> V2TestSession {
        let session = try await V2TestSession(
            server: server, transport: transport, instance: shared ? nil : V2TIMManager.makeInstance(),
            storage: storage, heartbeatInterval: heartbeat)
        if shared { TIMManager.sharedInstance().addMessageListener(legacyMessages) }
        sessions.append(session)
        return session
    }

    /// Sends a text from `session` and returns the message's key (`Convergence.key`).
    private func send(_ text: String, from session: V2TestSession, to peer: String? = nil, group: String? = nil)
        async throws -> String
    {
        let message = try XCTUnwrap(session.manager.createTextMessage(text: text))
        _ = try await session.manager.sendMessage(message: message, receiver: peer, groupID: group)
        let id: ConversationID = group.map(ConversationID.group) ?? .c2c(peer ?? "")
        return Convergence.key(id.stringForm, message.seq)
    }

    private func assertAgree(_ devices: [V2TestSession], _ server: IMReferenceServer, within timeout: Double,
                             file: StaticString = #filePath, line: UInt = #line) async throws -> Double {
        let seconds = try await Convergence.wait(for: devices, server: server, userID: "me", timeout: timeout)
        for device in devices { await device.settle() }
        XCTAssertNotNil(seconds, "the devices did not converge within \(timeout) s", file: file, line: line)
        return seconds ?? timeout
    }

    // MARK: - More conversations than the cloud list

    func test_aReadOnOneDevice_whileTheOtherIsLoggedOut_reachesItAtItsNextLogin_with200Conversations() async throws {
        let (server, peers) = try server(peers: 200)
        let directory = try TemporaryDirectory(prefix: "catch-up-tablet")
        defer { directory.remove() }
        // The tablet keeps its store on disk: its next login syncs from the version it reached.
        let tablet = try await device(server, shared: true, storage: .disk(directory: directory.path))
        let phone = try await device(server)
        for peer in peers { try server.sendText("hi", from: peer, toUser: "me") }
        await tablet.settle()
        await phone.settle()
        try await tablet.manager.logout()
        // p0 is the oldest of 200: far outside the 100 most recent.
        try await call { phone.manager.markC2CMessage(asRead: "p0", succ: $0, fail: $1) }
        try await phone.manager.pinConversation(conversationID: "c2c_p1", isPinned: true)
        try await phone.manager.setC2CReceiveMessageOpt(userIDList: ["p2"], opt: .RECEIVE_NOT_NOTIFY_MESSAGE)
        try await tablet.manager.login(userID: "me", userSig: "sig")
        _ = try await assertAgree([tablet, phone], server, within: 5)
        let p0 = try await tablet.manager.getConversation(conversationID: "c2c_p0")
        XCTAssertEqual(p0.unreadCount, 0, "the read made while the tablet was away reached it")
        XCTAssertEqual(TIMManager.sharedInstance().getConversation(.C2C, receiver: "p0")?.getUnReadMessageNum(), 0,
                       "through the legacy API too")
        let total = try await tablet.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 198, "199 unread, p2's muted")
    }

    func test_aDeviceBehindPushLoss_withoutAReconnect_convergesWithinTheHeartbeat_andHearsEveryMessageOnce() async throws {
        let (server, peers) = try server(peers: 150)
        let lossy = FaultInjectingTransport(wrapping: TestNetwork.transport(to: server), faults: IMFaults(drop: 0.05, seed: 7))
        let tablet = try await device(server, transport: lossy, shared: true, heartbeat: 0.2)
        let phone = try await device(server)
        for round in 0..<4 {
            for peer in peers { try server.sendText("r\(round)", from: peer, toUser: "me") }
            await phone.settle()
            try await call { phone.manager.markC2CMessage(asRead: peers[round * 7], succ: $0, fail: $1) }
            try await phone.manager.pinConversation(conversationID: "c2c_\(peers[round])", isPinned: true)
        }
        let seconds = try await assertAgree([tablet, phone], server, within: 10)
        XCTAssertLessThan(seconds, 5, "repaired within a few heartbeats of 0.2 s")
        XCTAssertGreaterThan(lossy.injected.dropped, 10, "pushes were lost")
        XCTAssertEqual(lossy.injected.disconnects, 0, "and the connection stayed up")
        for (name, received) in [("V2", tablet.recorder.received), ("legacy", legacyMessages.received)] {
            let heard = Convergence.heard(received)
            XCTAssertEqual(heard.count, 600, "\(name): every message was announced")
            XCTAssertEqual(heard.values.filter { $0 != 1 }.count, 0, "\(name): once each")
        }
    }

    func test_tenThousandMessagesMissedAcross200Conversations_convergeAfterTheReconnect_eachAnnouncedOnce() async throws {
        let (server, peers) = try server(peers: 200)
        let transport = FaultInjectingTransport(wrapping: TestNetwork.transport(to: server), faults: .none)
        let tablet = try await device(server, transport: transport, shared: true, heartbeat: 0.2)
        tablet.recorder.clear()
        transport.failNextConnects(.max)
        transport.disconnectAll()
        for round in 0..<50 {
            for peer in peers { try server.sendText("\(round)", from: peer, toUser: "me") }
        }
        transport.failNextConnects(0)
        // Generous: over the socket under ThreadSanitizer the 21 pages take about a minute.
        _ = try await assertAgree([tablet], server, within: 180)
        let total = try await tablet.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 10_000)
        for (name, received) in [("V2", tablet.recorder.received), ("legacy", legacyMessages.received)] {
            let heard = Convergence.heard(received)
            XCTAssertEqual(heard.count, 10_000, "\(name): every missed message was announced")
            XCTAssertEqual(heard.values.filter { $0 != 1 }.count, 0, "\(name): once each")
        }
        let syncs = tablet.recorder.events.filter { $0 == .syncStarted || $0 == .syncFinished }
        XCTAssertEqual(syncs, [.syncStarted, .syncFinished], "20 and more pages of 500 changes, one sync")
    }

    // MARK: - A device starting from nothing

    func test_aFreshDevice_listsAPinnedConversationOlderThanTheCloudList_pinned_withItsUnreadCount() async throws {
        let (server, peers) = try server(peers: 120)
        let phone = try await device(server)
        try server.sendText("1", from: "p0", toUser: "me")
        for peer in peers { try server.sendText("hi", from: peer, toUser: "me") }
        await phone.settle()
        try await phone.manager.pinConversation(conversationID: "c2c_p5", isPinned: true)
        let tablet = try await device(server)
        let list = try await tablet.walk().list
        XCTAssertEqual(list.count, 101, "the 100 most recent, and the older pin")
        XCTAssertEqual(list.first?.conversationID, "c2c_p5")
        XCTAssertEqual(list.first?.isPinned, true)
        XCTAssertEqual(list.first?.unreadCount, 1)
    }

    func test_aNewMessage_inAConversationOutsideAFreshDevicesList_showsTheServersUnreadCountAndSettings() async throws {
        let (server, peers) = try server(peers: 120)
        let phone = try await device(server)
        for text in ["1", "2", "3"] { try server.sendText(text, from: "p0", toUser: "me") }
        try server.sendText("1", from: "p2", toUser: "me")
        for peer in peers.dropFirst(3) { try server.sendText("hi", from: peer, toUser: "me") }
        await phone.settle()
        try await phone.manager.setC2CReceiveMessageOpt(userIDList: ["p2"], opt: .RECEIVE_NOT_NOTIFY_MESSAGE)
        let tablet = try await device(server)
        let before = try await tablet.listIDs()
        XCTAssertFalse(before.contains("c2c_p0"), "p0 is older than the 100 most recent")
        try server.sendText("4", from: "p0", toUser: "me")
        try server.sendText("2", from: "p2", toUser: "me")
        // The state of each comes by a request after its push: wait for both answers (p2's option
        // may come before its answer, with the push that starts the conversation here).
        for _ in 0..<250 {
            await tablet.settle()
            let p0 = try? await tablet.manager.getConversation(conversationID: "c2c_p0")
            let p2 = try? await tablet.manager.getConversation(conversationID: "c2c_p2")
            if p0?.unreadCount == 4 && p2?.recvOpt == .RECEIVE_NOT_NOTIFY_MESSAGE { break }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        let p0 = try await tablet.manager.getConversation(conversationID: "c2c_p0")
        XCTAssertEqual(p0.unreadCount, 4, "the server's count, not the one message that brought it")
        let p2 = try await tablet.manager.getConversation(conversationID: "c2c_p2")
        XCTAssertEqual(p2.recvOpt, .RECEIVE_NOT_NOTIFY_MESSAGE)
        XCTAssertEqual(Set(Convergence.heard(tablet.recorder.received).keys), ["c2c_p0#4", "c2c_p2#2"],
                       "only the messages that came while it was online are new")
    }

    func test_messagesThatArriveBeforeAFailedLoginSyncIsRetried_areAnnounced() async throws {
        let (server, _) = try server(peers: 1)
        try server.sendText("before the login", from: "p0", toUser: "me")
        let tablet = try await device(server, transport: FailingSyncTransport(wrapping: TestNetwork.transport(to: server), failures: 1))
        XCTAssertEqual(tablet.recorder.events.filter { $0 == .syncFinished }, [], "the login's sync failed")
        try server.sendText("1", from: "p0", toUser: "me")
        try server.sendText("2", from: "p0", toUser: "me")
        _ = try await assertAgree([tablet], server, within: 5)
        XCTAssertEqual(Convergence.heard(tablet.recorder.received), ["c2c_p0#2": 1, "c2c_p0#3": 1],
                       "pushed before the device had synced, so it could not apply them: the retry brings them")
    }

    // MARK: - A lost last push

    func test_aSingleLostLastPush_isRepairedByTheHeartbeat_withoutAReconnect() async throws {
        let (server, _) = try server(peers: 1)
        for text in ["1", "2", "3"] { try server.sendText(text, from: "p0", toUser: "me") }
        let phone = try await device(server)
        let lossy = FaultInjectingTransport(wrapping: TestNetwork.transport(to: server), faults: IMFaults(drop: 1))
        let tablet = try await device(server, transport: lossy, heartbeat: 0.2)
        let before = try await tablet.manager.getConversation(conversationID: "c2c_p0")
        XCTAssertEqual(before.unreadCount, 3)
        tablet.recorder.clear()
        try await call { phone.manager.markC2CMessage(asRead: "p0", succ: $0, fail: $1) }
        let seconds = try await assertAgree([tablet], server, within: 5)
        XCTAssertLessThan(seconds, 2, "about one heartbeat of 0.2 s and a sync")
        let after = try await tablet.manager.getConversation(conversationID: "c2c_p0")
        XCTAssertEqual(after.unreadCount, 0)
        XCTAssertEqual(lossy.injected.dropped, 1, "the read's push, the only one, was lost")
        XCTAssertEqual(lossy.injected.disconnects, 0)
        XCTAssertFalse(tablet.recorder.events.contains(.syncFailed), "no reconnect")
    }

    // MARK: - Message events

    func test_withPushLossPagesAndAReconnect_everyMessageToADevice_isAnnouncedOnce_andItsOwnSendsNever() async throws {
        let (server, peers) = try server(peers: 3)
        try server.createGroup("g", members: ["me"] + peers)
        server.syncPageLimit = 5
        let lossy = FaultInjectingTransport(wrapping: TestNetwork.transport(to: server), faults: IMFaults(drop: 0.2, seed: 3))
        let tablet = try await device(server, transport: lossy, shared: true, heartbeat: 0.2)
        let phone = try await device(server)
        var sentByTablet: Set<String> = []
        var sentByPhone: Set<String> = []
        var everything: Set<String> = []
        var random = SeededRandomGenerator(seed: 11)
        for step in 0..<80 {
            let peer = peers.randomElement(using: &random)!
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                let seq = try server.sendText("\(step)", from: peer, toUser: "me")
                everything.insert(Convergence.key("c2c_\(peer)", seq))
            case 2:
                let seq = try server.sendText("\(step)", from: peer, toGroup: "g")
                everything.insert(Convergence.key("group_g", seq))
            case 3:
                let key = try await send("\(step)", from: phone, to: peer)
                sentByPhone.insert(key)
                everything.insert(key)
            default:
                let group = Bool.random(using: &random) ? "g" : nil
                let key = try await send("\(step)", from: tablet, to: group == nil ? peer : nil, group: group)
                sentByTablet.insert(key)
                everything.insert(key)
            }
            if step == 40 {
                // A reconnect in the middle: wait for its sync before the tablet sends again. Only a
                // sync that starts after the disconnect counts: one already under way (a heartbeat's)
                // may still finish, before the reconnect, and the tablet would send unconnected.
                let before = tablet.recorder.events.count
                lossy.disconnectAll()
                while !Self.syncStartedAndFinished(in: tablet.recorder.events.dropFirst(before)) {
                    try await Task.sleep(nanoseconds: 10_000_000)
                }
            }
        }
        _ = try await assertAgree([tablet, phone], server, within: 10)
        XCTAssertGreaterThan(lossy.injected.dropped, 5)
        for (name, received) in [("tablet V2", tablet.recorder.received), ("tablet legacy", legacyMessages.received)] {
            let heard = Convergence.heard(received)
            XCTAssertEqual(Set(heard.keys), everything.subtracting(sentByTablet), "\(name): all but its own sends")
            XCTAssertEqual(heard.values.filter { $0 != 1 }.count, 0, "\(name): once each")
        }
        let phoneHeard = Convergence.heard(phone.recorder.received)
        XCTAssertEqual(Set(phoneHeard.keys), everything.subtracting(sentByPhone))
        XCTAssertEqual(phoneHeard.values.filter { $0 != 1 }.count, 0)
    }
}

extension CatchUpTests {
    /// Whether `events` hold a sync that started and then finished.
    static func syncStartedAndFinished(in events: ArraySlice<V2EventRecorder.Event>) -> Bool {
        guard let start = events.firstIndex(of: .syncStarted) else { return false }
        return events[start...].contains(.syncFinished)
    }
}
