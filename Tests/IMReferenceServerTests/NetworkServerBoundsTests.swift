import XCTest
import IMReferenceServer
import IMTestSupport
import IMTransportKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bounds of `IMNetworkServer`: what a misbehaving connection gets, and that it does not hurt
/// the others (the same server keeps serving a well-behaved device throughout).
final class NetworkServerBoundsTests: XCTestCase {
    private var network: IMNetworkServer?
    private var server: IMReferenceServer!
    private var good: RawDevice?
    private let log = Locked<[String]>([])

    override func tearDown() {
        good?.close()
        network?.stop()
        network = nil
        super.tearDown()
    }

    /// A server with small bounds, a logged-in device of "good" and a way for "bad" to log in.
    private func serve(_ configure: (inout IMNetworkServer.Configuration) -> Void) async throws -> IMSocketTransport {
        server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["good", "bad", "peer"] { try server.registerUser(user) }
        var configuration = IMNetworkServer.Configuration()
        configure(&configuration)
        let network = try IMNetworkServer(serving: server, configuration: configuration) { [log] line in
            log.withLock { $0.append(line) }
        }
        self.network = network
        let transport = IMSocketTransport(port: network.port)
        good = try await RawDevice(userID: "good", transport: transport)
        return transport
    }

    /// The well-behaved device still gets a message sent now.
    private func assertGoodDeviceStillServed(_ label: String) async throws {
        let before = good?.pushes.count ?? 0
        try server.sendText(label, from: "peer", toUser: "good")
        try await waitUntil("good got '\(label)'") { (self.good?.pushes.count ?? 0) > before }
    }

    func test_aConnectionThatNeverLogsIn_isClosedAfterTheHandshakeTimeout() async throws {
        _ = try await serve { $0.handshakeTimeout = 0.3 }
        let silent = try TestSocket(port: network!.port)
        XCTAssertNotNil(try silent.readFrame(), "the hello")
        XCTAssertTrue(silent.waitUntilClosedByServer(timeout: 10))
        try await waitUntil("the close logged") { self.log.withLock { $0 }.contains { $0.contains("no login within") } }
        try await assertGoodDeviceStillServed("after the silent one")
    }

    func test_halfAFrame_thenSilence_isClosedWhenIdle_andTheOthersGoOn() async throws {
        _ = try await serve {
            $0.handshakeTimeout = 30
            $0.idleTimeout = 1
        }
        let half = try TestSocket(port: network!.port)
        _ = try half.readFrame()
        try half.send([0, 0, 0, 100] + Array(#"{"type":"lo"#.utf8))
        try await assertGoodDeviceStillServed("while half a frame waits")
        XCTAssertTrue(half.waitUntilClosedByServer(timeout: 10))
        try await waitUntil("the close logged") { self.log.withLock { $0 }.contains { $0.contains("nothing received for 1 s") } }
    }

    func test_garbageAndAnOversizedLength_closeOnlyThatConnection() async throws {
        _ = try await serve { $0.maxFrameBytes = 4_096 }
        let garbage = try TestSocket(port: network!.port)
        _ = try garbage.readFrame()
        try garbage.send(Array("\u{0}\u{0}\u{0}\u{5}hello".utf8))
        let oversized = try TestSocket(port: network!.port)
        _ = try oversized.readFrame()
        try oversized.send([0, 0x10, 0, 0])
        XCTAssertTrue(garbage.waitUntilClosedByServer(timeout: 10))
        XCTAssertTrue(oversized.waitUntilClosedByServer(timeout: 10))
        // The log line follows the close.
        try await waitUntil("both closes logged") {
            let lines = self.log.withLock { $0 }
            return lines.contains { $0.contains("not a frame of the wire protocol") }
                && lines.contains { $0.contains("a frame of 1048576 bytes (the limit is 4096)") }
        }
        try await assertGoodDeviceStillServed("after the garbage")
    }

    func test_aClientThatDoesNotRead_isDisconnectedAtTheBufferBound_andCatchesUpLater() async throws {
        let transport = try await serve { $0.maxBufferedBytes = 64 * 1_024 }
        let stuck = try TestSocket(port: network!.port, receiveBuffer: 4_096)
        _ = try stuck.readFrame()
        try stuck.send(.login(IMLoginInfo(userID: "bad", userSig: "s", platform: .web), version: 1))
        _ = try stuck.readFrame()  // the welcome; from now on it reads nothing
        let text = String(repeating: "x", count: 2_000)
        for index in 0..<2_000 {
            try server.sendText("\(index) \(text)", from: "peer", toUser: "bad")
            if index % 200 == 0 { try await assertGoodDeviceStillServed("during the flood \(index)") }
            if log.withLock({ $0.contains { $0.contains("does not read") } }) { break }
        }
        try await waitUntil("the reader was dropped") { self.log.withLock { $0.contains { $0.contains("does not read") } } }
        try await assertGoodDeviceStillServed("after the flood")
        // What it missed waits on the server: a new connection syncs it.
        let back = try await RawDevice(userID: "bad", transport: transport)
        defer { back.close() }
        guard case .changes(let changes) = try await back.send(.syncChanges(since: 0)) else { return XCTFail("no changes") }
        XCTAssertGreaterThan(changes.conversations.first?.lastSeq ?? 0, 0)
    }

    /// A push a later protocol version added (the global receive option, version 3) skips a
    /// connection that logged in with an earlier version, which could not decode it; the pushes
    /// it knows still come, and a connection of version 3 gets it.
    func test_aPushOfALaterVersion_skipsAConnectionOfAnEarlierOne() async throws {
        _ = try await serve { _ in }
        let old = try TestSocket(port: network!.port)
        defer { old.close() }
        _ = try old.readFrame()  // the hello
        try old.send(.login(IMLoginInfo(userID: "good", userSig: "s", platform: .web), version: 2))
        guard case .welcome = try old.readFrame() else { return XCTFail("no welcome") }

        let quiet = GlobalReceiveOption(option: .receiveWithoutNotify, startHour: 22, duration: 3_600)
        _ = try await good!.send(.setGlobalReceiveOption(quiet))
        try server.sendText("after", from: "peer", toUser: "good")
        var pushes: [IMPush] = []
        while let frame = try old.readFrame(timeout: 5) {
            guard case .push(let push, _) = frame else { continue }
            pushes.append(push)
            if case .newMessage = push { break }
        }
        XCTAssertEqual(pushes.count, 1, "the message only: \(pushes)")
        try await waitUntil("the version-3 device heard the option") {
            self.good!.pushes.contains(.globalReceiveOption(quiet))
        }
    }

    func test_manyIdleConnections_doNotSlowTheOthers() async throws {
        _ = try await serve { _ in }
        var idle: [TestSocket] = []
        defer { idle.forEach { $0.close() } }
        for _ in 0..<300 {
            idle.append(try TestSocket(port: network!.port))
        }
        try await waitUntil("all accepted") { self.network!.connectionCount >= 301 }
        try await assertGoodDeviceStillServed("with 300 idle connections")
    }

    private func waitUntil(_ what: String, _ condition: @escaping () -> Bool) async throws {
        for _ in 0..<1_000 where !condition() {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertTrue(condition(), "timed out waiting until \(what)")
    }
}

