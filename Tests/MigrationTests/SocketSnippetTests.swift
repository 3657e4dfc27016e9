import IMReferenceServer
import ImSDK
import ImSDK_Plus
import XCTest

/// (j) Pointing the app at a server in another process: the same screens over `IMSocketTransport`
/// to the private server on a loopback port, through either API.
final class SocketSnippetTests: SnippetTestCase {
    private func serve() throws -> IMNetworkServer {
        try register(["me", "bob"])
        try server.sendText("over the socket", from: "bob", toUser: "me")
        return try IMNetworkServer(serving: server)
    }

    func test_legacySocketSetup_logsInOverTheSocket_andShowsTheServersConversations() async throws {
        let network = try serve()
        defer { network.stop() }
        let screen = LegacyInboxScreen()
        await onCallbackQueue {
            screen.setUpSDK(host: "127.0.0.1", port: network.port)
            screen.logIn(userID: "me", userSig: "sig")
        }
        let loggedIn = await screen.log.wait { $0.contains(.loggedIn) || $0.contains { $0.isFailure } }
        XCTAssertTrue(loggedIn)
        XCTAssertEqual(screen.log.failures, [])
        for _ in 0..<500 where TIMManager.sharedInstance().getConversationList().isEmpty {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertEqual(TIMManager.sharedInstance().getConversationList().map { $0.getReceiver() }, ["bob"])
        XCTAssertEqual(network.connectionCount, 1, "one connection, over the socket")
    }

    func test_v2SocketSetup_logsInOverTheSocket_andShowsTheServersConversations() async throws {
        let network = try serve()
        defer { network.stop() }
        let screen = InboxScreen()
        await onCallbackQueue {
            screen.setUpSDK(host: "127.0.0.1", port: network.port)
            screen.logIn(userID: "me", userSig: "sig")
        }
        let loggedIn = await screen.log.wait { $0.contains(.loggedIn) || $0.contains { $0.isFailure } }
        XCTAssertTrue(loggedIn)
        XCTAssertEqual(screen.log.failures, [])
        await onCallbackQueue { screen.reloadConversations() }
        let rows = await screen.log.waitForReload { $0.first?.lastText == "over the socket" }
        XCTAssertEqual(rows?.map(\.unread), [1])
        XCTAssertEqual(network.connectionCount, 1, "one connection, over the socket")
    }
}
