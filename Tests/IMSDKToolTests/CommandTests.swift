import XCTest
@testable import IMSDKTool

final class CommandTests: XCTestCase {
    func test_parse_helpSpellings_returnHelp() throws {
        for arguments in [["help"], ["-h"], ["--help"], ["demo", "-h"], ["demo", "--help"]] {
            XCTAssertEqual(try Command.parse(arguments), .help, "\(arguments)")
        }
    }

    func test_parse_demo_returnsDemo() throws {
        XCTAssertEqual(try Command.parse(["demo"]), .demo)
    }

    func test_parse_badCommandLines_throwAUsageErrorNamingTheCulprit() {
        let cases: [([String], String)] = [
            ([], "missing subcommand"),
            (["frob"], "unknown subcommand 'frob'"),
            (["Demo"], "unknown subcommand 'Demo'"),
            (["--frob"], "unknown option '--frob'"),
            (["demo", "-x"], "unknown option '-x'"),
            (["demo", "extra"], "unexpected argument 'extra'"),
            (["help", "demo"], "unexpected argument 'demo'"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try Command.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual(error as? UsageError, UsageError(message), "\(arguments)")
            }
        }
    }

    func test_run_help_printsUsageToStandardOutput_andSucceeds() async {
        let recorder = ConsoleRecorder()
        let status = await Tool.run(["--help"], console: recorder.console)
        XCTAssertEqual(status, .success)
        XCTAssertEqual(recorder.outLines.joined(separator: "\n"), Usage.text)
        XCTAssertEqual(recorder.errLines, [])
    }

    func test_run_unknownSubcommandOrOption_printsUsageToStandardError_andExits64() async {
        for arguments in [["frob"], ["--frob"], ["demo", "--frob"], []] {
            let recorder = ConsoleRecorder()
            let status = await Tool.run(arguments, console: recorder.console)
            XCTAssertEqual(status, .usage, "\(arguments)")
            XCTAssertEqual(status.rawValue, 64)
            XCTAssertEqual(recorder.outLines, [], "\(arguments)")
            XCTAssertTrue(recorder.errLines.first?.hasPrefix("imsdk: ") == true, "\(arguments)")
            XCTAssertTrue(recorder.errLines.joined(separator: "\n").hasSuffix(Usage.text), "\(arguments)")
        }
    }

    func test_usage_listsEverySubcommandAndOption() {
        for word in ["demo", "help", "-h, --help"] {
            XCTAssertTrue(Usage.text.contains(word), word)
        }
        XCTAssertLessThanOrEqual(Usage.text.split(separator: "\n").map(\.count).max() ?? 0, 80)
    }
}

final class CheckCommandTests: XCTestCase {
    func test_parse_checkOptions() throws {
        XCTAssertEqual(try Command.parse(["check"]), .check(CheckOptions()))
        XCTAssertEqual(try Command.parse(["check", "--sequences", "5", "--steps", "30", "--seed", "7"]),
                       .check(CheckOptions(sequences: 5, steps: 30, seed: 7)))
        XCTAssertEqual(try Command.parse(["check", "--long", "600"]), .check(CheckOptions(sequences: nil, seconds: 600)))
        XCTAssertEqual(try Command.parse(["check", "--long", "60", "--sequences", "9"]),
                       .check(CheckOptions(sequences: 9, seconds: 60)))
        XCTAssertEqual(try Command.parse(["check", "--flaw", "pinBumpsActivity"]),
                       .check(CheckOptions(flaw: .pinBumpsActivity)))
        XCTAssertEqual(try Command.parse(["check", "--storage-faults", "--sequences", "3"]),
                       .check(CheckOptions(sequences: 3, storageFaults: true)))
        XCTAssertEqual(try Command.parse(["check", "--help"]), .help)
        let bad: [([String], String)] = [
            (["check", "--steps"], "--steps needs a value"),
            (["check", "--steps", "0"], "--steps needs a positive number, not '0'"),
            (["check", "--seed", "x"], "--seed needs a number, not 'x'"),
            (["check", "--flaw", "x"], "--flaw needs one of pinBumpsActivity, mutedCountInTotal, ownMessagesAreUnread, ownSendsAreAnnounced, not 'x'"),
            (["check", "--frob"], "unknown option '--frob'"),
            (["check", "extra"], "unexpected argument 'extra'"),
        ]
        for (arguments, message) in bad {
            XCTAssertThrowsError(try Command.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual(error as? UsageError, UsageError(message), "\(arguments)")
            }
        }
    }

    func test_usage_listsCheckAndItsOptions() {
        for word in ["check", "--sequences N", "--steps N", "--seed S", "--long SECONDS", "--flaw NAME", "--storage-faults"] {
            XCTAssertTrue(Usage.text.contains(word), word)
        }
    }

    func test_run_check_printsTheFigures_andSucceeds() async {
        let recorder = ConsoleRecorder()
        let status = await Tool.run(["check", "--sequences", "20", "--steps", "10", "--seed", "3"], console: recorder.console)
        XCTAssertEqual(status, .success, "\(recorder.outLines)")
        XCTAssertEqual(recorder.outLines.first, "imsdk check: 20 sequences of 10 steps, seeds 3, 4, ...")
        XCTAssertTrue(recorder.outLines.last?.hasPrefix("passed: 20 sequences, 200 steps in ") == true, "\(recorder.outLines)")
        XCTAssertEqual(recorder.errLines, [])
    }

    func test_run_check_withStorageFaults_saysSo_andCountsTheCallsTheDiskFailed() async {
        let recorder = ConsoleRecorder()
        let status = await Tool.run(["check", "--sequences", "5", "--steps", "20", "--seed", "1", "--storage-faults"],
                                    console: recorder.console)
        XCTAssertEqual(status, .success, "\(recorder.outLines)")
        XCTAssertEqual(recorder.outLines.first, "imsdk check: 5 sequences of 20 steps, seeds 1, 2, ... (with storage faults)")
        let last = recorder.outLines.last ?? ""
        XCTAssertTrue(last.hasPrefix("passed: 5 sequences, 100 steps in ") && last.contains("calls failed with 6022"), last)
    }

    func test_run_check_onADivergence_printsTheSeedAndShrunkSequence_andExits1() async {
        let recorder = ConsoleRecorder()
        let status = await Tool.run(["check", "--sequences", "200", "--seed", "1", "--flaw", "mutedCountInTotal"],
                                    console: recorder.console)
        XCTAssertEqual(status, .failure)
        XCTAssertEqual(status.rawValue, 1)
        let output = recorder.outLines.joined(separator: "\n")
        XCTAssertTrue(output.contains("Model-based check failed: seed "), output)
        XCTAssertTrue(output.contains("Shrunk to "), output)
        XCTAssertTrue(output.contains("Replay: imsdk check --seed "), output)
        XCTAssertTrue(recorder.outLines.last?.hasPrefix("FAILED after ") == true, output)
    }
}
