import Foundation
import XCTest
import IMTransportKit

/// `imsdk device` running as a process of its own: one device of a user on a running server,
/// driven by lines on its standard input (see `DeviceCommand`).
final class DeviceProcess: @unchecked Sendable {
    /// For messages: user and platform.
    let name: String
    let process = Process()
    private let input: FileHandle
    private let output: LineReader
    private let errors: LineReader
    /// The index in `output` of the first line no command has consumed.
    private var cursor = 0

    /// Starts `imsdk device` as `user` on `platform` and waits until it logged in.
    ///
    /// The device pings after half a second of quiet (servers in these tests close connections
    /// idle for 2 seconds) and waits at most 20 seconds in a `wait-for`.
    init(port: UInt16, user: String, platform: String, arguments: [String] = []) async throws {
        // A device that died must fail the test, not end it with SIGPIPE when its input is written.
        signal(SIGPIPE, SIG_IGN)
        name = "\(user)@\(platform)"
        process.executableURL = try ToolProgram.url()
        process.arguments = [
            "device", "--server", "127.0.0.1:\(port)", "--user", user, "--platform", platform,
            "--keep-alive", "0.5", "--wait-timeout", "20",
        ] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        input = stdin.fileHandleForWriting
        try process.run()
        output = LineReader(stdout.fileHandleForReading, name: "\(name).stdout")
        errors = LineReader(stderr.fileHandleForReading, name: "\(name).stderr")
        guard let ready = await output.waitForLine(timeout: 30, where: { $0.hasPrefix("ready ") }) else {
            throw failure("did not log in")
        }
        cursor = ready.index + 1
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Runs one command and returns the lines it printed before `ok`.
    ///
    /// - Throws: the device's `error ...` line, or a failure when it did not answer in `timeout`.
    @discardableResult
    func run(_ line: String, timeout: Double = 30) async throws -> [String] {
        try send(line)
        guard let end = await output.waitForLine(from: cursor, timeout: timeout, where: { line in
            line == "ok" || line.hasPrefix("error ")
        }) else {
            throw failure("did not answer '\(line)'")
        }
        let printed = output.lines[cursor..<end.index].filter { !$0.hasPrefix("event ") }
        cursor = end.index + 1
        guard end.line == "ok" else { throw failure("answered '\(line)' with \(end.line)") }
        return Array(printed)
    }

    /// What it wrote to standard error so far.
    var errorLines: [String] { errors.lines }

    /// The `event ...` lines so far (without the word `event`).
    var events: [String] {
        output.lines.filter { $0.hasPrefix("event ") }.map { String($0.dropFirst(6)) }
    }

    /// Waits until event `event` (without the word `event`) came after the first `after` events.
    func waitForEvent(_ event: String, after: Int = 0, timeout: Double = 20) async throws {
        var seen = 0
        let found = await output.waitForLine(timeout: timeout) { line in
            guard line.hasPrefix("event ") else { return false }
            seen += 1
            return seen > after && line == "event " + event
        }
        guard found != nil else { throw failure("no event '\(event)' after the first \(after)") }
    }

    /// `list`: the device's conversation lines.
    func list() async throws -> [String] { try await run("list") }

    /// `total`: the device's total unread count.
    func total() async throws -> UInt64 {
        guard let line = try await run("total").first, let total = UInt64(line.dropFirst("total ".count)) else {
            throw failure("printed no total")
        }
        return total
    }

    /// Sends `quit` and waits for the process to end; returns its exit status.
    @discardableResult
    func quit() async -> Int32 {
        try? send("quit")
        _ = await output.waitForLine(from: cursor, timeout: 20) { $0 == "bye" }
        try? input.close()
        for _ in 0..<2000 where process.isRunning {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Writes `line` to the device's standard input.
    private func send(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(input.fileDescriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw failure("does not take input") }
            offset += written
        }
    }

    private func failure(_ what: String) -> IMError {
        let tail = output.lines.suffix(15).joined(separator: "\n  ")
        return IMError(.networkFailure, "device \(name) \(what); its last lines:\n  \(tail)\n  stderr: \(errors.lines.joined(separator: " | "))")
    }
}
