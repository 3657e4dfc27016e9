import IMTransportKit

/// Which conversations' accepted messages a store with a message archive keeps in memory, and when
/// it forgets them: at most `limit` messages once every change is written, the conversations
/// written longest ago forgotten first.
///
/// A message the archive does not have yet (its batch is not written: just committed, or waiting
/// for a disk that failed) is never forgotten; the store tells the cache what each batch touched
/// (`noteTouched`) and, once written, recounts those conversations (`account`). Between writes
/// the logs may hold more than `limit`: the messages of the batches being written.
/// - Thread safety: a value type (part of `ConversationStore`).
struct MessageCache: Sendable {
    /// The most accepted messages held in memory once everything is written.
    let limit: Int
    /// The accepted messages held in memory, as last accounted.
    private(set) var count = 0
    /// Each conversation holding accepted messages: how many, and the stamp of its last accounting.
    private var held: [ConversationID: (count: Int, stamp: UInt64)] = [:]
    /// Conversations in the order they were last accounted, with that stamp (stale entries skipped).
    private var queue: [(id: ConversationID, stamp: UInt64)] = []
    private var head = 0
    private var stamp: UInt64 = 0
    /// Conversations touched by batches not written yet (repeats allowed).
    private(set) var touched: [ConversationID] = []

    init(limit: Int = ConversationStore.defaultMessageCacheLimit) {
        precondition(limit >= 0, "a cache limit cannot be negative")
        self.limit = limit
    }

    /// Notes that a batch touched `ids` (their logs may hold messages not written yet).
    /// - Complexity: O(t).
    mutating func noteTouched<IDs: Sequence<ConversationID>>(_ ids: IDs) {
        touched.append(contentsOf: ids)
    }

    /// Takes the conversations touched since the last write, to be accounted.
    mutating func takeTouched() -> [ConversationID] {
        defer { touched.removeAll(keepingCapacity: true) }
        return touched
    }

    /// Records that `id` holds `messages` accepted messages now, all written: it becomes the most
    /// recently written conversation.
    /// - Complexity: O(1) amortized.
    mutating func account(_ id: ConversationID, holding messages: Int) {
        count -= held[id]?.count ?? 0
        guard messages > 0 else {
            held[id] = nil
            return
        }
        stamp += 1
        held[id] = (messages, stamp)
        count += messages
        queue.append((id, stamp))
        compactIfStale()
    }

    /// The next conversation to forget while more than `limit` messages are held (the one written
    /// longest ago), removed from the accounting; nil when within the limit.
    /// - Complexity: O(1) amortized.
    mutating func nextVictim() -> ConversationID? {
        while count > limit, head < queue.count {
            let (id, entryStamp) = queue[head]
            head += 1
            guard let entry = held[id], entry.stamp == entryStamp else { continue }
            held[id] = nil
            count -= entry.count
            return id
        }
        return nil
    }

    /// Forgets `id` (its messages were dropped: the conversation was deleted, cleared or evicted).
    mutating func forget(_ id: ConversationID) {
        guard let entry = held.removeValue(forKey: id) else { return }
        count -= entry.count
    }

    /// Drops the queue's consumed and stale entries once they are most of it, so that it stays
    /// within a small multiple of the conversations accounted.
    private mutating func compactIfStale() {
        guard queue.count > 2 * held.count + 64 else { return }
        queue = queue[head...].filter { held[$0.id]?.stamp == $0.stamp }
        head = 0
    }

    /// The conversations accounted and their counts, for invariant checks.
    var accounted: [ConversationID: Int] { held.mapValues(\.count) }
}
