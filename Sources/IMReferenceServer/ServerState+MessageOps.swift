import IMTransportKit

/// Operations on messages that change a conversation's row: revoking, deleting from the cloud
/// history, clearing it; and the read receipts a user's reads give the peer.
extension ServerState {
    /// How long after it was sent a message may be revoked, in seconds: 2 minutes, the vendor's
    /// default.
    static let defaultRevokeTimeLimit: UInt64 = 120
    /// The most messages one `deleteMessages` request may name (the vendor's limit).
    static let maxDeletedMessages = 50

    /// Revokes message `seq` of `id` for everyone: its log entry and every holder's conversation
    /// show it revoked (no longer unread; still the last message when it was), and every device of
    /// every user who had the message gets `.messageRevoked`: those holding the conversation, and
    /// those who deleted it after the message reached them, keeping its messages
    /// (`UserAccount.keptDeliveries`: the devices keep the message revoked, and show it so when
    /// the conversation comes back). A message revoked already is answered as it is, with no push.
    ///
    /// - Parameter clock: read once, after validation, for the time limit.
    /// - Returns: the revoked message.
    /// - Throws: for C2C, `invalidParameters` (6017) for a message that does not exist (or is not
    ///   `messageID`) or is not the user's, `revokeTimeLimitExceeded` (20016) past the time limit;
    ///   for groups, `notGroupMember` (10007) when the user is not a member or the message is not
    ///   theirs, `groupRevokeMessageNotFound` (10030), `groupRevokeTimeLimitExceeded` (10031); and
    ///   `checkPeer(of:)`'s errors.
    /// - Complexity: O(h + u) for h holders of the conversation and u unread messages of each.
    mutating func revokeMessage(
        _ id: ConversationID, seq: UInt64, messageID: String, by userID: String, clock: () -> UInt64,
        outbox: inout Outbox
    ) throws(IMError) -> Message {
        try checkPeer(of: id)
        let isGroup = id.kind == .group
        if isGroup, groups[id.target]?.hasMember(userID) != true {
            throw IMError(.notGroupMember, "\(userID) is not a member of \(id.target)")
        }
        let key = logKey(of: id, seenBy: userID)
        guard let message = logs[key]?.message(seq: seq), message.id == messageID,
              users[userID]?.isVisible(seq, in: id) == true
        else {
            throw isGroup
                ? IMError(.groupRevokeMessageNotFound, "no message \(seq) (\(messageID)) in \(id)")
                : IMError(.invalidParameters, "no message \(seq) (\(messageID)) in \(id)")
        }
        guard message.sender.isSameID(as: userID) else {
            throw isGroup
                ? IMError(.notGroupMember, "only its sender can revoke a group message")
                : IMError(.invalidParameters, "only your own C2C messages can be revoked")
        }
        if message.status == .revoked { return message }
        let now = clock()
        guard now <= message.timestamp || now - message.timestamp <= revokeTimeLimit else {
            let reason = "a message can be revoked within \(revokeTimeLimit) seconds of sending"
            throw isGroup ? IMError(.groupRevokeTimeLimitExceeded, reason) : IMError(.revokeTimeLimitExceeded, reason)
        }
        let revoked = logs[key]!.revoke(seq: seq)!
        tellHolders(of: revoked, in: id, .messageRevoked(revoked), outbox: &outbox) { conversation, version in
            conversation.takeRevoked(revoked)
            conversation.noteRevocation(seq: seq, version: version)
        }
        return revoked
    }

