import XCTest
import IMConformance

/// The whole suite against the real SDK: every scenario agrees in every mode.
final class SuiteTests: XCTestCase {
    func test_suite_everyScenarioAgreesInEveryMode_inUnderThirtySeconds() async {
        let reports = await SuiteRun.reports()
        let elapsed = await SuiteRun.elapsed()

        XCTAssertEqual(reports.map(\.scenario.name), Scenario.suite.map(\.name))
        for report in reports {
            XCTAssertTrue(report.agrees, """
                "\(report.scenario.name)" does not agree:
                \(report.discrepancies.map { "  - \($0)" }.joined(separator: "\n"))
                """)
        }
        XCTAssertLessThan(elapsed, 30)
    }

    func test_suite_coversTheRequiredBehaviours() {
        let steps = Scenario.suite.flatMap(\.steps)
        func has(_ matches: (Step) -> Bool) -> Bool { steps.contains(where: matches) }
        XCTAssertTrue(has { if case .receive = $0 { true } else { false } }, "C2C messages")
        XCTAssertTrue(has { if case .receiveInGroup = $0 { true } else { false } }, "group messages")
        XCTAssertTrue(has { if case .read = $0 { true } else { false } }, "partial reads")
        XCTAssertTrue(has { if case .readAll = $0 { true } else { false } }, "full reads")
        XCTAssertTrue(has { if case .pin = $0 { true } else { false } }, "pins")
        XCTAssertTrue(has { if case .unpin = $0 { true } else { false } }, "unpins")
        XCTAssertTrue(has { if case .setDraft = $0 { true } else { false } }, "drafts")
        XCTAssertTrue(has { if case .clearDraft = $0 { true } else { false } }, "cleared drafts")
        XCTAssertTrue(has { if case .mute = $0 { true } else { false } }, "mute")
        XCTAssertTrue(has { if case .delete = $0 { true } else { false } }, "delete")
        for mention in [Step.Mention.me, .all] {
            XCTAssertTrue(has { if case .receiveMention(from: _, group: _, mentioning: mention) = $0 { true } else { false } },
                          "@\(mention)")
        }
        XCTAssertTrue(has { if case .send = $0 { true } else { false } }, "own messages")
        XCTAssertTrue(has { if case .relogin = $0 { true } else { false } }, "relogin")
        XCTAssertTrue(has { if case .mark = $0 { true } else { false } }, "marks")
        XCTAssertTrue(has { if case .setCustomData = $0 { true } else { false } }, "custom data")
        XCTAssertTrue(has { if case .createConversationGroup = $0 { true } else { false } }, "conversation groups created")
        XCTAssertTrue(has { if case .renameConversationGroup = $0 { true } else { false } }, "renamed")
        XCTAssertTrue(has { if case .addToConversationGroup = $0 { true } else { false } }, "added to")
        XCTAssertTrue(has { if case .removeFromConversationGroup = $0 { true } else { false } }, "removed from")
        XCTAssertTrue(has { if case .deleteConversationGroup = $0 { true } else { false } }, "deleted")
        XCTAssertEqual(Scenario.suite.filter { $0.legacyLogin == .autoReport }.count, 1, "one auto-report scenario")
    }

    func test_everyMode_walksTheSameSteps_andSeesTheSameListAfterEachStep() async {
        for report in await SuiteRun.reports() {
            let observations = Mode.allCases.compactMap { try? report.results[$0]?.get() }
            XCTAssertEqual(observations.count, 4, report.scenario.name)
            for observation in observations {
                XCTAssertEqual(observation.snapshots.map(\.title), report.scenario.steps.map(\.title), report.scenario.name)
            }
            let orders = Set(observations.map { $0.snapshots.map { $0[.order] } })
            XCTAssertEqual(orders.count, 1, "\(report.scenario.name): list order depends on the mode")
        }
    }
}

/// The suite's reports, run once for all tests of this target (runs drive the process-wide SDK, so
/// they must not overlap; XCTest runs tests one at a time).
enum SuiteRun {
    private static let task = Task {
        let start = DispatchTime.now().uptimeNanoseconds
        let reports = await ConformanceRunner().run()
        return (reports: reports, elapsed: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    static func reports() async -> [ScenarioReport] { await task.value.reports }

    /// How long the whole suite took, in seconds.
    static func elapsed() async -> Double { await task.value.elapsed }

    /// The report of the suite scenario named `name`.
    static func report(_ name: String) async throws -> ScenarioReport {
        let reports = await reports()
        return try XCTUnwrap(reports.first { $0.scenario.name == name }, "no scenario \(name)")
    }
}
