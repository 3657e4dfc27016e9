import IMSQLite
import IMTransportKit

/// Writing batches: as rows, or appended to the batch log and folded into the rows later.
///
/// A small batch that only stores messages (the common one: a message arriving), or changes
/// conversations without storing a message (a read report, a pin), is recorded as the
/// statements it would run (`SQLiteValueLog`) and appended to `batch_log` as one blob: its commit
/// writes one row in one B-tree instead of a row in each message index and a wide conversation row
/// per conversation, each on a page of its own. The log is folded, its statements run (the last
/// of each row, in key order) and its rows deleted, in one transaction, so many small batches'
/// pages are written once:
/// - before anything reads the tables (but the store's reads of messages, below) or writes them
///   otherwise: every such use goes through `connection`, which folds first, so what a read sees
///   is exactly what writing the rows would have left;
/// - when it holds `logFoldThreshold` bytes, in the transaction of the batch that reached it;
/// - when the owner asks (`foldLog()`), e.g. at logout, so the next login does not pay for it.
///
/// A large batch (more than `logBatchLimit` messages) gains nothing from the log, since its pages
/// are shared by its own messages already and the fold would write the same rows: it folds the log
/// and writes rows, as does a batch with any other change (a deletion, a cleared history, local
/// fields, ...). A batch is in the log or not, as its transaction committed or not: a crash keeps
/// the same batches as before, and the next use folds them.
///
/// The store's reads of messages are the exception: they read the tables as they are, and the
/// store holds every message of the log in memory until it is folded
/// (`ConversationDatabase+Messages.swift`). So while the disk refuses writes (full, read-only) and
/// the log cannot be folded, messages are still read; what needs the fold is reading conversation
/// rows (a list still loading after login, see `IMClient.completeNow(_:)`), until the disk recovers.
extension ConversationDatabase {
    /// How many bytes of logged batches a database folds at once by default: about 1,500 batches
    /// of one message, which the store keeps in memory until then besides its cache's 2,000
    /// written messages; a fold of this much takes tens of milliseconds, the longest a batch waits
    /// for one, and reads it into memory whole.
    package static let defaultLogFoldThreshold = 1 << 20

    /// The most messages a batch may store to go to the log by default; a larger one writes rows.
    package static let defaultLogBatchLimit = 100

    /// Writes message operations, then conversation rows, then the counters with `storage`'s
    /// order counter and sync version, in one transaction: appended to the batch log when it only
    /// stores messages, else as rows after folding the log.
    package func write<Conversations: Sequence<Conversation>>(
        _ operations: [StorageDelta.Operation], _ conversations: Conversations, counters: UnreadCounters,
        storage: StorageDelta
    ) throws(PersistenceError) {
        try transaction { () throws(PersistenceError) in
            if canLog(operations) {
                try appendToLog(operations, conversations, counters: counters, storage: storage)
                if try loggedCounts().bytes >= logFoldThreshold { try foldLog() }
            } else {
                try writeRows(operations, conversations, counters: counters, storage: storage)
            }
        }
    }

    /// Whether a batch of `operations` can go to the log: it only stores messages, at most
    /// `logBatchLimit` of them.
    func canLog(_ operations: [StorageDelta.Operation]) -> Bool {
        var messages = 0
        for operation in operations {
            switch operation {
            case .store: messages += 1
            case .removePending: break
            default: return false
            }
        }
        return messages <= logBatchLimit
    }

    /// Runs the logged batches (see `foldLogInTransaction()`) and empties the log, in one
    /// transaction (the current one, if one is open); nothing when the log is empty.
    ///
    /// - Throws: `.corrupt` when a logged batch cannot be decoded; the statements' errors (a full
    ///   disk: the log stays as it was, and the next use tries again).
    /// - Complexity: O(r log r) for r logged records, and their statements.
    package func foldLog() throws(PersistenceError) {
        guard try loggedCounts().batches > 0 else { return }
        if sqlite.isAutocommit {
            try transaction { () throws(PersistenceError) in try foldLogInTransaction() }
        } else {
            try foldLogInTransaction()
        }
    }

