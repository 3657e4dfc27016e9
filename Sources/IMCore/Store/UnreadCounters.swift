/// The store's counters, maintained by deltas: every mutation subtracts a conversation's old
/// contribution and adds its new one; nothing rescans.
///
/// - Thread safety: a value type, `Sendable`.
package struct UnreadCounters: Hashable, Sendable {
    /// Unread messages of conversations whose receive option counts in the total (the V2 total).
    package var totalUnread: Int = 0
    /// Unread messages of conversations whose receive option excludes them from the total.
    package var mutedUnread: Int = 0
    /// Conversations with at least one unread message (muted or not).
    package var unreadConversations: Int = 0
    /// Conversations a read of everything finds only by a scan
    /// (`ConversationStore.conversationsToMarkRead(kind:)`): those carrying the "marked unread"
    /// mark, and those hiding unread messages removed from local storage
    /// (`Conversation.hidesUnread`). One counter for both: a seventh counter made every incoming
    /// message about a tenth slower (`imsdk bench --ingest`).
    package var conversationsToScanForReads: Int = 0
    /// Pinned conversations.
    package var pinnedConversations: Int = 0
    /// All conversations.
    package var conversations: Int = 0

    package init() {}

    /// What one conversation adds to the counters.
    /// - Complexity: O(1).
    package init(contributionOf conversation: Conversation) {
        let unread = conversation.unreadCount
        if conversation.receiveOption.countsInTotalUnread {
            totalUnread = unread
        } else {
            mutedUnread = unread
        }
        unreadConversations = unread > 0 ? 1 : 0
        conversationsToScanForReads = conversation.marks.contains(.unread) || conversation.hidesUnread ? 1 : 0
        pinnedConversations = conversation.isPinned ? 1 : 0
        conversations = 1
    }

    static func += (lhs: inout UnreadCounters, rhs: UnreadCounters) {
        lhs.totalUnread += rhs.totalUnread
        lhs.mutedUnread += rhs.mutedUnread
        lhs.unreadConversations += rhs.unreadConversations
        lhs.conversationsToScanForReads += rhs.conversationsToScanForReads
        lhs.pinnedConversations += rhs.pinnedConversations
        lhs.conversations += rhs.conversations
    }

    static func -= (lhs: inout UnreadCounters, rhs: UnreadCounters) {
        lhs.totalUnread -= rhs.totalUnread
        lhs.mutedUnread -= rhs.mutedUnread
        lhs.unreadConversations -= rhs.unreadConversations
        lhs.conversationsToScanForReads -= rhs.conversationsToScanForReads
        lhs.pinnedConversations -= rhs.pinnedConversations
        lhs.conversations -= rhs.conversations
    }
}
