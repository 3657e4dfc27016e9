import Foundation
import XCTest
import IMTestSupport
import IMTransportKit

/// A running `imsdk serve` against clients that misbehave over raw sockets: garbage bytes, an
/// oversized or empty frame, half-open connections, 1,000 idle connections and a client that never
/// reads. Each closes only its own connection (logged), and a well-behaved device keeps sending and
/// receiving during and after.
final class ServerRobustnessTests: ServerProcessTestCase {
    private var server: ServeProcess!
    private var admin: IMAdminClient!
    private var device: DeviceProcess!

    override func tearDown() {
        admin?.close()
        super.tearDown()
    }

    /// A server closing connections idle for 2 seconds, users alice, bob and sloth, and alice's
    /// device, which has just made a round trip.
    private func startWithDevice(_ arguments: String..., fileLimit: String? = nil) async throws {
        server = try await startServer(["--idle-timeout", "2"] + arguments, fileLimit: fileLimit)
        admin = IMAdminClient(port: server.port, keepAlive: 0.5)
        for user in ["alice", "bob", "sloth"] {
            try await admin.registerUser(user)
        }
        device = try await startDevice("alice", "iOS", on: server)
        try await roundTrip()
    }

    private func roundTrip(file: StaticString = #filePath, line: UInt = #line) async throws {
        try await assertRoundTrip(device, user: "alice", peer: "bob", admin: admin, file: file, line: line)
    }

    /// A raw connection that read the server's hello.
    private func greeted() throws -> TestSocket {
        let socket = try TestSocket(port: server.port)
        guard case .serverHello = try socket.readFrame() else { throw IMError(.networkFailure, "no hello") }
        return socket
    }

    /// A raw connection logged in as `user` (on the web, beside alice's phone).
    private func loggedIn(_ user: String, receiveBuffer: Int32? = nil) throws -> TestSocket {
        let socket = try TestSocket(port: server.port, receiveBuffer: receiveBuffer)
        guard case .serverHello = try socket.readFrame() else { throw IMError(.networkFailure, "no hello") }
        try socket.send(.login(IMLoginInfo(userID: user, userSig: "sig", platform: .web), version: 1))
        guard case .welcome = try socket.readFrame() else { throw IMError(.networkFailure, "no welcome") }
        return socket
    }

    private func frame(_ json: String) -> [UInt8] {
        let bytes = Array(json.utf8)
        return [UInt8(bytes.count >> 24), UInt8((bytes.count >> 16) & 0xFF), UInt8((bytes.count >> 8) & 0xFF), UInt8(bytes.count & 0xFF)] + bytes
    }

