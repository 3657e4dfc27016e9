import XCTest
import IMCore
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// Two devices of one user, each behind its own faulty network, converge on the server's state.
final class ConvergenceTests: XCTestCase {
    private var devices: [V2TestSession] = []

    override func tearDown() {
        devices.forEach { $0.tearDown() }
        devices = []
        super.tearDown()
    }

    private static let peers = ["a", "b", "c", "d"]

    /// Runs random traffic and actions on faulty devices (two by default), then checks they converge.
    private func run(_ name: String, faults: IMFaults, steps: Int = 40, deviceCount: Int = 2) async throws {
        // Every device runs on this system's platform: the server must let them all stay online.
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me"] + Self.peers { try server.registerUser(user, nickname: nil, faceURL: nil) }
        try server.createGroup("g", name: "G", faceURL: nil, members: ["me"] + Self.peers)
        let transports = (0..<deviceCount).map { index -> FaultInjectingTransport in
            var own = faults
            own.seed = faults.seed &+ UInt64(index)
            return FaultInjectingTransport(wrapping: server, faults: own)
        }
        for (index, transport) in transports.enumerated() {
            devices.append(try await V2TestSession(
                server: server, transport: transport, instance: index == 0 ? nil : V2TIMManager.makeInstance()))
        }
        var random = SeededRandomGenerator(seed: faults.seed)
        for _ in 0..<steps {
            let device = devices.randomElement(using: &random)!
            let peer = Self.peers.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3:
                try server.sendText("x", from: peer, toUser: "me")
            case 4:
                try server.sendText("@", from: peer, toGroup: "g", atUserIDs: Bool.random(using: &random) ? ["me"] : [])
            case 5:
                _ = await failureCode { device.manager.markC2CMessage(asRead: peer, succ: $0, fail: $1) }
            case 6:
                _ = await failureCode { succ, fail in
                    device.manager.pinConversation(conversationID: "c2c_\(peer)", isPinned: Bool.random(using: &random),
                                                   succ: succ, fail: fail)
                }
            case 7:
                _ = await failureCode { succ, fail in
                    device.manager.setC2CReceiveMessageOpt(userIDList: [peer], opt: Bool.random(using: &random) ? .RECEIVE_MESSAGE : .RECEIVE_NOT_NOTIFY_MESSAGE,
                                                           succ: succ, fail: fail)
                }
            case 8:
                _ = await failureCode { device.manager.deleteConversation(conversation: "c2c_\(peer)", succ: $0, fail: $1) }
            default:
                transports.randomElement(using: &random)!.disconnectAll()
            }
        }
        // A final reconnect of each device makes each sync once more (still through faults).
        transports.forEach { $0.disconnectAll() }
        let expected = try CloudSummary.server(server, userID: "me")
        XCTAssertFalse(expected.isEmpty, "\(name): the server has conversations")
        var views: [[String]?] = []
        for _ in 0..<300 {
            views = []
            for device in devices { views.append(try? await CloudSummary.device(device)) }
            if views.allSatisfy({ $0 == expected }) { break }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        for (index, view) in views.enumerated() {
            XCTAssertEqual(view, expected, "\(name) seed \(faults.seed): device \(index + 1) diverged")
        }
        devices.forEach { $0.checkInvariants() }
        let injected = transports.map(\.injected)
        XCTAssertTrue(faults == .none || injected.contains { $0 != IMFaults.Counts() }, "\(name): faults were injected")
        devices.forEach { $0.tearDown() }
        devices = []
    }

    func test_eachFaultKindAt20Percent_devicesConverge() async throws {
        for seed: UInt64 in [1, 2, 3] {
            var faults = IMFaults.none
            faults.seed = seed
            try await run("no faults", faults: faults)
            for kind in ["drop", "duplicate", "reorder", "delay", "requestLost", "responseLost", "disconnect"] {
                var faults = IMFaults.none
                faults.seed = seed
                switch kind {
                case "drop": faults.drop = 0.2
                case "duplicate": faults.duplicate = 0.2
                case "reorder": faults.reorder = 0.2
                case "delay": faults.delay = 0.2
                case "requestLost": faults.requestLost = 0.2
                case "responseLost": faults.responseLost = 0.2
                default: faults.disconnect = 0.2
                }
                try await run(kind, faults: faults)
            }
        }
    }

    func test_everyFaultAtOnce_manySeeds_devicesConverge() async throws {
        for seed: UInt64 in 10..<16 {
            try await run("all faults", faults: .uniform(0.2, seed: seed), steps: 60)
        }
    }

    func test_threeDevices_everyFaultAtOnce_converge() async throws {
        for seed: UInt64 in 20..<23 {
            try await run("three devices", faults: .uniform(0.2, seed: seed), steps: 60, deviceCount: 3)
        }
    }

    /// A long soak, off by default: `IMSDK_SOAK_SEEDS=500 swift test --filter soak` runs that many seeds.
    func test_soak_manySeeds() async throws {
        let seeds = UInt64(ProcessInfo.processInfo.environment["IMSDK_SOAK_SEEDS"] ?? "") ?? 0
        try XCTSkipIf(seeds == 0, "set IMSDK_SOAK_SEEDS to run the soak")
        for seed in 1_000..<(1_000 + seeds) {
            try await run("soak", faults: .uniform(0.2, seed: seed), steps: 80, deviceCount: 2 + Int(seed % 2))
        }
    }
}
