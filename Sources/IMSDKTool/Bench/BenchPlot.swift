import Foundation

/// The scaling plot of `imsdk bench --svg FILE`: small multiples, one panel per metric of the run,
/// each the figure (seconds per operation, or bytes) against the number of conversations for ours,
/// B1 and B2, both axes logarithmic with a tick and a grid line at every decade.
///
/// The plot shows exactly what the run measured: a panel for every metric with a figure at some
/// scale (`BenchMetric.coldOpen`, a part of the cold start, and `persistedBatchedFolded`, the
/// batched ingest with one more cost, left out), a point for every (subject,
/// scale) measured, lines between the points of neighbouring scales. A subject that has the metric
/// at one scale but not at another (B2's quadratic page walk above `ScaleBench.sqlWalkLimit`) gets a
/// hollow marker on the panel's top edge at each scale it was not measured at; a subject that never
/// has the metric (B1 has no persisted ingest) draws nothing there. The memory panel also shows the
/// program's own footprint (`ScaleReport.processBaselineBytes`) as a dashed line.
///
/// The SVG is written by hand (no dependency): a white background (it reads in a dark theme
/// too), text in the system sans-serif, markers as `<use>` of shapes in `<defs>`. Each panel is a
/// `<g class="panel" data-metric="...">`, each point a `<use class="point" data-subject="ours"
/// data-scale="1000" x=".." y="..">`, each missing figure a `<use class="missing" ...>`, so tests
/// (and readers of the source) can find them.
struct BenchPlot {
    let report: BenchCommand.Report

    /// One of the three subjects (or the program alone), as drawn.
    struct Series: Sendable {
        /// `ours`, `array`, `sql` (the JSON report's names) or `program`.
        let key: String
        /// "ours", "B1", "B2".
        let name: String
        let label: String
        let color: String
        let value: @Sendable (MetricResult) -> Double?
    }

    static let series: [Series] = [
        Series(key: "ours", name: "ours", label: "ours", color: "#1f77b4", value: { $0.ours }),
        Series(key: "array", name: "B1", label: "B1: app-side array, re-sorted on every event", color: "#e07b00",
               value: { $0.array }),
        Series(key: "sql", name: "B2", label: "B2: SQLite as the index, pages by OFFSET", color: "#2ca02c", value: { $0.sql }),
    ]

    /// The metrics that get no panel: a part of another one's figure, or another one's figure
    /// with a cost added.
    static let omitted: Set<BenchMetric> = [.coldOpen, .persistedBatchedFolded, .publicCall]

    /// The metrics that get a panel, in the report's order.
    var metrics: [BenchMetric] {
        var seen: [BenchMetric] = []
        for scale in report.scales {
            for result in scale.metrics where !Self.omitted.contains(result.metric) && !seen.contains(result.metric) {
                if Self.series.contains(where: { $0.value(result) != nil }) { seen.append(result.metric) }
            }
        }
        return seen
    }

    // MARK: - Layout (SVG user units; the SVG scales to the width it is shown at)

    static let width = 960.0
    static let columns = 3
    /// The header's height: title, subtitle, legend, and a line for `warning` when there is one.
    var headerHeight: Double { warning == nil ? 112 : 132 }
    static let footerHeight = 44.0
    static let cellHeight = 236.0
    static var cellWidth: Double { width / Double(columns) }
    /// The plot area inside a cell.
    static let plotLeft = 62.0, plotRight = 14.0, plotTop = 46.0, plotBottom = 34.0
    static var plotWidth: Double { cellWidth - plotLeft - plotRight }
    static var plotHeight: Double { cellHeight - plotTop - plotBottom }
    /// Room left around the data on a logarithmic axis, in decades.
    static let padding = 0.12