    /// Whether the log holds no batch (false when that cannot be read).
    package var isLogFolded: Bool { (try? loggedCounts().batches) == 0 }

    /// How many batches the log holds, and their bytes (read once after opening or a failure).
    package func loggedCounts() throws(PersistenceError) -> (batches: Int, bytes: Int) {
        if let logged { return logged }
        let counts = try sqlite.prepare("SELECT count(*), coalesce(sum(length(body)), 0) FROM batch_log")
            .query { (batches: $0.int(at: 0), bytes: $0.int(at: 1)) }.first ?? (0, 0)
        logged = counts
        return counts
    }

    /// Appends `body` to the log as a batch, as it is: for tests of damaged logs.
    package func insertLogBodyForTesting(_ body: [UInt8]) throws(PersistenceError) {
        try appendBody(body)
    }

    /// Appends one batch's records to the log and counts it.
    private func appendBody(_ body: [UInt8]) throws(PersistenceError) {
        let counts = try loggedCounts()
        try sqlite.prepare("INSERT INTO batch_log (body) VALUES (?)").execute { row throws(PersistenceError) in
            try row.append(body)
        }
        logged = (counts.batches + 1, counts.bytes + body.count)
    }

    // MARK: - Private

    /// Reads the whole log, then runs its records: the last of each conversation and of each
    /// accepted message in key order (so the B-trees are walked once, not once per record: each
    /// upsert sets every column, so the last one leaves what running them all would), the
    /// pending messages' records in append order (their rowids are their order), the last
    /// counters. Then empties the log.
    private func foldLogInTransaction() throws(PersistenceError) {
        let path = sqlite.path
        var bodies: [[UInt8]] = []
        try sqlite.prepare("SELECT body FROM batch_log ORDER BY id").withReset { select throws(PersistenceError) in
            while try select.step() {
                try select.withBlob(at: 0) { bodies.append(Array($0)) }
            }
        }
        var latest: [LoggedKey: LoggedRecord] = [:]
        var inOrder: [LoggedRecord] = []
        var counters: LoggedRecord?
        for (index, body) in bodies.enumerated() {
            try body.withBytes { bytes throws(PersistenceError) in
                try SQLiteValueLog.scan(bytes, path: path) { tag, range, values throws(PersistenceError) in
                    let record = LoggedRecord(body: index, range: range)
                    switch HotStatement(rawValue: tag) {
                    case .upsertConversation?, .upsertMessage?:
                        latest[try LoggedKey(tag: tag, values: values, path: path)] = record
                    case .upsertPending?, .deletePending?:
                        inOrder.append(record)
                    case .saveCounters?:
                        counters = record
                    case nil:
                        throw .corrupt(path: path, reason: "a batch in the log: unknown recorded statement \(tag)")
                    }
                }
            }
        }
        let statement = { (tag: UInt8) throws(PersistenceError) -> SQLiteStatement? in
            try HotStatement(rawValue: tag).map(self.unfoldedStatement)
        }
        let run = { (record: LoggedRecord) throws(PersistenceError) in
            try bodies[record.body].withBytes { bytes throws(PersistenceError) in
                _ = try SQLiteValueLog.replay(UnsafeRawBufferPointer(rebasing: bytes[record.range]), path: path, statement: statement)
            }
        }
        for (_, record) in latest.sorted(by: { $0.key < $1.key }) { try run(record) }
        for record in inOrder { try run(record) }
        if let counters { try run(counters) }
        try sqlite.prepare("DELETE FROM batch_log").execute()
        logged = (0, 0)
    }

    /// Where one record lies: which body, which bytes.
    private struct LoggedRecord {
        let body: Int
        let range: Range<Int>
    }

    /// The row a conversation's or an accepted message's record writes: the table, then the key
    /// in the order of the table's primary key (kind, target bytes, seq).
    private struct LoggedKey: Hashable, Comparable {
        let tag: UInt8
        let kind: Int64
        let target: [UInt8]
        let seq: Int64

