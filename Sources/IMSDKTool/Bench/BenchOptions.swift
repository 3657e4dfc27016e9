/// The options of `imsdk bench`.
struct BenchOptions: Equatable, Sendable {
    /// Conversation counts to measure at.
    var scales = [1_000, 10_000, 100_000]
    /// Print JSON instead of a table.
    var json = false
    /// A quick check that everything runs and the lists agree: short timing budgets.
    var smoke = false
    /// Measure answers under a flood instead of the scales (`--flood`): messages in the flood.
    var floodMessages: Int?
    /// Set in a memory probe process (hidden option): the one subject to hold, at the one scale.
    var memoryProbe: MemoryProbe.Subject?
    /// Also write the run's scaling plot, an SVG, to this path (`--svg FILE`; see `BenchPlot`).
    var svgPath: String?
    /// Measure a login after a burst of missed messages instead of the scales (`--login-burst`;
    /// see `LoginBurstBench`).
    var loginBurst = false
    /// In a memory probe process (hidden option): messages per conversation of its workload.
    var messagesPerConversation = 2
    /// Measure only the in-memory incoming messages, on several fresh stores per scale, instead of
    /// every row (`--ingest`; see `IngestBench`).
    var ingestOnly = false
    /// Measure only the persisted ingest, on several fresh databases per scale, instead of every
    /// row (`--persisted`; see `PersistedBench`).
    var persistedOnly = false
    /// Measure only the core's pages against B1's slices, several rounds per scale, instead of
    /// every row (`--pages`; see `PageBench`).
    var pagesOnly = false

    /// Parses the arguments after `bench`; nil when they ask for the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> BenchOptions? {
        var options = BenchOptions()
        var rest = arguments
        var scalesGiven = false
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--json":
                options.json = true
            case "--flood":
                options.floodMessages = options.floodMessages ?? 100_000
            case "--flood-messages":
                guard let value = rest.popFirst() else { throw UsageError("--flood-messages needs a value") }
                guard let count = Int(value), count >= 1 else {
                    throw UsageError("--flood-messages needs a count of at least 1, not '\(value)'")
                }
                options.floodMessages = count
            case "--smoke":
                options.smoke = true
                if !scalesGiven { options.scales = [1_000] }
            case "--scales":
                guard let value = rest.popFirst() else { throw UsageError("--scales needs a value") }
                let parts = value.split(separator: ",", omittingEmptySubsequences: false)
                let scales = parts.compactMap { Int($0) }
                guard !scales.isEmpty, scales.count == parts.count, scales.allSatisfy({ $0 >= 100 }) else {
                    throw UsageError("--scales needs comma-separated counts of at least 100, not '\(value)'")
                }
                options.scales = scales
                scalesGiven = true
            case "--memory-probe":
                guard let value = rest.popFirst() else { throw UsageError("--memory-probe needs a subject") }
                guard let subject = MemoryProbe.Subject(rawValue: value) else {
                    let names = MemoryProbe.Subject.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("--memory-probe needs one of \(names), not '\(value)'")
                }
                options.memoryProbe = subject
            case "--svg":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError("--svg needs a file") }
                options.svgPath = value
            case "--login-burst":
                options.loginBurst = true
            case "--ingest":
                options.ingestOnly = true
            case "--persisted":
                options.persistedOnly = true
            case "--pages":
                options.pagesOnly = true
            case "--messages-per-conversation":
                guard let value = rest.popFirst() else { throw UsageError("--messages-per-conversation needs a value") }
                guard let count = Int(value), count >= 1 else {
                    throw UsageError("--messages-per-conversation needs a count of at least 1, not '\(value)'")
                }
                options.messagesPerConversation = count
            case let option where option.hasPrefix("-"):
                throw UsageError("unknown option '\(option)'")
            default:
                throw UsageError("unexpected argument '\(argument)'")
            }
        }
        if options.memoryProbe != nil && options.scales.count != 1 {
            throw UsageError("--memory-probe needs exactly one scale (--scales N)")
        }
        if options.svgPath != nil && (options.floodMessages != nil || options.loginBurst || options.memoryProbe != nil) {
            throw UsageError("--svg plots the scales; it does not go with --flood, --login-burst or --memory-probe")
        }
        if options.loginBurst && options.floodMessages != nil {
            throw UsageError("--login-burst and --flood are two separate measurements; pick one")
        }
        if options.ingestOnly && (options.loginBurst || options.floodMessages != nil || options.svgPath != nil) {
            throw UsageError("--ingest measures incoming messages alone; it does not go with --flood, --login-burst or --svg")
        }
        if options.persistedOnly
            && (options.ingestOnly || options.loginBurst || options.floodMessages != nil || options.svgPath != nil) {
            throw UsageError("--persisted measures the persisted ingest alone; it does not go with --ingest, --flood, "
                + "--login-burst or --svg")
        }
        if options.pagesOnly && (options.ingestOnly || options.persistedOnly || options.loginBurst
            || options.floodMessages != nil || options.svgPath != nil) {
            throw UsageError("--pages measures the pages alone; it does not go with --ingest, --persisted, --flood, "
                + "--login-burst or --svg")
        }
        return options
    }
}
