/// A conversation a scenario names, seen by the logged-in user ("me"): with a user, or a group.
package enum Target: Hashable, Comparable, Sendable {
    case c2c(String)
    case group(String)

    /// The V2 conversation ID (`"c2c_a"`, `"group_g"`): the name every observation uses, whichever
    /// API it was read through.
    package var conversationID: String {
        switch self {
        case .c2c(let userID): return "c2c_" + userID
        case .group(let groupID): return "group_" + groupID
        }
    }

    /// The name digests use: the user ID, or `#` and the group ID.
    package var shortName: String {
        switch self {
        case .c2c(let userID): return userID
        case .group(let groupID): return "#" + groupID
        }
    }

    /// The target whose `conversationID` is `conversationID`; nil for another form.
    package init?(conversationID: String) {
        if conversationID.hasPrefix("c2c_") {
            self = .c2c(String(conversationID.dropFirst(4)))
        } else if conversationID.hasPrefix("group_") {
            self = .group(String(conversationID.dropFirst(6)))
        } else {
            return nil
        }
    }

    package static func < (lhs: Target, rhs: Target) -> Bool { lhs.conversationID < rhs.conversationID }
}

extension String {
    /// The row text with every conversation ID shortened to its digest name (`c2c_a` to `a`,
    /// `group_g` to `#g`).
    var shortenedConversationIDs: String {
        replacingOccurrences(of: "c2c_", with: "").replacingOccurrences(of: "group_", with: "#")
    }
}
