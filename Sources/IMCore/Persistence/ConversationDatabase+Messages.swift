import IMSQLite
import IMTransportKit

/// Reading accepted messages a few at a time (the store's `MessageArchive`), and the bulk changes
/// the store records for them.
///
/// The reads see the tables as they are, without folding the batch log first (`tables`): the
/// store lays over them what it holds in memory, and it holds every message the log holds until
/// the log is folded (`ConversationStore.noteWritten(batchLogFolded:)`), so what it sees is
/// exact. A fold writes, which a full or read-only disk refuses: reading through it, every read
/// of a stored message failed while the log held a batch, and the operations that needed one
/// went on without it (a revoke of a stored message was lost, a message arriving again counted
/// twice).
///
/// Sequences are unsigned; one above `Int64.max` is stored negative. A range of sequences is
/// therefore read as at most two ranges of stored values (`storedRanges`), each served by the
/// primary key (conversation, seq).
extension ConversationDatabase {
    /// The connection for the store's reads of messages: the tables as they are (see above).
    private var tables: SQLiteConnection { sqlite }

    /// The stored accepted message `seq` of `id`, with its unread flag.
    /// - Complexity: O(log M).
    func message(in id: ConversationID, seq: UInt64) throws(PersistenceError) -> HeldMessage? {
        try heldMessages(Self.messageBySeqSQL, [Int64(id.kind.rawValue), id.target, Int64(bitPattern: seq)]).first
    }

    /// Up to `limit` stored accepted messages of `id` with `floor < seq < ceiling` (nil: no upper
    /// bound), newest first.
    /// - Complexity: O(log M + limit).
    func messages(
        in id: ConversationID, above floor: UInt64, below ceiling: UInt64?, limit: Int
    ) throws(PersistenceError) -> [HeldMessage] {
        guard limit > 0, floor < .max, ceiling != 0 else { return [] }
        var result: [HeldMessage] = []
        for (low, high) in Self.storedRanges(floor + 1, ceiling.map { $0 - 1 } ?? .max) {
            let values: [any SQLiteBindable] = [Int64(id.kind.rawValue), id.target, low, high, limit - result.count]
            result += try heldMessages(Self.messagesDescendingSQL, values)
            if result.count == limit { break }
        }
        return result
    }

    /// Up to `limit` stored accepted messages of `id` with `seq > floor`, oldest first.
    /// - Complexity: O(log M + limit).
    func messages(in id: ConversationID, above floor: UInt64, ascendingLimit limit: Int) throws(PersistenceError) -> [HeldMessage] {
        guard limit > 0, floor < .max else { return [] }
        var result: [HeldMessage] = []
        for (low, high) in Self.storedRanges(floor + 1, .max).reversed() {
            let values: [any SQLiteBindable] = [Int64(id.kind.rawValue), id.target, low, high, limit - result.count]
            result += try heldMessages(Self.messagesAscendingSQL, values)
            if result.count == limit { break }
        }
        return result
    }

    /// The sequences above `floor` of the stored messages of `id` that count as unread.
    /// - Complexity: O(log M + k) for k such messages.
    func unreadSequences(in id: ConversationID, above floor: UInt64) throws(PersistenceError) -> [UInt64] {
        guard floor < .max else { return [] }
        var result: [UInt64] = []
        for (low, high) in Self.storedRanges(floor + 1, .max) {
            result += try tables.prepare(Self.unreadSequencesSQL)
                .query([Int64(id.kind.rawValue), id.target, low, high]) { $0.uint64(at: 0) }
        }
        return result
    }

    /// The sequence of the newest stored message of `id` above `floor` sent at or before `seconds`.
    /// - Complexity: O(log M + k), k being the newer messages skipped.
    func newestSequence(in id: ConversationID, above floor: UInt64, atOrBefore seconds: UInt64) throws(PersistenceError) -> UInt64? {
        guard floor < .max else { return nil }
        for (low, high) in Self.storedRanges(floor + 1, .max) {
            let found = try tables.prepare(Self.newestAtOrBeforeSQL)
                .query([Int64(id.kind.rawValue), id.target, low, high, Int64(bitPattern: seconds)]) { $0.uint64(at: 0) }
            if let seq = found.first { return seq }
        }
        return nil
    }

