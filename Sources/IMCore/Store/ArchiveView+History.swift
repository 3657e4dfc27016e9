import IMTransportKit

/// Local history: pages across the pending, accepted (held or stored) and imported messages.
extension ArchiveView {
    /// Where a page of local history ends: before the message the previous page ended with.
    enum HistoryCursor: Equatable {
        /// From the newest: pending messages first, then the others.
        case top
        /// Before the pending message at `index` of `pending`: the older pending ones, then the others.
        case pending(index: Int)
        /// Before an accepted message (held or not).
        case accepted(seq: UInt64, timestamp: UInt64)
        /// Before an imported message.
        case imported(timestamp: UInt64, id: String)
    }

    /// The cursor for history older than `message` (nil: from the newest).
    ///
    /// A message of mine that was pending when the caller got it and is accepted now is found by
    /// its ID; a pending one found nowhere starts from the newest.
    /// - Complexity: O(p) for a pending message, O(m) for one accepted since; O(1) otherwise.
    func cursor(before message: Message?, in log: MessageLog) -> HistoryCursor {
        guard let message else { return .top }
        if message.seq > 0 { return .accepted(seq: message.seq, timestamp: message.timestamp) }
        if message.isLocalImport { return .imported(timestamp: message.timestamp, id: message.id) }
        if let index = log.pending.firstIndex(where: { $0.id == message.id }) { return .pending(index: index) }
        if let accepted = accepted(withID: message.id, in: log) {
            return .accepted(seq: accepted.message.seq, timestamp: accepted.message.timestamp)
        }
        return .top
    }

    /// Up to `count` messages older than `cursor`, newest first: pending ones (only from `.top` or a
    /// pending cursor), then accepted and imported ones merged by time. An accepted message is newer
    /// than an imported one of the same second; removed messages are skipped.
    ///
    /// Accepted messages are taken in sequence order and assumed to be stamped in that order (the
    /// server stamps them as it numbers them).
    /// - Complexity: O(log m + count + r), r being the removed messages skipped, plus the archive's
    ///   reads (a page of rows); from an imported cursor, plus O(k) for the k accepted messages newer
    ///   than it.
    func history(before cursor: HistoryCursor, count: Int, in log: MessageLog) -> [Message] {
        var result: [Message] = []
        guard count > 0 else { return result }
        var pendingIndex: Int
        switch cursor {
        case .top: pendingIndex = log.pending.count - 1
        case .pending(let index): pendingIndex = index - 1
        case .accepted, .imported: pendingIndex = -1
        }
        while pendingIndex >= 0 && result.count < count {
            result.append(log.pending[pendingIndex])
            pendingIndex -= 1
        }
        guard result.count < count else { return result }
        var ceiling: UInt64?
        var olderThan: UInt64?
        var importedEnd = log.imported.count
        switch cursor {
        case .top, .pending:
            break
        case .accepted(let seq, let timestamp):
            ceiling = seq
            importedEnd = MessageLog.partition(log.imported) { $0.timestamp > timestamp }
        case .imported(let timestamp, let id):
            olderThan = timestamp
            importedEnd = MessageLog.partition(log.imported) { ($0.timestamp, $0.id) >= (timestamp, id) }
        }
        var local = importedEnd - 1
        forEachDescending(below: ceiling, in: log, chunk: min(count - result.count, 1_023) + 1) { held in
            let message = held.message
            // From an imported cursor: skip the accepted messages of its second and later.
            if let bound = olderThan {
                if message.timestamp >= bound { return true }
                olderThan = nil
            }
            if message.isRemoved { return true }
            while result.count < count, local >= 0, log.imported[local].timestamp > message.timestamp {
                result.append(log.imported[local])
                local -= 1
            }
            guard result.count < count else { return false }
            result.append(message)
            return result.count < count
        }
        while result.count < count && local >= 0 {
            result.append(log.imported[local])
            local -= 1
        }
        return result
    }
}
