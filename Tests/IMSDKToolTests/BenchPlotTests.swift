import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import IMTestSupport
import XCTest
@testable import IMSDKTool

/// `imsdk bench --svg FILE`: a well-formed SVG with a panel per metric, a point per figure, and
/// logarithmic positions.
final class BenchPlotTests: XCTestCase {
    /// What the tests read from the SVG.
    private struct Plot {
        struct Point {
            let subject: String
            let scale: Int
            let x: Double
            let y: Double
        }
        struct Panel {
            var points: [Point] = []
            var missing: [Point] = []
        }
        var panels: [String: Panel] = [:]
        var panelOrder: [String] = []
        var title = ""
        var texts: [String] = []
        var ticks: [String] = []

        func point(_ metric: String, _ subject: String, _ scale: Int) -> Point? {
            panels[metric]?.points.first { $0.subject == subject && $0.scale == scale }
        }
    }

    /// Parses `svg` with Foundation's `XMLParser`; fails the test when it is not well-formed XML.
    private final class Reader: NSObject, XMLParserDelegate {
        var plot = Plot()
        private var panel: String?
        private var groupDepth = 0
        private var panelDepth = 0
        private var text: String?
        private var textClass: String?
        private var element: String?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            element = name
            if name == "g" {
                groupDepth += 1
                if attributes["class"] == "panel", let metric = attributes["data-metric"] {
                    panel = metric
                    panelDepth = groupDepth
                    plot.panelOrder.append(metric)
                    plot.panels[metric] = Plot.Panel()
                }
            }
            if name == "use", let panel, let kind = attributes["class"], kind == "point" || kind == "missing",
               let subject = attributes["data-subject"], let scale = attributes["data-scale"].flatMap({ Int($0) }),
               let x = attributes["x"].flatMap({ Double($0) }), let y = attributes["y"].flatMap({ Double($0) }) {
                let point = Plot.Point(subject: subject, scale: scale, x: x, y: y)
                if kind == "point" { plot.panels[panel]!.points.append(point) } else { plot.panels[panel]!.missing.append(point) }
            }
            if name == "text" || name == "title" {
                text = ""
                textClass = attributes["class"]
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "g" {
                if groupDepth == panelDepth { panel = nil }
                groupDepth -= 1
            }
            if name == "title", let text { plot.title = text }
            if name == "text", let text {
                plot.texts.append(text)
                if textClass == "tick" { plot.ticks.append(text) }
            }
            if name == "text" || name == "title" { text = nil }
        }
    }

