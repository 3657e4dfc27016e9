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
