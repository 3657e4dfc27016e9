import Foundation
import IMCore
import IMTransportKit

/// The V2 API entry point: names, types and errors of the V2 generation over one `IMSession`
/// (init, login, gating and the engine live there), and the V2 listeners.
///
/// Local storage: a call whose change cannot be written to the local database (a full disk, a
/// read-only file) fails with `ERR_IO_OPERATION_FAILED` (6022), but the change stands: the list
/// and the listeners show it, and the SDK writes it once the disk recovers. The first such failure
/// is also reported with `onSyncServerFailed`. A login whose database cannot be written fails with
/// 6022.
///
/// Errors: each call lists what its `fail` can get under `- Errors:`, as the code and the constant
/// that names it (`ERR_*`, visible with `import ImSDK_Plus`; `IMError.Code` for the codes without
/// one). Codes marked "server" are what the embedded `IMReferenceServer` answers; a custom
/// `transport` passes its own through. Calls that need a login fail with 6014 until `login`'s
/// `succ` (also while the login runs). A method without `- Errors:` reports no error code (where it
/// can fail, its `Bool` or `nil` result says so).
///
/// Timing: a call that changes something calls `succ` after the listener events of its change;
/// the reads of conversations and unread counts answer in order with the events (never older than
/// an event already heard). Each call says whether it goes to the server or answers locally.
///
/// - Thread safety: every method may be called from any thread. Callbacks (`succ`, `fail`) and
///   listener methods run on the configured callback queue (`V2TIMSDKConfig.callbackQueue`), one at
///   a time, in the order the SDK produced them; every asynchronous call ends in exactly one of its
///   two callbacks, exactly once.
public final class V2TIMManager: Sendable {
    private static let instance = V2TIMManager(session: .shared)

    /// The process-wide SDK instance (the session the legacy `TIMManager` drives too).
    public static func sharedInstance() -> V2TIMManager! { instance }

    /// The process-wide SDK instance, under the Swift name of the vendor's current docs
    /// (`V2TIMManager.shared.login(userID:userSig:)`); the same object as `sharedInstance()`.
    public static var shared: V2TIMManager { instance }

    /// Another, independent SDK instance: a second *device* in the same process (this package's
    /// addition, for tests, tools and demos of multi-device behaviour).
    ///
    /// It has its own init, login, store, listeners and callback queue; nothing is shared with
    /// `sharedInstance()` but the server it talks to. Give each device of one user its own storage
    /// (`V2TIMSDKConfig.storage`: another directory, or `.memory`), since the database file is per
    /// (app ID, user). The legacy `TIMManager` always drives `sharedInstance()`.
    public static func makeInstance() -> V2TIMManager { V2TIMManager(session: IMSession()) }

    /// The session this facade drives: init, login, gating and the engine are all there.
    package let session: IMSession

    private struct Listeners: Sendable {
        var conversation = WeakList<any V2TIMConversationListener>()
        var message = WeakList<any V2TIMAdvancedMsgListener>()
        var simple = WeakList<any V2TIMSimpleMsgListener>()
        var sdk = WeakList<any V2TIMSDKListener>()
        /// The client on which `getTotalUnreadMessageCount` was called: total-unread events follow
        /// from then on, for that login only (the vendor starts them after the first query).
        weak var totalUnreadSubscriber: IMClient?
        /// The filters of `subscribeUnreadMessageCountByFilter`, with the count last announced.
        var filterSubscriptions: [FilterSubscription] = []
    }

    // Invariant: all mutable state is inside `listeners`; user code is never called while it is locked.
    private let listeners = Locked(Listeners())

    private init(session: IMSession) {
        self.session = session
        session.addObserver { [weak self] client, event in self?.dispatch(event, from: client) }
        // An uninit (through either API) ends the subscriptions to unread counts by filter, as the
        // vendor documents; the next login starts with none.
        session.addUnInitObserver { [weak self] in
            self?.listeners.withLock { $0.filterSubscriptions = [] }
        }
    }

    // MARK: - Init and login

    /// Initialises the SDK for `sdkAppID`. Synchronous; nothing is read or written yet.
    ///
    /// Calling it again with the same app ID (through either API) is harmless: it succeeds, keeps the
    /// session, and keeps the transport and callback queue unless `config` names new ones.
    /// - Returns: true on success; false (no code) for an app ID of 0 or less, or a different app ID
    ///   while logged in.
    @discardableResult
    public func initSDK(_ sdkAppID: Int32, config: V2TIMSDKConfig?) -> Bool {
        session.initialize(appID: sdkAppID, IMSession.Options(
            transport: config?.transport, callbackQueue: config?.callbackQueue,
            checksInvariants: config?.checksInvariants, storage: config?.storage.sessionStorage,
            syncsDrafts: config?.syncsDrafts, platform: config?.platform,
            heartbeatInterval: config?.heartbeatInterval,
            logger: .standardError(minimumLevel: (config?.logLevel ?? .LOG_INFO).imLevel)))
    }

