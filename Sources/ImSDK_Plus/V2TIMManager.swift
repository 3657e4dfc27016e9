import Foundation
import IMCore
import IMReferenceServer

/// The V2 API entry point: one SDK session (init, login, listeners) over the shared `IMClient`.
///
/// - Thread safety: every method may be called from any thread. Callbacks (`succ`, `fail`) and
///   listener methods run on the configured callback queue (`V2TIMSDKConfig.callbackQueue`), one at
///   a time, in the order the SDK produced them; every asynchronous call ends in exactly one of its
///   two callbacks, exactly once.
public final class V2TIMManager: @unchecked Sendable {
    // Invariant: all mutable state is inside `state`; user code is never called while it is locked.
    private static let shared = V2TIMManager()

    /// The process-wide SDK instance.
    public static func sharedInstance() -> V2TIMManager! { shared }

    /// Another, independent SDK instance: a second *device* in the same process (this package's
    /// addition, for tests, tools and demos of multi-device behaviour).
    ///
    /// It has its own init, login, store, listeners and callback queue; nothing is shared with
    /// `sharedInstance()` but the server it talks to. Give each device of one user its own storage
    /// (`V2TIMSDKConfig.storage`: another directory, or `.memory`), since the database file is per
    /// (app ID, user). The legacy `TIMManager` always drives `sharedInstance()`.
    public static func makeInstance() -> V2TIMManager { V2TIMManager() }

    struct Session {
        var sdkAppID: Int32?
        var transport: (any IMTransport)?
        var checksInvariants = false
        var queue: DispatchQueue
        var client: IMClient?
        var loginStatus: V2TIMLoginStatus = .STATUS_LOGOUT
        var conversationListeners: [WeakListener] = []
        var messageListeners: [WeakListener] = []
        var totalUnreadSubscribed = false
        /// Who owns read cursors in the next session (the legacy API's auto report sets it).
        var readPolicy: ReadPolicy = .roaming
        var logger: IMLogger = .silent
        var storage: V2TIMStorage = .disk(directory: nil)
        var warmsUpInBackground = true
        var syncsDrafts = false
        /// Observers of every event of the current session, before the V2 listeners (the legacy API).
        var eventHooks: [@Sendable (IMClient, ClientEvent) -> Void] = []
        /// Called after every `unInitSDK` (the legacy API forgets its settings too).
        var unInitHooks: [@Sendable () -> Void] = []
    }

    let session: Locked<Session>

    private init() {
        session = Locked(Session(queue: V2TIMManager.defaultQueue()))
    }

    private static func defaultQueue() -> DispatchQueue {
        #if canImport(Darwin)
        return .main
        #else
        return DispatchQueue(label: "ImSDK_Plus.callbacks")
        #endif
    }

    // MARK: - Init and login

    /// Initialises the SDK for `sdkAppID`.
    ///
    /// Calling it again with the same app ID (through either API) is harmless: it succeeds, keeps the
    /// session, and keeps the transport and callback queue unless `config` names new ones.
    /// - Returns: true on success; false for an app ID of 0 or less, or a different app ID while
    ///   logged in.
    @discardableResult
    public func initSDK(_ sdkAppID: Int32, config: V2TIMSDKConfig?) -> Bool {
        guard sdkAppID > 0 else { return false }
        return session.withLock { session in
            if let current = session.sdkAppID, current != sdkAppID, session.client != nil { return false }
            let again = session.sdkAppID == sdkAppID
            session.sdkAppID = sdkAppID
            if let transport = config?.transport { session.transport = transport } else if !again { session.transport = nil }
            if let queue = config?.callbackQueue { session.queue = queue }
            session.checksInvariants = config?.checksInvariants ?? session.checksInvariants
            if let storage = config?.storage { session.storage = storage }
            session.syncsDrafts = config?.syncsDrafts ?? session.syncsDrafts
            session.logger = .standardError(minimumLevel: (config?.logLevel ?? .LOG_INFO).imLevel)
            return true
        }
    }

