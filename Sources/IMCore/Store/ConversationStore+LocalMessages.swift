import IMTransportKit

/// Messages changed on this device only: removal, import, the apps' local fields, and the local
/// lookups the legacy API has (history before any message, find by locator).
extension ConversationStore {
    // MARK: - Reading

    /// Up to `count` local messages of `id` older than `message` (nil: from the newest), newest
    /// first: pending sends (from the newest only), accepted and imported messages by time, never
    /// removed ones; see `MessageLog.history(before:count:)`.
    /// - Complexity: O(log m + count) in the common case.
    package func messages(of id: ConversationID, before message: Message?, count: Int) -> [Message] {
        guard let log = peek(id)?.log else { return [] }
        return log.history(before: log.cursor(before: message), count: count)
    }

    /// The local message of `id` with sequence `seq` (when above 0, and matching `random` when that
    /// is not nil), or else with ID `messageID`; nil when none is held or it was removed.
    /// - Complexity: O(log m) by sequence, O(m) by ID.
    package func message(in id: ConversationID, seq: UInt64, random: UInt32?, messageID: String?) -> Message? {
        guard let message = peek(id)?.log.message(seq: seq, id: messageID) else { return nil }
        if let random, seq > 0, message.random != random { return nil }
        return message
    }

    /// Whether the accepted message `seq` of `id` was removed from local storage.
    /// - Complexity: O(log m).
    package func isRemoved(seq: UInt64, in id: ConversationID) -> Bool {
        peek(id)?.log.isRemoved(seq: seq) ?? false
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

    /// Forgets the local fields of every message of `log` (its conversation was deleted with its
    /// messages; the database deletes its rows with the messages).
    /// - Complexity: O(m).
    mutating func forgetLocalFields(of log: MessageLog) {
        guard !localFields.isEmpty else { return }
        for messageID in log.allIDs { localFields[messageID] = nil }
    }

    // MARK: - Removing

    /// Removes `message` from the local storage of `id` (`TIMMessage.remove()`).
    ///
    /// An accepted message stays as a tombstone (its sequence, with its content erased): local
    /// history skips it, it no longer counts as unread nor as an @-mention, and a later delivery of
    /// it (a sync, a push) is a duplicate that changes nothing. A failed send or an imported message
    /// is deleted. When it was the last message, the newest remaining one takes its place (none when
    /// nothing is left). The read cursor, the order in the list and the server's copy do not change.
    /// Its local fields are forgotten.
    /// - Throws: `invalidConversation` when `id` is not in the list; `invalidParameters` for a
    ///   message not held here (or removed already), or one still being sent.
    /// - Complexity: O(log m + u) for an accepted message; O(p) or O(i) for the others.
    package mutating func removeMessage(_ message: Message, in id: ConversationID) throws(IMError) {
        try touching(id) { store throws(IMError) in
            guard let slot = store.entries.slot(of: id) else { throw Self.unknown(id) }
            let held = store.entries[slot: slot].access { $0.log.message(seq: message.seq, id: message.id) }
            guard let held else { throw IMError(.invalidParameters, "the message is not in local storage") }
            guard held.status != .sending else {
                throw IMError(.invalidParameters, "the message is still being sent")
            }
            var stored: Message?
            store.modify(id) { conversation, log in
                if held.seq > 0 {
                    stored = log.tombstone(seq: held.seq)
                    conversation.unreadCount = log.unreadCount
                    conversation.groupAtInfos.removeAll { $0.seq == held.seq }
                } else if held.isLocalImport {
                    _ = log.removeImported(id: held.id)
                } else {
                    _ = log.removePending(id: held.id)
                }
                if conversation.lastMessage?.id == held.id { conversation.lastMessage = log.newestListed() }
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
            store.modify(id) { conversation, log in
                for message in messages where log.message(seq: 0, id: message.id) == nil {
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