    /// Changes message `seq` of `id` from `expected` to `edit` for everyone who has it: its log entry
    /// and every holder's last message take it, and every device of every user who has the
    /// conversation gets `.messageModified` (kept for their syncs), as do those of a user who deleted
    /// it keeping its messages after the message reached them (as a revoke). Any member of the conversation
    /// may change any of its messages; a change to what the message is already is answered as it is,
    /// with no push.
    ///
    /// - Returns: the changed message.
    /// - Throws: `messageModifyConflict` (8006) when the message is not `expected` any more;
    ///   `invalidParameters` (6017) for a message that does not exist (or is not `messageID`), is
    ///   revoked or deleted from the user's history, or a content of another kind than the
    ///   message's (only text and custom content change); `interfaceNotSupported` (7013) in a chat
    ///   room; `notGroupMember` (10007) when the user is not a member of the group; and
    ///   `checkPeer(of:)`'s errors.
    /// - Complexity: O(h) for h holders of the conversation, plus their connections.
    mutating func modifyMessage(
        _ id: ConversationID, seq: UInt64, messageID: String, expected: MessageEdit, edit: MessageEdit,
        by userID: String, outbox: inout Outbox
    ) throws(IMError) -> Message {
        try checkPeer(of: id)
        if id.kind == .group {
            guard let group = groups[id.target], group.hasMember(userID) else {
                throw IMError(.notGroupMember, "\(userID) is not a member of \(id.target)")
            }
            guard group.keepsUnreadCount else {
                throw IMError(.interfaceNotSupported, "a message of a chat room (AVChatRoom) cannot be changed")
            }
        }
        let key = logKey(of: id, seenBy: userID)
        guard let message = logs[key]?.message(seq: seq), message.id == messageID,
              users[userID]?.isVisible(seq, in: id) == true else {
            throw IMError(.invalidParameters, "no message \(seq) (\(messageID)) in \(id)")
        }
        guard message.status != .revoked else { throw IMError(.invalidParameters, "a revoked message cannot be changed") }
        guard message.content.canBeModified(into: edit.content) else {
            throw IMError(.invalidParameters, "a message changes only within its kind: a text, custom, location or face element into one of the same kind")
        }
        guard MessageEdit(of: message) == expected else {
            throw IMError(.messageModifyConflict, "message \(seq) of \(id) was changed by someone else first")
        }
        guard expected != edit else { return message }
        let modified = logs[key]!.modify(seq: seq, to: edit)!
        // In C2C the peer may change my message: the conversation as its sender sees it.
        let senderSide = id.kind == .c2c && !message.sender.isSameID(as: userID) ? ConversationID.c2c(userID) : id
        tellHolders(of: modified, in: senderSide, .messageModified(modified), outbox: &outbox) { conversation, version in
            conversation.takeModified(modified)
            conversation.noteModification(seq: seq, version: version)
        }
        return modified
    }

    /// Pushes `push`, about `message` of `id` (as its sender sees it: in C2C, the conversation with
    /// the other party), to every user who has it, and
    /// lets `change` update each one's conversation after its push (with the push's version):
    /// those holding the conversation, and those who deleted it keeping its messages after the
    /// message reached them (`UserAccount.keptDeliveries`: their devices keep the message; no
    /// conversation to change).
    ///
    /// - Complexity: O(h) for h parties of the conversation, plus their connections.
    private mutating func tellHolders(
        of message: Message, in id: ConversationID, _ push: IMPush, outbox: inout Outbox,
        change: (inout UserConversation, _ version: UInt64) -> Void
    ) {
        for (party, partyID) in parties(ofMessageIn: id, sentBy: message.sender) where users[party] != nil {
            guard users[party]!.conversations[partyID] != nil else {
                if users[party]!.keptDeliveries?[partyID]?.contains(message.seq) == true,
                   users[party]!.isVisible(message.seq, in: partyID) {
                    announce(push, to: party, in: partyID, outbox: &outbox)
                }
                continue
            }
            announce(push, to: party, in: partyID, outbox: &outbox)
            change(&users[party]!.conversations[partyID]!, users[party]!.version)
        }
    }

    /// Whether `new` may replace `old`: text for text, custom data for custom data.
    /// The users a message `sender` sent in `id` (as `sender` sees it) went to, each with the
    /// conversation's ID on their side: for C2C the sender and the peer, for a group every member.
    ///
    /// - Complexity: O(members).
    private func parties(ofMessageIn id: ConversationID, sentBy sender: String) -> [(String, ConversationID)] {
        switch id.kind {
        case .c2c:
            var sides = [(sender, id)]
            if !id.target.isSameID(as: sender) { sides.append((id.target, .c2c(sender))) }
            return sides
        case .group:
            return (groups[id.target]?.members ?? []).map { ($0, id) }
        case .system:
            return []
        }
    }

