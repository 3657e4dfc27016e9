/// The options of `imsdk converge`.
struct ConvergeOptions: Equatable, Sendable {
    /// Small scenarios, a short heartbeat: a quick check that everything runs and converges.
    var smoke = false
    /// Seeds the traffic and the lost pushes.
    var seed: UInt64 = 1
    /// Seconds a scenario may take to converge before it counts as failed.
    var timeout = 30.0
    /// Seconds between the devices' heartbeats; nil: 1 (0.2 with `--smoke`).
    var heartbeat: Double?

    init(smoke: Bool = false, seed: UInt64 = 1, timeout: Double = 30, heartbeat: Double? = nil) {
        self.smoke = smoke
        self.seed = seed
        self.timeout = timeout
        self.heartbeat = heartbeat
    }

    /// The heartbeat interval the devices use.
    var heartbeatInterval: Double { heartbeat ?? (smoke ? 0.2 : 1) }

    /// Parses the arguments after `converge`; nil when they ask for the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> ConvergeOptions? {
        var options = ConvergeOptions()
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--smoke":
                options.smoke = true
            case "--seed":
                guard let value = rest.popFirst() else { throw UsageError("--seed needs a value") }
                guard let seed = UInt64(value) else {
                    throw UsageError("--seed needs a whole number from 0 to \(UInt64.max), not '\(value)'")
                }
                options.seed = seed
            case "--timeout", "--heartbeat":
                guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a value") }
                guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
                    throw UsageError("\(argument) needs a positive number of seconds, not '\(value)'")
                }
                if argument == "--timeout" { options.timeout = seconds } else { options.heartbeat = seconds }
            case let option where option.hasPrefix("-"):
                throw UsageError("unknown option '\(option)'")
            default:
                throw UsageError("unexpected argument '\(argument)'")
            }
        }
        return options
    }
}
