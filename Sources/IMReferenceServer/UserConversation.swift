import Foundation
import IMTransportKit

/// One conversation as the server keeps it for one user (the per-user half of the cloud state).
///
/// Invariants: `readSeq <= lastSeq`; `unreadSeqs` is ascending and every element is `> readSeq`;
/// `deliveries` is ascending in both version and sequence.
struct UserConversation: Codable {
    /// One message delivered to the user: the user's version of its push, and its sequence.
    struct Delivery: Hashable, Codable {
        var version: UInt64
        var seq: UInt64
    }

    /// The newest delivered message that is not excluded from "last message".
    var lastMessage: Message?
    /// The time of the newest message that was `lastMessage`, kept when the history is cleared
    /// (`ServerConversation.activityTimestamp`); nil before any (and in a state stored before it existed).
    var lastActivity: UInt64?
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
    /// The user's marks (V2 mark bits); they go with the conversation when the user deletes it.
    var marks: UInt64 = 0
    /// The user's custom data of the conversation; it goes with the conversation too.
    var customData: Data?
    /// Every message delivered to the user in this conversation (since it last started), oldest
    /// first: what an incremental sync brings a device that missed their pushes. 16 bytes per
    /// delivered message; it goes with the conversation when the user deletes it.
    private(set) var deliveries: [Delivery] = []
    /// Every message of this conversation revoked after it (last) started, with the user's version
    /// of the revoke's push, oldest first: what an incremental sync brings a device that missed the
    /// push. 16 bytes per revoke.
    private(set) var revocations: [Delivery] = []
    /// Every change of a message of this conversation (`modifyMessage`) after it (last) started,
    /// with the user's version of the change's push, oldest first, as `revocations`. Optional, so
    /// that a snapshot written before messages could change still reads.
    private(set) var modifications: [Delivery]?

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
            lastActivity = message.timestamp
            // A new message shows a conversation the user hid, on every device.
            marks &= ~ServerConversation.hideMark
        }
        if countsAsUnread && message.seq > readSeq {
            unreadSeqs.append(message.seq)
        }
    }

    /// Whether the conversation counts against the 1,000 that may carry marks or custom data.
    var hasMarksOrCustomData: Bool { marks != 0 || customData != nil }

    /// Records that message `seq` was delivered to the user under `version` (the version of its push).
    ///
    /// - Complexity: O(1) amortized.
    mutating func noteDelivery(seq: UInt64, version: UInt64) {
        assert(deliveries.last.map { $0.version < version && $0.seq < seq } ?? true, "deliveries are in order")
        deliveries.append(Delivery(version: version, seq: seq))
    }

    /// The sequences of the messages delivered to the user (`noteDelivery(seq:version:)`).
    var deliveredSeqs: [UInt64] { deliveries.map(\.seq) }

    /// Records that message `seq` was revoked under `version` (the version of the revoke's push).
    ///
    /// - Complexity: O(1) amortized.
    mutating func noteRevocation(seq: UInt64, version: UInt64) {
        assert(revocations.last.map { $0.version < version } ?? true, "revocations are in version order")
        revocations.append(Delivery(version: version, seq: seq))
    }

    /// Records that message `seq` was changed under `version` (the version of the change's push).
    ///
    /// - Complexity: O(1) amortized.
    mutating func noteModification(seq: UInt64, version: UInt64) {
        assert(modifications?.last.map { $0.version < version } ?? true, "modifications are in version order")
        if modifications == nil { modifications = [] }
        modifications!.append(Delivery(version: version, seq: seq))
    }

    /// The changes of messages made after `version`, oldest first.
    ///
    /// - Complexity: O(log c) for c changes.
    func modifications(after version: UInt64) -> ArraySlice<Delivery> {
        (modifications ?? []).suffix(after: version) { $0.version }
    }

    /// The revocations made after `version`, oldest first.
    ///
    /// - Complexity: O(log r) for r revocations.
    func revocations(after version: UInt64) -> ArraySlice<Delivery> {
        revocations.suffix(after: version) { $0.version }
    }

    /// The deliveries made after `version`, oldest first.
    ///
    /// - Complexity: O(log d) for d deliveries (a binary search; the slice shares their storage).
    func deliveries(after version: UInt64) -> ArraySlice<Delivery> {
        deliveries.suffix(after: version) { $0.version }
    }

    /// The deliveries of messages below sequence `seq` (`nil`: every one), oldest first.
    ///
    /// - Complexity: O(log d) for d deliveries (a binary search; the slice shares their storage).
    func deliveries(before seq: UInt64?) -> ArraySlice<Delivery> {
        guard let seq else { return deliveries[...] }
        guard seq > 0 else { return [] }
        return deliveries[..<deliveries.suffix(after: seq - 1) { $0.seq }.startIndex]
    }

    /// The unread sequences above `seq`, with how many are at or below it.
    /// - Complexity: O(log u) for u unread messages (binary search).
    func unreadSeqs(above seq: UInt64) -> (above: ArraySlice<UInt64>, atOrBelow: Int) {
        let above = unreadSeqs.suffix(after: seq) { $0 }
        return (above, above.startIndex)
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

private extension Array {
    /// The elements after those whose `key` is at most `bound`, in an array ascending by `key`.
    /// - Complexity: O(log n) (a binary search; the slice shares the array's storage).
    func suffix(after bound: UInt64, by key: (Element) -> UInt64) -> ArraySlice<Element> {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if key(self[mid]) <= bound { low = mid + 1 } else { high = mid }
        }
        return self[low...]
    }
}
