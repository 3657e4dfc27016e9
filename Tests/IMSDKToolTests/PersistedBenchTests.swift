import Foundation
import IMCore
@testable import IMSDKTool
import XCTest

/// `imsdk bench --persisted`: the persisted ingest alone, ours and B2, on fresh databases.
final class PersistedBenchTests: XCTestCase {
    func test_run_writesTheWorkloadToDisk_foldsTheLog_andTimesEveryFigure() throws {
        let files = try BenchFiles()
        let all = Array(BenchWorkload(conversations: 300, count: 650))
        let figures = try PersistedBench(batched: all[..<600], singles: all[600...])
            .run(oursPath: files.path("ours.sqlite"), sqlPath: files.path("sql.sqlite"))
        for figure in [figures.batched, figures.single, figures.sqlBatched, figures.sqlSingle, figures.fold] {
            XCTAssertGreaterThan(figure, 0)
        }
        XCTAssertGreaterThan(figures.batchedFolded, figures.batched, "the fold adds its share")
        // What was timed is the workload on disk, folded: every message and conversation there.
        let database = try ConversationDatabase.open(at: files.path("ours.sqlite"), logger: .silent)
        XCTAssertEqual(try database.loggedCounts().batches, 0, "the run ends folded")
        XCTAssertEqual(try database.conversationCount(), 300)
        XCTAssertEqual(try database.loadCounters()?.counters.totalUnread, 650, "every message is from a peer and unread")
    }

    func test_smokeRun_table_namesTheFigures_andJSON_carriesThem() throws {
        let table = ConsoleRecorder()
        try BenchCommand(options: BenchOptions(scales: [200], smoke: true, persistedOnly: true), console: table.console).runPersisted()
        XCTAssertTrue(table.outLines.contains { $0.contains("1,000/txn") && $0.contains("log folded") && $0.contains("B2 1/txn") },
                      "\(table.outLines)")
        XCTAssertTrue(table.outLines.contains { $0.hasPrefix("200 ") }, "\(table.outLines)")

        let json = ConsoleRecorder()
        try BenchCommand(options: BenchOptions(scales: [200], json: true, smoke: true, persistedOnly: true), console: json.console)
            .runPersisted()
        let reports = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.outLines.joined(separator: "\n").utf8)) as? [[String: Any]])
        XCTAssertEqual(reports.count, 1)
        XCTAssertEqual(reports.first?["batchedCount"] as? Int, 400)
        XCTAssertGreaterThan(reports.first?["sqlSingle"] as? Double ?? 0, 0)
    }

    func test_persistedOption_parses_andRoutes_andRefusesTheOtherMeasurements() throws {
        XCTAssertEqual(try BenchOptions.parse(["--persisted"]), BenchOptions(persistedOnly: true))
        for other in [["--ingest"], ["--flood"], ["--login-burst"], ["--svg", "plot.svg"]] {
            XCTAssertThrowsError(try BenchOptions.parse(["--persisted"] + other), "\(other)")
        }
        XCTAssertEqual(try Command.parse(["bench", "--persisted"]), .bench(BenchOptions(persistedOnly: true)))
    }
}
