import Foundation
import IMCore
import IMTransportKit
import TIMAdapter

/// The legacy API entry point. It is the same session as `V2TIMManager.sharedInstance()`: a login
/// through either is the login of both, over one store, with the same events.
///
/// Errors: a method that returns an `Int32` returns 0 when the call was accepted, else the error
/// code, which `fail` also gets. Each lists its codes under `- Errors:`, with the constant that names
/// it (`ERR_*`, visible with `import ImSDK`; `IMError.Code` for the codes without one); "returned"
/// marks those the call returns at once, the others reach `fail` only. Codes marked "server" are
/// what the embedded `IMReferenceServer` answers; a custom `transport` passes its own through. A
/// method without `- Errors:` reports no code (a `Bool` or `nil` result says what failed).
///
/// - Thread safety: every method may be called from any thread. Callbacks and listeners run on the
///   session's callback queue (`TIMSdkConfig.callbackQueue`, else as `V2TIMSDKConfig` documents).
public final class TIMManager: Sendable {
    /// The instance the session's legacy events reach.
    private static let shared = TIMManager(receivingEvents: ())

    /// The process-wide instance.
    public static func sharedInstance() -> TIMManager! { shared }

    private struct State: Sendable {
        /// The app's configuration objects, handed back as they were given (not thread-safe, as
        /// the vendor's; the SDK copies what it needs at `initSdk` and `setUserConfig`).
        var sdkConfig: Unchecked<TIMSdkConfig>?
        var userConfig: Unchecked<TIMUserConfig>?
        var messageListeners = WeakList<any TIMMessageListener>()
        /// The UserSig of each user's last successful login in this process (`autoLogin`).
        var userSigs: [String: String] = [:]
    }

    // Invariant: mutable state lives in `state`, one for every instance; user code is never called
    // while it is locked.
    private static let state = Locked(State())
    private var state: Locked<State> { Self.state }
    private var bridge: LegacyBridge { .shared }

    private init(receivingEvents: Void) {
        LegacyBridge.shared.setEventSink(self)
    }

    /// Another handle on the one session (3.x apps wrote `TIMManager.init()`, which the headers
    /// did not forbid): every instance shares `sharedInstance()`'s session, configuration and
    /// listeners, so calls through either are the same calls.
    public init() {
        _ = Self.shared
    }

    // MARK: - Init and login

    /// Initialises the SDK. Synchronous.
    /// - Returns: 0; 1 (no vendor code) when `globalConfig` is nil, its app ID is 0 or less, or
    ///   another app ID is in use while logged in.
    @discardableResult
    public func initSdk(_ globalConfig: TIMSdkConfig!) -> Int32 {
        guard let config = globalConfig else { return 1 }
        state.withLock { $0.sdkConfig = Unchecked(config) }
        return bridge.initSDK(LegacySDKOptions(
            appID: config.sdkAppId, logger: Self.logger(for: config),
            transport: config.transport, callbackQueue: config.callbackQueue, databaseDirectory: config.dbPath))
    }

    /// The log sink `config` asks for: its `logFunc` and, unless disabled, standard error.
    private static func logger(for config: TIMSdkConfig) -> IMLogger {
        let function = config.logFunc.map(Unchecked.init)
        let functionLevel = config.logFuncLevel.imLevel
        let printLevel = config.disableLogPrint ? nil : config.logLevel.imLevel
        let console = IMLogger.standardError(minimumLevel: printLevel)
        let levels = [functionLevel, printLevel].compactMap { $0 }
        return IMLogger(minimumLevel: levels.min()) { level, message in
            if let functionLevel, level >= functionLevel { function?.value(TIMLogLevel(level), message) }
            console.log(level, message)
        }
    }

    /// Logs out and forgets the SDK's settings (as `V2TIMManager.unInitSDK()` does: one SDK).
    public func unInit() {
        state.withLock { $0.userSigs = [:] }
        bridge.unInit()
    }

    /// The configuration given to `initSdk`.
    public func getGlobalConfig() -> TIMSdkConfig! { state.withLock { $0.sdkConfig?.value } }

