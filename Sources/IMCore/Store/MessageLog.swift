import IMTransportKit

/// One accepted message as the store holds it, with whether it counted as unread when it arrived
/// (it then counts while it is above the read cursor; a revoked or removed one never does).
struct HeldMessage: Sendable, Equatable {
    var message: Message
    var countsAsUnread: Bool

    /// Whether it counts as unread while above the read cursor.
    var counts: Bool { countsAsUnread && !message.isRemoved && !message.isRevoked }
}

/// The messages of one conversation held in memory.
///
/// In a store without a message archive (storage in memory) the log holds every message of the
/// conversation. In a store with one (a database), accepted messages live in the archive and the log
/// holds those not written yet plus a bounded cache of recent ones (`ConversationStore`'s
/// `MessageCache`); everything that reads messages goes through `ArchiveView`, which lays the log
/// over the archive. Messages without a sequence (mine being sent or failed, imported ones) are few
/// by nature and always held here.
///
/// Read state is the conversation's cursor, not per-message flags: the unread count lives on the
/// conversation, and only a cursor that stops short of the newest message recounts.
struct MessageLog: Sendable {
    /// Accepted messages in memory, sorted by `seq`; removed ones as tombstones.
    private(set) var messages: [HeldMessage] = []
    /// My messages still being sent (no sequence yet), oldest first.
    private(set) var pending: [Message] = []
    /// Messages imported on this device (no sequence, never unread), sorted by `importOrder`.
    var imported: [Message] = []

    /// A log rebuilt from storage: accepted messages (any order) with the unread flag each had when
    /// it arrived, and the unsequenced ones (pending ones oldest first, imported ones in any order:
    /// the database keeps both in one table).
    /// - Complexity: O(m log m).
    init(restoring messages: [(message: Message, countsAsUnread: Bool)], pending: [Message]) {
        self.messages = messages.sorted { $0.message.seq < $1.message.seq }.map {
            HeldMessage(message: $0.message, countsAsUnread: $0.countsAsUnread)
        }
        var seen = Set<UInt64>()
        self.messages.removeAll { !seen.insert($0.message.seq).inserted }
        self.pending = pending.filter { !$0.isLocalImport }
        self.imported = pending.filter(\.isLocalImport).sorted(by: Self.importOrder)
    }

    init() {}

    /// Whether the log holds nothing at all.
    var isEmpty: Bool { messages.isEmpty && pending.isEmpty && imported.isEmpty }

    /// The position of the message with `seq`, or where it would be inserted.
    /// - Complexity: O(1) when `seq` is past the newest message, O(log m) otherwise.
    func insertionIndex(of seq: UInt64) -> (index: Int, found: Bool) {
        // The last element read where it lies (`messages.last` would copy the whole message).
        if !messages.isEmpty, messages[messages.count - 1].message.seq < seq { return (messages.count, false) }
        var low = 0, high = messages.count
        while low < high {
            let mid = (low + high) / 2
            if messages[mid].message.seq < seq { low = mid + 1 } else { high = mid }
        }
        return (low, low < messages.count && messages[low].message.seq == seq)
    }

    /// The accepted message with `seq` held here, tombstones and revoked ones included.
    /// - Complexity: O(log m).
    func held(seq: UInt64) -> HeldMessage? {
        let (index, found) = insertionIndex(of: seq)
        return found ? messages[index] : nil
    }

    /// Adds an accepted message; returns false when one with its sequence is held already.
    /// - Complexity: amortized O(1) for in-order arrival, O(m) for an out-of-order one.
    mutating func insert(_ held: HeldMessage) -> Bool {
        let (index, found) = insertionIndex(of: held.message.seq)
        if found { return false }
        // In order (nearly always) it is an append, which skips `insert(_:at:)`'s general path.
        if index == messages.count { messages.append(held) } else { messages.insert(held, at: index) }
        return true
    }

    /// Holds `held` in place of the accepted message with its sequence (added when not held).
    /// - Complexity: O(log m), O(m) when it is added out of order.
    mutating func put(_ held: HeldMessage) {
        let (index, found) = insertionIndex(of: held.message.seq)
        if found { messages[index] = held } else { messages.insert(held, at: index) }
    }

    /// Drops every accepted message with `seq <= upTo` and returns their IDs.
    /// - Complexity: O(m).
    mutating func dropAccepted(upTo seq: UInt64) -> [String] {
        let (index, found) = insertionIndex(of: seq)
        let cut = found ? index + 1 : index
        let dropped = messages[..<cut].map(\.message.id)
        messages.removeFirst(cut)
        return dropped
    }

    /// Replaces every accepted message held by its tombstone (`Message.removed`; those removed
    /// already stay) and returns the new tombstones.
    /// - Complexity: O(m).
    mutating func tombstoneAccepted() -> [Message] {
        var tombstones: [Message] = []
        for index in messages.indices where !messages[index].message.isRemoved {
            messages[index] = HeldMessage(message: messages[index].message.removed, countsAsUnread: false)
            tombstones.append(messages[index].message)
        }
        return tombstones
    }

    /// Drops the imported messages and my failed sends (messages still being sent stay) and
    /// returns their IDs.
    /// - Complexity: O(p + i).
    mutating func dropLocal() -> [String] {
        let dropped = imported.map(\.id) + pending.filter { $0.status == .failed }.map(\.id)
        imported = []
        pending.removeAll { $0.status == .failed }
        return dropped
    }

    /// Forgets the accepted messages held here (they are in the archive) and returns how many.
    mutating func evictAccepted() -> Int {
        defer { messages = [] }
        return messages.count
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

    /// The IDs of every message held, in any list.
    var allIDs: [String] { messages.map(\.message.id) + pending.map(\.id) + imported.map(\.id) }
}
