import XCTest
import IMCore
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// Two devices of one user, each behind its own faulty network, converge on the server's state;
/// with storage faults, each on a disk of its own that fails and recovers, after a restart too.
final class ConvergenceTests: XCTestCase {
    private var devices: [V2TestSession] = []
    private var directories: [TemporaryDirectory] = []

    override func tearDown() {
        devices.forEach { $0.tearDown() }
        devices = []
        directories.forEach { $0.remove() }
        directories = []
        super.tearDown()
    }

    private static let peers = ["a", "b", "c", "d"]

    /// Runs random traffic and actions on faulty devices (two by default), then checks they converge.
    ///
    /// With `storageFaults`, each device keeps its store in a directory of its own, and before
    /// each step its disk may become full or read-only, or recover; at the end every disk
    /// recovers and every device restarts (logout, login), so what it shows then came from its
    /// database and a sync from its stored version.
    private func run(
        _ name: String, faults: IMFaults, steps: Int = 40, deviceCount: Int = 2, storageFaults: Bool = false
    ) async throws {
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
            var storage = V2TIMStorage.memory
            if storageFaults {
                directories.append(try TemporaryDirectory(prefix: "convergence-\(index)"))
                storage = .disk(directory: directories[index].path)
            }
            devices.append(try await V2TestSession(
                server: server, transport: transport, instance: index == 0 ? nil : V2TIMManager.makeInstance(),
                storage: storage, logLevel: storageFaults ? .LOG_NONE : .LOG_INFO))
        }
        var random = SeededRandomGenerator(seed: faults.seed)
        var diskFaults = 0
        for _ in 0..<steps {
            if storageFaults && random.chance(20) {
                let fault = [StorageFault.diskFull, .readOnly, nil].randomElement(using: &random)!
                devices.randomElement(using: &random)!.manager.session.injectStorageFaultForTesting(fault)
                if fault != nil { diskFaults += 1 }
            }
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
        if storageFaults {
            XCTAssertGreaterThan(diskFaults, 0, "\(name): disks failed")
            for device in devices {
                device.manager.session.injectStorageFaultForTesting(nil)
                try await device.manager.logout()
                try await device.manager.login(userID: "me", userSig: "sig")
            }
        }
        let expected = try await CloudSummary.server(server, userID: "me")
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
        directories.forEach { $0.remove() }
        directories = []
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

    /// Disks that fill up or turn read-only and recover at random moments, on a faulty network:
    /// after a last recovery and a restart, every device shows the server's state (a stored sync
    /// version that passed a change the disk refused would keep the change from ever coming back).
    func test_storageFaults_devicesConvergeAfterRecoveryAndRestart() async throws {
        for seed: UInt64 in 30..<36 {
            var faults = seed.isMultiple(of: 2) ? IMFaults.uniform(0.1, seed: seed) : IMFaults.none
            faults.seed = seed
            try await run("storage faults", faults: faults, steps: 60, storageFaults: true)
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
