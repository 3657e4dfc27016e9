import IMTransportKit

/// Messages changed on this device only: removal, import, the apps' local fields, and the local
/// lookups the legacy API has (history before any message, find by locator).
extension ConversationStore {
    // MARK: - Reading

    /// Up to `count` local messages of `id` older than `message` (nil: from the newest), newest
    /// first: pending sends (from the newest only), accepted and imported messages by time, never
    /// removed ones; see `ArchiveView.history(before:count:in:)`. With an archive, the page is read
    /// from it where memory does not hold the messages.
    /// - Complexity: O(log m + count) in the common case, plus a read of about `count` stored rows.
    package func messages(of id: ConversationID, before message: Message?, count: Int) -> [Message] {
        guard let log = peek(id)?.log else { return [] }
        let view = archiveView(id)
        return view.history(before: view.cursor(before: message, in: log), count: count, in: log)
    }

    /// Up to `count` local messages of `id` newer than sequence `afterSeq` (0: from the first),
    /// oldest first: the accepted ones (removed ones skipped), then, once they are exhausted, the
    /// ones still being sent or failed (which come after every accepted one). Imported messages
    /// are not in these pages.
    /// - Complexity: O(log m + count + r), r being the removed messages skipped, plus the
    ///   archive's reads.
    package func messages(of id: ConversationID, after afterSeq: UInt64, count: Int) -> [Message] {
        guard count > 0, let log = peek(id)?.log else { return [] }
        var result: [Message] = []
        archiveView(id).forEachAscending(above: afterSeq, in: log, chunk: min(count, 1_023) + 1) { held in
            if !held.message.isRemoved { result.append(held.message) }
            return result.count < count
        }
        for pending in log.pending where result.count < count { result.append(pending) }
        return result
    }

    /// `page`, a page of the server's history of `id` (newest first) before `cursor` (nil: from the
    /// newest), with the messages imported on this device that fall in its span merged in by time
    /// (V2's history shows the messages `insertC2CMessageToLocalStorage` added): those older than
    /// `cursor` and newer than the page's oldest message, or, when the page is empty (the server's
    /// history ended), every one older than `cursor`. As in local history, an accepted message is
    /// newer than an imported one of the same second, so each import comes in exactly one page of
    /// a walk whose cursor is each page's oldest message.
    /// - Complexity: O(i + p log p) for i imported messages and a page of p.
    package func mergingImports(into page: [Message], of id: ConversationID, before cursor: Message?) -> [Message] {
        guard let imported = peek(id)?.log.imported, !imported.isEmpty else { return page }
        let chosen = imported.filter { message in
            if let cursor {
                let older = cursor.isLocalImport
                    ? MessageLog.importOrder(message, cursor) : message.timestamp <= cursor.timestamp
                guard older else { return false }
            }
            return page.last.map { message.timestamp > $0.timestamp } ?? true
        }
        guard !chosen.isEmpty else { return page }
        return (page + chosen).sorted { newer, older in
            if newer.timestamp != older.timestamp { return newer.timestamp > older.timestamp }
            if newer.isLocalImport != older.isLocalImport { return !newer.isLocalImport }
            return newer.isLocalImport ? MessageLog.importOrder(older, newer) : newer.seq > older.seq
        }
    }

    /// The local message of `id` with sequence `seq` (when above 0, and matching `random` when that
    /// is not nil), or else with ID `messageID`; nil when none is held or it was removed.
    /// - Complexity: O(log m) by sequence, O(m) by ID.
    package func message(in id: ConversationID, seq: UInt64, random: UInt32?, messageID: String?) -> Message? {
        guard let log = peek(id)?.log, let message = archiveView(id).message(seq: seq, id: messageID, in: log) else {
            return nil
        }
        if let random, seq > 0, message.random != random { return nil }
        return message
    }

    /// The local message (not removed) with ID `messageID` in any conversation of the list, with
    /// that conversation: a message being sent, an imported one, or an accepted one held in
    /// memory or stored.
    /// - Precondition: the store is complete (`isComplete`).
    /// - Complexity: O(n + h) for n conversations and h messages held in memory, plus one archive
    ///   lookup by ID.
    package func message(withID messageID: String) -> (message: Message, conversation: Conversation)? {
        precondition(isComplete, "a cold store does not hold every conversation")
        guard !messageID.isEmpty else { return nil }
        for (_, entry) in entries.all {
            let log = entry.log
            if let unsent = log.pending.first(where: { $0.id == messageID }) ?? log.imported.first(where: { $0.id == messageID }) {
                return (unsent, entry.conversation)
            }
            if let held = log.messages.last(where: { $0.message.id == messageID }) {
                return held.message.isRemoved ? nil : (held.message, entry.conversation)
            }
        }
        guard let (id, row) = archive?.archive.message(withID: messageID), let entry = entries[id] else { return nil }
        guard let held = archiveView(id).held(seq: row.message.seq, in: entry.log), held.message.id == messageID,
              !held.message.isRemoved else { return nil }
        return (held.message, entry.conversation)
    }

    /// Whether the accepted message `seq` of `id` was removed from local storage.
    /// - Complexity: O(log m).
    package func isRemoved(seq: UInt64, in id: ConversationID) -> Bool {
        guard let log = peek(id)?.log else { return false }
        return archiveView(id).held(seq: seq, in: log)?.message.isRemoved ?? false
    }

    /// The local fields of the message with ID `messageID` (defaults when none were set).
    /// - Complexity: O(1).
    package func localFields(ofMessage messageID: String) -> MessageLocalFields {
        localFields[messageID] ?? MessageLocalFields()
    }

