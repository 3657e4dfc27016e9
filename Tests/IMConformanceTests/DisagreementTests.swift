import XCTest
import IMConformance

/// The comparison can fail: divergent observations and wrong expectations are reported precisely.
final class DisagreementTests: XCTestCase {
    private let scenario = Scenario("two steps", steps: [.receive(from: "a", count: 1), .readAll(.c2c("a"))])

    private func observation(unreadAfterRead: String) -> Observation {
        Observation(snapshots: [
            Snapshot(title: "a sends 1", rows: [.result: ["ok"], .order: ["c2c_a"], .unread: ["c2c_a=1"]]),
            Snapshot(title: "read all of a", rows: [.result: ["ok"], .order: ["c2c_a"], .unread: [unreadAfterRead]]),
        ])
    }

    private func results(legacy: Observation, v2: Observation) -> [Mode: Result<Observation, RunError>] {
        [.legacy: .success(legacy), .legacyWritesV2Reads: .success(legacy),
         .v2: .success(v2), .v2WritesLegacyReads: .success(v2)]
    }

    func test_report_equalObservations_agree() {
        let same = observation(unreadAfterRead: "c2c_a=0")
        let report = ScenarioReport(scenario: scenario, results: results(legacy: same, v2: same))
        XCTAssertTrue(report.agrees)
        XCTAssertEqual(report.legacyDigest, "a:0 total:0")
        XCTAssertEqual(report.legacyDigest, report.v2Digest)
    }

    func test_report_divergentWrites_nameTheStepAspectAndBothSides() {
        let report = ScenarioReport(scenario: scenario, results: results(
            legacy: observation(unreadAfterRead: "c2c_a=0"), v2: observation(unreadAfterRead: "c2c_a=1")))
        XCTAssertFalse(report.agrees)
        XCTAssertEqual(report.discrepancies, [
            .differs(step: 2, title: "read all of a", aspect: .unread, .legacy, ["c2c_a=0"], .v2, ["c2c_a=1"]),
        ])
        XCTAssertEqual(report.discrepancies.first?.description,
                       "step 2 (read all of a), unread: legacy writes/legacy reads [c2c_a=0] but V2 writes/V2 reads [c2c_a=1]")
        XCTAssertEqual(report.legacyDigest, "a:0 total:0")
        XCTAssertEqual(report.v2Digest, "a:1 total:1")
    }

    func test_report_divergentReads_areCaughtEvenWhenTheSingleAPIResultsAgree() {
        var results = results(legacy: observation(unreadAfterRead: "c2c_a=0"), v2: observation(unreadAfterRead: "c2c_a=0"))
        results[.v2WritesLegacyReads] = .success(observation(unreadAfterRead: "c2c_a=1"))
        let report = ScenarioReport(scenario: scenario, results: results)
        XCTAssertEqual(report.discrepancies, [
            .differs(step: 2, title: "read all of a", aspect: .unread, .v2, ["c2c_a=0"], .v2WritesLegacyReads, ["c2c_a=1"]),
        ])
    }

    func test_report_failedRunsAndFailedSteps_disagree() {
        var results = results(legacy: observation(unreadAfterRead: "c2c_a=0"), v2: observation(unreadAfterRead: "c2c_a=0"))
        results[.legacyWritesV2Reads] = .failure(RunError("login failed: error 6013"))
        var failing = observation(unreadAfterRead: "c2c_a=0")
        failing.snapshots[1].rows[.result] = ["error 6004"]
        results[.v2] = .success(failing)
        results[.v2WritesLegacyReads] = .success(failing)
        let report = ScenarioReport(scenario: scenario, results: results)
        XCTAssertTrue(report.discrepancies.contains(.runFailed(.legacyWritesV2Reads, RunError("login failed: error 6013"))))
        XCTAssertTrue(report.discrepancies.contains(.stepFailed(.v2, step: 2, title: "read all of a", outcome: "error 6004")))
        XCTAssertTrue(report.discrepancies.contains(
            .differs(step: 2, title: "read all of a", aspect: .result, .legacy, ["ok"], .v2, ["error 6004"])))
        XCTAssertEqual(report.v2Digest, "a:0 total:0 (step 2: error 6004)")
    }

    func test_report_expectedDifference_isLeftOutOfAgreement_butItsRowsAreChecked() {
        var expecting = scenario
        expecting.expectedDifferences = [ExpectedDifference(.unread, legacy: ["c2c_a=0"], v2: ["c2c_a=1"], because: "test")]
        let divergent = results(legacy: observation(unreadAfterRead: "c2c_a=0"), v2: observation(unreadAfterRead: "c2c_a=1"))
        XCTAssertTrue(ScenarioReport(scenario: expecting, results: divergent).agrees)

        let same = observation(unreadAfterRead: "c2c_a=0")
        let missing = ScenarioReport(scenario: expecting, results: results(legacy: same, v2: same))
        XCTAssertEqual(missing.discrepancies, [
            .expectationUnmet(.v2, aspect: .unread, expected: ["c2c_a=1"], actual: ["c2c_a=0"]),
            .expectationUnmet(.v2WritesLegacyReads, aspect: .unread, expected: ["c2c_a=1"], actual: ["c2c_a=0"]),
        ])

        var noDifference = scenario
        noDifference.expectedDifferences = [ExpectedDifference(.unread, legacy: ["c2c_a=0"], v2: ["c2c_a=0"], because: "test")]
        XCTAssertEqual(ScenarioReport(scenario: noDifference, results: results(legacy: same, v2: same)).discrepancies,
                       [.notADifference(.unread)])
    }

    func test_runner_scenarioWithAWrongExpectation_doesNotAgree() async {
        let wrong = Scenario("delete, expecting V2 to keep the cloud messages", steps: [
            .receive(from: "a", count: 2),
            .delete(.c2c("a")),
        ], expectedDifferences: [
            ExpectedDifference(.history, legacy: ["c2c_a=2"], v2: ["c2c_a=2"], because: "wrong on purpose"),
        ])
        let report = await ConformanceRunner(scenarios: [wrong]).run(wrong)
        XCTAssertFalse(report.agrees)
        XCTAssertTrue(report.discrepancies.contains(.notADifference(.history)))
        XCTAssertTrue(report.discrepancies.contains(
            .expectationUnmet(.v2, aspect: .history, expected: ["c2c_a=2"], actual: ["c2c_a=0"])))
        XCTAssertFalse(report.discrepancies.contains {
            if case .expectationUnmet(.legacy, _, _, _) = $0 { true } else { false }
        }, "legacy writes keep the cloud messages, as documented")
    }

    func test_runner_realDifferenceNotDeclared_isReportedAsADisagreement() async throws {
        let undeclared = Scenario("delete, without declaring the difference", steps: [
            .receive(from: "a", count: 2),
            .delete(.c2c("a")),
        ])
        let report = await ConformanceRunner(scenarios: [undeclared]).run(undeclared)
        XCTAssertEqual(report.discrepancies, [
            .differs(step: 2, title: "delete a", aspect: .history, .legacy, ["c2c_a=2"], .v2, ["c2c_a=0"]),
        ])
    }
}
