import XCTest
import IMCore
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// Two devices of one user, each behind its own faulty network, converge on the server's state;
/// with storage faults, each on a disk of its own that fails and recovers, after a restart too.
class ConvergenceTests: XCTestCase {
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

    /// Runs random traffic and actions on faulty devices (two by default), then checks that they
    /// converge on the server's state and that each heard every message once.
    ///
    /// - Parameters:
    ///   - reconnects: whether some steps, and the end, drop every connection (each reconnect
    ///     syncs); without, only the heartbeat (0.2 s) repairs a lost push.
    ///   - crowd: other users who each send one message after the first ones of a, b, c, d and g,
    ///     so that with more than 95 the conversations the steps change are outside the server's
    ///     100-conversation cloud list.
    ///   - storageFaults: each device keeps its store in a directory of its own, and before each
    ///     step its disk may become full, read-only or unreadable (a read that fails drops the
    ///     database and rebuilds the list from the server), or recover; at the end every disk recovers
    ///     and every device restarts (logout, login), so what it shows then came from its database
    ///     and a sync from its stored version.
    private func run(
        _ name: String, faults: IMFaults, steps: Int = 40, deviceCount: Int = 2, reconnects: Bool = true, crowd: Int = 0,
        storageFaults: Bool = false
    ) async throws {
        // Every device runs on this system's platform: the server must let them all stay online.
        let server = IMReferenceServer(loginPolicy: .unlimited)
        server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        let crowdIDs = (0..<crowd).map { "f\($0)" }
        for user in ["me"] + Self.peers + crowdIDs { try server.registerUser(user, nickname: nil, faceURL: nil) }
        try server.createGroup("g", name: "G", faceURL: nil, members: ["me"] + Self.peers)
        let transports = (0..<deviceCount).map { index -> FaultInjectingTransport in
            var own = faults
            own.seed = faults.seed &+ UInt64(index)
            return FaultInjectingTransport(wrapping: TestNetwork.transport(to: server), faults: own)
        }
        for (index, transport) in transports.enumerated() {
            var storage = V2TIMStorage.memory
            if storageFaults {
                directories.append(try TemporaryDirectory(prefix: "convergence-\(index)"))
                storage = .disk(directory: directories[index].path)
            }
            devices.append(try await V2TestSession(
                server: server, transport: transport, instance: index == 0 ? nil : V2TIMManager.makeInstance(),
                storage: storage, logLevel: storageFaults ? .LOG_NONE : .LOG_INFO, heartbeatInterval: 0.2))
        }
        // Each device has synced once (a failed login sync is retried), so every message below
        // reaches a device that has a version; one whose connection dropped before its first
        // sync would get the cloud list without the messages pushed to the lost connection.
        for device in devices {
            for _ in 0..<500 where !device.recorder.events.contains(.syncFinished) {
                try await Task.sleep(nanoseconds: 10_000_000)
            }
        }
        // Every message sent, and per conversation the newest one when a deletion was last asked
        // for: the messages after it must reach every device (those before may have been deleted).
        var sent: [String: UInt64] = [:]
        var deletedUpTo: [String: UInt64] = [:]
        func note(_ conversationID: String, _ seq: UInt64) { sent[conversationID] = max(sent[conversationID] ?? 0, seq) }
        if crowd > 0 {
            for peer in Self.peers { note("c2c_\(peer)", try server.sendText("first", from: peer, toUser: "me")) }
            note("group_g", try server.sendText("first", from: "a", toGroup: "g"))
            for user in crowdIDs { note("c2c_\(user)", try server.sendText("hi", from: user, toUser: "me")) }
        }
        var random = SeededRandomGenerator(seed: faults.seed)
        var diskFaults = 0
        for _ in 0..<steps {
            if storageFaults && random.chance(20) {
                let fault = [StorageFault.diskFull, .readOnly, .unreadable, nil].randomElement(using: &random)!
                devices.randomElement(using: &random)!.manager.session.injectStorageFaultForTesting(fault)
                if fault != nil { diskFaults += 1 }
            }
            let device = devices.randomElement(using: &random)!
            let peer = Self.peers.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3:
                note("c2c_\(peer)", try server.sendText("x", from: peer, toUser: "me"))
            case 4:
                let atMe = Bool.random(using: &random)
                note("group_g", try server.sendText("@", from: peer, toGroup: "g", atUserIDs: atMe ? ["me"] : []))
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
                deletedUpTo["c2c_\(peer)"] = sent["c2c_\(peer)"] ?? 0
                _ = await failureCode { device.manager.deleteConversation(conversation: "c2c_\(peer)", succ: $0, fail: $1) }
            default:
                if reconnects {
                    transports.randomElement(using: &random)!.disconnectAll()
                } else {
                    note("c2c_\(peer)", try server.sendText("y", from: peer, toUser: "me"))
                }
            }
        }
        // A fault kind that acts on requests (a lost request or response) may not have come up yet:
        // its draws are seeded, but how many requests a run makes depends on its heartbeats, so a
        // fast run can make too few. More requests (a read of receive options, which changes
        // nothing) until one has, so that no run passes without a fault.
        for attempt in 0..<200 where faults != .none && !transports.contains(where: { $0.injected != IMFaults.Counts() }) {
            let device = devices[attempt % devices.count]
            _ = await failureCode { succ, fail in
                device.manager.getC2CReceiveMessageOpt(userIDList: [Self.peers[attempt % Self.peers.count]],
                                                       succ: { _ in succ() }, fail: fail)
            }
        }
        // A final reconnect of each device makes each sync once more (still through faults).
        if reconnects { transports.forEach { $0.disconnectAll() } }
        if storageFaults {
            XCTAssertGreaterThan(diskFaults, 0, "\(name): disks failed")
            for device in devices {
                device.manager.session.injectStorageFaultForTesting(nil)
                try await device.manager.logout()
                try await device.manager.login(userID: "me", userSig: "sig")
            }
        }
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
        for (index, device) in devices.enumerated() {
            await device.settle()
            device.checkInvariants()
            let heard = Convergence.heard(device.recorder.received)
            XCTAssertEqual(heard.filter { $0.value > 1 }.keys.sorted(), [],
                           "\(name) seed \(faults.seed): device \(index + 1) heard these more than once")
            let missed = sent.flatMap { conversation, newest in
                ((deletedUpTo[conversation] ?? 0) + 1..<newest + 1).map { Convergence.key(conversation, $0) }
            }.filter { heard[$0] == nil }.sorted()
            XCTAssertEqual(missed, [], "\(name) seed \(faults.seed): device \(index + 1) never heard these")
        }
        let injected = transports.map(\.injected)
        XCTAssertTrue(faults == .none || injected.contains { $0 != IMFaults.Counts() }, "\(name): faults were injected")
        if !reconnects { XCTAssertEqual(injected.map(\.disconnects), injected.map { _ in 0 }, "\(name): no reconnect") }
        devices.forEach { $0.tearDown() }
        devices = []
        directories.forEach { $0.remove() }
        directories = []
    }

    /// One of the fault kinds at `rate`, the others off.
    private static func faults(_ kind: String, rate: Double, seed: UInt64) -> IMFaults {
        var faults = IMFaults.none
        faults.seed = seed
        switch kind {
        case "drop": faults.drop = rate
        case "duplicate": faults.duplicate = rate
        case "reorder": faults.reorder = rate
        case "delay": faults.delay = rate
        case "requestLost": faults.requestLost = rate
        case "responseLost": faults.responseLost = rate
        default: faults.disconnect = rate
        }
        return faults
    }

    func test_eachFaultKindAt20Percent_devicesConverge() async throws {
        for seed: UInt64 in [1, 2, 3] {
            var faults = IMFaults.none
            faults.seed = seed
            try await run("no faults", faults: faults)
            for kind in ["drop", "duplicate", "reorder", "delay", "requestLost", "responseLost", "disconnect"] {
                try await run(kind, faults: Self.faults(kind, rate: 0.2, seed: seed))
            }
        }
    }

    /// Nothing reconnects (no disconnect fault, no forced reconnect): a lost push, the last one
    /// too, is repaired by the heartbeat; the steps change conversations outside the cloud list.
    func test_eachFaultKindAt20Percent_withoutReconnects_moreConversationsThanTheCloudList_devicesConverge() async throws {
        for seed: UInt64 in [1, 2] {
            for kind in ["drop", "duplicate", "reorder", "delay", "requestLost", "responseLost"] {
                try await run("\(kind), no reconnect, 110 more", faults: Self.faults(kind, rate: 0.2, seed: seed),
                              reconnects: false, crowd: 110)
            }
        }
    }

    func test_everyFaultButDisconnectsAtOnce_withoutReconnects_moreConversationsThanTheCloudList_converge() async throws {
        for seed: UInt64 in 30..<34 {
            var faults = IMFaults.uniform(0.2, seed: seed)
            faults.disconnect = 0
            try await run("all but disconnects, no reconnect, 110 more", faults: faults, steps: 60,
                          reconnects: false, crowd: 110)
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