    /// Logs out if needed and forgets the app ID.
    public func unInitSDK() {
        let (client, hooks) = session.withLock { session -> (IMClient?, [@Sendable () -> Void]) in
            defer {
                session.client = nil
                session.sdkAppID = nil
                session.loginStatus = .STATUS_LOGOUT
                session.totalUnreadSubscribed = false
                session.readPolicy = .roaming
                session.logger = .silent
                session.storage = .disk(directory: nil)
                session.warmsUpInBackground = true
                session.syncsDrafts = false
                session.transport = nil
                session.queue = V2TIMManager.defaultQueue()
            }
            return (session.client, session.unInitHooks)
        }
        client?.stop()
        hooks.forEach { $0() }
    }

    /// Logs in `userID` and syncs conversations from the server; `succ` runs after the sync.
    ///
    /// Fails with 6013 before `initSDK`, 6017 for an empty user ID, 6015 while another login runs,
    /// and with the server's code when it refuses. Logging in as the user already logged in
    /// succeeds at once; logging in as another user logs the first one out.
    public func login(userID: String, userSig: String, succ: V2TIMSucc?, fail: V2TIMFail?) {
        let callbacks = Unchecked((succ, fail))
        enum Step { case fail(DispatchQueue, IMError), done(DispatchQueue), start(IMClient, IMClient?) }
        let step: Step = session.withLock { session in
            guard session.sdkAppID != nil else {
                return .fail(session.queue, IMError(.notInitialized, "call initSDK before login"))
            }
            guard !userID.isEmpty else { return .fail(session.queue, IMError(.invalidParameters, "userID is empty")) }
            if session.loginStatus == .STATUS_LOGINING {
                return .fail(session.queue, IMError(.inProgress, "a login is in progress"))
            }
            if let client = session.client, client.userID == userID { return .done(session.queue) }
            let previous = session.client
            let client = IMClient(
                userID: userID, transport: session.transport ?? IMReferenceServer.shared,
                callbackQueue: session.queue, readPolicy: session.readPolicy, logger: session.logger,
                databasePath: session.storage.databasePath(appID: session.sdkAppID!, userID: userID),
                warmsUpInBackground: session.warmsUpInBackground, syncsDrafts: session.syncsDrafts,
                checksInvariants: session.checksInvariants, clock: { UInt64(Date().timeIntervalSince1970) })
            session.client = client
            session.loginStatus = .STATUS_LOGINING
            session.totalUnreadSubscribed = false
            return .start(client, previous)
        }
        switch step {
        case .fail(let queue, let error):
            queue.async { error.report(to: callbacks.value.1) }
        case .done(let queue):
            queue.async { callbacks.value.0?() }
        case .start(let client, let previous):
            previous?.stop()
            client.addObserver { [weak self, weak client] event in
                guard let self, let client else { return }
                self.dispatch(event, from: client)
            }
            client.start(userSig: userSig) { [self] result in
                let current = session.withLock { session -> Bool in
                    guard session.client === client else { return false }
                    switch result {
                    case .success: session.loginStatus = .STATUS_LOGINED
                    case .failure:
                        session.loginStatus = .STATUS_LOGOUT
                        session.client = nil
                    }
                    return true
                }
                switch (result, current) {
                case (.success, true): callbacks.value.0?()
                case (.failure(let error), _): error.report(to: callbacks.value.1)
                case (.success, false):
                    IMError(.notLoggedIn, "logged out before the login finished").report(to: callbacks.value.1)
                }
            }
        }
    }

    /// Logs out: closes the connection; later calls fail with 6014 until the next login.
    public func logout(_ succ: V2TIMSucc?, fail: V2TIMFail?) {
        let callbacks = Unchecked((succ, fail))
        let (client, queue, initialized) = session.withLock { session in
            defer {
                session.client = nil
                session.loginStatus = .STATUS_LOGOUT
                session.totalUnreadSubscribed = false
            }
            return (session.client, session.queue, session.sdkAppID != nil)
        }
        client?.stop()
        queue.async {
            if initialized {
                callbacks.value.0?()
            } else {
                IMError(.notInitialized, "call initSDK before logout").report(to: callbacks.value.1)
            }
        }
    }

