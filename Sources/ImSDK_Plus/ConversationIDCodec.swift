import IMCore

/// The V2 string form of conversation IDs: `"c2c_" + userID`, `"group_" + groupID`.
enum ConversationIDCodec {
    static let c2cPrefix = "c2c_"
    static let groupPrefix = "group_"

    /// The V2 string for `id` (the legacy SYSTEM conversation has none and maps to `""`).
    static func string(for id: ConversationID) -> String {
        switch id.kind {
        case .c2c: return c2cPrefix + id.target
        case .group: return groupPrefix + id.target
        case .system: return ""
        }
    }

    /// Parses a V2 conversation ID; throws `ERR_INVALID_PARAMETERS` for an empty or malformed one.
    static func parse(_ string: String?) throws(IMError) -> ConversationID {
        guard let string, !string.isEmpty else {
            throw IMError(.invalidParameters, "conversationID is empty")
        }
        if string.hasPrefix(c2cPrefix), string.count > c2cPrefix.count {
            return .c2c(String(string.dropFirst(c2cPrefix.count)))
        }
        if string.hasPrefix(groupPrefix), string.count > groupPrefix.count {
            return .group(String(string.dropFirst(groupPrefix.count)))
        }
        throw IMError(.invalidParameters, "conversationID \"\(string)\" is not c2c_<userID> or group_<groupID>")
    }
}
