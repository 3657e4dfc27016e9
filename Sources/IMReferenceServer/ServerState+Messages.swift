import IMTransportKit

/// Sending: storing a message in its conversation's log and delivering it to each side.
extension ServerState {
    /// Stores `outgoing` from `senderID` and delivers it to the recipients and the sender's devices.
    ///
    /// Every connection of the sender gets the push too, the sending one included (the device
    /// tells its own sends apart).
    /// - Parameter clock: the server time in seconds, read once (after validation) for the timestamp.
    /// - Returns: the stored message, with its sequence.
    /// - Complexity: O(recipients + their connections), plus O(mentions) for a group message.
    mutating func send(
        _ outgoing: OutgoingMessage, from senderID: String, clock: () -> UInt64, outbox: inout Outbox
    ) throws(IMError) -> Message {
        try checkUser(senderID)
        if outgoing.onlineUserOnly { return try sendOnline(outgoing, from: senderID, now: clock(), outbox: &outbox) }
        switch outgoing.receiver {
        case .user(let peerID):
            try checkUser(peerID)
            let message = store(outgoing, from: senderID, in: .c2c(senderID, peerID), now: clock())
            recordForSender(message, in: .c2c(peerID), outbox: &outbox)
            if !peerID.isSameID(as: senderID), let profile = profile(of: .c2c(senderID), seenBy: peerID) {
                deliver(message, to: peerID, in: .c2c(senderID), profile: profile, mentioned: false,
                        keepsUnreadCount: true, outbox: &outbox)
            }
            return message
        case .group(let groupID):
            try checkGroup(groupID)
            guard let group = groups[groupID], group.hasMember(senderID) else {
                throw IMError(.notGroupMember, "\(senderID) is not a member of \(groupID)")
            }
            let message = store(outgoing, from: senderID, in: .group(groupID), now: clock())
            recordForSender(message, in: .group(groupID), outbox: &outbox)
            let mentioned = Set(message.atUserIDs.map(ExactID.init))
            let profile = group.profile
            for member in group.members where !member.isSameID(as: senderID) {
                deliver(message, to: member, in: .group(groupID), profile: profile,
                        mentioned: message.atAll || mentioned.contains(ExactID(member)),
                        keepsUnreadCount: group.keepsUnreadCount, outbox: &outbox)
            }
            return message
        }
    }

    /// An online message (`OutgoingMessage.onlineUserOnly`): pushed, unnumbered, to the devices
    /// online now of the receivers whose receive option lets it in (in a group, every member but
    /// the sender) and of the sender (as any message: the sending one tells its own apart), and
    /// stored nowhere: no log, no conversation, no version, no journal.
    /// - Returns: the message as sent, with sequence 0.
    /// - Complexity: O(recipients + their connections).
    private mutating func sendOnline(
        _ outgoing: OutgoingMessage, from senderID: String, now: UInt64, outbox: inout Outbox
    ) throws(IMError) -> Message {
        // Not from `generatedMessageIDs`: that counter is lasting state, and this send is not
        // journaled (a replay would hand the next stored message another ID than it got live).
        let id = outgoing.id.isEmpty ? "online-\(senderID)-\(now)-\(UInt32.random(in: 0...UInt32.max))" : outgoing.id
        let message = Message(outgoing, id: id, seq: 0, timestamp: now, sender: senderID, status: .sent)
        let recipients: [(userID: String, id: ConversationID, profile: ConversationProfile)]
        switch outgoing.receiver {
        case .user(let peerID):
            try checkUser(peerID)
            var sides: [(userID: String, id: ConversationID, profile: ConversationProfile)] = []
            if let profile = profile(of: .c2c(peerID), seenBy: senderID) { sides.append((senderID, .c2c(peerID), profile)) }
            if !peerID.isSameID(as: senderID), let profile = profile(of: .c2c(senderID), seenBy: peerID) {
                sides.append((peerID, .c2c(senderID), profile))
            }
            recipients = sides
        case .group(let groupID):
            try checkGroup(groupID)
            guard let group = groups[groupID], group.hasMember(senderID) else {
                throw IMError(.notGroupMember, "\(senderID) is not a member of \(groupID)")
            }
            recipients = [(senderID, .group(groupID), group.profile)]
                + group.members.filter { !$0.isSameID(as: senderID) }.map { ($0, .group(groupID), group.profile) }
        }
        let mentioned = Set(message.atUserIDs.map(ExactID.init))
        for recipient in recipients {
            guard let account = users[recipient.userID], !account.connections.isEmpty,
                  account.receiveOption(for: recipient.id).delivers(
                    mentioningRecipient: message.atAll || mentioned.contains(ExactID(recipient.userID)))
            else { continue }
            outbox.push(.onlineMessage(message, profile: recipient.profile), version: 0, to: account.connections)
        }
        return message
    }

