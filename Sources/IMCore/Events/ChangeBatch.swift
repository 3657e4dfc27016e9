/// What one atomic batch of changes did, emitted as one event.
///
/// Lists keep the order in which the batch first touched each conversation, so every facade fans
/// out the same conversations in the same order.
/// - Thread safety: a value type, `Sendable`.
public struct ChangeBatch: Sendable {
    /// Conversations that did not exist before the batch, in their state after it.
    public var added: [Conversation] = []
    /// Conversations that existed before and after the batch and changed, in their state after it.
    public var changed: [Conversation] = []
    /// Conversations that existed before the batch and do not after it.
    public var deleted: [ConversationID] = []
    /// Messages that arrived from the server in this batch (for new-message listeners), in order.
    public var newMessages: [Message] = []
    /// The counters after the batch.
    public var counters = UnreadCounters()
    /// Whether `counters.totalUnread` differs from its value before the batch.
    public var totalUnreadChanged = false
    /// What a database has to write for this batch besides `added` and `changed`.
    package var storage = StorageDelta()

    public init() {}

    /// Whether nothing observable happened.
    public var isEmpty: Bool {
        added.isEmpty && changed.isEmpty && deleted.isEmpty && newMessages.isEmpty && !totalUnreadChanged
    }
}
