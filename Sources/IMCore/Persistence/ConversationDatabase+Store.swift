import IMSQLite
import IMTransportKit

/// Reading the store's conversations back: the rows a store holds in memory, or everything.
///
/// `stored(_:)` and `listRows()` read the tables as they are, without folding the batch log (a
/// write, which a full disk refuses): they serve a store that has run over this database since
/// its log was last empty (`IMClient.openDatabase` folds it at login, `IMClient.loadStore` before
/// it reads). Every batch in the log was written by that store, so it holds each conversation the
/// log changed in memory (a cold store loaded it before it changed it, and never asks for it
/// again; a deleted one included), and what it asks these reads for is what no logged batch
/// touched: the tables already show it as the fold would.
extension ConversationDatabase {
    /// The row of `id` and its unsent messages (pending and imported): what a store holds of it in
    /// memory (its accepted messages stay stored); nil when it has no row. Reads the tables as
    /// they are (see above).
    /// - Complexity: O(log n + p).
    package func stored(_ id: ConversationID) throws(PersistenceError) -> StoredConversation? {
        guard let conversation = try conversations(Self.selectConversationSQL, Self.key(id), in: sqlite).first else {
            return nil
        }
        return StoredConversation(
            id: id, conversation: conversation, messages: [], pending: try pendingMessages(of: id, in: sqlite))
    }

    /// Every conversation row with its unsent messages, largest sort key first: what a store
    /// holds in memory (see `stored(_:)`). Reads the tables as they are (see above).
    /// - Complexity: O(n log n + p).
    package func listRows() throws(PersistenceError) -> [StoredConversation] {
        var unsent: [ConversationID: [Message]] = [:]
        let path = sqlite.path
        let rows = try sqlite.prepare(Self.allPendingSQL).query { row throws(PersistenceError) in
            var reader = RowReader(row, path: path)
            return (try reader.conversationID(), try reader.pendingMessage())
        }
        for (id, message) in rows { unsent[id, default: []].append(message) }
        return try conversations(Self.allConversationsSQL, [], in: sqlite).map { conversation in
            StoredConversation(id: conversation.id, conversation: conversation, messages: [],
                               pending: unsent[conversation.id] ?? [])
        }
    }

    /// Every stored conversation with its messages, then the kept messages of deleted ones: the
    /// whole database (for tests and diagnostics; a store reads `listRows()`).
    /// - Complexity: O(n log n + m log m).
    package func everything() throws(PersistenceError) -> [StoredConversation] {
        var result: [StoredConversation] = []
        for conversation in try allConversations() {
            result.append(StoredConversation(
                id: conversation.id, conversation: conversation, messages: try messages(of: conversation.id),
                pending: try pendingMessages(of: conversation.id)))
        }
        for id in try keptConversationIDs() {
            result.append(StoredConversation(id: id, conversation: nil, messages: try messages(of: id), pending: []))
        }
        return result
    }

    private static let allPendingSQL = "SELECT conversation_kind, conversation_target, "
        + "\(messageColumns.joined(separator: ", ")), \(trailing) FROM pending_messages ORDER BY rowid"
}
