import XCTest
@testable import IMSDKTool

final class ConvergeCommandTests: XCTestCase {
    func test_parse_convergeOptions() throws {
        XCTAssertEqual(try Command.parse(["converge"]), .converge(ConvergeOptions()))
        XCTAssertEqual(try Command.parse(["converge", "--smoke", "--seed", "7", "--timeout", "5", "--heartbeat", "0.5"]),
                       .converge(ConvergeOptions(smoke: true, seed: 7, timeout: 5, heartbeat: 0.5)))
        XCTAssertEqual(try Command.parse(["converge", "--help"]), .help(.converge))
        XCTAssertEqual(ConvergeOptions().heartbeatInterval, 1)
        XCTAssertEqual(ConvergeOptions(smoke: true).heartbeatInterval, 0.2)
        let bad: [([String], String)] = [
            (["converge", "--seed"], "--seed needs a value"),
            (["converge", "--seed", "x"], "--seed needs a whole number from 0 to \(UInt64.max), not 'x'"),
            (["converge", "--timeout", "0"], "--timeout needs a positive number of seconds, not '0'"),
            (["converge", "--heartbeat", "-1"], "--heartbeat needs a positive number of seconds, not '-1'"),
            (["converge", "--frob"], "unknown option '--frob'"),
            (["converge", "extra"], "unexpected argument 'extra'"),
        ]
        for (arguments, message) in bad {
            XCTAssertThrowsError(try Command.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message, "\(arguments)")
            }
        }
    }

    func test_usage_listsConvergeAndItsOptions() {
        XCTAssertTrue(Usage.text.contains("converge"))
        for word in ["--smoke", "--timeout SECONDS", "--heartbeat SECONDS"] {
            XCTAssertTrue(Usage.text(for: .converge).contains(word), word)
        }
    }

    func test_run_smoke_printsARowPerScenario_everyOneConverged_andSucceeds() async {
        let recorder = ConsoleRecorder()
        let status = await Tool.run(["converge", "--smoke"], console: recorder.console)
        let output = recorder.outLines.joined(separator: "\n")
        XCTAssertEqual(status, .success, output)
        let rows = recorder.outLines.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| scenario") }
        XCTAssertEqual(rows.map { $0.components(separatedBy: " | ").first }, [
            "| online, push loss, no reconnect", "| online, heavy push loss, no reconnect", "| offline, then reconnect",
            "| lost last push",
        ], output)
        XCTAssertTrue(rows.allSatisfy { $0.hasSuffix("| yes |") }, output)
        XCTAssertTrue(rows[0].contains("| 200 / 200 |"), output)
        XCTAssertTrue(rows[1].contains("| 20% |"), output)
        XCTAssertTrue(rows[2].contains("| 300 / 300 |"), output)
        XCTAssertTrue(rows[3].contains("| 100% | 1 | 1 |"), "the one push lost, the one conversation wrong: \(output)")
        XCTAssertEqual(recorder.outLines.last, "passed: every scenario converged, every message announced once")
    }

    func test_run_aScenarioThatDoesNotConvergeInTime_isReported_andExits1() async {
        let recorder = ConsoleRecorder()
        // A heartbeat far beyond the time limit: nothing reveals the lost last push in time.
        let status = await Tool.run(["converge", "--smoke", "--timeout", "0.3", "--heartbeat", "30"],
                                    console: recorder.console)
        let output = recorder.outLines.joined(separator: "\n")
        XCTAssertEqual(status, .failure, output)
        XCTAssertTrue(recorder.outLines.contains { $0.hasPrefix("| lost last push |") && $0.contains("not within the limit") },
                      output)
        XCTAssertTrue(recorder.outLines.last?.hasPrefix("FAILED") == true, output)
    }
}
