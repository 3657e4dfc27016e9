import Foundation
import IMTestSupport
import XCTest
@testable import IMSDKTool

/// `imsdk bench --login-burst`: the device's first page after the burst equals the server's and its
/// sync finished; no timing is asserted.
final class LoginBurstBenchTests: XCTestCase {
    func test_burstLargerThanAPage_endsWithTheServersFirstPage_andTheSyncFinished() async throws {
        let directory = try TemporaryDirectory(prefix: "login-burst")
        // 60 conversations: the first page is the server's first 50 of them, not the whole list.
        let report = try await LoginBurstBench(conversations: 60, messages: 600, rounds: 2).run(in: directory.url)
        XCTAssertEqual(report.rounds, 2)
        XCTAssertEqual(report.firstPageRows, 50)
        XCTAssertEqual(report.totalUnread, 60 + 600, "every greeting and every message of the burst unread")
        for (name, seconds) in [("server", report.serverSeconds), ("sync finished", report.syncFinishedSeconds),
                                ("login", report.loginSeconds), ("first page", report.firstPageSeconds),
                                ("pushes", report.pushesSeconds),
                                ("small pages, sync finished", report.smallPagesSyncFinishedSeconds),
                                ("small pages, first page", report.smallPagesFirstPageSeconds)] {
            XCTAssertGreaterThan(seconds, 0, name)
        }
        XCTAssertLessThanOrEqual(report.syncFinishedSeconds, report.loginSeconds, "onSyncServerFinish comes before the login's succ")
        XCTAssertLessThanOrEqual(report.loginSeconds, report.firstPageSeconds)
    }

    func test_smokeRun_json_reportsEveryFigure_andJudgesNoTarget() async throws {
        let recorder = ConsoleRecorder()
        try await BenchCommand(options: BenchOptions(json: true, smoke: true, loginBurst: true), console: recorder.console)
            .runLoginBurst()
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(recorder.outLines.joined(separator: "\n").utf8)) as? [String: Any])
        let figures = try XCTUnwrap(json["figures"] as? [String: Any])
        XCTAssertEqual(figures["conversations"] as? Int, 20)
        XCTAssertEqual(figures["messages"] as? Int, 400)
        XCTAssertEqual(figures["firstPageRows"] as? Int, 20)
        XCTAssertEqual(figures["totalUnread"] as? Int, 420)
        for key in ["serverSeconds", "syncFinishedSeconds", "loginSeconds", "firstPageSeconds", "pushesSeconds",
                    "smallPagesSyncFinishedSeconds", "smallPagesFirstPageSeconds"] {
            XCTAssertGreaterThan(figures[key] as? Double ?? 0, 0, key)
        }
        XCTAssertEqual(json["smoke"] as? Bool, true)
        XCTAssertNil(json["firstPageTargetMet"] as? Bool, "smoke sizes judge no target")
        XCTAssertNil(json["pushesTargetMet"] as? Bool)
    }

    func test_smokeRun_table_namesEveryFigure() async throws {
        let recorder = ConsoleRecorder()
        try await BenchCommand(options: BenchOptions(smoke: true, loginBurst: true), console: recorder.console).runLoginBurst()
        let lines = recorder.outLines
        for figure in ["the server took them in", "login to onSyncServerFinish", "login to its succ",
                       "login to a right first page of 50", "the same messages as pushes", "pushes / login to first page",
                       "with sync pages of 500 changes"] {
            XCTAssertTrue(lines.contains { $0.contains(figure) }, "\(figure): \(lines)")
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("targets (not judged") }, "\(lines)")
    }

    func test_loginBurstOption_parses_andRoutes() throws {
        XCTAssertEqual(try BenchOptions.parse(["--login-burst"]), BenchOptions(loginBurst: true))
        XCTAssertEqual(try BenchOptions.parse(["--login-burst", "--smoke", "--json"])?.loginBurst, true)
        XCTAssertThrowsError(try BenchOptions.parse(["--login-burst", "--flood"]))
        XCTAssertEqual(try Command.parse(["bench", "--login-burst"]), .bench(BenchOptions(loginBurst: true)))
    }
}
