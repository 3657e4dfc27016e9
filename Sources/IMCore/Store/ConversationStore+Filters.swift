import IMTransportKit

/// Paging the list, filtered or not, and the unread counts of filters (`ConversationFilter`).
extension ConversationStore {
    // MARK: - Pages

    /// One page of the whole list (every conversation, hidden and SYSTEM ones too), after position
    /// `nextSeq` (0: from the top); see `page(after:count:filter:)`.
    /// - Complexity: O(log n + count).
    package mutating func page(after nextSeq: UInt64, count: Int) -> ConversationPage {
        walk(after: nextSeq, count: count, query: .all) { _ in true }
    }

    /// One page of the conversations `filter` selects, after position `nextSeq` (0: from the top).
    ///
    /// A walk is a sequence of calls, each passing the previous `nextSeq`. Positions are keys of the
    /// one ordered index, so any value is a valid position, and walks with different filters may
    /// share positions. The walk runs over the order as it was when it started (a copy-on-write
    /// snapshot): conversations that move while it runs are returned once, at their old position,
    /// with their current contents; deleted ones are skipped, and so are those that no longer match;
    /// new ones, and ones that started to match, arrive through events instead. An unknown
    /// `nextSeq` (or one whose walk was evicted, see `PageWalks.capacity`) pages the current order
    /// from that position.
    /// - Parameters:
    ///   - nextSeq: 0 for the first page, else the `nextSeq` of the previous page.
    ///   - count: the page size, at least 1.
    /// - Complexity: O(log n) per conversation returned, plus the index leaves (64 entries each)
    ///   that hold no match on the way: the walk skips every subtree whose tags rule a match out
    ///   (`FilterTag`), so a filter that selects few costs about the same per page as the plain list.
    package mutating func page(after nextSeq: UInt64, count: Int, filter: ConversationFilter) -> ConversationPage {
        guard let query = FilterTag.query(for: filter, slots: groupSlots) else {
            precondition(count > 0, "page size must be positive")
            return ConversationPage(conversations: [], nextSeq: nextSeq, isFinished: true)
        }
        return walk(after: nextSeq, count: count, query: query, where: filter.matches)
    }

    /// The walk both pages share: `query` prunes the index, `isIncluded` decides on the current
    /// state of each conversation it finds.
    private mutating func walk(
        after nextSeq: UInt64, count: Int, query: TagQuery, where isIncluded: (Conversation) -> Bool
    ) -> ConversationPage {
        precondition(count > 0, "page size must be positive")
        precondition(isComplete, "a cold store's index holds only the loaded conversations")
        let snapshot = nextSeq == 0 ? order : (walks.take(nextSeq) ?? order)
        var lastKey = nextSeq
        var hasMore = false
        var position: UInt64? = nextSeq == 0 ? nil : nextSeq
        // The index is walked for references only, a run at a time; the page's slots are chosen
        // from the run, and the table copies their conversations straight into the page (a
        // closure reading `entries` through `self`, inout, copied the whole table for every row,
        // and a copy through a local moved each conversation twice). A run holds as many as the
        // page still needs and one more (to tell whether the list goes on); it is short only where
        // a reference is stale (a deleted conversation) or the filter rejects a conversation the
        // tags admitted. Neither holds more than the snapshot (a page size may be huge).
        let limit = Swift.min(count, snapshot.count)
        let result = withUnsafeTemporaryAllocation(of: Int.self, capacity: limit) { slots in
            var selected = 0
            withUnsafeTemporaryAllocation(of: (key: UInt64, entry: EntryReference).self, capacity: limit + 1) { run in
                walking: while true {
                    let wanted = limit + 1 - selected
                    var found = 0
                    snapshot.forEachDescending(below: position, matching: query) { key, entry in
                        run.initializeElement(at: found, to: (key, entry))
                        found += 1
                        return found < wanted
                    }
                    for index in 0..<found {
                        let (key, entry) = run[index]
                        guard entries.isLive(entry), isIncluded(entries[slot: Int(entry.slot)]) else { continue }
                        if selected == limit {
                            // One past a full page: the list goes on. (With `limit` below `count`
                            // the snapshot holds nothing past it, so this is not reached then.)
                            hasMore = limit == count
                            break walking
                        }
                        slots.initializeElement(at: selected, to: Int(entry.slot))
                        selected += 1
                        lastKey = key
                    }
                    if found < wanted { break }
                    position = run[found - 1].key
                }
            }
            return entries.conversations(inSlots: UnsafeBufferPointer(rebasing: slots[..<selected]))
        }
        let next = hasMore ? walks.store(snapshot, endingAt: lastKey) : lastKey
        return ConversationPage(conversations: result, nextSeq: next, isFinished: !hasMore)
    }

    // MARK: - Unread counts of filters

    /// The unread messages of the conversations `filter.unreadKey` selects, without those whose
    /// receive option keeps them out of the total (`getUnreadMessageCountByFilter`).
    /// - Complexity: O(s) for a subscribed filter (s filters subscribed), else O(u log n) for the u
    ///   conversations with unread messages.
    package func unreadTotal(of filter: ConversationFilter) -> UInt64 {
        precondition(isComplete, "a cold store does not know every unread conversation")
        let key = filter.unreadKey
        if let count = filterUnread.count(of: key) { return UInt64(max(0, count)) }
        var total = 0
        for conversation in unreadConversations() where key.matches(conversation) {
            total += FilterUnreadCounts.contribution(of: conversation)
        }
        return UInt64(total)
    }

    /// Keeps the unread count of `filter.unreadKey` by deltas from now on; later batches carry it
    /// whenever it changes (`ChangeBatch.filterUnreadCounts`). Subscribing a key again changes nothing.
    /// - Returns: the count now.
    /// - Complexity: O(u log n) for the u conversations with unread messages.
    @discardableResult
    package mutating func subscribeUnreadCount(_ filter: ConversationFilter) -> UInt64 {
        let key = filter.unreadKey
        let count = unreadTotal(of: key)
        filterUnread.subscribe(key, count: Int(count))
        return count
    }

    /// Stops keeping the unread count of `filter.unreadKey`.
    package mutating func unsubscribeUnreadCount(_ filter: ConversationFilter) {
        filterUnread.unsubscribe(filter.unreadKey)
    }

    /// The filters whose unread counts are kept, in the order they were subscribed.
    package var subscribedUnreadFilters: [ConversationFilter] { filterUnread.filters }

    /// Subscribes `filters` (a store this one replaces had them): counted now when the store is
    /// complete, else when it completes, and carried by the next batch either way.
    package mutating func subscribeUnreadCounts(_ filters: [ConversationFilter]) {
        guard !filters.isEmpty else { return }
        filterUnread.subscribe(filters.map(\.unreadKey))
        if isComplete {
            filterUnread.recount(unreadConversations())
        }
    }

    // MARK: - Checks

    /// Checks the group bits' member counts and the kept unread count of every subscribed filter
    /// against a recount.
    /// - Complexity: O(s * n).
    func _checkFilterCounts() {
        groupSlots._checkInvariants(against: entries.all.map { $0.entry.conversation.filterGroupNames })
        guard filterUnread.isKnown else { return }
        for filter in filterUnread.filters {
            var recount = 0
            for (_, entry) in entries.all where filter.matches(entry.conversation) {
                recount += FilterUnreadCounts.contribution(of: entry.conversation)
            }
            precondition(filterUnread.count(of: filter) == recount, "unread count of \(filter) drifted")
        }
    }
}
