import Foundation
import XCTest
import IMTestSupport

/// Two processes and one persisted server: the second gets a clear error, not a diverging copy.
final class EmbeddedServerProcessTests: XCTestCase {
    func test_aSecondProcessOverTheSameServerData_failsSayingWhy_andTheFirstGoesOn() throws {
        let tool = try ToolProgram.url()
        let directory = try TemporaryDirectory(prefix: "two-processes")
        defer { directory.remove() }
        let path = directory.file("me.sqlite")

        let first = Process()
        first.executableURL = tool
        first.arguments = ["ingest", "--database", path, "--messages", "200000"]
        let firstOutput = Pipe()
        first.standardOutput = firstOutput
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer {
            if first.isRunning { kill(first.processIdentifier, SIGKILL) }
            first.waitUntilExit()
        }
        // The first acknowledgement: the first process holds the server's data.
        let reader = firstOutput.fileHandleForReading
        var seen = ""
        while !seen.contains("ack ") {
            let chunk = reader.availableData
            XCTAssertFalse(chunk.isEmpty, "the first process ended before acknowledging anything")
            if chunk.isEmpty { return }
            seen += String(decoding: chunk, as: UTF8.self)
        }

        let second = Process()
        second.executableURL = tool
        second.arguments = ["ingest", "--database", path, "--messages", "10"]
        let secondError = Pipe()
        second.standardOutput = FileHandle.nullDevice
        second.standardError = secondError
        try second.run()
        second.waitUntilExit()
        let message = String(decoding: secondError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertNotEqual(second.terminationStatus, 0)
        XCTAssertTrue(message.contains("in use by another process"), message)
        XCTAssertTrue(message.contains("imsdk serve"), "points at the networked server: \(message)")
        XCTAssertTrue(first.isRunning, "the first process is not disturbed")
    }

    /// The new-user scenario across processes: every step is its own process, as an app run again.
    /// The store resumes against the embedded server that kept its state; once that server's data
    /// is gone (a new epoch), the store rebuilds from it instead of showing the old cloud.
    func test_runAgain_theStoreResumes_andAfterTheServerDataIsGone_itRebuilds() throws {
        let directory = try TemporaryDirectory(prefix: "run-again")
        defer { directory.remove() }
        let data = ["--data", directory.path]
        func seed(_ arguments: String...) throws { _ = try run(["seed"] + data + arguments) }
        func inbox() throws -> [String] { try run(["inbox", "--user", "alice"] + data) }

        try seed("user", "alice")
        try seed("user", "bob")
        try seed("text", "one", "--from", "bob", "--to", "alice")
        XCTAssertEqual(try inbox(), ["c2c_bob unread 1 last \"one\" history \"one\"", "total 1"])

        try seed("text", "two", "--from", "bob", "--to", "alice")
        XCTAssertEqual(try inbox(), [
            "heard c2c_bob two", "c2c_bob unread 2 last \"two\" history \"two, one\"", "total 2",
        ], "the message that came while away is heard once and counts")

        // The server's data is deleted: the next server is a new, empty cloud (another epoch).
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasPrefix("imserver_") {
            try FileManager.default.removeItem(atPath: directory.file(file))
        }
        try seed("user", "alice")
        try seed("user", "bob")
        try seed("text", "three", "--from", "bob", "--to", "alice")
        XCTAssertEqual(try inbox(), ["c2c_bob unread 1 last \"three\" history \"three\"", "total 1"],
                       "the store rebuilt from the new server: nothing of the old one, the new message counts")
    }

    /// Runs the tool with `arguments`; fails the test unless it exits 0. Returns its output lines.
    private func run(_ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = try ToolProgram.url()
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "imsdk \(arguments.joined(separator: " ")): \(errorText)")
        return text.split(separator: "\n").map(String.init)
    }
}
