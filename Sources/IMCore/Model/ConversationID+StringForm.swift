import IMTransportKit

/// The V2 string form of conversation IDs, `"c2c_" + userID` and `"group_" + groupID`: the one
/// codec of the package (the V2 facade, the legacy conversions, the tools and tests use it).
extension ConversationID {
    /// The prefix of a C2C conversation ID.
    package static let c2cPrefix = "c2c_"
    /// The prefix of a group conversation ID.
    package static let groupPrefix = "group_"

    /// The V2 string (the legacy SYSTEM conversation has none and maps to `""`).
    package var stringForm: String {
        switch kind {
        case .c2c: return Self.c2cPrefix + target
        case .group: return Self.groupPrefix + target
        case .system: return ""
        }
    }

    /// Parses a V2 conversation ID: 6017 (`ERR_INVALID_PARAMETERS`) for nil, empty or malformed.
    package init(stringForm string: String?) throws(IMError) {
        guard let string, !string.isEmpty else {
            throw IMError(.invalidParameters, "conversationID is empty")
        }
        // The target is what follows the prefix (found without counting the whole string: IDs
        // may be long).
        if string.hasPrefix(Self.c2cPrefix), case let target = string.dropFirst(Self.c2cPrefix.count), !target.isEmpty {
            self = .c2c(String(target))
        } else if string.hasPrefix(Self.groupPrefix), case let target = string.dropFirst(Self.groupPrefix.count),
                  !target.isEmpty {
            self = .group(String(target))
        } else {
            throw IMError(.invalidParameters, "conversationID \"\(string)\" is not c2c_<userID> or group_<groupID>")
        }
    }
}
