/// The unread counts of the filters subscribed to (V2 `subscribeUnreadMessageCountByFilter`), kept
/// by deltas like `UnreadCounters`: every change of a conversation subtracts what it counted in each
/// filter before and adds what it counts after, so reading a count is O(1).
///
/// A filter counts the unread messages of the conversations its `unreadKey` selects, without those
/// whose receive option keeps them out of the total (as `UnreadCounters.totalUnread`). The counts
/// are unknown while the store is cold (not every conversation is loaded); `recount(_:)` makes them
/// known.
/// - Thread safety: a value type, `Sendable`.
struct FilterUnreadCounts: Sendable {
    private struct Entry: Sendable {
        let filter: ConversationFilter
        var count: Int
        /// The count the last batch carried (nil: none yet, the next batch carries it).
        var announced: Int?
    }

    private var entries: [Entry] = []
    /// Whether the counts are right (false while the store is cold).
    private(set) var isKnown = true

    /// Whether no filter is subscribed (changes then cost nothing here).
    var isEmpty: Bool { entries.isEmpty }

    /// The subscribed filters, in the order they were subscribed.
    var filters: [ConversationFilter] { entries.map(\.filter) }

    /// What `conversation` adds to a filter that selects it.
    static func contribution(of conversation: Conversation) -> Int {
        conversation.receiveOption.countsInTotalUnread ? max(0, conversation.unreadCount) : 0
    }

    /// The count of `filter` when it is subscribed and known.
    /// - Complexity: O(s) for s subscribed filters.
    func count(of filter: ConversationFilter) -> Int? {
        guard isKnown else { return nil }
        return entries.first { $0.filter == filter }?.count
    }

    /// Subscribes `filter` (an `unreadKey`) with its current count (nil while unknown), announced
    /// as it is: the next batch carries it only once it changes. Subscribing again changes nothing.
    mutating func subscribe(_ filter: ConversationFilter, count: Int?) {
        guard !entries.contains(where: { $0.filter == filter }) else { return }
        entries.append(Entry(filter: filter, count: count ?? 0, announced: count))
    }

    /// Subscribes the filters of another store (one this store replaces), to be counted and
    /// announced afresh.
    mutating func subscribe(_ filters: [ConversationFilter]) {
        for filter in filters where !entries.contains(where: { $0.filter == filter }) {
            entries.append(Entry(filter: filter, count: 0, announced: nil))
        }
    }

    mutating func unsubscribe(_ filter: ConversationFilter) {
        entries.removeAll { $0.filter == filter }
    }

    /// Marks the counts unknown (a cold store).
    mutating func forget() {
        isKnown = false
    }

    /// Counts every filter again from `conversations` (those with unread messages suffice).
    /// - Complexity: O(s * u) for s filters and u conversations.
    mutating func recount(_ conversations: some Sequence<Conversation>) {
        for index in entries.indices { entries[index].count = 0 }
        for conversation in conversations { move(from: nil, to: conversation, evenIfUnknown: true) }
        isKnown = true
    }

    /// Moves the counts from what `old` contributed (nil: it did not exist) to what `new` does
    /// (nil: it no longer exists).
    /// - Complexity: O(1) when neither has unread messages counted, else O(s).
    mutating func move(from old: Conversation?, to new: Conversation?, evenIfUnknown: Bool = false) {
        guard !entries.isEmpty, isKnown || evenIfUnknown else { return }
        let before = old.map(Self.contribution) ?? 0
        let after = new.map(Self.contribution) ?? 0
        guard before != 0 || after != 0 else { return }
        for index in entries.indices {
            let filter = entries[index].filter
            if before != 0, let old, filter.matches(old) { entries[index].count -= before }
            if after != 0, let new, filter.matches(new) { entries[index].count += after }
        }
    }

    /// The filters whose count differs from what the last batch carried, with their counts (in
    /// subscription order), now counted as announced. Nothing while the counts are unknown.
    mutating func takeChanges() -> [FilterUnreadCount] {
        guard isKnown else { return [] }
        var changes: [FilterUnreadCount] = []
        for index in entries.indices where entries[index].announced != entries[index].count {
            entries[index].announced = entries[index].count
            changes.append(FilterUnreadCount(filter: entries[index].filter, count: UInt64(max(0, entries[index].count))))
        }
        return changes
    }
}

/// A subscribed filter's unread count after a batch (`ChangeBatch.filterUnreadCounts`).
package struct FilterUnreadCount: Hashable, Sendable {
    /// The filter, as subscribed (an `unreadKey`).
    package var filter: ConversationFilter
    package var count: UInt64

    package init(filter: ConversationFilter, count: UInt64) {
        self.filter = filter
        self.count = count
    }
}
