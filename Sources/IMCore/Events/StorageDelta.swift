import IMTransportKit

/// What one batch changed besides conversation state, in the order it happened: what a database
/// writes, with the batch's added and changed conversations, in one transaction.
package struct StorageDelta: Sendable {
    /// One change to a conversation's stored messages, or to the conversation groups.
    package enum Operation: Sendable {
        /// A message stored or updated (accepted; pending or imported when `seq == 0`). `countsAsUnread`:
        /// whether it counted as unread when it arrived, which rebuilding the log needs.
        case store(Message, in: ConversationID, countsAsUnread: Bool)
        /// A pending message of mine the server accepted (its accepted form is stored next).
        case removePending(id: String)
        /// The conversation was deleted; its messages stay when `keepingMessages`.
        case delete(ConversationID, keepingMessages: Bool)
        /// The local fields of the message with ID `messageID` were set (nil: back to their defaults).
        case setLocalFields(messageID: String, MessageLocalFields?)
        /// The accepted messages of the conversation up to `upToSeq` were deleted (its history
        /// cleared), with their local fields; with `includingLocal`, its imported messages and failed
        /// sends too.
        case clearMessages(ConversationID, upToSeq: UInt64, includingLocal: Bool)
        /// The user's conversation groups are now these (all of them, in order).
        case conversationGroups([ConversationGroup])
        /// Every accepted message of the conversation was removed locally: each stays as its
        /// tombstone (`Message.removed`), counting as unread no more.
        case removeMessages(ConversationID)
        /// The messages of every conversation with no row (deleted with its messages kept) were
        /// deleted. Written before the batch's conversation rows, so a conversation added since the
        /// last written batch has no row yet either: the store records it only where such a
        /// conversation's accepted messages go too (`ConversationStore.forgetServerState`).
        case deleteKeptMessages
        /// The conversation, deleted with its messages kept, exists again: its kept messages are its
        /// own again.
        case reviveKeptMessages(ConversationID)
    }

    package var operations: [Operation] = []
    /// The store's order counter after the batch.
    package var orderCounter: UInt64 = 0
    /// The server version the store reflects after the batch.
    package var syncVersion: UInt64 = 0
    /// The epoch that version counts in (`ConversationStore.serverEpoch`).
    package var serverEpoch: String?
    /// Whether the batch moved the order counter, the sync version or the epoch (a sync that brought nothing
    /// but a newer version must still store it, or the next login would sync from the old one).
    package var movesCounters = false

    package init() {}
}
