import Foundation
import IMTransportKit

/// The client's database: opening it at login, serving the list while the store is cold, warming
/// the store up, and writing every batch.
extension IMClient {
    /// Closes the database and deletes its files, and empties the store: for a first login the
    /// server refused, which must leave nothing on disk.
    func discardDatabase() {
        guard let databasePath else { return }
        withState { state in
            state.database = nil
            state.store = ConversationStore(selfUserID: userID)
        }
        ConversationDatabase.removeFiles(at: databasePath)
    }

    /// Opens the user's database (when there is one) without reading every conversation: the store
    /// starts cold, with the stored counters, and loads conversations as they are touched.
    ///
    /// A corrupt file is moved aside and replaced by an empty database; the client logs it and
    /// reports a failed sync, and the sync that follows fills the store from the server again. A
    /// database written by a newer SDK is refused (`databaseFailure`), never wiped.
    func openDatabase() throws(IMError) {
        guard let databasePath else { return }
        do throws(PersistenceError) {
            let (database, recovered) = try ConversationDatabase.openOrRecover(
                at: databasePath, logger: logger, verifying: false)
            var store: ConversationStore
            if let stored = try database.loadCounters() {
                let logger = logger
                store = ConversationStore(
                    selfUserID: userID, counters: stored.counters, orderCounter: stored.orderCounter,
                    syncVersion: stored.syncVersion, source: ColdSource { id in
                        do throws(PersistenceError) {
                            return try database.stored(id)
                        } catch {
                            logger.log(.error, "cannot read \(id) from the local database: \(error)")
                            return nil
                        }
                    })
                store.restoreLocalFields(try database.allLocalFields())
            } else {
                store = try Self.loadStore(from: database, userID: userID, logger: logger)
            }
            withState { state in
                state.store = store
                state.database = database
                if let recovered { emit(.syncFailed(recovered.imError)) }
            }
        } catch {
            logger.log(.error, "cannot use the local database: \(error)")
            throw error.imError
        }
    }

    /// A complete store of `userID` holding everything `database` holds.
    /// - Complexity: O(n + m log m).
    package static func loadStore(
        from database: ConversationDatabase, userID: String, logger: IMLogger
    ) throws(PersistenceError) -> ConversationStore {
        var store = ConversationStore(selfUserID: userID)
        for stored in try database.everything() { store.restore(stored) }
        store.restoreLocalFields(try database.allLocalFields())
        if let stored = try database.loadCounters() {
            store.restoreOrderCounter(stored.orderCounter)
            store.advanceSyncVersion(to: stored.syncVersion)
            if stored.counters != store.counters {
                logger.log(.warning, "stored counters \(stored.counters) disagree with the stored conversations "
                    + "\(store.counters); using the recount")
            }
        }
        return store
    }

