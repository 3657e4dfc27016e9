/// The unread counts of subscribed filters (`ConversationStore.subscribeUnreadCount(_:)`), on the
/// client's store: they stay with the client's store for the life of the client.
extension IMClient {
    /// Keeps the unread count of `filter.unreadKey` from now on (loading a cold store whole first);
    /// every later batch that changes it carries it.
    /// - Returns: the count now.
    /// - Complexity: O(u log n) for the u conversations with unread messages (plus the warm-up of a cold store).
    @discardableResult
    package func subscribeUnreadCount(_ filter: ConversationFilter) -> UInt64 {
        withState { state in
            completeNow(&state)
            return state.store.subscribeUnreadCount(filter)
        }
    }

    /// Stops keeping the unread count of `filter.unreadKey`.
    package func unsubscribeUnreadCount(_ filter: ConversationFilter) {
        withState { $0.store.unsubscribeUnreadCount(filter) }
    }

    /// Keeps the unread counts of `filters` (a new login's subscriptions), counted when the store is
    /// complete; the next batch carries them.
    package func subscribeUnreadCounts(_ filters: [ConversationFilter]) {
        guard !filters.isEmpty else { return }
        withState { $0.store.subscribeUnreadCounts(filters) }
    }

    /// Announces the subscribed filters' counts a warm-up just made known (a batch that carries
    /// only them), so a login's badges do not wait for its next change. Called with the lock held,
    /// outside any batch.
    func announceFilterUnreadCounts(_ state: inout State) {
        guard !state.store.subscribedUnreadFilters.isEmpty else { return }
        let batch = state.store.commitBatch()
        if !batch.isEmpty { emit(.changes(batch)) }
    }
}
