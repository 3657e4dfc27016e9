import IMSQLite
import IMTransportKit

/// What a session that went on without this file changed on this device alone (see
/// `LeftBehindChanges`): its logout writes it here, so that the next login, whose sync starts from
/// the file's stored version, shows the list as the session left it.
extension ConversationDatabase {
    /// In one transaction (the batch log folded first): applies `changes` in order, each deletion
    /// as a batch deleting the conversation would (its local messages too, unless kept: then the
    /// kept messages memory held are stored, the file may lack them), each removal or clear of
    /// history made again by a store over the file (`replay(_:in:holding:selfUserID:logger:)`, with
    /// the conversation as the session holds it at its end in `replayed`), each other
    /// change as the batch that made it would have, but for the local fields of a message the file
    /// does not hold (one that arrived after the session stopped writing: the next login's sync
    /// brings it again as the server has it); then takes from each conversation of `rows` (as the session
    /// holds it at its end) its draft, its place, and a last message without a sequence (imported,
    /// being sent, failed): into its stored row, or, for one the file does not have, a row with
    /// only those (the next login's sync brings its messages, and a message that arrives in a
    /// conversation never places it below where it stands: so a draft's place, cleared or not,
    /// stays; any messages the file kept of it since it was deleted are its own again, read, as
    /// when a conversation is created again). The counters are recounted from the rows, and the
    /// order counter raised to `orderCounter` so that no later key takes a place written here; the
    /// sync version stays the file's.
    /// - Complexity: O(c + n) for c changes and n stored conversations (the recount), plus each
    ///   removal or clear made again: O(m) for the m messages of its conversation.
    func recordLeftBehind(
        _ changes: [LeftBehindChanges.Change], rows: [Conversation], replayed: [ConversationID: Conversation],
        orderCounter: UInt64, selfUserID: String, logger: IMLogger
    ) throws(PersistenceError) {
        try transaction { () throws(PersistenceError) in
            try foldLog()
            for change in changes {
                switch change {
                case .deletion(let deletion):
                    try apply(.delete(deletion.id, keepingMessages: deletion.keepingMessages))
                    for held in deletion.keptMessages {
                        try upsert(held.message, in: deletion.id, countsAsUnread: held.countsAsUnread)
                    }
                case .operation(let operation):
                    if let id = LeftBehindChanges.conversation(replayedBy: operation) {
                        try replay(operation, in: id, holding: replayed[id], selfUserID: selfUserID, logger: logger)
                        continue
                    }
                    guard try holdsMessage(changedBy: operation) else { continue }
                    try apply(operation)
                }
            }
            let kept = try keptConversations()
            for held in rows {
                let localLast = held.lastMessage.flatMap { $0.seq == 0 ? $0 : nil }
                var row: Conversation
                if let stored = try conversation(held.id) {
                    row = stored
                } else {
                    row = try newRow(for: held, isKept: kept.contains(held.id))
                }
                row.draft = held.draft
                row.orderKey = held.orderKey
                if let localLast { row.lastMessage = localLast }
                try upsert(row)
            }
            let stored = try loadCounters()
            try saveCounters(
                try recount(), orderCounter: max(stored?.orderCounter ?? 0, orderCounter),
                syncVersion: stored?.syncVersion ?? 0, serverEpoch: stored?.serverEpoch)
        }
    }

    /// The row of a conversation the file lacks, from `held`, the session's: only its profile and
    /// conversation groups (they roam: the next login's sync brings any change of them since the
    /// file's version), and its messages come with that sync. When the file kept messages of it
    /// (`isKept`: it was deleted with its messages kept), they are its own again, read, as when a
    /// conversation is created again, as the session's was.
    private func newRow(for held: Conversation, isKept: Bool) throws(PersistenceError) -> Conversation {
        var row = Conversation(id: held.id, profile: held.profile)
        row.conversationGroups = held.conversationGroups
        guard isKept else { return row }
        try reviveKeptMessages(of: held.id)
        if let newest = try messages(in: held.id, above: 0, below: nil, limit: 1).first?.message {
            (row.lastSeq, row.readSeq, row.readTimestamp) = (newest.seq, newest.seq, newest.timestamp)
        }
        return row
    }

    /// Makes `operation` (a removal or clear of the history of `id`, see
    /// `LeftBehindChanges.replaysOnTheFile`) again, on a store over this file as it now is (inside
    /// the caller's transaction): the store changes the conversation's row as the operation would
    /// have with the file's messages (its last message, unread count and @-mentions), and its
    /// batch is written, the row in the place of `held`, the session's conversation (the messages
    /// that placed it may have come after the file stopped following). A conversation the file
    /// has no row of gets one first (`newRow(for:isKept:)`) when the session holds it, so that the
    /// row follows (a removed message the file lacks stays removed: the next login's sync finds
    /// the row at its sequence); else (deleted since) it takes the operation as it is.
    private func replay(
        _ operation: StorageDelta.Operation, in id: ConversationID, holding held: Conversation?, selfUserID: String,
        logger: IMLogger
    ) throws(PersistenceError) {
        var hasRow = try conversation(id) != nil
        if !hasRow, let held {
            try upsert(try newRow(for: held, isKept: try keptConversations().contains(id)))
            hasRow = true
        }
        guard hasRow, let stored = try loadCounters() else { return try apply(operation) }
        var store = ConversationStore(
            selfUserID: selfUserID, counters: stored.counters, orderCounter: stored.orderCounter,
            syncVersion: stored.syncVersion, serverEpoch: stored.serverEpoch,
            source: ColdSource { [self] id in try self.stored(id) })
        try store.keepMessages(in: self, logger: logger)
        do throws(IMError) {
            switch operation {
            case .clearMessages(_, let seq, let includingLocal):
                store.clearHistory(id, upTo: seq, includingLocal: includingLocal)
            case .removeMessages:
                try store.removeAllMessages(of: id)
            case .store(let tombstone, _, _):
                try store.forgetMessage(tombstone, in: id)
            default:
                break
            }
        } catch {
            // Removed here already (one message, then all of them): nothing more to do.
            logger.log(.debug, "recording \(operation) in the local database: \(error)")
        }
        if let failure = store.takeFailedRead() {
            throw failure as? PersistenceError ?? .corrupt(path: sqlite.path, reason: "\(failure)")
        }
        let batch = store.commitBatch()
        for operation in batch.storage.operations { try apply(operation) }
        for var conversation in [batch.added, batch.changed].joined() {
            if let held, conversation.id == id { conversation.orderKey = held.orderKey }
            try upsert(conversation)
        }
    }

    /// Whether the file holds the message `operation` changes, when it changes one it did not
    /// store itself (local fields); true for every other operation.
    private func holdsMessage(changedBy operation: StorageDelta.Operation) throws(PersistenceError) -> Bool {
        switch operation {
        case .setLocalFields(let messageID, _):
            return try !connection.prepare(
                "SELECT 1 FROM messages WHERE id = ?1 UNION ALL SELECT 1 FROM pending_messages WHERE id = ?1 LIMIT 1"
            ).query([messageID]) { _ in true }.isEmpty
        default:
            return true
        }
    }
}
