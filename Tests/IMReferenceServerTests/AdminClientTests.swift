import XCTest
import IMReferenceServer
import IMTestSupport
import IMTransportKit

/// `IMAdminClient`: the administrative API over the socket does what the in-process methods do,
/// with the same errors and codes, and reconnects for the call after a broken connection.
final class AdminClientTests: XCTestCase {
    private var network: IMNetworkServer?

    override func tearDown() {
        network?.stop()
        network = nil
        super.tearDown()
    }

    private func serve(_ server: IMReferenceServer, port: UInt16 = 0) throws -> IMNetworkServer {
        let network = try IMNetworkServer(serving: server, configuration: .init(port: port))
        self.network = network
        return network
    }

    func test_everyCall_changesTheServer_asTheInProcessMethodDoes() async throws {
        let served = IMReferenceServer()
        let twin = IMReferenceServer()
        let admin = IMAdminClient(port: try serve(served).port)
        defer { admin.close() }

        for user in ["alice", "bob", "carol"] {
            try await admin.registerUser(user, nickname: user.capitalized, faceURL: "https://face/\(user)")
            try twin.registerUser(user, nickname: user.capitalized, faceURL: "https://face/\(user)")
        }
        try await admin.setFriendRemark(owner: "alice", friend: "bob", remark: "Bobby")
        try twin.setFriendRemark(owner: "alice", friend: "bob", remark: "Bobby")
        try await admin.createGroup("hiking", name: "Hiking", groupType: "Public", members: ["alice", "bob", "carol"])
        try twin.createGroup("hiking", name: "Hiking", groupType: "Public", members: ["alice", "bob", "carol"])

        let seqs = [
            try await admin.sendText("hi", from: "bob", toUser: "alice"),
            try await admin.sendText("again", from: "bob", toUser: "alice"),
            try await admin.sendText("all", from: "carol", toGroup: "hiking", atUserIDs: ["alice"], atAll: true),
        ]
        XCTAssertEqual(seqs, [
            try twin.sendText("hi", from: "bob", toUser: "alice"),
            try twin.sendText("again", from: "bob", toUser: "alice"),
            try twin.sendText("all", from: "carol", toGroup: "hiking", atUserIDs: ["alice"], atAll: true),
        ])
        XCTAssertEqual(seqs, [1, 2, 1])
        let outgoing = OutgoingMessage(id: "m-1", random: 7, receiver: .user("carol"), content: .text("yo"), isExcludedFromUnreadCount: true)
        let sent = try await admin.send(outgoing, from: "alice")
        XCTAssertEqual(sent.id, "m-1")
        XCTAssertEqual(sent.seq, 1)
        XCTAssertEqual(sent.content.text, "yo")
        try twin.send(outgoing, from: "alice")

        let revoked = try await admin.revokeMessage(seq: 2, from: "bob", toUser: "alice")
        XCTAssertEqual(revoked.seq, 2)
        try twin.revokeMessage(seq: 2, from: "bob", toUser: "alice")
        let groupRevoked = try await admin.revokeMessage(seq: 1, from: "carol", toGroup: "hiking")
        XCTAssertEqual(groupRevoked.status, try twin.revokeMessage(seq: 1, from: "carol", toGroup: "hiking").status)
        let cursors = [
            try await admin.markC2CRead(reader: "alice", peer: "bob", upTo: 1),
            try await admin.markC2CRead(reader: "carol", peer: "alice"),
        ]
        XCTAssertEqual(cursors, [try twin.markC2CRead(reader: "alice", peer: "bob", upTo: 1), try twin.markC2CRead(reader: "carol", peer: "alice")])

        for user in ["alice", "bob", "carol"] {
            let overTheSocket = try await admin.conversations(of: user)
            let inTwin = try twin.conversations(of: user)
            XCTAssertEqual(overTheSocket, try served.conversations(of: user), user)
            XCTAssertEqual(overTheSocket.map(\.id), inTwin.map(\.id), user)
            XCTAssertEqual(overTheSocket.map(\.readSeq), inTwin.map(\.readSeq), user)
            XCTAssertEqual(overTheSocket.map(\.unreadMessages.count), inTwin.map(\.unreadMessages.count), user)
            XCTAssertEqual(overTheSocket.map(\.profile), inTwin.map(\.profile), user)
            XCTAssertEqual(overTheSocket.map { $0.lastMessage?.content.text }, inTwin.map { $0.lastMessage?.content.text }, user)
            let version = try await admin.version(of: user)
            XCTAssertEqual(version, try served.version(of: user), user)
            XCTAssertEqual(version, try twin.version(of: user), user)
        }
        let epoch = try await admin.epoch()
        XCTAssertEqual(epoch, served.epoch)
    }

