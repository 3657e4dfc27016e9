import Foundation
import XCTest
import IMTransportKit

/// `imsdk serve` running as a process of its own, for tests with real processes: its port and
/// epoch as it printed them, its log (standard error) line by line, and its memory.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    /// The port it listens on.
    let port: UInt16
    /// The epoch it printed.
    let epoch: String
    /// Its standard error: one line per connection event.
    let log: LineReader

    /// Starts `imsdk serve --port PORT --data DIRECTORY ARGUMENTS` and waits until it listens.
    ///
    /// - Parameters:
    ///   - port: 0 for any free port.
    ///   - fileLimit: `ulimit` options for its open files (`-n 96`: a soft and hard limit of 96,
    ///     `-S -n 200`: a soft one); nil: this process's limits.
    init(data directory: String, port: UInt16 = 0, arguments: [String] = [], fileLimit: String? = nil) async throws {
        let tool = try ToolProgram.url()
        let serve = ["serve", "--port", String(port), "--data", directory] + arguments
        if let fileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit \(fileLimit) && exec \"$0\" \"$@\"", tool.path] + serve
        } else {
            process.executableURL = tool
            process.arguments = serve
        }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let printed = LineReader(output.fileHandleForReading, name: "serve.stdout")
        log = LineReader(error.fileHandleForReading, name: "serve.stderr")
        // "imsdk serve: listening on 127.0.0.1:PORT (epoch E, data in ...)"
        guard let (_, line) = await printed.waitForLine(timeout: 30, where: { $0.contains("listening on ") }),
              let address = line.components(separatedBy: "listening on ").last?.components(separatedBy: " ").first,
              let portText = address.split(separator: ":").last, let listening = UInt16(portText),
              let epoch = line.components(separatedBy: "(epoch ").last?.components(separatedBy: ",").first
        else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw IMError(.networkFailure, "imsdk serve did not start: \(printed.lines + log.lines)")
        }
        self.port = listening
        self.epoch = epoch
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Kills it with SIGKILL (no chance to write anything more) and waits for it to end.
    func sigkill() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Stops it with SIGTERM and waits for it to end.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// The first log line from `start` on that contains `text`, waiting up to `timeout` seconds.
    func waitForLog(_ text: String, from start: Int = 0, timeout: Double = 20) async -> String? {
        await log.waitForLine(from: start, timeout: timeout) { $0.contains(text) }?.line
    }

    /// How many log lines contain `text`.
    func logCount(_ text: String) -> Int {
        log.lines.filter { $0.contains(text) }.count
    }

    /// Its resident memory now and at its peak, in KiB (Linux; nil elsewhere).
    func memory() -> (resident: Int, peak: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else {
            return nil
        }
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { Int($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") }
        }
        guard let resident = field("VmRSS"), let peak = field("VmHWM") else { return nil }
        return (resident, peak)
    }
}
