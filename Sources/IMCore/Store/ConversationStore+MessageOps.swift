import IMTransportKit

/// Message operations that change a conversation's row: revokes, cleared histories and the peer's
/// read receipts. They follow the store's rules (`touching(_:_:)`, `modify(_:_:)`); none is activity,
/// so the list order never changes.
extension ConversationStore {
    /// Takes the revoke of a message (`revoked`, status `.revoked`, as the server sends it).
    ///
    /// The message this store holds becomes revoked: it no longer counts as unread nor as an
    /// @-mention, stays in local history, and stays the last message when it was (shown revoked).
    /// With `announcing`, the batch's message events carry the revoke unless this store shows it
    /// revoked already (so a message that arrived revoked is never announced as revoked); a revoke of
    /// a message this store does not hold is announced too (an app may show it from the server's
    /// history). A message removed from local storage stays removed. A message a deleted
    /// conversation kept (a legacy deletion) is kept revoked, so it shows revoked when the
    /// conversation is created again; the server tells such a revoke to the user who deleted the
    /// conversation only when the message reached them, so it is announced too (also when the
    /// kept messages cannot be read, or a rebuild forgot them).
    /// - Complexity: O(log m + u) for m messages and u unread messages of the conversation.
    package mutating func applyRevoke(_ revoked: Message, announcing: Bool) {
        let id = revoked.conversationID(selfUserID: selfUserID)
        touching(id) { store in
            guard let log = store.peek(id)?.log else {
                if announcing { store.recorder.noteRevoked(revoked) }
                store.keepRevoked(revoked, in: id)
                return
            }
            let held = store.archiveView(id).held(seq: revoked.seq, in: log)
            if held?.message.isRevoked == true { return }
            if announcing { store.recorder.noteRevoked(revoked) }
            guard let held, !held.message.isRemoved else { return }
            var stored = held.message
            stored.status = .revoked
            store.modify(id) { conversation, log in
                log.put(HeldMessage(message: stored, countsAsUnread: false))
                if held.counts && stored.seq > conversation.readSeq { conversation.unreadCount -= 1 }
                conversation.groupAtInfos.removeAll { $0.seq == stored.seq }
                if conversation.lastMessage?.id == stored.id { conversation.lastMessage = stored }
                return nil
            }
            store.recorder.recordStorage(.store(stored, in: id, countsAsUnread: false))
        }
    }

    /// Makes the message `revoked` of `id`, a conversation that does not exist, revoked where its
    /// kept messages hold it (memory, or the archive); nothing when they do not, or it is revoked
    /// or removed already.
    private mutating func keepRevoked(_ revoked: Message, in id: ConversationID) {
        changeKept(seq: revoked.seq, in: id) { message in
            guard !message.isRevoked else { return false }
            message.status = .revoked
            return true
        }
    }

    /// Takes the change of a message (`modified`, as the server sends it after `modifyMessage`):
    /// the message this store holds takes its content and cloud data (in local history, and as the
    /// last message when it is); its status, unread count and @-mentions stay. With `announcing`,
    /// the batch's message events carry the change unless this store holds the message as it is
    /// already (so a change heard twice, by a push and a sync, is announced once); a change of a
    /// message this store does not hold is announced too (an app may show it from the server's
    /// history). A message removed from local storage stays removed, unannounced (its tombstone
    /// could not tell a second hearing from the first); one a deleted conversation kept (a legacy
    /// deletion) takes the change, as a revoke.
    /// - Complexity: O(log m) for m messages of the conversation.
    package mutating func applyModify(_ modified: Message, announcing: Bool) {
        let id = modified.conversationID(selfUserID: selfUserID)
        let edit = MessageEdit(of: modified)
        touching(id) { store in
            guard let log = store.peek(id)?.log else {
                if announcing { store.recorder.noteModified(modified) }
                store.changeKept(seq: modified.seq, in: id) { message in
                    guard MessageEdit(of: message) != edit else { return false }
                    (message.content, message.cloudCustomData) = (edit.content, edit.cloudCustomData)
                    return true
                }
                return
            }
            let held = store.archiveView(id).held(seq: modified.seq, in: log)
            if let held, held.message.isRemoved || MessageEdit(of: held.message) == edit { return }
            if announcing { store.recorder.noteModified(modified) }
            guard let held else { return }
            var stored = held.message
            (stored.content, stored.cloudCustomData) = (edit.content, edit.cloudCustomData)
            store.modify(id) { conversation, log in
                log.put(HeldMessage(message: stored, countsAsUnread: held.counts))
                if conversation.lastMessage?.id == stored.id { conversation.lastMessage = stored }
                return nil
            }
            store.recorder.recordStorage(.store(stored, in: id, countsAsUnread: held.counts))
        }
    }

