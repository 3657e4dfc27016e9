/// What one batch did to the user's conversation groups, for the listeners' group events (V2
/// `onConversationGroupCreated` and the others).
///
/// The conversations are those the store has, in their state after the batch, in the group's
/// order; members the store does not have are left out.
/// - Thread safety: a value type, `Sendable`.
package enum ConversationGroupEvent: Hashable, Sendable {
    /// A group appeared, with the conversations in it.
    case created(name: String, conversations: [Conversation])
    /// A group went away.
    case deleted(name: String)
    /// A group's name changed.
    case renamed(from: String, to: String)
    /// Conversations went into group `group` (its name after the batch).
    case added(group: String, conversations: [Conversation])
    /// Conversations left group `group` (its name after the batch).
    case removed(group: String, conversations: [Conversation])
}
