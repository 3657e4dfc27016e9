import IMCore
import IMTransportKit

extension Message {
    /// A text message the server accepted with `seq`, as a client receives it.
    ///
    /// The ID is derived from the receiver, sender and sequence, so the same arguments give the same
    /// message (a duplicate delivery).
    package static func accepted(
        seq: UInt64, from sender: String, to receiver: MessageReceiver, at timestamp: UInt64 = 1_000,
        atUserIDs: [String] = [], atAll: Bool = false,
        excludedFromUnread: Bool = false, excludedFromLast: Bool = false
    ) -> Message {
        Message(
            id: "\(receiver.fixtureName)/\(sender)/\(seq)", seq: seq, timestamp: timestamp, sender: sender,
            receiver: receiver, content: .text("message \(seq)"), atUserIDs: atUserIDs, atAll: atAll,
            isExcludedFromUnreadCount: excludedFromUnread, isExcludedFromLastMessage: excludedFromLast
        )
    }

    /// A message of `sender` still being sent: no sequence yet, status `.sending`.
    package static func sending(
        id: String, from sender: String, to receiver: MessageReceiver, at timestamp: UInt64,
        excludedFromLast: Bool = false
    ) -> Message {
        Message(
            id: id, seq: 0, timestamp: timestamp, sender: sender, receiver: receiver,
            content: .text("sending \(id)"), isExcludedFromLastMessage: excludedFromLast, status: .sending
        )
    }

    /// This pending message as the server accepted it: sequence `seq`, server time `timestamp`.
    package func acknowledged(seq: UInt64, at timestamp: UInt64) -> Message {
        var message = self
        message.seq = seq
        message.timestamp = timestamp
        message.status = .sent
        return message
    }
}

extension MessageReceiver {
    fileprivate var fixtureName: String {
        switch self {
        case .user(let userID): return "user:\(userID)"
        case .group(let groupID): return "group:\(groupID)"
        }
    }
}