    // MARK: - Local fields

    /// Sets the local fields of the message with ID `messageID`, which need not be held here (a
    /// message of the server's history has them too); defaults forget them. No conversation
    /// changes, so the batch has no event; the database stores them with the batch.
    /// - Complexity: O(1).
    package mutating func setLocalFields(_ fields: MessageLocalFields, ofMessage messageID: String) {
        let kept = fields.isEmpty ? nil : fields
        guard localFields[messageID] != kept else { return }
        localFields[messageID] = kept
        recorder.recordStorage(.setLocalFields(messageID: messageID, kept))
    }

    /// Puts the stored local fields back (when the store is opened): no batch.
    package mutating func restoreLocalFields(_ fields: [String: MessageLocalFields]) {
        localFields.merge(fields) { _, stored in stored }
    }

    // MARK: - Removing

    /// Removes `message` from the local storage of `id` (`TIMMessage.remove()`).
    ///
    /// An accepted message stays as a tombstone (its sequence, with its content erased): local
    /// history skips it, it no longer counts as unread nor as an @-mention, and a later delivery of
    /// it (a sync, a push) is a duplicate that changes nothing. A failed send or an imported message
    /// is deleted. When it was the last message, the newest remaining one takes its place (none when
    /// nothing is left). The read cursor, the order in the list and the server's copy do not change;
    /// an unread one leaves the conversation hiding unread (`Conversation.hidesUnread`).
    /// Its local fields are forgotten.
    /// - Throws: `invalidConversation` when `id` is not in the list; `invalidParameters` for a
    ///   message not held here (or removed already), or one still being sent.
    /// - Complexity: O(log m + u) for an accepted message; O(p) or O(i) for the others.
    package mutating func removeMessage(_ message: Message, in id: ConversationID) throws(IMError) {
        try touching(id) { store throws(IMError) in
            guard let slot = store.entries.slot(of: id) else { throw Self.unknown(id) }
            let view = store.archiveView(id)
            let found: (message: Message, counts: Bool)? = {
                let log = store.entries.log(slot: slot)
                return view.message(seq: message.seq, id: message.id, in: log).map { found in
                    (found, found.seq > 0 && view.held(seq: found.seq, in: log)?.counts == true)
                }
            }()
            guard let (held, counted) = found else { throw IMError(.invalidParameters, "the message is not in local storage") }
            guard held.status != .sending else {
                throw IMError(.invalidParameters, "the message is still being sent")
            }
            var stored: Message?
            store.modify(id) { conversation, log in
                if held.seq > 0 {
                    stored = held.removed
                    log.put(HeldMessage(message: held.removed, countsAsUnread: false))
                    if counted && held.seq > conversation.readSeq {
                        conversation.unreadCount -= 1
                        conversation.hideRemovedUnread(seq: held.seq)
                    }
                    conversation.groupAtInfos.removeAll { $0.seq == held.seq }
                } else if held.isLocalImport {
                    _ = log.removeImported(id: held.id)
                } else {
                    _ = log.removePending(id: held.id)
                }
                if conversation.lastMessage?.id == held.id { conversation.lastMessage = view.newestListed(in: log) }
                return nil
            }
            if let stored {
                store.recorder.recordStorage(.store(stored, in: id, countsAsUnread: false))
            } else {
                store.recorder.recordStorage(.removePending(id: held.id))
            }
            store.setLocalFields(MessageLocalFields(), ofMessage: held.id)
        }
    }

    // MARK: - Importing

    /// Adds messages imported on this device to `id` (`TIMConversation.importMessages`), creating
    /// the conversation when needed.
    ///
    /// Imported messages (`Message.isLocalImport`) have no server sequence and never count as
    /// unread; local history places them by time. The newest one becomes the last message when it
    /// is newer than the current one (then the conversation moves up as for any activity at its
    /// time); older ones only fill history. A message whose ID is already held is skipped.
    /// - Precondition: every message is a local import (sequence 0, status `.sent`).
    /// - Complexity: O(k (log i + i)) for k messages.
    package mutating func importMessages(_ messages: [Message], into id: ConversationID) {
        precondition(messages.allSatisfy(\.isLocalImport), "only imported messages (sequence 0, sent) are imported")
        guard let newest = messages.max(by: MessageLog.importOrder) else { return }
        touching(id) { store in
            store.createIfNeeded(id, profile: nil, activity: newest.timestamp)
            var added: [Message] = []
            let view = store.archiveView(id)
            store.modify(id) { conversation, log in
                for message in messages where view.message(seq: 0, id: message.id, in: log) == nil {
                    log.insertImported(message)
                    added.append(message)
                }
                guard let last = added.filter({ !$0.isExcludedFromLastMessage }).max(by: MessageLog.importOrder),
                      Self.isNewerImport(last, than: conversation.lastMessage) else { return nil }
                conversation.lastMessage = last
                conversation.marks.remove(.hide)
                return last.timestamp
            }
            for message in added { store.recorder.recordStorage(.store(message, in: id, countsAsUnread: false)) }
        }
    }

    /// Whether the imported `message` should replace `current` as the last message: it is later, or
    /// an import of the same second that sorts after it (an accepted or pending message of the same
    /// second stays).
    private static func isNewerImport(_ message: Message, than current: Message?) -> Bool {
        guard let current else { return true }
        if message.timestamp != current.timestamp { return message.timestamp > current.timestamp }
        return current.isLocalImport && MessageLog.importOrder(current, message)
    }
}
