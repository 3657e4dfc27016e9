import IMTransportKit

/// Answering the requests of a connection. Conversation IDs are from the requesting user's side.
extension ServerState {
    /// Applies `request` from a connection of `userID` and returns the response; pushes go to `outbox`.
    ///
    /// - Parameters:
    ///   - openedAt: the user's version when the asking connection opened (a sync from 0 brings the
    ///     messages delivered since); nil when replaying a journal.
    ///   - clock: the server time in seconds, read once by a send (after validation: the message's
    ///     timestamp), a sync (the cloud list's cut-off) and a revoke (its time limit) or read
    ///     receipts (their time), by nothing else.
    mutating func handle(
        _ request: IMRequest, from userID: String, openedAt: UInt64?, clock: () -> UInt64, outbox: inout Outbox
    ) throws(IMError) -> IMResponse {
        try checkUser(userID)
        switch request {
        case .syncChanges(let version):
            return .changes(changes(of: userID, since: version, now: clock(), connectionOpenedAt: openedAt))
        case .conversations(let ids):
            var states = conversations(ids, of: userID)
            Self.boundUnread(&states, budget: syncPageByteBudget)
            return .conversations(states)
        case .heartbeat:
            // O(1): a device behind this version lost a push.
            return .version(users[userID]?.version ?? 0)
        case .sendMessage(let outgoing):
            return .message(try send(outgoing, from: userID, clock: clock, outbox: &outbox))
        case .markRead(let id, let seq):
            let cursor = try markRead(id, upTo: seq, by: userID, outbox: &outbox)
            sendReadReceipt(id, upTo: seq, by: userID, outbox: &outbox)
            return .readSeq(cursor)
        case .setPinned(let id, let isPinned):
            try setPinned(id, isPinned, by: userID, outbox: &outbox)
            return .ok
        case .setReceiveOption(let ids, let option):
            try setReceiveOption(ids, option, by: userID, outbox: &outbox)
            return .ok
        case .deleteConversation(let id, let clearingMessages):
            try deleteConversation(id, clearingMessages: clearingMessages, by: userID, outbox: &outbox)
            return .ok
        case .history(let id, let beforeSeq, let count):
            return .messages(try history(of: id, seenBy: userID, before: beforeSeq, count: count))
        case .newerHistory(let id, let afterSeq, let count):
            return .messages(try newerHistory(of: id, seenBy: userID, after: afterSeq, count: count))
        case .deliveredHistory(let id, let beforeSeq, let count):
            return .messages(try deliveredHistory(of: id, to: userID, before: beforeSeq, count: count))
        case .setDraft(let id, let change):
            return .draft(try setDraft(id, change, by: userID, outbox: &outbox))
        case .profiles(let ids):
            var profiles: [ConversationID: ConversationProfile] = [:]
            for id in ids {
                profiles[id] = profile(of: id, seenBy: userID)
            }
            return .profiles(profiles)
        case .receiveOptions(let ids):
            for id in ids { try checkPeer(of: id) }
            return .receiveOptions(ids.map { users[userID]?.receiveOption(for: $0) ?? .receive })
        case .setGlobalReceiveOption(let option):
            guard option.isValid else { throw IMError(.invalidParameters, "invalid global receive option \(option)") }
            guard users[userID]?.globalReceiveOption != option else { return .ok }
            users[userID]?.globalReceiveOption = option
            // Outside the sync versions (version 0): every device online hears of it.
            outbox.push(.globalReceiveOption(option), version: 0, to: users[userID]?.connections ?? [])
            return .ok
        case .globalReceiveOption:
            return .globalReceiveOption(users[userID]?.globalReceiveOption ?? .default)
        case .revokeMessage(let id, let seq, let messageID):
            return .message(try revokeMessage(id, seq: seq, messageID: messageID, by: userID, clock: clock, outbox: &outbox))
        case .deleteMessages(let id, let seqs):
            try deleteMessages(id, seqs: seqs, by: userID)
            return .ok
        case .clearHistory(let id):
            try clearHistory(id, by: userID, outbox: &outbox)
            return .ok
        case .reportPulled(let id, let seq):
            return .readSeq(try markRead(id, upTo: seq, by: userID, outbox: &outbox))
        case .setMarks(let ids, let marks, let enable):
            let results = try setMarks(ids, marks, enable: enable, by: userID, outbox: &outbox)
            return .results(results, version: users[userID]?.version ?? 0)
        case .setCustomData(let ids, let data):
            let results = try setCustomData(ids, data, by: userID, outbox: &outbox)
            return .results(results, version: users[userID]?.version ?? 0)
        case .createConversationGroup(let name, let ids):
            return try createConversationGroup(name, ids, by: userID, outbox: &outbox)
        case .deleteConversationGroup(let name):
            return try deleteConversationGroup(name, by: userID, outbox: &outbox)
        case .renameConversationGroup(let name, let newName):
            return try renameConversationGroup(name, to: newName, by: userID, outbox: &outbox)
        case .addToConversationGroup(let name, let ids):
            return try addToConversationGroup(name, ids, by: userID, outbox: &outbox)
        case .removeFromConversationGroup(let name, let ids):
            return try removeFromConversationGroup(name, ids, by: userID, outbox: &outbox)
        case .sendReadReceipts(let id, let seqs):
            try sendReadReceipts(id, seqs: seqs, by: userID, clock: clock, outbox: &outbox)
            return .ok
        case .readReceipts(let id, let seqs):
            return .readReceipts(try readReceipts(id, seqs: seqs, of: userID))
        case .readMembers(let id, let seq, let read, let after, let count):
            return try readMembers(id, seq: seq, read: read, after: after, count: count, of: userID)
        case .modifyMessage(let id, let seq, let messageID, let expected, let edit):
            return .message(try modifyMessage(
                id, seq: seq, messageID: messageID, expected: expected, edit: edit, by: userID, outbox: &outbox))
        }
    }

