/// What an operation returned, as the check compares it: success, an error code, or (the legacy
/// `deleteConversation`) a Boolean.
package enum ModelOutcome: Hashable, Sendable, CustomStringConvertible {
    case ok
    case error(Int32)
    case returned(Bool)
    /// A batch call's success: one result code per conversation, in the order asked (0: success).
    case results([Int])

    /// ERR_INVALID_CONVERSATION: the conversation does not exist.
    package static let invalidConversation = ModelOutcome.error(6004)

    package var description: String {
        switch self {
        case .ok: return "success"
        case .error(let code): return "error \(code)"
        case .returned(let value): return "returned \(value)"
        case .results(let codes): return "results \(codes)"
        }
    }
}
