extension ServerConversation {
    /// The conversation as it stood when message `seq` was the newest delivered to the user, as far
    /// as its current state tells: the messages after `seq` left out (the last message too, when it
    /// is one of them), the last sequence and the read cursor at most `seq`, no backlog (neither
    /// new nor revoked messages). Pin, receive option, profile, draft, the peer's read point and the
    /// cleared sequence stay current.
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
        trimmed.newMessages = []
        trimmed.revokedMessages = []
        return trimmed
    }
}
