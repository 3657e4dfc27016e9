/// The snapshots of page walks in progress, keyed by the `nextSeq` each last returned.
///
/// A snapshot is a copy of the ordered index (O(1), copy-on-write). At most `capacity` walks are kept;
/// the least recently continued one is dropped first, and a finished walk is dropped at once.
struct PageWalks: Sendable {
    /// How many unfinished walks are remembered.
    static let capacity = 16
    private var entries: [(nextSeq: UInt64, snapshot: OrderedIndex<ConversationID>)] = []

    /// Removes and returns the walk that last returned `nextSeq`.
    mutating func take(_ nextSeq: UInt64) -> OrderedIndex<ConversationID>? {
        guard let index = entries.lastIndex(where: { $0.nextSeq == nextSeq }) else { return nil }
        return entries.remove(at: index).snapshot
    }

    /// Remembers `snapshot` as the walk continuing at `nextSeq`.
    mutating func store(_ snapshot: OrderedIndex<ConversationID>, at nextSeq: UInt64) {
        entries.removeAll { $0.nextSeq == nextSeq }
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append((nextSeq, snapshot))
    }
}