    /// Sets the user configuration for the next login (after `initSdk`, before `login`). During a
    /// session it takes effect at the next login, and the log says so.
    /// - Returns: 0; 1 for nil; else the error's code.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    @discardableResult
    public func setUserConfig(_ config: TIMUserConfig!) -> Int32 {
        guard let config else { return 1 }
        let code = bridge.setUserOptions(LegacyUserOptions(
            disableAutoReport: config.disableAutoReport, enableReadReceipt: config.enableReadReceipt,
            disableStorage: config.disableStorage))
        if code == 0 { state.withLock { $0.userConfig = Unchecked(config) } }
        return code
    }

    /// The user configuration set with `setUserConfig`.
    public func getUserConfig() -> TIMUserConfig! { state.withLock { $0.userConfig?.value } }

    /// Logs in `param.identifier` and syncs conversations from the server.
    ///
    /// `succ` runs once the first sync with the server has finished, after the sync's
    /// `onRefreshConversations` and `onRefresh`; a sync that fails after the connection opened still
    /// ends in `succ` (the login stands on the local store, and the sync is retried). Logging in as
    /// the user already logged in succeeds at once; as another user, logs the first one out.
    /// - Returns: 0 when started; else the error's code.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6017 `ERR_INVALID_PARAMETERS` (returned): a nil `param` or an empty `identifier`.
    ///   - 6015 `ERR_IN_PROGESS`: another login runs.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the local database, or its directory, cannot be created
    ///     or written (read-only, full), or the embedded server's data is used by another process.
    ///   - 6019 `ERR_DATABASE_OPERATE_FAILED`: the local database cannot be opened (the path is a
    ///     directory, say), or was written by a newer SDK (it is left as it is).
    ///   - 6206 `ERR_USER_SIG_EXPIRED` (server): a nil, empty or expired `userSig`.
    ///   - With a server that verifies UserSigs (`IMReferenceServer.userSigKey`): 70001
    ///     `ERR_SVR_ACCOUNT_USERSIG_EXPIRED` (expired), 70002 `ERR_SVR_ACCOUNT_USERSIG_EMPTY`, 70003
    ///     `ERR_SVR_ACCOUNT_USERSIG_CHECK_FAILED` (unreadable, cut short), 70009
    ///     `ERR_SVR_ACCOUNT_USERSIG_MISMATCH_PUBLICKEY` (forged, or signed with another key), 70013
    ///     `ERR_SVR_ACCOUNT_USERSIG_MISMATCH_ID` (made for another user), 70014
    ///     `ERR_SVR_ACCOUNT_USERSIG_MISMATCH_SDKAPPID` (made for another app). The UserSig-expired
    ///     event comes later, when a login that succeeded loses its UserSig (it expires while
    ///     online, or a reconnect is refused with one of these codes).
    ///   - 20003 `IMError.Code.unknownUser` (server): `identifier` is not registered.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: the server could not be reached.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: `logout` or `unInit` came before the login finished.
    @discardableResult
    public func login(_ param: TIMLoginParam!, succ: TIMLoginSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        let (userID, userSig) = (param?.identifier, param?.userSig)
        return bridge.login(userID: userID, userSig: userSig) { error in
            if error == nil, let userID { Self.state.withLock { $0.userSigs[userID] = userSig ?? "" } }
            callbacks.finish(error)
        }
    }

    /// Logs in as `userID` again with the UserSig of its last successful `login` since `initSdk`
    /// (the vendor's 4.x `autoLogin`, which reuses the ticket of the last login; this package keeps
    /// none on disk, and `unInit` forgets them). As `login(_:succ:fail:)` otherwise.
    /// - Returns: 0 when started; else the error's code.
    /// - Errors: 6026 `ERR_NO_PREVIOUS_LOGIN` (returned): `userID` did not log in successfully
    ///   since `initSdk` (or nil); then as `login(_:succ:fail:)`.
    @discardableResult
    public func autoLogin(_ userID: String!, succ: TIMLoginSucc?, fail: TIMFail?) -> Int32 {
        guard let userID, let userSig = state.withLock({ $0.userSigs[userID] }) else {
            return bridge.reject(
                IMError(.noPreviousLogin, "\(userID ?? "nil") has not logged in before"), fail: Unchecked((succ, fail)))
        }
        let param = TIMLoginParam()
        param.identifier = userID
        param.userSig = userSig
        return login(param, succ: succ, fail: fail)
    }