    /// Logs out if needed and forgets the app ID and every setting (through either API: one SDK).
    public func unInitSDK() {
        session.unInitialize()
    }

    /// Logs in `userID` and syncs conversations from the server; `succ` runs after the sync.
    ///
    /// Opens the user's local store, connects, then syncs. `succ` runs once the first sync with the
    /// server has finished, after `onSyncServerStart`, the sync's conversation events and
    /// `onSyncServerFinish`; a sync that fails after the connection opened still ends in `succ`
    /// (the login stands on the local store; `onSyncServerFailed`, and the sync is retried). Logging
    /// in as the user already logged in succeeds at once, without a sync; logging in as another user
    /// logs the first one out.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty `userID`.
    ///   - 6015 `ERR_IN_PROGESS`: another login runs.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the local database, or its directory, cannot be created
    ///     or written (read-only, full), or the embedded server's data is used by another process.
    ///   - 6019 `ERR_DATABASE_OPERATE_FAILED`: the local database cannot be opened (the path is a
    ///     directory, say), or was written by a newer SDK (it is left as it is).
    ///   - 6206 `ERR_USER_SIG_EXPIRED` (server): an empty or expired `userSig`.
    ///   - With a server that verifies UserSigs (`IMReferenceServer.userSigKey`): 70001
    ///     `ERR_SVR_ACCOUNT_USERSIG_EXPIRED` (expired), 70002 `ERR_SVR_ACCOUNT_USERSIG_EMPTY`, 70003
    ///     `ERR_SVR_ACCOUNT_USERSIG_CHECK_FAILED` (unreadable, cut short), 70009
    ///     `ERR_SVR_ACCOUNT_USERSIG_MISMATCH_PUBLICKEY` (forged, or signed with another key), 70013
    ///     `ERR_SVR_ACCOUNT_USERSIG_MISMATCH_ID` (made for another user), 70014
    ///     `ERR_SVR_ACCOUNT_USERSIG_MISMATCH_SDKAPPID` (made for another app). The UserSig-expired
    ///     event comes later, when a login that succeeded loses its UserSig (it expires while
    ///     online, or a reconnect is refused with one of these codes).
    ///   - 20003 `IMError.Code.unknownUser` (server): `userID` is not registered.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: the server could not be reached.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: `logout` or `unInitSDK` came before the login finished.
    public func login(userID: String!, userSig: String!, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        let callbacks = Unchecked((succ, fail))
        session.login(userID: userID ?? "", userSig: userSig ?? "") { callbacks.finish($0) }
    }

