import Foundation
import IMCore
import IMReferenceServer
import IMTransportKit
import XCTest

/// The client's heartbeat: it runs while the client is logged in, stops with it, and never keeps it
/// alive.
final class HeartbeatTests: XCTestCase {
    private func loggedInClient(heartbeatInterval: Double) async throws -> (IMClient, HeartbeatCountingTransport) {
        let server = IMReferenceServer()
        try server.registerUser("me")
        let transport = HeartbeatCountingTransport(wrapping: server)
        let client = IMClient(
            userID: "me", transport: transport, callbackQueue: DispatchQueue(label: "HeartbeatTests"),
            heartbeatInterval: heartbeatInterval, clock: { 1_700_000_000 })
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            client.start(userSig: "sig") { _ in continuation.resume() }
        }
        return (client, transport)
    }

    func test_heartbeats_runWhileLoggedIn_andStopWithTheClient() async throws {
        let (client, transport) = try await loggedInClient(heartbeatInterval: 0.02)
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertGreaterThanOrEqual(transport.heartbeats, 3, "a heartbeat every 20 ms while logged in")
        client.stop()
        let atStop = transport.heartbeats
        try await Task.sleep(nanoseconds: 200_000_000)
        XCTAssertLessThanOrEqual(transport.heartbeats, atStop + 1, "none after stop() (one may have been on its way)")
    }

    func test_aStoppedClient_isReleased_althoughItsNextHeartbeatIsDue_onlyLater() async throws {
        var client: IMClient? = try await loggedInClient(heartbeatInterval: 5).0
        weak let released = client
        client?.stop()
        client = nil
        for _ in 0..<100 where released != nil { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertNil(released, "the pending heartbeat holds the client weakly")
    }
}

/// Passes everything to a server and counts the `.heartbeat` requests.
private final class HeartbeatCountingTransport: IMTransport, @unchecked Sendable {
    private let inner: any IMTransport
    private let count = Locked(0)

    init(wrapping inner: any IMTransport) {
        self.inner = inner
    }

    var heartbeats: Int { count.withLock { $0 } }

    func connect(_ login: IMLoginInfo, sink: any IMPushSink,
                 completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void) {
        inner.connect(login, sink: sink) { [count] result in
            completion(result.map { Connection(inner: $0, count: count) })
        }
    }

    private final class Connection: IMConnection, @unchecked Sendable {
        let inner: any IMConnection
        let count: Locked<Int>
        init(inner: any IMConnection, count: Locked<Int>) {
            self.inner = inner
            self.count = count
        }
        var userID: String { inner.userID }
        var serverEpoch: String { inner.serverEpoch }
        func close() { inner.close() }
        func send(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void) {
            if case .heartbeat = request { count.withLock { $0 += 1 } }
            inner.send(request, completion: completion)
        }
    }
}
