import Foundation
import IMTransportKit

/// One logged-in user's engine: the store behind a lock, the server connection, and ordered events.
///
/// The `IMSession` of the logged-in user owns it; both API facades reach it through that session
/// and keep no conversation state of their own.
///
/// It reports what happens to its connection as `ClientEvent.connection` events: `.connecting`
/// before each attempt, then `.connected` or `.connectFailed`; `.disconnected` when an open
/// connection is lost, and the reconnect follows with backoff. A connection lost with `kickedOff` or
/// `userSigExpired` (or a reconnect refused with them) ends the login instead: the client reports
/// `.kickedOffline` or `.userSigExpired` and stops, as `stop()` does.
///
/// Every batch is written to the user's database (when there is one) before it is announced. A
/// batch the disk refuses (full, read-only) stays in memory and is announced; the calls that caused
/// it fail with `ioOperationFailed` (6022), the client reports `.syncFailed` once per episode, and
/// it writes the changes with the next batch or a retry once the disk recovers, never storing a
/// sync version past a change that is not on disk (see `writeState(_:)`).
///
/// Pushes wait in an inbox and the next batch applies them first, each as its own batch, written
/// in one transaction with it (`receive(_:version:)`): the transport's thread never waits for the
/// store or the disk, and an answer waits only for that catch-up, not for a transaction per push.
///
/// It stays in step with the server by version: pushes apply in version order, and a gap, a
/// (re)connect, or a heartbeat that finds the server ahead (`IMClient+CatchUp.swift`) starts a
/// sync, which asks for page after page of changes since the store's version (`sync(login:)`)
/// and announces the messages they bring that this device did not have or send.
/// - Thread safety: every method may be called from any thread. Store access is serialised by one
///   lock; events and every completion handed to `deliver` run on `callbackQueue`, one at a time, in
///   the order they were produced, and never while the lock is held.
package final class IMClient: IMPushSink, Sendable {
    // Invariant: mutable state lives in `state` and `observers`; everything else is immutable.
    package let userID: String
    package let transport: any IMTransport
    /// The serial queue every event and completion runs on.
    package let callbackQueue: DispatchQueue
    /// Whether every batch is followed by a full recount check (tests; O(n) per batch).
    package let checksInvariants: Bool
    /// The kind of device this login presents to the server (its login policy may kick another
    /// login of the user on the same platform).
    package let platform: IMPlatform
    /// Seconds since 1970, for drafts and messages being sent.
    package let clock: @Sendable () -> UInt64
    /// Who owns the read cursors (chosen at login, fixed for the session).
    package let readPolicy: ReadPolicy
    /// Where log lines go.
    package let logger: IMLogger
    /// The database file of this user's store; nil keeps everything in memory.
    package let databasePath: String?
    /// Whether a cold store loads the rest in the background after the first sync (tests turn it
    /// off to watch the cold phase; the store then completes on demand).
    package let warmsUpInBackground: Bool
    /// Whether drafts are synced across the user's devices (last writer wins), an opt-in beyond
    /// the vendor SDK, whose drafts stay local.
    package let syncsDrafts: Bool
    /// Seconds between heartbeats while logged in (0: none); see `IMClient+CatchUp.swift`.
    package let heartbeatInterval: Double
    /// How many written messages the store keeps in memory when it has a database (the rest are
    /// read from it); see `ConversationStore+Archive.swift`.
    package let messageCacheLimit: Int
    /// How many bytes of batches its database's batch log holds before it is folded
    /// (`ConversationDatabase.logFoldThreshold`).
    package let batchLogFoldThreshold: Int

    /// The heartbeat interval of a client unless its session says otherwise: 30 seconds.
    package static let defaultHeartbeatInterval: Double = 30

    struct State {
        var store: ConversationStore
        var connection: (any IMConnection)?
        var isClosed = false
        /// The store's database (every batch is written to it in one transaction), if any.
        var database: ConversationDatabase? {
            get { confinedDatabase?.value }
            set { confinedDatabase = newValue.map(Unchecked.init) }
        }
        /// The database connection is not `Sendable`: it is confined to this lock, which every use
        /// of `database` holds.
        var confinedDatabase: Unchecked<ConversationDatabase>? = nil
        /// The credential, for reconnects.
        var userSig = ""
        /// Whether a sync request is under way.
        var isSyncing = false
        /// Failed connects or syncs in a row (for the backoff).
        var failures = 0
        /// IDs of the messages this device sent whose push has not arrived yet. The server pushes
        /// a message to every device of its sender, this one too (the push numbers the change);
        /// this device's own message is no new message here. An ID leaves when its push is
        /// applied; one whose push never comes (the send did not reach the server, the connection
        /// dropped first) stays for the life of the client (one login).
        var sentAwaitingPush: Set<String> = []
        /// IDs of the messages this device is revoking whose revoke's push has not arrived yet: that
        /// push is no revoke to announce here (see `IMClient+MessageOps.swift`).
        var revokesAwaitingPush: Set<String> = []
        /// Changes of messages this device made whose push has not come yet (it announces none of
        /// them): each message as the change left it.
        var modifiesAwaitingPush: Set<ModifiedHere> = []

        /// Whether the store's versions count in the epoch of the connection's server (see
        /// `IMConnection.serverEpoch`); until they do, pushes are not applied and a sync asks from 0.
        var isInServerEpoch: Bool {
            connection != nil && store.serverEpoch == connection?.serverEpoch
        }

        /// Whether `message`, arriving from the server, is one this device sent (its push, or a
        /// sync that brought it): it then stops waiting, and is no new message here.
        mutating func takeSentHere(_ message: Message, selfUserID: String) -> Bool {
            message.sender.isSameID(as: selfUserID) && sentAwaitingPush.remove(message.id) != nil
        }
        /// Pushes that arrived and wait to be applied, in arrival order: the next batch applies
        /// them first (see `receive(_:version:)`).
        var inbox: [ArrivedPush] = []
        /// Whether a drain of the inbox is queued on `inboxQueue`.
        var isDrainScheduled = false
        /// What batches the database could not write have to write still (empty while the disk
        /// is healthy): the next write stores it first, in the same transaction.
        var unwritten = UnwrittenChanges()
        /// Whether a retry of `unwritten` is scheduled, and how many failed in a row (its backoff).
        var isStorageRetryScheduled = false
        var storageRetries = 0
        /// The fault a test injected into the database (`injectStorageFaultForTesting`).
        var storageFault: StorageFault?
        /// Whether the next sync starts from 0 and rebuilds the store from the server, as for a
        /// store of another server epoch: the store stopped using its database mid-session, so
        /// what it had not loaded and the messages it kept only there are gone from it, and a sync
        /// from 0 over it would count those messages as new again.
        var rebuildsFromServer = false
        /// Whether that rebuild keeps each conversation's place (`ConversationStore.forgetServerState(takingEpoch:keepingOrder:)`):
        /// the store was complete when it stopped using its database.
        var rebuildKeepsOrder = false
        /// Whether the session goes on without its database while the file stays behind (it
        /// stopped using it mid-session, or a full disk kept it from folding the batch log at
        /// login): at the stop the session records in the file what changed on this device alone
        /// since and what it heard (`recordInFileLeftBehind(_:underFault:)`).
        var leftItsFileBehind = false
        /// Per conversation, the last sequence this device heard before its store forgot it: an
        /// earlier session that left the file behind (`ConversationDatabase.takeHeard`), or this
        /// one before a rebuild from the server. A sync announces no message up to there.
        var heardAlready: [ConversationID: UInt64] = [:]
        /// Whether the rebuild's answer was older than what pushes had brought the store to: a
        /// sync from its version follows at once, for the changes in between.
        var catchesUpAfterRebuild = false
    }

    private let state: Locked<State>
    /// Drains the inbox, one batch at a time, off the transport's delivery thread.
    private let inboxQueue = DispatchQueue(label: "IMClient.inbox")
    private let observers = Locked<[@Sendable (ClientEvent) -> Void]>([])

    package init(
        userID: String, transport: any IMTransport, callbackQueue: DispatchQueue,
        readPolicy: ReadPolicy = .roaming, logger: IMLogger = .silent, databasePath: String? = nil,
        warmsUpInBackground: Bool = true, syncsDrafts: Bool = false, checksInvariants: Bool = false,
        platform: IMPlatform = .current, heartbeatInterval: Double = IMClient.defaultHeartbeatInterval,
        messageCacheLimit: Int = ConversationStore.defaultMessageCacheLimit,
        batchLogFoldThreshold: Int = ConversationDatabase.defaultLogFoldThreshold,
        clock: @escaping @Sendable () -> UInt64
    ) {
        self.heartbeatInterval = heartbeatInterval
        self.messageCacheLimit = messageCacheLimit
        self.batchLogFoldThreshold = batchLogFoldThreshold
        self.platform = platform
        self.syncsDrafts = syncsDrafts
        self.databasePath = databasePath
        self.warmsUpInBackground = warmsUpInBackground
        self.userID = userID
        self.transport = transport
        self.callbackQueue = callbackQueue
        self.readPolicy = readPolicy
        self.logger = logger
        self.checksInvariants = checksInvariants
        self.clock = clock
        // With a database path, the store is replaced by the one loaded at login.
        self.state = Locked(State(store: ConversationStore(selfUserID: userID, recordsStorage: databasePath != nil)))
    }

    // MARK: - Observers

    /// Registers `handler` for every later event, until the client stops.
    package func addObserver(_ handler: @escaping @Sendable (ClientEvent) -> Void) {
        observers.withLock { $0.append(handler) }
    }

    /// Lets go of the observers once the client stopped (called with the state lock held, after
    /// `isClosed` is set): no event is emitted after that, while every event emitted before it
    /// still reaches the observers it was emitted to.
    private func forgetObservers() {
        observers.withLock { $0.removeAll() }
    }

    /// Runs `body` on the callback queue after everything already queued there.
    package func deliver(_ body: @escaping @Sendable () -> Void) {
        callbackQueue.async(execute: body)
    }

    /// Queues `event` for the observers. Called with the state lock held, so events keep the order
    /// of the batches that produced them; the observers themselves run later, on the queue.
    func emit(_ event: ClientEvent) {
        emit([event])
    }

    /// Queues `events`, in order, as one block on the callback queue (one hop for many batches).
    ///
    /// The block goes to the observers registered now, and keeps the client alive until it ran: an
    /// event emitted before the client stopped reaches its observers even when they run after the
    /// stop (a batch committed, and written, just before a logout is still heard, before the
    /// logout's completion); once stopped, the client has no observers left to emit to.
    func emit(_ events: [ClientEvent]) {
        guard !events.isEmpty else { return }
        let current = observers.withLock { $0 }
        guard !current.isEmpty else { return }
        callbackQueue.async { [self] in
            withExtendedLifetime(self) {
                for event in events {
                    for observer in current { observer(event) }
                }
            }
        }
    }

    // MARK: - Store access

    /// Runs `body` on the whole state under the lock (for the client's own extensions).
    func withState<T>(_ body: (inout State) -> T) -> T {
        state.withLock { body(&$0) }
    }

    /// Reads the store under the lock and queues `completion` with what it read on the callback
    /// queue before releasing the lock, so the answer takes its place among the events: after
    /// every batch it reflects, before every later one (a plain `read` then `deliver` can be
    /// overtaken by the events of a batch committed in between, leaving the app an older value
    /// after a newer event).
    package func readInOrder<T: Sendable>(
        _ body: (ConversationStore) -> T, completion: @escaping @Sendable (T) -> Void
    ) {
        answerInOrder({ body($0.store) }, completion: completion)
    }

    /// Runs `body` on the state under the lock and queues `completion` with its result before
    /// releasing it (the ordered reads: `readInOrder` and its kin).
    func answerInOrder<T: Sendable>(_ body: (inout State) -> T, completion: @escaping @Sendable (T) -> Void) {
        state.withLock { state in
            let value = body(&state)
            callbackQueue.async { completion(value) }
        }
    }

    /// Whether the client has a connection to its server now (false between a loss and the
    /// reconnect, and once stopped).
    package var isConnected: Bool { withState { $0.connection != nil } }

    /// Whether the client keeps its store in a database now: false without local storage, and
    /// once it stopped using its database mid-session (a read that failed, see
    /// `takeFailedRead(_:)`) until the next login.
    package var usesDatabase: Bool { withState { $0.database != nil } }

    /// Whether a sync runs now or is due: a rebuild after the client stopped using its database
    /// until its answer is applied, and the sync that follows a rebuild whose answer was older than
    /// the pushes applied meanwhile until it starts.
    package var hasSyncPending: Bool {
        withState { $0.isSyncing || $0.rebuildsFromServer || $0.catchesUpAfterRebuild }
    }

    /// Reads the store under the lock.
    package func read<T, E: Error>(_ body: (ConversationStore) throws(E) -> T) throws(E) -> T {
        try state.withLock { state throws(E) in try body(state.store) }
    }

    /// Mutates the store as one atomic batch and queues its event.
    ///
    /// `body` must validate before it mutates; whatever it changed before throwing is still committed
    /// and announced, so listeners never miss a change. A batch the database cannot write stays
    /// committed in memory too (see `writeState(_:)`); callers that answer a caller use
    /// `writeDurably(_:)`, which then fails.
    @discardableResult
    package func write<T, E: Error>(_ body: (inout ConversationStore) throws(E) -> T) throws(E) -> T {
        try writeState { state throws(E) in try body(&state.store) }
    }

    /// `write(_:)` with the whole state, for changes that go with the store's (the client's own
    /// extensions).
    ///
    /// The batch is committed in memory, written to the database in one transaction, then
    /// announced. When the write fails (a full disk, a read-only file), the batch still stands and
    /// is announced, as what the APIs show; its changes are kept as unwritten, and every later
    /// write stores them first, in the same transaction as its own batch, so the stored sync
    /// version never passes a change that is not on disk (the next login's sync brings back what
    /// the server has since). The first failure of an episode is logged (error) and reported as
    /// `.syncFailed` with `ioOperationFailed` (6022), after the batch's event; a retry with backoff
    /// writes the unwritten changes once the disk recovers, with no new batch needed, and logs
    /// it; `stop()` tries a last time. Here the failure reaches no caller: sync and pushes use this.
    @discardableResult
    func writeState<T, E: Error>(_ body: (inout State) throws(E) -> T) throws(E) -> T {
        try commit(body).result.get()
    }

    /// `write(_:)` for a call that answers its caller: it throws `ioOperationFailed` (6022) unless
    /// the database holds everything the store shows once the batch is written. So it fails when
    /// the batch could not be written (it stays committed and announced, as `writeState(_:)` says),
    /// and also, while earlier changes wait to be written, for a batch that changed nothing: the
    /// state the call asked for may have come with one of them (a server's push of the same pin
    /// that arrived before its answer). An error `body` throws wins over the storage failure.
    @discardableResult
    package func writeDurably<T>(_ body: (inout ConversationStore) throws(IMError) -> T) throws(IMError) -> T {
        try writeStateDurably { state throws(IMError) in try body(&state.store) }
    }

    /// `writeDurably(_:)` with the whole state (the client's own extensions).
    @discardableResult
    func writeStateDurably<T>(_ body: (inout State) throws(IMError) -> T) throws(IMError) -> T {
        let (result, storageError) = commit(body)
        let value = try result.get()
        if let storageError { throw storageError }
        return value
    }

    /// Whether the store's invariants are checked after a batch (`checksInvariants`, for tests):
    /// not once the client stopped (its store let go of its database: messages it no longer holds
    /// in memory cannot be counted), nor while a test makes the database unreadable
    /// (`StorageFault.unreadable`): the recount could not read what it checks, and a batch whose
    /// read failed leaves counts that only the rebuild it starts corrects.
    private func checksInvariants(in state: State) -> Bool {
        checksInvariants && !state.isClosed && state.storageFault != .unreadable
    }

    /// Runs `body` under the lock, after the pushes waiting in the inbox (each its own batch),
    /// commits its batch, writes them all in one transaction, and queues their events; returns
    /// `body`'s result and, when the database does not hold everything now (see
    /// `writeDurably(_:)`), the error for a caller. What the pushes leave to do (a sync after a
    /// gap, ...) starts after the lock is released.
    private func commit<T, E: Error>(
        _ body: (inout State) throws(E) -> T
    ) -> (result: Result<T, E>, storageError: IMError?) {
        let (outcome, followUps) = state.withLock { state in
            var followUps = PushFollowUps()
            var batches = state.inbox.isEmpty ? [] : applyInbox(&state, &followUps)
            let result: Result<T, E>
            do throws(E) {
                result = .success(try body(&state))
            } catch {
                result = .failure(error)
            }
            batches.append(state.store.commitBatch())
            if checksInvariants(in: state) { state.store._checkInvariants() }
            let failedRead = takeFailedRead(&state)
            if failedRead != nil { followUps.needsSync = true }
            if state.database == nil {
                // A session without its file keeps what lives on this device alone for its logout;
                // of a batch whose read failed, only its clears (how far a history was cleared is
                // the server's answer, whatever the read found): the rest it left is the rebuild's
                // to correct.
                for batch in batches { state.store.noteUnstored(batch, onlyClears: failedRead != nil) }
            }
            let failure = persist(batches, in: &state)
            // Online messages in order with the batches, under the lock as they are: a caller that
            // waits for this commit's events then hears them too.
            let online = followUps.onlineMessages.map { ClientEvent.onlineMessage($0.0, profile: $0.1) }
            followUps.onlineMessages = []
            emit(batches.filter { !$0.isEmpty }.map(ClientEvent.changes) + online)
            if let failedRead { emit(.syncFailed(failedRead)) }
            if let failure, failure.startsEpisode { emit(.syncFailed(failure.error)) }
            let waiting = state.unwritten.isEmpty ? nil : IMError(
                .ioOperationFailed, "changes wait to be written to the local database (the disk is full or read-only)")
            return ((result, failure?.error ?? waiting), followUps)
        }
        run(followUps)
        return outcome
    }

    /// Sends `requests` (concurrently), then applies all their results to the store as one batch.
    ///
    /// `apply` sees every result, in the order of `requests`, and decides what to change; an error it
    /// throws becomes the result, and so does `ioOperationFailed` (6022) when the database could not
    /// write the batch (`writeDurably(_:)`), unless `failingUnstored` is false (the storage failure
    /// is then the session's to report, as for `write(_:)`). `completion` runs on the callback
    /// queue after the batch's event.
    package func execute<T: Sendable>(
        _ requests: [IMRequest], failingUnstored: Bool = true,
        apply: @escaping @Sendable (inout ConversationStore, [Result<IMResponse, IMError>]) throws(IMError) -> T,
        completion: @escaping @Sendable (Result<T, IMError>) -> Void
    ) {
        let finish: @Sendable ([Result<IMResponse, IMError>]) -> Void = { [self] results in
            let outcome: Result<T, IMError>
            do throws(IMError) {
                let change = { (store: inout ConversationStore) throws(IMError) -> T in try apply(&store, results) }
                outcome = .success(failingUnstored ? try writeDurably(change) : try write(change))
            } catch {
                outcome = .failure(error)
            }
            deliver { completion(outcome) }
        }
        if requests.isEmpty {
            finish([])
            return
        }
        let collected = Locked((results: [Result<IMResponse, IMError>?](repeating: nil, count: requests.count), left: requests.count))
        for (index, request) in requests.enumerated() {
            perform(request) { result in
                let done = collected.withLock { state -> [Result<IMResponse, IMError>]? in
                    state.results[index] = result
                    state.left -= 1
                    return state.left == 0 ? state.results.map { $0! } : nil
                }
                if let done { finish(done) }
            }
        }
    }

    // MARK: - Connection

    /// Connects, then syncs from the server what changed since the store's sync version,
    /// announcing the sync to observers.
    ///
    /// `completion` runs on the callback queue: success once connected and synced (a failed sync is
    /// reported as `.syncFailed`, retried with backoff, and still completes with success, the local
    /// state being usable), failure when the connection could not be opened. A connection lost later
    /// is reopened with backoff, and every reconnect syncs again incrementally, unless the loss ends
    /// the login (see the type's connection events). Until the client stops, a heartbeat every
    /// `heartbeatInterval` seconds notices a push lost without a later one (`IMClient+CatchUp.swift`).
    ///
    /// A login the server refuses leaves no database behind when it was the one that created it
    /// (an unknown user, a wrong signature), and neither does one whose new database cannot be
    /// opened or written (`openDatabase()`).
    package func start(userSig: String, completion: @escaping @Sendable (Result<Void, IMError>) -> Void) {
        let createsDatabase = databasePath.map { !FileManager.default.fileExists(atPath: $0) } ?? false
        do throws(IMError) {
            try openDatabase(inMemoryWhenFull: true)
        } catch {
            if createsDatabase { discardDatabase() }
            deliver { completion(.failure(error)) }
            return
        }
        withState { $0.userSig = userSig }
        scheduleHeartbeat()
        connect(login: { [self] result in
            if case .failure = result, createsDatabase { discardDatabase() }
            completion(result)
        })
    }

    /// Opens a connection; `login` is the login's completion on the first attempt, nil on reconnects.
    private func connect(login: (@Sendable (Result<Void, IMError>) -> Void)?) {
        let reconnect = login == nil
        let userSig = withState { state in
            emit(.connection(.connecting(reconnect: reconnect)))
            return state.userSig
        }
        let info = IMLoginInfo(userID: userID, userSig: userSig, platform: platform)
        logger.log(.debug, "\(reconnect ? "reconnecting" : "connecting") \(userID) (\(platform))")
        transport.connect(info, sink: self) { [self] result in
            switch result {
            case .failure(let error):
                if let login {
                    withState { _ in emit(.connection(.connectFailed(error, reconnect: false))) }
                    deliver { login(.failure(error)) }
                    return
                }
                let retries = withState { state -> Bool in
                    guard !state.isClosed else { return false }
                    emit(.connection(.connectFailed(error, reconnect: true)))
                    if let end = ConnectionEvent(endingLoginWith: error) {
                        self.end(&state, with: end)
                        return false
                    }
                    emit(.syncFailed(error))
                    return true
                }
                if retries { retryLater { $0.connect(login: nil) } }
            case .success(let connection):
                let accepted = withState { state -> Bool in
                    // Closed meanwhile, or another reconnect got there first: drop this connection.
                    guard !state.isClosed, state.connection == nil else { return false }
                    state.connection = connection
                    state.failures = 0
                    emit(.connection(.connected))
                    return true
                }
                guard accepted else {
                    connection.close()
                    if let login { deliver { login(.failure(IMError(.notLoggedIn, "logged out while logging in"))) } }
                    return
                }
                sync(login: login)
            }
        }
    }

    /// Syncs: asks for the changes since the store's sync version and applies them, page after page
    /// while the server has more, inside one `.syncStarted` / `.syncFinished` pair.
    ///
    /// From version 0 the answer is the cloud list; from a later one, pages of every change after
    /// it, each with the messages delivered meanwhile (see `apply(_:since:)`). A page older than
    /// what pushes already brought is skipped; the next page is asked from the store's version.
    ///
    /// A store whose versions count in another epoch than the connection's server
    /// (`IMConnection.serverEpoch`: the server was reset, its data wiped, or it is a new in-memory
    /// server) syncs from 0 and rebuilds (`apply(_:since:rebuilding:)`); so does one whose server
    /// answers with a version behind the store's (its data went back to an older copy).
    func sync(login: (@Sendable (Result<Void, IMError>) -> Void)? = nil) {
        let since = withState { state -> UInt64? in
            guard !state.isSyncing, !state.isClosed else { return nil }
            state.isSyncing = true
            state.catchesUpAfterRebuild = false
            emit(.syncStarted)
            return state.isInServerEpoch && !state.rebuildsFromServer ? state.store.syncVersion : 0
        }
        guard let since else {
            if let login { deliver { login(.success(())) } }
            return
        }
        syncPage(since: since, rebuilding: false, login: login)
    }

    /// Asks for one page of changes after `since` and applies it; asks for the next one while the
    /// server has more, else finishes the sync.
    private func syncPage(since: UInt64, rebuilding: Bool, login: (@Sendable (Result<Void, IMError>) -> Void)?) {
        perform(.syncChanges(since: since)) { [self] result in
            switch result {
            case .success(.changes(let changes)) where since > 0 && changes.version < since:
                logger.log(.warning, "the server is at version \(changes.version), behind this device's \(since): "
                    + "its data went back to an older copy; rebuilding this device's store from it")
                syncPage(since: 0, rebuilding: true, login: login)
                return
            case .success(.changes(let changes)):
                logger.log(.debug, "sync page after version \(since): \(changes.conversations.count) conversations, "
                    + "\(changes.deleted.count) deletions, up to version \(changes.version)\(changes.hasMore ? ", more to come" : "")")
                // The conversations with unread messages, carried or left out, for the auto report.
                let pulled = changes.conversations.filter { $0.unreadCount > 0 }.map { ($0.id, $0.lastSeq) }
                // A rebuild keeps the conversations held here beyond the cloud list. Unread messages
                // the page left out (its byte budget; after a version, those this device holds) are
                // fetched before it applies, where missing here (from 0 all of them: the store may
                // be rebuilt from this answer).
                addingHeldConversations(to: changes.conversations, since: since) { [self] listed in
                    let fetched: @Sendable (Result<[ServerConversation], IMError>) -> Void = { [self] whole in
                        switch whole {
                        case .success(let conversations):
                            var complete = changes
                            complete.conversations = conversations
                            finishPage(complete, pulled: pulled, since: since, rebuilding: rebuilding, login: login)
                        case .failure(let error):
                            syncFailed(error)
                            if let login { deliver { login(.success(())) } }
                        }
                    }
                    switch listed {
                    case .success(let conversations):
                        fetchingOmittedUnread(conversations, skippingHeld: since > 0 && !rebuilding, completion: fetched)
                    case .failure(let error):
                        fetched(.failure(error))
                    }
                }
                return
            case .success:
                syncFailed(IMError(.networkFailure, "unexpected answer to a sync"))
            case .failure(let error):
                syncFailed(error)
            }
            if let login { deliver { login(.success(())) } }
        }
    }

    /// Applies one page whose unread messages are all there (or held here), then asks for the next
    /// one while the server has more, else finishes the sync; `pulled` are the conversations to
    /// auto-report (`reportPulled(_:)`).
    private func finishPage(
        _ changes: IMChanges, pulled: [(ConversationID, UInt64)], since: UInt64, rebuilding: Bool,
        login: (@Sendable (Result<Void, IMError>) -> Void)?
    ) {
        let next = apply(changes, since: since, rebuilding: rebuilding)
        reportPulled(pulled)
        if changes.hasMore, !withState({ $0.isClosed }) {
            syncPage(since: next, rebuilding: false, login: login)
            return
        }
        // A rebuild asked for while this sync ran (from a later version) starts now, and so does the
        // catch-up after a rebuild whose answer was older than the pushes the store had applied.
        let rebuildsNext = withState { state -> Bool in
            state.isSyncing = false
            state.failures = 0
            emit(.syncFinished)
            return (state.rebuildsFromServer || state.catchesUpAfterRebuild) && !state.isClosed
        }
        warmUpInBackground()
        if let login { deliver { login(.success(())) } }
        if rebuildsNext { sync() }
    }

    /// Applies one page of changes as one batch, unless pushes already brought the store further;
    /// returns the store's sync version after it (where the next page starts).
    ///
    /// The messages delivered after `since` go in first, each announced as new unless this device
    /// has it already or sent it itself; then the conversation's server state, so its read state
    /// ends as the server says.
    ///
    /// The answer to a sync from 0 on a store from another server epoch, or with `rebuilding` (the
    /// server went back), replaces what came from the server in the same batch: the store forgets
    /// it (`ConversationStore.forgetServerState(takingEpoch:)`: drafts, local messages and the
    /// SYSTEM conversation stay) and takes the cloud list, so listeners hear of the conversations
    /// that changed, went or came, never of an empty list in between. Any other answer counts only
    /// in the store's epoch.
    private func apply(_ changes: IMChanges, since: UInt64, rebuilding: Bool = false) -> UInt64 {
        let roaming = readPolicy == .roaming
        return writeState { state -> UInt64 in
            let rebuildsAfterDrop = state.rebuildsFromServer && since == 0
            // The conversations a message new to this device arrived in: they move, the rest keep their places.
            var moved: Set<ConversationID> = []
            defer { if rebuildsAfterDrop { state.store.endRebuild(moved: moved) } }
            if rebuildsAfterDrop {
                logger.log(.info, "rebuilding the store of \(userID) from the server, its local database no longer used")
                completeNow(&state)
                // What this device had heard: the answer from 0 carries every message delivered
                // since the connection opened, and those up to here were announced already.
                state.heardAlready.merge(state.store.lastSequences(), uniquingKeysWith: max)
                // Pushes may have brought the store past the answer: what they brought comes again
                // with the sync from the answer's version that follows.
                if changes.version < state.store.syncVersion { state.catchesUpAfterRebuild = true }
                // Every conversation held here that the server has is in the answer (see
                // `addingHeldConversations(to:since:completion:)`); the others, deleted on another
                // device without the deletion synced here, stay.
                let answered = Set(changes.conversations.map(\.id))
                state.store.forgetServerState(
                    takingEpoch: state.connection?.serverEpoch, keepingOrder: state.rebuildKeepsOrder,
                    keeping: Set(state.store.conversationIDs.filter { !answered.contains($0) }), keepingRemovals: true)
                state.rebuildsFromServer = false
            } else if rebuilding || !state.isInServerEpoch {
                guard since == 0, let epoch = state.connection?.serverEpoch else { return state.store.syncVersion }
                takeServerEpoch(epoch, &state)
            }
            guard changes.version > state.store.syncVersion || since == 0 && changes.version == 0 else {
                return state.store.syncVersion
            }
            // Oldest activity first: within one second, a later-applied conversation sorts higher,
            // so the server's most recent ends on top.
            for conversation in changes.conversations.reversed() {
                let isNewHere = state.store.loadedConversation(conversation.id) == nil
                // One change of the conversation for all its new messages (a sync page carries ~20 each).
                let heard = state.heardAlready[conversation.id] ?? 0
                let arrivals = conversation.newMessages.map { message in
                    (message: message, isNew: !state.takeSentHere(message, selfUserID: userID) && message.seq > heard)
                }
                if rebuildsAfterDrop, conversation.newMessages.contains(where: { $0.seq > heard }) { moved.insert(conversation.id) }
                state.store.receive(arrivals, profile: conversation.profile)
                state.store.applyServerState(conversation, takingReadCursor: roaming || isNewHere)
                applySyncedMessageState(conversation, announcing: since > 0 && !isNewHere, &state)
                state.store.reapplyRemovals(in: conversation.id, clearedSeq: conversation.clearedSeq)
                if syncsDrafts, let draft = conversation.draft {
                    state.store.applyRemoteDraft(conversation.id, draft)
                }
            }
            for id in changes.deleted { state.store.delete(id) }
            if let groups = changes.conversationGroups { state.store.replaceConversationGroups(with: groups) }
            state.store.advanceSyncVersion(to: changes.version)
            return state.store.syncVersion
        }
    }

    /// Makes `epoch` the store's: a store that holds nothing from a server just takes it; one that
    /// came from another epoch (or a server that went back) forgets what came from the server,
    /// logged at info level, and the sync from 0 being applied rebuilds it.
    private func takeServerEpoch(_ epoch: String, _ state: inout State) {
        guard state.store.serverEpoch != nil || state.store.syncVersion > 0 else {
            state.store.adoptServerEpoch(epoch)
            return
        }
        logger.log(.info, state.store.serverEpoch == epoch
            ? "the server's data went back: rebuilding the local store of \(userID) from it"
            : "the server is not the one the local store of \(userID) came from (it was reset, its data replaced, "
                + "or it is a new in-memory server): rebuilding the store from it, keeping drafts and local messages")
        completeNow(&state)
        state.store.forgetServerState(takingEpoch: epoch)
    }

    /// Syncs again now (after local data was lost).
    func resync() {
        sync()
    }

    /// Reports a failed sync and tries again later on the same connection (a lost connection is
    /// reopened by `connectionLost`, and the reconnect syncs).
    private func syncFailed(_ error: IMError) {
        withState { state in
            state.isSyncing = false
            // A stopped client reports nothing more (the sync failed because it stopped).
            if !state.isClosed { emit(.syncFailed(error)) }
        }
        retryLater { client in
            if client.withState({ $0.connection != nil }) { client.sync() }
        }
    }

    /// Runs `attempt` after a backoff that doubles with each failure in a row (50 ms up to 2 s, with jitter),
    /// unless the client stopped meanwhile.
    private func retryLater(_ attempt: @escaping @Sendable (IMClient) -> Void) {
        let failures = withState { state -> Int in
            state.failures += 1
            return state.failures
        }
        // Doubling from 50 ms to 2 s, each wait drawn from its upper half: devices that lost one
        // server at once do not come back in lockstep.
        let delay = min(0.05 * pow(2, Double(min(failures - 1, 6))), 2.0) * Double.random(in: 0.5...1)
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, !self.withState({ $0.isClosed }) else { return }
            attempt(self)
        }
    }

    /// Sends `request` over the connection; `completion` runs on the transport's thread, after
    /// every push that arrived before the answer is applied (the server sends a connection's pushes
    /// and answers in order, so what the answer says is never older than what the store shows).
    package func perform(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void) {
        guard let connection = state.withLock({ $0.connection }) else {
            completion(.failure(IMError(.networkFailure, "not connected")))
            return
        }
        connection.send(request) { [weak self] result in
            self?.applyArrivedPushes()
            completion(result)
        }
    }

    /// Ends the login from inside the lock: reports `event` (`.kickedOffline`, `.userSigExpired`)
    /// and stops as `stop()` does; the connection is gone already.
    private func end(_ state: inout State, with event: ConnectionEvent) {
        state.isClosed = true
        state.inbox = []
        state.isSyncing = false
        closeDatabase(&state)
        state.connection = nil
        emit(.connection(event))
        forgetObservers()
    }

    /// Closes the connection and the database (trying a last time to write changes a failing disk
    /// kept unwritten); no push is applied, and no event emitted, afterwards. The events emitted
    /// before still reach the observers (see `emit(_:)`).
    package func stop() {
        applyArrivedPushes()
        let connection = state.withLock { state -> (any IMConnection)? in
            state.isClosed = true
            state.inbox = []
            closeDatabase(&state)
            forgetObservers()
            defer { state.connection = nil }
            return state.connection
        }
        connection?.close()
    }

    /// Under `.autoReport`, tells the server that the device pulled these messages (they count as
    /// read there, and the peer gets no read receipt for them); the device's own cursors do not
    /// move. A failed report is logged, and the next message to the conversation, or a sync that
    /// brings it, reports the conversation again; until then (after a report lost with the
    /// connection at a logout, say) the server still counts those messages as unread.
    private func reportPulled(_ reads: [(ConversationID, UInt64)]) {
        guard readPolicy == .autoReport else { return }
        for (id, seq) in reads {
            perform(.reportPulled(id, upTo: seq)) { [logger] result in
                if case .failure(let error) = result {
                    logger.log(.warning, "auto report of \(id) up to \(seq) failed: \(error)")
                }
            }
        }
    }

    // MARK: - Pushes

    /// Takes one push: it waits in the inbox, and the next batch applies every push waiting there,
    /// in arrival order, before its own change (a drain on `inboxQueue`, the batch of an answer, a
    /// local call); so the transport's thread never waits for the store or the disk, and a flood of
    /// pushes is applied in a few batches (one database transaction each) instead of one per push.
    /// Every answer's completion runs after the pushes that arrived before it are applied
    /// (`perform(_:completion:)`).
    ///
    /// Pushes apply in version order: the next version is applied, an old one (a duplicate) is
    /// ignored, and a later one means pushes were lost: it is ignored too and an incremental sync
    /// catches up (it brings the lost messages, announced then).
    ///
    /// A message is new for the listeners unless this device sent it (whether its push comes
    /// before or after the send's answer, or after a send that failed here but reached the
    /// server); one sent from another device of the user is new. A message that starts a
    /// conversation this device lacks although it is not the conversation's first (one outside
    /// the list this device synced from scratch) is followed by a request for the conversation's
    /// server state (`refresh(_:upTo:)`), for its pin and unread count.
    /// - Complexity: O(1) amortized on the calling thread.
    package func receive(_ push: IMPush, version: UInt64) {
        let schedules = withState { state -> Bool in
            guard !state.isClosed else { return false }
            state.inbox.append(ArrivedPush(push: push, version: version))
            defer { state.isDrainScheduled = true }
            return !state.isDrainScheduled
        }
        if schedules {
            inboxQueue.async { [weak self] in
                self?.writeState { state in state.isDrainScheduled = false }
            }
        }
    }

    /// Applies the pushes waiting in the inbox now, if any (before an answer's completion, and
    /// before the client stops).
    func applyArrivedPushes() {
        if withState({ !$0.inbox.isEmpty }) { writeState { _ in } }
    }

    /// Applies every push of the inbox to the store, in order, each as one batch (so listeners hear
    /// of each push as if it had come alone); notes in `followUps` what to do once the lock is
    /// released.
    ///
    /// - Returns: the pushes' batches, in order, to be written and announced.
    /// - Complexity: O(p) store operations for p pushes.
    private func applyInbox(_ state: inout State, _ followUps: inout PushFollowUps) -> [ChangeBatch] {
        let arrived = state.inbox
        state.inbox = []
        guard !state.isClosed else { return [] }
        var batches: [ChangeBatch] = []
        batches.reserveCapacity(arrived.count)
        // Versions count in the connection's epoch: a store from another one waits for its sync from 0.
        // An online message belongs to no version, and no sync would bring it: heard all the same.
        guard state.isInServerEpoch else {
            for arrival in arrived {
                if case .onlineMessage(let message, let profile) = arrival.push {
                    noteOnlineMessage(message, profile, &state, &followUps)
                }
            }
            return []
        }
        for arrival in arrived {
            let (push, version) = (arrival.push, arrival.version)
            guard version == 0 || version == state.store.syncVersion + 1 else {
                if version > state.store.syncVersion { followUps.needsSync = true }
                continue
            }
            switch push {
            case .newMessage(let message, let profile):
                let sentHere = state.takeSentHere(message, selfUserID: userID)
                let id = message.conversationID(selfUserID: userID)
                if message.seq > 1 && state.store.conversation(id) == nil { followUps.refreshes.append((id, message.seq)) }
                state.store.receive(message, profile: profile, isNew: !sentHere)
                if !message.sender.isSameID(as: userID) { followUps.pulled.append((id, message.seq)) }
            case .readCursor(let id, let seq):
                if readPolicy == .roaming { state.store.markRead(id, upTo: seq, clearingMark: false) }
            case .pinned(let id, let pinned):
                // The server creates a conversation the user lacks when pinning it (a pin that
                // crossed a delete): so does the device, or it would never show what the server lists.
                if pinned { state.store.createIfMissing(id) }
                state.store.applyServerPin(id, pinned)
            case .receiveOption(let id, let option):
                state.store.setReceiveOption(id, option)
            case .conversationDeleted(let id, let clearingMessages):
                state.store.delete(id, keepingMessages: !clearingMessages)
            case .profile(let id, let profile):
                state.store.setProfile(id, profile)
            case .draft(let id, let change):
                if syncsDrafts { state.store.applyRemoteDraft(id, change) }
            case .messageRevoked, .messageModified, .peerRead, .historyCleared:
                applyMessagePush(push, &state)
            case .marks(let id, let marks):
                state.store.applyServerMarks(id, ConversationMarks(rawValue: marks))
            case .customData(let id, let data):
                state.store.applyServerCustomData(id, data)
            case .conversationGroup(let id, let group):
                state.store.applyConversationGroup(id, group)
            case .globalReceiveOption(let option):
                // Nothing the store keeps: the facades hear of it after this push's batch.
                followUps.globalReceiveOptions.append(option)
            case .messageReadReceipts(let receipts):
                followUps.readReceipts.append(receipts)
            case .onlineMessage(let message, let profile):
                noteOnlineMessage(message, profile, &state, &followUps)
            }
            if version > 0 { state.store.advanceSyncVersion(to: version) }
            batches.append(state.store.commitBatch())
            if checksInvariants(in: state) { state.store._checkInvariants() }
        }
        return batches
    }

    /// An online message, stored nowhere: the new-message listeners hear of it with the commit's
    /// events; not this device's own, which is no new message here.
    private func noteOnlineMessage(
        _ message: Message, _ profile: ConversationProfile, _ state: inout State, _ followUps: inout PushFollowUps
    ) {
        if !state.takeSentHere(message, selfUserID: userID) { followUps.onlineMessages.append((message, profile)) }
    }

    /// Does what applying pushes left to do, outside the lock: asks for the server state of the
    /// conversations pushes started here, reports pulled messages (auto report), and syncs after a
    /// gap.
    private func run(_ followUps: PushFollowUps) {
        guard !followUps.isEmpty else { return }
        for option in followUps.globalReceiveOptions { emit(.globalReceiveOption(option)) }
        for receipts in followUps.readReceipts { emit(.messageReadReceipts(receipts)) }
        for (id, seq) in followUps.refreshes { refresh(id, upTo: seq) }
        reportPulled(followUps.pulled)
        if followUps.needsSync { sync() }
    }

    /// The connection dropped: forget it and reconnect with backoff (the reconnect syncs), or, when
    /// `error` ends the login (`kickedOff`, `userSigExpired`), report that and stop.
    package func connectionLost(_ error: IMError) {
        let reconnects = withState { state -> Bool in
            guard !state.isClosed, state.connection != nil else { return false }
            if let end = ConnectionEvent(endingLoginWith: error) {
                self.end(&state, with: end)
                return false
            }
            state.connection = nil
            state.isSyncing = false
            emit(.connection(.disconnected(error)))
            emit(.syncFailed(error))
            return true
        }
        if reconnects { retryLater { $0.connect(login: nil) } }
    }
}

