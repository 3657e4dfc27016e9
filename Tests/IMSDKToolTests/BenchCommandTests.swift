import Foundation
import XCTest
@testable import IMSDKTool

/// `imsdk bench --smoke` keeps compiling and measuring; no timing is asserted.
final class BenchCommandTests: XCTestCase {
    func test_smokeRun_printsEveryMetricWithAPositiveValue() throws {
        let recorder = ConsoleRecorder()
        try BenchCommand(options: BenchOptions(scales: [200], json: true), console: recorder.console).run()
        struct Report: Decodable {
            struct Row: Decodable { let metric: String; let unit: String; let values: [Double] }
            let cores: Int
            let scales: [Int]
            let rows: [Row]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(recorder.outLines.joined(separator: "\n").utf8))
        XCTAssertEqual(report.scales, [200])
        XCTAssertGreaterThan(report.cores, 0)
        XCTAssertEqual(report.rows.count, 13)
        for row in report.rows {
            XCTAssertEqual(row.values.count, 1, row.metric)
            XCTAssertGreaterThan(row.values[0], 0, row.metric)
        }
    }

    func test_workload_givesEveryConversationAMessage_andSkewsTheRest() {
        let messages = BenchCommand.workload(conversations: 1_000)
        XCTAssertEqual(messages.count, 2_000)
        let bySender = Dictionary(grouping: messages, by: \.sender)
        XCTAssertEqual(bySender.count, 1_000)
        let hot = (0..<10).reduce(0) { $0 + (bySender["u\($1)"]?.count ?? 0) }
        XCTAssertGreaterThan(hot, 700, "most of the second half goes to 1% of the conversations")
        for (_, list) in bySender {
            XCTAssertEqual(list.map(\.seq), Array(1...UInt64(list.count)), "sequences run per conversation")
        }
    }

    func test_options_parse_andRejectBadValues() throws {
        XCTAssertEqual(try BenchOptions.parse(["--smoke"])?.scales, [1_000])
        XCTAssertEqual(try BenchOptions.parse(["--scales", "500,2000", "--json"]), BenchOptions(scales: [500, 2_000], json: true))
        XCTAssertNil(try BenchOptions.parse(["--help"]))
        XCTAssertThrowsError(try BenchOptions.parse(["--scales", "10,x"]))
        XCTAssertThrowsError(try BenchOptions.parse(["--frob"]))
    }
}
