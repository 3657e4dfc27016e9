import IMTransportKit

/// Local history across the log's lists, imported messages, and lookups by identity.
extension MessageLog {
    /// Where a page of local history ends: before the message the previous page ended with.
    enum HistoryCursor: Equatable {
        /// From the newest: pending messages first, then the others.
        case top
        /// Before the pending message at `index` of `pending`: the older pending ones, then the others.
        case pending(index: Int)
        /// Before an accepted message (held here or not).
        case accepted(seq: UInt64, timestamp: UInt64)
        /// Before an imported message.
        case imported(timestamp: UInt64, id: String)
    }

    /// The order of imported messages, oldest first: by time, then by ID.
    static func importOrder(_ first: Message, _ second: Message) -> Bool {
        (first.timestamp, first.id) < (second.timestamp, second.id)
    }

    /// The cursor for history older than `message` (nil: from the newest).
    ///
    /// A message of mine that was pending when the caller got it and is accepted now is found by
    /// its ID; a pending one found nowhere starts from the newest.
    /// - Complexity: O(p) for a pending message, O(m) for one accepted since; O(1) otherwise.
    func cursor(before message: Message?) -> HistoryCursor {
        guard let message else { return .top }
        if message.seq > 0 { return .accepted(seq: message.seq, timestamp: message.timestamp) }
        if message.isLocalImport { return .imported(timestamp: message.timestamp, id: message.id) }
        if let index = pending.firstIndex(where: { $0.id == message.id }) { return .pending(index: index) }
        if let accepted = messages.last(where: { $0.id == message.id }) {
            return .accepted(seq: accepted.seq, timestamp: accepted.timestamp)
        }
        return .top
    }

    /// Up to `count` messages older than `cursor`, newest first: pending ones (only from `.top` or a
    /// pending cursor), then accepted and imported ones merged by time. An accepted message is newer
    /// than an imported one of the same second; removed messages are skipped.
    ///
    /// Accepted messages are taken in sequence order and assumed to be stamped in that order (the
    /// server stamps them as it numbers them).
    /// - Complexity: O(log m + count + r), r being the removed messages skipped; from an imported
    ///   cursor, plus O(k) for the k accepted messages newer than it.
    func history(before cursor: HistoryCursor, count: Int) -> [Message] {
        var result: [Message] = []
        guard count > 0 else { return result }
        var pendingIndex: Int
        switch cursor {
        case .top: pendingIndex = pending.count - 1
        case .pending(let index): pendingIndex = index - 1
        case .accepted, .imported: pendingIndex = -1
        }
        while pendingIndex >= 0 && result.count < count {
            result.append(pending[pendingIndex])
            pendingIndex -= 1
        }
        var acceptedEnd = messages.count
        var importedEnd = imported.count
        switch cursor {
        case .top, .pending:
            break
        case .accepted(let seq, let timestamp):
            acceptedEnd = insertionIndex(of: seq).index
            importedEnd = Self.partition(imported) { $0.timestamp > timestamp }
        case .imported(let timestamp, let id):
            while acceptedEnd > 0 && messages[acceptedEnd - 1].timestamp >= timestamp { acceptedEnd -= 1 }
            importedEnd = Self.partition(imported) { ($0.timestamp, $0.id) >= (timestamp, id) }
        }
        var accepted = acceptedEnd - 1
        var local = importedEnd - 1
        while result.count < count && (accepted >= 0 || local >= 0) {
            if accepted >= 0 && messages[accepted].isRemoved {
                accepted -= 1
            } else if accepted >= 0 && (local < 0 || messages[accepted].timestamp >= imported[local].timestamp) {
                result.append(messages[accepted])
                accepted -= 1
            } else {
                result.append(imported[local])
                local -= 1
            }
        }
        return result
    }

    /// The first index of `sorted` whose element satisfies `isAfter` (false for a prefix, then true).
    /// - Complexity: O(log n).
    private static func partition(_ sorted: [Message], _ isAfter: (Message) -> Bool) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(sorted[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    // MARK: - Imported messages

    /// Adds an imported message in time order.
    /// - Complexity: O(log i + i) for the insertion.
    mutating func insertImported(_ message: Message) {
        let index = Self.partition(imported) { !Self.importOrder($0, message) }
        imported.insert(message, at: index)
    }

    /// Removes and returns the imported message with `id`.
    /// - Complexity: O(i).
    mutating func removeImported(id: String) -> Message? {
        guard let index = imported.firstIndex(where: { $0.id == id }) else { return nil }
        return imported.remove(at: index)
    }

    // MARK: - Lookups

    /// The newest message that may be the conversation's last message (not removed, not excluded
    /// from "last message"): the newest of each list, compared by time; at the same second an
    /// accepted message wins over a pending one, which wins over an imported one.
    /// - Complexity: O(1) plus the excluded or removed messages skipped from the end of each list.
    func newestListed() -> Message? {
        let candidates = [
            messages.last { !$0.isRemoved && !$0.isExcludedFromLastMessage },
            pending.last { !$0.isExcludedFromLastMessage },
            imported.last { !$0.isExcludedFromLastMessage },
        ]
        var newest: (message: Message, rank: Int)?
        for (rank, candidate) in zip([2, 1, 0], candidates) {
            guard let candidate else { continue }
            if let current = newest, (current.message.timestamp, current.rank) > (candidate.timestamp, rank) { continue }
            newest = (candidate, rank)
        }
        return newest?.message
    }

    /// The held message (not removed) with `seq`, when `seq > 0`, or else with `id`, in any list.
    /// - Complexity: O(log m) by sequence; O(m + p + i) by ID.
    func message(seq: UInt64, id: String?) -> Message? {
        if seq > 0 {
            let (index, found) = insertionIndex(of: seq)
            return found && !messages[index].isRemoved ? messages[index] : nil
        }
        guard let id, !id.isEmpty else { return nil }
        return pending.first { $0.id == id } ?? imported.first { $0.id == id }
            ?? messages.first { $0.id == id && !$0.isRemoved }
    }

    /// Whether the accepted message with `seq` was removed (a tombstone is held).
    /// - Complexity: O(log m).
    func isRemoved(seq: UInt64) -> Bool {
        let (index, found) = insertionIndex(of: seq)
        return found && messages[index].isRemoved
    }

    /// The IDs of every message held, in any list.
    var allIDs: [String] { messages.map(\.id) + pending.map(\.id) + imported.map(\.id) }
}