    /// Every conversation of `userID`, ordered by ID.
    ///
    /// - Complexity: O(c log c + unread messages) for c conversations.
    func conversations(of userID: String) -> [ServerConversation] {
        guard let account = users[userID] else { return [] }
        return account.conversations.sorted { $0.key < $1.key }.map { id, conversation in
            serverConversation(id, conversation, of: userID, account: account)
        }
    }

    /// Moves the user's read cursor in `id` and tells their other devices when it moved.
    ///
    /// - Returns: the new cursor, `max(old, min(seq, lastSeq))`.
    mutating func markRead(
        _ id: ConversationID, upTo seq: UInt64, by userID: String, outbox: inout Outbox
    ) throws(IMError) -> UInt64 {
        guard var conversation = users[userID]?.conversations[id] else {
            // Deleted on another device (deletion not synced): everything up to the deletion is read.
            if !syncsConversationDeletion, let restart = users[userID]?.restartSeqs[id] { return restart }
            throw IMError(.invalidConversation, "no conversation \(id)")
        }
        let moved = conversation.markRead(upTo: seq)
        users[userID]?.conversations[id] = conversation
        if moved {
            announce(.readCursor(id, seq: conversation.readSeq), to: userID, in: id, outbox: &outbox)
        }
        return conversation.readSeq
    }

    /// Keeps `change` as the draft of `id` unless the kept one is newer (last writer wins; of two in
    /// the same second, the later to arrive) and tells the user's devices; returns the draft kept.
    private mutating func setDraft(
        _ id: ConversationID, _ change: DraftChange, by userID: String, outbox: inout Outbox
    ) throws(IMError) -> DraftChange {
        try checkPeer(of: id)
        users[userID]?.createConversationIfNeeded(id)
        if let kept = users[userID]?.conversations[id]?.draft, kept.timestamp > change.timestamp { return kept }
        users[userID]?.conversations[id]?.draft = change
        announce(.draft(id, change), to: userID, in: id, outbox: &outbox)
        return change
    }