/// A push waiting in an `IMClient`'s inbox.
struct ArrivedPush: Sendable {
    let push: IMPush
    let version: UInt64
}

/// What applying a batch of pushes leaves to do once the client's lock is released.
struct PushFollowUps {
    /// A push came after a gap: an incremental sync must catch up.
    var needsSync = false
    /// Conversations a push started here although the server had them before, with the message's seq.
    var refreshes: [(ConversationID, UInt64)] = []
    /// Messages from others pulled in (reported under auto report).
    var pulled: [(ConversationID, UInt64)] = []
    /// The global receive options pushed, in order (announced as `ClientEvent.globalReceiveOption`).
    var globalReceiveOptions: [GlobalReceiveOption] = []
    /// The message read receipts pushed, in order (announced as `ClientEvent.messageReadReceipts`).
    var readReceipts: [[MessageReadReceipt]] = []
    /// The online messages pushed, in order (announced as `ClientEvent.onlineMessage` by the commit
    /// that applied them, under its lock).
    var onlineMessages: [(Message, ConversationProfile)] = []

    var isEmpty: Bool {
        !needsSync && refreshes.isEmpty && pulled.isEmpty && globalReceiveOptions.isEmpty && readReceipts.isEmpty
            && onlineMessages.isEmpty
    }
}
