import IMTransportKit

/// The snapshots of page walks in progress, keyed by the `nextSeq` each last returned.
///
/// A snapshot is a copy of the ordered index (O(1), copy-on-write). Two walks that stop at the same
/// conversation get different `nextSeq` values for the same position: any value from the
/// conversation's key down to the next key is that position, and keys are `OrderKey.spacing` apart.
/// At most `capacity` walks are kept; the least recently continued one is dropped first, and a
/// finished walk is dropped at once.
struct PageWalks: Sendable {
    /// How many unfinished walks are remembered.
    static let capacity = 16
    private var entries: [(nextSeq: UInt64, snapshot: OrderedIndex<EntryReference>)] = []

    /// Removes and returns the walk that last returned `nextSeq`.
    mutating func take(_ nextSeq: UInt64) -> OrderedIndex<EntryReference>? {
        guard let index = entries.firstIndex(where: { $0.nextSeq == nextSeq }) else { return nil }
        return entries.remove(at: index).snapshot
    }

    /// Remembers `snapshot` as a walk whose last page ended at the conversation with `key`.
    ///
    /// - Returns: the `nextSeq` to hand out: `key` itself, or a free value just below it when
    ///   another walk already waits at `key`.
    mutating func store(_ snapshot: OrderedIndex<EntryReference>, endingAt key: UInt64) -> UInt64 {
        let nextSeq = (0..<min(OrderKey.spacing, key)).lazy.map { key - $0 }
            .first { candidate in !entries.contains { $0.nextSeq == candidate } } ?? key
        entries.removeAll { $0.nextSeq == nextSeq }
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append((nextSeq, snapshot))
        return nextSeq
    }
}
