import Foundation

/// One logged-in user's engine: the store behind a lock, the server connection, and ordered events.
///
/// Both API facades sit on an `IMClient`; neither keeps conversation state of its own.
/// - Thread safety: every method may be called from any thread. Store access is serialised by one
///   lock; events and every completion handed to `deliver` run on `callbackQueue`, one at a time, in
///   the order they were produced, and never while the lock is held.
package final class IMClient: IMPushSink, @unchecked Sendable {
    // Invariant: mutable state lives in `state` and `observers`; everything else is immutable.
    package let userID: String
    package let transport: any IMTransport
    /// The serial queue every event and completion runs on.
    package let callbackQueue: DispatchQueue
    /// Whether every batch is followed by a full recount check (tests; O(n) per batch).
    package let checksInvariants: Bool
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

    struct State {
        var store: ConversationStore
        var connection: (any IMConnection)?
        var isClosed = false
        /// The store's database (every batch is written to it in one transaction), if any.
        var database: ConversationDatabase?
    }

    private let state: Locked<State>
    private let observers = Locked<[(token: Int, handler: @Sendable (ClientEvent) -> Void)]>([])
    private let nextToken = Locked(0)

    package init(
        userID: String, transport: any IMTransport, callbackQueue: DispatchQueue,
        readPolicy: ReadPolicy = .roaming, logger: IMLogger = .silent, databasePath: String? = nil,
        warmsUpInBackground: Bool = true, checksInvariants: Bool = false, clock: @escaping @Sendable () -> UInt64
    ) {
        self.databasePath = databasePath
        self.warmsUpInBackground = warmsUpInBackground
        self.userID = userID
        self.transport = transport
        self.callbackQueue = callbackQueue
        self.readPolicy = readPolicy
        self.logger = logger
        self.checksInvariants = checksInvariants
        self.clock = clock
        self.state = Locked(State(store: ConversationStore(selfUserID: userID)))
    }

    // MARK: - Observers

    /// Registers `handler` for every later event; returns a token for `removeObserver`.
    @discardableResult
    package func addObserver(_ handler: @escaping @Sendable (ClientEvent) -> Void) -> Int {
        let token = nextToken.withLock { value in
            value += 1
            return value
        }
        observers.withLock { $0.append((token, handler)) }
        return token
    }

    /// Stops delivering events to the observer registered with `token`.
    package func removeObserver(_ token: Int) {
        observers.withLock { $0.removeAll { $0.token == token } }
    }

    /// Runs `body` on the callback queue after everything already queued there.
    package func deliver(_ body: @escaping @Sendable () -> Void) {
        callbackQueue.async(execute: body)
    }

    /// Queues `event` for the observers. Called with the state lock held, so events keep the order
    /// of the batches that produced them; the observers themselves run later, on the queue.
    func emit(_ event: ClientEvent) {
        callbackQueue.async { [observers] in
            for observer in observers.withLock({ $0 }) { observer.handler(event) }
        }
    }

    // MARK: - Store access

    /// Runs `body` on the whole state under the lock (for the client's own extensions).
    func withState<T>(_ body: (inout State) -> T) -> T {
        state.withLock { body(&$0) }
    }

    /// Reads the store under the lock.
    package func read<T, E: Error>(_ body: (ConversationStore) throws(E) -> T) throws(E) -> T {
        try state.withLock { state throws(E) in try body(state.store) }
    }

    /// Mutates the store as one atomic batch and queues its event.
    ///
    /// `body` must validate before it mutates; whatever it changed before throwing is still committed
    /// and announced, so listeners never miss a change.
    @discardableResult
    package func write<T, E: Error>(_ body: (inout ConversationStore) throws(E) -> T) throws(E) -> T {
        let result: Result<T, E> = state.withLock { state in
            let result: Result<T, E>
            do throws(E) {
                result = .success(try body(&state.store))
            } catch {
                result = .failure(error)
            }
            let batch = state.store.commitBatch()
            if checksInvariants { state.store._checkInvariants() }
            if let database = state.database { persist(batch, to: database) }
            if !batch.isEmpty { emit(.changes(batch)) }
            return result
        }
        return try result.get()
    }

    /// Sends `requests` (concurrently), then applies all their results to the store as one batch.
    ///
    /// `apply` sees every result, in the order of `requests`, and decides what to change; an error it
    /// throws becomes the result. `completion` runs on the callback queue after the batch's event.
    package func execute<T: Sendable>(
        _ requests: [IMRequest],
        apply: @escaping @Sendable (inout ConversationStore, [Result<IMResponse, IMError>]) throws(IMError) -> T,
        completion: @escaping @Sendable (Result<T, IMError>) -> Void
    ) {
        let finish: @Sendable ([Result<IMResponse, IMError>]) -> Void = { [self] results in
            let outcome: Result<T, IMError>
            do throws(IMError) {
                outcome = .success(try write { store throws(IMError) in try apply(&store, results) })
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

    /// Connects, then syncs every conversation from the server, announcing the sync to observers.
    ///
    /// `completion` runs on the callback queue: success once connected and synced (a failed sync is
    /// reported as `.syncFailed` and still completes with success, the local state being usable),
    /// failure when the connection could not be opened.
    package func start(userSig: String, completion: @escaping @Sendable (Result<Void, IMError>) -> Void) {
        do throws(IMError) {
            try openDatabase()
        } catch {
            deliver { completion(.failure(error)) }
            return
        }
        transport.connect(userID: userID, userSig: userSig, sink: self) { [self] result in
            switch result {
            case .failure(let error):
                deliver { completion(.failure(error)) }
            case .success(let connection):
                let accepted = state.withLock { state -> Bool in
                    guard !state.isClosed else { return false }
                    state.connection = connection
                    emit(.syncStarted)
                    return true
                }
                guard accepted else {
                    connection.close()
                    deliver { completion(.failure(IMError(.notLoggedIn, "logged out while logging in"))) }
                    return
                }
                sync(completion: completion)
            }
        }
    }

    private func sync(completion: @escaping @Sendable (Result<Void, IMError>) -> Void) {
        perform(.syncConversations) { [self] result in
            switch result {
            case .success(.conversations(let list)):
                let roaming = readPolicy == .roaming
                write { store in
                    for conversation in list { store.applyServerState(conversation, takingReadCursor: roaming) }
                }
                state.withLock { _ in emit(.syncFinished) }
                warmUpInBackground()
                reportPulled(list.filter { !$0.unreadMessages.isEmpty }.map { ($0.id, $0.lastSeq) })
            case .success:
                state.withLock { _ in emit(.syncFailed(IMError(.networkFailure, "unexpected sync response"))) }
            case .failure(let error):
                state.withLock { _ in emit(.syncFailed(error)) }
            }
            deliver { completion(.success(())) }
        }
    }

    /// Sends `request` over the connection; `completion` runs on the transport's thread.
    package func perform(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void) {
        guard let connection = state.withLock({ $0.connection }) else {
            completion(.failure(IMError(.notLoggedIn, "not connected")))
            return
        }
        connection.send(request, completion: completion)
    }

    /// Closes the connection and the database; no push is applied afterwards.
    package func stop() {
        let connection = state.withLock { state -> (any IMConnection)? in
            state.isClosed = true
            state.database = nil
            defer { state.connection = nil }
            return state.connection
        }
        connection?.close()
    }

    /// Under `.autoReport`, tells the server that the device pulled these messages (they count as
    /// read there); the device's own cursors do not move. A failed report is logged, and the next
    /// message or sync reports the conversation again.
    private func reportPulled(_ reads: [(ConversationID, UInt64)]) {
        guard readPolicy == .autoReport else { return }
        for (id, seq) in reads {
            perform(.markRead(id, upTo: seq)) { [logger] result in
                if case .failure(let error) = result {
                    logger.log(.warning, "auto report of \(id) up to \(seq) failed: \(error)")
                }
            }
        }
    }

    // MARK: - Pushes

    /// Applies one push from the server as one batch.
    package func receive(_ push: IMPush) {
        if state.withLock({ $0.isClosed }) { return }
        write { store in
            switch push {
            case .newMessage(let message, let profile):
                store.receive(message, profile: profile)
            case .readCursor(let id, let seq):
                if readPolicy == .roaming { store.markRead(id, upTo: seq, clearingMark: false) }
            case .pinned(let id, let pinned):
                store.applyServerPin(id, pinned)
            case .receiveOption(let id, let option):
                store.setReceiveOption(id, option)
            case .conversationDeleted(let id):
                store.delete(id)
            case .profile(let id, let profile):
                store.setProfile(id, profile)
            }
        }
        if case .newMessage(let message, _) = push, message.sender != userID {
            reportPulled([(message.conversationID(selfUserID: userID), message.seq)])
        }
    }
}
