/// A parsed command line: what the user asked `imsdk` to do.
enum Command: Equatable, Sendable {
    /// Print the usage to standard output.
    case help
    /// Run the scripted V2 session (`imsdk demo`).
    case demo
    /// Run the full-screen conversation list (`imsdk demo --interactive`).
    case interactiveDemo
    /// Run the cross-API conformance suite (`imsdk conformance`).
    case conformance
    /// Receive messages into a database, acknowledging each stored batch (`imsdk ingest`).
    case ingest(IngestOptions)
    /// Measure the engine (`imsdk bench`).
    case bench(BenchOptions)
    /// Run the model-based check of both APIs (`imsdk check`).
    case check(CheckOptions)
    /// Measure how devices that missed changes converge (`imsdk converge`).
    case converge(ConvergeOptions)

    /// Parses the arguments after the program name.
    ///
    /// `-h`, `--help` and `help` ask for the usage anywhere a subcommand or option may stand.
    /// - Throws: `UsageError` for a missing or unknown subcommand, an unknown option or an
    ///   unexpected argument.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { throw UsageError("missing subcommand") }
        let rest = arguments.dropFirst()
        switch first {
        case "help", "-h", "--help":
            if let extra = rest.first { throw UsageError("unexpected argument '\(extra)'") }
            return .help
        case "demo":
            let interactive = rest.contains("--interactive")
            return try withoutOptions(interactive ? .interactiveDemo : .demo, rest.filter { $0 != "--interactive" })
        case "conformance":
            return try withoutOptions(.conformance, rest)
        case "ingest":
            return try IngestOptions.parse(rest).map(Command.ingest) ?? .help
        case "bench":
            return try BenchOptions.parse(rest).map(Command.bench) ?? .help
        case "check":
            return try CheckOptions.parse(rest).map(Command.check) ?? .help
        case "converge":
            return try ConvergeOptions.parse(rest).map(Command.converge) ?? .help
        case let option where option.hasPrefix("-"):
            throw UsageError("unknown option '\(option)'")
        default:
            throw UsageError("unknown subcommand '\(first)'")
        }
    }

    /// `command`, for a subcommand that takes no options or arguments besides the help ones.
    private static func withoutOptions(_ command: Command, _ rest: some Sequence<String>) throws(UsageError) -> Command {
        for argument in rest {
            switch argument {
            case "-h", "--help": return .help
            case let option where option.hasPrefix("-"): throw UsageError("unknown option '\(option)'")
            default: throw UsageError("unexpected argument '\(argument)'")
            }
        }
        return command
    }
}

/// A command line that `Command.parse` rejects; the tool prints the message and the usage.
struct UsageError: Error, Equatable, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
