/// The outcome of one API call: success, an error code, or a `false` from a legacy `Bool` method.
enum StepOutcome: Hashable, Sendable, CustomStringConvertible {
    case ok
    case failed(Int32)
    case returnedFalse

    var description: String {
        switch self {
        case .ok: return "ok"
        case .failed(let code): return "error \(code)"
        case .returnedFalse: return "false"
        }
    }
}
