import IMCore
import IMTransportKit

/// The `imsdk` program: parses the command line and runs the subcommand.
enum Tool {
    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    static func run(_ arguments: [String], console: Console = .standard) async -> ExitStatus {
        let command: Command
        do {
            command = try Command.parse(arguments)
        } catch {
            console.err(error.line)
            return .usage
        }
        switch command {
        case .help(nil):
            console.out(Usage.text)
            return .success
        case .help(let subcommand?):
            console.out(Usage.text(for: subcommand))
            return .success
        case .version:
            console.out("imsdk \(SDKVersion.current)")
            return .success
        case .demo:
            do {
                try await DemoCommand(console: console).run()
                return .success
            } catch {
                console.err("imsdk demo: \(error)")
                return .failure
            }
        case .interactiveDemo:
            return await InteractiveCommand(console: console).run()
        case .conformance:
            return await ConformanceCommand(console: console).run() ? .success : .failure
        case .bench(let options):
            do {
                if options.loginBurst {
                    try await BenchCommand(options: options, console: console).runLoginBurst()
                    return .success
                }
                if options.ingestOnly {
                    try BenchCommand(options: options, console: console).runIngest()
                    return .success
                }
                if options.persistedOnly {
                    try BenchCommand(options: options, console: console).runPersisted()
                    return .success
                }
                if options.pagesOnly {
                    try BenchCommand(options: options, console: console).runPages()
                    return .success
                }
                if let messages = options.floodMessages {
                    try await BenchCommand(options: options, console: console).runFlood(messages: messages)
                    return .success
                }
                try BenchCommand(options: options, console: console).run()
                return .success
            } catch {
                console.err("imsdk bench: \(error)")
                return .failure
            }
        case .check(let options):
            do {
                return try await CheckCommand(options: options, console: console).run() ? .success : .failure
            } catch {
                console.err("imsdk check: \(error)")
                return .failure
            }
        case .converge(let options):
            do {
                return try await ConvergeCommand(options: options, console: console).run() ? .success : .failure
            } catch {
                console.err("imsdk converge: \(error)")
                return .failure
            }
        case .seed(let seed):
            do throws(IMError) {
                try seed.run(console: console)
                return .success
            } catch {
                console.err("imsdk seed: \(error)")
                return .failure
            }
        case .inbox(let inbox):
            do {
                try await inbox.run(console: console)
                return .success
            } catch {
                console.err("imsdk inbox: \(error)")
                return .failure
            }
        case .serve(let serve):
            do {
                try await serve.run(console: console)
                return .success
            } catch {
                console.err("imsdk serve: \(error)")
                return .failure
            }
        case .netbench(let netbench):
            guard let program = BenchCommand.runningProgram else {
                console.err("imsdk netbench: runs only as the imsdk program (it starts imsdk serve)")
                return .failure
            }
            do {
                try await netbench.run(console: console, program: program)
                return .success
            } catch {
                console.err("imsdk netbench: \(error)")
                return .failure
            }
        case .usersig(let usersig):
            do throws(IMError) {
                try usersig.run(console: console)
                return .success
            } catch {
                console.err("imsdk usersig: \(error)")
                return .failure
            }
        case .admin(let admin):
            do throws(IMError) {
                try await admin.run(console: console)
                return .success
            } catch {
                console.err("imsdk admin: \(error)")
                return .failure
            }
        case .device(let device):
            do {
                try await device.run(console: console)
                return .success
            } catch {
                console.err("imsdk device: \(error)")
                return .failure
            }
        case .ingest(let options):
            do {
                try await IngestCommand(options: options, console: console).run()
                return .success
            } catch {
                console.err("imsdk ingest: \(error)")
                return .failure
            }
        }
    }
}