    /// The SDK's version (the 4.x `GetVersion`; `V2TIMManager.getVersion()` gives the same).
    public func getVersion() -> String! { SDKVersion.current }

    /// Where log files would be: the configuration's `logPath` (this package writes no log files:
    /// lines go to standard error and `logFunc`); "" without one.
    public func getLogPath() -> String! {
        state.withLock { $0.sdkConfig?.value.logPath } ?? ""
    }

    /// The group manager (the 4.x `TIMManager+MsgExt.h` accessor): `TIMGroupManager.sharedInstance()`.
    public func groupManager() -> TIMGroupManager! { TIMGroupManager.sharedInstance() }

    /// Logs out: closes the connection (and a store `initStorage` opened). Succeeds also when
    /// nobody is logged in; a login under way ends with 6014. Listener calls for what the SDK took
    /// in before the logout (a message stored just before it) still come, before `succ`.
    /// - Returns: 0; else the error's code.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    @discardableResult
    public func logout(_ succ: TIMLoginSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        return bridge.logout { callbacks.finish($0) }
    }

    /// The app went to the background. The vendor's server then sends offline push notifications,
    /// with `param`'s counts as the badge. This package has no push: the call checks the session and
    /// succeeds, and messages keep arriving as before (MIGRATION.md).
    /// - Returns: 0; else the error's code.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    @discardableResult
    public func doBackground(_ param: TIMBackgroundParam!, succ: TIMSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        return bridge.noteAppState { callbacks.finish($0) }
    }

    /// The app came back to the foreground (the vendor's server stops offline push). As
    /// `doBackground(_:succ:fail:)`: the call checks the session and succeeds.
    /// - Returns: 0; else the error's code.
    /// - Errors: as `doBackground(_:succ:fail:)`.
    @discardableResult
    public func doForeground(_ succ: TIMSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        return bridge.noteAppState { callbacks.finish($0) }
    }

    /// The logged-in user, or nil.
    public func getLoginUser() -> String! { bridge.loginUser }

    /// Logged in, logging in or logged out.
    public func getLoginStatus() -> TIMLoginStatus {
        TIMLoginStatus(rawValue: bridge.loginStatus) ?? .STATUS_LOGOUT
    }

    // MARK: - Listeners

    /// Adds a message listener (held weakly). Returns 0; 1 for nil.
    @discardableResult
    public func add(_ listener: TIMMessageListener!) -> Int32 {
        guard let listener else { return 1 }
        state.withLock { $0.messageListeners.add(listener) }
        return 0
    }

    /// Removes a message listener. Returns 0; 1 for nil.
    @discardableResult
    public func remove(_ listener: TIMMessageListener!) -> Int32 {
        guard let listener else { return 1 }
        state.withLock { $0.messageListeners.remove(listener) }
        return 0
    }

    /// `add(_:)` under the header's name.
    @discardableResult
    public func addMessageListener(_ listener: TIMMessageListener!) -> Int32 { add(listener) }

    /// `remove(_:)` under the header's name.
    @discardableResult
    public func removeMessageListener(_ listener: TIMMessageListener!) -> Int32 { remove(listener) }

    // MARK: - Conversations

    /// Every conversation, SYSTEM included, pinned first then newest first; empty when logged out
    /// (and no `initStorage` store is open). The handles belong to the logged-in user (see
    /// `TIMConversation`).
    /// - Complexity: O(n), synchronous, from local storage; the first call after login loads the
    ///   whole store from the database if it is not loaded yet.
    public func getConversationList() -> [TIMConversation]! {
        guard let owner = bridge.selfUserID else { return [] }
        return bridge.conversations().map { TIMConversation($0.id, owner: owner) }
    }

    /// A handle on the conversation with `receiver` (C2C: the peer's user ID; GROUP: the group ID;
    /// SYSTEM: `""`). Nil when logged out (and no `initStorage` store is open) or for an empty
    /// receiver. The conversation need not exist
    /// yet: it appears with its first message (or draft). The handle belongs to the logged-in user:
    /// after a login as another user its calls fail with 6014 (see `TIMConversation`).
    public func getConversation(_ type: TIMConversationType, receiver: String!) -> TIMConversation! {
        guard let id = bridge.conversationID(type: type.rawValue, receiver: receiver),
              let owner = bridge.selfUserID else { return nil }
        return TIMConversation(id, owner: owner)
    }