    /// The stored accepted message of `id` with ID `messageID`.
    /// - Complexity: O(log M) (the index by message ID).
    func message(in id: ConversationID, messageID: String) throws(PersistenceError) -> HeldMessage? {
        try heldMessages(Self.messageByIDInConversationSQL, [Int64(id.kind.rawValue), id.target, messageID]).first
    }

    /// The stored accepted message with ID `messageID`, in whichever conversation.
    /// - Complexity: O(log M) (the index by message ID).
    func message(withID messageID: String) throws(PersistenceError) -> (id: ConversationID, held: HeldMessage)? {
        let path = sqlite.path
        let rows = try tables.prepare(Self.messageByIDSQL).query([messageID]) {
            row throws(PersistenceError) -> (id: ConversationID, held: HeldMessage) in
            var reader = RowReader(row, path: path)
            let id = try reader.conversationID()
            return (id, try reader.heldMessage())
        }
        return rows.first
    }

    /// The IDs of the stored accepted messages of `id` with `seq <= upTo` that have local fields.
    func messageIDsWithLocalFields(in id: ConversationID, upTo seq: UInt64) throws(PersistenceError) -> [String] {
        var result: [String] = []
        for (low, high) in Self.storedRanges(1, seq) {
            result += try tables.prepare(Self.idsWithLocalFieldsSQL)
                .query([Int64(id.kind.rawValue), id.target, low, high]) { $0.string(at: 0) ?? "" }
        }
        return result
    }

    // MARK: - Bulk changes

    /// Turns every stored accepted message of `id` into its tombstone (`Message.removed`: no
    /// content, no mentions, status deleted, not unread) and deletes their local fields.
    func removeMessages(of id: ConversationID) throws(PersistenceError) {
        let key: [any SQLiteBindable] = [Int64(id.kind.rawValue), id.target]
        try connection.prepare(Self.deleteLocalFieldsOfAcceptedSQL).execute(key)
        try connection.prepare(Self.removeMessagesSQL).execute(key + [
            ContentCode.custom, Int64(MessageDeliveryStatus.deleted.rawValue),
        ])
    }

    /// Deletes the messages (accepted, pending and imported) of every conversation with no row,
    /// with their local fields.
    func deleteKeptMessages() throws(PersistenceError) {
        for sql in Self.deleteKeptSQL { try connection.prepare(sql).execute() }
    }

    // MARK: - Kept conversations

    /// Records that `id` was deleted with its messages kept (`kept_conversations`).
    func keepMessages(of id: ConversationID) throws(PersistenceError) {
        try connection.prepare("INSERT OR IGNORE INTO kept_conversations (kind, target) VALUES (?, ?)")
            .execute([Int64(id.kind.rawValue), id.target])
    }

    /// Records that the messages of `id` are no longer kept for a deleted conversation (it exists
    /// again, or they were deleted).
    func reviveKeptMessages(of id: ConversationID) throws(PersistenceError) {
        try connection.prepare("DELETE FROM kept_conversations WHERE kind = ? AND target = ?")
            .execute([Int64(id.kind.rawValue), id.target])
    }

    /// The conversations deleted with their messages kept, as recorded.
    /// - Complexity: O(k) for k of them.
    package func keptConversations() throws(PersistenceError) -> Set<ConversationID> {
        let path = sqlite.path
        return Set(try connection.prepare("SELECT kind, target FROM kept_conversations").query { row throws(PersistenceError) in
            var reader = RowReader(row, path: path)
            return try reader.conversationID()
        })
    }

    // MARK: - Helpers

