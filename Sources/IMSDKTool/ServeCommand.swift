import Foundation
import IMReferenceServer
import IMTransportKit

/// `imsdk serve`: the reference server on a TCP port, speaking PROTOCOL.md, until SIGINT or SIGTERM.
struct ServeCommand: Equatable, Sendable {
    /// The address to listen on (`--host`; the loopback address by default).
    var host = "127.0.0.1"
    /// The port (`--port`; 0: any free one, printed).
    var port: UInt16 = 7878
    /// Where the server keeps its state (`--data`); nil: in memory.
    var directory: String?
    /// The app's secret key (`--secret-key`, `--secret-key-file`, or `$IMSDK_SECRET_KEY`): logins
    /// must then carry a UserSig it signed for `sdkAppID`, and administrators prove they hold it.
    var secretKey: String?
    /// The app's SDKAppID, which UserSigs name (`--sdkappid`; 1400000001 by default).
    var sdkAppID: UInt64 = 1_400_000_001
    /// How many logins of one user may stay online per platform (`--devices-per-platform`; the
    /// vendor's 1 by default).
    var devicesPerPlatform = 1
    /// Seconds without a frame before a connection closes (`--idle-timeout`).
    var idleTimeout = 120.0
    /// The most connections at once (`--max-connections`).
    var maxConnections = 20_000
    /// Whether to log each connection event (`--quiet` turns it off).
    var logsConnections = true

    /// The file of a server's state in `directory`.
    static func dataPath(in directory: String) -> String {
        URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent("imserver.sqlite").path
    }

    /// Parses the arguments after `serve`; nil when they ask for the help.
    static func parse(_ arguments: ArraySlice<String>, environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) -> ServeCommand? {
        var rest = arguments
        var command = ServeCommand()
        command.secretKey = SecretKeyOption.fromEnvironment(environment)
        func value(_ option: String) throws(UsageError) -> String {
            guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError("\(option) needs a value") }
            return value
        }
        func number<T: FixedWidthInteger>(_ option: String, atLeast minimum: T) throws(UsageError) -> T {
            let text = try value(option)
            guard let number = T(text), number >= minimum else { throw UsageError("\(option) needs a number of at least \(minimum), not '\(text)'") }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--host":
                command.host = try value(argument)
            case "--port":
                command.port = try number(argument, atLeast: 0)
            case "--data":
                command.directory = try value(argument)
            case "--secret-key":
                command.secretKey = try value(argument)
            case "--secret-key-file":
                command.secretKey = try SecretKeyOption.read(file: value(argument))
            case "--sdkappid":
                command.sdkAppID = try number(argument, atLeast: 1)
            case "--devices-per-platform":
                command.devicesPerPlatform = try number(argument, atLeast: 1)
            case "--idle-timeout":
                let seconds: Int = try number(argument, atLeast: 1)
                command.idleTimeout = Double(seconds)
            case "--max-connections":
                command.maxConnections = try number(argument, atLeast: 1)
            case "--quiet":
                command.logsConnections = false
            case let option where option.hasPrefix("-"):
                throw UsageError("unknown option '\(option)'")
            default:
                throw UsageError("unexpected argument '\(argument)'")
            }
        }
        return command
    }

    /// Serves until SIGINT or SIGTERM; prints `listening on HOST:PORT ...` once listening.
    func run(console: Console) async throws {
        let policy = IMReferenceServer.LoginPolicy(connectionsPerPlatform: devicesPerPlatform)
        let server: IMReferenceServer
        if let directory {
            server = try IMReferenceServer(
                persistingAt: Self.dataPath(in: directory), loginPolicy: policy,
                logger: IMLogger(minimumLevel: .warning) { level, line in console.err("imsdk serve: \(level): \(line)") })
        } else {
            server = IMReferenceServer(loginPolicy: policy)
        }
        if let secretKey {
            server.userSigKey = UserSigKey(sdkAppID: sdkAppID, secretKey: secretKey)
        }
        var configuration = IMNetworkServer.Configuration(host: host, port: port, secretKey: secretKey)
        configuration.idleTimeout = idleTimeout
        configuration.maxConnections = maxConnections
        var log: (@Sendable (String) -> Void)?
        if logsConnections {
            log = { line in console.err("imsdk serve: info: \(line)") }
        }
        signal(SIGPIPE, SIG_IGN)
        let fileLimit = FileLimit.raise(to: UInt64(maxConnections) + 64)
        if fileLimit < UInt64(maxConnections) {
            console.err("imsdk serve: warning: at most \(fileLimit) open files (ulimit -n): fewer connections than --max-connections \(maxConnections); the ones beyond are refused")
        }
        let network = try IMNetworkServer(serving: server, configuration: configuration, log: log)
        let data = directory.map { "data in \(Self.dataPath(in: $0))" } ?? "in memory"
        let signing = secretKey == nil ? "any UserSig" : "UserSigs signed for \(sdkAppID)"
        console.out("imsdk serve: listening on \(host):\(network.port) (epoch \(server.epoch), \(data), \(signing))")
        await waitForTermination()
        network.stop()
        console.out("imsdk serve: stopped")
    }

    /// Returns on SIGINT or SIGTERM.
    private func waitForTermination() async {
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: .global())
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = Locked<CheckedContinuation<Void, Never>?>(continuation)
            for source in sources {
                source.setEventHandler {
                    once.withLock { pending in
                        pending?.resume()
                        pending = nil
                    }
                }
                source.resume()
            }
        }
        sources.forEach { $0.cancel() }
    }
}
