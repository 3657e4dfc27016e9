/// Why a benchmark run failed.
enum BenchError: Error, CustomStringConvertible {
    /// A baseline's list or total differs from ours: the comparison would not be fair.
    case listsDisagree(String)
    /// The persisted database held no counters after ingest.
    case noCounters
    /// A memory probe process failed or printed no figure.
    case probeFailed(subject: String, status: Int32, output: String)
    /// The flood measurement could not run to its end.
    case flood(String)
    /// The scaling plot cannot be written where `--svg` says.
    case plot(String)
    /// The login burst measurement could not run to its end, or its page was wrong.
    case loginBurst(String)
    /// The public page measurement could not run to its end, or its list was wrong.
    case publicPage(String)

    var description: String {
        switch self {
        case .listsDisagree(let detail):
            return "the lists disagree, so the comparison is not fair: \(detail)"
        case .noCounters:
            return "the persisted database holds no counters"
        case .probeFailed(let subject, let status, let output):
            return "the memory probe for \(subject) failed (exit status \(status)): \(output)"
        case .flood(let detail):
            return "the flood measurement failed: \(detail)"
        case .plot(let detail):
            return "the plot cannot be written: \(detail)"
        case .loginBurst(let detail):
            return "the login burst measurement failed: \(detail)"
        case .publicPage(let detail):
            return "the public page measurement failed: \(detail)"
        }
    }
}
