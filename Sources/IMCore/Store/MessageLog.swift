import IMTransportKit

/// The messages of one conversation held locally, and the sequences that are unread.
///
/// Read state is the conversation's cursor, not per-message flags; `unreadSeqs` holds the sorted
/// sequences of countable messages above the cursor, so moving the cursor only drops a prefix.
///
/// Local history (`history(before:count:)`) merges three lists newest first: accepted messages by
/// sequence, imported ones by time (`Message.isLocalImport`, see `MessageLog+Local.swift`), and, on
/// the first page, my pending ones. Removed accepted messages stay as tombstones
/// (`Message.isRemoved`) that history skips.
struct MessageLog: Sendable {
    /// Messages the server accepted, sorted by `seq`; removed ones as tombstones.
    private(set) var messages: [Message] = []
    /// My messages still being sent (no sequence yet), oldest first.
    private(set) var pending: [Message] = []
    /// Messages imported on this device (no sequence, never unread), sorted by `importOrder`.
    var imported: [Message] = []
    /// Sorted sequences of unread, countable messages; entries before `unreadStart` are consumed.
    private var unreadSeqs: [UInt64] = []
    private var unreadStart = 0

    /// A log rebuilt from storage: accepted messages (any order) with the unread flag each had when
    /// it arrived, the unsequenced ones (pending ones oldest first, imported ones in any order: the
    /// database keeps both in one table), then read up to `readSeq`.
    /// - Complexity: O(m log m).
    init(restoring messages: [(message: Message, countsAsUnread: Bool)], pending: [Message], readSeq: UInt64) {
        for (message, countsAsUnread) in messages.sorted(by: { $0.message.seq < $1.message.seq }) {
            _ = insert(message, countsAsUnread: countsAsUnread)
        }
        self.pending = pending.filter { !$0.isLocalImport }
        self.imported = pending.filter(\.isLocalImport).sorted(by: Self.importOrder)
        markRead(upTo: readSeq)
    }

    init() {}

    /// The number of unread messages.
    /// - Complexity: O(1).
    var unreadCount: Int { unreadSeqs.count - unreadStart }

    /// The position of the message with `seq`, or where it would be inserted.
    /// - Complexity: O(1) when `seq` is past the newest message, O(log m) otherwise.
    func insertionIndex(of seq: UInt64) -> (index: Int, found: Bool) {
        if let last = messages.last, last.seq < seq { return (messages.count, false) }
        var low = 0, high = messages.count
        while low < high {
            let mid = (low + high) / 2
            if messages[mid].seq < seq { low = mid + 1 } else { high = mid }
        }
        return (low, low < messages.count && messages[low].seq == seq)
    }

    /// Whether a message with sequence `seq` is already held.
    func contains(seq: UInt64) -> Bool { insertionIndex(of: seq).found }

    /// Adds an accepted message; returns false for a duplicate delivery (same sequence).
    /// - Complexity: amortized O(1) for in-order arrival, O(m) for an out-of-order one.
    mutating func insert(_ message: Message, countsAsUnread: Bool) -> Bool {
        let (index, found) = insertionIndex(of: message.seq)
        if found { return false }
        messages.insert(message, at: index)
        if countsAsUnread { insertUnread(message.seq) }
        return true
    }

    private mutating func insertUnread(_ seq: UInt64) {
        if unreadSeqs.count == unreadStart || unreadSeqs[unreadSeqs.count - 1] < seq {
            unreadSeqs.append(seq)
            return
        }
        var low = unreadStart, high = unreadSeqs.count
        while low < high {
            let mid = (low + high) / 2
            if unreadSeqs[mid] < seq { low = mid + 1 } else { high = mid }
        }
        unreadSeqs.insert(seq, at: low)
    }

    /// Replaces the accepted message with `seq` by its tombstone (`Message.removed`): it no longer
    /// counts as unread and history skips it, but a later delivery of it is still a duplicate.
    /// Returns the tombstone; nil when no such message is held or it is removed already.
    /// - Complexity: O(log m + u) (u: the unread messages, when it was one of them).
    mutating func tombstone(seq: UInt64) -> Message? {
        let (index, found) = insertionIndex(of: seq)
        guard found, !messages[index].isRemoved else { return nil }
        messages[index] = messages[index].removed
        if let position = unreadSeqs[unreadStart...].firstIndex(of: seq) { unreadSeqs.remove(at: position) }
        return messages[index]
    }

