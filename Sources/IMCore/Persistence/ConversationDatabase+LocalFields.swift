import IMSQLite
import Foundation
import IMTransportKit

/// The local fields of messages (`message_local_fields`, schema version 3).
extension ConversationDatabase {
    /// Stores the local fields of the message with ID `messageID`; nil deletes them.
    package func setLocalFields(_ fields: MessageLocalFields?, ofMessage messageID: String) throws(PersistenceError) {
        guard let fields else {
            try connection.prepare("DELETE FROM message_local_fields WHERE message_id = ?").execute([messageID])
            return
        }
        try connection.prepare(Self.upsertLocalFieldsSQL).execute { row throws(PersistenceError) in
            try row.append(messageID)
            try row.append(Int64(fields.customInt))
            try row.append(fields.customData)
        }
    }

    /// Every stored message's local fields, by message ID.
    /// - Complexity: O(k), k being the messages with local fields.
    package func allLocalFields() throws(PersistenceError) -> [String: MessageLocalFields] {
        let path = sqlite.path
        let rows = try connection.prepare("SELECT message_id, custom_int, custom_data FROM message_local_fields")
            .query { row throws(PersistenceError) -> (String, MessageLocalFields) in
                guard let id = row.string(at: 0), let customInt = Int32(exactly: row.int64(at: 1)) else {
                    throw PersistenceError.corrupt(path: path, reason: "malformed local fields of a message")
                }
                return (id, MessageLocalFields(customInt: customInt, customData: row.data(at: 2)))
            }
        return Dictionary(rows, uniquingKeysWith: { _, last in last })
    }

    /// Deletes the local fields of every message of `id` (accepted, pending and imported); call it
    /// before deleting those messages.
    func deleteLocalFields(of id: ConversationID) throws(PersistenceError) {
        try connection.prepare(Self.deleteLocalFieldsSQL).execute([Int64(id.kind.rawValue), id.target])
    }

    private static let upsertLocalFieldsSQL = """
        INSERT INTO message_local_fields (message_id, custom_int, custom_data) VALUES (?, ?, ?)
        ON CONFLICT (message_id) DO UPDATE SET custom_int = excluded.custom_int, custom_data = excluded.custom_data
        """
    private static let deleteLocalFieldsSQL = """
        DELETE FROM message_local_fields WHERE message_id IN (
            SELECT id FROM messages WHERE conversation_kind = ?1 AND conversation_target = ?2
            UNION SELECT id FROM pending_messages WHERE conversation_kind = ?1 AND conversation_target = ?2)
        """
}
