import IMCore

/// The check that keeps the comparison fair: every subject, given the same events, shows the same list.
enum ListComparison {
    /// One subject's list and total unread.
    struct Listing {
        let subject: String
        let list: [ListEntry]
        let totalUnread: Int
    }

    /// Throws `listsDisagree` unless every listing equals `reference` (order, unread counts, pins)
    /// and each total is the sum of its list's unread counts.
    /// - Parameter phase: when the check runs, for the message.
    static func check(_ reference: Listing, against others: [Listing], phase: String) throws(BenchError) {
        for listing in [reference] + others {
            let sum = listing.list.reduce(0) { $0 + $1.unread }
            guard sum == listing.totalUnread else {
                throw .listsDisagree("\(phase): \(listing.subject)'s total unread is \(listing.totalUnread), its list sums to \(sum)")
            }
        }
        for other in others {
            guard other.list.count == reference.list.count else {
                throw .listsDisagree("\(phase): \(other.subject) lists \(other.list.count) conversations, \(reference.subject) \(reference.list.count)")
            }
            if let index = reference.list.indices.first(where: { reference.list[$0] != other.list[$0] }) {
                throw .listsDisagree("\(phase): at position \(index) \(reference.subject) has \(reference.list[index]), \(other.subject) \(other.list[index])")
            }
            guard other.totalUnread == reference.totalUnread else {
                throw .listsDisagree("\(phase): total unread \(other.totalUnread) in \(other.subject), \(reference.totalUnread) in \(reference.subject)")
            }
        }
    }
}

extension ConversationStore {
    /// The whole list as a walk of pages of `pageSize`, as an app pages it.
    mutating func benchList(pageSize: Int = 50) -> [ListEntry] {
        benchWalk(pageSize: pageSize) { store, next in store.page(after: next, count: pageSize) }.entries
    }

    /// The whole list as a walk of pages of `pageSize`, each page dropped as it comes: what the
    /// timed walk does (B1's copies its slices and drops them the same way). Returns the pages.
    mutating func benchPageThrough(pageSize: Int = 50) -> Int {
        benchPages { store, next in store.page(after: next, count: pageSize) } each: { blackHole($0) }
    }

    /// What `filter` selects, as a walk of pages of `pageSize` (`getConversationListByFilter`),
    /// with the number of pages.
    mutating func benchList(pageSize: Int = 50, filter: ConversationFilter) -> (entries: [ListEntry], pages: Int) {
        benchWalk(pageSize: pageSize) { store, next in store.page(after: next, count: pageSize, filter: filter) }
    }

    private mutating func benchWalk(
        pageSize: Int, _ page: (inout ConversationStore, UInt64) -> ConversationPage
    ) -> (entries: [ListEntry], pages: Int) {
        var entries: [ListEntry] = []
        let pages = benchPages(page) { page in
            entries += page.conversations.map { ListEntry(id: ListEntry.key($0.id), unread: $0.unreadCount, pinned: $0.isPinned) }
        }
        return (entries, pages)
    }

    /// Walks the whole list a page at a time (`page` reads the page after a position), handing
    /// each page to `each`; returns the number of pages.
    private mutating func benchPages(
        _ page: (inout ConversationStore, UInt64) -> ConversationPage, each: (ConversationPage) -> Void
    ) -> Int {
        var next: UInt64 = 0
        var pages = 0
        while true {
            let page = page(&self, next)
            pages += 1
            each(page)
            if page.isFinished { return pages }
            next = page.nextSeq
        }
    }
}
