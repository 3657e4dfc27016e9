import XCTest
import IMReferenceServer
import IMTestSupport
import IMTransportKit
@testable import ImSDK_Plus

/// A V2 session over `IMSocketTransport` whose networked server goes away and comes back on the
/// same port: the SDK reconnects with backoff by itself and catches up on what it missed.
final class SocketReconnectTests: XCTestCase {
    private var session: V2TestSession?
    private var networks: [IMNetworkServer] = []

    override func tearDown() {
        session?.tearDown()
        networks.forEach { $0.stop() }
        super.tearDown()
    }

    func test_theServerStopsAndComesBackOnTheSamePort_theSessionReconnects_andHearsWhatItMissed() async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        try server.registerUser("me")
        try server.registerUser("bob")
        let first = try IMNetworkServer(serving: server)
        networks.append(first)
        let port = first.port
        let session = try await V2TestSession(server: server, transport: IMSocketTransport(port: port, connectTimeout: 2))
        self.session = session
        try server.sendText("before", from: "bob", toUser: "me")
        try await waitUntil("the first message") { session.recorder.received.count == 1 }

        first.stop()
        for n in 1...3 { try server.sendText("missed \(n)", from: "bob", toUser: "me") }
        try await Task.sleep(nanoseconds: 300_000_000)  // a few failed reconnects
        networks.append(try IMNetworkServer(serving: server, configuration: .init(port: port)))

        try await waitUntil("the missed messages") { session.recorder.received.count == 4 }
        XCTAssertEqual(session.recorder.received.map(\.text), ["before", "missed 1", "missed 2", "missed 3"])
        let conversation = try await session.manager.getConversation(conversationID: "c2c_bob")
        XCTAssertEqual(conversation.unreadCount, 4)
        XCTAssertEqual(conversation.lastMessage?.textElem?.text, "missed 3")
    }

    private func waitUntil(_ what: String, _ condition: @escaping () -> Bool) async throws {
        for _ in 0..<1_000 where !condition() {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertTrue(condition(), "timed out waiting for \(what)")
    }
}
