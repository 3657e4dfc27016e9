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

    /// The login picks the newest protocol version both speak, and the connection says which
    /// (what the SDK asks before it sends a request only a later version has).
    func test_theConnection_speaksTheNewestVersionBothKnow_version1ToAServerThatSpeaksNoOther() async throws {
        let server = IMReferenceServer()
        try server.registerUser("me")
        let device = try await RawDevice(userID: "me", transport: try serve(server))
        XCTAssertEqual(device.protocolVersion, IMWireFraming.newestVersion)
        XCTAssertEqual(device.protocolVersion, 6)
        device.close()

        let listening = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { Socket.closeSocket(listening.fd) }
        greetThenHold(listening.fd, speaking: [1], name: "v1", seconds: 1)
        let oldDevice = try await RawDevice(userID: "me", transport: IMSocketTransport(port: listening.port))
        defer { oldDevice.close() }
        XCTAssertEqual(oldDevice.protocolVersion, 1)
    }

    func test_aServerThatGoesSilent_isNoticedByTheClientsKeepAlive_asALostConnection() async throws {
        // A server that greets, welcomes, then never says anything again (a half-open connection).
        let listening = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { Socket.closeSocket(listening.fd) }
        greetThenHold(listening.fd, speaking: [1], name: "silent", seconds: 5)
        let device = try await RawDevice(userID: "me", transport: IMSocketTransport(port: listening.port, keepAlive: 0.2))
        defer { device.close() }
        try await waitUntil { device.lostError != nil }
        XCTAssertEqual(device.lostError?.code, .networkFailure, "a silent server is a lost connection, worth reconnecting after")
    }

    /// A server of its own on a thread: accepts one connection on `listening`, greets it speaking
    /// `versions`, welcomes whatever login comes, then says nothing for `seconds` and closes it.
    private func greetThenHold(_ listening: Int32, speaking versions: [Int], name: String, seconds: UInt32) {
        Thread {
            var accepted: Int32 = -1
            for _ in 0..<500 where accepted < 0 {
                if let client = try? Socket.accept(listening) { accepted = client.fd } else { usleep(10_000) }
            }
            guard accepted >= 0 else { return }
            for message in [IMWireMessage.serverHello(IMWireServerHello(versions: versions, maxFrameBytes: 1 << 20, nonce: "n", server: name)),
                            .welcome(epoch: "e")] {
                let frame = try! IMWireFraming.frame(message)
                _ = frame.withUnsafeBytes { try? Socket.write(accepted, $0) }
                usleep(50_000)
            }
            sleep(seconds)
            Socket.closeSocket(accepted)
        }.start()
    }

    private func waitUntil(_ condition: @escaping () -> Bool) async throws {
        for _ in 0..<500 where !condition() {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertTrue(condition(), "timed out")
    }
}

/// A networked server with the app's secret key: logins need a UserSig it signed, administrators a
/// proof of the key.
final class SignedNetworkServerTests: XCTestCase {
    private var network: IMNetworkServer?
    private let key = UserSigKey(sdkAppID: 1_400_000_001, secretKey: "the app's secret")

    override func tearDown() {
        network?.stop()
        super.tearDown()
    }

    private func serve() throws -> (IMReferenceServer, IMNetworkServer) {
        let server = IMReferenceServer()
        try server.registerUser("me")
        server.userSigKey = key
        let network = try IMNetworkServer(serving: server, configuration: .init(secretKey: key.secretKey))
        self.network = network
        return (server, network)
    }

    private func login(_ userSig: String, port: UInt16) async -> IMError? {
        await withCheckedContinuation { continuation in
            IMSocketTransport(port: port).connect(IMLoginInfo(userID: "me", userSig: userSig), sink: NoSink()) { result in
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

    func test_aLoginSignedWithTheKey_succeeds_andAForgedOrExpiredOne_isRefusedWithTheVendorsCode() async throws {
        let (_, network) = try serve()
        let good = UserSig.generate(userID: "me", sdkAppID: key.sdkAppID, secretKey: key.secretKey)
        let forged = UserSig.generate(userID: "me", sdkAppID: key.sdkAppID, secretKey: "another key")
        let expired = UserSig.generate(userID: "me", sdkAppID: key.sdkAppID, secretKey: key.secretKey, expire: 10, now: 1_000)
        let noError = await login(good, port: network.port)
        XCTAssertNil(noError)
        let forgedError = await login(forged, port: network.port)
        XCTAssertEqual(forgedError?.code, .userSigWrongKey)
        let expiredError = await login(expired, port: network.port)
        XCTAssertEqual(expiredError?.code, .userSigTokenExpired)
    }

    func test_anAdministrator_provesTheKeyWithAnHMACOfTheNonce_andAWrongProofIsRefused() throws {
        let (_, network) = try serve()
        for (secret, expected) in [(key.secretKey, "welcome"), ("a guess", "refused")] {
            let client = try TestSocket(port: network.port)
            guard case .serverHello(let hello) = try client.readFrame() else { return XCTFail("no hello") }
            let proof = AdministratorProof.make(nonce: hello.nonce, secretKey: secret)
            try client.send(.adminLogin(proof: proof, version: 1))
            let answer = try XCTUnwrap(client.readFrame())
            switch (answer, expected) {
            case (.welcome, "welcome"):
                try client.send(.adminRequest(id: 9, .version(of: "me")))
                XCTAssertEqual(try client.readFrame(), .adminResponse(id: 9, .success(.version(1))))
            case (.refused(let error), "refused"):
                XCTAssertEqual(error.code, .userSigWrongKey)
            default:
                XCTFail("\(secret): \(answer)")
            }
        }
    }

    func test_theProof_isTheHexHMACSHA256OfTheNonce_asPROTOCOLmdSays() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        XCTAssertEqual(
            AdministratorProof.make(nonce: "what do ya want for nothing?", secretKey: "Jefe"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        XCTAssertFalse(AdministratorProof.isValid("00", nonce: "n", secretKey: "k"))
        XCTAssertTrue(AdministratorProof.isValid("anything", nonce: "n", secretKey: nil), "a keyless (loopback) server takes any proof")
    }
}

private final class NoSink: IMPushSink, @unchecked Sendable {
    func receive(_ push: IMPush, version: UInt64) {}
}
