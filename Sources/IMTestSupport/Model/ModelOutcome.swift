/// What an operation returned, as the check compares it: success, an error code, or (the legacy
/// `deleteConversation`) a Boolean.
package enum ModelOutcome: Hashable, Sendable, CustomStringConvertible {
    case ok
    case error(Int32)
    case returned(Bool)

    /// ERR_INVALID_CONVERSATION: the conversation does not exist.
    package static let invalidConversation = ModelOutcome.error(6004)

    package var description: String {
        switch self {
        case .ok: return "success"
        case .error(let code): return "error \(code)"
        case .returned(let value): return "returned \(value)"
        }
    }
}
