/// The subcommands of `imsdk`, as typed.
enum Subcommand: String, CaseIterable, Sendable {
    case demo, conformance, bench, ingest, check, converge, seed, inbox, serve, netbench, usersig, admin, device
}

/// A parsed command line: what the user asked `imsdk` to do.
enum Command: Equatable, Sendable {
    /// Print the usage to standard output: the overview (nil) or one subcommand's.
    case help(Subcommand?)
    /// Print the program's version (`imsdk --version`).
    case version
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
    /// Call the embedded server's admin API (`imsdk seed`).
    case seed(SeedCommand)
    /// Log in as a user with the store on disk and print what the app sees (`imsdk inbox`).
    case inbox(InboxCommand)
    /// Run the reference server on a TCP port (`imsdk serve`).
    case serve(ServeCommand)
    /// Measure the networked server over loopback (`imsdk netbench`).
    case netbench(NetBenchCommand)
    /// Print a UserSig, or what one says (`imsdk usersig`).
    case usersig(UserSigCommand)
    /// Call the administrative API of a running server (`imsdk admin`).
    case admin(AdminCommand)
    /// Log in as a device of a running server and take commands on standard input (`imsdk device`).
    case device(DeviceCommand)

    /// Parses the arguments after the program name.
    ///
    /// `-h`, `--help` and `help` ask for the usage anywhere a subcommand or option may stand: the
    /// overview before a subcommand, that subcommand's after it (`imsdk help bench`, `imsdk bench
    /// --help`).
    /// - Throws: `UsageError` for a missing or unknown subcommand, an unknown option or an
    ///   unexpected argument (naming the subcommand it was given to, for the hint).
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { throw UsageError("missing subcommand") }
        let rest = arguments.dropFirst()
        guard let subcommand = Subcommand(rawValue: first) else {
            switch first {
            case "help", "-h", "--help":
                guard let topic = rest.first else { return .help(nil) }
                guard let named = Subcommand(rawValue: topic) else { throw UsageError("no help for '\(topic)': not a subcommand") }
                if let extra = rest.dropFirst().first { throw UsageError("unexpected argument '\(extra)'") }
                return .help(named)
            case "--version", "version":
                if let extra = rest.first { throw UsageError("unexpected argument '\(extra)'") }
                return .version
            case let option where option.hasPrefix("-"):
                throw UsageError("unknown option '\(option)'")
            default:
                throw UsageError("unknown subcommand '\(first)'")
            }
        }
        do throws(UsageError) {
            return try parse(subcommand, rest)
        } catch {
            var named = error
            named.subcommand = subcommand
            throw named
        }
    }

    /// The command of `subcommand` with the arguments after it.
    private static func parse(_ subcommand: Subcommand, _ rest: ArraySlice<String>) throws(UsageError) -> Command {
        switch subcommand {
        case .demo:
            let interactive = rest.contains("--interactive")
            return try withoutOptions(interactive ? .interactiveDemo : .demo, of: .demo, rest.filter { $0 != "--interactive" })
        case .conformance:
            return try withoutOptions(.conformance, of: .conformance, rest)
        case .ingest:
            return try IngestOptions.parse(rest).map(Command.ingest) ?? .help(.ingest)
        case .bench:
            return try BenchOptions.parse(rest).map(Command.bench) ?? .help(.bench)
        case .check:
            return try CheckOptions.parse(rest).map(Command.check) ?? .help(.check)
        case .converge:
            return try ConvergeOptions.parse(rest).map(Command.converge) ?? .help(.converge)
        case .seed:
            return try SeedCommand.parse(rest).map(Command.seed) ?? .help(.seed)
        case .inbox:
            return try InboxCommand.parse(rest).map(Command.inbox) ?? .help(.inbox)
        case .serve:
            return try ServeCommand.parse(rest).map(Command.serve) ?? .help(.serve)
        case .netbench:
            return try NetBenchCommand.parse(rest).map(Command.netbench) ?? .help(.netbench)
        case .usersig:
            return try UserSigCommand.parse(rest).map(Command.usersig) ?? .help(.usersig)
        case .admin:
            return try AdminCommand.parse(rest).map(Command.admin) ?? .help(.admin)
        case .device:
            return try DeviceCommand.parse(rest).map(Command.device) ?? .help(.device)
        }
    }

    /// `command`, for a subcommand that takes no options or arguments besides the help ones.
    private static func withoutOptions(
        _ command: Command, of subcommand: Subcommand, _ rest: some Sequence<String>
    ) throws(UsageError) -> Command {
        for argument in rest {
            switch argument {
            case "-h", "--help": return .help(subcommand)
            case let option where option.hasPrefix("-"): throw UsageError("unknown option '\(option)'")
            default: throw UsageError("unexpected argument '\(argument)'")
            }
        }
        return command
    }
}

/// A command line that `Command.parse` rejects; the tool prints the message and where to read the
/// usage, on one line.
struct UsageError: Error, Equatable, Sendable {
    let message: String
    /// The subcommand whose arguments were wrong (nil: the command line as a whole).
    var subcommand: Subcommand?

    init(_ message: String, subcommand: Subcommand? = nil) {
        self.subcommand = subcommand
        self.message = message
    }

    /// The one line the tool prints: who complains, what, and where the usage is.
    var line: String {
        if let subcommand {
            return "imsdk \(subcommand.rawValue): \(message) (see 'imsdk help \(subcommand.rawValue)')"
        }
        return "imsdk: \(message) (see 'imsdk help')"
    }
}
