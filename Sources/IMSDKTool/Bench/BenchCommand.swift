import Foundation

/// `imsdk bench`: our engine against the two approaches apps use today, at several scales.
///
/// B1 is the vendor sample's app-side array, re-sorted on every event (`ArrayBaseline`); B2 is
/// SQLite as the index, paged by OFFSET (`SQLBaseline`). At each scale every subject gets the same
/// workload (`BenchWorkload`), read reports and pins, and their lists must agree (`ListComparison`)
/// or the run fails. What is timed and how is written on `ScaleBench`. The table gives absolute
/// figures and how many times faster (or smaller) ours is than each baseline, then the issue's
/// targets at 100k conversations (or the largest scale measured).
struct BenchCommand {
    let options: BenchOptions
    let console: Console
    /// The `imsdk` program, re-run for memory probes; nil (no memory figures) when this process is
    /// not `imsdk` (in XCTest, pass the built program).
    var program: URL? = BenchCommand.runningProgram

    /// This process's executable when it is the `imsdk` program.
    static var runningProgram: URL? {
        guard let url = Bundle.main.executableURL, url.lastPathComponent == "imsdk" else { return nil }
        return url
    }

    /// How this program was compiled: "release", or "debug" (whose figures say little about the
    /// engine: the targets are not judged then).
    static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// The whole run, as `--json` prints it.
    struct Report: Encodable {
        let cores: Int
        let date: String
        /// "release" or "debug".
        let configuration: String
        /// Whether timings were the short `--smoke` ones.
        let smoke: Bool
        let scales: [ScaleReport]
        /// The scale the targets were checked at.
        let targetScale: Int
        /// Why the targets were not judged (their `met` is null); nil when they were.
        let targetsNotJudgedBecause: String?
        let targets: [BenchTarget]
    }

    /// Why targets stated for `BenchTarget.scale` in a release build must not be judged on this
    /// run; nil when they may.
    static func reasonNotToJudge(configuration: String, smoke: Bool, scale: Int) -> String? {
        var reasons: [String] = []
        if configuration != "release" { reasons.append("a \(configuration) build") }
        if smoke { reasons.append("smoke timings") }
        if scale != BenchTarget.scale { reasons.append("measured at \(BenchFormat.grouped(scale)), not \(BenchFormat.grouped(BenchTarget.scale)), conversations") }
        return reasons.isEmpty ? nil : reasons.joined(separator: ", ")
    }

    func run() throws {
        if let subject = options.memoryProbe {
            return try MemoryProbe.run(
                subject, conversations: options.scales[0], perConversation: options.messagesPerConversation, console: console)
        }
        let configuration = Self.buildConfiguration
        if configuration != "release" {
            console.err(Self.debugBuildWarning(configuration, judged: true, rerun: ""))
        }
        if let path = options.svgPath { try Self.checkPlotPath(path) }
        let budget: ScaleBench.Budget = options.smoke ? .smoke : .full
        var scales: [ScaleReport] = []
        for conversations in options.scales {
            if !options.json { console.err("imsdk bench: measuring \(BenchFormat.grouped(conversations)) conversations...") }
            scales.append(try ScaleBench(conversations: conversations, budget: budget, program: program).run())
        }
        let targetReport = scales.first { $0.conversations == BenchTarget.scale } ?? scales.max { $0.conversations < $1.conversations }!
        let notJudged = Self.reasonNotToJudge(
            configuration: configuration, smoke: options.smoke, scale: targetReport.conversations)
        let targets = BenchTarget.evaluate(targetReport).map { target in
            notJudged == nil ? target : BenchTarget(target: target.target, figure: target.figure, met: nil)
        }
        let report = Report(
            cores: ProcessInfo.processInfo.activeProcessorCount,
            date: ISO8601DateFormatter().string(from: Date()), configuration: configuration, smoke: options.smoke,
            scales: scales, targetScale: targetReport.conversations, targetsNotJudgedBecause: notJudged, targets: targets)
        if options.json {
            try printJSON(report)
        } else {
            print(report)
        }
        if let path = options.svgPath { try writePlot(report, to: path) }
    }