    /// Deletes a conversation from the list; its messages are kept (they come back, read, if the
    /// conversation does). Synchronous: it is deleted here at once, then the server is told (a
    /// failure there is logged, and the next sync brings the server's state back).
    /// - Returns: true when deleted; false (no code) when not logged in (a store `initStorage`
    ///   opened is not enough), when it does not exist, or when the deletion could not be written to
    ///   local storage (a full disk, a read-only database: it is deleted all the same, and written
    ///   once the disk recovers).
    @discardableResult
    public func deleteConversation(_ type: TIMConversationType, receiver: String!) -> Bool {
        guard let id = bridge.conversationID(type: type.rawValue, receiver: receiver) else { return false }
        return bridge.delete(id, keepingMessages: true)
    }

    /// `deleteConversation(_:receiver:)` under the name Swift gives the ObjC method
    /// (`deleteConversation:receiver:` with its type word pruned).
    @discardableResult
    public func delete(_ type: TIMConversationType, receiver: String!) -> Bool {
        deleteConversation(type, receiver: receiver)
    }

    /// Deletes a conversation and its local messages; cloud messages stay (history still has them).
    /// Synchronous, as `deleteConversation(_:receiver:)`.
    /// - Returns: true when deleted; false as `deleteConversation(_:receiver:)` does.
    @discardableResult
    public func deleteConversationAndMessages(_ type: TIMConversationType, receiver: String!) -> Bool {
        guard let id = bridge.conversationID(type: type.rawValue, receiver: receiver) else { return false }
        return bridge.delete(id, keepingMessages: false)
    }

    /// The number of conversations (SYSTEM included); 0 when no store is open.
    /// - Complexity: O(1) (a counter).
    public func conversationCount() -> Int32 { bridge.conversationCount() }

    // MARK: - Events

    private func refreshListener() -> (any TIMRefreshListener)? {
        state.withLock { $0.userConfig?.value.refreshListener }
    }
}

/// The adapter's legacy events as listener calls (on the callback queue).
extension TIMManager: LegacyEventSink {
    package func legacyRefresh() {
        refreshListener()?.onRefresh()
    }

    package func legacyRefresh(conversations: [ConversationID], selfUserID: String) {
        guard let listener = refreshListener() else { return }
        LegacySpellings.refresh(conversations.map { TIMConversation($0, owner: selfUserID) }, to: listener)
    }

    package func legacyConnection(_ event: LegacyConnectionEvent) {
        let (connection, status) = state.withLock { ($0.sdkConfig?.value.connListener, $0.userConfig?.value.userStatusListener) }
        switch event {
        case .connecting: connection?.onConnecting()
        case .connected: connection?.onConnSucc()
        case .connectFailed(let code, let message):
            guard let connection else { return }
            (connection as any _TIMConnListener).onConnFailed(code, err: Optional(message))
            (connection as any _TIMConnListenerNullable).onConnFailed(code, err: Optional(message))
        case .disconnected(let code, let message):
            guard let connection else { return }
            (connection as any _TIMConnListener).onDisconnect(code, err: Optional(message))
            (connection as any _TIMConnListenerNullable).onDisconnect(code, err: Optional(message))
        case .reconnectFailed(let code, let message):
            guard let status else { return }
            (status as any _TIMUserStatusListener).onReConnFailed(code, err: Optional(message))
            (status as any _TIMUserStatusListenerNullable).onReConnFailed(code, err: Optional(message))
        case .forceOffline: status?.onForceOffline()
        case .userSigExpired: status?.onUserSigExpired()
        }
    }

    package func legacyDidUnInit() {
        state.withLock { state in
            state.sdkConfig = nil
            state.userConfig = nil
        }
    }

    package func legacyNewMessages(_ messages: [Message], selfUserID: String) {
        let listeners = state.withLock { $0.messageListeners.elements }
        guard !listeners.isEmpty else { return }
        let list = messages.map { TIMMessage($0, selfUserID: selfUserID) }
        listeners.forEach { LegacySpellings.newMessages(list, to: $0) }
    }
}