    /// Logs out: closes the connection; later calls fail with 6014 until the next login.
    ///
    /// Listener calls for what the SDK took in before the logout (a message stored just before it)
    /// still come, before `succ`; nothing that arrives after it is announced for this login.
    /// Succeeds also when nobody is logged in; a login under way ends with 6014.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    public func logout(succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        let callbacks = Unchecked((succ, fail))
        session.logout { callbacks.finish($0) }
    }

    /// The logged-in user, or nil.
    public func getLoginUser() -> String! { session.loginUser }

    /// The SDK's version (this package's, see CHANGELOG.md), as the vendor's `getVersion`.
    public func getVersion() -> String! { SDKVersion.current }

    /// The current time in seconds, as the vendor's server keeps it (for the app's own timestamps),
    /// typed as the headers' `uint64_t`. This package learns no offset to the server's clock: it is
    /// this device's clock.
    public func getServerTime() -> UInt64 { session.deviceTime }

    /// Logged in, logging in, or logged out.
    public func getLoginStatus() -> V2TIMLoginStatus {
        V2TIMLoginStatus(rawValue: session.status.rawValue) ?? .STATUS_LOGOUT
    }

    // MARK: - Listeners

    /// Adds an SDK listener: connection, kick and signature events (held weakly; adding one twice
    /// has no effect).
    public func addIMSDKListener(listener: V2TIMSDKListener!) {
        guard let listener else { return }
        listeners.withLock { $0.sdk.add(listener) }
    }

    /// Removes an SDK listener.
    public func removeIMSDKListener(listener: V2TIMSDKListener!) {
        guard let listener else { return }
        listeners.withLock { $0.sdk.remove(listener) }
    }

    /// Adds a conversation listener (held weakly; adding one twice has no effect).
    public func addConversationListener(listener: V2TIMConversationListener!) {
        guard let listener else { return }
        listeners.withLock { $0.conversation.add(listener) }
    }

    /// Removes a conversation listener.
    public func removeConversationListener(listener: V2TIMConversationListener!) {
        guard let listener else { return }
        listeners.withLock { $0.conversation.remove(listener) }
    }

    /// Replaces every conversation listener by `listener` (nil: removes them all).
    @available(*, deprecated, renamed: "addConversationListener(listener:)")
    public func setConversationListener(listener: V2TIMConversationListener?) {
        listeners.withLock { listeners in
            listeners.conversation.removeAll()
            if let listener { listeners.conversation.add(listener) }
        }
    }

    /// Adds a message listener (held weakly).
    public func addAdvancedMsgListener(listener: V2TIMAdvancedMsgListener!) {
        guard let listener else { return }
        listeners.withLock { $0.message.add(listener) }
    }

    /// Removes a message listener.
    public func removeAdvancedMsgListener(listener: V2TIMAdvancedMsgListener!) {
        guard let listener else { return }
        listeners.withLock { $0.message.remove(listener) }
    }

    /// Adds a listener of text and custom messages (held weakly; adding one twice has no effect).
    public func addSimpleMsgListener(listener: V2TIMSimpleMsgListener!) {
        guard let listener else { return }
        listeners.withLock { $0.simple.add(listener) }
    }

    /// Removes a listener of text and custom messages.
    public func removeSimpleMsgListener(listener: V2TIMSimpleMsgListener!) {
        guard let listener else { return }
        listeners.withLock { $0.simple.remove(listener) }
    }

    // MARK: - Plumbing for the feature extensions

    /// Runs `body` with the logged-in client; reports 6013/6014, or the error `body` throws (its
    /// argument checks), to `fail` on the callback queue.
    func withClient(fail: V2TIMFail?, _ body: (IMClient) throws(IMError) -> Void) {
        let fail = Unchecked(fail)
        session.withClient(failure: { $0.report(to: fail.value) }, body)
    }

    /// Reports `error` to `fail` on the callback queue, whether or not anyone is logged in.
    func reportNow(_ error: IMError, to fail: V2TIMFail?) {
        let fail = Unchecked(fail)
        session.report(error) { $0.report(to: fail.value) }
    }

    /// The serial queue every callback and listener of this instance runs on now (this package's
    /// addition): the configured `V2TIMSDKConfig.callbackQueue`, else the default. Work queued on it
    /// runs in order with the SDK's callbacks and listener events.
    public var callbackQueue: DispatchQueue { session.callbackQueue }

    /// The engine of the logged-in session (tests and tools of this package).
    package var currentClient: IMClient? { session.loggedInClient().client }

    /// Starts total-unread events for the login of `client`.
    func subscribeTotalUnread(on client: IMClient) {
        listeners.withLock { $0.totalUnreadSubscriber = client }
    }

    /// Starts (or with `subscribe` false stops) per-filter unread events for `filter`, replacing
    /// the subscription of a filter with the same key.
    func setFilterSubscription(_ filter: V2TIMConversationListFilter, subscribe: Bool) {
        let key = ConversationFilter(filter).unreadKey
        listeners.withLock { listeners in
            let last = listeners.filterSubscriptions.first { $0.key == key }?.lastTotal
            listeners.filterSubscriptions.removeAll { $0.key == key }
            if subscribe {
                listeners.filterSubscriptions.append(
                    FilterSubscription(key: key, filter: Unchecked(filter), lastTotal: last))
            }
        }
    }

    /// Takes `current`, the count when the session subscribed `key`, as the count last announced,
    /// unless an event has announced a newer one since.
    func announceFilterSubscription(_ key: ConversationFilter, current: UInt64?) {
        guard let current else { return }
        listeners.withLock { listeners in
            guard let index = listeners.filterSubscriptions.firstIndex(where: { $0.key == key }),
                  listeners.filterSubscriptions[index].lastTotal == nil else { return }
            listeners.filterSubscriptions[index].lastTotal = current
        }
    }

    // MARK: - Fan-out

    /// Turns one core event into listener calls, every spelling of each listener method once.
    /// Runs on the callback queue.
    private func dispatch(_ event: ClientEvent, from client: IMClient) {
        let (conversationListeners, messageListeners, simpleListeners, sdkListeners, wantsTotal) = listeners.withLock {
            listeners in
            (listeners.conversation.elements, listeners.message.elements, listeners.simple.elements,
             listeners.sdk.elements, listeners.totalUnreadSubscriber === client)
        }
        let me = client.userID
        switch event {
        case .syncStarted: conversationListeners.forEach { $0.onSyncServerStart() }
        case .syncFinished: conversationListeners.forEach { $0.onSyncServerFinish() }
        case .syncFailed: conversationListeners.forEach { $0.onSyncServerFailed() }
        case .connection(let connection):
            sdkListeners.forEach { Self.tell($0, connection) }
        case .globalReceiveOption(let option):
            let info = V2TIMReceiveMessageOptInfo(option)
            sdkListeners.forEach { Spellings.allReceiveOptionChanged(info, to: $0) }
        case .messageReadReceipts(let receipts):
            let list = receipts.map(V2TIMMessageReceipt.init)
            messageListeners.forEach { Spellings.messageReadReceipts(list, to: $0) }
        case .onlineMessage(let message, let profile):
            // Read up to nothing: it is in no conversation (its sequence is 0). Sent, not imported.
            let v2 = V2TIMMessage(message, selfUserID: me, readSeq: 0, profile: profile)
            v2.status = .MSG_STATUS_SEND_SUCC
            messageListeners.forEach { Spellings.newMessage(v2, to: $0) }
            simpleListeners.forEach { Spellings.simpleMessage(message, to: $0) }
        case .changes(let batch):
            if !messageListeners.isEmpty {
                // The conversations a message arrived in are in the batch (it changed them).
                let profiles = batch.newMessages.isEmpty ? [:] : Dictionary(
                    (batch.added + batch.changed).map { ($0.id, $0.profile) }, uniquingKeysWith: { $1 })
                for message in batch.newMessages {
                    let id = message.conversationID(selfUserID: me)
                    let v2 = V2TIMMessage(message, selfUserID: me, readSeq: batch.readSeq(of: id), profile: profiles[id])
                    messageListeners.forEach { Spellings.newMessage(v2, to: $0) }
                }
                Self.tell(messageListeners, batch.messageEvents, from: client)
            }
            for message in batch.newMessages where !simpleListeners.isEmpty {
                simpleListeners.forEach { Spellings.simpleMessage(message, to: $0) }
            }
            guard !conversationListeners.isEmpty else { return }
            let added = batch.added.filter(\.isVisibleInV2).map { V2TIMConversation($0, selfUserID: me) }
            let changed = batch.changed.filter(\.isVisibleInV2).map { V2TIMConversation($0, selfUserID: me) }
            let deleted = batch.deleted.filter { $0.kind != .system }.map(\.stringForm)
            if !added.isEmpty { conversationListeners.forEach { Spellings.newConversations(added, to: $0) } }
            if !changed.isEmpty { conversationListeners.forEach { Spellings.changedConversations(changed, to: $0) } }
            if !deleted.isEmpty { conversationListeners.forEach { Spellings.deletedConversations(deleted, to: $0) } }
            for event in batch.conversationGroupEvents {
                conversationListeners.forEach { Spellings.conversationGroupEvent(event, selfUserID: me, to: $0) }
            }
            if batch.totalUnreadChanged && wantsTotal {
                let total = UInt64(max(0, batch.counters.totalUnread))
                conversationListeners.forEach { Spellings.totalUnread(total, to: $0) }
            }
            for (filter, total) in filterTotalsChanged(by: batch) {
                conversationListeners.forEach { Spellings.filterUnread(filter, total, to: $0) }
            }
        }
    }

    /// One connection event as `V2TIMSDKListener` calls.
    private static func tell(_ listener: any V2TIMSDKListener, _ event: ConnectionEvent) {
        switch event {
        case .connecting: listener.onConnecting()
        case .connected: listener.onConnectSuccess()
        case .connectFailed(let error, _), .disconnected(let error):
            Spellings.connectFailed(error.code.rawValue, error.message, to: listener)
        case .kickedOffline: listener.onKickedOffline()
        case .userSigExpired: listener.onUserSigExpired()
        }
    }

    /// The subscribed filters whose unread total differs after `batch` from the total last
    /// announced, with the new totals (remembered for the next comparison). The counts come with
    /// the batch (kept by deltas in the store), so each is the count right after its batch.
    private func filterTotalsChanged(by batch: ChangeBatch) -> [(V2TIMConversationListFilter, UInt64)] {
        guard !batch.filterUnreadCounts.isEmpty else { return [] }
        return listeners.withLock { listeners in
            var changed: [(V2TIMConversationListFilter, UInt64)] = []
            for count in batch.filterUnreadCounts {
                guard let index = listeners.filterSubscriptions.firstIndex(where: { $0.key == count.filter }),
                      listeners.filterSubscriptions[index].lastTotal != count.count else { continue }
                listeners.filterSubscriptions[index].lastTotal = count.count
                changed.append((listeners.filterSubscriptions[index].filter.value, count.count))
            }
            return changed
        }
    }
}

/// A filter of `subscribeUnreadMessageCountByFilter`: what it selects, the app's object (handed
/// back in the event, as the vendor does) and the total last announced.
struct FilterSubscription: Sendable {
    var key: ConversationFilter
    var filter: Unchecked<V2TIMConversationListFilter>
    var lastTotal: UInt64?
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
    /// The session's form of this storage.
    var sessionStorage: IMSession.Storage {
        switch self {
        case .disk(let directory): return .disk(directory: directory)
        case .memory: return .memory
        }
    }
}
