import Foundation
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import ImSDK_Plus

/// `imsdk converge`: seeded scenarios in which a device misses changes (lost pushes without a
/// reconnect, 10,000 messages while offline, a lost last push), against the embedded server with
/// `FaultInjectingTransport`, and how long it takes to agree again with the other device and the
/// server.
///
/// Each scenario has a fresh server, the user `me` with one peer per conversation, and two devices
/// of `me` (`V2TIMManager.makeInstance()`, kept in memory, no recount check): A on a perfect
/// network and B behind the faults, both sending heartbeats every `heartbeatInterval` seconds.
/// Prints one table row per scenario: conversations, messages, the loss rate and the pushes lost,
/// how many conversations B showed wrong when the traffic ended, the seconds from then until A, B
/// and the server agreed, the messages B announced against those sent while it was logged in, and
/// whether all agree. A scenario passes when they agree within the
/// time limit and B announced every message exactly once; the tool exits 1 otherwise.
struct ConvergeCommand {
    let options: ConvergeOptions
    let console: Console

    /// Runs every scenario and prints the table; true when every one passed.
    func run() async throws -> Bool {
        console.out("imsdk converge: seed \(options.seed), heartbeat every \(options.heartbeatInterval) s, "
            + "at most \(options.timeout) s per scenario")
        console.out("")
        console.out("| scenario | conversations | messages | push loss | pushes lost | B wrong at the end "
            + "| converged in | B heard / sent | agree |")
        console.out("|---|---|---|---|---|---|---|---|---|")
        var passed = true
        for scenario in ConvergeScenario.all(smoke: options.smoke) {
            let result = try await run(scenario)
            console.out(Self.row(result))
            passed = passed && result.passed
        }
        console.out("")
        console.out(passed ? "passed: every scenario converged, every message announced once"
                           : "FAILED: a scenario did not converge in time, or B did not announce every message once")
        return passed
    }

    /// One table row.
    static func row(_ result: ConvergeResult) -> String {
        let scenario = result.scenario
        let seconds = result.seconds.map { String(format: "%.2f s", $0) } ?? "not within the limit"
        let heard = "\(BenchFormat.grouped(result.heard)) / \(BenchFormat.grouped(result.sent))"
            + (result.duplicates > 0 ? " (+\(result.duplicates) twice)" : "")
        return "| \(scenario.name) | \(BenchFormat.grouped(scenario.conversations)) | "
            + "\(BenchFormat.grouped(scenario.messages)) | \(String(format: "%g%%", scenario.loss * 100)) | "
            + "\(BenchFormat.grouped(result.pushesLost)) | \(BenchFormat.grouped(result.differing)) | \(seconds) | "
            + "\(heard) | \(result.agree ? "yes" : "no") |"
    }

    /// Runs `scenario` on a fresh server.
    func run(_ scenario: ConvergeScenario) async throws -> ConvergeResult {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        let peers = (0..<scenario.conversations).map { "p\($0)" }
        for user in ["me"] + peers { try server.registerUser(user) }
        var random = SeededRandomGenerator(seed: options.seed)
        let network = FaultInjectingTransport(
            wrapping: server, faults: IMFaults(drop: scenario.loss, seed: options.seed))
        var sent = 0
        if scenario.kind == .lostLastPush {
            // Unread before B logs in: B's login sync brings them (pushes to B are all lost).
            for text in ["1", "2", "3"] { try server.sendText(text, from: peers[0], toUser: "me") }
        }
        let a = try await device(server, transport: server)
        let b = try await device(server, transport: network)
        defer {
            a.tearDown()
            b.tearDown()
        }
        b.recorder.clear()
        switch scenario.kind {
        case .onlineBehindLoss:
            sent = try await traffic(scenario, peers, readingOn: a, server: server, random: &random)
        case .offlineThenReconnect:
            network.failNextConnects(.max)
            network.disconnectAll()
            sent = try await traffic(scenario, peers, readingOn: a, server: server, random: &random)
            network.failNextConnects(0)
        case .lostLastPush:
            try await call { a.manager.markC2CMessage(asRead: peers[0], succ: $0, fail: $1) }
        }
        let differing = try await Convergence.differing(b, server: server, userID: "me")
        let seconds = try await Convergence.wait(for: [a, b], server: server, userID: "me", timeout: options.timeout)
        await b.settle()
        let agree = try await Convergence.agree([a, b], server: server, userID: "me")
        let heard = Convergence.heard(b.recorder.received)
        return ConvergeResult(
            scenario: scenario, pushesLost: network.injected.dropped, differing: differing, seconds: seconds,
            heard: heard.count, duplicates: heard.values.reduce(0) { $0 + $1 - 1 }, sent: sent, agree: agree)
    }

    /// A device of `me` on `server`, reached through `transport`.
    private func device(_ server: IMReferenceServer, transport: any IMTransport) async throws -> V2TestSession {
        try await V2TestSession(
            server: server, transport: transport, instance: V2TIMManager.makeInstance(),
            heartbeatInterval: options.heartbeatInterval, checksInvariants: false)
    }

    /// Sends the scenario's messages from the peers (each conversation one first, then at random),
    /// with a read on `a` of a random conversation that has messages every 50 messages; returns
    /// how many were sent.
    private func traffic(
        _ scenario: ConvergeScenario, _ peers: [String], readingOn a: V2TestSession, server: IMReferenceServer,
        random: inout SeededRandomGenerator
    ) async throws -> Int {
        for index in 0..<scenario.messages {
            let peer = index < peers.count ? peers[index] : peers.randomElement(using: &random)!
            try server.sendText("\(index)", from: peer, toUser: "me")
            if index % 50 == 49 {
                await a.settle()
                let read = peers[Int.random(in: 0..<min(index + 1, peers.count), using: &random)]
                try await call { a.manager.markC2CMessage(asRead: read, succ: $0, fail: $1) }
            }
        }
        return scenario.messages
    }
}