    /// Pins or unpins `id` (creating it empty when pinning one the user lacks); at most 50 pinned.
    private mutating func setPinned(
        _ id: ConversationID, _ isPinned: Bool, by userID: String, outbox: inout Outbox
    ) throws(IMError) {
        try checkPeer(of: id)
        guard let account = users[userID] else { return }
        let wasPinned = account.conversations[id]?.isPinned ?? false
        guard wasPinned != isPinned else { return }
        if isPinned {
            guard account.pinnedCount < Self.maxPinnedConversations else {
                throw IMError(.limitExceeded, "at most \(Self.maxPinnedConversations) pinned conversations")
            }
            users[userID]?.withConversation(id) { $0.isPinned = true }
            users[userID]?.pinnedCount += 1
        } else {
            users[userID]?.conversations[id]?.isPinned = false
            users[userID]?.pinnedCount -= 1
        }
        announce(.pinned(id, isPinned), to: userID, in: id, outbox: &outbox)
    }

    /// Sets the receive option of each of `ids`. The option belongs to the peer or group: one the
    /// user has no conversation with gets it too, and no conversation is created for it (a device
    /// keeps it for when the conversation starts, as the server does).
    private mutating func setReceiveOption(
        _ ids: [ConversationID], _ option: ReceiveOption, by userID: String, outbox: inout Outbox
    ) throws(IMError) {
        guard !ids.isEmpty else { throw IMError(.invalidParameters, "no conversations") }
        for id in ids {
            try checkPeer(of: id)
        }
        for id in ids {
            guard let account = users[userID] else { return }
            guard account.receiveOption(for: id) != option else { continue }
            users[userID]?.receiveOptions[id] = option
            announce(.receiveOption(id, option), to: userID, in: id, outbox: &outbox)
        }
    }

    /// Removes the user's conversation `id`; a later message starts it again from this point, all
    /// read. With `clearingMessages` its history so far is hidden from the user too. The user's
    /// other devices hear of it only with `syncsConversationDeletion` (off, as the vendor ships it).
    private mutating func deleteConversation(
        _ id: ConversationID, clearingMessages: Bool, by userID: String, outbox: inout Outbox
    ) throws(IMError) {
        try checkPeer(of: id)
        let deletedAt = logs[logKey(of: id, seenBy: userID)]?.lastSeq ?? 0
        users[userID]?.restartSeqs[id] = deletedAt
        if clearingMessages {
            users[userID]?.clearedSeqs[id] = deletedAt
        }
        guard let removed = users[userID]?.conversations.removeValue(forKey: id) else { return }
        if clearingMessages {
            users[userID]?.keptDeliveries?[id] = nil
        } else {
            var kept = users[userID]?.keptDeliveries ?? [:]
            kept[id, default: []].formUnion(removed.deliveredSeqs)
            users[userID]?.keptDeliveries = kept
        }
        if removed.isPinned {
            users[userID]?.pinnedCount -= 1
        }
        // The vendor's default: the deleting device deletes it (on the answer), the user's other
        // devices keep it; no push, no tombstone, no version.
        guard syncsConversationDeletion else { return }
        announce(.conversationDeleted(id, clearingMessages: clearingMessages), to: userID, in: id, outbox: &outbox)
    }

    /// Up to `count` messages of `id` older than `beforeSeq` that `userID` has not deleted (with the
    /// conversation, its history, or one by one), newest first; revoked ones as revoked. Fewer when
    /// they pass `syncPageByteBudget` (`pageBytes(of:)` each; at least one), so the answer stays
    /// inside a socket frame whatever the messages weigh.
    ///
    /// - Complexity: O(`count` + the messages deleted one by one skipped).
    private func history(
        of id: ConversationID, seenBy userID: String, before beforeSeq: UInt64?, count: Int
    ) throws(IMError) -> [Message] {
        let page = try wholeHistory(of: id, seenBy: userID, before: beforeSeq, count: count)
        var bytes = 0
        let fitting = page.prefix { message in
            defer { bytes += Self.pageBytes(of: message) }
            return bytes == 0 || bytes + Self.pageBytes(of: message) <= syncPageByteBudget
        }
        return Array(fitting)
    }

