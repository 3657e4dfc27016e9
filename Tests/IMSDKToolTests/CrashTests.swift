import Foundation
import XCTest
import IMCore
import IMTestSupport

/// Kills `imsdk ingest` at random moments and checks that its database survives every time.
final class CrashTests: XCTestCase {
    func test_sigkillAtRandomMoments_neverLosesAnAcknowledgedBatch_andTheCountersAgree() throws {
        let tool = try ToolProgram.url()
        let directory = try TemporaryDirectory(prefix: "crash")
        defer { directory.remove() }
        let path = directory.file("me.sqlite")
        var generator = SystemRandomNumberGenerator()
        var acknowledged: Set<String> = []
        var killedWhileWriting = 0

        for run in 0..<20 {
            let process = Process()
            process.executableURL = tool
            process.arguments = ["ingest", "--database", path, "--peers", "15", "--messages", "20000", "--prefix", "r\(run)p"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 150_000...700_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
            // A line cut by the kill is not an acknowledgement.
            let complete = text.hasSuffix("\n") ? lines : lines.dropLast()
            let acks = complete.filter { $0.hasPrefix("ack ") }.map { String($0.dropFirst(4)) }
            if acks.count < 20_000 { killedWhileWriting += 1 }
            acknowledged.formUnion(acks)

            let database = try ConversationDatabase.open(at: path, logger: .silent)
            // No counters row: killed before the first batch, so nothing may have been acknowledged.
            let stored = try database.loadCounters()?.counters ?? UnreadCounters()
            XCTAssertEqual(try database.recount(), stored, "run \(run): the recount agrees")
            let store = try IMClient.loadStore(from: database, userID: "me", logger: .silent)
            store._checkInvariants()
            XCTAssertEqual(store.counters, stored, "run \(run): the tables agree with the counters")
            var present: Set<String> = []
            for conversation in try database.allConversations() {
                for (message, _) in try database.messages(of: conversation.id) {
                    present.insert("\(conversation.id.target) \(message.seq)")
                }
            }
            let lost = acknowledged.subtracting(present)
            XCTAssertTrue(lost.isEmpty, "run \(run): acknowledged but lost: \(lost.sorted().prefix(5))")
        }
        XCTAssertGreaterThanOrEqual(killedWhileWriting, 15, "most runs must die in the middle of ingesting")
        XCTAssertGreaterThan(acknowledged.count, 0)
    }
}
