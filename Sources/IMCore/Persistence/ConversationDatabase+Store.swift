import IMSQLite
import IMTransportKit

/// Reading the store's conversations back: the rows a store holds in memory, or everything.
extension ConversationDatabase {
    /// The row of `id` and its unsent messages (pending and imported): what a store holds of it in
    /// memory (its accepted messages stay stored); nil when it has no row.
    /// - Complexity: O(log n + p).
    package func stored(_ id: ConversationID) throws(PersistenceError) -> StoredConversation? {
        guard let conversation = try conversation(id) else { return nil }
        return StoredConversation(id: id, conversation: conversation, messages: [], pending: try pendingMessages(of: id))
    }

    /// Every conversation row with its unsent messages, largest sort key first: what a store
    /// holds in memory (see `stored(_:)`).
    /// - Complexity: O(n log n + p).
    package func listRows() throws(PersistenceError) -> [StoredConversation] {
        var unsent: [ConversationID: [Message]] = [:]
        let path = sqlite.path
        let rows = try connection.prepare(Self.allPendingSQL).query { row throws(PersistenceError) in
            var reader = RowReader(row, path: path)
            return (try reader.conversationID(), try reader.message())
        }
        for (id, message) in rows { unsent[id, default: []].append(message) }
        return try allConversations().map { conversation in
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
        + "\(messageColumns.joined(separator: ", ")) FROM pending_messages ORDER BY rowid"
}
