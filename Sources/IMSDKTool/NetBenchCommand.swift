import Foundation
import IMReferenceServer
import IMTransportKit

/// `imsdk netbench`: figures of the networked server over loopback: messages per second from a
/// peer to three devices of one user, push latency, and the server's memory per 1,000 connected
/// users. The server is `imsdk serve` in a process of its own (started by this one over a data
/// directory it seeded), the devices are connections of `IMSocketTransport` in this process.
struct NetBenchCommand: Equatable, Sendable {
    /// Messages the peer sends as fast as the server takes them (`--messages`).
    var messages = 20_000
    /// Messages sent one by one at `rate` for the latency (`--latency-messages`).
    var latencyMessages = 2_000
    /// Messages per second for the latency (`--rate`).
    var rate = 500
    /// Users connected for the memory figure (`--users`).
    var users = 2_000
    /// Requests the peer keeps in flight (`--window`).
    var window = 64

    /// Parses the arguments after `netbench`; nil when they ask for the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> NetBenchCommand? {
        var rest = arguments
        var command = NetBenchCommand()
        func number(_ option: String) throws(UsageError) -> Int {
            guard let text = rest.popFirst() else { throw UsageError("\(option) needs a value") }
            guard let value = Int(text), value >= 1 else { throw UsageError("\(option) needs a number of at least 1, not '\(text)'") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": return nil
            case "--messages": command.messages = try number(argument)
            case "--latency-messages": command.latencyMessages = try number(argument)
            case "--rate": command.rate = try number(argument)
            case "--users": command.users = try number(argument)
            case "--window": command.window = try number(argument)
            case "--smoke":
                command.messages = 500
                command.latencyMessages = 100
                command.users = 100
            case let option where option.hasPrefix("-"): throw UsageError("unknown option '\(option)'")
            default: throw UsageError("unexpected argument '\(argument)'")
            }
        }
        return command
    }

    /// Seeds a server, starts `program serve` over it, measures, prints the table.
    func run(console: Console, program: URL) async throws {
        if BenchCommand.buildConfiguration == "debug" {
            console.out("warning: a debug build; figures of a release build: swift run -c release imsdk netbench")
        }
        let files = try BenchFiles()
        let directory = files.path("server")
        let userIDs = (0..<users).map { "u\($0)" }
        do {
            let seed = try IMReferenceServer(persistingAt: ServeCommand.dataPath(in: directory))
            for user in ["me", "peer"] + userIDs { try seed.registerUser(user) }
        }
        let server = try ServerProcess(program: program, directory: directory)
        defer { server.stop() }
        let transport = IMSocketTransport(port: server.port, connectTimeout: 10)

        // Three devices of "me" and the peer.
        let devices = try await (0..<3).asyncMap { index in
            try await CountingDevice.connect("me", platform: [IMPlatform.iOS, .mac, .web][index], transport: transport)
        }
        let peer = try await CountingDevice.connect("peer", platform: .linux, transport: transport)
        let throughput = try await measureThroughput(peer: peer, devices: devices)
        let latencies = try await measureLatency(peer: peer, device: devices[0])
        for device in devices + [peer] { device.close() }

        let idle = server.residentBytes()
        var connected: [CountingDevice] = []
        for user in userIDs {
            connected.append(try await CountingDevice.connect(user, platform: .linux, transport: transport))
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        let online = server.residentBytes()
        connected.forEach { $0.close() }

        let perThousand = Double(online - idle) / Double(users) * 1_000
        console.out("""
            Networked reference server over loopback (imsdk serve in its own process, \(BenchCommand.buildConfiguration) build, \(ProcessInfo.processInfo.activeProcessorCount) cores)
            | figure | value |
            |---|---|
            | messages/s, a peer to 3 devices of one user (\(messages) messages, \(window) in flight) | \(Int(throughput)) |
            | push latency p50 / p99 (\(latencyMessages) messages at \(rate)/s) | \(format(latencies.p50)) / \(format(latencies.p99)) |
            | server memory per 1,000 connected users (\(users) users: \(megabytes(idle)) → \(megabytes(online))) | \(megabytes(Int(perThousand))) |
            """)
    }

    /// Sends `messages` from the peer with `window` in flight; returns messages per second until
    /// every device had every one.
    private func measureThroughput(peer: CountingDevice, devices: [CountingDevice]) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let before = devices.map(\.messageCount)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<window {
                group.addTask {
                    var index = lane
                    while index < messages {
                        _ = try await peer.send(.sendMessage(OutgoingMessage(id: "t\(index)", receiver: .user("me"), content: .text("message \(index)"))))
                        index += window
                    }
                }
            }
            try await group.waitForAll()
        }
        for (device, count) in zip(devices, before) {
            try await device.waitFor(messages: count + messages)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Double(messages) / seconds
    }

    /// Sends `latencyMessages` one at a time at `rate` per second; returns the p50 and p99 of the
    /// time from the send to the push's arrival at `device`, in seconds.
    private func measureLatency(peer: CountingDevice, device: CountingDevice) async throws -> (p50: Double, p99: Double) {
        let interval = UInt64(1e9 / Double(rate))
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<latencyMessages {
            let due = start + UInt64(index) * interval
            let now = DispatchTime.now().uptimeNanoseconds
            if due > now { try await Task.sleep(nanoseconds: due - now) }
            device.expect("l\(index)")
            _ = try await peer.send(.sendMessage(OutgoingMessage(id: "l\(index)", receiver: .user("me"), content: .text("ping \(index)"))))
        }
        try await device.waitForExpected()
        let sorted = device.latencies.sorted()
        guard !sorted.isEmpty else { return (0, 0) }
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
    }

    private func format(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1_000) }
    private func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
}