    /// The messages of `id` that `userID` sees above `afterSeq`, oldest first (`.newerHistory`),
    /// as `history(of:seenBy:before:count:)` pages older ones (the same checks and byte budget).
    /// - Complexity: O(count + d) for d messages the user deleted that are skipped.
    private func newerHistory(
        of id: ConversationID, seenBy userID: String, after afterSeq: UInt64, count: Int
    ) throws(IMError) -> [Message] {
        try checkHistoryRequest(of: id, by: userID, count: count)
        guard let log = logs[logKey(of: id, seenBy: userID)] else { return [] }
        let deleted = users[userID]?.deletedSeqs[id] ?? []
        var page: [Message] = []
        var bytes = 0
        var after = max(afterSeq, users[userID]?.clearedSeq(of: id) ?? 0)
        filling: while page.count < count {
            let more = log.page(after: after, count: count - page.count)
            guard let newest = more.last else { break }
            for message in more where !deleted.contains(message.seq) {
                let size = Self.pageBytes(of: message)
                if !page.isEmpty && bytes + size > syncPageByteBudget { break filling }
                page.append(message)
                bytes += size
            }
            after = newest.seq
        }
        return page
    }

    /// The messages of `id` delivered to `userID` (`.deliveredHistory`) below `beforeSeq`, newest
    /// first, as `history(of:seenBy:before:count:)` pages them (the same checks and byte budget).
    /// - Complexity: O(log d + k) for d deliveries of the conversation, k of them looked at.
    private func deliveredHistory(
        of id: ConversationID, to userID: String, before beforeSeq: UInt64?, count: Int
    ) throws(IMError) -> [Message] {
        try checkHistoryRequest(of: id, by: userID, count: count)
        guard let account = users[userID], let conversation = account.conversations[id],
              let log = logs[logKey(of: id, seenBy: userID)] else { return [] }
        var page: [Message] = []
        var bytes = 0
        for delivery in conversation.deliveries(before: beforeSeq).reversed() where account.isVisible(delivery.seq, in: id) {
            guard let message = log.message(seq: delivery.seq) else { continue }
            let size = Self.pageBytes(of: message)
            if !page.isEmpty && bytes + size > syncPageByteBudget { break }
            page.append(message)
            bytes += size
            if page.count == count { break }
        }
        return page
    }

    /// Throws what a history request of `userID` for `id` fails with: a count that is not positive,
    /// an unknown peer or group, a group the user is not a member of.
    private func checkHistoryRequest(of id: ConversationID, by userID: String, count: Int) throws(IMError) {
        guard count > 0 else { throw IMError(.invalidParameters, "count must be positive") }
        try checkPeer(of: id)
        if id.kind == .group, groups[id.target]?.hasMember(userID) != true {
            throw IMError(.notGroupMember, "\(userID) is not a member of \(id.target)")
        }
    }

    /// `history(of:seenBy:before:count:)` without the byte budget.
    private func wholeHistory(
        of id: ConversationID, seenBy userID: String, before beforeSeq: UInt64?, count: Int
    ) throws(IMError) -> [Message] {
        try checkHistoryRequest(of: id, by: userID, count: count)
        let floor = users[userID]?.clearedSeq(of: id) ?? 0
        guard let log = logs[logKey(of: id, seenBy: userID)] else { return [] }
        guard let deleted = users[userID]?.deletedSeqs[id], !deleted.isEmpty else {
            return log.page(before: beforeSeq, above: floor, count: count)
        }
        var page: [Message] = []
        var before = beforeSeq
        while page.count < count {
            let more = log.page(before: before, above: floor, count: count - page.count)
            guard let oldest = more.last else { break }
            page += more.filter { !deleted.contains($0.seq) }
            before = oldest.seq
        }
        return page
    }
}
