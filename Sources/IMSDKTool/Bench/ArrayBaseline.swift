import IMCore
import IMTransportKit

/// Baseline B1: the vendor sample's app-side list, an array re-sorted on every event.
///
/// The sample keeps its conversations in an array; on every event it looks the conversation up
/// by ID (a linear `firstIndex(where:)`), replaces or appends it, and sorts the whole array again by
/// last-message time. The tie-break on arrival makes its order equal the engine's (pinned first,
/// then activity time, then arrival); a read does not move a conversation and a pin does not
/// change the activity order, as in the engine. Total unread is a sum over the array; a page is a
/// slice. Marks are a set of IDs beside the array; a filtered page filters the whole array, then
/// slices (the app derives its tab's list from the full one).
///
/// `absorb`, and the `apply` methods without re-sorting followed by `resort()`, reach the same
/// state with one sort: they build the state a benchmark does not time (B1 takes milliseconds per
/// event at 100k conversations).
/// - Thread safety: a value type.
struct ArrayBaseline {
    /// One conversation as the app holds it.
    struct Row {
        let id: String
        var unread: Int
        var pinned: Bool
        var lastMessage: Message
        /// The last message's time (seconds).
        var time: UInt64
        /// Which event last touched it, for ties inside one second.
        var arrival: UInt64
    }

    /// The list, in display order after every faithful event.
    private(set) var rows: [Row] = []
    /// The IDs of the starred conversations.
    private(set) var starred: Set<String> = []
    private let selfUserID: String
    private var arrivals: UInt64 = 0

    init(selfUserID: String = BenchWorkload.selfUserID) {
        self.selfUserID = selfUserID
    }

    // MARK: - Events, as the sample handles them

    /// One incoming message: find by ID, replace or append, re-sort everything.
    /// - Complexity: O(n) to find, O(n log n) worst case to sort (O(n) for a nearly sorted array).
    mutating func receive(_ message: Message) {
        let key = ListEntry.key(message.conversationID(selfUserID: selfUserID))
        let index = rows.firstIndex { $0.id == key }
        update(at: index, key: key, with: message)
        resort()
    }

    /// A read report (the user opened the conversation): find, clear the unread count, re-sort.
    mutating func markRead(_ id: ConversationID) {
        let key = ListEntry.key(id)
        guard let index = rows.firstIndex(where: { $0.id == key }) else { return }
        rows[index].unread = 0
        resort()
    }

    /// A pin or unpin: find, update, re-sort.
    mutating func setPinned(_ id: ConversationID, _ pinned: Bool) {
        let key = ListEntry.key(id)
        guard let index = rows.firstIndex(where: { $0.id == key }) else { return }
        rows[index].pinned = pinned
        resort()
    }

    /// The total unread count, summed over the array.
    /// - Complexity: O(n).
    var totalUnread: Int { rows.reduce(0) { $0 + $1.unread } }

    /// The page of `count` rows from `offset`.
    func page(offset: Int, count: Int) -> ArraySlice<Row> {
        rows[min(offset, rows.count)..<min(offset + count, rows.count)]
    }

    /// The whole list.
    var list: [ListEntry] { rows.map { ListEntry(id: $0.id, unread: $0.unread, pinned: $0.pinned) } }

    /// Stars `ids`.
    mutating func star(_ ids: [ConversationID]) {
        starred.formUnion(ids.map(ListEntry.key))
    }

    /// The page of `count` starred rows from `offset`: the array filtered, then sliced.
    /// - Complexity: O(n).
    func starredPage(offset: Int, count: Int) -> ArraySlice<Row> {
        let filtered = rows.filter { starred.contains($0.id) }
        return filtered[min(offset, filtered.count)..<min(offset + count, filtered.count)]
    }

    /// The starred rows as a walk of pages of `pageSize`, with the number of pages.
    func starredList(pageSize: Int) -> (entries: [ListEntry], pages: Int) {
        var entries: [ListEntry] = []
        var pages = 0
        while true {
            let page = starredPage(offset: entries.count, count: pageSize)
            pages += 1
            entries += page.map { ListEntry(id: $0.id, unread: $0.unread, pinned: $0.pinned) }
            if page.count < pageSize { return (entries, pages) }
        }
    }

    // MARK: - Building state without timing it

    /// The state `receive` would reach for each of `messages`, sorted once at the end.
    /// - Complexity: O(n + m + n log n).
    mutating func absorb(_ messages: some Sequence<Message>) {
        var positions = [String: Int](minimumCapacity: rows.count)
        for (index, row) in rows.enumerated() { positions[row.id] = index }
        for message in messages {
            let key = ListEntry.key(message.conversationID(selfUserID: selfUserID))
            let index = positions[key]
            update(at: index, key: key, with: message)
            if index == nil { positions[key] = rows.count - 1 }
        }
        resort()
    }

    /// A read report applied with or without the sample's re-sort; call `resort()` after a series
    /// applied without.
    mutating func apply(read id: ConversationID, resorting: Bool) {
        if resorting { return markRead(id) }
        let key = ListEntry.key(id)
        if let index = rows.firstIndex(where: { $0.id == key }) { rows[index].unread = 0 }
    }

    /// A pin applied with or without the sample's re-sort; call `resort()` after a series applied without.
    mutating func apply(pin id: ConversationID, _ pinned: Bool, resorting: Bool) {
        if resorting { return setPinned(id, pinned) }
        let key = ListEntry.key(id)
        if let index = rows.firstIndex(where: { $0.id == key }) { rows[index].pinned = pinned }
    }

    /// Sorts the whole array: pinned first, then newest last message, then latest arrival.
    mutating func resort() {
        rows.sort { a, b in
            if a.pinned != b.pinned { return a.pinned }
            if a.time != b.time { return a.time > b.time }
            return a.arrival > b.arrival
        }
    }

    /// Replaces the row at `index` with its state after `message`, or appends a new row.
    private mutating func update(at index: Int?, key: String, with message: Message) {
        arrivals += 1
        let unread = message.sender == selfUserID ? 0 : 1
        if let index {
            rows[index].unread += unread
            rows[index].lastMessage = message
            rows[index].time = message.timestamp
            rows[index].arrival = arrivals
        } else {
            rows.append(Row(
                id: key, unread: unread, pinned: false, lastMessage: message, time: message.timestamp, arrival: arrivals))
        }
    }
}