    /// The logged-in user, or nil.
    public func getLoginUser() -> String! {
        session.withLock { session in session.loginStatus == .STATUS_LOGINED ? session.client?.userID : nil }
    }

    /// Logged in, logging in, or logged out.
    public func getLoginStatus() -> V2TIMLoginStatus {
        session.withLock { $0.loginStatus }
    }

    // MARK: - Listeners

    /// Adds a conversation listener (held weakly; adding one twice has no effect).
    public func addConversationListener(listener: V2TIMConversationListener) {
        session.withLock { WeakListener.add(listener, to: &$0.conversationListeners) }
    }

    /// Removes a conversation listener.
    public func removeConversationListener(listener: V2TIMConversationListener) {
        session.withLock { WeakListener.remove(listener, from: &$0.conversationListeners) }
    }

    /// Replaces every conversation listener by `listener`.
    @available(*, deprecated, renamed: "addConversationListener(listener:)")
    public func setConversationListener(_ listener: V2TIMConversationListener?) {
        session.withLock { session in
            session.conversationListeners.removeAll()
            if let listener { WeakListener.add(listener, to: &session.conversationListeners) }
        }
    }

    /// Adds a message listener (held weakly).
    public func addAdvancedMsgListener(listener: V2TIMAdvancedMsgListener) {
        session.withLock { WeakListener.add(listener, to: &$0.messageListeners) }
    }

    /// Removes a message listener.
    public func removeAdvancedMsgListener(listener: V2TIMAdvancedMsgListener) {
        session.withLock { WeakListener.remove(listener, from: &$0.messageListeners) }
    }

    // MARK: - Plumbing for the feature extensions

    /// The logged-in client, or the error a call made now fails with (6013, 6014).
    func loggedInClient() -> (client: IMClient?, queue: DispatchQueue, error: IMError?) {
        session.withLock { session in
            guard session.sdkAppID != nil else {
                return (nil, session.queue, IMError(.notInitialized, "call initSDK first"))
            }
            guard let client = session.client, session.loginStatus == .STATUS_LOGINED else {
                return (nil, session.queue, IMError(.notLoggedIn, "log in first"))
            }
            return (client, session.queue, nil)
        }
    }

    /// Runs `body` with the logged-in client; reports 6013/6014, or the error `body` throws (its
    /// argument checks), to `fail` on the callback queue.
    func withClient(fail: V2TIMFail?, _ body: (IMClient) throws(IMError) -> Void) {
        let (client, queue, error) = loggedInClient()
        do throws(IMError) {
            guard let client else { throw error! }
            try body(client)
        } catch {
            let fail = Unchecked(fail)
            queue.async { error.report(to: fail.value) }
        }
    }

    /// The shared engine of the logged-in session, for the legacy adapter.
    package var currentClient: IMClient? { loggedInClient().client }

    /// The queue callbacks run on now (the configured one, else the default).
    package var callbackQueue: DispatchQueue { session.withLock { $0.queue } }

    /// Whether `initSDK` succeeded and `unInitSDK` was not called since.
    package var isInitialized: Bool { session.withLock { $0.sdkAppID != nil } }

    /// Whether a session is logged in or logging in.
    package var hasSession: Bool { session.withLock { $0.client != nil } }

    /// Sets who owns read cursors and where log lines go, for sessions started after this call.
    package func setSessionOptions(readPolicy: ReadPolicy, logger: IMLogger) {
        session.withLock { session in
            session.readPolicy = readPolicy
            session.logger = logger
        }
    }

    /// Whether later sessions load a cold store in the background (tests turn it off).
    package func setWarmsUpInBackground(_ enabled: Bool) {
        session.withLock { $0.warmsUpInBackground = enabled }
    }

    /// Sets where sessions started after this call keep their store.
    package func setStorage(_ storage: V2TIMStorage) {
        session.withLock { $0.storage = storage }
    }

    /// Calls `hook` after every later `unInitSDK`, on the calling thread.
    package func addUnInitHook(_ hook: @escaping @Sendable () -> Void) {
        session.withLock { $0.unInitHooks.append(hook) }
    }

