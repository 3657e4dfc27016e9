import IMTransportKit

/// Message read receipts: receivers tell the sender they read a message that asked for it
/// (`Message.needReadReceipt`), and anyone in the conversation may ask how far a message was read.
extension ServerState {
    /// The most messages one receipts request may name.
    static let maxReceiptMessages = 100
    /// The most members one page of readers may hold.
    static let maxReadMembersPage = 100

    /// Records that `userID` read messages `seqs` of `id` and pushes, to every connection of each
    /// message's sender, the receipts of the messages this read for the first time
    /// (`.messageReadReceipts`, version 0). A message read before changes nothing.
    ///
    /// - Parameter clock: read once, after validation: the receipts' time.
    /// - Throws: `invalidParameters` (6017) for no messages, too many, a missing one, one the user
    ///   sent, one that does not ask for receipts; `checkReceiptsRequest`'s errors.
    /// - Complexity: O(k + members) for k messages, plus the senders' connections.
    mutating func sendReadReceipts(
        _ id: ConversationID, seqs: [UInt64], by userID: String, clock: () -> UInt64, outbox: inout Outbox
    ) throws(IMError) {
        try checkReceiptsRequest(id, seqs: seqs, by: userID)
        let key = logKey(of: id, seenBy: userID)
        for seq in seqs {
            let message = try receiptMessage(seq, of: id, seenBy: userID)
            guard !message.sender.isSameID(as: userID) else {
                throw IMError(.invalidParameters, "message \(seq) of \(id) is your own: its receivers send its read receipts")
            }
            guard message.needReadReceipt else {
                throw IMError(.invalidParameters, "message \(seq) of \(id) does not ask for read receipts")
            }
        }
        let now = clock()
        var bySender: [ExactID: [MessageReadReceipt]] = [:]
        var senders: [String] = []
        for seq in seqs where logs[key]!.addReader(userID, of: seq, at: now) {
            let message = logs[key]!.message(seq: seq)!
            let senderSide = id.kind == .group ? id : ConversationID.c2c(userID)
            if bySender[ExactID(message.sender)] == nil { senders.append(message.sender) }
            bySender[ExactID(message.sender), default: []].append(receipt(of: message, in: senderSide, key: key))
        }
        for sender in senders {
            outbox.push(.messageReadReceipts(bySender[ExactID(sender)]!), version: 0, to: users[sender]?.connections ?? [])
        }
    }

    /// The receipts of messages `seqs` of `id`, as `userID` sees the conversation.
    ///
    /// - Throws: `invalidParameters` (6017) for no messages, too many, or a missing one;
    ///   `checkReceiptsRequest`'s errors.
    /// - Complexity: O(k) for k messages (O(members) each in a group).
    func readReceipts(_ id: ConversationID, seqs: [UInt64], of userID: String) throws(IMError) -> [MessageReadReceipt] {
        try checkReceiptsRequest(id, seqs: seqs, by: userID)
        let key = logKey(of: id, seenBy: userID)
        var receipts: [MessageReadReceipt] = []
        for seq in seqs {
            receipts.append(receipt(of: try receiptMessage(seq, of: id, seenBy: userID), in: id, key: key))
        }
        return receipts
    }

    /// A page of the members of group `id` who read message `seq` (`read`), or who have not, from
    /// position `after`, with the asking user's remarks.
    ///
    /// - Returns: the page, the position after it, and whether the list ends there.
    /// - Throws: `invalidParameters` (6017) for a C2C conversation, a count outside 1 to
    ///   `maxReadMembersPage`, a missing message, one that does not ask for receipts;
    ///   `checkReceiptsRequest`'s errors.
    /// - Complexity: O(members).
    func readMembers(
        _ id: ConversationID, seq: UInt64, read: Bool, after: UInt64, count: Int, of userID: String
    ) throws(IMError) -> IMResponse {
        guard id.kind == .group else { throw IMError(.invalidParameters, "only a group message has a list of readers") }
        guard (1...Self.maxReadMembersPage).contains(count) else {
            throw IMError(.invalidParameters, "count must be 1 to \(Self.maxReadMembersPage), not \(count)")
        }
        try checkReceiptsRequest(id, seqs: [seq], by: userID)
        let message = try receiptMessage(seq, of: id, seenBy: userID)
        guard message.needReadReceipt else {
            throw IMError(.invalidParameters, "message \(seq) of \(id) does not ask for read receipts")
        }
        let readers = logs[logKey(of: id, seenBy: userID)]!.readers(of: seq)
        let list = read
            ? readers.userIDs
            : (groups[id.target]?.members ?? []).filter { !$0.isSameID(as: message.sender) && !readers.contains($0) }
        let start = Int(min(after, UInt64(list.count)))
        let end = min(start + count, list.count)
        let page = list[start..<end].map { member in
            MemberProfile(
                userID: member, nickname: users[member]?.nickname, faceURL: users[member]?.faceURL,
                remark: users[userID]?.remarks[member])
        }
        return .members(page, next: UInt64(end), isFinished: end == list.count)
    }

    // MARK: - Private

    /// Throws what a receipts request of `userID` in `id` fails with: no messages or too many, an
    /// unknown peer or group (`checkPeer(of:)`), a group the user is not a member of (10007), a
    /// group type without read receipts (7013: chat rooms and communities).
    private func checkReceiptsRequest(_ id: ConversationID, seqs: [UInt64], by userID: String) throws(IMError) {
        guard !seqs.isEmpty, seqs.count <= Self.maxReceiptMessages else {
            throw IMError(.invalidParameters, "name 1 to \(Self.maxReceiptMessages) messages")
        }
        try checkPeer(of: id)
        guard id.kind == .group else { return }
        guard let group = groups[id.target], group.hasMember(userID) else {
            throw IMError(.notGroupMember, "\(userID) is not a member of \(id.target)")
        }
        if Self.groupTypesWithoutReceipts.contains(group.groupType) {
            throw IMError(.interfaceNotSupported, "a group of type \(group.groupType) has no message read receipts")
        }
    }

    /// The group types whose messages have no read receipts, as in the vendor's cloud.
    private static let groupTypesWithoutReceipts: Set<String> = [ConversationProfile.chatRoomGroupType, "Community"]

    /// Message `seq` of `id`, when `userID` still has it in their cloud history.
    private func receiptMessage(_ seq: UInt64, of id: ConversationID, seenBy userID: String) throws(IMError) -> Message {
        guard let message = logs[logKey(of: id, seenBy: userID)]?.message(seq: seq),
              users[userID]?.isVisible(seq, in: id) == true else {
            throw IMError(.invalidParameters, "\(id) has no message \(seq)")
        }
        return message
    }

    /// The receipt of `message` (of log `key`), for a user who sees its conversation as `id`.
    private func receipt(of message: Message, in id: ConversationID, key: ConversationLog.Key) -> MessageReadReceipt {
        guard message.needReadReceipt else {
            return MessageReadReceipt(
                conversationID: id, seq: message.seq, messageID: message.id, readCount: 0, unreadCount: 0, timestamp: 0)
        }
        let readers = logs[key]?.readers(of: message.seq) ?? ConversationLog.Readers()
        let unread: Int
        switch message.receiver {
        case .user:
            unread = readers.userIDs.isEmpty ? 1 : 0
        case .group(let groupID):
            unread = (groups[groupID]?.members ?? []).count { !$0.isSameID(as: message.sender) && !readers.contains($0) }
        }
        return MessageReadReceipt(
            conversationID: id, seq: message.seq, messageID: message.id, readCount: readers.userIDs.count,
            unreadCount: unread, timestamp: readers.timestamp)
    }
}