    /// Changes the message `seq` of `id`, a conversation that does not exist, with `change` (false:
    /// nothing to change) where its kept messages hold it (memory, or the archive); nothing when
    /// they do not, or it is removed.
    private mutating func changeKept(seq: UInt64, in id: ConversationID, _ change: (inout Message) -> Bool) {
        let log = keptLogs[id] ?? MessageLog()
        guard let held = archiveView(id).held(seq: seq, in: log), !held.message.isRemoved else { return }
        var stored = held.message
        guard change(&stored) else { return }
        // Held in memory until written, also a message only the archive had: a second change in
        // the same batch of pushes (a change, then a revoke) reads this one, not the row before it.
        // Writing evicts it again (`noteWritten(batchLogFolded:)`).
        keptLogs[id, default: MessageLog()].put(HeldMessage(message: stored, countsAsUnread: false))
        recorder.recordStorage(.store(stored, in: id, countsAsUnread: false))
        // Without its database, for the file left behind (`LeftBehindChanges`).
        leftBehind?.noteKeptMessageChanged(stored, in: id)
    }

    /// Drops every message of `id` up to sequence `seq` (its history was cleared, here or on another
    /// device): the conversation stays, in its place, with the newest remaining message as the last
    /// one (none when nothing is left: messages still being sent stay, and, without
    /// `includingLocal`, imported ones), nothing unread up to `seq`, and the read cursor at least
    /// there. With `includingLocal` (the device that cleared it), its imported messages and failed
    /// sends go too. The local fields of the dropped messages are forgotten. Nothing happens when
    /// `id` does not exist or holds nothing to drop.
    /// - Complexity: O(m) for m local messages of the conversation.
    package mutating func clearHistory(_ id: ConversationID, upTo seq: UInt64, includingLocal: Bool) {
        touching(id) { store in
            guard let (current, log) = store.peek(id) else { return }
            let view = store.archiveView(id)
            let hasAccepted = view.newest(atOrBelow: seq, in: log) != nil
            let hasLocal = includingLocal && (!log.imported.isEmpty || log.pending.contains { $0.status == .failed })
            guard hasAccepted || hasLocal || current.readSeq < seq else { return }
            var dropped = view.storedIDsWithLocalFields(upTo: seq, anyLocalFields: !store.localFields.isEmpty)
            store.hideStoredMessages(of: id, upTo: seq)
            let cleared = store.archiveView(id)
            store.modify(id) { conversation, log in
                dropped += log.dropAccepted(upTo: seq)
                if includingLocal { dropped += log.dropLocal() }
                conversation.lastSeq = max(conversation.lastSeq, seq)
                conversation.readSeq = max(conversation.readSeq, seq)
                conversation.forgetHiddenUnreadIfAllRead()
                let cursor = conversation.readSeq
                conversation.unreadCount = cursor >= conversation.lastSeq ? 0 : cleared.countUnread(above: cursor, in: log)
                conversation.groupAtInfos.removeAll { $0.seq <= seq }
                conversation.lastMessage = cleared.newestListed(in: log)
                return nil
            }
            for messageID in dropped { store.localFields[messageID] = nil }
            store.recorder.recordStorage(.clearMessages(id, upToSeq: seq, includingLocal: includingLocal))
        }
    }

