import IMSQLite
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
            state.unwritten = UnwrittenChanges()
            state.store = ConversationStore(selfUserID: userID)
        }
        ConversationDatabase.removeFiles(at: databasePath)
    }

    /// Opens the user's database (when there is one) without reading every conversation: the store
    /// starts cold, with the stored counters, and loads conversations as they are touched.
    ///
    /// A corrupt file (an empty one included) is moved aside and replaced by an empty database; the
    /// client logs it and reports a failed sync, and the sync that follows fills the store from the
    /// server again. A database written by a newer SDK is refused (`databaseFailure`, 6019), never
    /// wiped; one that cannot be written (a read-only file, directory or file system) is refused
    /// with `ioOperationFailed` (6022) and left as it is. A disk that is full but lets the file be
    /// written opens: its failed writes are handled as `writeState(_:)` says.
    ///
    /// The database is read only once its batch log is folded into the tables, which writes. When
    /// a full disk refuses that fold, a login (`inMemoryWhenFull`) goes on in memory rather than
    /// fail: the store starts empty and the sync fills it from the server, as on a new device;
    /// nothing is written this session, and the file stays as it is, log included, for the next
    /// login to fold. The failure is logged and reported (`.syncFailed`). What lives on this
    /// device alone (drafts that do not roam, local messages and their fields) is not shown until
    /// then; what this session changes of it (deletions, drafts, imports and sends, local fields,
    /// removals and clears of history) is recorded in the file at logout, once the disk has space
    /// (`recordInFileLeftBehind(_:underFault:)`). Opening for storage only throws instead (it has
    /// no server to fill the store).
    func openDatabase(inMemoryWhenFull: Bool = false) throws(IMError) {
        guard let databasePath else { return }
        do throws(PersistenceError) {
            let (database, recovered) = try ConversationDatabase.openOrRecover(
                at: databasePath, logger: logger, verifying: false)
            if let fault = withState({ $0.storageFault }) { try database.inject(fault) }
            database.logFoldThreshold = batchLogFoldThreshold
            try database.checkWritable()
            do throws(PersistenceError) {
                try database.foldLog()
            } catch {
                guard inMemoryWhenFull, case .diskFailure = error else { throw error }
                goOnInMemory(because: error)
                return
            }
            var store: ConversationStore
            if let stored = try database.loadCounters() {
                let logger = logger
                store = ConversationStore(
                    selfUserID: userID, counters: stored.counters, orderCounter: stored.orderCounter,
                    syncVersion: stored.syncVersion, serverEpoch: stored.serverEpoch, source: ColdSource { id in
                        do throws(PersistenceError) {
                            return try database.stored(id)
                        } catch {
                            // A read finds nothing; a change goes on as if `id` did not exist, and its
                            // batch stops using the database (`takeFailedRead(_:)`).
                            logger.log(.error, "cannot read \(id) from the local database: \(error)")
                            throw error
                        }
                    })
                try store.keepMessages(in: database, logger: logger, cacheLimit: messageCacheLimit)
                store.restoreLocalFields(try database.allLocalFields())
                store.restoreConversationGroups(try database.loadConversationGroups())
            } else {
                store = try Self.loadStore(from: database, userID: userID, logger: logger, cacheLimit: messageCacheLimit)
            }
            let heard: [ConversationID: UInt64]
            do throws(PersistenceError) {
                heard = try database.takeHeard(logger: logger)
            } catch {
                logger.log(.warning, "cannot read what an earlier session heard (\(error)); its messages may be announced again")
                heard = [:]
            }
            withState { state in
                store.subscribeUnreadCounts(state.store.subscribedUnreadFilters)
                state.store = store
                state.database = database
                state.heardAlready = heard
                if let recovered { emit(.syncFailed(recovered.imError)) }
            }
        } catch {
            logger.log(.error, "cannot use the local database: \(error)")
            throw error.imError
        }
    }

    /// Starts the session with an empty store and no database, because a full disk refuses the
    /// fold every read of the database needs (see `openDatabase(inMemoryWhenFull:)`).
    private func goOnInMemory(because error: PersistenceError) {
        logger.log(.error, "\(error); the local database cannot be read until the disk has space to fold its "
            + "batch log: this session keeps its data in memory and syncs it from the server, and the file stays "
            + "as it is for the next login")
        withState { state in
            // Nothing is written this session; the batches record their storage all the same, for
            // what of it the logout records in the file (`LeftBehindChanges`).
            var store = ConversationStore(selfUserID: userID)
            store.subscribeUnreadCounts(state.store.subscribedUnreadFilters)
            state.store = store
            state.database = nil
            state.leftItsFileBehind = true
            state.store.noteLeftBehindChanges()
            emit(.syncFailed(error.imError))
        }
    }

    /// A complete store of `userID` over `database`: every conversation row in memory, the
    /// accepted messages left stored (the store reads them from `database`, keeping at most
    /// `cacheLimit` in memory once written). Folds the batch log first (a write), as the store's
    /// reads of the rows need (see `ConversationDatabase.listRows()`).
    /// - Complexity: O(n log n + p), p being the unsent messages.
    package static func loadStore(
        from database: ConversationDatabase, userID: String, logger: IMLogger,
        cacheLimit: Int = ConversationStore.defaultMessageCacheLimit
    ) throws(PersistenceError) -> ConversationStore {
        try database.foldLog()
        var store = ConversationStore(selfUserID: userID)
        try store.keepMessages(in: database, logger: logger, cacheLimit: cacheLimit)
        for stored in try database.listRows() { store.restore(stored) }
        store.restoreLocalFields(try database.allLocalFields())
        store.restoreConversationGroups(try database.loadConversationGroups())
        if let stored = try database.loadCounters() {
            store.restoreOrderCounter(stored.orderCounter)
            store.advanceSyncVersion(to: stored.syncVersion)
            store.restoreServerEpoch(stored.serverEpoch)
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
                // Never creating: a client stopped meanwhile may have had its files deleted.
                let reader = try ConversationDatabase.open(
                    at: databasePath, logger: logger, verifying: true, creating: false)
                let rows = try reader.listRows()
                withState { state in
                    guard !state.isClosed else { return }
                    complete(&state.store, with: rows)
                    announceFilterUnreadCounts(&state)
                }
            } catch {
                let isClosed = withState { $0.isClosed }
                if case .corrupt = error, !isClosed {
                    abandonDatabase(at: databasePath, because: error)
                } else if isClosed {
                    // Stopped meanwhile (a logout, `unInitSDK`): its files may be gone, which is no fault.
                    logger.log(.debug, "warming up ended with the session (\(error))")
                } else {
                    logger.log(.warning, "warming up from the local database failed (\(error)); it finishes on demand")
                }
            }
        }
    }

    /// Stops using a damaged database: keeps what is in memory, moves the file aside, then reports
    /// it (so whoever hears the report finds the file moved).
    private func abandonDatabase(at path: String, because error: PersistenceError) {
        logger.log(.error, "\(error); this session goes on in memory and the next login starts fresh")
        withState(detachDatabase)
        do throws(PersistenceError) {
            _ = try ConversationDatabase.moveAside(path)
        } catch {
            logger.log(.error, "cannot move the damaged database aside: \(error)")
        }
        withState { state in
            if !state.isClosed { emit(.syncFailed(error.imError)) }
        }
        resync()
    }

    /// Stops using the database for the rest of the session: what is in memory stays (a cold store
    /// completes with what it loaded), nothing more is written, and the next sync rebuilds the
    /// store from the server (`State.rebuildsFromServer`), keeping drafts and local messages, every
    /// conversation the store holds (`addingHeldConversations(to:since:completion:)`), and, when
    /// the store was complete, each one's place in the list. The logout records in the file what
    /// lives on this device alone and changed since (`LeftBehindChanges`), with what of it the
    /// batches the disk refused held.
    private func detachDatabase(_ state: inout State) {
        state.database = nil
        state.leftItsFileBehind = true
        // From here what changes on this device alone reaches the file only at logout; so does
        // what of it the batches the disk had refused held, which are never written now.
        state.store.noteLeftBehindChanges()
        state.store.noteUnwritten(state.unwritten)
        state.unwritten = UnwrittenChanges()
        // Places can be kept only where every conversation has one: a cold store's unloaded
        // conversations come back placed by the server's answer alone.
        state.rebuildKeepsOrder = state.store.isComplete
        complete(&state.store, with: [])
        state.store.detachArchive()
        state.rebuildsFromServer = true
    }

    /// When the store could not read the database during the batch (a damaged page, an I/O
    /// error; a full disk fails no read, as reads take the tables without the batch log's fold: see
    /// `ConversationDatabase.stored(_:)` and `ConversationDatabase+Messages.swift`), stops using
    /// the database before the batch is written (`stopUsingDatabase(_:because:)`): a cold store
    /// took a conversation it could not load as absent, or an operation went on without stored
    /// messages it could not read (a revoke of one, a recount), so the state it left must not be
    /// written over the stored one, and the rebuild from the server corrects it. Returns the
    /// failure, for the caller to report after the batch's event and to sync after; nil when none.
    func takeFailedRead(_ state: inout State) -> IMError? {
        guard let failure = state.store.takeFailedRead(), state.database != nil else { return nil }
        let error = Self.readError(failure)
        stopUsingDatabase(&state, because: "\(error); the local database could not be read")
        return error
    }

    /// `body`, a read of stored messages for the app, on the store: its answer, or the error of a
    /// read of the local database that failed meanwhile (6019 `databaseFailure`; 6022
    /// `ioOperationFailed` for an I/O error), never an answer from memory alone, which would leave
    /// out what only the file holds. Such a read decides nothing the store keeps, so the session
    /// goes on with its database and the call may be tried again (an operation whose own read
    /// fails stops using it instead, see `takeFailedRead(_:)`).
    func readingStored<T>(_ store: ConversationStore, _ body: (ConversationStore) -> T) -> Result<T, IMError> {
        let value = body(store)
        if let failure = store.takeFailedArchiveRead() { return .failure(Self.readError(failure)) }
        return .success(value)
    }

    /// The error a failed read of the local database is reported with.
    static func readError(_ failure: any Error) -> IMError {
        (failure as? PersistenceError)?.imError ?? IMError(.databaseFailure, "\(failure)")
    }

    /// Makes the store complete now, reading the rest through the client's own connection.
    ///
    /// The rows are read without folding the batch log (`ConversationDatabase.listRows()`), so a
    /// full disk does not stop it. When the rest cannot be read (a damaged page, an I/O error), a store
    /// completed without it would later write its partial state over the stored rows: the session
    /// stops using the database instead (`stopUsingDatabase(_:because:)`), reports it, and syncs.
    func completeNow(_ state: inout State) {
        guard !state.store.isComplete, let database = state.database else { return }
        do throws(PersistenceError) {
            complete(&state.store, with: try database.listRows())
        } catch {
            stopUsingDatabase(&state, because: "\(error); the rest of the list could not be read from the local database")
            if !state.isClosed { emit(.syncFailed(error.imError)) }
            DispatchQueue.global().async { [self] in resync() }
        }
    }

    /// Stops using a database that could not be read mid-session (`detachDatabase(_:)`), logged
    /// with `reason`: the session goes on in memory, its next sync rebuilds it from the server,
    /// and the file stays as it is for the next login.
    private func stopUsingDatabase(_ state: inout State, because reason: String) {
        logger.log(.error, "\(reason): this session goes on in memory and rebuilds its list from the server, and the "
            + "file stays as it is for the next login")
        detachDatabase(&state)
    }

    private func complete(_ store: inout ConversationStore, with everything: [StoredConversation]) {
        if let recount = store.completeWarmUp(with: everything) {
            logger.log(.warning, "stored counters disagreed with the stored conversations; recounted \(recount)")
        }
    }

    /// One page of the list (see `ConversationStore.page(after:count:filter:)`), answered in order
    /// with the events (see `readInOrder`): `completion` is queued on the callback queue before the
    /// lock is released. While the store is cold the page comes from the database's sort-key index
    /// (keyset), without the walk snapshot, once the batch log is folded into the tables; not while
    /// the database misses unwritten changes, nor when that fold or the page's read fails (a full
    /// disk refuses the fold): the store is completed first.
    package func pageInOrder(
        after nextSeq: UInt64, count: Int, filter: ConversationFilter,
        completion: @escaping @Sendable (ConversationPage) -> Void
    ) {
        answerInOrder({ page(after: nextSeq, count: count, filter: filter, in: &$0) }, completion: completion)
    }

    /// `readComplete(_:)`, answered in order with the events (see `readInOrder`).
    package func readCompleteInOrder<T: Sendable>(
        _ body: (ConversationStore) -> T, completion: @escaping @Sendable (T) -> Void
    ) {
        answerInOrder({ state in
            completeNow(&state)
            return body(state.store)
        }, completion: completion)
    }

    private func page(
        after nextSeq: UInt64, count: Int, filter: ConversationFilter, in state: inout State
    ) -> ConversationPage {
        if state.store.isComplete { return state.store.page(after: nextSeq, count: count, filter: filter) }
        guard let database = state.database, state.unwritten.isEmpty else {
            completeNow(&state)
            return state.store.page(after: nextSeq, count: count, filter: filter)
        }
        do throws(PersistenceError) {
            return try Self.coldPage(database, after: nextSeq, count: count, where: filter.matches)
        } catch {
            logger.log(.error, "cannot page the local database: \(error); loading it whole")
            completeNow(&state)
            return state.store.page(after: nextSeq, count: count, filter: filter)
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

    // MARK: - Writing batches

    /// Why a batch could not be written: the error for the call that caused it, and whether it
    /// starts a failure episode (the session reports only the first failure of one).
    struct StorageFailure {
        var error: IMError
        var startsEpisode: Bool
    }

    /// Writes `batches` (consecutive, oldest first: the pushes applied with a call's batch, then
    /// its own), after the changes earlier batches could not write, to the database in one
    /// transaction: a crash keeps all of it or none. Called with the state lock held, before the
    /// batches' events; see `writeState(_:)` for what happens when the write fails.
    /// Batches with nothing to write still try the waiting changes (the disk may be back before
    /// the retry comes), so a call that changed nothing fails only while the disk still does.
    /// - Returns: nil when written (or there is nothing to write).
    func persist(_ batches: [ChangeBatch], in state: inout State) -> StorageFailure? {
        guard let database = state.database else { return nil }
        let wasFailing = !state.unwritten.isEmpty
        let writing = batches.filter(\.needsWriting)
        guard !writing.isEmpty else {
            if wasFailing { try? writeUnwritten(&state, to: database) } else { noteWritten(&state) }
            return nil
        }
        do throws(PersistenceError) {
            if wasFailing {
                for batch in writing { state.unwritten.append(batch) }
                try writeUnwritten(&state, to: database)
            } else if writing.count == 1 {
                try Self.write(writing[0], to: database)
                noteWritten(&state)
            } else {
                var merged = UnwrittenChanges()
                for batch in writing { merged.append(batch) }
                try Self.write(merged, to: database)
                noteWritten(&state)
            }
            return nil
        } catch {
            if !wasFailing {
                for batch in writing { state.unwritten.append(batch) }
                logger.log(.error, "writing a change to the local database failed: \(error); "
                    + "the change stands in memory and is written when the disk recovers")
                scheduleStorageRetry(&state)
            }
            return StorageFailure(
                error: IMError(.ioOperationFailed, "the change could not be written to the local database: \(error)"),
                startsEpisode: !wasFailing)
        }
    }

    /// Writes the unwritten changes to `database` and forgets them, logging the recovery.
    private func writeUnwritten(_ state: inout State, to database: ConversationDatabase) throws(PersistenceError) {
        try Self.write(state.unwritten, to: database)
        logger.log(.info, "the local database is writable again: wrote the changes of "
            + "\(state.unwritten.batchCount) batches kept in memory")
        state.unwritten = UnwrittenChanges()
        state.storageRetries = 0
        noteWritten(&state)
    }

    /// Tells the store that the database holds every batch it committed: once the batch log is
    /// folded, it may forget written messages past its cache's limit.
    func noteWritten(_ state: inout State) {
        guard let database = state.database else { return }
        let folded = database.isLogFolded
        state.store.noteWritten(batchLogFolded: folded)
        if checksInvariants { state.store._checkMessageCache(batchLogFolded: folded) }
    }

    /// Schedules a retry of the unwritten changes, after a backoff that doubles with each failed
    /// retry (50 ms up to 2 s), unless one is scheduled already.
    private func scheduleStorageRetry(_ state: inout State) {
        guard !state.isStorageRetryScheduled else { return }
        state.isStorageRetryScheduled = true
        let delay = min(0.05 * pow(2, Double(min(state.storageRetries, 6))), 2.0)
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.retryUnwritten() }
    }

    /// Writes the unwritten changes if the disk recovered; schedules the next retry if it did not.
    /// Stops once the client stopped (logout) or nothing is left to write.
    private func retryUnwritten() {
        withState { state in
            state.isStorageRetryScheduled = false
            guard !state.isClosed, let database = state.database, !state.unwritten.isEmpty else { return }
            do throws(PersistenceError) {
                try writeUnwritten(&state, to: database)
            } catch {
                state.storageRetries += 1
                scheduleStorageRetry(&state)
            }
        }
    }

    /// Drops the database from the state (the client stops), trying a last time to write the
    /// unwritten changes; what still fails is lost here, and the next login's sync brings back
    /// what the server has. With everything written, folds the batch log.
    func closeDatabase(_ state: inout State) {
        if let database = state.database, !state.unwritten.isEmpty {
            do throws(PersistenceError) {
                try writeUnwritten(&state, to: database)
            } catch {
                logger.log(.error, "closing the local database with the changes of \(state.unwritten.batchCount) "
                    + "batches unwritten (\(error)); the next login syncs from the stored version again")
            }
        }
        if let database = state.database, state.unwritten.isEmpty {
            // The batches still in the batch log go into the tables now, so that the next login
            // does not wait for them; what fails here is folded by the next use instead.
            do throws(PersistenceError) {
                try database.foldLog()
            } catch {
                logger.log(.warning, "closing the local database with its batch log not folded (\(error)); "
                    + "the next login folds it")
            }
        }
        state.unwritten = UnwrittenChanges()
        state.database = nil
        if state.leftItsFileBehind { recordInFileLeftBehind(state.store, underFault: state.storageFault) }
        state.leftItsFileBehind = false
        // The store reads its messages from the same connection: let go of it too, so the database
        // closes now (its write-ahead log folded into the file) rather than whenever the last
        // closure holding this client goes. Nothing reads this store any more.
        state.store.detachArchive()
    }

    /// Records in the file this session left behind what changed on this device alone since it
    /// went on without the file (deletions, drafts, local messages and their fields, removals and
    /// clears of history: `LeftBehindChanges`, `ConversationDatabase.recordLeftBehind`), then
    /// how far it heard each conversation, so that the next login's sync from the file's stored
    /// version announces none of those messages again (`ConversationDatabase.saveHeard`). A file
    /// that is gone (a damaged one moved aside: the next login starts fresh and announces nothing)
    /// is left alone; one that still cannot be written is logged and left as it is: the next login
    /// then shows the list as the file has it (those changes undone) and may announce those
    /// messages a second time. `fault`: the one a test injected into this session's database,
    /// which the file's new connection meets too.
    /// - Complexity: O(n) for n conversations, two transactions.
    private func recordInFileLeftBehind(_ store: ConversationStore, underFault fault: StorageFault?) {
        guard let databasePath, FileManager.default.fileExists(atPath: databasePath) else { return }
        let file: ConversationDatabase
        do throws(PersistenceError) {
            file = try ConversationDatabase.open(at: databasePath, logger: logger, verifying: false, creating: false)
            if let fault { try file.inject(fault) }
        } catch {
            logger.log(.warning, "cannot open the local database to record what this session changed and heard "
                + "(\(error)); the next login shows the list as the file has it and may announce those messages again")
            return
        }
        if let changes = store.leftBehind, !changes.isEmpty {
            do throws(PersistenceError) {
                var replayed: [ConversationID: Conversation] = [:]
                for id in changes.replayedConversations { replayed[id] = store.conversation(id) }
                try file.recordLeftBehind(
                    changes.changes, rows: changes.rows.compactMap { store.conversation($0) }, replayed: replayed,
                    orderCounter: store.orderCounter, selfUserID: userID, logger: logger)
            } catch {
                logger.log(.error, "cannot record in the local database the \(changes.changes.count) changes and "
                    + "\(changes.rows.count) drafts and places of this session (\(error)); the next login shows them "
                    + "as the file has them")
            }
        }
        let heard = store.lastSequences()
        guard !heard.isEmpty else { return }
        do throws(PersistenceError) {
            try file.saveHeard(heard)
        } catch {
            logger.log(.warning, "cannot record in the local database what this session heard (\(error)); "
                + "the next login may announce those messages again")
        }
    }

    /// Makes the database of this client behave as under `fault` (nil: healthy again), now and
    /// when it is opened; see `StorageFault`. For tests and test support only.
    package func injectStorageFaultForTesting(_ fault: StorageFault?) {
        withState { state in
            state.storageFault = fault
            guard let database = state.database else { return }
            do throws(PersistenceError) {
                try database.inject(fault)
            } catch {
                logger.log(.error, "cannot inject the storage fault \(fault.map { "\($0)" } ?? "none"): \(error)")
            }
        }
    }

    /// Writes `batch` to `database` in one transaction (nothing for a batch that changed nothing).
    package static func write(_ batch: ChangeBatch, to database: ConversationDatabase) throws(PersistenceError) {
        guard batch.needsWriting else { return }
        try database.write(
            batch.storage.operations, [batch.added, batch.changed].joined(), counters: batch.counters,
            storage: batch.storage)
    }

    /// Writes `unwritten` to `database` in one transaction.
    package static func write(_ unwritten: UnwrittenChanges, to database: ConversationDatabase) throws(PersistenceError) {
        try database.write(
            unwritten.operations, unwritten.conversations.values, counters: unwritten.counters,
            storage: unwritten.storage)
    }
}
