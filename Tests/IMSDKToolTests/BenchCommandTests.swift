import Foundation
import XCTest
@testable import IMSDKTool

/// `imsdk bench --smoke` keeps compiling, measuring and comparing; no timing is asserted.
final class BenchCommandTests: XCTestCase {
    /// The JSON report, as far as the tests read it.
    private struct Report: Decodable {
        struct Scale: Decodable {
            let conversations: Int
            let messages: Int
            let heavyMessages: Int
            let listsAgree: Bool
            let arraySampledMessages: Int
            let processBaselineBytes: Double?
            let metrics: [Metric]
        }
        struct Metric: Decodable {
            let metric: String
            let title: String
            let unit: String
            let ours: Double?
            let array: Double?
            let sql: Double?
            let arrayRatio: Double?
            let sqlRatio: Double?
        }
        struct Target: Decodable {
            let target: String
            let figure: String
            let met: Bool?
        }
        let cores: Int
        let date: String
        let configuration: String
        let smoke: Bool
        let targetsNotJudgedBecause: String?
        let scales: [Scale]
        let targetScale: Int
        let targets: [Target]
    }

    /// The metrics each baseline has a figure for.
    private static let arrayMetrics: Set<String> = [
        "incomingExisting", "firstPage", "middlePage", "lastPage", "pageWalk", "filteredPage", "totalUnread", "readReport",
        "pin", "peakMemory", "peakMemoryHeavy", "publicPage",
    ]
    private static let sqlMetrics = Set(BenchMetric.allCases.map(\.rawValue)).subtracting(["fullLoad", "publicPage", "publicCall"])

    func test_smokeRun_json_hasEveryMetricPositive_ratios_andAgreeingLists() throws {
        let program = try ToolProgram.url()
        let recorder = ConsoleRecorder()
        let options = BenchOptions(scales: [200, 300], json: true, smoke: true)
        try BenchCommand(options: options, console: recorder.console, program: program).run()
        let report = try JSONDecoder().decode(Report.self, from: Data(recorder.outLines.joined(separator: "\n").utf8))

        XCTAssertGreaterThan(report.cores, 0)
        XCTAssertNotNil(ISO8601DateFormatter().date(from: report.date), report.date)
        XCTAssertEqual(report.scales.map(\.conversations), [200, 300])
        XCTAssertEqual(report.targetScale, 300, "without 100k, the targets are checked at the largest scale")
        for scale in report.scales {
            XCTAssertEqual(scale.messages, 2 * scale.conversations)
            XCTAssertEqual(scale.heavyMessages, 20 * scale.conversations)
            XCTAssertTrue(scale.listsAgree)
            XCTAssertGreaterThan(scale.arraySampledMessages, 0)
            XCTAssertGreaterThan(scale.processBaselineBytes ?? 0, 0)
            XCTAssertEqual(scale.metrics.map(\.metric), BenchMetric.allCases.map(\.rawValue))
            for metric in scale.metrics {
                let name = "\(metric.metric) at \(scale.conversations)"
                XCTAssertFalse(metric.title.isEmpty, name)
                XCTAssertEqual(metric.unit, metric.metric.hasPrefix("peakMemory") ? "bytes" : "seconds", name)
                XCTAssertGreaterThan(metric.ours ?? 0, 0, name)
                if Self.arrayMetrics.contains(metric.metric) {
                    XCTAssertGreaterThan(metric.array ?? 0, 0, name)
                    XCTAssertEqual(try XCTUnwrap(metric.arrayRatio, name), metric.array! / metric.ours!, accuracy: 1e-9, name)
                } else {
                    XCTAssertNil(metric.array, name)
                    XCTAssertNil(metric.arrayRatio, name)
                }
                if Self.sqlMetrics.contains(metric.metric) {
                    XCTAssertGreaterThan(metric.sql ?? 0, 0, name)
                    XCTAssertEqual(try XCTUnwrap(metric.sqlRatio, name), metric.sql! / metric.ours!, accuracy: 1e-9, name)
                } else {
                    XCTAssertNil(metric.sql, name)
                }
            }
        }
        XCTAssertEqual(report.targets.count, 13)
        XCTAssertEqual(report.configuration, BenchCommand.buildConfiguration)
        XCTAssertTrue(report.smoke)
        XCTAssertTrue(report.targetsNotJudgedBecause?.contains("smoke timings") == true, "\(String(describing: report.targetsNotJudgedBecause))")
        for target in report.targets {
            XCTAssertNil(target.met, "a smoke run at 1,000 judges no 100,000 target: \(target.target)")
            XCTAssertNotEqual(target.figure, "not measured", target.target)
        }
    }

    func test_targetsAreJudged_onlyInARelease_nonSmoke_runAt100k() {
        XCTAssertNil(BenchCommand.reasonNotToJudge(configuration: "release", smoke: false, scale: 100_000))
        XCTAssertEqual(BenchCommand.reasonNotToJudge(configuration: "debug", smoke: false, scale: 100_000), "a debug build")
        XCTAssertEqual(BenchCommand.reasonNotToJudge(configuration: "release", smoke: true, scale: 1_000),
                       "smoke timings, measured at 1,000, not 100,000, conversations")
    }

