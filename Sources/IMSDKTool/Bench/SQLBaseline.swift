import IMSQLite
import Foundation
import IMCore
import IMTransportKit

/// Baseline B2: SQL as the index, as other SDKs do it.
///
/// One row per conversation in SQLite, with an index on (pinned, time, arrival). Every message is an
/// upsert of its row; every page is `ORDER BY pinned DESC, time DESC, arrival DESC LIMIT ? OFFSET ?`;
/// the total unread is `SUM(unread)`; a read and a pin are an `UPDATE` of the row. Arrival breaks
/// ties inside one second, so the order equals the engine's. Marks are a column (a bit set, as the
/// engine's); a filtered page adds `WHERE marks & ? != 0` to the page's query.
///
/// In memory (`path == nil`) it is SQLite's `:memory:` database; on disk a file in WAL mode with
/// `synchronous = NORMAL` (the settings of IMCore's connection, which both use).
/// - Thread safety: not `Sendable`; one thread at a time (see `SQLiteConnection`).
final class SQLBaseline {
    /// One row of a page, with the last message a list cell shows.
    struct Row {
        let id: String
        let unread: Int
        let pinned: Bool
        let time: UInt64
        let lastMessageID: String?
        let lastMessageText: String?
    }

    private let connection: SQLiteConnection
    private let selfUserID: String
    /// The arrival counter, continued from the database at the first message after opening (not
    /// at opening: `MAX(arrival)` scans the table, and the cold start must not pay for it).
    private var arrivals: UInt64?

    /// Opens (creating when needed) the database at `path`, or an in-memory one when nil.
    init(path: String?, selfUserID: String = BenchWorkload.selfUserID) throws(PersistenceError) {
        connection = try SQLiteConnection(path: path)
        self.selfUserID = selfUserID
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS conversations (
                id TEXT PRIMARY KEY NOT NULL,
                pinned INTEGER NOT NULL DEFAULT 0,
                time INTEGER NOT NULL,
                arrival INTEGER NOT NULL,
                unread INTEGER NOT NULL DEFAULT 0,
                last_message_id TEXT,
                last_message_text TEXT,
                marks INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX IF NOT EXISTS conversations_order ON conversations (pinned, time, arrival);
            """)
    }

    private static let upsertSQL = """
        INSERT INTO conversations (id, time, arrival, unread, last_message_id, last_message_text)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET
            unread = unread + excluded.unread,
            time = excluded.time, arrival = excluded.arrival,
            last_message_id = excluded.last_message_id, last_message_text = excluded.last_message_text
        """
    private static let pageSQL = """
        SELECT id, unread, pinned, time, last_message_id, last_message_text FROM conversations
        ORDER BY pinned DESC, time DESC, arrival DESC LIMIT ? OFFSET ?
        """

    /// One incoming message: an upsert of its conversation's row (its own transaction unless
    /// inside `transaction`).
    func receive(_ message: Message) throws(PersistenceError) {
        let previous: UInt64
        if let arrivals {
            previous = arrivals
        } else {
            previous = try connection.prepare("SELECT MAX(arrival) FROM conversations").query { $0.uint64(at: 0) }.first ?? 0
        }
        let arrival = previous + 1
        arrivals = arrival
        let key = ListEntry.key(message.conversationID(selfUserID: selfUserID))
        let unread = message.sender == selfUserID ? 0 : 1
        try connection.prepare(Self.upsertSQL).execute([
            key, Int64(message.timestamp), Int64(arrival), unread, message.id, message.content.text,
        ])
    }

    /// Runs `body` in one transaction (a batch of messages).
    func transaction(_ body: () throws(PersistenceError) -> Void) throws(PersistenceError) {
        try connection.transaction(body)
    }

    /// A read report: `UPDATE ... SET unread = 0`.
    func markRead(_ id: ConversationID) throws(PersistenceError) {
        try connection.prepare("UPDATE conversations SET unread = 0 WHERE id = ?").execute([ListEntry.key(id)])
    }

    /// A pin or unpin: `UPDATE ... SET pinned = ?`.
    func setPinned(_ id: ConversationID, _ pinned: Bool) throws(PersistenceError) {
        try connection.prepare("UPDATE conversations SET pinned = ? WHERE id = ?").execute([pinned, ListEntry.key(id)])
    }

    /// Sets the marks of `id`: `UPDATE ... SET marks = ?`.
    func setMarks(_ id: ConversationID, _ marks: UInt64) throws(PersistenceError) {
        try connection.prepare("UPDATE conversations SET marks = ? WHERE id = ?").execute([Int64(bitPattern: marks), ListEntry.key(id)])
    }

    private static let markedPageSQL = """
        SELECT id, unread, pinned FROM conversations WHERE marks & ? != 0
        ORDER BY pinned DESC, time DESC, arrival DESC LIMIT ? OFFSET ?
        """

    /// The conversations carrying `mark`, as a walk of pages of `pageSize` by OFFSET, with the
    /// number of queries.
    /// - Complexity: O(n) per page: SQLite walks the order index and tests every row it passes.
    func markedList(_ mark: UInt64, pageSize: Int) throws(PersistenceError) -> (entries: [ListEntry], pages: Int) {
        var entries: [ListEntry] = []
        var pages = 0
        while true {
            let page = try connection.prepare(Self.markedPageSQL).query([Int64(bitPattern: mark), pageSize, entries.count]) { row in
                ListEntry(id: row.string(at: 0) ?? "", unread: row.int(at: 1), pinned: row.bool(at: 2))
            }
            pages += 1
            entries += page
            if page.count < pageSize { return (entries, pages) }
        }
    }

    /// `SELECT SUM(unread)`.
    /// - Complexity: O(n), a scan of the table.
    func totalUnread() throws(PersistenceError) -> Int {
        try connection.prepare("SELECT SUM(unread) FROM conversations").query { $0.int(at: 0) }.first ?? 0
    }

    /// The page of `count` rows from `offset`.
    /// - Complexity: O(offset + count): SQLite steps over the skipped rows of the index.
    func page(offset: Int, count: Int) throws(PersistenceError) -> [Row] {
        try connection.prepare(Self.pageSQL).query([count, offset]) { row in
            Row(id: row.string(at: 0) ?? "", unread: row.int(at: 1), pinned: row.bool(at: 2), time: row.uint64(at: 3),
                lastMessageID: row.string(at: 4), lastMessageText: row.string(at: 5))
        }
    }

    /// The whole list, as a walk of pages of `pageSize` by OFFSET (how such an SDK pages).
    /// - Complexity: O(n² / pageSize).
    func list(pageSize: Int = 50) throws(PersistenceError) -> [ListEntry] {
        var entries: [ListEntry] = []
        while true {
            let page = try page(offset: entries.count, count: pageSize)
            entries += page.map { ListEntry(id: $0.id, unread: $0.unread, pinned: $0.pinned) }
            if page.count < pageSize { return entries }
        }
    }
}