    /// Replaces the accepted message with `seq` by its revoked form (status `.revoked`, everything
    /// else kept): it no longer counts as unread. Returns it; nil when no such message is held, or it
    /// is removed or revoked already.
    /// - Complexity: O(log m + u) (u: the unread messages, when it was one of them).
    mutating func revoke(seq: UInt64) -> Message? {
        let (index, found) = insertionIndex(of: seq)
        guard found, !messages[index].isRemoved, !messages[index].isRevoked else { return nil }
        messages[index].status = .revoked
        if let position = unreadSeqs[unreadStart...].firstIndex(of: seq) { unreadSeqs.remove(at: position) }
        return messages[index]
    }

    /// Drops every accepted message with `seq <= upTo` (removed and revoked ones too), and, when
    /// `includingLocal`, the imported messages and my failed sends; messages still being sent stay.
    /// Returns the IDs of the messages dropped.
    /// - Complexity: O(m + p + i).
    mutating func clear(upTo seq: UInt64, includingLocal: Bool) -> [String] {
        let (index, found) = insertionIndex(of: seq)
        let cut = found ? index + 1 : index
        var dropped = messages[..<cut].map(\.id)
        messages.removeFirst(cut)
        let stillUnread = unreadSeqs[unreadStart...].filter { $0 > seq }
        unreadSeqs = Array(stillUnread)
        unreadStart = 0
        if includingLocal {
            dropped += imported.map(\.id) + pending.filter { $0.status == .failed }.map(\.id)
            imported = []
            pending.removeAll { $0.status == .failed }
        }
        return dropped
    }

    /// Replaces every accepted message by its tombstone (`Message.removed`; those removed already
    /// stay) and drops the imported messages and my failed sends; messages still being sent stay.
    /// Returns the new tombstones and the IDs of the unsequenced messages dropped.
    /// - Complexity: O(m + p + i).
    mutating func tombstoneAll() -> (tombstones: [Message], dropped: [String]) {
        var tombstones: [Message] = []
        for index in messages.indices where !messages[index].isRemoved {
            messages[index] = messages[index].removed
            tombstones.append(messages[index])
        }
        unreadSeqs = []
        unreadStart = 0
        let dropped = imported.map(\.id) + pending.filter { $0.status == .failed }.map(\.id)
        imported = []
        pending.removeAll { $0.status == .failed }
        return (tombstones, dropped)
    }

    /// Marks every message with `seq <= cursor` read.
    /// - Complexity: O(1) when everything becomes read; O(log u) otherwise (amortized).
    mutating func markRead(upTo cursor: UInt64) {
        if unreadCount == 0 { return }
        if unreadSeqs[unreadSeqs.count - 1] <= cursor {
            unreadSeqs.removeAll(keepingCapacity: true)
            unreadStart = 0
            return
        }
        var low = unreadStart, high = unreadSeqs.count
        while low < high {
            let mid = (low + high) / 2
            if unreadSeqs[mid] <= cursor { low = mid + 1 } else { high = mid }
        }
        unreadStart = low
        if unreadStart > 32 && unreadStart * 2 > unreadSeqs.count {
            unreadSeqs.removeFirst(unreadStart)
            unreadStart = 0
        }
    }

    /// The newest accepted message with `seq <= cursor`.
    /// - Complexity: O(log m).
    func newestMessage(atOrBelow cursor: UInt64) -> Message? {
        let (index, found) = insertionIndex(of: cursor)
        if found { return messages[index] }
        return index > 0 ? messages[index - 1] : nil
    }

    /// The sequence of the newest accepted message with a timestamp at or before `seconds`.
    /// - Complexity: O(m) in the worst case (timestamps are not indexed).
    func newestSeq(atOrBefore seconds: UInt64) -> UInt64? {
        messages.last(where: { $0.timestamp <= seconds })?.seq
    }

    /// Adds a message of mine that is being sent.
    mutating func addPending(_ message: Message) { pending.append(message) }

    /// Removes and returns the pending message with `id` (an unsequenced message of mine).
    mutating func removePending(id: String) -> Message? {
        guard let index = pending.firstIndex(where: { $0.id == id }) else { return nil }
        return pending.remove(at: index)
    }

    /// Replaces the pending message with `id` by `message` (for example its failed state).
    mutating func updatePending(_ message: Message) {
        if let index = pending.firstIndex(where: { $0.id == message.id }) { pending[index] = message }
    }

    /// The unread sequences, for invariant checks.
    var unreadSequences: ArraySlice<UInt64> { unreadSeqs[unreadStart...] }
}