        /// The key of the record whose values are `values` (kind, target, then for a message its
        /// ID and seq).
        init(tag: UInt8, values: SQLiteValueLog.Values, path: String) throws(PersistenceError) {
            self.tag = tag
            guard let kind = values.integer(0), let target = values.bytes(1),
                  let seq = tag == HotStatement.upsertMessage.rawValue ? values.integer(3) : 0 else {
                throw .corrupt(path: path, reason: "a batch in the log: a record without its key")
            }
            self.kind = kind
            self.target = target
            self.seq = seq
        }

        static func < (lhs: LoggedKey, rhs: LoggedKey) -> Bool {
            if lhs.tag != rhs.tag { return lhs.tag < rhs.tag }
            if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
            if lhs.target != rhs.target { return lhs.target.lexicographicallyPrecedes(rhs.target) }
            return lhs.seq < rhs.seq
        }
    }

    /// Appends the batch's statements to the log as one row (inside the caller's transaction).
    private func appendToLog<Conversations: Sequence<Conversation>>(
        _ operations: [StorageDelta.Operation], _ conversations: Conversations, counters: UnreadCounters,
        storage: StorageDelta
    ) throws(PersistenceError) {
        var log = SQLiteValueLog(reusing: logBuffer)
        for operation in operations {
            switch operation {
            case .store(let message, let id, let countsAsUnread):
                log.beginRecord((message.seq != 0 ? HotStatement.upsertMessage : .upsertPending).rawValue)
                try Self.bind(message, in: id, countsAsUnread: countsAsUnread, to: &log)
            case .removePending(let messageID):
                log.beginRecord(HotStatement.deletePending.rawValue)
                try log.append(messageID)
            default:
                preconditionFailure("only a batch that canLog(_:) is logged")
            }
        }
        for conversation in conversations {
            log.beginRecord(HotStatement.upsertConversation.rawValue)
            try Self.bind(conversation, to: &log)
        }
        log.beginRecord(HotStatement.saveCounters.rawValue)
        try Self.bind(
            counters, orderCounter: storage.orderCounter, syncVersion: storage.syncVersion,
            serverEpoch: storage.serverEpoch, to: &log)
        let body = log.finish()
        try appendBody(body)
        logBuffer = body
    }

    /// Writes `operation` to the tables (inside the caller's transaction, the log folded).
    func apply(_ operation: StorageDelta.Operation) throws(PersistenceError) {
        switch operation {
        case .store(let message, let id, let countsAsUnread):
            try upsert(message, in: id, countsAsUnread: countsAsUnread)
        case .removePending(let messageID):
            try deletePendingMessage(id: messageID)
        case .delete(let id, let keepingMessages):
            try deleteConversation(id)
            if keepingMessages { try keepMessages(of: id) } else { try deleteMessages(of: id) }
        case .setLocalFields(let messageID, let fields):
            try setLocalFields(fields, ofMessage: messageID)
        case .clearMessages(let id, let upToSeq, let includingLocal):
            try clearMessages(of: id, upToSeq: upToSeq, includingLocal: includingLocal)
        case .conversationGroups(let groups):
            try saveConversationGroups(groups)
        case .removeMessages(let id):
            try removeMessages(of: id)
        case .deleteKeptMessages:
            try deleteKeptMessages()
        case .reviveKeptMessages(let id):
            try reviveKeptMessages(of: id)
        }
    }

    /// Writes the batch as rows, the log folded first (inside the caller's transaction).
    private func writeRows<Conversations: Sequence<Conversation>>(
        _ operations: [StorageDelta.Operation], _ conversations: Conversations, counters: UnreadCounters,
        storage: StorageDelta
    ) throws(PersistenceError) {
        try foldLog()
        for operation in operations { try apply(operation) }
        for conversation in conversations { try upsert(conversation) }
        try saveCounters(
            counters, orderCounter: storage.orderCounter, syncVersion: storage.syncVersion,
            serverEpoch: storage.serverEpoch)
    }
}
