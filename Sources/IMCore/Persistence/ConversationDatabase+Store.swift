import IMSQLite
import IMTransportKit

/// Reading the store's conversations back, whole.
extension ConversationDatabase {
    /// Everything stored of `id` (its row, its messages, its pending messages); nil when nothing is.
    /// - Complexity: O(log n + m log m).
    package func stored(_ id: ConversationID) throws(PersistenceError) -> StoredConversation? {
        let conversation = try conversation(id)
        let messages = try messages(of: id)
        guard conversation != nil || !messages.isEmpty else { return nil }
        let pending = conversation == nil ? [] : try pendingMessages(of: id)
        return StoredConversation(id: id, conversation: conversation, messages: messages, pending: pending)
    }

    /// Every stored conversation with its messages, then the kept messages of deleted ones.
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
}