    /// Appends `outgoing` to log `key` as a sent message with the next sequence.
    private mutating func store(
        _ outgoing: OutgoingMessage, from senderID: String, in key: ConversationLog.Key, now: UInt64
    ) -> Message {
        let id: String
        if outgoing.id.isEmpty {
            generatedMessageIDs += 1
            id = "server-\(generatedMessageIDs)"
        } else {
            id = outgoing.id
        }
        let message = Message(
            outgoing, id: id, seq: logs[key, default: ConversationLog()].nextSeq, timestamp: now, sender: senderID,
            status: .sent)
        logs[key, default: ConversationLog()].append(message)
        return message
    }

    /// Records the sender's own message in their conversation `id` (never unread) and pushes it to
    /// their devices (the sending one too: it numbers the change).
    private mutating func recordForSender(
        _ message: Message, in id: ConversationID, outbox: inout Outbox
    ) {
        let senderID = message.sender
        announceReceiveOptionIfStarting(id, for: senderID, outbox: &outbox)
        users[senderID]?.record(message, in: id, countsAsUnread: false)
        guard let profile = profile(of: id, seenBy: senderID) else { return }
        announce(.newMessage(message, profile: profile), to: senderID, in: id, outbox: &outbox)
    }

    /// Delivers `message` to `userID` in their conversation `id`, if their receive option lets it in.
    private mutating func deliver(
        _ message: Message, to userID: String, in id: ConversationID, profile: ConversationProfile,
        mentioned: Bool, keepsUnreadCount: Bool, outbox: inout Outbox
    ) {
        guard let option = users[userID]?.receiveOption(for: id),
            option.delivers(mentioningRecipient: mentioned)
        else { return }
        let countsAsUnread = keepsUnreadCount && !message.isExcludedFromUnreadCount
        announceReceiveOptionIfStarting(id, for: userID, outbox: &outbox)
        users[userID]?.record(message, in: id, countsAsUnread: countsAsUnread)
        announce(.newMessage(message, profile: profile), to: userID, in: id, outbox: &outbox)
    }

    /// Before the message that starts `id` for `userID` (new, again after a deletion, or the first
    /// in a conversation only a setting created), pushes the user's receive option for it when the
    /// user ever set one (`.receive` too): the option belongs to the peer or group and outlives the
    /// conversation, but a device drops it with a deleted conversation, and would otherwise count
    /// the muted conversation in its total; and a device that missed the push of a later option
    /// (a sync carries no conversation the user lacks) would keep the one it replaced, and leave
    /// the conversation out of its total although it is no longer muted.
    private mutating func announceReceiveOptionIfStarting(
        _ id: ConversationID, for userID: String, outbox: inout Outbox
    ) {
        guard let account = users[userID], account.conversations[id]?.lastMessage == nil,
              let option = account.receiveOptions[id] else { return }
        announce(.receiveOption(id, option), to: userID, in: id, outbox: &outbox)
    }
}