    private func parse(_ svg: String, file: StaticString = #filePath, line: UInt = #line) throws -> Plot {
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = Reader()
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "not well-formed: \(String(describing: parser.parserError))", file: file, line: line)
        return reader.plot
    }

    private static let scales = [1_000, 10_000, 100_000, 1_000_000]

    /// A report at 1k-1M: ours grows 10x per decade on `incomingNew` (exact decades), B2 has no
    /// page walk at 1M, B1 no persisted ingest anywhere, memory with the program's own.
    private func report(configuration: String = "release", smoke: Bool = false) -> BenchCommand.Report {
        let scales = Self.scales.enumerated().map { index, n in
            let decade = pow(10, Double(index))
            let metrics = BenchMetric.allCases.map { metric -> MetricResult in
                switch metric {
                case .incomingNew:
                    return MetricResult(metric: metric, ours: 1e-6 * decade, array: nil, sql: 2e-6 * decade)
                case .persistedBatched, .persistedSingle, .coldStart, .coldOpen:
                    return MetricResult(metric: metric, ours: 5e-6, array: nil, sql: 3e-6)
                case .fullLoad:
                    return MetricResult(metric: metric, ours: 1e-3 * decade, array: nil, sql: nil)
                case .pageWalk:
                    return MetricResult(metric: metric, ours: 1e-4 * decade, array: 2e-5 * decade, sql: n > 100_000 ? nil : 3e-2 * decade)
                case .peakMemory:
                    return MetricResult(metric: metric, ours: 12e6 * decade, array: 6e6 * decade, sql: 4e6 * decade)
                default:
                    return MetricResult(metric: metric, ours: 2e-6, array: 1e-3 * decade, sql: 4e-6 * decade)
                }
            }
            return ScaleReport(
                conversations: n, messages: 2 * n, heavyMessages: 20 * n, listsAgree: true, arraySampledMessages: 1, arraySampledReads: 1,
                arraySampledPins: 1, reads: 1, pins: 1, processBaselineBytes: 9e6, metrics: metrics)
        }
        return BenchCommand.Report(
            cores: 2, date: "2026-11-23T20:00:00Z", configuration: configuration, smoke: smoke, scales: scales,
            targetScale: 100_000, targetsNotJudgedBecause: nil, targets: [])
    }

    func test_svg_isWellFormed_withAPanelPerMetric_andAPointPerMeasuredSubjectAndScale() throws {
        let report = report()
        let plot = try parse(BenchPlot(report: report).svg())

        let expected = BenchMetric.allCases.filter { !BenchPlot.omitted.contains($0) }.map(\.rawValue)
        XCTAssertEqual(plot.panelOrder, expected, "a panel per metric, in the report's order, the cold open and the folded ingest left out")
        XCTAssertFalse(plot.panelOrder.contains("persistedBatchedFolded"))
        for metric in BenchMetric.allCases where !BenchPlot.omitted.contains(metric) {
            let panel = try XCTUnwrap(plot.panels[metric.rawValue])
            var points = 0, missing = 0
            for (key, value) in [("ours", \MetricResult.ours), ("array", \.array), ("sql", \.sql)] {
                let figures = report.scales.map { ($0.conversations, $0[metric]![keyPath: value]) }
                let hasAny = figures.contains { $0.1 != nil }
                for (scale, figure) in figures {
                    let drawn = panel.points.filter { $0.subject == key && $0.scale == scale }
                    let marked = panel.missing.filter { $0.subject == key && $0.scale == scale }
                    XCTAssertEqual(drawn.count, figure == nil ? 0 : 1, "\(metric) \(key) at \(scale)")
                    XCTAssertEqual(marked.count, figure == nil && hasAny ? 1 : 0, "\(metric) \(key) at \(scale) marked missing")
                    points += drawn.count
                    missing += marked.count
                }
            }
            XCTAssertEqual(panel.points.count, points, "\(metric): no other points")
            XCTAssertEqual(panel.missing.count, missing, "\(metric): no other missing marks")
        }
        XCTAssertEqual(plot.panels["pageWalk"]?.missing.map(\.scale), [1_000_000], "B2's walk at 1M: marked, not drawn")
        XCTAssertEqual(plot.panels["pageWalk"]?.missing.map(\.subject), ["sql"])
        XCTAssertTrue(plot.texts.contains("B2 not measured"), "the mark is labelled")
        XCTAssertTrue(plot.panels["persistedBatched"]?.points.allSatisfy { $0.subject != "array" } == true)
        XCTAssertTrue(plot.panels["persistedBatched"]?.missing.isEmpty == true, "B1 has no persisted ingest: nothing to mark")
    }

    func test_svg_positionsAreLogarithmic_onBothAxes() throws {
        let plot = try parse(BenchPlot(report: report()).svg())
        for metric in ["incomingNew", "pageWalk", "peakMemory", "totalUnread"] {
            let xs = Self.scales.map { plot.point(metric, "ours", $0)!.x }
            let steps = zip(xs.dropFirst(), xs).map { $0 - $1 }
            XCTAssertGreaterThan(steps[0], 40, metric)
            for step in steps { XCTAssertEqual(step, steps[0], accuracy: 0.02, "\(metric): 10x the scale, the same distance right") }
        }
        // The same scale is at the same x in every panel of a column (three columns), one cell over in the next.
        XCTAssertEqual(plot.point("incomingNew", "ours", 10_000)!.x, plot.point("persistedSingle", "ours", 10_000)!.x, accuracy: 0.01)
        XCTAssertEqual(plot.point("incomingExisting", "ours", 10_000)!.x - plot.point("incomingNew", "ours", 10_000)!.x,
                       BenchPlot.cellWidth, accuracy: 0.01)
        // ours on incomingNew grows exactly 10x per decade: the same distance up each time.
        let ys = Self.scales.map { plot.point("incomingNew", "ours", $0)!.y }
        let rises = zip(ys, ys.dropFirst()).map { $0 - $1 }
        XCTAssertGreaterThan(rises[0], 10)
        for rise in rises { XCTAssertEqual(rise, rises[0], accuracy: 0.02, "10x the time, the same distance up") }
        // B2 is 2x ours there: log10(2) of a decade above, at every scale.
        for scale in Self.scales {
            let above = plot.point("incomingNew", "ours", scale)!.y - plot.point("incomingNew", "sql", scale)!.y
            XCTAssertEqual(above, log10(2) * rises[0], accuracy: 0.05, "2x is 0.301 decades at \(scale)")
        }
    }

    func test_svg_saysTheMachine_theBuild_andLabelsDecades() throws {
        let plot = try parse(BenchPlot(report: report()).svg())
        XCTAssertFalse(plot.title.isEmpty)
        XCTAssertTrue(plot.texts.contains { $0.contains("release build") && $0.contains("2 cores") }, "\(plot.texts.prefix(3))")
        XCTAssertFalse(plot.texts.contains { $0.contains("NOT THE ENGINE'S FIGURES") })
        XCTAssertTrue(plot.texts.contains { $0.contains("--scales 1000,10000,100000,1000000 --svg") })
        for label in ["1k", "10k", "100k", "1M", "1 us", "10 us", "100 MB", "1,000 MB"] {
            XCTAssertTrue(plot.ticks.contains(label), "tick \(label) in \(Set(plot.ticks))")
        }
        for label in ["ours", "B1", "B2", "not measured"] {
            XCTAssertTrue(plot.texts.contains { $0.hasPrefix(label) || $0.contains(label) }, "legend: \(label)")
        }
        let debug = try parse(BenchPlot(report: report(configuration: "debug", smoke: true)).svg())
        XCTAssertTrue(debug.texts.contains("NOT THE ENGINE'S FIGURES: a debug build, smoke timings"), "\(debug.texts.prefix(4))")
    }

    func test_axis_hasAtLeastTwoDecadeTicks_andPadsItsData() {
        XCTAssertEqual(BenchPlot.axis([1_000, 1_000_000]).decades, [3, 4, 5, 6])
        XCTAssertEqual(BenchPlot.axis([200, 300]).decades, [2, 3])
        XCTAssertEqual(BenchPlot.axis([1_000]).decades, [3, 4])
        XCTAssertEqual(BenchPlot.axis([5e-9, 2e-3]).decades, [-8, -7, -6, -5, -4, -3])
        let axis = BenchPlot.axis([1_000, 1_000_000])
        XCTAssertGreaterThan(axis.fraction(1_000), 0)
        XCTAssertLessThan(axis.fraction(1_000_000), 1)
        XCTAssertEqual(BenchPlot.timeLabel(-9), "1 ns")
        XCTAssertEqual(BenchPlot.timeLabel(-5), "10 us")
        XCTAssertEqual(BenchPlot.timeLabel(-1), "100 ms")
        XCTAssertEqual(BenchPlot.timeLabel(1), "10 s")
        XCTAssertEqual(BenchPlot.bytesLabel(3), "1,000 MB")
        XCTAssertEqual(BenchPlot.bytesLabel(-1), "0.1 MB")
        XCTAssertEqual(BenchPlot.decadeLabel(2), "100")
        XCTAssertEqual(BenchPlot.decadeLabel(5), "100k")
        XCTAssertEqual(BenchPlot.countLabel(250_000), "250k")
        XCTAssertEqual(BenchPlot.countLabel(1_500), "1,500")
    }

    func test_benchRun_withSVG_writesThePlotOfWhatItMeasured() throws {
        let directory = try TemporaryDirectory(prefix: "bench-plot")
        let path = directory.file("scaling.svg")
        let recorder = ConsoleRecorder()
        let options = BenchOptions(scales: [200, 2_000], json: true, smoke: true, svgPath: path)
        try BenchCommand(options: options, console: recorder.console, program: nil).run()
        let json = try JSONSerialization.jsonObject(with: Data(recorder.outLines.joined(separator: "\n").utf8)) as! [String: Any]
        let scales = json["scales"] as! [[String: Any]]
        let plot = try parse(try String(contentsOfFile: path, encoding: .utf8))
        XCTAssertTrue(recorder.errLines.contains { $0.contains("wrote the plot") && $0.contains(path) }, "\(recorder.errLines)")

        // Without memory probes (no program) memory has no figure, so no panel.
        XCTAssertEqual(Set(plot.panelOrder), Set(BenchMetric.allCases.map(\.rawValue)).subtracting(["coldOpen", "persistedBatchedFolded", "publicCall", "peakMemory", "peakMemoryHeavy"]))
        var points = 0
        for scale in scales {
            let conversations = scale["conversations"] as! Int
            for metric in scale["metrics"] as! [[String: Any]] where plot.panels[metric["metric"] as! String] != nil {
                for subject in ["ours", "array", "sql"] where metric[subject] is Double {
                    XCTAssertNotNil(plot.point(metric["metric"] as! String, subject, conversations), "\(metric["metric"]!) \(subject)")
                    points += 1
                }
            }
        }
        XCTAssertEqual(plot.panels.values.reduce(0) { $0 + $1.points.count }, points, "a point per figure, no more")
    }

    func test_svgOption_parses_andAnUnwritablePlace_failsBeforeMeasuring() throws {
        XCTAssertEqual(try BenchOptions.parse(["--svg", "a.svg"])?.svgPath, "a.svg")
        XCTAssertEqual(try BenchOptions.parse(["--scales", "1000", "--svg", "a.svg", "--json"]),
                       BenchOptions(scales: [1_000], json: true, svgPath: "a.svg"))
        for bad: ArraySlice<String> in [["--svg"], ["--svg", ""], ["--svg", "a.svg", "--flood"], ["--login-burst", "--svg", "a.svg"],
                                        ["--svg", "a.svg", "--memory-probe", "sql", "--scales", "300"]] {
            XCTAssertThrowsError(try BenchOptions.parse(bad), "\(bad)")
        }
        let directory = try TemporaryDirectory(prefix: "bench-plot-bad")
        for path in [directory.file("missing/plot.svg"), directory.path] {
            let recorder = ConsoleRecorder()
            let options = BenchOptions(scales: [200], smoke: true, svgPath: path)
            XCTAssertThrowsError(try BenchCommand(options: options, console: recorder.console, program: nil).run(), path) { error in
                guard case BenchError.plot = error else { return XCTFail("\(error)") }
            }
            XCTAssertFalse(recorder.errLines.contains { $0.contains("measuring") }, "failed before measuring: \(recorder.errLines)")
        }
    }
}
