/// What changed in a user's cloud state since a version (the answer to `.syncChanges`).
public struct IMChanges: Hashable, Sendable {
    /// The user's version after these changes: pass it to the next `.syncChanges`.
    public var version: UInt64
    /// Every conversation changed since the version asked (all of them from 0), in its current state,
    /// most recently active first (the order the client keeps between conversations active in the
    /// same second).
    public var conversations: [ServerConversation]
    /// Conversations deleted since the version asked (and not recreated since).
    public var deleted: [ConversationID]

    public init(version: UInt64, conversations: [ServerConversation], deleted: [ConversationID]) {
        self.version = version
        self.conversations = conversations
        self.deleted = deleted
    }
}
