import Foundation
import XCTest
import IMTestSupport
import IMTransportKit

/// A base for tests with real processes: `imsdk serve` in a temporary data directory, devices as
/// `imsdk device` processes, the test itself as the administrator (`IMAdminClient`).
class ServerProcessTestCase: XCTestCase {
    /// This test's data directory (the server's state).
    private(set) var directory: TemporaryDirectory!
    /// What the test started, stopped in `tearDown` whatever happened.
    private var servers: [ServeProcess] = []
    private var devices: [DeviceProcess] = []
    private var probes = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        _ = try ToolProgram.url()
        directory = try TemporaryDirectory(prefix: String(describing: type(of: self)))
    }

    override func tearDown() {
        for device in devices where device.process.isRunning {
            kill(device.process.processIdentifier, SIGKILL)
            device.process.waitUntilExit()
        }
        servers.forEach { $0.sigkill() }
        // Under a sanitizer (.ci/run), the programs are instrumented too: a report fails the test.
        let reports = servers.flatMap(\.log.lines) + devices.flatMap(\.errorLines)
        XCTAssertEqual(reports.filter { $0.contains("Sanitizer") }, [], "a sanitizer reported in imsdk")
        devices = []
        servers = []
        directory?.remove()
        super.tearDown()
    }

    /// Starts `imsdk serve` on `port` (0: a free one) with this test's data directory.
    ///
    /// - Parameter fileLimit: `ulimit` options for its open files; nil: this process's limits.
    func startServer(port: UInt16 = 0, _ arguments: [String] = [], fileLimit: String? = nil) async throws -> ServeProcess {
        let server = try await ServeProcess(data: directory.path, port: port, arguments: arguments, fileLimit: fileLimit)
        servers.append(server)
        return server
    }

    /// Starts a device of `user` on `platform` against `server` and waits until it logged in.
    func startDevice(_ user: String, _ platform: String, on server: ServeProcess) async throws -> DeviceProcess {
        let device = try await DeviceProcess(port: server.port, user: user, platform: platform)
        devices.append(device)
        return device
    }

    /// The rows a device's `list` should print for `user`, as the server holds them (in no order).
    func serverRows(of user: String, admin: IMAdminClient) async throws -> (rows: Set<String>, total: UInt64) {
        let conversations = try await admin.conversations(of: user)
        let rows = conversations.map { conversation in
            let last = conversation.lastMessage.map { $0.status == .revoked ? "(revoked)" : $0.content.text ?? "(not text)" } ?? ""
            let id = conversation.id.kind == .group ? "group_\(conversation.id.target)" : "c2c_\(conversation.id.target)"
            return "\(id) unread \(conversation.unreadMessages.count)"
                + (conversation.isPinned ? " pinned" : "") + " last \"\(last)\""
        }
        return (Set(rows), conversations.reduce(0) { $0 + UInt64($1.unreadMessages.count) })
    }

    /// Waits until every device of `user` shows the same list (rows and order) and total, and both
    /// are the server's; then asserts it (so that a failure shows the difference).
    func assertConverge(_ devices: [DeviceProcess], user: String, admin: IMAdminClient, timeout: Double = 20,
                        file: StaticString = #filePath, line: UInt = #line) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var lists: [[String]] = []
            var totals: [UInt64] = []
            for device in devices {
                lists.append(try await device.list())
                totals.append(try await device.total())
            }
            let server = try await serverRows(of: user, admin: admin)
            let agree = lists.allSatisfy { $0 == lists[0] } && Set(lists[0]) == server.rows && lists[0].count == server.rows.count
                && totals.allSatisfy { $0 == server.total }
            if agree || Date() > deadline {
                for (device, list) in zip(devices, lists) {
                    XCTAssertEqual(list, lists[0], "\(device.name) and \(devices[0].name) disagree", file: file, line: line)
                }
                XCTAssertEqual(Set(lists[0]), server.rows, "\(devices[0].name) and the server disagree", file: file, line: line)
                XCTAssertEqual(totals, Array(repeating: server.total, count: devices.count), "the totals", file: file, line: line)
                return
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
    }

    /// A well-behaved device still works: a message from `peer` (sent by the administrator) reaches
    /// it, and one it sends reaches the server.
    func assertRoundTrip(_ device: DeviceProcess, user: String, peer: String, admin: IMAdminClient,
                         file: StaticString = #filePath, line: UInt = #line) async throws {
        probes += 1
        let text = "probe \(probes)"
        try await admin.sendText(text, from: peer, toUser: user)
        try await device.run("wait-for heard c2c_\(peer) \(text)")
        let sent = try await device.run("send c2c_\(peer) re: \(text)")
        XCTAssertEqual(sent.count, 1, file: file, line: line)
        let last = try await admin.conversations(of: peer).first { $0.id == .c2c(user) }?.lastMessage?.content.text
        XCTAssertEqual(last, "re: \(text)", "\(device.name) sent, the server has it", file: file, line: line)
    }
}
