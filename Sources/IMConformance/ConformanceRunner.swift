/// Runs scenarios in every mode (legacy or V2 writes, legacy or V2 reads) and compares what the
/// modes observed.
///
/// - Thread safety: it drives the process-wide SDK (`TIMManager.sharedInstance()` and
///   `V2TIMManager.sharedInstance()`, one session), so runs are sequential and nothing else in the
///   process may use the SDK while `run` runs. Every run has its own `IMReferenceServer` and serial
///   callback queue; the SDK is uninitialised before and after each run.
package struct ConformanceRunner: Sendable {
    package var scenarios: [Scenario]

    package init(scenarios: [Scenario] = Scenario.suite) {
        self.scenarios = scenarios
    }

    /// Runs every scenario in every mode, one run at a time; one report per scenario, in order.
    package func run() async -> [ScenarioReport] {
        var reports: [ScenarioReport] = []
        for scenario in scenarios {
            reports.append(await run(scenario))
        }
        return reports
    }

    /// Runs `scenario` in every mode and compares the observations.
    package func run(_ scenario: Scenario) async -> ScenarioReport {
        var results: [Mode: Result<Observation, RunError>] = [:]
        for mode in Mode.allCases {
            results[mode] = await ScenarioRun(scenario: scenario, mode: mode).run()
        }
        return ScenarioReport(scenario: scenario, results: results)
    }
}
