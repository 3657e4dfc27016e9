import Foundation
import IMReferenceServer
import IMTransportKit

/// One SDK instance: init and uninit, the login state machine, the settings the next login uses
/// (transport, storage, read policy, logging, callback queue), and the gate every call goes through
/// (6013 before init, 6014 when not logged in, 6015 while a login runs).
///
/// Both API facades are clients of one session: `V2TIMManager.sharedInstance()` and the legacy
/// `TIMManager` drive `IMSession.shared`, so a login through either is the login of both, over one
/// `IMClient` (store, connection, events). Each facade observes the session's events and turns them
/// into its own listener calls; neither keeps session state of its own.
/// - Thread safety: every method may be called from any thread. State is behind one lock that is
///   never held while calling out; completions and observers run on the callback queue, one at a
///   time, in the order the session produced them.
package final class IMSession: Sendable {
    /// The process-wide session (both facades' shared instance).
    package static let shared = IMSession()

    /// The login state; the raw values are both generations' (LOGINED 1, LOGINING 2, LOGOUT 3).
    package enum Status: Int, Sendable {
        case loggedIn = 1
        case loggingIn = 2
        case loggedOut = 3
    }

    /// Where a login keeps its local store.
    package enum Storage: Sendable, Hashable {
        /// A database file per (app ID, user) in `directory`; nil: the per-user default directory.
        case disk(directory: String?)
        /// Nothing is written; every login starts empty and syncs from the server.
        case memory

        /// The database file of `userID` under app `appID`; nil for `.memory`.
        package func databasePath(appID: Int32, userID: String) -> String? {
            guard case .disk(let directory) = self else { return nil }
            return ConversationDatabase.path(
                directory: directory ?? ConversationDatabase.defaultDirectory(), appID: appID, userID: userID)
        }
    }

    /// What `initialize` is given: nil fields keep the session's current value (a transport is
    /// forgotten when the app ID changes).
    package struct Options: Sendable {
        package var transport: (any IMTransport)?
        package var callbackQueue: DispatchQueue?
        package var checksInvariants: Bool?
        package var storage: Storage?
        package var syncsDrafts: Bool?
        /// The kind of device logins present to the server (`IMPlatform.current` until set).
        package var platform: IMPlatform?
        /// Seconds between the heartbeats of a login (`IMClient.defaultHeartbeatInterval` until set).
        package var heartbeatInterval: Double?
        package var logger: IMLogger

        package init(
            transport: (any IMTransport)? = nil, callbackQueue: DispatchQueue? = nil, checksInvariants: Bool? = nil,
            storage: Storage? = nil, syncsDrafts: Bool? = nil, platform: IMPlatform? = nil,
            heartbeatInterval: Double? = nil, logger: IMLogger
        ) {
            self.heartbeatInterval = heartbeatInterval
            self.platform = platform
            self.transport = transport
            self.callbackQueue = callbackQueue
            self.checksInvariants = checksInvariants
            self.storage = storage
            self.syncsDrafts = syncsDrafts
            self.logger = logger
        }
    }

    /// An observer of every event of the logged-in client.
    package typealias Observer = @Sendable (IMClient, ClientEvent) -> Void

    private struct State: Sendable {
        var appID: Int32?
        var transport: (any IMTransport)?
        var checksInvariants = false
        var queue: DispatchQueue
        var client: IMClient?
        var status: Status = .loggedOut
        /// Who owns read cursors in the next login (the legacy API's auto report sets it).
        var readPolicy: ReadPolicy = .roaming
        var logger: IMLogger = .silent
        var storage: Storage = .disk(directory: nil)
        var warmsUpInBackground = true
        var messageCacheLimit = ConversationStore.defaultMessageCacheLimit
        var batchLogFoldThreshold = ConversationDatabase.defaultLogFoldThreshold
        /// The device's clock of later logins (nil: the system's; see `setClockForTesting(_:)`).
        var clock: (@Sendable () -> UInt64)?
        /// `clock`, or the system's.
        var deviceClock: @Sendable () -> UInt64 { clock ?? { UInt64(Date().timeIntervalSince1970) } }
        var syncsDrafts = false
        var platform = IMPlatform.current
        /// The storage fault tests injected into the databases of this session's clients.
        var storageFault: StorageFault?
        var heartbeatInterval = IMClient.defaultHeartbeatInterval
        var observers: [Observer] = []
        var unInitObservers: [@Sendable () -> Void] = []
        /// The filters whose unread counts every client keeps, until unsubscribed or `unInitialize`.
        var unreadFilters: [ConversationFilter] = []
    }

    private let state: Locked<State>

    /// A new, independent session (another device in the same process).
    package init() {
        state = Locked(State(queue: IMSession.defaultQueue()))
    }

    /// The callback queue when none is configured: the main queue on Apple platforms (as the vendor
    /// SDK), a serial queue of the session's elsewhere, where nothing may be running the main queue.
    private static func defaultQueue() -> DispatchQueue {
        #if canImport(Darwin)
        return .main
        #else
        return DispatchQueue(label: "ImSDK.callbacks")
        #endif
    }

    // MARK: - Init

    /// Initialises the session for `appID`.
    ///
    /// Calling it again with the same app ID is harmless: it succeeds, keeps the session, and keeps
    /// the transport and callback queue unless `options` names new ones.
    /// - Returns: true on success; false for an app ID of 0 or less, or a different app ID while
    ///   logged in.
    package func initialize(appID: Int32, _ options: Options) -> Bool {
        guard appID > 0 else { return false }
        return state.withLock { state in
            if let current = state.appID, current != appID, state.client != nil { return false }
            let again = state.appID == appID
            state.appID = appID
            if let transport = options.transport { state.transport = transport } else if !again { state.transport = nil }
            if let queue = options.callbackQueue { state.queue = queue }
            state.checksInvariants = options.checksInvariants ?? state.checksInvariants
            if let storage = options.storage { state.storage = storage }
            state.syncsDrafts = options.syncsDrafts ?? state.syncsDrafts
            state.platform = options.platform ?? state.platform
            state.heartbeatInterval = options.heartbeatInterval ?? state.heartbeatInterval
            state.logger = options.logger
            return true
        }
    }

    /// Logs out if needed, forgets the app ID and every setting, then tells the uninit observers
    /// (on the calling thread).
    package func unInitialize() {
        let (client, observers) = state.withLock { state -> (IMClient?, [@Sendable () -> Void]) in
            let kept = state
            // Everything but the observers (they stay for the life of the session) and the
            // invariant check (a debugging switch that outlives an uninit, as it always has).
            state = State(queue: Self.defaultQueue())
            state.observers = kept.observers
            state.unInitObservers = kept.unInitObservers
            state.checksInvariants = kept.checksInvariants
            return (kept.client, kept.unInitObservers)
        }
        client?.stop()
        observers.forEach { $0() }
    }

    /// Sets who owns read cursors, where log lines go and where the store is kept, for logins
    /// started after this call (the legacy `TIMUserConfig`).
    package func configureNextLogin(readPolicy: ReadPolicy, logger: IMLogger, storage: Storage) {
        state.withLock { state in
            state.readPolicy = readPolicy
            state.logger = logger
            state.storage = storage
        }
    }

    /// The kind of device later logins present to the server, until the next `unInitialize` (tests
    /// and tools of this package; apps set `Options.platform` through a facade).
    package func setPlatform(_ platform: IMPlatform) {
        state.withLock { $0.platform = platform }
    }

    /// Whether later logins load a cold store in the background (tests turn it off).
    package func setWarmsUpInBackground(_ enabled: Bool) {
        state.withLock { $0.warmsUpInBackground = enabled }
    }

    /// How many written messages the stores of later logins keep in memory (the rest stay in their
    /// database), until the next `unInitialize`. For tests and tools of this package.
    package func setMessageCacheLimit(_ limit: Int) {
        precondition(limit >= 0, "a cache limit cannot be negative")
        state.withLock { $0.messageCacheLimit = limit }
    }

    /// How many bytes of batches the databases of later logins let their batch log hold before
    /// folding it (`ConversationDatabase.logFoldThreshold`; memory keeps the log's messages until
    /// then), until the next `unInitialize`. For tests and tools of this package (0: a log folded
    /// with every batch, so memory holds no more than the message cache's limit).
    package func setBatchLogFoldThreshold(_ bytes: Int) {
        precondition(bytes >= 0, "a fold threshold cannot be negative")
        state.withLock { $0.batchLogFoldThreshold = bytes }
    }

    /// The device's clock, in seconds, for the clients of later logins (the time of drafts and of
    /// messages being sent), until the next `unInitialize`; nil: the system's. For tests and test
    /// support only: a check whose server clock steps gives the device the same clock, so that a
    /// draft and a message are ordered as on one timeline.
    package func setClockForTesting(_ clock: (@Sendable () -> UInt64)?) {
        state.withLock { $0.clock = clock }
    }

    /// The device's clock now, in seconds (the one `setClockForTesting(_:)` set, else the system's).
    package var deviceTime: UInt64 {
        state.withLock { $0.deviceClock }()
    }

    /// Makes the database of the current client, and of every client a later login or
    /// `openStorage` makes, behave as under `fault` (nil: a healthy disk again), until the next
    /// `unInitialize`. For tests and test support only (see `StorageFault`): the fault is SQLite's
    /// own, so every write path meets the error a real disk gives.
    package func injectStorageFaultForTesting(_ fault: StorageFault?) {
        let client = state.withLock { state -> IMClient? in
            state.storageFault = fault
            return state.client
        }
        client?.injectStorageFaultForTesting(fault)
    }

    // MARK: - Login

    /// Logs in `userID` and syncs from the server; `completion` runs on the callback queue after the
    /// sync.
    ///
    /// Fails with 6013 before `initialize`, 6017 for an empty user ID, 6015 while another login
    /// runs, with the server's code when it refuses, and with the database's error when the local
    /// store cannot be used (6022 when it cannot be written, 6019 for a newer schema or a file or
    /// directory that cannot be created or opened), and with 6014 when `logout` or `unInitialize`
    /// comes before it finished. Logging in as the user already logged in succeeds at once; logging
    /// in as another user logs the first one out. User IDs compare by their bytes, as the server's accounts do: another spelling of a
    /// logged-in ID (NFD for NFC) is another user. With no transport configured, the session talks
    /// to the embedded default (`transport(of:appID:)`): with disk storage a server that keeps its
    /// state next to the stores (6022 when another process uses it), in memory
    /// `IMReferenceServer.shared`.
    ///
    /// The login lasts until `logout`, or until the client reports an event that ends it
    /// (`.kickedOffline`, `.userSigExpired`): the session is then logged out before the observers
    /// get that event, so they see status `.loggedOut`, later calls fail with 6014, and a `login`
    /// (even from inside the observer) starts a new one.
    package func login(userID: String, userSig: String, completion: @escaping @Sendable (Result<Void, IMError>) -> Void) {
        enum Step { case fail(DispatchQueue, IMError), done(DispatchQueue), start(IMClient, IMClient?) }
        let step: Step = state.withLock { state in
            guard let appID = state.appID else {
                return .fail(state.queue, IMError(.notInitialized, "call initSDK before login"))
            }
            guard !userID.isEmpty else { return .fail(state.queue, IMError(.invalidParameters, "userID is empty")) }
            if state.status == .loggingIn {
                return .fail(state.queue, IMError(.inProgress, "a login is in progress"))
            }
            if let client = state.client, client.userID.isSameID(as: userID), state.status == .loggedIn {
                return .done(state.queue)
            }
            let transport: any IMTransport
            do throws(IMError) {
                transport = try Self.transport(of: state, appID: appID)
            } catch {
                return .fail(state.queue, error)
            }
            let previous = state.client
            let client = Self.makeClient(
                userID: userID, databasePath: state.storage.databasePath(appID: appID, userID: userID),
                warmsUpInBackground: state.warmsUpInBackground, transport: transport, settings: state)
            state.client = client
            state.status = .loggingIn
            return .start(client, previous)
        }
        switch step {
        case .fail(let queue, let error):
            queue.async { completion(.failure(error)) }
        case .done(let queue):
            queue.async { completion(.success(())) }
        case .start(let client, let previous):
            previous?.stop()
            client.addObserver { [weak self, weak client] event in
                guard let self, let client else { return }
                self.dispatch(event, from: client)
            }
            client.start(userSig: userSig) { [self] result in
                let current = state.withLock { state -> Bool in
                    guard state.client === client else { return false }
                    switch result {
                    case .success: state.status = .loggedIn
                    case .failure:
                        state.status = .loggedOut
                        state.client = nil
                    }
                    return true
                }
                switch (result, current) {
                case (.success, true): completion(.success(()))
                case (.failure(let error), _):
                    client.stop()  // it holds its database (when kept) until then, and emits nothing more
                    completion(.failure(error))
                case (.success, false):
                    completion(.failure(IMError(.notLoggedIn, "logged out before the login finished")))
                }
            }
        }
    }

    /// Logs out: closes the connection; later calls fail with 6014 until the next login.
    /// `completion` runs on the callback queue: success, or 6013 before `initialize`.
    package func logout(completion: @escaping @Sendable (Result<Void, IMError>) -> Void) {
        let (client, queue, initialized) = state.withLock { state in
            defer {
                state.client = nil
                state.status = .loggedOut
            }
            return (state.client, state.queue, state.appID != nil)
        }
        client?.stop()
        queue.async {
            completion(initialized ? .success(()) : .failure(IMError(.notInitialized, "call initSDK before logout")))
        }
    }

    // MARK: - Local store without a login

    /// Opens the local store of `userID` without logging in (the legacy `initStorage`): its
    /// conversations and messages can be read, and changed locally, through `localClient()`, while
    /// calls that need the server keep failing with 6014 until a login.
    ///
    /// The store stays open until a login (of this user: it goes on over the same database and
    /// syncs; of another user), `logout`, `unInitialize`, or `openStorage` of another user. A login
    /// that fails leaves the session logged out, with no store open. `completion` runs on the
    /// callback queue.
    ///
    /// Succeeds at once when the store of `userID` is already open or `userID` is logged in. Fails
    /// with 6013 before `initialize`; 6017 for an empty user ID, when storage is kept in memory
    /// (there is no store to open), or while another user is logged in; 6015 while a login runs;
    /// 6026 when `userID` has no local store on this device (no login here yet; no file is created);
    /// the database's error when it cannot be opened (6022 when it cannot be written).
    package func openStorage(userID: String, completion: @escaping @Sendable (Result<Void, IMError>) -> Void) {
        enum Step { case fail(DispatchQueue, IMError), done(DispatchQueue), open(IMClient, appID: Int32) }
        let step: Step = state.withLock { state in
            guard let appID = state.appID else {
                return .fail(state.queue, IMError(.notInitialized, "call initSdk before initStorage"))
            }
            guard !userID.isEmpty else { return .fail(state.queue, IMError(.invalidParameters, "userID is empty")) }
            if state.status == .loggingIn {
                return .fail(state.queue, IMError(.inProgress, "a login is in progress"))
            }
            if let client = state.client {
                if client.userID.isSameID(as: userID) { return .done(state.queue) }
                if state.status == .loggedIn {
                    return .fail(state.queue, IMError(.invalidParameters, "another user is logged in; log out first"))
                }
            }
            guard let path = state.storage.databasePath(appID: appID, userID: userID) else {
                return .fail(state.queue, IMError(.invalidParameters, "local storage is disabled: there is no local store"))
            }
            guard FileManager.default.fileExists(atPath: path) else {
                return .fail(state.queue, IMError(.noPreviousLogin, "\(userID) has no local store on this device yet"))
            }
            // The client of a store opened without a login never connects: any server will do.
            let transport = (try? Self.transport(of: state, appID: appID)) ?? IMReferenceServer.shared
            return .open(Self.makeClient(userID: userID, databasePath: path, warmsUpInBackground: false,
                                         transport: transport, settings: state),
                         appID: appID)
        }
        switch step {
        case .fail(let queue, let error):
            queue.async { completion(.failure(error)) }
        case .done(let queue):
            queue.async { completion(.success(())) }
        case .open(let client, let appID):
            installStorageClient(client, appID: appID, completion: completion)
        }
    }

    /// A client of `userID` with the session's current settings (transport, queue, read policy,
    /// logging, drafts, invariant check, platform, heartbeat): the one place logins and
    /// `openStorage` make one.
    private static func makeClient(
        userID: String, databasePath: String?, warmsUpInBackground: Bool, transport: any IMTransport,
        settings state: State
    ) -> IMClient {
        let client = IMClient(
            userID: userID, transport: transport,
            callbackQueue: state.queue, readPolicy: state.readPolicy, logger: state.logger,
            databasePath: databasePath, warmsUpInBackground: warmsUpInBackground, syncsDrafts: state.syncsDrafts,
            checksInvariants: state.checksInvariants, platform: state.platform,
            heartbeatInterval: state.heartbeatInterval, messageCacheLimit: state.messageCacheLimit,
            batchLogFoldThreshold: state.batchLogFoldThreshold, clock: state.deviceClock)
        if let fault = state.storageFault { client.injectStorageFaultForTesting(fault) }
        client.subscribeUnreadCounts(state.unreadFilters)
        return client
    }

    /// The server a login of app `appID` talks to: the configured transport; else the embedded
    /// default, which keeps its state where the local stores are: with disk storage the app's
    /// persisted `IMReferenceServer.embedded(appID:directory:)`, with storage in memory the
    /// in-memory `IMReferenceServer.shared`.
    /// - Throws: the embedded server's error when its data cannot be used (6022 when another
    ///   process uses it).
    private static func transport(of state: State, appID: Int32) throws(IMError) -> any IMTransport {
        if let transport = state.transport { return transport }
        guard case .disk(let directory) = state.storage else { return IMReferenceServer.shared }
        return try IMReferenceServer.embedded(appID: appID, directory: directory)
    }

    /// Opens the database of `client` (outside the lock: it reads the file) and makes it the
    /// session's client, unless the session changed meanwhile.
    private func installStorageClient(
        _ client: IMClient, appID: Int32, completion: @escaping @Sendable (Result<Void, IMError>) -> Void
    ) {
        do throws(IMError) {
            try client.openStorageOnly()
        } catch {
            client.stop()
            callbackQueue.async { completion(.failure(error)) }
            return
        }
        client.addObserver { [weak self, weak client] event in
            guard let self, let client else { return }
            self.dispatch(event, from: client)
        }
        let (outcome, previous, queue) = state.withLock { state -> (Result<Void, IMError>, IMClient?, DispatchQueue) in
            guard state.appID == appID else {
                return (.failure(IMError(.notInitialized, "the SDK was uninitialised meanwhile")), client, state.queue)
            }
            guard state.status == .loggedOut else {
                return (.failure(IMError(.inProgress, "a login started meanwhile")), client, state.queue)
            }
            if let current = state.client, current.userID.isSameID(as: client.userID) {
                return (.success(()), client, state.queue)
            }
            defer { state.client = client }
            return (.success(()), state.client, state.queue)
        }
        previous?.stop()
        queue.async { completion(outcome) }
    }

    /// The logged-in user, or nil (also while logging in).
    package var loginUser: String? {
        state.withLock { state in state.status == .loggedIn ? state.client?.userID : nil }
    }

    /// Logged in, logging in, or logged out.
    package var status: Status { state.withLock { $0.status } }

    /// Whether `initialize` succeeded and `unInitialize` was not called since.
    package var isInitialized: Bool { state.withLock { $0.appID != nil } }

    /// Whether a login is under way or done, or a store is open without one (`openStorage`).
    package var hasClient: Bool { state.withLock { $0.client != nil } }

    /// The queue callbacks run on now (the configured one, else the default).
    package var callbackQueue: DispatchQueue { state.withLock { $0.queue } }

    /// The logger of the session (`.silent` until `initialize`).
    package var logger: IMLogger { state.withLock { $0.logger } }

    // MARK: - The gate

    /// The logged-in client, or the error a call made now fails with (6013 before `initialize`,
    /// 6014 when not logged in), with the queue to report it on.
    package func loggedInClient() -> (client: IMClient?, queue: DispatchQueue, error: IMError?) {
        state.withLock { state in
            guard state.appID != nil else {
                return (nil, state.queue, IMError(.notInitialized, "call initSDK first"))
            }
            guard let client = state.client, state.status == .loggedIn else {
                return (nil, state.queue, IMError(.notLoggedIn, "log in first"))
            }
            return (client, state.queue, nil)
        }
    }

    /// The client whose local store calls that need no server may use: the logged-in one, or the one
    /// `openStorage` opened without a login; nil otherwise (also while a login runs), with the error
    /// such a call fails with (6013 before `initialize`, else 6014) and the queue to report it on.
    package func localClient() -> (client: IMClient?, queue: DispatchQueue, error: IMError?) {
        state.withLock { state in
            guard state.appID != nil else {
                return (nil, state.queue, IMError(.notInitialized, "call initSDK first"))
            }
            guard let client = state.client, state.status != .loggingIn else {
                return (nil, state.queue, IMError(.notLoggedIn, "log in (or open the local store) first"))
            }
            return (client, state.queue, nil)
        }
    }

    /// Runs `body` with the logged-in client; 6013/6014, or the error `body` throws (its argument
    /// checks), goes to `failure` on the callback queue instead.
    package func withClient(failure: @escaping @Sendable (IMError) -> Void, _ body: (IMClient) throws(IMError) -> Void) {
        let (client, queue, error) = loggedInClient()
        do throws(IMError) {
            guard let client else { throw error! }
            try body(client)
        } catch {
            queue.async { failure(error) }
        }
    }

    /// Reports `error` to `failure` on the callback queue, whether or not anyone is logged in.
    package func report(_ error: IMError, to failure: @escaping @Sendable (IMError) -> Void) {
        callbackQueue.async { failure(error) }
    }

    // MARK: - Unread counts of filters

    /// Starts (or with `subscribed` false stops) keeping the unread count of `filter.unreadKey` in
    /// the current client's store and in every later login's, until `unInitialize`; batches carry
    /// it whenever it changes (`ChangeBatch.filterUnreadCounts`).
    /// - Returns: the count now when subscribing with a client (loading a cold store whole), else nil.
    @discardableResult
    package func setUnreadCountSubscription(_ filter: ConversationFilter, subscribed: Bool) -> UInt64? {
        let key = filter.unreadKey
        let client = state.withLock { state -> IMClient? in
            state.unreadFilters.removeAll { $0 == key }
            if subscribed { state.unreadFilters.append(key) }
            return state.client
        }
        guard subscribed else {
            client?.unsubscribeUnreadCount(key)
            return nil
        }
        return client?.subscribeUnreadCount(key)
    }

    // MARK: - Observers

    /// Calls `observer` with every event of every later login's client, on the callback queue, for
    /// the life of the session. Observers run in the order added; `first` puts one before the
    /// others (the legacy facade hears of a batch before the V2 listeners, as it always has).
    package func addObserver(first: Bool = false, _ observer: @escaping Observer) {
        state.withLock { state in
            if first { state.observers.insert(observer, at: 0) } else { state.observers.append(observer) }
        }
    }

    /// Calls `observer` after every later `unInitialize`, on the calling thread.
    package func addUnInitObserver(_ observer: @escaping @Sendable () -> Void) {
        state.withLock { $0.unInitObservers.append(observer) }
    }

    /// Hands one event of `client` to the observers; an event that ends the login of the session's
    /// client logs the session out first (the client stopped itself already). Runs on the callback
    /// queue.
    ///
    /// The event may come from a client the session no longer has (a logout, another login or an
    /// uninit stopped it after the event was emitted and before it got here): it is still handed
    /// on, since the change it announces stands (committed and written, so no later sync brings it
    /// again). A stopped client emits nothing more (`IMClient.stop()`), so these are only the
    /// events from before the stop, and they come before the completion of the call that stopped
    /// it (queued after them on the same queue).
    private func dispatch(_ event: ClientEvent, from client: IMClient) {
        let observers = state.withLock { state -> [Observer] in
            if state.client === client, case .connection(let connection) = event, connection.endsLogin {
                state.client = nil
                state.status = .loggedOut
            }
            return state.observers
        }
        observers.forEach { $0(client, event) }
    }

    /// Whether `client` is the session's client now (logged in, logging in, or a store opened
    /// without a login).
    package func isCurrent(_ client: IMClient) -> Bool {
        state.withLock { $0.client === client }
    }
}
