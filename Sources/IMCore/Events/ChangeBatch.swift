import IMTransportKit

/// What one atomic batch of changes did, emitted as one event.
///
/// Lists keep the order in which the batch first touched each conversation, so every facade fans
/// out the same conversations in the same order.
/// - Thread safety: a value type, `Sendable`.
package struct ChangeBatch: Sendable {
    /// Conversations that did not exist before the batch, in their state after it.
    package var added: [Conversation] = []
    /// Conversations that existed before and after the batch and changed, in their state after it.
    package var changed: [Conversation] = []
    /// Conversations that existed before the batch and do not after it.
    package var deleted: [ConversationID] = []
    /// Messages that arrived by push in this batch, for the new-message listeners, in order: from
    /// others, and mine sent from another device; never one this device sent, nor what a sync brought.
    package var newMessages: [Message] = []
    /// The counters after the batch.
    package var counters = UnreadCounters()
    /// Whether `counters.totalUnread` differs from its value before the batch.
    package var totalUnreadChanged = false
    /// What the batch did to the conversation groups, group by group in their order (see
    /// `ConversationStore` and `ConversationGroupTable`).
    package var conversationGroupEvents: [ConversationGroupEvent] = []
    /// What a database has to write for this batch besides `added` and `changed`.
    package var storage = StorageDelta()
    /// Revokes and read receipts of the batch, for the message listeners.
    package var messageEvents = MessageEvents()
    /// The subscribed filters whose unread count the batch changed (or that had not been carried
    /// yet), with their counts after it (`ConversationStore.subscribeUnreadCount(_:)`).
    package var filterUnreadCounts: [FilterUnreadCount] = []

    package init() {}

    /// Whether nothing observable happened.
    package var isEmpty: Bool {
        !changesState && filterUnreadCounts.isEmpty && messageEvents.isEmpty && conversationGroupEvents.isEmpty
    }

    /// Whether a database has anything to write for the batch.
    package var needsWriting: Bool { changesState || !storage.operations.isEmpty || storage.movesCounters }

    /// Whether a conversation, a message or the total changed.
    private var changesState: Bool {
        !(added.isEmpty && changed.isEmpty && deleted.isEmpty && newMessages.isEmpty && !totalUnreadChanged)
    }
}