    func test_badCalls_failWithTheServersCodes_andChangeNothing() async throws {
        let served = IMReferenceServer()
        try served.registerUser("alice")
        try served.registerUser("bob")
        try served.createGroup("g", members: ["alice"])
        let admin = IMAdminClient(port: try serve(served).port)
        defer { admin.close() }
        let before = try served.version(of: "alice")

        let cases: [(String, IMError.Code, () async throws -> Void)] = [
            ("an empty user ID", .invalidParameters, { try await admin.registerUser("") }),
            ("an unknown sender", .unknownUser, { try await admin.sendText("x", from: "nobody", toUser: "alice") }),
            ("an unknown receiver", .unknownUser, { try await admin.sendText("x", from: "bob", toUser: "nobody") }),
            ("an unknown group", .unknownGroup, { try await admin.sendText("x", from: "alice", toGroup: "nope") }),
            ("not a member", .notGroupMember, { try await admin.sendText("x", from: "bob", toGroup: "g") }),
            ("a group of strangers", .unknownUser, { try await admin.createGroup("h", members: ["alice", "nobody"]) }),
            ("kick an unknown user", .unknownUser, { _ = try await admin.kickOffline(userID: "nobody") }),
            ("expire an unknown user", .unknownUser, { try await admin.expireUserSig(userID: "nobody") }),
            ("conversations of an unknown user", .unknownUser, { _ = try await admin.conversations(of: "nobody") }),
            ("version of an unknown user", .unknownUser, { _ = try await admin.version(of: "nobody") }),
            ("revoke a message never sent", .invalidParameters, { try await admin.revokeMessage(seq: 9, from: "alice", toUser: "bob") }),
            ("read a conversation that is not there", .invalidConversation, { try await admin.markC2CRead(reader: "alice", peer: "bob") }),
        ]
        for (situation, code, call) in cases {
            do {
                try await call()
                XCTFail("\(situation): succeeded")
            } catch let error as IMError {
                XCTAssertEqual(error.code, code, "\(situation): \(error)")
            }
        }
        XCTAssertEqual(try served.version(of: "alice"), before, "nothing changed")
        let epoch = try await admin.epoch()
        XCTAssertEqual(epoch, served.epoch, "the connection is still good after the errors")
    }

    func test_kickAndExpire_endTheDevicesConnections_withTheirCodes() async throws {
        let served = IMReferenceServer()
        try served.registerUser("me")
        let network = try serve(served)
        let admin = IMAdminClient(port: network.port)
        defer { admin.close() }
        let transport = IMSocketTransport(port: network.port)

        let kicked = try await RawDevice(userID: "me", transport: transport, platform: .iOS)
        defer { kicked.close() }
        let kickedOnAndroid = try await admin.kickOffline(userID: "me", platform: .android)
        XCTAssertEqual(kickedOnAndroid, 0)
        let kickedOnIOS = try await admin.kickOffline(userID: "me", platform: .iOS)
        XCTAssertEqual(kickedOnIOS, 1)
        try await waitUntil { kicked.lostError != nil }
        XCTAssertEqual(kicked.lostError?.code, .kickedOff)

        let expired = try await RawDevice(userID: "me", transport: transport, platform: .iOS)
        defer { expired.close() }
        try await admin.expireUserSig(userID: "me")
        try await waitUntil { expired.lostError != nil }
        XCTAssertEqual(expired.lostError?.code, .userSigExpired)
    }

