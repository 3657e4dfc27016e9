/// One conversation group (a folder of conversations) of a user, as the server keeps it and every
/// device of the user copies it.
///
/// A group lists conversation IDs whether or not the user has those conversations (a deleted one
/// stays in its groups, and is in them again when it comes back); a device shows the members it has.
/// - Thread safety: a value type, `Sendable`.
public struct ConversationGroup: Hashable, Codable, Sendable {
    /// The server's number for the group: unique among the user's groups, increasing in creation
    /// order, kept through renames. Groups are listed in this order.
    public var id: UInt64
    /// The name the user gave it (unique among the user's groups, compared by its UTF-8 bytes).
    public var name: String
    /// The conversations in it, in the order they were added.
    public var conversations: [ConversationID]

    public init(id: UInt64, name: String, conversations: [ConversationID]) {
        self.id = id
        self.name = name
        self.conversations = conversations
    }
}
