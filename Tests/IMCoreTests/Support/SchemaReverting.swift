@testable import IMCore

extension ConversationDatabase {
    /// Undoes what schema versions 11 to 13 added (the `hides_unread` column, the counters' column
    /// renamed, the messages' trailing columns), so that a test can make a database of an earlier
    /// version; it sets no `user_version` (the caller does, after its own undoing).
    func revertMigrationsAfterVersion10() throws {
        try connection.execute("ALTER TABLE conversations DROP COLUMN hides_unread")
        try connection.execute("ALTER TABLE counters RENAME COLUMN scan_for_reads_conversations TO marked_unread_conversations")
        for column in Self.trailingMessageColumns {
            try connection.execute("ALTER TABLE messages DROP COLUMN \(column)")
            try connection.execute("ALTER TABLE pending_messages DROP COLUMN \(column)")
            try connection.execute("ALTER TABLE conversations DROP COLUMN last_message_\(column)")
        }
    }
}
