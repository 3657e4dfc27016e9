import Foundation
import IMConformance

/// `imsdk conformance`: runs the cross-API conformance suite and prints whether the legacy and the
/// V2 API agree on every scenario.
///
/// Each scenario runs in four modes (writes through legacy or V2, reads through legacy or V2)
/// against its own private server, so the embedded `IMReferenceServer.shared` is left alone.
struct ConformanceCommand: Sendable {
    private let console: Console
    private let runner: ConformanceRunner

    /// - Parameters:
    ///   - console: where the table goes.
    ///   - scenarios: the scenarios to run (tests pass their own).
    init(console: Console, scenarios: [Scenario] = Scenario.suite) {
        self.console = console
        self.runner = ConformanceRunner(scenarios: scenarios)
    }

    /// Runs the suite and prints the table; returns whether every scenario agrees.
    func run() async -> Bool {
        let modes = Mode.allCases.map(\.description).joined(separator: ", ")
        console.out("imsdk conformance: \(runner.scenarios.count) scenarios, each in 4 modes (\(modes))")
        console.out("")
        let start = Stopwatch.now()
        let reports = await runner.run()
        let elapsed = Stopwatch.seconds(since: start)
        ReportTable.lines(for: reports).forEach(console.out)
        console.out("")
        console.out(ReportTable.legend)
        let disagreeing = reports.filter { !$0.agrees }.count
        let seconds = String(format: "%.2f sec", elapsed)
        if disagreeing == 0 {
            console.out("All \(reports.count) scenarios agree in all 4 modes (\(seconds)).")
        } else {
            console.out("\(disagreeing) of \(reports.count) scenarios do not agree (\(seconds)).")
        }
        return disagreeing == 0
    }
}
