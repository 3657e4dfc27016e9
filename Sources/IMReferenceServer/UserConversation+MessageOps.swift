import IMTransportKit

/// What revoking, deleting and clearing messages change in one user's conversation.
extension UserConversation {
    /// The sequence of the newest message delivered under a version at or below `version` (0: none).
    ///
    /// - Complexity: O(log d) for d deliveries.
    func deliveredSeq(atOrBefore version: UInt64) -> UInt64 {
        let later = deliveries(after: version)
        return later.startIndex > 0 ? deliveries[later.startIndex - 1].seq : 0
    }

    /// The sequence of the newest message delivered by `version` that `isVisible` still shows (not
    /// cleared or deleted since), 0 when none: the newest a sync page has told a device of.
    ///
    /// - Complexity: O(log d) to find `version`, plus the deliveries passed that are not visible.
    func visibleDeliveredSeq(atOrBefore version: UInt64, isVisible: (UInt64) -> Bool) -> UInt64 {
        deliveries[..<deliveries(after: version).startIndex].last { isVisible($0.seq) }?.seq ?? 0
    }

    /// Takes the revoked form of message `revoked` (the last message, if it is the one) and stops
    /// counting it as unread.
    ///
    /// - Complexity: O(u) for u unread messages.
    mutating func takeRevoked(_ revoked: Message) {
        if lastMessage?.seq == revoked.seq { lastMessage = revoked }
        unreadSeqs.removeAll { $0 == revoked.seq }
    }

    /// Takes the changed form of message `modified` (the last message, if it is the one).
    mutating func takeModified(_ modified: Message) {
        if lastMessage?.seq == modified.seq { lastMessage = modified }
    }

    /// Forgets every message up to `seq` (the user cleared the history): no last message, nothing
    /// unread, everything up to there read.
    mutating func clearHistory(upTo seq: UInt64) {
        lastSeq = max(lastSeq, seq)
        readSeq = max(readSeq, seq)
        unreadSeqs.removeAll { $0 <= seq }
        if let last = lastMessage, last.seq <= seq { lastMessage = nil }
    }

    /// The newest delivered message `isListed` accepts, newest first through the deliveries.
    ///
    /// - Complexity: O(d) in the worst case.
    func newestDelivered(where isListed: (UInt64) -> Message?) -> Message? {
        for delivery in deliveries.reversed() {
            if let message = isListed(delivery.seq) { return message }
        }
        return nil
    }
}

extension UserAccount {
    /// Whether message `seq` of conversation `id` is still in this user's cloud history: not
    /// deleted (`deleteMessages`) and not cleared.
    ///
    /// - Complexity: O(1).
    func isVisible(_ seq: UInt64, in id: ConversationID) -> Bool {
        seq > clearedSeq(of: id) && deletedSeqs[id]?.contains(seq) != true
    }
}
