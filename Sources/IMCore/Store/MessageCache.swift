/// Which conversations' accepted messages a store with a message archive keeps in memory, and when
/// it forgets them: at most `limit` messages once every change is written, the conversations
/// written longest ago forgotten first.
///
/// A message the archive does not have yet (its batch is not written: just committed, or waiting
/// for a disk that failed) is never forgotten; the store tells the cache which entries each batch
/// touched (`noteTouched`) and, once written, recounts them (`account`). Between writes the logs
/// may hold more than `limit`: the messages of the batches being written. Entries are named by
/// their `EntryReference`, so the bookkeeping hashes no conversation ID.
/// - Thread safety: a value type (part of `ConversationStore`).
struct MessageCache: Sendable {
    /// The most accepted messages held in memory once everything is written.
    let limit: Int
    /// The accepted messages held in memory, as last accounted.
    private(set) var count = 0
    /// Each entry holding accepted messages: how many, and the stamp of its last accounting.
    private var held: [EntryReference: (count: Int, stamp: UInt64)] = [:]
    /// Entries in the order they were last accounted, with that stamp (stale entries skipped).
    private var queue: [(entry: EntryReference, stamp: UInt64)] = []
    private var head = 0
    private var stamp: UInt64 = 0
    /// Entries touched by batches not written yet (repeats allowed).
    private(set) var touched: [EntryReference] = []

    init(limit: Int = ConversationStore.defaultMessageCacheLimit) {
        precondition(limit >= 0, "a cache limit cannot be negative")
        self.limit = limit
    }

    /// Notes that a batch touched `entry` (its log may hold messages not written yet).
    /// - Complexity: O(1) amortized.
    mutating func noteTouched(_ entry: EntryReference) {
        touched.append(entry)
    }

    /// Takes the entries touched since the last write, to be accounted.
    mutating func takeTouched() -> [EntryReference] {
        defer { touched.removeAll(keepingCapacity: true) }
        return touched
    }

    /// Records that `entry` holds `messages` accepted messages now, all written: it becomes the most
    /// recently written one.
    /// - Complexity: O(1) amortized.
    mutating func account(_ entry: EntryReference, holding messages: Int) {
        count -= held[entry]?.count ?? 0
        guard messages > 0 else {
            held[entry] = nil
            return
        }
        stamp += 1
        held[entry] = (messages, stamp)
        count += messages
        queue.append((entry, stamp))
        compactIfStale()
    }

    /// The next entry to forget while more than `limit` messages are held (the one written longest
    /// ago), removed from the accounting; nil when within the limit.
    /// - Complexity: O(1) amortized.
    mutating func nextVictim() -> EntryReference? {
        while count > limit, head < queue.count {
            let (entry, entryStamp) = queue[head]
            head += 1
            guard let accounted = held[entry], accounted.stamp == entryStamp else { continue }
            held[entry] = nil
            count -= accounted.count
            return entry
        }
        return nil
    }

    /// Forgets `entry` (it is being removed: its messages leave with it).
    mutating func forget(_ entry: EntryReference) {
        guard let accounted = held.removeValue(forKey: entry) else { return }
        count -= accounted.count
    }

    /// Drops the queue's consumed and stale entries once they are most of it, so that it stays
    /// within a small multiple of the entries accounted.
    private mutating func compactIfStale() {
        guard queue.count > 2 * held.count + 64 else { return }
        queue = queue[head...].filter { held[$0.entry]?.stamp == $0.stamp }
        head = 0
    }

    /// The entries accounted and their counts, for invariant checks.
    var accounted: [EntryReference: Int] { held.mapValues(\.count) }
}
