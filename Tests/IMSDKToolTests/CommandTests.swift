import XCTest
import IMCore
import IMTestSupport
@testable import IMSDKTool

final class CommandTests: XCTestCase {
    func test_parse_helpSpellings_returnTheOverviewOrTheSubcommandsHelp() throws {
        for arguments in [["help"], ["-h"], ["--help"]] {
            XCTAssertEqual(try Command.parse(arguments), .help(nil), "\(arguments)")
        }
        for arguments in [["demo", "-h"], ["demo", "--help"], ["help", "demo"], ["-h", "demo"], ["demo", "--interactive", "-h"]] {
            XCTAssertEqual(try Command.parse(arguments), .help(.demo), "\(arguments)")
        }
        for subcommand in Subcommand.allCases {
            XCTAssertEqual(try Command.parse(["help", subcommand.rawValue]), .help(subcommand))
            XCTAssertEqual(try Command.parse([subcommand.rawValue, "--help"]), .help(subcommand))
        }
        XCTAssertEqual(try Command.parse(["--version"]), .version)
    }

    func test_parse_demo_returnsDemo() throws {
        XCTAssertEqual(try Command.parse(["demo"]), .demo)
    }

    func test_parse_seedAndInbox_takeTheAppIDAndDataDirectoryAnywhere() throws {
        XCTAssertEqual(
            try Command.parse(["seed", "text", "hi", "--from", "bob", "--group", "g", "--app-id", "7", "--data", "/d"]),
            .seed(SeedCommand(location: EmbeddedLocation(appID: 7, directory: "/d"), action: .text("hi", from: "bob", to: .group("g")))))
        XCTAssertEqual(
            try Command.parse(["seed", "group", "g", "--members", "a,b", "--name", "G"]),
            .seed(SeedCommand(action: .group("g", name: "G", members: ["a", "b"]))))
        XCTAssertEqual(
            try Command.parse(["inbox", "--data", "/d", "--user", "alice"]),
            .inbox(InboxCommand(location: EmbeddedLocation(directory: "/d"), userID: "alice")))
    }

