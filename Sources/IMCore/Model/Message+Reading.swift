import IMTransportKit

/// The rules both API generations apply to one message, seen by the logged-in user (user IDs
/// compare by their bytes).
extension Message {
    /// Whether the message @-mentions `userID` or everyone; `nil` when it mentions neither.
    package func atType(for userID: String) -> GroupAtType? {
        let me = atUserIDs.contains { $0.isSameID(as: userID) }
        switch (me, atAll) {
        case (true, true): return .atAllAtMe
        case (true, false): return .atMe
        case (false, true): return .atAll
        case (false, false): return nil
        }
    }

    /// Whether `selfUserID` has read the message, given the read cursor of its conversation: my own
    /// messages always; another's once sent and at or below the cursor.
    package func isRead(by selfUserID: String, readSeq: UInt64) -> Bool {
        sender.isSameID(as: selfUserID) || (seq != 0 && seq <= readSeq)
    }

    /// Whether the peer of its C2C conversation has read it, given how far the peer read: my own
    /// sent messages at or below the peer's read point; never a message of someone else, one not
    /// sent yet, or a group message.
    package func isPeerRead(by selfUserID: String, peerRead: PeerReadPoint) -> Bool {
        guard case .user = receiver, seq != 0, sender.isSameID(as: selfUserID) else { return false }
        return seq <= peerRead.seq
    }
}
