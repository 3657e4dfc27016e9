import XCTest
import IMReferenceServer
import IMTestSupport
import IMTransportKit
#if canImport(Glibc)
import Glibc
#endif

/// The reference server over TCP (`IMNetworkServer`) with the socket transport: the same
/// connections, requests, responses and pushes as in process.
final class NetworkServerTests: XCTestCase {
    private var network: IMNetworkServer?

    override func tearDown() {
        network?.stop()
        network = nil
        super.tearDown()
    }

    private func serve(_ server: IMReferenceServer) throws -> IMSocketTransport {
        let network = try IMNetworkServer(serving: server)
        self.network = network
        return IMSocketTransport(port: network.port)
    }

    func test_aDevice_logsIn_sendsAndReceives_overTheSocket() async throws {
        let server = IMReferenceServer()
        try server.registerUser("me")
        try server.registerUser("bob")
        let transport = try serve(server)
        let device = try await RawDevice(userID: "me", transport: transport)
        defer { device.close() }

        guard case .message(let sent) = try await device.send(.sendMessage(OutgoingMessage(id: "m1", receiver: .user("bob"), content: .text("hi")))) else {
            return XCTFail("a send answers with its message")
        }
        XCTAssertEqual(sent.seq, 1)
        try server.sendText("back", from: "bob", toUser: "me")
        try await waitUntil { device.pushes.count >= 2 }
        let texts = device.pushes.compactMap { push -> String? in
            if case .newMessage(let message, _) = push { return message.content.text }
            return nil
        }
        XCTAssertEqual(texts, ["hi", "back"])
    }

    func test_aLoginOfAnUnknownUser_isRefused_withTheServersCode() async throws {
        let server = IMReferenceServer()
        let transport = try serve(server)
        do {
            _ = try await RawDevice(userID: "nobody", transport: transport)
            XCTFail("an unknown user logged in")
        } catch let error as IMError {
            XCTAssertEqual(error.code, .unknownUser)
        }
    }

    func test_aKick_reachesTheDevice_asKickedOff() async throws {
        let server = IMReferenceServer()
        try server.registerUser("me")
        let transport = try serve(server)
        let device = try await RawDevice(userID: "me", transport: transport)
        defer { device.close() }
        XCTAssertEqual(try server.kickOffline(userID: "me"), 1)
        try await waitUntil { device.lostError != nil }
        XCTAssertEqual(device.lostError?.code, .kickedOff)
    }

    func test_listeningElsewhereThanLoopback_withoutASecretKey_isRefused() {
        XCTAssertThrowsError(try IMNetworkServer(serving: IMReferenceServer(), configuration: .init(host: "0.0.0.0"))) { error in
            XCTAssertEqual((error as? IMError)?.code, .invalidParameters)
        }
    }

    func test_aServerThatIsNotThere_failsTheConnect_withNetworkFailure() async throws {
        let network = try IMNetworkServer(serving: IMReferenceServer())
        let port = network.port
        network.stop()
        do {
            _ = try await RawDevice(userID: "me", transport: IMSocketTransport(port: port, connectTimeout: 2))
            XCTFail("connected to a stopped server")
        } catch let error as IMError {
            XCTAssertEqual(error.code, .networkFailure)
        }
    }

    func test_aServerThatGoesSilent_isNoticedByTheClientsKeepAlive_asALostConnection() async throws {
        // A server that greets, welcomes, then never says anything again (a half-open connection).
        let listening = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { Socket.closeSocket(listening.fd) }
        let silent = Thread {
            var accepted: Int32 = -1
            for _ in 0..<500 where accepted < 0 {
                if let client = try? Socket.accept(listening.fd) { accepted = client.fd } else { usleep(10_000) }
            }
            guard accepted >= 0 else { return }
            for message in [IMWireMessage.serverHello(IMWireServerHello(versions: [1], maxFrameBytes: 1 << 20, nonce: "n", server: "silent")),
                            .welcome(epoch: "e")] {
                let frame = try! IMWireFraming.frame(message)
                _ = frame.withUnsafeBytes { try? Socket.write(accepted, $0) }
                usleep(50_000)
            }
            sleep(5)
            Socket.closeSocket(accepted)
        }
        silent.start()
        let device = try await RawDevice(userID: "me", transport: IMSocketTransport(port: listening.port, keepAlive: 0.2))
        defer { device.close() }
        try await waitUntil { device.lostError != nil }
        XCTAssertEqual(device.lostError?.code, .networkFailure, "a silent server is a lost connection, worth reconnecting after")
    }

    private func waitUntil(_ condition: @escaping () -> Bool) async throws {
        for _ in 0..<500 where !condition() {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertTrue(condition(), "timed out")
    }
}