    func test_whatTheAdministratorSends_isPushedToTheDevices() async throws {
        let served = IMReferenceServer()
        let network = try serve(served)
        let admin = IMAdminClient(port: network.port)
        defer { admin.close() }
        try await admin.registerUser("me")
        try await admin.registerUser("bob")
        let device = try await RawDevice(userID: "me", transport: IMSocketTransport(port: network.port))
        defer { device.close() }

        try await admin.sendText("hello", from: "bob", toUser: "me")
        try await waitUntil { !device.pushes.isEmpty }
        guard case .newMessage(let message, _) = device.pushes.first else { return XCTFail("\(device.pushes)") }
        XCTAssertEqual(message.content.text, "hello")
    }

    func test_concurrentCalls_eachGetTheirOwnAnswer() async throws {
        let served = IMReferenceServer()
        try served.registerUser("me")
        try served.registerUser("bob")
        let admin = IMAdminClient(port: try serve(served).port)
        defer { admin.close() }

        let seqs = try await withThrowingTaskGroup(of: UInt64.self) { group in
            for index in 0..<50 {
                group.addTask { try await admin.sendText("m\(index)", from: "bob", toUser: "me") }
            }
            return try await group.reduce(into: Set<UInt64>()) { $0.insert($1) }
        }
        XCTAssertEqual(seqs, Set(1...50))
        XCTAssertEqual(try served.conversations(of: "me").first?.unreadMessages.count, 50)
    }

    func test_aServerThatIsNotThere_failsTheCall_withNetworkFailure() async throws {
        let network = try serve(IMReferenceServer())
        let port = network.port
        network.stop()
        let admin = IMAdminClient(port: port, timeout: 2)
        do {
            try await admin.registerUser("me")
            XCTFail("a stopped server took the call")
        } catch {
            XCTAssertEqual(error.code, .networkFailure)
        }
    }

    func test_afterTheConnectionBreaks_theNextCallOpensAnother() async throws {
        let served = IMReferenceServer()
        let first = try serve(served)
        let port = first.port
        let admin = IMAdminClient(port: port, timeout: 2)
        defer { admin.close() }
        try await admin.registerUser("me")

        first.stop()
        do {
            try await admin.registerUser("bob")
            XCTFail("a stopped server took the call")
        } catch {
            XCTAssertEqual(error.code, .networkFailure)
        }
        _ = try serve(served, port: port)
        try await admin.registerUser("bob")
        XCTAssertEqual(try served.version(of: "bob"), 1)
        let epoch = try await admin.epoch()
        XCTAssertEqual(epoch, served.epoch)
    }

    func test_aConnectionTheServerClosedWhileIdle_isReplacedForTheNextCall() async throws {
        let served = IMReferenceServer()
        var configuration = IMNetworkServer.Configuration()
        configuration.idleTimeout = 1
        let network = try IMNetworkServer(serving: served, configuration: configuration)
        self.network = network
        let admin = IMAdminClient(port: network.port)
        defer { admin.close() }
        try await admin.registerUser("me")
        XCTAssertTrue(admin.hasConnection)
        try await waitUntil { !admin.hasConnection }
        try await waitUntil { network.connectionCount == 0 }

        try await admin.registerUser("bob")
        XCTAssertEqual(try served.version(of: "bob"), 1)
    }

    func test_aWrongSecretKey_isRefused_withTheServersCode() async throws {
        var configuration = IMNetworkServer.Configuration(secretKey: "the server's key")
        configuration.port = 0
        let network = try IMNetworkServer(serving: IMReferenceServer(), configuration: configuration)
        self.network = network
        let admin = IMAdminClient(port: network.port, secretKey: "another key")
        defer { admin.close() }
        for _ in 0..<2 {
            do {
                _ = try await admin.epoch()
                XCTFail("a wrong key was taken")
            } catch {
                XCTAssertEqual(error.code, .userSigWrongKey, "\(error)")
            }
        }
    }

    private func waitUntil(_ condition: @escaping () -> Bool) async throws {
        for _ in 0..<500 where !condition() {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertTrue(condition(), "timed out")
    }
}
