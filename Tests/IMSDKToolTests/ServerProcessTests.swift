import Foundation
import XCTest
import IMTestSupport
import IMTransportKit

/// `imsdk serve` with devices in processes of their own: two devices of one user and a peer
/// converge on the server's state; a server killed with SIGKILL and started again on the same data
/// keeps its epoch and everything it acknowledged, and the devices, still running, resume by
/// themselves.
final class ServerProcessTests: ServerProcessTestCase {
    func test_twoDevicesOfOneUserAndAPeer_inTheirOwnProcesses_converge() async throws {
        let server = try await startServer(["--devices-per-platform", "1"])
        let admin = IMAdminClient(port: server.port)
        defer { admin.close() }
        for user in ["alice", "bob", "carol"] {
            try await admin.registerUser(user, nickname: user.capitalized)
        }
        try await admin.createGroup("team", name: "Team", members: ["alice", "bob", "carol"])
        try await admin.sendText("before the devices", from: "bob", toUser: "alice")

        let phone = try await startDevice("alice", "iOS", on: server)
        let laptop = try await startDevice("alice", "Mac", on: server)
        let peer = try await startDevice("bob", "Android", on: server)

        // Traffic from the peer, from each device and from the administrator.
        try await peer.run("send c2c_alice one")
        try await peer.run("send c2c_alice two")
        try await peer.run("send group_team for the team")
        try await phone.run("send c2c_bob from the phone")
        try await laptop.run("send c2c_carol from the laptop")
        try await laptop.run("send group_team the laptop speaks")
        try await admin.sendText("carol here", from: "carol", toUser: "alice")
        try await admin.sendText("@alice look", from: "carol", toGroup: "team", atUserIDs: ["alice"])
        for device in [phone, laptop] {
            try await device.run("wait-for heard c2c_bob two")
            try await device.run("wait-for heard group_team @alice look")
        }
        // Reads and pins on one device reach the other.
        try await phone.run("read c2c_bob")
        try await laptop.run("pin group_team")
        try await phone.run("pin c2c_carol")
        try await peer.run("read c2c_alice")
        try await peer.run("send c2c_alice three")
        try await laptop.run("wait-for heard c2c_bob three")
        try await phone.run("wait-for heard c2c_bob three")

        try await assertConverge([phone, laptop], user: "alice", admin: admin)
        try await assertConverge([peer], user: "bob", admin: admin)
        let list = try await phone.list()
        XCTAssertEqual(list.count, 3)
        XCTAssertEqual(list.prefix(2).filter { $0.contains(" pinned ") }.count, 2, "both pins, on top: \(list)")
        XCTAssertTrue(list.contains("c2c_bob unread 1 last \"three\""), "read on the phone up to two, then three came: \(list)")
        let total = try await laptop.total()
        XCTAssertEqual(total, 4, "bob's three, carol's one, the team's two (the laptop's own message does not count)")

        for device in [phone, laptop, peer] {
            let status = await device.quit()
            XCTAssertEqual(status, 0, device.name)
        }
    }

    func test_serverKilledAndRestarted_keepsItsEpochAndData_andTheDevicesResumeByThemselves() async throws {
        let server = try await startServer()
        let admin = IMAdminClient(port: server.port)
        defer { admin.close() }
        for user in ["alice", "bob"] {
            try await admin.registerUser(user)
        }
        try await admin.createGroup("pair", members: ["alice", "bob"])
        let phone = try await startDevice("alice", "iOS", on: server)
        let laptop = try await startDevice("alice", "Mac", on: server)
        let peer = try await startDevice("bob", "Android", on: server)

        // Everything acknowledged before the kill: the administrator's sends and the devices' "sent".
        var acknowledged: [String] = []
        for index in 1...5 {
            try await admin.sendText("admin \(index)", from: "bob", toUser: "alice")
            acknowledged.append("admin \(index)")
        }
        for index in 1...3 {
            try await peer.run("send c2c_alice peer \(index)")
            acknowledged.append("peer \(index)")
            try await phone.run("send c2c_bob phone \(index)")
            acknowledged.append("phone \(index)")
        }
        try await laptop.run("send group_pair in the group")
        try await laptop.run("read c2c_bob")
        try await phone.run("pin group_pair")
        try await assertConverge([phone, laptop], user: "alice", admin: admin)
        let versionBefore = try await admin.version(of: "alice")

        let devices = [phone, laptop, peer]
        let eventsBefore = devices.map(\.events.count)
        let connectionsBefore = devices.map { $0.events.filter { $0 == "connected" }.count }
        server.sigkill()
        for (device, before) in zip(devices, eventsBefore) {
            try await device.waitForEvent("connecting", after: before)
        }
        let restarted = try await startServer(port: server.port)
        XCTAssertEqual(restarted.epoch, server.epoch, "the same data, the same epoch")
        XCTAssertEqual(restarted.port, server.port)
        for (device, before) in zip(devices, connectionsBefore) {
            try await device.run("wait-for connected")
            XCTAssertEqual(device.events.filter { $0 == "connected" }.count, before + 1, "\(device.name) reconnected once")
        }
        let versionAfter = try await admin.version(of: "alice")
        XCTAssertEqual(versionAfter, versionBefore, "nothing lost, nothing made up")

        // After the restart: the administrator's messages and the peer's reach the running devices.
        try await admin.sendText("after the restart", from: "bob", toUser: "alice")
        try await peer.run("send group_pair the group again")
        for device in [phone, laptop] {
            try await device.run("wait-for heard c2c_bob after the restart")
            try await device.run("wait-for heard group_pair the group again")
        }
        try await phone.run("send c2c_bob the phone again")
        try await peer.run("wait-for heard c2c_alice the phone again")

        try await assertConverge([phone, laptop], user: "alice", admin: admin)
        try await assertConverge([peer], user: "bob", admin: admin)
        let history = try await laptop.run("history c2c_bob 100")
        for text in acknowledged + ["after the restart", "the phone again"] {
            XCTAssertEqual(history.filter { $0.hasSuffix("\"\(text)\"") }.count, 1, "\(text) once on the laptop: \(history)")
        }
        let serverHistory = try await admin.conversations(of: "alice").first { $0.id == .c2c("bob") }
        XCTAssertEqual(serverHistory?.lastSeq, UInt64(acknowledged.count + 2), "every acknowledged message kept its place")
    }
}
