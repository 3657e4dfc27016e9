import IMSQLite
import Foundation
import IMTransportKit

/// The conversations, messages and counters of one user, on disk: the typed API the store persists through.
///
/// One database per (app ID, user), see `path(directory:appID:userID:)`. Writes are meant to run
/// inside `transaction { }`, so one store mutation lands atomically (outside one, each write is
/// its own transaction). Reads return values; none keeps a statement open.
/// - Thread safety: not `Sendable`; the owner serialises every call (see `SQLiteConnection`).
package final class ConversationDatabase {
    /// The connection as it is: the batch log (`ConversationDatabase+BatchLog.swift`) may still
    /// hold batches its tables do not show yet. Only the log's own code and transactions use it.
    let sqlite: SQLiteConnection
    /// The connection, with every logged batch folded into the tables first (a write when the log
    /// holds any): what every read and every write outside the log goes through. Exposed for
    /// tests and diagnostics, not for ad-hoc SQL by the store.
    /// - Throws: what folding throws (see `foldLog()`).
    package var connection: SQLiteConnection {
        get throws(PersistenceError) {
            try foldLog()
            return sqlite
        }
    }
    /// The statements of `HotStatement`, by raw value, once prepared (the connection owns them).
    private var hotStatements = [SQLiteStatement?](repeating: nil, count: HotStatement.allCases.count)
    /// The batches in the batch log and their bytes; nil when not known (not read since opening,
    /// or a transaction failed).
    var logged: (batches: Int, bytes: Int)?
    /// How many bytes the batch log holds at most: the batch that reaches it is folded with the
    /// log in its transaction. Settable for tests.
    package var logFoldThreshold = ConversationDatabase.defaultLogFoldThreshold
    /// The most messages a batch may store to go to the batch log; a larger one writes rows (0:
    /// only batches that store no message; negative: no batch). Settable for tests.
    package var logBatchLimit = ConversationDatabase.defaultLogBatchLimit
    /// The last batch appended to the log, kept for its storage (see `SQLiteValueLog.init(reusing:)`).
    var logBuffer: [UInt8] = []
    /// The connection's page limit before a test's injected fault changed it (`inject(_:)`).
    var maxPageCountBeforeFault: Int64?

    /// The page cache of a store's connection, in KiB.
    static let pageCacheKibibytes = 2_048

    private init(connection: SQLiteConnection) {
        self.sqlite = connection
    }

    // MARK: - Opening

    /// Opens the database at `path` (nil: a private in-memory one), creating (unless `creating` is
    /// false) and migrating it.
    ///
    /// Creates a missing directory with permissions 0700 and the file with 0600. Checks the file's
    /// header and, when `verifying`, every page (`PRAGMA quick_check`, O(file size)) before migrating.
    /// A login opens without verifying, so its cost does not grow with the database; the store's
    /// background warm-up verifies.
    /// - Throws: `.corrupt` for a file that is not a healthy database (an existing file of zero
    ///   bytes included: the first open writes the header, so an empty file lost its content),
    ///   `.newerSchema` for one written by a newer SDK, `.cannotOpen` when the file or directory
    ///   cannot be created or opened (or, when not `creating`, does not exist), `.diskFailure` when a
    ///   new database cannot be written.
    package static func open(
        at path: String?, logger: IMLogger, verifying: Bool = true, creating: Bool = true
    ) throws(PersistenceError) -> ConversationDatabase {
        if let path {
            try checkNotEmpty(at: path)
            if creating { try prepareFile(at: path) }
            try checkHeader(at: path)
        }
        let connection = try SQLiteConnection(path: path, creating: creating)
        if path != nil {
            // The store keeps recent messages itself and reads older ones a page at a time: SQLite's
            // default 2 MiB page cache (the connection's 16 MiB would be most of a 100k-conversation
            // store's memory). Ingest of a large database re-reads more index pages from the OS:
            // `imsdk bench`'s 2 million messages in 100k conversations take about a third longer.
            try connection.execute("PRAGMA cache_size = -\(Self.pageCacheKibibytes)")
        }
        if verifying { try verify(connection) }
        try Schema.migrate(connection, logger: logger)
        return ConversationDatabase(connection: connection)
    }

    /// Reads every page of the database once; throws `.corrupt` when one is damaged.
    /// - Complexity: O(file size).
    private static func verify(_ connection: SQLiteConnection) throws(PersistenceError) {
        let problems = try connection.prepare("PRAGMA quick_check(1)").query { $0.string(at: 0) ?? "" }
        if problems != ["ok"] {
            throw PersistenceError.corrupt(path: connection.path, reason: problems.joined(separator: "; "))
        }
    }

    /// Opens the database at `path`, replacing a corrupt file with a fresh database.
    ///
    /// The policy: a `.corrupt` file (garbage bytes, a damaged page, zero bytes) is moved aside with its
    /// `-wal`/`-shm` files to `<path>.corrupt-<unix seconds>` (as SQLite left them: a file with a
    /// valid header may have had its WAL checkpointed), logged as a warning, and an empty
    /// database takes its place; the error is returned as `recovered` so the caller can resync
    /// from the server. Anything else is thrown and nothing is moved: `.newerSchema` (the data of a
    /// newer SDK is kept for it; the caller decides, e.g. run in memory), `.cannotOpen`, `.diskFailure`, `.io`.
    package static func openOrRecover(
        at path: String?, logger: IMLogger, verifying: Bool = true
    ) throws(PersistenceError) -> (database: ConversationDatabase, recovered: PersistenceError?) {
        do {
            return (try open(at: path, logger: logger, verifying: verifying), nil)
        } catch {
            guard case .corrupt = error, let path else { throw error }
            let aside = try moveAside(path)
            logger.log(.warning, "\(error); moved it to \(aside) and started an empty database")
            return (try open(at: path, logger: logger), error)
        }
    }

    /// Runs `body` in one transaction; a throw rolls back every write it made.
    package func transaction<T>(_ body: () throws(PersistenceError) -> T) throws(PersistenceError) -> T {
        do {
            return try sqlite.transaction(body)
        } catch {
            logged = nil  // the log may have been appended to or folded, then rolled back
            throw error
        }
    }

    // MARK: - Writes

    /// Inserts or replaces the row of `conversation` (its last message included).
    package func upsert(_ conversation: Conversation) throws(PersistenceError) {
        try statement(.upsertConversation).execute { row throws(PersistenceError) in try Self.bind(conversation, to: &row) }
    }

    /// Deletes the row of `id`; its messages stay (they become kept messages) unless deleted too.
    package func deleteConversation(_ id: ConversationID) throws(PersistenceError) {
        try connection.prepare("DELETE FROM conversations WHERE kind = ? AND target = ?").execute(Self.key(id))
    }

    /// Deletes every message of `id`, accepted, pending and imported, with their local fields.
    package func deleteMessages(of id: ConversationID) throws(PersistenceError) {
        try reviveKeptMessages(of: id)
        try deleteLocalFields(of: id)
        try connection.prepare("DELETE FROM messages WHERE conversation_kind = ? AND conversation_target = ?")
            .execute(Self.key(id))
        try connection.prepare("DELETE FROM pending_messages WHERE conversation_kind = ? AND conversation_target = ?")
            .execute(Self.key(id))
    }

    /// Inserts or replaces `message` of conversation `id`.
    ///
    /// An accepted message (`seq > 0`) is keyed by (conversation, seq); a pending one (`seq == 0`)
    /// by its ID, keeping its place among the pending messages when updated. When a pending message
    /// is accepted, delete it with `deletePendingMessage(id:)` and upsert the accepted one.
    /// - Parameter countsAsUnread: whether the message counts while it is above the read cursor
    ///   (from someone else, not excluded, above the cursor when it arrived); ignored when pending.
    package func upsert(_ message: Message, in id: ConversationID, countsAsUnread: Bool) throws(PersistenceError) {
        let accepted = message.seq != 0
        try statement(accepted ? .upsertMessage : .upsertPending).execute { row throws(PersistenceError) in
            try Self.bind(message, in: id, countsAsUnread: countsAsUnread, to: &row)
        }
    }

    /// Binds the values of `upsertMessageSQL` (`message` accepted) or `upsertPendingSQL` (pending).
    static func bind<Row: SQLiteRow>(
        _ message: Message, in id: ConversationID, countsAsUnread: Bool, to row: inout Row
    ) throws(PersistenceError) {
        try bindKey(id, to: &row)
        try bind(message, to: &row)
        if message.seq != 0 { try row.append(countsAsUnread) }
        try row.append(message.cloudCustomData)
        try row.append(message.needReadReceipt)
    }

    /// Deletes the pending message with ID `id`, if any.
    package func deletePendingMessage(id: String) throws(PersistenceError) {
        try statement(.deletePending).execute([id])
    }

    /// Stores the counters, the store's order counter, its sync version and the server epoch that
    /// version counts in (the one row of `counters`).
    package func saveCounters(
        _ counters: UnreadCounters, orderCounter: UInt64, syncVersion: UInt64 = 0, serverEpoch: String? = nil
    ) throws(PersistenceError) {
        try statement(.saveCounters).execute { row throws(PersistenceError) in
            try Self.bind(counters, orderCounter: orderCounter, syncVersion: syncVersion, serverEpoch: serverEpoch, to: &row)
        }
    }

    /// Binds the values of `counterColumns`.
    static func bind<Row: SQLiteRow>(
        _ counters: UnreadCounters, orderCounter: UInt64, syncVersion: UInt64, serverEpoch: String?, to row: inout Row
    ) throws(PersistenceError) {
        for value in [
            1, counters.totalUnread, counters.mutedUnread, counters.unreadConversations,
            counters.conversationsToScanForReads, counters.pinnedConversations, counters.conversations,
        ] { try row.append(value) }
        try row.append(orderCounter)
        try row.append(syncVersion)
        try row.append(serverEpoch)
    }

    // MARK: - Reads

    /// The stored counters, order counter, sync version and server epoch; nil when none were saved yet.
    package func loadCounters() throws(PersistenceError)
        -> (counters: UnreadCounters, orderCounter: UInt64, syncVersion: UInt64, serverEpoch: String?)? {
        try connection.prepare(Self.loadCountersSQL).query { row in
            (counters: Self.counters(from: row), orderCounter: row.uint64(at: 6), syncVersion: row.uint64(at: 7),
             serverEpoch: row.string(at: 8))
        }.first
    }

    /// The conversation `id`, if stored.
    /// - Complexity: O(log n).
    package func conversation(_ id: ConversationID) throws(PersistenceError) -> Conversation? {
        try conversations(Self.selectConversationSQL, Self.key(id), in: connection).first
    }

    /// Up to `limit` conversations with a sort key below `sortKey` (nil: from the top), largest key first.
    ///
    /// Keyset paging: pass the `sortKey` of the last conversation of a page to get the next one.
    /// Sort keys are unique in the store; a row sharing the cursor's key would be skipped.
    /// - Complexity: O(log n + limit), served by the `sort_key` index.
    package func page(below sortKey: UInt64?, limit: Int) throws(PersistenceError) -> [Conversation] {
        precondition(limit >= 0, "page limit must not be negative")
        guard let sortKey else { return try conversations(Self.firstPageSQL, [limit], in: connection) }
        return try conversations(Self.nextPageSQL, [Self.sortKeyColumn(sortKey), limit], in: connection)
    }

    /// Every conversation, largest sort key first.
    /// - Complexity: O(n).
    package func allConversations() throws(PersistenceError) -> [Conversation] {
        try conversations(Self.allConversationsSQL, [], in: connection)
    }

    /// The accepted messages of `id` (kept ones included), ascending by seq, each with its
    /// `countsAsUnread` flag.
    /// - Complexity: O(m log m).
    package func messages(
        of id: ConversationID
    ) throws(PersistenceError) -> [(message: Message, countsAsUnread: Bool)] {
        let path = sqlite.path
        return try connection.prepare(Self.selectMessagesSQL).query(Self.key(id)) { row throws(PersistenceError) in
            var reader = RowReader(row, path: path)
            let held = try reader.heldMessage()
            return (held.message, held.countsAsUnread)
        }
    }

    /// The pending messages of `id` (not yet accepted), oldest first.
    package func pendingMessages(of id: ConversationID) throws(PersistenceError) -> [Message] {
        try pendingMessages(of: id, in: connection)
    }

    /// The pending messages of `id` as `tables` show them.
    func pendingMessages(of id: ConversationID, in tables: SQLiteConnection) throws(PersistenceError) -> [Message] {
        let path = sqlite.path
        return try tables.prepare(Self.selectPendingSQL).query(Self.key(id)) { row throws(PersistenceError) in
            var reader = RowReader(row, path: path)
            return try reader.pendingMessage()
        }
    }

    /// The conversations that have stored messages but no row: deleted with their messages kept.
    package func keptConversationIDs() throws(PersistenceError) -> [ConversationID] {
        let path = sqlite.path
        return try connection.prepare(Self.keptConversationsSQL).query { row throws(PersistenceError) in
            guard let kind = UInt8(exactly: row.int64(at: 0)).flatMap(ConversationID.Kind.init(rawValue:)),
                  let target = row.string(at: 1) else {
                throw PersistenceError.corrupt(path: path, reason: "malformed conversation of a kept message")
            }
            return ConversationID(kind: kind, target: target)
        }
    }

    /// The six counters from columns 0-5 of `row`, in the order both `loadCountersSQL` and
    /// `recountSQL` select them.
    private static func counters(from row: SQLiteStatement) -> UnreadCounters {
        var counters = UnreadCounters()
        counters.totalUnread = row.int(at: 0)
        counters.mutedUnread = row.int(at: 1)
        counters.unreadConversations = row.int(at: 2)
        counters.conversationsToScanForReads = row.int(at: 3)
        counters.pinnedConversations = row.int(at: 4)
        counters.conversations = row.int(at: 5)
        return counters
    }

    /// The counters recomputed by SQL from the conversation rows, to check the stored ones against.
    /// - Complexity: O(n).
    package func recount() throws(PersistenceError) -> UnreadCounters {
        // Parameter 1: the receive options whose unread counts in the total, one bit per raw value.
        let countingOptions = ReceiveOption.allCases.filter(\.countsInTotalUnread)
            .reduce(Int64(0)) { $0 | 1 << Int64($1.rawValue) }
        let rows = try connection.prepare(Self.recountSQL).query([countingOptions, ConversationMarks.unread.rawValue]) { row in
            Self.counters(from: row)
        }
        return rows.first ?? UnreadCounters()
    }

    /// The number of stored conversations.
    package func conversationCount() throws(PersistenceError) -> Int {
        try connection.prepare("SELECT count(*) FROM conversations").query { $0.int(at: 0) }.first ?? 0
    }

    // MARK: - Helpers

    /// The statements every batch runs, kept by the database so that finding one hashes no SQL
    /// text. The raw value is also the tag of the statement's records in the batch log.
    enum HotStatement: UInt8, CaseIterable {
        case upsertConversation, upsertMessage, upsertPending, saveCounters, deletePending

        var sql: String {
            switch self {
            case .upsertConversation: return ConversationDatabase.upsertConversationSQL
            case .upsertMessage: return ConversationDatabase.upsertMessageSQL
            case .upsertPending: return ConversationDatabase.upsertPendingSQL
            case .saveCounters: return ConversationDatabase.saveCountersSQL
            case .deletePending: return "DELETE FROM pending_messages WHERE id = ?"
            }
        }
    }

    /// The prepared statement of `hot`, the batch log folded first.
    private func statement(_ hot: HotStatement) throws(PersistenceError) -> SQLiteStatement {
        try foldLog()
        return try unfoldedStatement(hot)
    }

    /// The prepared statement of `hot`, prepared on first use; the batch log is left as it is.
    func unfoldedStatement(_ hot: HotStatement) throws(PersistenceError) -> SQLiteStatement {
        if let statement = hotStatements[Int(hot.rawValue)] { return statement }
        let statement = try sqlite.prepare(hot.sql)
        hotStatements[Int(hot.rawValue)] = statement
        return statement
    }

    static func key(_ id: ConversationID) -> [any SQLiteBindable] {
        [Int64(id.kind.rawValue), id.target]
    }

    /// The conversations `sql` selects as `tables` show them (`connection`, or `sqlite` for the
    /// tables without the batch log).
    func conversations(
        _ sql: String, _ values: [any SQLiteBindable], in tables: SQLiteConnection
    ) throws(PersistenceError) -> [Conversation] {
        let path = sqlite.path
        return try tables.prepare(sql).query(values) { row throws(PersistenceError) in
            var reader = RowReader(row, path: path)
            return try reader.conversation()
        }
    }

    // MARK: - SQL (column lists are this file's constants; values are always bound)

    /// `INSERT ... ON CONFLICT (key) DO UPDATE` of every non-key column (the rowid stays).
    private static func upsertSQL(_ table: String, _ columns: [String], key: [String]) -> String {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let updates = columns.filter { !key.contains($0) }.map { "\($0) = excluded.\($0)" }
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders)) "
            + "ON CONFLICT (\(key.joined(separator: ", "))) DO UPDATE SET \(updates.joined(separator: ", "))"
    }

    private static let conversationSelect = "SELECT \(conversationColumns.joined(separator: ", ")) FROM conversations"
    fileprivate static let upsertConversationSQL = upsertSQL("conversations", conversationColumns, key: ["kind", "target"])
    static let selectConversationSQL = conversationSelect + " WHERE kind = ? AND target = ?"
    private static let firstPageSQL = conversationSelect + " ORDER BY sort_key DESC LIMIT ?"
    private static let nextPageSQL = conversationSelect + " WHERE sort_key < ? ORDER BY sort_key DESC LIMIT ?"
    static let allConversationsSQL = conversationSelect + " ORDER BY sort_key DESC"

    fileprivate static let upsertMessageSQL = upsertSQL(
        "messages", ["conversation_kind", "conversation_target"] + messageColumns + ["counts_as_unread"] + trailingMessageColumns,
        key: ["conversation_kind", "conversation_target", "seq"]
    )
    fileprivate static let upsertPendingSQL = upsertSQL(
        "pending_messages", ["conversation_kind", "conversation_target"] + messageColumns + trailingMessageColumns, key: ["id"]
    )
    // A seq above Int64.max is stored negative: ordering by (seq < 0, seq) is the unsigned order.
    private static let selectMessagesSQL = "SELECT \(messageColumns.joined(separator: ", ")), counts_as_unread, \(trailing) "
        + "FROM messages WHERE conversation_kind = ? AND conversation_target = ? ORDER BY seq < 0, seq"
    private static let selectPendingSQL = "SELECT \(messageColumns.joined(separator: ", ")), \(trailing) "
        + "FROM pending_messages WHERE conversation_kind = ? AND conversation_target = ? ORDER BY rowid"
    private static let keptConversationsSQL = """
        SELECT conversation_kind, conversation_target FROM messages
        UNION SELECT conversation_kind, conversation_target FROM pending_messages
        EXCEPT SELECT kind, target FROM conversations
        ORDER BY 1, 2
        """

    private static let counterColumns = [
        "id", "total_unread", "muted_unread", "unread_conversations", "scan_for_reads_conversations",
        "pinned_conversations", "conversations", "order_counter", "sync_version", "server_epoch",
    ]
    fileprivate static let saveCountersSQL = upsertSQL("counters", counterColumns, key: ["id"])
    private static let loadCountersSQL = "SELECT \(counterColumns.dropFirst().joined(separator: ", ")) FROM counters WHERE id = 1"
    private static let recountSQL = """
        SELECT
            coalesce(sum(CASE WHEN (?1 >> receive_option) & 1 THEN unread_count ELSE 0 END), 0),
            coalesce(sum(CASE WHEN (?1 >> receive_option) & 1 THEN 0 ELSE unread_count END), 0),
            coalesce(sum(unread_count > 0), 0),
            coalesce(sum((marks & ?2) <> 0 OR coalesce(hides_unread, 0) <> 0), 0),
            coalesce(sum(pinned), 0),
            count(*)
        FROM conversations
        """
}
