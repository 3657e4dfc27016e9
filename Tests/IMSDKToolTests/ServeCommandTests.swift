import XCTest
import IMTestSupport
import IMTransportKit
@testable import IMSDKTool

final class ServeCommandTests: XCTestCase {
    func test_parse_serve_defaultsToLoopbackInMemory_andTakesEveryOption() throws {
        XCTAssertEqual(try ServeCommand.parse([], environment: [:]), ServeCommand())
        let defaults = try XCTUnwrap(ServeCommand.parse([], environment: [:]))
        XCTAssertEqual(defaults.host, "127.0.0.1")
        XCTAssertNil(defaults.directory)
        XCTAssertNil(defaults.secretKey)
        XCTAssertEqual(defaults.devicesPerPlatform, 1)

        let parsed = try XCTUnwrap(ServeCommand.parse(
            ["--host", "0.0.0.0", "--port", "0", "--data", "/d", "--secret-key", "k", "--devices-per-platform", "3",
             "--idle-timeout", "30", "--max-connections", "10", "--quiet"], environment: [:]))
        XCTAssertEqual(parsed.host, "0.0.0.0")
        XCTAssertEqual(parsed.port, 0)
        XCTAssertEqual(parsed.directory, "/d")
        XCTAssertEqual(parsed.secretKey, "k")
        XCTAssertEqual(parsed.devicesPerPlatform, 3)
        XCTAssertEqual(parsed.idleTimeout, 30)
        XCTAssertEqual(parsed.maxConnections, 10)
        XCTAssertFalse(parsed.logsConnections)
    }

    func test_parse_serve_takesTheSecretKeyFromTheEnvironmentOrAFile() throws {
        XCTAssertEqual(try ServeCommand.parse([], environment: ["IMSDK_SECRET_KEY": "from-env"])?.secretKey, "from-env")
        let directory = try TemporaryDirectory(prefix: "serve-key")
        defer { directory.remove() }
        let file = directory.file("key")
        try "  from-file\n".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try ServeCommand.parse(["--secret-key-file", file], environment: ["IMSDK_SECRET_KEY": "x"])?.secretKey, "from-file")
    }

    func test_parse_badServeAndNetbenchLines_throwAUsageError() {
        let cases: [([String], String)] = [
            (["serve", "--port", "70000"], "--port needs a number of at least 0, not '70000'"),
            (["serve", "--port"], "--port needs a value"),
            (["serve", "--devices-per-platform", "0"], "--devices-per-platform needs a number of at least 1, not '0'"),
            (["serve", "--secret-key-file", "/nonexistent/key"], "cannot read the secret key file /nonexistent/key"),
            (["serve", "extra"], "unexpected argument 'extra'"),
            (["netbench", "--users", "0"], "--users needs a number of at least 1, not '0'"),
            (["netbench", "--frob"], "unknown option '--frob'"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try Command.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message, "\(arguments)")
            }
        }
    }

    func test_parse_netbench_takesItsSizes() throws {
        var expected = NetBenchCommand()
        expected.messages = 10
        expected.users = 20
        expected.rate = 30
        expected.window = 4
        expected.latencyMessages = 5
        XCTAssertEqual(
            try Command.parse(["netbench", "--messages", "10", "--users", "20", "--rate", "30", "--window", "4", "--latency-messages", "5"]),
            .netbench(expected))
    }
}

/// `imsdk netbench` as a process: it starts `imsdk serve` itself and prints its three figures.
final class NetBenchProcessTests: XCTestCase {
    func test_netbenchSmoke_printsItsThreeFigures() throws {
        let process = Process()
        process.executableURL = try ToolProgram.url()
        process.arguments = ["netbench", "--smoke"]
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, errorText)
        for figure in ["messages/s, a peer to 3 devices", "push latency p50 / p99", "server memory per 1,000 connected users"] {
            let row = text.split(separator: "\n").first { $0.contains(figure) }
            XCTAssertNotNil(row, "no row '\(figure)' in:\n\(text)")
            XCTAssertNotNil(row?.split(separator: "|").last?.first { $0.isNumber }, "no figure in \(row ?? "")")
        }
    }
}