    /// The whole SVG document.
    func svg() -> String {
        let metrics = metrics
        let rows = (metrics.count + Self.columns - 1) / Self.columns
        let height = headerHeight + Double(rows) * Self.cellHeight + Self.footerHeight
        var svg = SVGText()
        svg.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        svg.line("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(Self.width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(n(Self.width)) \(n(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">")
        svg.element("title", text: title)
        svg.line("<defs>")
        for series in Self.series {
            svg.line(marker(series, id: "marker-\(series.key)", filled: true))
            svg.line(marker(series, id: "marker-\(series.key)-missing", filled: false))
        }
        svg.line("</defs>")
        svg.line("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>")
        header(&svg)
        let xAxis = Self.axis(report.scales.map { Double($0.conversations) })
        for (index, metric) in metrics.enumerated() {
            let x = Double(index % Self.columns) * Self.cellWidth
            let y = headerHeight + Double(index / Self.columns) * Self.cellHeight
            panel(metric, at: (x, y), xAxis: xAxis, into: &svg)
        }
        for (index, line) in footer.enumerated() {
            svg.element("text", ["x": "12", "y": n(height - Self.footerHeight + 18 + Double(index) * 16), "font-size": "11",
                                 "fill": "#555555"], text: line)
        }
        svg.line("</svg>")
        return svg.text
    }

    // MARK: - Header and footer

    var title: String { "imsdk bench: time per operation and peak memory against the number of conversations" }

    private var subtitle: String {
        ["log-log, lower is better; ×N: the baseline's figure / ours", "\(report.configuration) build",
         "\(report.cores) cores", Self.system, String(report.date.prefix(10))].joined(separator: " · ")
    }

    /// Why the figures are not the engine's, or nil.
    private var warning: String? {
        var reasons: [String] = []
        if report.configuration != "release" { reasons.append("a \(report.configuration) build") }
        if report.smoke { reasons.append("smoke timings") }
        return reasons.isEmpty ? nil : "NOT THE ENGINE'S FIGURES: " + reasons.joined(separator: ", ")
    }

    private var footer: [String] {
        let scales = report.scales.map { String($0.conversations) }.joined(separator: ",")
        return [
            "Made by: swift run -c release imsdk bench --scales \(scales) --svg FILE",
            "Workload: each conversation gets a message, then as many more, 80% of them to 1% of the conversations; "
                + "the three subjects' lists are compared at every scale.",
        ]
    }

    private static var system: String {
        #if os(Linux)
        return "Linux"
        #elseif os(macOS)
        return "macOS"
        #else
        return "other OS"
        #endif
    }

    private func header(_ svg: inout SVGText) {
        svg.element("text", ["x": "12", "y": "26", "font-size": "18", "font-weight": "bold", "fill": "#111111"], text: title)
        svg.element("text", ["x": "12", "y": "46", "font-size": "13", "fill": "#333333"], text: subtitle)
        var legendY = 72.0
        if let warning {
            svg.element("text", ["x": "12", "y": "66", "font-size": "13", "font-weight": "bold", "fill": "#c00000"], text: warning)
            legendY += 20
        }
        var x = 12.0
        for series in Self.series {
            svg.line("<use href=\"#marker-\(series.key)\" x=\"\(n(x + 6))\" y=\"\(n(legendY - 4))\"/>")
            svg.line("<line x1=\"\(n(x - 2))\" y1=\"\(n(legendY - 4))\" x2=\"\(n(x + 14))\" y2=\"\(n(legendY - 4))\" "
                + "stroke=\"\(series.color)\" stroke-width=\"2\"/>")
            svg.element("text", ["x": n(x + 20), "y": n(legendY), "fill": "#111111"], text: series.label)
            x += 28 + Double(series.label.count) * 6.4
        }
        let secondY = legendY + 22
        svg.line("<use href=\"#marker-sql-missing\" x=\"18\" y=\"\(n(secondY - 4))\"/>")
        svg.element("text", ["x": "32", "y": n(secondY), "fill": "#111111"],
                    text: "hollow, on the top edge: not measured at that scale (B2's OFFSET walks are quadratic)")
        svg.line("<line x1=\"590\" y1=\"\(n(secondY - 4))\" x2=\"612\" y2=\"\(n(secondY - 4))\" stroke=\"#888888\" "
            + "stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>")
        svg.element("text", ["x": "618", "y": n(secondY), "fill": "#111111"], text: "the program alone (memory)")
    }

    // MARK: - Panels

    /// A logarithmic axis: the range shown, in decades (log10), with at least two decade ticks.
    struct Axis: Equatable {
        var lower: Double
        var upper: Double

        /// The decades (integer exponents) inside the range.
        var decades: [Int] { Array(Int(lower.rounded(.up))...Int(upper.rounded(.down))) }

        /// Where `value` lies from 0 (lower end) to 1 (upper end).
        func fraction(_ value: Double) -> Double { (log10(value) - lower) / (upper - lower) }
    }

    /// The axis for `values` (positive): their range padded, widened to the enclosing decades when
    /// that would hold fewer than two decade ticks.
    static func axis(_ values: [Double]) -> Axis {
        let logs = values.filter { $0 > 0 }.map(log10)
        guard let low = logs.min(), let high = logs.max() else { return Axis(lower: 0, upper: 1) }
        var axis = Axis(lower: low - padding, upper: high + padding)
        if axis.upper.rounded(.down) - axis.lower.rounded(.up) < 1 {
            axis = Axis(lower: min(axis.lower, low.rounded(.down)), upper: max(axis.upper, high.rounded(.up)))
            if axis.upper.rounded(.down) - axis.lower.rounded(.up) < 1 { axis.upper = axis.lower.rounded(.up) + 1 }
        }
        return axis
    }

    private func panel(_ metric: BenchMetric, at origin: (x: Double, y: Double), xAxis: Axis, into svg: inout SVGText) {
        let results = report.scales.compactMap { scale in scale[metric].map { (scale, $0) } }
        let isMemory = metric.unit == .bytes
        // Memory is drawn in MB (2^20 bytes), so that its decades are 10 MB, 100 MB, ...
        let unit = isMemory ? 1_048_576.0 : 1
        var values = results.flatMap { _, result in Self.series.compactMap { $0.value(result) } }
        let baselines = isMemory ? report.scales.compactMap { scale in scale.processBaselineBytes.map { (scale, $0) } } : []
        values += baselines.map(\.1)
        let yAxis = Self.axis(values.map { $0 / unit })
        let left = origin.x + Self.plotLeft, top = origin.y + Self.plotTop
        func px(_ scale: Int) -> Double { left + xAxis.fraction(Double(scale)) * Self.plotWidth }
        func py(_ value: Double) -> Double { top + (1 - yAxis.fraction(value / unit)) * Self.plotHeight }

        svg.line("<g class=\"panel\" data-metric=\"\(metric.rawValue)\">")
        svg.element("text", ["x": n(origin.x + 12), "y": n(origin.y + 18), "font-size": "13", "font-weight": "bold",
                             "fill": "#111111"], text: metric.standaloneTitle)
        svg.element("text", ["x": n(origin.x + 12), "y": n(origin.y + 34), "font-size": "11", "fill": "#444444"],
                    text: summary(metric, results))
        svg.line("<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(Self.plotWidth))\" height=\"\(n(Self.plotHeight))\" "
            + "fill=\"#fbfbfb\" stroke=\"#999999\" stroke-width=\"1\"/>")
        // Grid and ticks: a line per decade, lighter ones at 2-9 when few decades are shown.
        for (axis, horizontal) in [(yAxis, true), (xAxis, false)] {
            let decades = axis.decades
            let minor = decades.count <= 4
            for decade in (decades.first! - 1)...decades.last! {
                for step in minor ? Array(1...9) : [1] {
                    let value = Double(step) * pow(10, Double(decade))
                    let f = axis.fraction(value)
                    guard f >= 0, f <= 1 else { continue }
                    let stroke = step == 1 ? "#cccccc" : "#ececec"
                    if horizontal {
                        let y = top + (1 - f) * Self.plotHeight
                        svg.line("<line x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(left + Self.plotWidth))\" y2=\"\(n(y))\" stroke=\"\(stroke)\"/>")
                    } else {
                        let x = left + f * Self.plotWidth
                        svg.line("<line x1=\"\(n(x))\" y1=\"\(n(top))\" x2=\"\(n(x))\" y2=\"\(n(top + Self.plotHeight))\" stroke=\"\(stroke)\"/>")
                    }
                }
            }
            let labelEvery = decades.count > 7 ? 2 : 1
            for decade in decades where (decade - decades.first!) % labelEvery == 0 {
                let f = axis.fraction(pow(10, Double(decade)))
                if horizontal {
                    let y = top + (1 - f) * Self.plotHeight
                    svg.line("<line x1=\"\(n(left - 4))\" y1=\"\(n(y))\" x2=\"\(n(left))\" y2=\"\(n(y))\" stroke=\"#666666\"/>")
                    svg.element("text", ["class": "tick", "x": n(left - 6), "y": n(y + 4), "text-anchor": "end",
                                         "font-size": "11", "fill": "#333333"],
                                text: isMemory ? Self.bytesLabel(decade) : Self.timeLabel(decade))
                } else {
                    let x = left + f * Self.plotWidth
                    svg.line("<line x1=\"\(n(x))\" y1=\"\(n(top + Self.plotHeight))\" x2=\"\(n(x))\" y2=\"\(n(top + Self.plotHeight + 4))\" stroke=\"#666666\"/>")
                    svg.element("text", ["class": "tick", "x": n(x), "y": n(top + Self.plotHeight + 16), "text-anchor": "middle",
                                         "font-size": "11", "fill": "#333333"], text: Self.decadeLabel(decade))
                }
            }
        }
        svg.element("text", ["x": n(left + Self.plotWidth), "y": n(top + Self.plotHeight + 30), "text-anchor": "end",
                             "font-size": "10", "fill": "#666666"], text: "conversations")
        if !baselines.isEmpty {
            let points = baselines.map { "\(n(px($0.0.conversations))),\(n(py($0.1)))" }.joined(separator: " ")
            svg.line("<polyline class=\"program\" points=\"\(points)\" fill=\"none\" stroke=\"#888888\" stroke-width=\"1.5\" "
                + "stroke-dasharray=\"4 3\"/>")
        }
        for series in Self.series where results.contains(where: { series.value($0.1) != nil }) {
            // Lines join the figures of neighbouring scales; a scale without one breaks the line.
            var run: [String] = []
            func flush() {
                if run.count > 1 {
                    svg.line("<polyline class=\"line\" data-subject=\"\(series.key)\" points=\"\(run.joined(separator: " "))\" "
                        + "fill=\"none\" stroke=\"\(series.color)\" stroke-width=\"2\"/>")
                }
                run = []
            }
            for (scale, result) in results {
                if let value = series.value(result), value > 0 {
                    run.append("\(n(px(scale.conversations))),\(n(py(value)))")
                } else {
                    flush()
                }
            }
            flush()
            for (scale, result) in results {
                let x = n(px(scale.conversations))
                if let value = series.value(result), value > 0 {
                    svg.element("use", ["class": "point", "href": "#marker-\(series.key)", "data-subject": series.key,
                                        "data-scale": String(scale.conversations), "data-value": String(value),
                                        "x": x, "y": n(py(value))])
                } else {
                    svg.element("use", ["class": "missing", "href": "#marker-\(series.key)-missing", "data-subject": series.key,
                                        "data-scale": String(scale.conversations), "x": x, "y": n(top)])
                    // The label twice: a white halo under it, so it reads across the lines it may cross.
                    let label = ["x": n(px(scale.conversations) - 8), "y": n(top + 12), "text-anchor": "end", "font-size": "10"]
                    svg.element("text", label.merging(["fill": "#ffffff", "stroke": "#ffffff", "stroke-width": "3"]) { $1 },
                                text: "\(series.name) not measured")
                    svg.element("text", label.merging(["fill": series.color]) { $1 }, text: "\(series.name) not measured")
                }
            }
        }
        svg.line("</g>")
    }

    /// The panel's second line: ours at the largest scale with a figure, and each baseline's ratio.
    private func summary(_ metric: BenchMetric, _ results: [(ScaleReport, MetricResult)]) -> String {
        guard let (scale, result) = results.last(where: { $0.1.ours != nil }), let ours = result.ours else {
            return "ours not measured"
        }
        var text = "at \(Self.countLabel(scale.conversations)): ours \(BenchFormat.value(ours, metric.unit))"
        for (name, ratio) in [("B1", result.arrayRatio), ("B2", result.sqlRatio)] {
            if let ratio { text += ", \(name) ×" + BenchFormat.ratio(ratio).dropLast() }
        }
        return text
    }

    // MARK: - Labels

    /// 10^`decade` seconds: "1 ns", "10 us", "100 ms", "1 s", "1000 s".
    static func timeLabel(_ decade: Int) -> String {
        let units = [(-12, "ps"), (-9, "ns"), (-6, "us"), (-3, "ms"), (0, "s")]
        let (base, unit) = units.last { $0.0 <= decade } ?? units[0]
        return power(decade - base) + " " + unit
    }

    /// 10^`decade` MB (2^20 bytes, as the table): "1 MB", "100 MB", "1,000 MB", "0.1 MB".
    static func bytesLabel(_ decade: Int) -> String {
        decade >= 0
            ? BenchFormat.grouped(Int(pow(10, Double(decade)))) + " MB"
            : "0." + String(repeating: "0", count: -decade - 1) + "1 MB"
    }

    /// 10^`decade` conversations: "100", "1k", "10k", "1M".
    static func decadeLabel(_ decade: Int) -> String {
        let units = [(0, ""), (3, "k"), (6, "M"), (9, "G")]
        let (base, unit) = units.last { $0.0 <= decade } ?? units[0]
        return power(decade - base) + unit
    }

    /// A conversation count as the x labels write it: 1000 -> "1k", 250000 -> "250k".
    static func countLabel(_ count: Int) -> String {
        if count >= 1_000_000 && count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
        if count >= 1_000 && count % 1_000 == 0 { return "\(count / 1_000)k" }
        return BenchFormat.grouped(count)
    }

    private static func power(_ exponent: Int) -> String { "1" + String(repeating: "0", count: max(0, exponent)) }

    private func marker(_ series: Series, id: String, filled: Bool) -> String {
        let fill = filled ? series.color : "#ffffff"
        let style = "fill=\"\(fill)\" stroke=\"\(series.color)\" stroke-width=\"1.5\""
        switch series.key {
        case "array": return "<rect id=\"\(id)\" x=\"-4\" y=\"-4\" width=\"8\" height=\"8\" \(style)/>"
        case "sql": return "<path id=\"\(id)\" d=\"M 0 -5 L 4.6 3.5 L -4.6 3.5 Z\" \(style)/>"
        default: return "<circle id=\"\(id)\" cx=\"0\" cy=\"0\" r=\"4.2\" \(style)/>"
        }
    }

    /// A coordinate with at most two decimals.
    private func n(_ value: Double) -> String { Self.number(value) }

    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
