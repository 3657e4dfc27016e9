import Foundation
import IMCore
@testable import IMSDKTool
import XCTest

/// `imsdk bench --ingest`: the in-memory incoming messages alone, on fresh stores.
final class IngestBenchTests: XCTestCase {
    func test_run_timesEveryRound_fastestFirst_andLeavesTheWorkloadsListRight() {
        let report = IngestBench(conversations: 300, rounds: 3).run()
        XCTAssertEqual(report.conversations, 300)
        for figures in [report.newConversation, report.existingConversation] {
            XCTAssertEqual(figures.count, 3, "one figure a round")
            XCTAssertEqual(figures, figures.sorted(), "fastest first")
            XCTAssertTrue(figures.allSatisfy { $0 > 0 }, "\(figures)")
        }
        // What the rounds time is the store taking the workload: one round's store holds its list.
        var store = ConversationStore(selfUserID: BenchWorkload.selfUserID, recordsStorage: false)
        let messages = Array(BenchWorkload(conversations: 300))
        XCTAssertGreaterThan(IngestBench.receiveEach(messages[...], into: &store), 0)
        XCTAssertEqual(store.count, 300)
        XCTAssertEqual(store.counters.totalUnread, messages.count, "every message is from a peer and unread")
    }

    func test_smokeRun_table_namesBothFigures_andJSON_carriesThem() throws {
        let table = ConsoleRecorder()
        try BenchCommand(options: BenchOptions(scales: [200], smoke: true, ingestOnly: true), console: table.console).runIngest()
        XCTAssertTrue(table.outLines.contains { $0.contains("new conversation") && $0.contains("existing conversation") }, "\(table.outLines)")
        XCTAssertTrue(table.outLines.contains { $0.hasPrefix("200 ") && $0.contains(" us") }, "\(table.outLines)")

        let json = ConsoleRecorder()
        try BenchCommand(options: BenchOptions(scales: [200, 400], json: true, smoke: true, ingestOnly: true), console: json.console).runIngest()
        let reports = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.outLines.joined(separator: "\n").utf8)) as? [[String: Any]])
        XCTAssertEqual(reports.map { $0["conversations"] as? Int }, [200, 400])
        XCTAssertEqual((reports.first?["existingConversation"] as? [Double])?.count, 1, "one round with --smoke")
    }

    func test_ingestOption_parses_andRoutes_andRefusesTheOtherMeasurements() throws {
        XCTAssertEqual(try BenchOptions.parse(["--ingest"]), BenchOptions(ingestOnly: true))
        XCTAssertEqual(try BenchOptions.parse(["--ingest", "--scales", "1000"]), BenchOptions(scales: [1_000], ingestOnly: true))
        for other in [["--flood"], ["--login-burst"], ["--svg", "plot.svg"]] {
            XCTAssertThrowsError(try BenchOptions.parse(["--ingest"] + other), "\(other)")
        }
        XCTAssertEqual(try Command.parse(["bench", "--ingest"]), .bench(BenchOptions(ingestOnly: true)))
    }
}
