import IMSQLite
import IMTransportKit

/// The user's conversation groups (`conversation_groups`, schema version 5).
extension ConversationDatabase {
    /// Replaces the stored groups by `groups`.
    /// - Complexity: O(g + m) for g groups and m memberships (at most 20 groups).
    package func saveConversationGroups(_ groups: [ConversationGroup]) throws(PersistenceError) {
        try connection.prepare("DELETE FROM conversation_groups").execute([])
        let insert = try connection.prepare("INSERT INTO conversation_groups (id, name, conversations) VALUES (?, ?, ?)")
        for group in groups {
            try insert.execute([group.id, group.name, BlobCoding.encode(group.conversations)])
        }
    }

    /// The stored groups, in creation order.
    package func loadConversationGroups() throws(PersistenceError) -> [ConversationGroup] {
        let path = sqlite.path
        return try connection.prepare("SELECT id, name, conversations FROM conversation_groups ORDER BY id")
            .query { row throws(PersistenceError) -> ConversationGroup in
                guard let name = row.string(at: 1), let blob = row.data(at: 2),
                      let conversations = BlobCoding.decodeConversationIDs(blob) else {
                    throw PersistenceError.corrupt(path: path, reason: "malformed conversation group")
                }
                return ConversationGroup(id: row.uint64(at: 0), name: name, conversations: conversations)
            }
    }
}