    /// The stored values of the unsigned sequences `low...high`: up to two signed ranges, the
    /// higher sequences first (those above `Int64.max` are stored negative).
    static func storedRanges(_ low: UInt64, _ high: UInt64) -> [(Int64, Int64)] {
        guard low <= high else { return [] }
        let boundary = UInt64(Int64.max)
        var ranges: [(Int64, Int64)] = []
        if high > boundary { ranges.append((Int64(bitPattern: max(low, boundary + 1)), Int64(bitPattern: high))) }
        if low <= boundary { ranges.append((Int64(low), Int64(min(high, boundary)))) }
        return ranges
    }

    private func heldMessages(_ sql: String, _ values: [any SQLiteBindable]) throws(PersistenceError) -> [HeldMessage] {
        let path = sqlite.path
        return try tables.prepare(sql).query(values) { row throws(PersistenceError) in
            var reader = RowReader(row, path: path)
            return try reader.heldMessage()
        }
    }

    /// What `RowReader.heldMessage()` reads.
    private static let heldColumns = messageColumns.joined(separator: ", ") + ", counts_as_unread, " + trailing
    private static let ofConversation = "conversation_kind = ?1 AND conversation_target = ?2"
    private static let messageBySeqSQL = "SELECT \(heldColumns) FROM messages WHERE \(ofConversation) AND seq = ?3"
    private static let messagesDescendingSQL = """
        SELECT \(heldColumns) FROM messages WHERE \(ofConversation) AND seq BETWEEN ?3 AND ?4
        ORDER BY seq DESC LIMIT ?5
        """
    private static let messagesAscendingSQL = """
        SELECT \(heldColumns) FROM messages WHERE \(ofConversation) AND seq BETWEEN ?3 AND ?4
        ORDER BY seq ASC LIMIT ?5
        """
    private static let unreadSequencesSQL = """
        SELECT seq FROM messages WHERE \(ofConversation) AND seq BETWEEN ?3 AND ?4
        AND counts_as_unread = 1 AND status NOT IN (4, 6)
        """
    private static let newestAtOrBeforeSQL = """
        SELECT seq FROM messages WHERE \(ofConversation) AND seq BETWEEN ?3 AND ?4 AND timestamp <= ?5
        ORDER BY seq DESC LIMIT 1
        """
    private static let messageByIDInConversationSQL = "SELECT \(heldColumns) FROM messages WHERE \(ofConversation) AND id = ?3"
    private static let messageByIDSQL = """
        SELECT conversation_kind, conversation_target, \(heldColumns) FROM messages WHERE id = ?1 LIMIT 1
        """
    private static let idsWithLocalFieldsSQL = """
        SELECT id FROM messages WHERE \(ofConversation) AND seq BETWEEN ?3 AND ?4
        AND id IN (SELECT message_id FROM message_local_fields)
        """
    private static let deleteLocalFieldsOfAcceptedSQL = """
        DELETE FROM message_local_fields WHERE message_id IN (SELECT id FROM messages WHERE \(ofConversation))
        """
    private static let removeMessagesSQL = """
        UPDATE messages SET content_kind = ?3, content_type = NULL, content_text = NULL, content_data = X'',
            at_user_ids = X'', at_all = 0, status = ?4, counts_as_unread = 0, cloud_custom_data = NULL,
            need_read_receipt = NULL
        WHERE \(ofConversation) AND status <> ?4
        """
    private static let keptConversations = """
        NOT EXISTS (SELECT 1 FROM conversations WHERE kind = conversation_kind AND target = conversation_target)
        """
    private static let deleteKeptSQL = [
        "DELETE FROM message_local_fields WHERE message_id IN (SELECT id FROM messages WHERE \(keptConversations))",
        "DELETE FROM message_local_fields WHERE message_id IN (SELECT id FROM pending_messages WHERE \(keptConversations))",
        "DELETE FROM messages WHERE \(keptConversations)",
        "DELETE FROM pending_messages WHERE \(keptConversations)",
        "DELETE FROM kept_conversations",
    ]
}