    func test_parse_badCommandLines_throwAUsageErrorNamingTheCulprit() {
        let cases: [([String], String)] = [
            ([], "missing subcommand"),
            (["frob"], "unknown subcommand 'frob'"),
            (["Demo"], "unknown subcommand 'Demo'"),
            (["--frob"], "unknown option '--frob'"),
            (["demo", "-x"], "unknown option '-x'"),
            (["demo", "extra"], "unexpected argument 'extra'"),
            (["help", "frob"], "no help for 'frob': not a subcommand"),
            (["help", "demo", "x"], "unexpected argument 'x'"),
            (["--version", "x"], "unexpected argument 'x'"),
            (["seed"], "seed needs what to do: user, group or text"),
            (["seed", "frob"], "unknown seed action 'frob' (user, group or text)"),
            (["seed", "user"], "seed user needs one user ID"),
            (["seed", "group", "g"], "seed group needs --members a,b,..."),
            (["seed", "text", "hi", "--from", "a"], "seed text needs either --to USER or --group GROUP"),
            (["seed", "text", "hi", "--from", "a", "--to", "b", "--group", "g"], "seed text needs either --to USER or --group GROUP"),
            (["seed", "--app-id", "0", "user", "a"], "--app-id needs a positive number, not '0'"),
            (["seed", "--data"], "--data needs a directory"),
            (["inbox"], "inbox needs --user USER"),
            (["inbox", "--user", "a", "x"], "unexpected argument 'x'"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try Command.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message, "\(arguments)")
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

    func test_run_badCommandLine_printsOneLineWithAHint_toStandardError_andExits64() async {
        let cases: [([String], String)] = [
            (["frob"], "imsdk: unknown subcommand 'frob' (see 'imsdk help')"),
            (["--frob"], "imsdk: unknown option '--frob' (see 'imsdk help')"),
            ([], "imsdk: missing subcommand (see 'imsdk help')"),
            (["demo", "--frob"], "imsdk demo: unknown option '--frob' (see 'imsdk help demo')"),
            (["check", "--seed", "-3"],
             "imsdk check: --seed needs a whole number from 0 to \(UInt64.max), not '-3' (see 'imsdk help check')"),
            (["bench", "--scales", "10"],
             "imsdk bench: --scales needs comma-separated counts of at least 100, not '10' (see 'imsdk help bench')"),
        ]
        for (arguments, line) in cases {
            let recorder = ConsoleRecorder()
            let status = await Tool.run(arguments, console: recorder.console)
            XCTAssertEqual(status, .usage, "\(arguments)")
            XCTAssertEqual(status.rawValue, 64)
            XCTAssertEqual(recorder.outLines, [], "\(arguments)")
            XCTAssertEqual(recorder.errLines, [line], "one line, the help not repeated")
        }
    }

    func test_run_subcommandHelp_andVersion_printToStandardOutput() async {
        for arguments in [["help", "bench"], ["bench", "--help"]] {
            let recorder = ConsoleRecorder()
            let status = await Tool.run(arguments, console: recorder.console)
            XCTAssertEqual(status, .success)
            XCTAssertEqual(recorder.outLines.joined(separator: "\n"), Usage.text(for: .bench))
            XCTAssertTrue(recorder.outLines.first?.hasPrefix("USAGE: imsdk bench") == true)
            XCTAssertTrue(recorder.outLines.contains { $0.contains("--flood") })
            XCTAssertFalse(recorder.outLines.contains { $0.contains("--sequences") }, "only bench's options")
        }
        let recorder = ConsoleRecorder()
        let status = await Tool.run(["--version"], console: recorder.console)
        XCTAssertEqual(status, .success)
        XCTAssertEqual(recorder.outLines, ["imsdk \(SDKVersion.current)"])
    }

    func test_usage_listsEverySubcommandAndOption_within80Columns() {
        for word in ["help", "-h, --help", "--version"] + Subcommand.allCases.map(\.rawValue) {
            XCTAssertTrue(Usage.text.contains(word), word)
        }
        let options = [Subcommand.demo: ["--interactive"], .bench: ["--scales", "--smoke", "--json", "--flood"],
                       .check: ["--sequences", "--steps", "--seed", "--long", "--flaw", "--storage-faults", "--read-faults"],
                       .converge: ["--smoke", "--seed", "--timeout", "--heartbeat"],
                       .ingest: ["--database", "--peers", "--messages", "--prefix"]]
        for subcommand in Subcommand.allCases {
            let text = Usage.text(for: subcommand)
            for option in options[subcommand] ?? [] { XCTAssertTrue(text.contains(option), "\(subcommand): \(option)") }
            XCTAssertLessThanOrEqual(text.split(separator: "\n").map(\.count).max() ?? 0, 80, "\(subcommand)")
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
        XCTAssertEqual(try Command.parse(["check", "--read-faults"]),
                       .check(CheckOptions(storageFaults: true, readFaults: true)))
        XCTAssertEqual(try Command.parse(["check", "--read-faults", "--local-removals"]),
                       .check(CheckOptions(storageFaults: true, readFaults: true, localRemovals: true)))
        XCTAssertEqual(try Command.parse(["check", "--modifications"]), .check(CheckOptions(modifications: true)))
        XCTAssertEqual(try Command.parse(["check", "--help"]), .help(.check))
        let bad: [([String], String)] = [
            (["check", "--steps"], "--steps needs a value"),
            (["check", "--steps", "0"], "--steps needs a positive number, not '0'"),
            (["check", "--seed", "x"], "--seed needs a whole number from 0 to \(UInt64.max), not 'x'"),
            (["check", "--flaw", "x"], "--flaw needs one of pinBumpsActivity, mutedCountInTotal, ownMessagesAreUnread, ownSendsAreAnnounced, deletionLeavesGroups, not 'x'"),
            (["check", "--frob"], "unknown option '--frob'"),
            (["check", "extra"], "unexpected argument 'extra'"),
        ]
        for (arguments, message) in bad {
            XCTAssertThrowsError(try Command.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual(error as? UsageError, UsageError(message, subcommand: .check), "\(arguments)")
            }
        }
    }

    func test_usage_listsCheckAndItsOptions() {
        XCTAssertTrue(Usage.text.contains("check"))
        for word in ["--sequences N", "--steps N", "--seed S", "--long SECONDS", "--flaw NAME", "--storage-faults", "--read-faults"] {
            XCTAssertTrue(Usage.text(for: .check).contains(word), word)
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

final class IngestCommandTests: XCTestCase {
    private func run(database: String) async -> (ExitStatus, ConsoleRecorder) {
        let recorder = ConsoleRecorder()
        let status = await Tool.run(["ingest", "--database", database, "--messages", "3"], console: recorder.console)
        return (status, recorder)
    }

    func test_aDatabaseInAMissingDirectory_failsWithAClearMessage_andCreatesNothing() async throws {
        let directory = try TemporaryDirectory(prefix: "ingest")
        defer { directory.remove() }
        let missing = directory.file("no/such/dir")
        let (status, recorder) = await run(database: missing + "/x.sqlite")
        XCTAssertEqual(status, .failure)
        XCTAssertEqual(recorder.errLines, ["imsdk ingest: the directory \(missing) does not exist (create it first)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("no")), "nothing created")
    }

    func test_aTextFileOrADirectoryAsTheDatabase_failsWithAClearMessage_andIsLeftAsItIs() async throws {
        let directory = try TemporaryDirectory(prefix: "ingest")
        defer { directory.remove() }
        let text = directory.file("notes.txt")
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: text))
        let (status, recorder) = await run(database: text)
        XCTAssertEqual(status, .failure)
        XCTAssertEqual(recorder.errLines.count, 1, "\(recorder.errLines)")
        XCTAssertTrue(recorder.errLines.first?.hasPrefix("imsdk ingest: \(text) is not a database this SDK can use") == true,
                      "\(recorder.errLines)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: text)), Data("my notes\n".utf8), "not moved, not replaced")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["notes.txt"])

        let (dirStatus, dirRecorder) = await run(database: directory.path)
        XCTAssertEqual(dirStatus, .failure)
        XCTAssertEqual(dirRecorder.errLines, ["imsdk ingest: \(directory.path) is a directory, not a database file"])
    }

    func test_aNewDatabaseInAnExistingDirectory_ingests() async throws {
        let directory = try TemporaryDirectory(prefix: "ingest")
        defer { directory.remove() }
        let (status, recorder) = await run(database: directory.file("new.sqlite"))
        XCTAssertEqual(status, .success, "\(recorder.errLines)")
        XCTAssertEqual(recorder.outLines.filter { $0.hasPrefix("ack ") }.count, 3)
    }
}