    /// Removes `message` from the local storage of `id` (V2 `deleteMessageFromLocalStorage`): as
    /// `removeMessage(_:in:)` does for a message held here; a sent message this store does not hold
    /// (one of the server's history) is stored as a tombstone, so neither local history nor a later
    /// sync shows it.
    /// - Throws: `invalidConversation` when `id` is not in the list; `invalidParameters` for a
    ///   message removed already, one still being sent, or an unsent one not held here.
    /// - Complexity: as `removeMessage(_:in:)`; O(log m) for a tombstone (O(m) out of order).
    package mutating func forgetMessage(_ message: Message, in id: ConversationID) throws(IMError) {
        try touching(id) { store throws(IMError) in
            guard let log = store.peek(id)?.log else { throw Self.unknown(id) }
            guard message.seq > 0, store.archiveView(id).held(seq: message.seq, in: log) == nil else {
                try store.removeMessage(message, in: id)
                return
            }
            let tombstone = message.removed
            // The server counts it unread while it is above the cursor (this device never did).
            let hidesUnread = !message.sender.isSameID(as: store.selfUserID) && !message.isExcludedFromUnreadCount
                && !message.isRevoked
            store.modify(id) { conversation, log in
                _ = log.insert(HeldMessage(message: tombstone, countsAsUnread: false))
                conversation.lastSeq = max(conversation.lastSeq, tombstone.seq)
                if hidesUnread { conversation.hideRemovedUnread(seq: tombstone.seq) }
                return nil
            }
            store.recorder.recordStorage(.store(tombstone, in: id, countsAsUnread: false))
            store.setLocalFields(MessageLocalFields(), ofMessage: message.id)
        }
    }

    /// Removes every message of `id` from local storage only (the legacy `deleteLocalMessage`), as
    /// `removeMessage(_:in:)` removes one: accepted messages stay as tombstones (so no sync brings
    /// them back; the server's history still has them), imported messages and failed sends go,
    /// messages still being sent stay. The conversation stays in its place, with nothing unread, no
    /// @-mentions and no last message (or one being sent); its read cursor does not move. The local
    /// fields of the removed messages are forgotten.
    /// - Throws: `invalidConversation` when `id` does not exist.
    /// - Complexity: O(m) for m local messages of the conversation.
    package mutating func removeAllMessages(of id: ConversationID) throws(IMError) {
        try touching(id) { store throws(IMError) in
            guard let slot = store.entries.slot(of: id) else { throw Self.unknown(id) }
            let lastSeq = store.entries[slot: slot].lastSeq
            let stored = store.archiveView(id).storedIDsWithLocalFields(upTo: .max, anyLocalFields: !store.localFields.isEmpty)
            store.removeStoredMessages(of: id, upTo: lastSeq)
            let view = store.archiveView(id)
            var removed: (tombstones: [Message], dropped: [String]) = ([], [])
            store.modify(id) { conversation, log in
                removed = (log.tombstoneAccepted(), log.dropLocal())
                if conversation.unreadCount > 0 { conversation.hideRemovedUnread(seq: conversation.lastSeq) }
                conversation.unreadCount = 0
                conversation.groupAtInfos = []
                conversation.lastMessage = view.newestListed(in: log)
                return nil
            }
            if store.archive == nil {
                // Without its database, the file left behind takes the removal of the rows it has,
                // whose messages memory may not hold, and the tombstones (`LeftBehindChanges`).
                if store.leftBehind != nil { store.recorder.recordStorage(.removeMessages(id)) }
                for tombstone in removed.tombstones {
                    store.recorder.recordStorage(.store(tombstone, in: id, countsAsUnread: false))
                }
            } else {
                // The held tombstones and the stored rows, in one statement.
                store.recorder.recordStorage(.removeMessages(id))
            }
            for messageID in removed.tombstones.map(\.id) + stored {
                store.setLocalFields(MessageLocalFields(), ofMessage: messageID)
            }
            for messageID in removed.dropped {
                store.recorder.recordStorage(.removePending(id: messageID))
                store.setLocalFields(MessageLocalFields(), ofMessage: messageID)
            }
        }
    }

    /// Takes how far the peer of C2C conversation `id` has read (a read receipt): only forward, only
    /// for a conversation this store has. With `announcing`, the batch's message events carry the
    /// receipt when the point moved.
    /// - Complexity: O(1).
    package mutating func applyPeerRead(_ id: ConversationID, _ point: PeerReadPoint, announcing: Bool) {
        guard id.kind == .c2c else { return }
        touching(id) { store in
            guard let current = store.peek(id)?.conversation, point.seq > current.peerRead.seq else { return }
            store.modify(id) { conversation, _ in
                conversation.peerRead = point
                return nil
            }
            if announcing { store.recorder.noteReceipt(MessageEvents.Receipt(conversationID: id, point: point)) }
        }
    }
}
