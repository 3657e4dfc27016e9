import IMTransportKit

/// One conversation as the server keeps it for one user (the per-user half of the cloud state).
///
/// Invariants: `readSeq <= lastSeq`; `unreadSeqs` is ascending and every element is `> readSeq`.
struct UserConversation {
    /// The newest delivered message that is not excluded from "last message".
    var lastMessage: Message?
    /// The highest sequence delivered to this user (or where the user last cleared the conversation).
    var lastSeq: UInt64
    /// The user's read cursor.
    var readSeq: UInt64
    /// The delivered messages above the read cursor that count as unread for this user, ascending.
    var unreadSeqs: [UInt64] = []
    var isPinned = false
    /// The user's version at this conversation's latest change (for incremental syncs).
    var changedVersion: UInt64 = 0
    /// The user's version at this conversation's newest message: orders conversations whose newest
    /// messages share a second.
    var activityVersion: UInt64 = 0
    /// The newest draft change from devices that sync drafts.
    var draft: DraftChange?

    /// An empty conversation that starts after sequence `clearedSeq` (where the user last deleted
    /// it; 0: never), everything up to there read.
    init(startingAt clearedSeq: UInt64) {
        lastMessage = nil
        lastSeq = clearedSeq
        readSeq = clearedSeq
    }

    /// Records a message delivered to this user.
    ///
    /// - Complexity: O(1) amortized.
    mutating func record(_ message: Message, countsAsUnread: Bool) {
        lastSeq = max(lastSeq, message.seq)
        if !message.isExcludedFromLastMessage {
            lastMessage = message
        }
        if countsAsUnread && message.seq > readSeq {
            unreadSeqs.append(message.seq)
        }
    }

    /// Moves the read cursor to `min(seq, lastSeq)` if that is ahead of it.
    ///
    /// - Returns: whether the cursor moved.
    /// - Complexity: O(n) in the number of unread messages.
    mutating func markRead(upTo seq: UInt64) -> Bool {
        let target = min(seq, lastSeq)
        guard target > readSeq else { return false }
        readSeq = target
        let stillUnread = unreadSeqs.firstIndex { $0 > target } ?? unreadSeqs.endIndex
        unreadSeqs.removeFirst(stillUnread)
        return true
    }
}
