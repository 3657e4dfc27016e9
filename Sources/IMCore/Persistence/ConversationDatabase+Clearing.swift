import IMSQLite
import IMTransportKit

/// Clearing a conversation's history (`StorageDelta.Operation.clearMessages`).
extension ConversationDatabase {
    /// Deletes the accepted messages of `id` with a sequence up to `upToSeq`, with their local
    /// fields; with `includingLocal`, also its imported messages and failed sends (status 3), never
    /// a message still being sent.
    /// - Complexity: O(k log m) for k messages deleted.
    func clearMessages(of id: ConversationID, upToSeq: UInt64, includingLocal: Bool) throws(PersistenceError) {
        let values: [any SQLiteBindable] = [Int64(id.kind.rawValue), id.target, Int64(bitPattern: upToSeq)]
        try connection.prepare(Self.clearLocalFieldsSQL).execute(values)
        try connection.prepare(Self.clearMessagesSQL).execute(values)
        if includingLocal {
            let pending: [any SQLiteBindable] = [
                Int64(id.kind.rawValue), id.target, Int64(MessageDeliveryStatus.sending.rawValue),
            ]
            try connection.prepare(Self.clearLocalFieldsOfPendingSQL).execute(pending)
            try connection.prepare(Self.clearPendingSQL).execute(pending)
        }
    }

    /// The messages of conversation (?1, ?2) with a sequence up to ?3, in unsigned order (a sequence
    /// above `Int64.max` is stored negative).
    private static let accepted = """
        conversation_kind = ?1 AND conversation_target = ?2
        AND (CASE WHEN ?3 < 0 THEN (seq >= 0 OR seq <= ?3) ELSE (seq >= 0 AND seq <= ?3) END)
        """
    private static let clearLocalFieldsSQL = """
        DELETE FROM message_local_fields WHERE message_id IN (SELECT id FROM messages WHERE \(accepted))
        """
    private static let clearMessagesSQL = "DELETE FROM messages WHERE \(accepted)"
    /// The imported messages and failed sends of conversation (?1, ?2): every unsequenced one not
    /// in status ?3 (sending).
    private static let localMessages = "conversation_kind = ?1 AND conversation_target = ?2 AND status <> ?3"
    private static let clearLocalFieldsOfPendingSQL = """
        DELETE FROM message_local_fields WHERE message_id IN (SELECT id FROM pending_messages WHERE \(localMessages))
        """
    private static let clearPendingSQL = "DELETE FROM pending_messages WHERE \(localMessages)"
}