    /// Verifies the database and loads every conversation the cold store has not touched, on a
    /// background queue through a second connection (the database is in WAL mode, so it reads while
    /// batches are written), then hands them to the store under the lock.
    ///
    /// A damaged page found here is reported (log and a failed sync), the database is dropped for
    /// the rest of the session and moved aside, so the next login starts fresh from the server.
    func warmUpInBackground() {
        guard warmsUpInBackground, let databasePath, !read({ $0.isComplete }) else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            do throws(PersistenceError) {
                let reader = try ConversationDatabase.open(at: databasePath, logger: logger, verifying: true)
                let everything = try reader.everything()
                withState { state in
                    guard !state.isClosed else { return }
                    complete(&state.store, with: everything)
                }
            } catch {
                if case .corrupt = error {
                    abandonDatabase(at: databasePath, because: error)
                } else {
                    logger.log(.warning, "warming up from the local database failed (\(error)); it finishes on demand")
                }
            }
        }
    }

    /// Stops using a damaged database: reports it, keeps what is in memory, moves the file aside.
    private func abandonDatabase(at path: String, because error: PersistenceError) {
        logger.log(.error, "\(error); this session goes on in memory and the next login starts fresh")
        withState { state in
            state.database = nil
            complete(&state.store, with: [])
            state.store.restartSync()
            emit(.syncFailed(error.imError))
        }
        do throws(PersistenceError) {
            _ = try ConversationDatabase.moveAside(path)
        } catch {
            logger.log(.error, "cannot move the damaged database aside: \(error)")
        }
        resync()
    }

    /// Makes the store complete now, reading the rest through the client's own connection.
    func completeNow(_ state: inout State) {
        guard !state.store.isComplete, let database = state.database else { return }
        do throws(PersistenceError) {
            complete(&state.store, with: try database.everything())
        } catch {
            logger.log(.error, "cannot read the local database: \(error); the list shows what is loaded")
            complete(&state.store, with: [])
        }
    }

    private func complete(_ store: inout ConversationStore, with everything: [StoredConversation]) {
        if let recount = store.completeWarmUp(with: everything) {
            logger.log(.warning, "stored counters disagreed with the stored conversations; recounted \(recount)")
        }
    }

    /// One page of the list; see `ConversationStore.page(after:count:where:)`. While the store is
    /// cold the page comes from the database's sort-key index (keyset), without the walk snapshot.
    package func page(
        after nextSeq: UInt64, count: Int, where filter: @escaping (Conversation) -> Bool
    ) -> ConversationPage {
        withState { state in
            if state.store.isComplete { return state.store.page(after: nextSeq, count: count, where: filter) }
            guard let database = state.database else { return state.store.page(after: nextSeq, count: count, where: filter) }
            do throws(PersistenceError) {
                return try Self.coldPage(database, after: nextSeq, count: count, where: filter)
            } catch {
                logger.log(.error, "cannot page the local database: \(error); loading it whole")
                completeNow(&state)
                return state.store.page(after: nextSeq, count: count, where: filter)
            }
        }
    }

    private static func coldPage(
        _ database: ConversationDatabase, after nextSeq: UInt64, count: Int, where filter: (Conversation) -> Bool
    ) throws(PersistenceError) -> ConversationPage {
        var result: [Conversation] = []
        var cursor: UInt64? = nextSeq == 0 ? nil : nextSeq
        var lastKey = nextSeq
        while true {
            let rows = try database.page(below: cursor, limit: count + 1)
            for row in rows where filter(row) {
                if result.count == count { return ConversationPage(conversations: result, nextSeq: lastKey, isFinished: false) }
                result.append(row)
                lastKey = row.sortKey
            }
            guard rows.count == count + 1, let last = rows.last else {
                return ConversationPage(conversations: result, nextSeq: lastKey, isFinished: true)
            }
            cursor = last.sortKey
        }
    }

    /// Every conversation in list order, loading the rest of a cold store first.
    /// - Complexity: O(n) (plus the warm-up when cold).
    package func allConversations() -> [Conversation] {
        withState { state in
            completeNow(&state)
            return state.store.allInOrder()
        }
    }

    /// Reads the store once it is complete (loading the rest of a cold store first).
    package func readComplete<T, E: Error>(_ body: (ConversationStore) throws(E) -> T) throws(E) -> T {
        let result: Result<T, E> = withState { state in
            completeNow(&state)
            return Result { () throws(E) in try body(state.store) }
        }
        return try result.get()
    }

    /// Writes one batch to `database` in one transaction: a crash keeps all of it or none.
    ///
    /// Called with the state lock held, before the batch's event, so whatever a caller was told
    /// is on disk.
    func persist(_ batch: ChangeBatch, to database: ConversationDatabase) {
        do throws(PersistenceError) {
            try Self.write(batch, to: database)
        } catch {
            logger.log(.error, "writing a change to the local database failed: \(error)")
        }
    }

    /// Writes `batch` to `database` in one transaction (nothing for a batch that changed nothing).
    package static func write(_ batch: ChangeBatch, to database: ConversationDatabase) throws(PersistenceError) {
        guard !batch.isEmpty || !batch.storage.operations.isEmpty else { return }
        try database.transaction { () throws(PersistenceError) in
            for operation in batch.storage.operations {
                switch operation {
                case .store(let message, let id, let countsAsUnread):
                    try database.upsert(message, in: id, countsAsUnread: countsAsUnread)
                case .removePending(let messageID):
                    try database.deletePendingMessage(id: messageID)
                case .delete(let id, let keepingMessages):
                    try database.deleteConversation(id)
                    if !keepingMessages { try database.deleteMessages(of: id) }
                case .setLocalFields(let messageID, let fields):
                    try database.setLocalFields(fields, ofMessage: messageID)
                }
            }
            for conversation in batch.added { try database.upsert(conversation) }
            for conversation in batch.changed { try database.upsert(conversation) }
            try database.saveCounters(
                batch.counters, orderCounter: batch.storage.orderCounter, syncVersion: batch.storage.syncVersion)
        }
    }
}
