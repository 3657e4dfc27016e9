/// One conversation as a reads API shows it, in the suite's terms.
struct ConversationState: Hashable, Sendable {
    /// The last message: who sent it, its text, whether I have read it, whether it is revoked, and
    /// whether the peer has read it (a C2C message of mine).
    struct LastMessage: Hashable, Sendable {
        var sender: String
        var text: String
        var isRead: Bool
        var isRevoked = false
        var isPeerRead = false
    }

    /// The V2 conversation ID.
    var id: String
    var unread: Int
    var lastMessage: LastMessage?
    var draft: String?
    /// Unread @-mentions as `seq:type` (`me`, `all`, `all+me`), oldest first.
    var mentions: [String]

    /// The name of an @-mention type, from the raw value both APIs share (1, 2, 3).
    static func mentionName(rawValue: Int) -> String {
        switch rawValue {
        case 1: return "me"
        case 2: return "all"
        case 3: return "all+me"
        default: return "?\(rawValue)"
        }
    }
}
