import IMCore
import IMTransportKit

/// A conversation a scenario names, seen by the logged-in user ("me"): with a user, or a group.
package enum Target: Hashable, Comparable, Sendable {
    case c2c(String)
    case group(String)

    /// The V2 conversation ID (`"c2c_a"`, `"group_g"`): the name every observation uses, whichever
    /// API it was read through.
    package var conversationID: String { id.stringForm }

    /// The core's identity of the conversation.
    package var id: ConversationID {
        switch self {
        case .c2c(let userID): return .c2c(userID)
        case .group(let groupID): return .group(groupID)
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
        switch try? ConversationID(stringForm: conversationID) {
        case let id? where id.kind == .c2c: self = .c2c(id.target)
        case let id? where id.kind == .group: self = .group(id.target)
        default: return nil
        }
    }

    package static func < (lhs: Target, rhs: Target) -> Bool { lhs.conversationID < rhs.conversationID }
}

extension String {
    /// The row text with every conversation ID shortened to its digest name (`c2c_a` to `a`,
    /// `group_g` to `#g`).
    var shortenedConversationIDs: String {
        replacingOccurrences(of: ConversationID.c2cPrefix, with: "").replacingOccurrences(of: ConversationID.groupPrefix, with: "#")
    }
}
