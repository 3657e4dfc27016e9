import IMSQLite
import IMTransportKit

/// The database schema: an ordered list of forward migrations, the version kept in `PRAGMA user_version`.
///
/// A migration is never edited once released; a change is a new migration appended to the list.
/// Opening a database whose version is newer than `currentVersion` fails with `.newerSchema` and
/// changes nothing (a downgraded SDK must not wipe a newer SDK's data).
///
/// Integer encodings, for every table: `UInt64` values are stored as the `Int64` with the same bit
/// pattern, except `conversations.sort_key`, which has bit 63 flipped so that SQLite's signed order
/// is the unsigned order of sort keys (pinned keys have bit 63 set). Booleans are 0 or 1.
package enum Schema {
    struct Migration {
        /// The `user_version` the database has once this migration ran.
        let version: Int
        /// The statements, run in one transaction with the others still due.
        let sql: String
    }

    static let migrations: [Migration] = [
        Migration(version: 1, sql: version1),
        Migration(version: 2, sql: version2),
        Migration(version: 3, sql: version3),
        Migration(version: 4, sql: version4),
        Migration(version: 5, sql: version5),
        Migration(version: 6, sql: version6),
        Migration(version: 7, sql: version7),
        Migration(version: 8, sql: version8),
        Migration(version: 9, sql: version9),
        Migration(version: 10, sql: version10),
        Migration(version: 11, sql: version11),
        Migration(version: 12, sql: version12),
        Migration(version: 13, sql: version13),
    ]

    /// The newest version this code knows.
    package static var currentVersion: Int { migrations[migrations.count - 1].version }

    /// The `user_version` of the database (0 for a new, empty one).
    package static func version(of connection: SQLiteConnection) throws(PersistenceError) -> Int {
        try connection.prepare("PRAGMA user_version").query { $0.int(at: 0) }.first ?? 0
    }

    /// Brings the database to `currentVersion`, running every due migration in one transaction.
    ///
    /// - Throws: `.newerSchema` when the database is newer than this code (nothing is changed).
    package static func migrate(_ connection: SQLiteConnection, logger: IMLogger) throws(PersistenceError) {
        let found = try connection.transaction { () throws(PersistenceError) -> Int in
            let found = try version(of: connection)
            guard found <= currentVersion else { throw .newerSchema(found: found, known: currentVersion) }
            for migration in migrations where migration.version > found {
                try connection.execute(migration.sql)
            }
            if found < currentVersion {
                // Pragmas take no bound parameters; the value is this code's own constant.
                try connection.execute("PRAGMA user_version = \(currentVersion)")
            }
            return found
        }
        if found == 0 {
            logger.log(.info, "created the local database at \(connection.path) (schema version \(currentVersion))")
        } else if found < currentVersion {
            logger.log(.info, "database schema migrated from version \(found) to \(currentVersion)")
        }
    }

    /// Version 1: conversations, messages, pending messages and the counters.
    private static let version1 = """
        CREATE TABLE conversations (
            kind INTEGER NOT NULL,              -- ConversationID.Kind raw value: 1 C2C, 2 group, 3 system
            target TEXT NOT NULL,               -- peer user ID, group ID, or '' (system)
            sort_key INTEGER NOT NULL,          -- Conversation.sortKey with bit 63 flipped (list order); never read back
            order_key INTEGER NOT NULL,         -- Conversation.orderKey
            pinned INTEGER NOT NULL,            -- Conversation.isPinned
            last_seq INTEGER NOT NULL,          -- highest server sequence known
            read_seq INTEGER NOT NULL,          -- read cursor
            read_timestamp INTEGER NOT NULL,    -- server time of the message at the read cursor
            unread_count INTEGER NOT NULL,      -- unread messages, as the store counted them
            receive_option INTEGER NOT NULL,    -- ReceiveOption raw value
            marks INTEGER NOT NULL,             -- ConversationMarks raw value
            draft_text TEXT,                    -- NULL: no draft
            draft_timestamp INTEGER,            -- NULL exactly when draft_text is NULL
            name TEXT,                          -- ConversationProfile; NULL is nil
            remark TEXT,
            face_url TEXT,
            group_type TEXT,
            custom_data BLOB,                   -- NULL is nil; an empty blob is empty data
            at_infos BLOB NOT NULL,             -- unread @-mentions, 12 bytes each: seq UInt64 LE, type Int32 LE
            last_message_id TEXT,               -- the last message, columns as in `messages`; all NULL: none
            last_message_seq INTEGER,
            last_message_random INTEGER,
            last_message_timestamp INTEGER,
            last_message_sender TEXT,
            last_message_receiver_kind INTEGER,
            last_message_receiver_id TEXT,
            last_message_content_kind INTEGER,
            last_message_content_type INTEGER,
            last_message_content_text TEXT,
            last_message_content_data BLOB,
            last_message_at_user_ids BLOB,
            last_message_at_all INTEGER,
            last_message_excluded_from_unread INTEGER,
            last_message_excluded_from_last INTEGER,
            last_message_status INTEGER,
            PRIMARY KEY (kind, target)
        );
        -- Keyset paging: WHERE sort_key < ? ORDER BY sort_key DESC LIMIT ?
        CREATE INDEX conversations_by_sort_key ON conversations (sort_key DESC);

        -- Messages the server accepted. Rows whose conversation has no row are kept messages
        -- (a conversation deleted with its messages kept).
        CREATE TABLE messages (
            conversation_kind INTEGER NOT NULL, -- the conversation, as in `conversations`
            conversation_target TEXT NOT NULL,
            id TEXT NOT NULL,                   -- message ID
            seq INTEGER NOT NULL,               -- server sequence in the conversation, above 0
            random INTEGER NOT NULL,
            timestamp INTEGER NOT NULL,         -- server time, seconds
            sender TEXT NOT NULL,
            receiver_kind INTEGER NOT NULL,     -- 1 user, 2 group
            receiver_id TEXT NOT NULL,
            content_kind INTEGER NOT NULL,      -- 1 text, 2 custom, 3 other
            content_type INTEGER,               -- element type of "other" content, else NULL
            content_text TEXT,                  -- text content, else NULL
            content_data BLOB,                  -- custom or other payload, else NULL
            at_user_ids BLOB NOT NULL,          -- each ID: UInt32 LE byte count, then UTF-8 bytes
            at_all INTEGER NOT NULL,
            excluded_from_unread INTEGER NOT NULL,
            excluded_from_last INTEGER NOT NULL,
            status INTEGER NOT NULL,            -- MessageDeliveryStatus raw value
            counts_as_unread INTEGER NOT NULL,  -- counts while above the conversation's read cursor
            PRIMARY KEY (conversation_kind, conversation_target, seq)
        );

        -- My messages still being sent (sequence 0), oldest first by rowid; columns as in `messages`.
        CREATE TABLE pending_messages (
            conversation_kind INTEGER NOT NULL,
            conversation_target TEXT NOT NULL,
            id TEXT NOT NULL PRIMARY KEY,
            seq INTEGER NOT NULL,
            random INTEGER NOT NULL,
            timestamp INTEGER NOT NULL,
            sender TEXT NOT NULL,
            receiver_kind INTEGER NOT NULL,
            receiver_id TEXT NOT NULL,
            content_kind INTEGER NOT NULL,
            content_type INTEGER,
            content_text TEXT,
            content_data BLOB,
            at_user_ids BLOB NOT NULL,
            at_all INTEGER NOT NULL,
            excluded_from_unread INTEGER NOT NULL,
            excluded_from_last INTEGER NOT NULL,
            status INTEGER NOT NULL
        );
        CREATE INDEX pending_messages_by_conversation ON pending_messages (conversation_kind, conversation_target);

        -- The store's counters (UnreadCounters) and its order counter: one row, id 1.
        CREATE TABLE counters (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            total_unread INTEGER NOT NULL,
            muted_unread INTEGER NOT NULL,
            unread_conversations INTEGER NOT NULL,
            marked_unread_conversations INTEGER NOT NULL,
            pinned_conversations INTEGER NOT NULL,
            conversations INTEGER NOT NULL,
            order_counter INTEGER NOT NULL
        );
        """

    /// Version 2: the server version the store reflects, for incremental syncs.
    private static let version2 = """
        ALTER TABLE counters ADD COLUMN sync_version INTEGER NOT NULL DEFAULT 0;
        """

    /// Version 3: the apps' local fields of messages (legacy `customInt`/`customData`, V2
    /// `localCustomInt`/`localCustomData`), by message ID.
    ///
    /// From this version on, `pending_messages` also holds messages imported on this device
    /// (`TIMConversation.importMessages`): sequence 0 with status 2 (sent), which no pending message
    /// of mine has. And a removed message (`TIMMessage.remove()`) stays in `messages` with status 4
    /// and its content erased, so that a later delivery of its sequence is a duplicate.
    private static let version3 = """
        CREATE TABLE message_local_fields (
            message_id TEXT NOT NULL PRIMARY KEY,   -- the message's ID (unique across conversations)
            custom_int INTEGER NOT NULL,            -- MessageLocalFields.customInt
            custom_data BLOB                        -- MessageLocalFields.customData; NULL is nil
        ) WITHOUT ROWID;
        """

    /// Version 4: the epoch of the server state the sync version counts in
    /// (`IMConnection.serverEpoch`); NULL before the first sync, and in stores from before it was
    /// kept (a sync version without an epoch is rebuilt from the server at the next login).
    private static let version4 = """
        ALTER TABLE counters ADD COLUMN server_epoch TEXT;
        """

    /// Version 5: conversation groups (folders), which roam: the user's groups as the server keeps
    /// them, and on each conversation row the names of the groups holding it (so that a row read
    /// back alone, by a cold store or a page of the index, shows them).
    private static let version5 = """
        ALTER TABLE conversations ADD COLUMN conversation_groups BLOB;  -- group names (as at_user_ids); NULL: none
        CREATE TABLE conversation_groups (
            id INTEGER PRIMARY KEY,             -- the server's group ID (creation order)
            name TEXT NOT NULL,
            conversations BLOB NOT NULL         -- each: kind UInt8, then the target as at_user_ids
        );
        """

    /// Version 6: how far the peer of a C2C conversation has read my messages (their read receipts;
    /// 0 and 0 before any, and for groups).
    ///
    /// From this version on, a message revoked by its sender stays in `messages` (and as the last
    /// message) with status 6 (`MessageDeliveryStatus.revoked`) and its content, and never counts
    /// as unread.
    private static let version6 = """
        ALTER TABLE conversations ADD COLUMN peer_read_seq INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE conversations ADD COLUMN peer_read_timestamp INTEGER NOT NULL DEFAULT 0;
        """

    /// Version 7: accepted messages are read back from the database a few at a time (a store keeps
    /// only recent ones in memory), also by message ID (`findMessages`): an index by ID. And the
    /// conversations deleted with their messages kept, so that a store knows them without scanning
    /// every message (filled from the messages that have no conversation row).
    private static let version7 = """
        CREATE INDEX messages_by_id ON messages (id);
        CREATE TABLE kept_conversations (
            kind INTEGER NOT NULL,              -- the conversation, as in `conversations`
            target TEXT NOT NULL,
            PRIMARY KEY (kind, target)
        ) WITHOUT ROWID;
        INSERT INTO kept_conversations (kind, target)
            SELECT DISTINCT conversation_kind, conversation_target FROM messages
            WHERE NOT EXISTS (SELECT 1 FROM conversations WHERE kind = conversation_kind AND target = conversation_target);
        """

    /// Version 8: the batch log, batches appended as one blob each and folded into the tables
    /// later (see `ConversationDatabase+BatchLog.swift`).
    private static let version8 = """
        -- Batches written as one blob each, not folded into the tables yet (ConversationDatabase+BatchLog).
        CREATE TABLE batch_log (
            id INTEGER PRIMARY KEY,             -- append order
            body BLOB NOT NULL                  -- the batch's statements, as SQLiteValueLog records
        );
        """

    private static let version9 = """
        -- How far a session that went on without this file heard each conversation
        -- (ConversationDatabase+Heard): the next login announces no message up to there again.
        CREATE TABLE heard_messages (
            kind INTEGER NOT NULL,
            target TEXT NOT NULL,
            seq INTEGER NOT NULL,               -- the conversation's last sequence that session held
            PRIMARY KEY (kind, target)
        ) WITHOUT ROWID;
        """

    /// Version 10: a custom message's description and extension (V2 `V2TIMCustomElem.desc` and
    /// `extension`, legacy `TIMCustomElem.desc` and `ext`). Content kind 4 in `messages`,
    /// `pending_messages` and the `last_message_` columns: custom content with either set, its
    /// `content_data` being `BlobCoding.encodeCustom(_:desc:ext:)`. No table changes; the version
    /// keeps an SDK from before it (which would take kind 4 for damage) from opening such a file.
    private static let version10 = """
        -- Content kind 4: custom content with a description or an extension (see Schema.version10).
        SELECT 1;
        """

    /// Version 11: whether a conversation hides unread messages removed from local storage, which
    /// the server still counts for the user's other devices (`Conversation.hidesUnread`); the
    /// column may be NULL, read as 0 (a batch logged before this version does not bind it). The
    /// counter of conversations marked unread becomes the one of those a read of everything scans
    /// for (`UnreadCounters.conversationsToScanForReads`): marked unread, or hiding unread.
    ///
    /// A file whose batch log is empty (folded at logout) learns both from its removed messages
    /// (status 4) above the read cursor that were not excluded from the unread count: in a C2C
    /// conversation those the peer sent; in a group, any (the file does not say which sender is
    /// its user; a read of everything then moves the cursor of a group over nothing unread, which
    /// is harmless). With batches in the log, whose rows would replace the ones set here, the
    /// removals from before this version are not known.
    private static let version11 = """
        ALTER TABLE conversations ADD COLUMN hides_unread INTEGER;  -- Conversation.hidesUnread; NULL is 0
        -- Marked unread (marks & 2) or hiding unread.
        ALTER TABLE counters RENAME COLUMN marked_unread_conversations TO scan_for_reads_conversations;
        UPDATE conversations SET hides_unread = 1
            WHERE NOT EXISTS (SELECT 1 FROM batch_log) AND EXISTS (
                SELECT 1 FROM messages
                WHERE conversation_kind = conversations.kind AND conversation_target = conversations.target
                    AND status = 4 AND excluded_from_unread = 0
                    -- seq > read_seq as unsigned numbers (one above Int64.max is stored negative)
                    AND ((seq < 0) > (conversations.read_seq < 0)
                        OR ((seq < 0) = (conversations.read_seq < 0) AND seq > conversations.read_seq))
                    AND (conversations.kind = 2 OR sender = conversations.target));
        UPDATE counters SET scan_for_reads_conversations = (
                SELECT count(*) FROM conversations WHERE (marks & 2) <> 0 OR hides_unread = 1)
            WHERE NOT EXISTS (SELECT 1 FROM batch_log);
        """

    /// Version 12: a message's cloud custom data (`Message.cloudCustomData`, V2
    /// `V2TIMMessage.cloudCustomData`), in a column each table has last (NULL: none), as a batch
    /// logged before this version binds its columns by position.
    private static let version12 = """
        ALTER TABLE messages ADD COLUMN cloud_custom_data BLOB;
        ALTER TABLE pending_messages ADD COLUMN cloud_custom_data BLOB;
        ALTER TABLE conversations ADD COLUMN last_message_cloud_custom_data BLOB;
        """

    /// Version 13: whether a message asks for read receipts (`Message.needReadReceipt`, V2
    /// `V2TIMMessage.needReadReceipt`), in a column each table has last (NULL: no), as version 12.
    private static let version13 = """
        ALTER TABLE messages ADD COLUMN need_read_receipt INTEGER;
        ALTER TABLE pending_messages ADD COLUMN need_read_receipt INTEGER;
        ALTER TABLE conversations ADD COLUMN last_message_need_read_receipt INTEGER;
        """
}
