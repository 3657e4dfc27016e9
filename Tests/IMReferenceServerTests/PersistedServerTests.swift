import XCTest
import IMTestSupport
import IMTransportKit
@testable import IMReferenceServer

/// A server that keeps its state in a file: a new instance over the file is the same cloud, under
/// the same epoch; one process (here: one open instance) at a time.
final class PersistedServerTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "persisted-server")
    }

    override func tearDown() {
        directory?.remove()
        super.tearDown()
    }

    /// Everything a device could see of each user, and the epoch.
    private func cloud(of server: IMReferenceServer, users: [String]) throws -> String {
        var lines = ["epoch \(server.epoch)"]
        for user in users {
            lines.append("\(user) v\(try server.version(of: user)) \(try server.conversations(of: user))")
        }
        return lines.joined(separator: "\n")
    }

    func test_anotherInstanceOverTheFile_isTheSameCloudUnderTheSameEpoch() async throws {
        let path = directory.file("server.sqlite")
        let users = ["me", "a", "b"]
        var before = ""
        do {
            let server = try IMReferenceServer(persistingAt: path, clock: { 1_700_000_000 })
            for user in users { try server.registerUser(user, nickname: "N-\(user)", faceURL: nil) }
            try server.setFriendRemark(owner: "me", friend: "a", remark: "Alice")
            try server.createGroup("g", name: "G", faceURL: nil, members: users)
            try server.sendText("hi \u{0}'\"", from: "a", toUser: "me")
            try server.sendText("@me", from: "b", toGroup: "g", atUserIDs: ["me"])
            try server.send(OutgoingMessage(id: "", receiver: .user("me"), content: .custom(Data([0, 1, 2]))), from: "b")
            // Requests from a device: read, pin, mute, delete, draft.
            let device = try await RawDevice(userID: "me", transport: server)
            try await device.send(.markRead(.c2c("a"), upTo: .max))
            try await device.send(.setPinned(.group("g"), true))
            try await device.send(.setReceiveOption([.c2c("b")], .doNotReceive))
            try await device.send(.deleteConversation(.c2c("b"), clearingMessages: true))
            try await device.send(.setDraft(.c2c("a"), DraftChange(text: "later", timestamp: 5)))
            _ = try await device.send(.sendMessage(OutgoingMessage(id: "mine-1", receiver: .user("a"), content: .text("yo"))))
            device.close()
            try server.expireUserSig(userID: "me")
            before = try cloud(of: server, users: users)
        }
        // The first open replays the journal (and folds it into a snapshot), the second loads the snapshot.
        for open in ["replaying the journal", "loading the snapshot"] {
            let reopened = try IMReferenceServer(persistingAt: path, clock: { 1_700_000_100 })
            XCTAssertEqual(try cloud(of: reopened, users: users), before, open)
            // The expired signature stays expired.
            let refused = await connectResult(reopened, user: "me", userSig: "sig")
            XCTAssertEqual(refused?.code, .userSigExpired, open)
        }
        // And it goes on from there: the next message is the next sequence.
        let reopened = try IMReferenceServer(persistingAt: path, clock: { 1_700_000_100 })
        XCTAssertEqual(try reopened.sendText("again", from: "a", toUser: "me"), 3)
    }

    func test_anOpen_foldsTheJournalIntoASnapshot_andChangesAfterItReplayOnTopOfIt() async throws {
        let path = directory.file("server.sqlite")
        var epoch = ""
        do {
            let server = try IMReferenceServer(persistingAt: path)
            epoch = server.epoch
            for user in ["me", "a"] { try server.registerUser(user) }
            for n in 1...50 { try server.sendText("\(n)", from: "a", toUser: "me") }
        }
        XCTAssertEqual(try ServerJournal(path: path).contents().operations.count, 52)
        do {
            let server = try IMReferenceServer(persistingAt: path)
            XCTAssertEqual(server.epoch, epoch)
            try server.sendText("after the snapshot", from: "me", toUser: "a")
        }
        let (snapshot, operations) = try ServerJournal(path: path).contents()
        XCTAssertNotNil(snapshot)
        XCTAssertEqual(operations.count, 1, "the open folded the 52 changes; one came after")
        let server = try IMReferenceServer(persistingAt: path)
        XCTAssertEqual(server.epoch, epoch)
        let conversation = try XCTUnwrap(server.conversations(of: "me").first)
        XCTAssertEqual(conversation.lastSeq, 51)
        XCTAssertEqual(conversation.lastMessage?.content.text, "after the snapshot")
        XCTAssertEqual(try server.sendText("next", from: "a", toUser: "me"), 52)
    }

    func test_revokesDeletionsClearedHistoriesAndReadReceipts_areReplayedFromTheFile() async throws {
        let path = directory.file("server.sqlite")
        let users = ["me", "a", "b"]
        let clock = Locked<UInt64>(1_700_000_000)
        var before = ""
        var histories: [[Message]] = []
        do {
            let server = try IMReferenceServer(persistingAt: path, clock: { clock.withLock { $0 } })
            for user in users { try server.registerUser(user, nickname: nil, faceURL: nil) }
            try server.createGroup("g", name: "G", faceURL: nil, members: users)
            for n in 1...3 { try server.sendText("\(n)", from: "a", toUser: "me") }
            try server.sendText("g1", from: "b", toGroup: "g")
            try server.sendText("g2", from: "b", toGroup: "g")
            try server.revokeMessage(seq: 3, from: "a", toUser: "me")
            try server.markC2CRead(reader: "a", peer: "me")
            clock.withLock { $0 += 200 }
            // Too late now: refused, and refused again when replayed (the journal keeps the time).
            XCTAssertThrowsError(try server.revokeMessage(seq: 2, from: "a", toUser: "me"))
            let device = try await RawDevice(userID: "me", transport: server)
            _ = try await device.send(.sendMessage(OutgoingMessage(id: "mine-1", receiver: .user("a"), content: .text("yo"))))
            try await device.send(.deleteMessages(.c2c("a"), seqs: [1]))
            try await device.send(.clearHistory(.group("g")))
            device.close()
            before = try cloud(of: server, users: users)
            histories = try await [history(server, "me", .c2c("a")), history(server, "me", .group("g"))]
        }
        for open in ["replaying the journal", "loading the snapshot"] {
            let reopened = try IMReferenceServer(persistingAt: path, clock: { 1_700_000_500 })
            XCTAssertEqual(try cloud(of: reopened, users: users), before, open)
            let replayed = try await [history(reopened, "me", .c2c("a")), history(reopened, "me", .group("g"))]
            XCTAssertEqual(replayed, histories, open)
        }
        let reopened = try IMReferenceServer(persistingAt: path, clock: { 1_700_000_500 })
        XCTAssertEqual(histories[0].map(\.seq), [4, 3, 2], "message 1 deleted, 3 revoked, 4 mine")
        XCTAssertEqual(histories[0].map(\.status), [.sent, .revoked, .sent])
        XCTAssertEqual(histories[1], [], "cleared")
        let a = try XCTUnwrap(reopened.conversations(of: "me").first { $0.id == .c2c("a") })
        XCTAssertEqual(a.peerRead.seq, 3, "a read up to 3 before my reply")
    }

    private func history(_ server: IMReferenceServer, _ user: String, _ id: ConversationID) async throws -> [Message] {
        let device = try await RawDevice(userID: user, transport: server)
        defer { device.close() }
        guard case .messages(let messages) = try await device.send(.history(id, beforeSeq: nil, count: 20)) else { return [] }
        return messages
    }

    /// A snapshot written before accounts kept the deliveries of conversations deleted with their
    /// messages kept (2026-11-29) still reads: the field is optional.
    func test_anAccountWrittenBeforeKeptDeliveries_stillReads() throws {
        var account = UserAccount(nickname: "Alice", faceURL: nil)
        account.keptDeliveries = [ConversationID.c2c("bob"): [1, 2]]
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: JSONEncoder().encode(account)) as? [String: Any])
        XCTAssertNotNil(object.removeValue(forKey: "keptDeliveries"))
        let read = try JSONDecoder().decode(UserAccount.self, from: try JSONSerialization.data(withJSONObject: object))
        XCTAssertNil(read.keptDeliveries)
        XCTAssertEqual(try JSONDecoder().decode(UserAccount.self, from: JSONEncoder().encode(account)).keptDeliveries,
                       account.keptDeliveries)
    }

    func test_aSecondOpenOfTheSameFile_failsWithAClearError_andAResetIsANewEpoch() throws {
        let path = directory.file("server.sqlite")
        let first = try IMReferenceServer(persistingAt: path)
        XCTAssertThrowsError(try IMReferenceServer(persistingAt: path)) { error in
            let error = error as? IMError
            XCTAssertEqual(error?.code, .ioOperationFailed)
            XCTAssertTrue(error?.message.contains("in use by another process") == true, "\(String(describing: error))")
        }
        try first.registerUser("me", nickname: nil, faceURL: nil)
        let epoch = first.epoch
        first.reset()
        XCTAssertNotEqual(first.epoch, epoch)
        XCTAssertThrowsError(try first.version(of: "me"), "a reset empties the file too")
    }

    func test_theEmbeddedServerOfAnApp_isOnePerFile_nextToTheStores() throws {
        let one = try IMReferenceServer.embedded(appID: 7, directory: directory.path)
        XCTAssertTrue(try IMReferenceServer.embedded(appID: 7, directory: directory.path) === one)
        XCTAssertFalse(try IMReferenceServer.embedded(appID: 8, directory: directory.path) === one)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.file("imserver_7.sqlite")))
    }

    private func connectResult(_ server: IMReferenceServer, user: String, userSig: String) async -> IMError? {
        await withCheckedContinuation { continuation in
            server.connect(IMLoginInfo(userID: user, userSig: userSig), sink: NullSink()) { result in
                switch result {
                case .success(let connection):
                    connection.close()
                    continuation.resume(returning: nil)
                case .failure(let error):
                    continuation.resume(returning: error)
                }
            }
        }
    }
}

private final class NullSink: IMPushSink {
    func receive(_ push: IMPush, version: UInt64) {}
}
