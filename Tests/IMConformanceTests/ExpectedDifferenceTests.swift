import XCTest
import IMConformance

/// The documented differences between the two APIs, asserted on what each mode observed.
final class ExpectedDifferenceTests: XCTestCase {
    func test_delete_legacyKeepsCloudMessages_v2DeletesThem_everythingElseAgrees() async throws {
        let report = try await SuiteRun.report("delete a conversation")
        let deleteStep = try XCTUnwrap(report.scenario.steps.firstIndex(of: .delete(.c2c("a"))))
        for mode in Mode.allCases {
            let observation = try XCTUnwrap(report.results[mode]?.get(), "\(mode)")
            let afterDelete = observation.snapshots[deleteStep]
            XCTAssertEqual(afterDelete[.order], ["c2c_b"], "\(mode): the deleted conversation leaves the list")
            XCTAssertEqual(afterDelete[.history], mode.writes == .legacy ? ["c2c_a=3", "c2c_b=1"] : ["c2c_a=0", "c2c_b=1"],
                           "\(mode)")
            let final = try XCTUnwrap(observation.snapshots.last)
            XCTAssertEqual(final[.order], ["c2c_a", "c2c_b"], "\(mode): a new message brings it back")
            XCTAssertEqual(final[.unread], ["c2c_a=1", "c2c_b=1"], "\(mode): only the new message is unread")
        }
        let legacy = try report.results[.legacy]!.get()
        let v2 = try report.results[.v2]!.get()
        for (legacySnapshot, v2Snapshot) in zip(legacy.snapshots, v2.snapshots) {
            for aspect in Aspect.allCases where aspect != .history {
                XCTAssertEqual(legacySnapshot[aspect], v2Snapshot[aspect], "\(legacySnapshot.title): \(aspect)")
            }
        }
        XCTAssertTrue(report.agrees)
        XCTAssertTrue(report.legacyDigest.hasSuffix("| history a=4 b=1"), report.legacyDigest)
        XCTAssertTrue(report.v2Digest.hasSuffix("| history a=1 b=1"), report.v2Digest)
    }

    func test_autoReport_firstSessionCountsUnread_nextLoginSeesEverythingRead_onlyWithLegacyWrites() async throws {
        let report = try await SuiteRun.report("legacy auto report: a new login sees everything read")
        for mode in Mode.allCases {
            let snapshots = try XCTUnwrap(report.results[mode]?.get(), "\(mode)").snapshots
            XCTAssertEqual(snapshots[1][.unread], ["group_g=2", "c2c_a=3"],
                           "\(mode): the device that received the messages keeps its own unread counts")
            let expected = mode.writes == .legacy ? ["group_g=0", "c2c_a=0"] : ["group_g=2", "c2c_a=3"]
            XCTAssertEqual(snapshots[2][.unread], expected, "\(mode): after logging in again")
        }
        XCTAssertTrue(report.agrees, report.discrepancies.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(report.legacyDigest.hasPrefix("#g:0 a:0 total:0"), report.legacyDigest)
        XCTAssertTrue(report.v2Digest.hasPrefix("#g:2 a:3 total:5"), report.v2Digest)
    }

    func test_agreementScenarios_declareNoDifference() {
        let withDifferences = Scenario.suite.filter { !$0.expectedDifferences.isEmpty }.map(\.name)
        XCTAssertEqual(withDifferences, ["delete a conversation", "legacy auto report: a new login sees everything read"])
    }
}
