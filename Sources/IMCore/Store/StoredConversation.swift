import IMTransportKit

/// A conversation as a database gives it back: its state and the messages a store holds of it.
package struct StoredConversation: Sendable {
    package var id: ConversationID
    /// Its state; nil for a conversation deleted with its messages kept.
    package var conversation: Conversation?
    /// Its accepted messages to hold in memory, each with whether it counted as unread when it
    /// arrived: none when read for a store that keeps its messages in the database (it reads them
    /// from there); all of them for a store without one.
    package var messages: [(message: Message, countsAsUnread: Bool)]
    /// My messages still being sent (or failed) and imported ones, oldest first.
    package var pending: [Message]

    package init(
        id: ConversationID, conversation: Conversation?,
        messages: [(message: Message, countsAsUnread: Bool)], pending: [Message]
    ) {
        self.id = id
        self.conversation = conversation
        self.messages = messages
        self.pending = pending
    }
}

/// Where a cold store loads conversations it has not seen yet.
///
/// - Thread safety: `@unchecked Sendable` because `load` usually reads a database connection,
///   which is not thread-safe; the store only calls it under its owner's lock, like every other
///   use of that connection.
package struct ColdSource: @unchecked Sendable {
    /// The stored conversation `id` (or kept messages), nil when the database has nothing of it;
    /// throws when it cannot be read.
    package let load: (ConversationID) throws -> StoredConversation?

    package init(load: @escaping (ConversationID) throws -> StoredConversation?) {
        self.load = load
    }
}
