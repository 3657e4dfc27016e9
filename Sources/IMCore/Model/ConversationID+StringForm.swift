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
        // The prefixes are compared on bytes, and the target is the bytes after them: per Character
        // a target that begins with a combining mark, a ZWJ or a variation selector would merge with
        // the `_` into one Character and the prefix would not match. (Found without counting the
        // whole string: IDs may be long.)
        if let target = Self.target(of: string, after: Self.c2cPrefix) {
            self = .c2c(target)
        } else if let target = Self.target(of: string, after: Self.groupPrefix) {
            self = .group(target)
        } else {
            throw IMError(.invalidParameters, "conversationID \"\(string)\" is not c2c_<userID> or group_<groupID>")
        }
    }

    /// The non-empty rest of `string` after the ASCII `prefix`, compared and cut on UTF-8 bytes;
    /// nil when `string` does not start with `prefix` or has nothing after it.
    private static func target(of string: String, after prefix: String) -> String? {
        let bytes = string.utf8
        guard bytes.starts(with: prefix.utf8) else { return nil }
        // An ASCII prefix ends on a scalar boundary, so the rest is valid UTF-8 as it is.
        let rest = Substring(bytes.dropFirst(prefix.utf8.count))
        return rest.isEmpty ? nil : String(rest)
    }
}