/// `imsdk serve` in a child process over a data directory.
private final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: UInt16

    init(program: URL, directory: String) throws {
        process.executableURL = program
        process.arguments = ["serve", "--port", "0", "--data", directory, "--quiet", "--devices-per-platform", "8", "--max-connections", "100000"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw IMError(.networkFailure, "imsdk serve ended before it listened") }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #":(\d+) "#, options: .regularExpression),
              let port = UInt16(text[range].dropFirst().dropLast()) else {
            throw IMError(.networkFailure, "imsdk serve printed no port: \(text)")
        }
        self.port = port
    }

    /// The server process's resident memory now, in bytes (0 where /proc is not there).
    func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1_024
        }
        return 0
    }

    func stop() {
        process.interrupt()
        process.waitUntilExit()
    }
}

/// One connection that counts the messages pushed to it and, for the latency, when the expected
/// ones arrived.
private final class CountingDevice: IMPushSink, @unchecked Sendable {
    private let connection = Locked<(any IMConnection)?>(nil)
    private let state = Locked(State())

    private struct State {
        var messages = 0
        var expected: [String: UInt64] = [:]
        var latencies: [Double] = []
    }

    static func connect(_ userID: String, platform: IMPlatform, transport: any IMTransport) async throws -> CountingDevice {
        let device = CountingDevice()
        let opened: any IMConnection = try await withCheckedThrowingContinuation { continuation in
            transport.connect(IMLoginInfo(userID: userID, userSig: "bench", platform: platform), sink: device) { result in
                continuation.resume(with: result)
            }
        }
        device.connection.withLock { $0 = opened }
        return device
    }

    var messageCount: Int { state.withLock { $0.messages } }
    var latencies: [Double] { state.withLock { $0.latencies } }

    func send(_ request: IMRequest) async throws -> IMResponse {
        guard let connection = connection.withLock({ $0 }) else { throw IMError(.networkFailure, "closed") }
        return try await withCheckedThrowingContinuation { continuation in
            connection.send(request) { continuation.resume(with: $0) }
        }
    }

    /// Notes the send time of message `id`.
    func expect(_ id: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        state.withLock { $0.expected[id] = now }
    }

    func receive(_ push: IMPush, version: UInt64) {
        guard case .newMessage(let message, _) = push else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        state.withLock { state in
            state.messages += 1
            if let sent = state.expected.removeValue(forKey: message.id) {
                state.latencies.append(Double(now - sent) / 1e9)
            }
        }
    }

    func waitFor(messages: Int) async throws {
        for _ in 0..<6_000 where messageCount < messages {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        guard messageCount >= messages else { throw IMError(.networkFailure, "\(messageCount) of \(messages) messages arrived") }
    }

    func waitForExpected() async throws {
        for _ in 0..<1_000 where state.withLock({ !$0.expected.isEmpty }) {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    func close() { connection.withLock { $0 }?.close() }
}

extension Sequence {
    /// `map` with an async transform, one element at a time.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
