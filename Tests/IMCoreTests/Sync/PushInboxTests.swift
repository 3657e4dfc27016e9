import Foundation
import IMCore
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import XCTest

/// The client's push inbox: pushes wait there and are applied in batches, each still announced on
/// its own, every answer after the pushes that came before it, all of them on disk.
final class PushInboxTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "push-inbox")
    }

    override func tearDown() {
        directory?.remove()
        super.tearDown()
    }

    private func loggedInClient(
        on server: IMReferenceServer, events: Locked<[ClientEvent]>,
        messageCacheLimit: Int = ConversationStore.defaultMessageCacheLimit
    ) async throws -> IMClient {
        let client = IMClient(
            userID: "me", transport: server, callbackQueue: DispatchQueue(label: "PushInboxTests"),
            databasePath: directory.file("me.sqlite"), checksInvariants: true, messageCacheLimit: messageCacheLimit,
            batchLogFoldThreshold: 0, clock: { 1_700_000_000 })
        client.addObserver { event in events.withLock { $0.append(event) } }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, IMError>, Never>) in
            client.start(userSig: "sig") { continuation.resume(returning: $0) }
        }
        try result.get()
        return client
    }

    /// Returns once every push that reached `client` before now is applied (an answer's completion
    /// runs after them).
    private func pushesApplied(on client: IMClient) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            client.perform(.profiles([])) { _ in continuation.resume() }
        }
    }

    func test_anAnswerAfterAFlood_findsEveryEarlierPushApplied_eachAnnouncedOnItsOwn_andAllOnDisk() async throws {
        let server = IMReferenceServer()
        try server.registerUser("me")
        try server.registerUser("a")
        let events = Locked<[ClientEvent]>([])
        let client = try await loggedInClient(on: server, events: events)
        let count: UInt64 = 2_000
        for index in 1...count { try server.sendText("\(index)", from: "a", toUser: "me") }

        // The answer comes after the 2,000 pushes on the connection: its completion sees them all.
        let lastSeq = await withCheckedContinuation { (continuation: CheckedContinuation<UInt64, Never>) in
            client.perform(.profiles([])) { _ in
                continuation.resume(returning: client.read { $0.conversation(.c2c("a"))?.lastSeq ?? 0 })
            }
        }
        XCTAssertEqual(lastSeq, count, "every push before the answer is applied when its completion runs")

        // Each push is still one batch, announced once, in order.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            client.callbackQueue.async { continuation.resume() }
        }
        let announced = events.withLock { events in
            events.flatMap { event -> [String] in
                guard case .changes(let batch) = event else { return [] }
                XCTAssertLessThanOrEqual(batch.newMessages.count, 1, "one push, one batch")
                return batch.newMessages.map(\.id)
            }
        }
        XCTAssertEqual(announced.count, Int(count))
        XCTAssertEqual(Set(announced).count, Int(count))

        // All of them reached the database (in few transactions, but every one).
        client.stop()
        let database = try ConversationDatabase.open(at: directory.file("me.sqlite"), logger: .silent)
        XCTAssertEqual(try database.loadCounters()?.counters.totalUnread, Int(count))
        XCTAssertEqual(try database.loadCounters()?.syncVersion, try server.version(of: "me"))
    }

    /// An event emitted before `stop()` reaches the observers even when the callback queue gets to
    /// it after the stop (the change stands, on disk); a change made after the stop emits nothing.
    func test_anEventEmittedBeforeTheStop_reachesTheObservers_afterIt_andNothingIsEmittedAfterTheStop() async throws {
        let server = IMReferenceServer()
        try server.registerUser("me")
        try server.registerUser("a")
        let events = Locked<[ClientEvent]>([])
        let client = try await loggedInClient(on: server, events: events)
        let drained = { await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            client.callbackQueue.async { continuation.resume() }
        } }
        await drained()
        events.withLock { $0.removeAll() }

        let gate = DispatchSemaphore(value: 0)
        client.callbackQueue.async { gate.wait() }
        try server.sendText("before the stop", from: "a", toUser: "me")
        await pushesApplied(on: client)
        client.stop()
        client.write { $0.markRead(.c2c("a"), upTo: 1) }  // after the stop: announced to no one
        gate.signal()
        await drained()

        let announced = events.withLock { events in
            events.compactMap { event -> [String]? in
                guard case .changes(let batch) = event else { return nil }
                return batch.newMessages.map(\.id) + batch.changed.map { "changed \($0.id.stringForm) unread \($0.unreadCount)" }
            }
        }
        XCTAssertEqual(announced.count, 1, "the push's batch only: \(announced)")
        XCTAssertEqual(announced.first?.first.map { !$0.hasPrefix("changed") }, true, "the push's message: \(announced)")
        XCTAssertFalse(announced.joined().contains("unread 0"), "the read after the stop is not announced: \(announced)")
    }

    /// A batch committed after the stop (a drain of the inbox queued just before it, say) on a
    /// store whose messages live in its database beyond a small cache: the stopped store let go
    /// of the database, so the recount check, which reads it, must not run (it failed, and
    /// crashed the test process, about one logout in ten of `MessageStorageTests`).
    func test_aBatchAfterTheStop_onAStoreHoldingFewMessagesInMemory_checksNothing() async throws {
        let server = IMReferenceServer()
        try server.registerUser("me")
        try server.registerUser("a")
        let client = try await loggedInClient(on: server, events: Locked([]), messageCacheLimit: 1)
        for index in 1...5 { try server.sendText("\(index)", from: "a", toUser: "me") }
        await pushesApplied(on: client)
        XCTAssertEqual(client.read { $0.conversation(.c2c("a"))?.unreadCount }, 5)
        XCTAssertLessThanOrEqual(client.read { $0.acceptedMessagesInMemory }, 1, "the rest live in the database")
        client.stop()
        client.write { _ in }  // would fail the recount check: the messages are out of reach
        XCTAssertEqual(client.read { $0.conversation(.c2c("a"))?.unreadCount }, 5, "the stopped store stays as it was")
    }

    func test_atDebugLevel_aLoginLogsItsConnectAndItsSyncPages() async throws {
        let server = IMReferenceServer()
        try server.registerUser("me")
        let lines = Locked<[(IMLogger.Level, String)]>([])
        let client = IMClient(
            userID: "me", transport: server, callbackQueue: DispatchQueue(label: "PushInboxTests.log"),
            logger: IMLogger(minimumLevel: .debug) { level, line in lines.withLock { $0.append((level, line)) } },
            clock: { 1_700_000_000 })
        _ = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, IMError>, Never>) in
            client.start(userSig: "sig") { continuation.resume(returning: $0) }
        }
        client.stop()
        let debug = lines.withLock { $0.filter { $0.0 == .debug }.map(\.1) }
        XCTAssertTrue(debug.contains { $0.hasPrefix("connecting me") }, "\(debug)")
        XCTAssertTrue(debug.contains { $0.hasPrefix("sync page after version 0") }, "\(debug)")
    }
}
