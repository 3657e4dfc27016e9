import IMCore
import IMTransportKit

/// A conversation the model-based check can touch: the C2C conversation with a peer, or a group's.
///
/// The check's world is small on purpose (four peers, two groups that everyone is in), so random
/// operations keep meeting the same conversations: deleted ones come back, pinned ones get new
/// messages, reads race with sends.
package enum ModelTarget: Hashable, Comparable, Sendable, CustomStringConvertible {
    case user(String)
    case group(String)

    /// The logged-in user of every model-based sequence.
    package static let me = "me"
    /// The other users; each is a member of every group.
    package static let peers = ["p0", "p1", "p2", "p3"]
    /// The groups; members: `me` and every peer.
    package static let groups = ["g0", "g1"]
    /// Every conversation the check can touch.
    package static let all: [ModelTarget] = peers.map(ModelTarget.user) + groups.map(ModelTarget.group)

    /// The V2 conversation ID: `"c2c_" + userID` or `"group_" + groupID`.
    package var conversationID: String {
        switch self {
        case .user(let userID): return ConversationID.c2c(userID).stringForm
        case .group(let groupID): return ConversationID.group(groupID).stringForm
        }
    }

    /// The peer's user ID or the group ID (the legacy `receiver`).
    package var receiver: String {
        switch self {
        case .user(let userID): return userID
        case .group(let groupID): return groupID
        }
    }

    /// Whether this is a group conversation.
    package var isGroup: Bool {
        if case .group = self { return true }
        return false
    }

    package var description: String { conversationID }
}
