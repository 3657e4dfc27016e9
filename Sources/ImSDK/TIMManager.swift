import Foundation
import IMTransportKit
import TIMAdapter

/// The legacy API entry point. It is the same session as `V2TIMManager.sharedInstance()`: a login
/// through either is the login of both, over one store, with the same events.
///
/// - Thread safety: every method may be called from any thread. Callbacks and listeners run on the
///   session's callback queue (`TIMSdkConfig.callbackQueue`, else as `V2TIMSDKConfig` documents).
public final class TIMManager: Sendable {
    private static let shared = TIMManager()

    /// The process-wide instance.
    public static func sharedInstance() -> TIMManager! { shared }

    private struct State: Sendable {
        /// The app's configuration objects, handed back as they were given (not thread-safe, as
        /// the vendor's; the SDK copies what it needs at `initSdk` and `setUserConfig`).
        var sdkConfig: Unchecked<TIMSdkConfig>?
        var userConfig: Unchecked<TIMUserConfig>?
        var messageListeners = WeakList<any TIMMessageListener>()
    }

    // Invariant: mutable state lives in `state`; user code is never called while it is locked.
    private let state = Locked(State())
    private var bridge: LegacyBridge { .shared }

    private init() {
        LegacyBridge.shared.setEventSink(self)
    }

    // MARK: - Init and login

    /// Initialises the SDK. Returns 0; 1 when `globalConfig` is nil or its app ID is invalid.
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
        bridge.unInit()
    }

    /// The configuration given to `initSdk`.
    public func getGlobalConfig() -> TIMSdkConfig! { state.withLock { $0.sdkConfig?.value } }

    /// Sets the user configuration for the next login (after `initSdk`, before `login`).
    /// - Returns: 0; 1 for nil; 6013 before `initSdk`. During a session it takes effect at the next
    ///   login, and the log says so.
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

    /// Logs in. Returns 0 when started; else the code `fail` also gets (6013 before `initSdk`,
    /// 6017 for a nil param or empty identifier).
    @discardableResult
    public func login(_ param: TIMLoginParam!, succ: TIMLoginSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        return bridge.login(userID: param?.identifier, userSig: param?.userSig) { callbacks.finish($0) }
    }

    /// Logs out.
    @discardableResult
    public func logout(_ succ: TIMLoginSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        return bridge.logout { callbacks.finish($0) }
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

    /// Every conversation, SYSTEM included, pinned first then newest first; empty when logged out.
    /// The handles belong to the logged-in user (see `TIMConversation`).
    public func getConversationList() -> [TIMConversation]! {
        guard let owner = bridge.selfUserID else { return [] }
        return bridge.conversations().map { TIMConversation($0.id, owner: owner) }
    }

    /// A handle on the conversation with `receiver` (C2C: the peer's user ID; GROUP: the group ID;
    /// SYSTEM: `""`). Nil when logged out or for an empty receiver. The conversation need not exist
    /// yet: it appears with its first message (or draft). The handle belongs to the logged-in user:
    /// after a login as another user its calls fail with 6014 (see `TIMConversation`).
    public func getConversation(_ type: TIMConversationType, receiver: String!) -> TIMConversation! {
        guard let id = bridge.conversationID(type: type.rawValue, receiver: receiver),
              let owner = bridge.selfUserID else { return nil }
        return TIMConversation(id, owner: owner)
    }

    /// Deletes a conversation from the list; its messages are kept (they come back, read, if the
    /// conversation does). Returns false when logged out, when it does not exist, or when the
    /// deletion could not be written to local storage (a full disk, a read-only database: it is
    /// deleted all the same, and written once the disk recovers).
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
    /// Returns false as `deleteConversation(_:receiver:)` does.
    @discardableResult
    public func deleteConversationAndMessages(_ type: TIMConversationType, receiver: String!) -> Bool {
        guard let id = bridge.conversationID(type: type.rawValue, receiver: receiver) else { return false }
        return bridge.delete(id, keepingMessages: false)
    }

    /// The number of conversations.
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
