import IMTransportKit

/// Message read receipts (wire protocol version 5): the device keeps nothing of them but a
/// message's `needReadReceipt`; it asks the server, and hears of new receipts for the user's own
/// messages as `ClientEvent.messageReadReceipts` while connected.
extension IMClient {
    /// Tells the senders of messages `seqs` of `id` that the user read them (see
    /// `IMRequest.sendReadReceipts` for the server's errors). The local unread count does not change.
    package func sendReadReceipts(
        _ id: ConversationID, seqs: [UInt64], completion: @escaping @Sendable (Result<Void, IMError>) -> Void
    ) {
        ask(.sendReadReceipts(id, seqs: seqs), since: IMWireFraming.readReceiptVersion, completion: completion) { response in
            if case .ok = response { return () } else { return nil }
        }
    }

    /// The read receipts of messages `seqs` of `id`, in order, from the server.
    package func readReceipts(
        _ id: ConversationID, seqs: [UInt64],
        completion: @escaping @Sendable (Result<[MessageReadReceipt], IMError>) -> Void
    ) {
        ask(.readReceipts(id, seqs: seqs), since: IMWireFraming.readReceiptVersion, completion: completion) { response in
            guard case .readReceipts(let receipts) = response, receipts.count == seqs.count else { return nil }
            return receipts
        }
    }

    /// A page of the members of group `id` who read message `seq` (`read`) or have not, from
    /// position `after`: the members, the position after them, and whether the list ends there.
    package func readMembers(
        _ id: ConversationID, seq: UInt64, read: Bool, after: UInt64, count: Int,
        completion: @escaping @Sendable (Result<(members: [MemberProfile], next: UInt64, isFinished: Bool), IMError>) -> Void
    ) {
        let request = IMRequest.readMembers(id, seq: seq, read: read, after: after, count: count)
        ask(request, since: IMWireFraming.readReceiptVersion, completion: completion) { response in
            guard case .members(let members, let next, let isFinished) = response else { return nil }
            return (members, next, isFinished)
        }
    }
}
