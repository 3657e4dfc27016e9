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
}