    /// Calls `hook` with every event of every later session, on the callback queue, before the V2
    /// listeners hear of it. Hooks stay for the life of the process (the legacy facade is one too).
    package func addEventHook(_ hook: @escaping @Sendable (IMClient, ClientEvent) -> Void) {
        session.withLock { $0.eventHooks.append(hook) }
    }

    /// Subscribes to total-unread changes (the vendor starts them after the first query).
    func subscribeTotalUnread() {
        session.withLock { $0.totalUnreadSubscribed = true }
    }

    // MARK: - Fan-out

    /// Turns one core event into listener calls. Runs on the callback queue.
    private func dispatch(_ event: ClientEvent, from client: IMClient) {
        let (isCurrent, hooks, conversationListeners, messageListeners, wantsTotal) = session.withLock { session in
            (session.client === client,
             session.eventHooks,
             session.conversationListeners.compactMap { $0.value as? V2TIMConversationListener },
             session.messageListeners.compactMap { $0.value as? V2TIMAdvancedMsgListener },
             session.totalUnreadSubscribed)
        }
        guard isCurrent else { return }
        hooks.forEach { $0(client, event) }
        let me = client.userID
        switch event {
        case .syncStarted: conversationListeners.forEach { $0.onSyncServerStart() }
        case .syncFinished: conversationListeners.forEach { $0.onSyncServerFinish() }
        case .syncFailed: conversationListeners.forEach { $0.onSyncServerFailed() }
        case .changes(let batch):
            if !messageListeners.isEmpty {
                for message in batch.newMessages {
                    let readSeq = batch.readSeq(of: message.conversationID(selfUserID: me))
                    let v2 = V2TIMMessage(message, selfUserID: me, readSeq: readSeq)
                    messageListeners.forEach { $0.onRecvNewMessage(msg: v2) }
                }
            }
            guard !conversationListeners.isEmpty else { return }
            let added = batch.added.filter(\.isVisibleInV2).map { V2TIMConversation($0, selfUserID: me) }
            let changed = batch.changed.filter(\.isVisibleInV2).map { V2TIMConversation($0, selfUserID: me) }
            let deleted = batch.deleted.filter { $0.kind != .system }.map(ConversationIDCodec.string(for:))
            if !added.isEmpty { conversationListeners.forEach { $0.onNewConversation(conversationList: added) } }
            if !changed.isEmpty { conversationListeners.forEach { $0.onConversationChanged(conversationList: changed) } }
            if !deleted.isEmpty { conversationListeners.forEach { $0.onConversationDeleted(conversationIDList: deleted) } }
            if batch.totalUnreadChanged && wantsTotal {
                let total = UInt64(max(0, batch.counters.totalUnread))
                conversationListeners.forEach { $0.onTotalUnreadMessageCountChanged(totalUnreadCount: total) }
            }
        }
    }
}

/// A weakly held listener.
struct WeakListener {
    weak var value: AnyObject?

    static func add(_ listener: AnyObject, to list: inout [WeakListener]) {
        list.removeAll { $0.value == nil }
        if !list.contains(where: { $0.value === listener }) { list.append(WeakListener(value: listener)) }
    }

    static func remove(_ listener: AnyObject, from list: inout [WeakListener]) {
        list.removeAll { $0.value == nil || $0.value === listener }
    }
}

extension Conversation {
    /// Whether the V2 API shows this conversation (the legacy SYSTEM conversation it does not).
    var isVisibleInV2: Bool { id.kind != .system }
}

extension ChangeBatch {
    /// The read cursor of `id` after the batch (0 when the batch did not touch it).
    func readSeq(of id: ConversationID) -> UInt64 {
        (changed.first { $0.id == id } ?? added.first { $0.id == id })?.readSeq ?? 0
    }
}

extension V2TIMStorage {
    /// The database file of `userID` under app `appID`; nil for `.memory`.
    func databasePath(appID: Int32, userID: String) -> String? {
        guard case .disk(let directory) = self else { return nil }
        return ConversationDatabase.path(
            directory: directory ?? ConversationDatabase.defaultDirectory(), appID: appID, userID: userID)
    }
}