    /// `imsdk bench --flood`: the latency of a device's own calls while peers flood it (see
    /// `FloodBench`), as a table or JSON.
    func runFlood(messages: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imsdk-flood-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let conversations = options.smoke ? 20 : 100
        let calls = options.smoke ? 8 : 40
        if !options.json {
            console.err("imsdk bench: flooding a device with \(BenchFormat.grouped(messages)) messages over \(conversations) conversations...")
        }
        let report = try await FloodBench(conversations: conversations, messages: messages, calls: calls).run(in: directory)
        let milliseconds = { (seconds: Double) in String(format: "%.1f ms", seconds * 1000) }
        if options.json {
            let figures: [String: Double] = [
                "conversations": Double(report.conversations), "messages": Double(report.messages),
                "calls": Double(report.latencies.count), "applySeconds": report.applySeconds,
                "latencyP50Seconds": report.percentile(0.5), "latencyP99Seconds": report.percentile(0.99),
                "latencyMaxSeconds": report.latencies.last ?? 0,
            ]
            try printJSON(figures)
            return
        }
        console.out("Answers under a flood (store on disk, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
        console.out("  conversations              \(report.conversations)")
        console.out("  messages in the flood      \(BenchFormat.grouped(report.messages))")
        console.out("  all applied after          " + String(format: "%.2f s", report.applySeconds))
        console.out("  calls during the flood     \(report.latencies.count) (pin, unpin, mark read, delete)")
        console.out("  call latency p50           \(milliseconds(report.percentile(0.5)))")
        console.out("  call latency p99           \(milliseconds(report.percentile(0.99)))")
        console.out("  call latency max           \(milliseconds(report.latencies.last ?? 0))")
    }

    /// `imsdk bench --ingest`: the in-memory incoming messages of each scale on fresh stores (see
    /// `IngestBench`), as a table or JSON.
    func runIngest() throws {
        let rounds = options.smoke ? 1 : 9
        guard let reports = try measureEachScale(rerun: "--ingest", rounds: rounds, { conversations in
            IngestBench(conversations: conversations, rounds: rounds).run()
        }) else { return }
        console.out("Incoming message in memory, per message: fastest / median of \(rounds) fresh stores "
            + "(\(ProcessInfo.processInfo.activeProcessorCount) cores, \(Self.buildConfiguration) build)")
        console.out("conversations".rightPadded(16) + "new conversation".rightPadded(26) + "existing conversation")
        for report in reports {
            console.out(BenchFormat.grouped(report.conversations).rightPadded(16)
                + BenchFormat.fastestAndMedian(report.newConversation).rightPadded(26)
                + BenchFormat.fastestAndMedian(report.existingConversation))
        }
    }

    /// `imsdk bench --persisted`: only the persisted ingest of each scale (`PersistedBench`), on
    /// fresh databases, the fastest of three rounds per figure, as a table or JSON.
    func runPersisted() throws {
        let rounds = options.smoke ? 1 : 3
        guard let reports = try measureEachScale(rerun: "--persisted", rounds: rounds, { conversations in
            let all = Array(BenchWorkload(conversations: conversations, count: 2 * conversations + min(5_000, conversations)))
            let bench = PersistedBench(batched: all[..<(2 * conversations)], singles: all[(2 * conversations)...])
            var fastest: PersistedBench.Figures?
            for _ in 0..<rounds {
                let files = try BenchFiles()
                let figures = try bench.run(oursPath: files.path("engine.sqlite"), sqlPath: files.path("sql.sqlite"))
                fastest = fastest?.fastest(with: figures) ?? figures
            }
            return fastest!
        }) else { return }
        console.out("Persisted ingest, messages per second: fastest of \(rounds) fresh databases per figure "
            + "(\(ProcessInfo.processInfo.activeProcessorCount) cores, \(Self.buildConfiguration) build)")
        console.out("conversations".rightPadded(15) + "1,000/txn".rightPadded(12) + "log folded".rightPadded(12)
            + "the fold".rightPadded(11) + "1/txn".rightPadded(10) + "B2 1,000/txn".rightPadded(14) + "B2 1/txn")
        for (conversations, report) in zip(options.scales, reports) {
            let rate = { (seconds: Double) in BenchFormat.grouped(Int((1 / seconds).rounded())) }
            console.out(BenchFormat.grouped(conversations).rightPadded(15) + rate(report.batched).rightPadded(12)
                + rate(report.batchedFolded).rightPadded(12) + BenchFormat.time(report.fold).rightPadded(11)
                + rate(report.single).rightPadded(10) + rate(report.sqlBatched).rightPadded(14) + rate(report.sqlSingle))
        }
    }

    /// `imsdk bench --pages`: the core's pages against B1's slices at each scale (`PageBench`), the
    /// fastest and median of several rounds, as a table or JSON.
    func runPages() throws {
        let rounds = options.smoke ? 1 : 9
        let repeatSeconds = options.smoke ? ScaleBench.Budget.smoke.repeatSeconds : 0.05
        guard let reports = try measureEachScale(rerun: "--pages", rounds: rounds, { conversations in
            try PageBench(conversations: conversations, rounds: rounds, repeatSeconds: repeatSeconds).run()
        }) else { return }
        console.out("Page of 50, per page: fastest / median of \(rounds) rounds, ours (the core) and B1's slice "
            + "(\(ProcessInfo.processInfo.activeProcessorCount) cores, \(Self.buildConfiguration) build)")
        console.out("conversations".rightPadded(15) + "page".rightPadded(8) + "ours".rightPadded(22)
            + "B1".rightPadded(22) + "B1/ours (fastest)")
        for report in reports {
            for figures in report.positions {
                console.out(BenchFormat.grouped(report.conversations).rightPadded(15) + figures.position.rightPadded(8)
                    + BenchFormat.fastestAndMedian(figures.ours).rightPadded(22)
                    + BenchFormat.fastestAndMedian(figures.array).rightPadded(22)
                    + BenchFormat.ratio(figures.array[0] / figures.ours[0]))
            }
        }
    }

    /// The frame of the modes that measure each scale in rounds (`--ingest`, `--persisted`,
    /// `--pages`): the debug-build warning, a progress line per scale, `measure` at each scale, then
    /// the reports printed as JSON (and nil returned) or returned for the caller's table.
    private func measureEachScale<Report: Encodable>(
        rerun: String, rounds: Int, _ measure: (Int) throws -> Report
    ) throws -> [Report]? {
        if Self.buildConfiguration != "release" && !options.json {
            console.err(Self.debugBuildWarning(Self.buildConfiguration, judged: false, rerun: rerun))
        }
        var reports: [Report] = []
        for conversations in options.scales {
            if !options.json { console.err("imsdk bench: \(BenchFormat.grouped(conversations)) conversations, \(rounds) rounds...") }
            reports.append(try measure(conversations))
        }
        if options.json {
            try printJSON(reports)
            return nil
        }
        return reports
    }

    /// The warning a build that is not a release build prints: its figures are not the engine's
    /// (`judged`: and the mode's targets are not judged); `rerun` is the option to run again with.
    static func debugBuildWarning(_ configuration: String, judged: Bool, rerun: String) -> String {
        "imsdk bench: WARNING: this is a \(configuration) build; its figures are not the engine's "
            + (judged ? "and no target is judged " : "")
            + "(run `swift run -c release imsdk bench\(rerun.isEmpty ? "" : " " + rerun)`)"
    }

    /// Prints `value` as `--json` prints it: pretty, keys sorted.
    func printJSON<Value: Encodable>(_ value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        console.out(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    private static let columns = [44, 11, 11, 11, 12, 12]

    private func print(_ report: Report) {
        console.out("imsdk bench: \(report.cores) cores, \(report.date), \(report.configuration) build\(report.smoke ? ", smoke timings" : "")")
        console.out("B1: app-side array, find by ID and re-sort on every event (the vendor sample)")
        console.out("B2: SQLite as the index, one row per conversation and no message rows (ours stores every")
        console.out("    message too): an upsert per message, ORDER BY pinned, time, arrival LIMIT 50 OFFSET ?,")
        console.out("    SUM(unread); in memory on :memory:, persisted and cold start on a WAL file")
        console.out("ratios: the baseline's figure / ours (how many times faster or smaller ours is); cold start")
        console.out("with the OS file cache warm")
        console.out("filtered page: every 100th conversation starred, walked in pages of 50 (mean per page); B1")
        console.out("filters its array then slices it, B2 adds WHERE marks & 1 != 0 to its paging query")
        for scale in report.scales {
            console.out("")
            console.out("\(BenchFormat.grouped(scale.conversations)) conversations, \(BenchFormat.grouped(scale.messages)) messages "
                + "(80% of the second half in 1% of them): \(scale.listsAgree ? "lists agree" : "LISTS DISAGREE")")
            console.out(row(["metric", "ours", "B1 array", "B2 SQL", "B1/ours", "B2/ours"]))
            for result in scale.metrics {
                let figures = [result.ours, result.array, result.sql].map { $0.map { BenchFormat.value($0, result.metric.unit) } ?? "—" }
                let ratios = [result.arrayRatio, result.sqlRatio].map { $0.map(BenchFormat.ratio) ?? "—" }
                console.out(row([result.metric.title] + figures + ratios))
            }
            for (metric, label) in [
                (BenchMetric.persistedBatched, "1,000/txn"), (.persistedBatchedFolded, "1,000/txn, log folded after"),
                (.persistedSingle, "1/txn"),
            ] {
                guard let result = scale[metric], let ours = result.ours, let sql = result.sql else { continue }
                console.out("persisted ingest, \(label): ours \(BenchFormat.throughput(1 / ours)), B2 \(BenchFormat.throughput(1 / sql))")
            }
            console.out("B1 timed \(BenchFormat.grouped(scale.arraySampledMessages)) of \(BenchFormat.grouped(scale.conversations)) "
                + "messages to existing conversations, \(BenchFormat.grouped(scale.arraySampledReads)) of "
                + "\(BenchFormat.grouped(scale.reads)) reads, \(BenchFormat.grouped(scale.arraySampledPins)) of "
                + "\(BenchFormat.grouped(scale.pins)) pins (the rest applied untimed)")
            if scale.conversations > ScaleBench.sqlWalkLimit {
                console.out("B2's full walk in pages of 50 is not timed above \(BenchFormat.grouped(ScaleBench.sqlWalkLimit)) "
                    + "conversations (quadratic); its lists compared were read in pages of "
                    + BenchFormat.grouped(ScaleBench.sqlListPageSize(scale.conversations)))
            }
            if let baseline = scale.processBaselineBytes {
                let heavy = scale.conversations <= ScaleBench.heavyProbeLimit
                    ? "with 2 and with \(ScaleBench.heavyPerConversation) messages per conversation "
                        + "(\(BenchFormat.grouped(scale.heavyMessages)) messages)"
                    : "with 2 messages per conversation (\(ScaleBench.heavyPerConversation) per conversation "
                        + "only up to \(BenchFormat.grouped(ScaleBench.heavyProbeLimit)) conversations)"
                console.out("memory: each subject alone in a process, ours and B2 with their databases on disk, "
                    + heavy + "; the program alone peaks at " + BenchFormat.bytes(baseline))
            } else {
                console.out("memory: not measured (no imsdk program to run probes)")
            }
        }
        console.out("")
        if let reason = report.targetsNotJudgedBecause {
            console.out("targets at \(BenchFormat.grouped(report.targetScale)) conversations, not judged (\(reason)):")
        } else {
            console.out("targets at \(BenchFormat.grouped(report.targetScale)) conversations:")
        }
        for target in report.targets {
            let verdict = target.met.map { $0 ? "met" : "MISSED" } ?? "n/a"
            console.out("  " + target.target.rightPadded(76) + target.figure.leftPadded(14) + "  " + verdict)
        }
    }

    private func row(_ cells: [String]) -> String {
        zip(cells, Self.columns).enumerated().map { index, cell in
            index == 0 ? cell.0.rightPadded(cell.1) : cell.0.leftPadded(cell.1)
        }.joined()
    }
}
