import IMTransportKit

/// The accepted messages of one conversation as the store sees them: its log in memory laid over
/// its archive. A message the log holds wins over its stored row (the log has every change not
/// written yet); the mask hides or removes rows whose deletion is not written yet. Without an
/// archive (storage in memory) the log is everything.
///
/// Every read takes the log as a parameter and keeps nothing of it, so a caller may change the log
/// right after without copying it.
struct ArchiveView {
    let id: ConversationID
    let archive: (any MessageArchive)?
    let mask: ArchiveMask

    /// The accepted message with `seq`, tombstones and revoked ones included.
    /// - Complexity: O(log m), plus one archive lookup when the log does not hold it.
    func held(seq: UInt64, in log: MessageLog) -> HeldMessage? {
        if let held = log.held(seq: seq) { return held }
        guard let archive, seq > mask.hiddenUpTo, let row = archive.message(in: id, seq: seq) else { return nil }
        return mask.apply(row)
    }

    /// Calls `body` with the accepted messages below `ceiling` (nil: all of them), newest first,
    /// tombstones included, until it returns false. Stored rows are read `chunk` at a time (then
    /// twice as many each time, up to 1,024).
    /// - Complexity: O(log m + k) for k messages visited, plus the archive's reads.
    func forEachDescending(
        below ceiling: UInt64?, in log: MessageLog, chunk: Int = 16, _ body: (HeldMessage) -> Bool
    ) {
        var memory = ceiling.map { log.insertionIndex(of: $0).index } ?? log.messages.count
        var rows: [HeldMessage] = []
        var rowIndex = 0
        var archiveCeiling = ceiling
        var archiveHasMore = archive != nil && ceiling != 0
        var chunkSize = max(1, chunk)
        while true {
            if rowIndex == rows.count, archiveHasMore, let archive {
                rows = archive.messages(in: id, above: mask.hiddenUpTo, below: archiveCeiling, limit: chunkSize)
                rowIndex = 0
                archiveHasMore = rows.count == chunkSize
                if let last = rows.last { archiveCeiling = last.message.seq }
                chunkSize = min(chunkSize * 2, 1_024)
            }
            let fromLog = memory > 0 ? log.messages[memory - 1] : nil
            let fromArchive = rowIndex < rows.count ? rows[rowIndex] : nil
            guard let (next, takesLog, takesRow) = merged(fromLog, fromArchive, logComesFirst: >=) else { return }
            if takesLog { memory -= 1 }
            if takesRow { rowIndex += 1 }
            if !body(next) { return }
        }
    }

    /// Calls `body` with the accepted messages above `floor`, oldest first, tombstones included,
    /// until it returns false (`forEachDescending`'s mirror). Stored rows are read `chunk` at a
    /// time (then twice as many each time, up to 1,024); the rows the mask hides are skipped.
    /// - Complexity: O(log m + k) for k messages visited, plus the archive's reads.
    func forEachAscending(
        above floor: UInt64, in log: MessageLog, chunk: Int = 16, _ body: (HeldMessage) -> Bool
    ) {
        var memory = floor == .max ? log.messages.count : log.insertionIndex(of: floor + 1).index
        var rows: [HeldMessage] = []
        var rowIndex = 0
        var archiveFloor = max(floor, mask.hiddenUpTo)
        var archiveHasMore = archive != nil && archiveFloor < .max
        var chunkSize = max(1, chunk)
        while true {
            if rowIndex == rows.count, archiveHasMore, let archive {
                rows = archive.messages(in: id, above: archiveFloor, ascendingLimit: chunkSize)
                rowIndex = 0
                archiveHasMore = rows.count == chunkSize
                if let last = rows.last { archiveFloor = last.message.seq }
                chunkSize = min(chunkSize * 2, 1_024)
            }
            let fromLog = memory < log.messages.count ? log.messages[memory] : nil
            let fromArchive = rowIndex < rows.count ? rows[rowIndex] : nil
            guard let (next, takesLog, takesRow) = merged(fromLog, fromArchive, logComesFirst: <=) else { return }
            if takesLog { memory += 1 }
            if takesRow { rowIndex += 1 }
            if !body(next) { return }
        }
    }

    /// The next message of a walk that merges the log's messages with the archive's rows by
    /// sequence (`logComesFirst`: whether the log's message, by its sequence, comes before or with
    /// the row's in the walk's order), and which of the two it takes: the log's message wins over
    /// a row of the same sequence (it has every change not written yet), which is then skipped; a
    /// row goes through the mask. Nil when both are exhausted.
    private func merged(
        _ fromLog: HeldMessage?, _ fromArchive: HeldMessage?, logComesFirst: (UInt64, UInt64) -> Bool
    ) -> (next: HeldMessage, takesLog: Bool, takesRow: Bool)? {
        switch (fromLog, fromArchive) {
        case (nil, nil):
            return nil
        case (let held?, nil):
            return (held, true, false)
        case (nil, let row?):
            return (mask.apply(row), false, true)
        case (let held?, let row?):
            if logComesFirst(held.message.seq, row.message.seq) {
                return (held, true, held.message.seq == row.message.seq)
            }
            return (mask.apply(row), false, true)
        }
    }

