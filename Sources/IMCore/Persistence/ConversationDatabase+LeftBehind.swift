import IMSQLite
import IMTransportKit

/// What a session that went on without this file changed on this device alone (see
/// `LeftBehindChanges`): its logout writes it here, so that the next login, whose sync starts from
/// the file's stored version, shows the list as the session left it.
extension ConversationDatabase {
    /// In one transaction (the batch log folded first): deletes the conversations of `deletions`,
    /// in order, as a batch deleting them would (their local messages too, unless kept: then the
    /// kept messages memory held are stored, the file may lack them); then gives
    /// each conversation of `drafted` (as the session holds it at its end) its draft and its place:
    /// into its stored row, or, for one the file does not have, a row with no messages (the next
    /// login's sync brings them; any the file kept of it since it was deleted are its own again,
    /// read, as when a conversation is created again), unless it has no draft. The counters are recounted from the rows, and the order counter
    /// raised to `orderCounter` so that no later key takes a place written here; the sync version
    /// stays the file's.
    /// - Complexity: O(d + n) for d changes and n stored conversations (the recount).
    package func recordLeftBehind(
        deletions: [LeftBehindChanges.Deletion], drafted: [Conversation], orderCounter: UInt64
    ) throws(PersistenceError) {
        try transaction { () throws(PersistenceError) in
            try foldLog()
            for deletion in deletions {
                try deleteConversation(deletion.id)
                guard deletion.keepingMessages else {
                    try deleteMessages(of: deletion.id)
                    continue
                }
                try keepMessages(of: deletion.id)
                for held in deletion.keptMessages {
                    try upsert(held.message, in: deletion.id, countsAsUnread: held.countsAsUnread)
                }
            }
            for held in drafted {
                var row: Conversation
                if let stored = try conversation(held.id) {
                    row = stored
                } else {
                    guard held.draft != nil else { continue }
                    row = Conversation(id: held.id, profile: held.profile)
                    // In the conversation groups holding it, as a conversation created is (they
                    // roam: the next login's sync brings any change of them since the file's version).
                    row.conversationGroups = held.conversationGroups
                    if try keepsMessages(of: held.id) {
                        // Created again, as the session's was: its kept messages are its own, read.
                        try reviveKeptMessages(of: held.id)
                        if let newest = try newestStoredMessage(of: held.id) {
                            (row.lastSeq, row.readSeq, row.readTimestamp) = (newest.seq, newest.seq, newest.timestamp)
                        }
                    }
                }
                row.draft = held.draft
                row.orderKey = held.orderKey
                try upsert(row)
            }
            let stored = try loadCounters()
            try saveCounters(
                try recount(), orderCounter: max(stored?.orderCounter ?? 0, orderCounter),
                syncVersion: stored?.syncVersion ?? 0, serverEpoch: stored?.serverEpoch)
        }
    }
}