    func test_smokeRun_table_withoutProgram_saysListsAgree_andMemoryNotMeasured() throws {
        let recorder = ConsoleRecorder()
        try BenchCommand(options: BenchOptions(scales: [200], smoke: true), console: recorder.console, program: nil).run()
        let lines = recorder.outLines
        XCTAssertTrue(lines[0].hasPrefix("imsdk bench: \(ProcessInfo.processInfo.activeProcessorCount) cores"), lines[0])
        XCTAssertTrue(lines.contains { $0.hasPrefix("200 conversations, 400 messages") && $0.hasSuffix("lists agree") }, "\(lines)")
        let header = try XCTUnwrap(lines.first { $0.hasPrefix("metric") })
        for column in ["ours", "B1 array", "B2 SQL", "B1/ours", "B2/ours"] { XCTAssertTrue(header.contains(column), header) }
        for metric in BenchMetric.allCases {
            XCTAssertTrue(lines.contains { $0.hasPrefix(metric.title) }, "no row for \(metric.title)")
        }
        let memory = try XCTUnwrap(lines.first { $0.hasPrefix(BenchMetric.peakMemory.title) })
        XCTAssertFalse(memory.contains("MB"), memory)
        XCTAssertTrue(lines.contains { $0.hasPrefix("persisted ingest, 1,000/txn: ours") && $0.hasSuffix("msg/s") }, "\(lines)")
        XCTAssertTrue(lines.contains("memory: not measured (no imsdk program to run probes)"), "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("peak resident memory < 150 MB") && $0.hasSuffix("n/a") }, "\(lines)")
    }

    func test_memoryProbe_printsPeakResidentBytes_ofOneSubject() throws {
        let program = try ToolProgram.url()
        for subject in MemoryProbe.Subject.allCases {
            for perConversation in [2, 20] {
                let bytes = try MemoryProbe.measure(subject, conversations: 200, perConversation: perConversation, program: program)
                XCTAssertGreaterThan(bytes, 1_048_576, "\(subject.rawValue), \(perConversation) per conversation")
            }
        }
    }

    func test_options_parse_andRejectBadValues() throws {
        XCTAssertEqual(try BenchOptions.parse([]), BenchOptions())
        XCTAssertEqual(BenchOptions().scales, [1_000, 10_000, 100_000])
        XCTAssertEqual(try BenchOptions.parse(["--smoke"]), BenchOptions(scales: [1_000], smoke: true))
        XCTAssertEqual(try BenchOptions.parse(["--scales", "500", "--smoke"]), BenchOptions(scales: [500], smoke: true))
        XCTAssertEqual(try BenchOptions.parse(["--smoke", "--scales", "500"]), BenchOptions(scales: [500], smoke: true))
        XCTAssertEqual(try BenchOptions.parse(["--scales", "500,2000", "--json"]), BenchOptions(scales: [500, 2_000], json: true))
        XCTAssertEqual(try BenchOptions.parse(["--scales", "1000000"])?.scales, [1_000_000])
        XCTAssertEqual(
            try BenchOptions.parse(["--memory-probe", "sql", "--scales", "300"]),
            BenchOptions(scales: [300], memoryProbe: .sql))
        XCTAssertEqual(
            try BenchOptions.parse(["--memory-probe", "engine", "--scales", "300", "--messages-per-conversation", "20"]),
            BenchOptions(scales: [300], memoryProbe: .engine, messagesPerConversation: 20))
        XCTAssertNil(try BenchOptions.parse(["--help"]))
        XCTAssertNil(try BenchOptions.parse(["--json", "-h"]))
        for bad: ArraySlice<String> in [
            ["--scales", "10,x"], ["--scales", "50"], ["--scales", ""], ["--scales", "1000,"], ["--scales"],
            ["--memory-probe"], ["--memory-probe", "frob", "--scales", "300"], ["--memory-probe", "engine"],
            ["--memory-probe", "engine", "--scales", "300,400"], ["--frob"], ["extra"],
            ["--messages-per-conversation"], ["--messages-per-conversation", "0"], ["--messages-per-conversation", "x"],
        ] {
            XCTAssertThrowsError(try BenchOptions.parse(bad), "\(bad)")
        }
    }

    func test_flood_optionsParse_andASmokeRunReportsEveryFigure() async throws {
        XCTAssertEqual(try BenchOptions.parse(["--flood"])?.floodMessages, 100_000)
        XCTAssertEqual(try BenchOptions.parse(["--flood-messages", "300", "--smoke"])?.floodMessages, 300)
        for bad: ArraySlice<String> in [["--flood-messages"], ["--flood-messages", "0"], ["--flood-messages", "x"]] {
            XCTAssertThrowsError(try BenchOptions.parse(bad), "\(bad)")
        }
        let recorder = ConsoleRecorder()
        try await BenchCommand(options: BenchOptions(smoke: true, floodMessages: 300), console: recorder.console)
            .runFlood(messages: 300)
        let lines = recorder.outLines
        XCTAssertTrue(lines.contains { $0.contains("messages in the flood") && $0.hasSuffix("300") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("calls during the flood") }, "\(lines)")
        for figure in ["call latency p50", "call latency p99", "call latency max"] {
            XCTAssertTrue(lines.contains { $0.contains(figure) && $0.hasSuffix(" ms") }, "\(figure): \(lines)")
        }
    }

    func test_command_routesBench_toItsOptions() throws {
        XCTAssertEqual(try Command.parse(["bench", "--scales", "200", "--json"]), .bench(BenchOptions(scales: [200], json: true)))
        XCTAssertEqual(try Command.parse(["bench", "--help"]), .help(.bench))
    }

    func test_format_usesHumanUnits() {
        XCTAssertEqual(BenchFormat.time(1.5e-9), "1.50 ns")
        XCTAssertEqual(BenchFormat.time(0.5e-6), "500 ns")
        XCTAssertEqual(BenchFormat.time(12.34e-6), "12.3 us")
        XCTAssertEqual(BenchFormat.time(2.5e-3), "2.50 ms")
        XCTAssertEqual(BenchFormat.time(3), "3.00 s")
        XCTAssertEqual(BenchFormat.bytes(150 * 1_048_576), "150 MB")
        XCTAssertEqual(BenchFormat.throughput(254_321.4), "254,321 msg/s")
        XCTAssertEqual(BenchFormat.ratio(0.456), "0.46x")
        XCTAssertEqual(BenchFormat.ratio(12_345.6), "12,346x")
        XCTAssertEqual(BenchFormat.grouped(0), "0")
        XCTAssertEqual(BenchFormat.grouped(999), "999")
        XCTAssertEqual(BenchFormat.grouped(1_000_000), "1,000,000")
    }

    func test_targets_comparePlainFiguresWithTheIssuesLimits() throws {
        func result(_ metric: BenchMetric, _ ours: Double, array: Double? = nil, sql: Double? = nil) -> MetricResult {
            MetricResult(metric: metric, ours: ours, array: array, sql: sql)
        }
        let report = ScaleReport(
            conversations: 100_000, messages: 200_000, heavyMessages: 2_000_000, listsAgree: true,
            arraySampledMessages: 1, arraySampledReads: 1,
            arraySampledPins: 1, reads: 1, pins: 1, processBaselineBytes: nil,
            metrics: [
                result(.incomingNew, 1e-6), result(.incomingExisting, 1.5e-6, array: 1e-3),
                result(.firstPage, 10e-6, array: 12e-6), result(.middlePage, 60e-6, array: 60e-6),
                result(.lastPage, 10e-6, array: 20e-6, sql: 5e-3), result(.publicPage, 30e-6, array: 20e-6),
                result(.totalUnread, 2e-9), result(.persistedBatched, 4e-6), result(.persistedSingle, 50e-6, sql: 40e-6),
                result(.coldStart, 25e-3),
            ])
        let verdicts = BenchTarget.evaluate(report).map(\.met)
        // Incoming 1.5 us > 1.2 us; B1 / ours 667x; a page of 60 us; B1's slices / ours 1.2x, 1.0x and
        // 2.0x (met at exactly 1); the public page 0.67x; B2 500x; total 2 ns; 250,000 msg/s; one per
        // transaction 0.8x B2's; cold start 25 ms; no memory figures.
        XCTAssertEqual(verdicts, [false, false, false, true, false, true, true, true, false, false, nil, nil, nil])
        let faster = ScaleReport(
            conversations: 100_000, messages: 200_000, heavyMessages: 2_000_000, listsAgree: true,
            arraySampledMessages: 1, arraySampledReads: 1, arraySampledPins: 1, reads: 1, pins: 1, processBaselineBytes: nil,
            metrics: [result(.incomingNew, 1.2e-6), result(.incomingExisting, 1.2e-6, array: 1.2e-3),
                      result(.publicPage, 20e-6, array: 20e-6), result(.persistedSingle, 30e-6, sql: 40e-6)])
        XCTAssertEqual(BenchTarget.evaluate(faster).map(\.met), [true, true, nil, nil, true, nil, nil, nil, true, nil, nil, nil, nil],
                       "1.2 us and 1000x are met, a public page as fast as the slice, one per transaction ahead of B2")

        let megabyte = 1_048_576.0
        for (ours, array, heavy, expected) in [
            (50 * megabyte, 56 * megabyte, 54 * megabyte, [true, true, true]),
            (56 * megabyte, 56 * megabyte, 62 * megabyte, [true, false, false]),
            (160 * megabyte, 56 * megabyte, 160 * megabyte, [false, false, true]),
        ] {
            let memory = ScaleReport(
                conversations: 100_000, messages: 200_000, heavyMessages: 2_000_000, listsAgree: true,
                arraySampledMessages: 1, arraySampledReads: 1, arraySampledPins: 1, reads: 1, pins: 1,
                processBaselineBytes: nil,
                metrics: [result(.peakMemory, ours, array: array), result(.peakMemoryHeavy, heavy, array: array)])
            XCTAssertEqual(BenchTarget.evaluate(memory).suffix(3).map(\.met), expected, "\(ours), \(array), \(heavy)")
        }
    }
}