    /// The newest accepted message with `seq <= cursor`, tombstones included.
    func newest(atOrBelow cursor: UInt64, in log: MessageLog) -> Message? {
        var newest: Message?
        forEachDescending(below: cursor == .max ? nil : cursor + 1, in: log, chunk: 1) { held in
            newest = held.message
            return false
        }
        return newest
    }

    /// The number of accepted messages above `cursor` that count as unread.
    /// - Complexity: O(log m + k + a) for k held messages and a stored sequences above the cursor.
    func countUnread(above cursor: UInt64, in log: MessageLog) -> Int {
        let (index, found) = log.insertionIndex(of: cursor)
        var count = 0
        for held in log.messages[(found ? index + 1 : index)...] where held.counts { count += 1 }
        guard let archive else { return count }
        for seq in archive.unreadSequences(in: id, above: max(cursor, mask.unreadFloor)) where log.held(seq: seq) == nil {
            count += 1
        }
        return count
    }

    /// The sequence of the newest accepted message sent at or before `seconds`.
    /// - Complexity: O(m) in the worst case (timestamps are not indexed).
    func newestSeq(atOrBefore seconds: UInt64, in log: MessageLog) -> UInt64? {
        let held = log.messages.last { $0.message.timestamp <= seconds }?.message.seq
        let stored = archive?.newestSequence(in: id, above: mask.hiddenUpTo, atOrBefore: seconds)
        switch (held, stored) {
        case (let held?, let stored?): return max(held, stored)
        default: return held ?? stored
        }
    }

    /// The accepted message with ID `messageID`, tombstones included.
    func accepted(withID messageID: String, in log: MessageLog) -> HeldMessage? {
        if let held = log.messages.last(where: { $0.message.id == messageID }) { return held }
        guard let archive, let row = archive.message(in: id, messageID: messageID),
              row.message.seq > mask.hiddenUpTo, log.held(seq: row.message.seq) == nil else { return nil }
        return mask.apply(row)
    }

    /// The message (not removed) with sequence `seq` when `seq > 0`, or else with ID `messageID`,
    /// in any list.
    /// - Complexity: O(log m) by sequence; O(m + p + i) by ID, plus the archive's lookups.
    func message(seq: UInt64, id messageID: String?, in log: MessageLog) -> Message? {
        if seq > 0 {
            guard let held = held(seq: seq, in: log), !held.message.isRemoved else { return nil }
            return held.message
        }
        guard let messageID, !messageID.isEmpty else { return nil }
        if let unsent = log.pending.first(where: { $0.id == messageID }) ?? log.imported.first(where: { $0.id == messageID }) {
            return unsent
        }
        guard let held = accepted(withID: messageID, in: log), !held.message.isRemoved else { return nil }
        return held.message
    }

    /// The newest message that may be the conversation's last message (not removed, not excluded
    /// from "last message"): the newest of the accepted, pending and imported ones, compared by
    /// time; at the same second an accepted message wins over a pending one, which wins over an
    /// imported one.
    /// - Complexity: O(1) plus the excluded or removed messages skipped from the end of each list.
    func newestListed(in log: MessageLog) -> Message? {
        var accepted: Message?
        forEachDescending(below: nil, in: log, chunk: 4) { held in
            if held.message.isRemoved || held.message.isExcludedFromLastMessage { return true }
            accepted = held.message
            return false
        }
        let candidates = [
            accepted,
            log.pending.last { !$0.isExcludedFromLastMessage },
            log.imported.last { !$0.isExcludedFromLastMessage },
        ]
        var newest: (message: Message, rank: Int)?
        for (rank, candidate) in zip([2, 1, 0], candidates) {
            guard let candidate else { continue }
            if let current = newest, (current.message.timestamp, current.rank) > (candidate.timestamp, rank) { continue }
            newest = (candidate, rank)
        }
        return newest?.message
    }

    /// The IDs of the stored accepted messages with `seq <= upTo` that have local fields; nothing
    /// is read unless `anyLocalFields` (the store keeps none: the usual case).
    func storedIDsWithLocalFields(upTo seq: UInt64, anyLocalFields: Bool) -> [String] {
        guard anyLocalFields, let archive, seq > mask.hiddenUpTo else { return [] }
        return archive.messageIDsWithLocalFields(in: id, upTo: seq)
    }
}
