extension ServerConversation {
    /// The conversation as it stood when message `seq` was the newest delivered to the user, as far
    /// as its current state tells: the messages after `seq` left out (the last message too, when it
    /// is one of them), the last sequence and the read cursor at most `seq`, no backlog (neither
    /// new, revoked nor changed messages). Pin, receive option, profile, draft and the peer's read point stay
    /// current; the cleared sequence is at most `seq` and the time of a cleared last message
    /// (`activityTimestamp`) is left out, as the clear comes with the later state: a device that
    /// took them from an earlier page placed the conversation by a message it had not reached yet,
    /// and a later page's message in another conversation of the same second went above it.
    ///
    /// For a device that gets the later messages on their own (a later sync page, their pushes),
    /// so that it announces them as new.
    /// - Complexity: O(u) for u unread messages.
    package func upTo(seq: UInt64) -> ServerConversation {
        var trimmed = self
        trimmed.lastSeq = min(lastSeq, seq)
        trimmed.readSeq = min(readSeq, seq)
        trimmed.unreadMessages = unreadMessages.filter { $0.seq <= seq }
        if let last = lastMessage, last.seq > seq { trimmed.lastMessage = nil }
        trimmed.clearedSeq = min(clearedSeq, seq)
        trimmed.activityTimestamp = nil
        trimmed.newMessages = []
        trimmed.revokedMessages = []
        trimmed.modifiedMessages = nil
        return trimmed
    }
}