    /// Whether these tests (and so the `imsdk` built with them) run under a sanitizer.
    private static let isSanitized: Bool = {
        guard let program = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(program) }
        let symbols: [String] = ["__asan_init", "__tsan_init"]
        return symbols.contains { dlsym(program, $0) != nil }
    }()

    func test_garbageBytes_closeOnlyTheirConnection() async throws {
        try await startWithDevice()
        let port = server.port
        // Each connection opens just before its bytes go out (the server closes idle ones after 2 s).
        let cases: [(String, () throws -> TestSocket, [UInt8], String)] = [
            // "GET " read as a length prefix: 1,195,725,856 bytes.
            ("an HTTP request", { try TestSocket(port: port) }, Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
             "closed before logging in: a frame of 1195725856 bytes"),
            ("a frame that is not JSON", greeted, frame("\u{1}\u{2}not json at all"),
             "closed before logging in: not a frame of the wire protocol"),
            ("JSON of no frame type", greeted, frame(#"{"type":"frob"}"#),
             "closed before logging in: not a frame of the wire protocol"),
            ("a frame only a server sends", greeted, try IMWireFraming.frame(.welcome(epoch: "x")),
             "closed before logging in: a client may not send welcome"),
            ("garbage after a login", { try self.loggedIn("bob") }, frame("\u{0}\u{0}garbage"),
             "closed (bob): not a frame of the wire protocol"),
        ]
        for (situation, open, bytes, logged) in cases {
            let start = server.log.count
            let socket = try open()
            try socket.send(bytes)
            XCTAssertTrue(socket.waitUntilClosedByServer(timeout: 10), "\(situation): closed")
            let line = await server.waitForLog(logged, from: start)
            XCTAssertNotNil(line, "\(situation): logged '\(logged)': \(server.log.lines.suffix(5))")
            try await roundTrip()
        }
    }

    func test_anOversizedOrEmptyFrame_closesOnlyItsConnection_withoutReadingIt() async throws {
        try await startWithDevice()
        let port = server.port
        let cases: [(String, () throws -> TestSocket, [UInt8], String)] = [
            ("the largest length", { try TestSocket(port: port) }, [0xFF, 0xFF, 0xFF, 0xFF],
             "closed before logging in: a frame of 4294967295 bytes (the limit is 1048576)"),
            ("one byte over the limit, after a login", { try self.loggedIn("bob") },
             [0x00, 0x10, 0x00, 0x01] + Array(repeating: UInt8(ascii: "{"), count: 1000),
             "closed (bob): a frame of 1048577 bytes (the limit is 1048576)"),
            ("an empty frame", greeted, [0, 0, 0, 0], "a frame of 0 bytes"),
        ]
        for (situation, open, bytes, logged) in cases {
            let start = server.log.count
            let socket = try open()
            try socket.send(bytes)
            XCTAssertTrue(socket.waitUntilClosedByServer(timeout: 10), "\(situation): closed")
            let line = await server.waitForLog(logged, from: start)
            XCTAssertNotNil(line, "\(situation): logged '\(logged)': \(server.log.lines.suffix(5))")
            try await roundTrip()
        }
    }

    func test_halfOpenConnections_areClosedWhenIdle_whileTheDeviceGoesOn() async throws {
        try await startWithDevice()
        let start = server.log.count
        let silent = try TestSocket(port: server.port)
        let halfPrefix = try greeted()
        try halfPrefix.send([0x00, 0x00])
        let halfFrame = try loggedIn("bob")
        let request = try IMWireFraming.frame(.request(id: 1, .heartbeat))
        try halfFrame.send(Array(request.prefix(request.count / 2)))

        // The device keeps going while they hang (the server closes them after 2 quiet seconds).
        for _ in 0..<3 {
            try await roundTrip()
        }
        for (situation, socket) in [("nothing sent", silent), ("half a prefix", halfPrefix), ("half a frame", halfFrame)] {
            XCTAssertTrue(socket.waitUntilClosedByServer(timeout: 15), "\(situation): closed")
        }
        let beforeLogin = await server.log.waitForLine(from: start, timeout: 5) { $0.contains("closed before logging in: nothing received for 2 s") }
        XCTAssertNotNil(beforeLogin, "\(server.log.lines.suffix(8))")
        let bob = await server.waitForLog("closed (bob): nothing received for 2 s", from: start)
        XCTAssertNotNil(bob, "\(server.log.lines.suffix(8))")
        XCTAssertEqual(server.log.lines.dropFirst(start).filter { $0.contains("closed (alice)") }, [], "the device stayed")
        try await roundTrip()
    }

    func test_aThousandIdleConnections_leaveTheDeviceAndNewConnectionsServed() async throws {
        let limit = FileLimit.raise(to: 4096)
        guard limit >= 2200 else { throw XCTSkip("the open file limit is \(limit); 1,000 connections need more") }
        try await startWithDevice("--idle-timeout", "60")
        let before = server.memory()
        let start = server.log.count
        var idle: [TestSocket] = []
        for _ in 0..<1000 {
            idle.append(try TestSocket(port: server.port))
        }
        let thousandth = await server.log.waitForLine(from: start, timeout: 20) { _ in
            self.server.log.lines.dropFirst(start).filter { $0.hasSuffix(" connected") }.count >= 1000
        }
        XCTAssertNotNil(thousandth, "the server accepted all of them")
        if let before, let after = server.memory() {
            print("imsdk serve: \(after.resident - before.resident) KiB more resident with 1,000 idle connections")
        }
        for _ in 0..<3 {
            try await roundTrip()
        }
        let late = try await startDevice("bob", "Mac", on: server)
        try await late.run("send c2c_alice late but there")
        try await device.run("wait-for heard c2c_bob late but there")
        await late.quit()

        let closing = server.log.count
        idle.forEach { $0.close() }
        let allClosed = await server.log.waitForLine(from: closing, timeout: 20) { _ in
            self.server.log.lines.dropFirst(closing).filter { $0.contains("closed before logging in") }.count >= 1000
        }
        XCTAssertNotNil(allClosed, "the server saw every one close")
        try await roundTrip()
    }

    func test_connectionsBeyondTheFileLimit_areClosedAtOnce_andTheServerGoesOn() async throws {
        try await startWithDevice("--idle-timeout", "60", fileLimit: "-n 96")
        let warning = await server.waitForLog("warning: at most 96 open files (ulimit -n)")
        XCTAssertNotNil(warning, "imsdk serve says it cannot hold --max-connections")
        let start = server.log.count
        var sockets: [TestSocket] = []
        for _ in 0..<150 {
            sockets.append(try TestSocket(port: server.port))
        }
        var greeted = 0
        var refused = 0
        for socket in sockets {
            if case .serverHello = try socket.readFrame(timeout: 10) {
                greeted += 1
            } else if socket.waitUntilClosedByServer(timeout: 0) {
                refused += 1
            }
        }
        XCTAssertGreaterThan(greeted, 0)
        XCTAssertEqual(greeted + refused, sockets.count, "each was greeted or closed, none left waiting")
        XCTAssertGreaterThan(refused, 0, "the server ran out of descriptors")
        let logged = await server.waitForLog("cannot be accepted", from: start)
        XCTAssertNotNil(logged, "\(server.log.lines.suffix(3))")
        try await roundTrip()

        let closing = server.log.count
        sockets.forEach { $0.close() }
        let allClosed = await server.log.waitForLine(from: closing, timeout: 20) { _ in
            self.server.log.lines.dropFirst(closing).filter { $0.contains("closed before logging in") }.count >= greeted
        }
        XCTAssertNotNil(allClosed, "the server saw each close")
        let late = try await startDevice("bob", "Mac", on: server)
        try await late.run("send c2c_alice there is room again")
        try await device.run("wait-for heard c2c_bob there is room again")
        await late.quit()
    }

    func test_serve_raisesItsSoftFileLimit_toHoldMaxConnections() async throws {
        let server = try await startServer(["--max-connections", "1000"], fileLimit: "-S -n 200")
        guard let limits = try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/limits", encoding: .utf8),
              let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max open files") })
        else { throw XCTSkip("no /proc here") }
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 2, numbers[1] >= 1000 else { throw XCTSkip("the hard limit is too low: \(line)") }
        XCTAssertGreaterThanOrEqual(numbers[0], 1000, String(line))
        XCTAssertEqual(server.logCount("warning"), 0)
    }

    func test_aClientSendingFramesFasterThanTheServerHandlesThem_doesNotGrowItsMemoryWithoutBound() async throws {
        try await startWithDevice("--idle-timeout", "60")
        let before = server.memory()
        // 40 MiB in frames of 256 KiB, valid and unanswered (pongs), each carrying an array of
        // 130,000 numbers: sent in a fraction of the time the server takes to decode them. Under a
        // sanitizer (slower, and the memory not judged) fewer of them.
        let count = Self.isSanitized ? 16 : 160
        let numbers = Array(repeating: "0", count: (1 << 18) / 2 - 24).joined(separator: ",")
        let pong = frame(#"{"type":"pong","padding":[\#(numbers)]}"#)
        let flooding = try greeted()
        let flood = Task.detached {
            for _ in 0..<count { try flooding.send(pong) }
        }
        try await roundTrip()
        try await flood.value
        try await roundTrip()
        XCTAssertEqual(server.logCount("closed"), 0, "no connection was closed: \(server.log.lines.suffix(3))")
        if let before, let after = server.memory() {
            let growth = after.peak - before.resident
            print("imsdk serve: \(count) frames of 256 KiB from one connection; peak \(growth) KiB above the resident memory before")
            if !Self.isSanitized {
                XCTAssertLessThan(growth, 24 << 10, "the server reads no further than it handles (KiB)")
            }
        }
    }

    func test_aClientThatNeverReads_isDisconnectedAtItsBufferBound_andTheOthersGoOn() async throws {
        // Long enough an idle timeout for the flood (sloth sends nothing either) on a slow machine.
        try await startWithDevice("--idle-timeout", "60")
        try await admin.sendText("hello sloth", from: "bob", toUser: "sloth")
        let sloth = try loggedIn("sloth", receiveBuffer: 4096)
        defer { sloth.close() }
        let before = server.memory()
        let start = server.log.count

        // Each change of sloth's remark for bob pushes bob's profile (256 KiB) to sloth, who never
        // reads; the server's state stays one remark. 8 MiB of pushes waiting is the bound.
        let remarks = ["a", "b"].map { String(repeating: $0, count: 256 << 10) }
        var flips = 0
        var disconnected: String?
        while disconnected == nil, flips < 600 {
            try await admin.setFriendRemark(owner: "sloth", friend: "bob", remark: remarks[flips % 2])
            flips += 1
            if flips % 40 == 0 { try await roundTrip() }
            if flips % 8 == 0 {
                disconnected = server.log.lines.dropFirst(start).first { $0.contains("closed (sloth)") }
            }
        }
        if disconnected == nil {
            disconnected = await server.waitForLog("closed (sloth)", from: start, timeout: 10)
        }
        let line = try XCTUnwrap(disconnected, "sloth was never disconnected after \(flips) pushes of 256 KiB")
        XCTAssertTrue(line.contains("the peer does not read"), line)
        try await roundTrip()
        if let before, let after = server.memory() {
            let growth = after.peak - before.resident
            print("imsdk serve: \(flips) pushes of 256 KiB to a client that does not read; peak \(growth) KiB above the resident memory before")
            // A sanitizer's shadow memory and quarantine make the figure meaningless.
            if !Self.isSanitized {
                XCTAssertLessThan(growth, 64 << 10, "the server's memory stays bounded (KiB)")
            }
        }
        XCTAssertTrue(sloth.waitUntilClosedByServer(timeout: 10), "the connection is closed")
    }
}