    /// Deletes messages `seqs` of `id` from `userID`'s cloud history: the history, a device syncing
    /// from nothing and the unread count leave them out; a deleted last message gives way to the
    /// newest remaining one. No push and no version: the user's other devices keep their copies, as
    /// the vendor documents. Deleting a message again changes nothing.
    ///
    /// - Throws: `invalidParameters` (6017) for no messages, more than `maxDeletedMessages`, or a
    ///   sequence the conversation does not have; `checkPeer(of:)`'s errors.
    /// - Complexity: O(k + u + d) for k messages, u unread and d delivered messages of the conversation.
    mutating func deleteMessages(_ id: ConversationID, seqs: [UInt64], by userID: String) throws(IMError) {
        try checkPeer(of: id)
        guard !seqs.isEmpty, seqs.count <= Self.maxDeletedMessages else {
            throw IMError(.invalidParameters, "delete 1 to \(Self.maxDeletedMessages) messages at a time")
        }
        let log = logs[logKey(of: id, seenBy: userID)]
        if let missing = seqs.first(where: { log?.message(seq: $0) == nil }) {
            throw IMError(.invalidParameters, "\(id) has no message \(missing)")
        }
        let deleted = Set(seqs)
        users[userID]?.deletedSeqs[id, default: []].formUnion(deleted)
        guard let account = users[userID], var conversation = account.conversations[id] else { return }
        conversation.unreadSeqs.removeAll { deleted.contains($0) }
        if let last = conversation.lastMessage, deleted.contains(last.seq) {
            conversation.lastMessage = conversation.newestDelivered { seq in
                guard account.isVisible(seq, in: id), let message = log?.message(seq: seq),
                      !message.isExcludedFromLastMessage else { return nil }
                return message
            }
        }
        users[userID]?.conversations[id] = conversation
    }

    /// Deletes every message of `id` so far from `userID`'s cloud history (the conversation stays,
    /// with no last message and nothing unread) and tells the user's devices (`.historyCleared`).
    ///
    /// - Throws: `invalidConversation` (6004) when the user does not have the conversation;
    ///   `checkPeer(of:)`'s errors.
    /// - Complexity: O(u + c) for u unread messages and c connections of the user.
    mutating func clearHistory(_ id: ConversationID, by userID: String, outbox: inout Outbox) throws(IMError) {
        try checkPeer(of: id)
        guard users[userID]?.conversations[id] != nil else {
            throw IMError(.invalidConversation, "no conversation \(id)")
        }
        let upTo = max(logs[logKey(of: id, seenBy: userID)]?.lastSeq ?? 0, users[userID]!.clearedSeq(of: id))
        users[userID]!.clearedSeqs[id] = upTo
        users[userID]!.conversations[id]!.clearHistory(upTo: upTo)
        announce(.historyCleared(id, upToSeq: upTo), to: userID, in: id, outbox: &outbox)
    }

    /// After `userID` read C2C conversation `id` up to `seq` (a read of theirs, not a pulled message
    /// reported by the legacy auto report), tells the peer how far: when the read passes the point
    /// the peer knows, the peer's devices get `.peerRead` (a read receipt), and it is kept for the
    /// peer's syncs. Groups, a conversation with oneself, and a read that goes nowhere further tell
    /// nobody.
    ///
    /// - Complexity: O(connections of the peer).
    mutating func sendReadReceipt(_ id: ConversationID, upTo seq: UInt64, by userID: String, outbox: inout Outbox) {
        guard id.kind == .c2c, !id.target.isSameID(as: userID), users[id.target] != nil,
              let conversation = users[userID]?.conversations[id] else { return }
        let peer = id.target
        let peerSide = ConversationID.c2c(userID)
        let read = min(seq, conversation.lastSeq)
        guard read > (users[peer]!.peerReads[peerSide]?.seq ?? 0) else { return }
        let timestamp = logs[logKey(of: id, seenBy: userID)]?.message(seq: read)?.timestamp ?? 0
        let point = PeerReadPoint(seq: read, timestamp: timestamp)
        users[peer]!.peerReads[peerSide] = point
        announce(.peerRead(peerSide, point), to: peer, in: peerSide, outbox: &outbox)
    }
}
