import Foundation
import XCTest
import IMReferenceServer
import IMTestSupport
import IMTransportKit
@testable import IMSDKTool

/// `imsdk usersig`: the command line, and the program run as a process whose token the package's
/// verifier accepts.
final class UserSigCommandTests: XCTestCase {
    func test_parse_takesTheUserKeyAppAndExpiry_inAnyOrder() throws {
        XCTAssertEqual(
            try Command.parse(["usersig", "--key", "k", "--user", "alice"]),
            .usersig(UserSigCommand(action: .generate(userID: "alice", expire: 15_552_000), key: .text("k"))))
        XCTAssertEqual(
            try Command.parse(["usersig", "--expire", "60", "--sdkappid", "7", "--key-file", "/k", "--user", "bob"]),
            .usersig(UserSigCommand(action: .generate(userID: "bob", expire: 60), sdkAppID: 7, key: .file("/k"))))
        XCTAssertEqual(
            try Command.parse(["usersig", "--verify", "T"]),
            .usersig(UserSigCommand(action: .verify(token: "T", userID: nil))))
        XCTAssertEqual(
            try Command.parse(["usersig", "--verify", "T", "--user", "u", "--key", "k"]),
            .usersig(UserSigCommand(action: .verify(token: "T", userID: "u"), key: .text("k"))))
    }

    func test_parse_badCommandLines_sayWhatIsMissing() {
        let cases: [([String], String)] = [
            (["usersig"], "usersig needs --user USER (or --verify TOKEN)"),
            (["usersig", "--user", "a"], "usersig needs the app's secret key: --key KEY or --key-file FILE"),
            (["usersig", "--user", "a", "--key", "k", "--key-file", "f"], "give the key once: --key KEY or --key-file FILE"),
            (["usersig", "--user", "a", "--key", ""], "--key needs a value"),
            (["usersig", "--user"], "--user needs a value"),
            (["usersig", "--user", "a", "--key", "k", "--expire", "-5"], "--expire needs a number of seconds, not '-5'"),
            (["usersig", "--user", "a", "--key", "k", "--sdkappid", "x"], "--sdkappid needs a number, not 'x'"),
            (["usersig", "--verify", "T", "--expire", "5"], "--expire is for making a UserSig, not for --verify"),
            (["usersig", "--user", "a", "--key", "k", "extra"], "unexpected argument 'extra'"),
            (["usersig", "--frob"], "unknown option '--frob'"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try Command.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message, "\(arguments)")
                XCTAssertEqual((error as? UsageError)?.subcommand, .usersig)
            }
        }
    }

    func test_run_verify_printsTheFields_andTheVerdict_orTheErrorWithItsCode() async throws {
        let token = UserSig.generate(userID: "alice", sdkAppID: 1_400_000_001, secretKey: "k", expire: 60, now: 1_700_000_000)
        let command = UserSigCommand(action: .verify(token: token, userID: nil), key: .text("k"))
        let valid = ConsoleRecorder()
        XCTAssertNoThrow(try command.run(console: valid.console, now: 1_700_000_060))
        XCTAssertEqual(valid.outLines, [
            "identifier: alice",
            "sdkappid:   1400000001",
            "issued:     1700000000 (2023-11-14T22:13:20Z)",
            "expires:    1700000060 (2023-11-14T22:14:20Z), 60 seconds after",
            "userbuf:    none",
            "signature:  valid for SDKAppID 1400000001, not expired",
        ])
        XCTAssertThrowsError(try command.run(console: ConsoleRecorder().console, now: 1_700_000_061)) { error in
            XCTAssertEqual((error as? IMError)?.code, .userSigTokenExpired)
        }
        let unchecked = ConsoleRecorder()
        try UserSigCommand(action: .verify(token: token, userID: nil)).run(console: unchecked.console)
        XCTAssertEqual(unchecked.outLines.last, "signature:  not checked (no key)")

        let garbage = ConsoleRecorder()
        let status = await Tool.run(["usersig", "--verify", "not-a-token"], console: garbage.console)
        XCTAssertEqual(status, .failure)
        XCTAssertEqual(garbage.errLines.count, 1)
        XCTAssertTrue(garbage.errLines[0].hasPrefix("imsdk usersig: 70003: "), garbage.errLines[0])
        XCTAssertEqual(garbage.outLines, [])
    }

    func test_aMissingOrEmptyKeyFile_failsWithAClearMessage() async throws {
        let directory = try TemporaryDirectory(prefix: "usersig-key")
        defer { directory.remove() }
        let empty = directory.file("empty")
        try Data("\n".utf8).write(to: URL(fileURLWithPath: empty))
        for (path, text) in [(directory.file("missing"), "cannot read the key file"), (empty, "the secret key is empty")] {
            let recorder = ConsoleRecorder()
            let status = await Tool.run(["usersig", "--user", "a", "--key-file", path], console: recorder.console)
            XCTAssertEqual(status, .failure)
            XCTAssertEqual(recorder.outLines, [])
            XCTAssertTrue(recorder.errLines.first?.contains(text) == true, "\(recorder.errLines)")
        }
    }

    /// The program as a process: its one line of output is a token the package's verifier accepts
    /// for that user, app and key; the key from a file works the same; `--verify` reads it back.
    func test_theProgram_printsOneTokenThatVerifies_withTheKeyGivenOrInAFile() throws {
        let tool = try ToolProgram.url()
        let directory = try TemporaryDirectory(prefix: "usersig-process")
        defer { directory.remove() }
        let keyFile = directory.file("key")
        try Data("file-secret\n".utf8).write(to: URL(fileURLWithPath: keyFile))
        let before = UserSig.currentTime

        let direct = try run(tool, ["usersig", "--user", "alice", "--key", "cli-secret", "--sdkappid", "1400000042", "--expire", "3600"])
        XCTAssertEqual(direct.status, 0, direct.err)
        let lines = direct.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, direct.out)
        let token = String(lines[0])
        let sig = try UserSig.verify(token, userID: "alice", sdkAppID: 1_400_000_042, secretKey: "cli-secret", now: before + 1)
        XCTAssertEqual(sig.lifetime, 3_600)
        XCTAssertGreaterThanOrEqual(UInt64(sig.issuedAt), before)
        XCTAssertThrowsError(try UserSig.verify(token, userID: "alice", sdkAppID: 1_400_000_042, secretKey: "other", now: before))

        let fromFile = try run(tool, ["usersig", "--user", "bob", "--key-file", keyFile])
        XCTAssertEqual(fromFile.status, 0, fromFile.err)
        let bobToken = fromFile.out.trimmingCharacters(in: .newlines)
        let bob = try UserSig.verify(bobToken, userID: "bob", sdkAppID: 1_400_000_001, secretKey: "file-secret", now: before + 1)
        XCTAssertEqual(bob.lifetime, UserSig.defaultLifetime)

        let verified = try run(tool, ["usersig", "--verify", bobToken, "--key-file", keyFile])
        XCTAssertEqual(verified.status, 0, verified.err)
        XCTAssertTrue(verified.out.contains("identifier: bob"), verified.out)
        XCTAssertTrue(verified.out.contains("signature:  valid"), verified.out)
        let refused = try run(tool, ["usersig", "--verify", bobToken, "--key", "wrong"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.hasPrefix("imsdk usersig: 70009: "), refused.err)
    }

    private func run(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
    }
}
