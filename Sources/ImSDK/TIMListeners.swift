import Foundation

// Listener protocols. Apps written against different header versions spell the same method
// differently (`[TIMConversation]`, `[TIMConversation]!`, `[Any]!`, ...); Swift matches a method to
// a requirement only when even the `!`/`?` of its parameters agrees, so every spelling is a
// requirement of its own (with an empty default implementation) and the SDK calls each of them:
// whichever a class implements is called, once per event. The `?` spellings cannot share a protocol
// with the `!` ones, so a listener with both is the composition of two protocols; adopt it by its name.

/// Conversation refreshes; every method is optional. Held weakly by `TIMUserConfig`; called on the
/// SDK's callback queue.
/// The first 4.4.716 headers' `onRefreshConversations(_:reason:)` is not a requirement and is never
/// called (this SDK has no refresh reason): implement `onRefreshConversations(_:)`.
public typealias TIMRefreshListener = _TIMRefreshListener & _TIMRefreshListenerNullable

/// The main spellings of `TIMRefreshListener` (adopt `TIMRefreshListener`).
public protocol _TIMRefreshListener: AnyObject {
    /// Everything may have changed (after the sync that follows a login or reconnect).
    func onRefresh()
    /// Conversations changed: new messages, reads (also on other devices), pins, drafts.
    func onRefreshConversations(_ conversations: [TIMConversation])
    /// The same event, as Xcode writes it for the 4.4.716 to 5.0 headers.
    func onRefreshConversations(_ conversations: [TIMConversation]!)
    /// The same event, as Xcode writes it for the 3.x to 4.4.627 headers (untyped array of `TIMConversation`).
    func onRefreshConversations(_ conversations: [Any]!)
    func onRefreshConversations(_ conversations: [Any])
}

/// The `?` spellings of `TIMRefreshListener` (adopt `TIMRefreshListener`).
public protocol _TIMRefreshListenerNullable: AnyObject {
    func onRefreshConversations(_ conversations: [TIMConversation]?)
    func onRefreshConversations(_ conversations: [Any]?)
}

extension _TIMRefreshListener {
    public func onRefresh() {}
    public func onRefreshConversations(_ conversations: [TIMConversation]) {}
    public func onRefreshConversations(_ conversations: [TIMConversation]!) {}
    public func onRefreshConversations(_ conversations: [Any]!) {}
    public func onRefreshConversations(_ conversations: [Any]) {}
}

extension _TIMRefreshListenerNullable {
    public func onRefreshConversations(_ conversations: [TIMConversation]?) {}
    public func onRefreshConversations(_ conversations: [Any]?) {}
}

/// New messages; called on the SDK's callback queue. Messages from other users and the user's own
/// messages sent from another device (`isSelf()` true), once each, whether a push or a sync (after a
/// lost push, a reconnect, a login that keeps the store) brought them; never those sent from this
/// device, nor the history a device starting from nothing gets (it shows in the conversations).
public typealias TIMMessageListener = _TIMMessageListener & _TIMMessageListenerNullable

/// The main spellings of `TIMMessageListener` (adopt `TIMMessageListener`).
public protocol _TIMMessageListener: AnyObject {
    /// Messages arrived (`TIMMessage` objects), in order.
    func onNewMessage(_ msgs: [Any]!)
    func onNewMessage(_ msgs: [Any])
    func onNewMessage(_ msgs: [TIMMessage]!)
    func onNewMessage(_ msgs: [TIMMessage])
}

/// The `?` spellings of `TIMMessageListener` (adopt `TIMMessageListener`).
public protocol _TIMMessageListenerNullable: AnyObject {
    func onNewMessage(_ msgs: [Any]?)
    func onNewMessage(_ msgs: [TIMMessage]?)
}

extension _TIMMessageListener {
    public func onNewMessage(_ msgs: [Any]!) {}
    public func onNewMessage(_ msgs: [Any]) {}
    public func onNewMessage(_ msgs: [TIMMessage]!) {}
    public func onNewMessage(_ msgs: [TIMMessage]) {}
}

extension _TIMMessageListenerNullable {
    public func onNewMessage(_ msgs: [Any]?) {}
    public func onNewMessage(_ msgs: [TIMMessage]?) {}
}

/// Connection events (`TIMSdkConfig.connListener`, held weakly); every method is optional. They
/// follow the connection of the login: `onConnecting` when a connection is being opened (at login
/// and at every reconnect), `onConnSucc` when it is open, `onConnFailed` when an attempt failed,
/// `onDisconnect` when an open connection was lost (the SDK reconnects).
public typealias TIMConnListener = _TIMConnListener & _TIMConnListenerNullable

/// The main spellings of `TIMConnListener` (adopt `TIMConnListener`).
public protocol _TIMConnListener: AnyObject {
    func onConnSucc()
    func onConnFailed(_ code: Int32, err: String!)
    func onDisconnect(_ code: Int32, err: String!)
    func onConnecting()
}

/// The `String?` spellings of `TIMConnListener` (adopt `TIMConnListener`).
public protocol _TIMConnListenerNullable: AnyObject {
    func onConnFailed(_ code: Int32, err: String?)
    func onDisconnect(_ code: Int32, err: String?)
}

extension _TIMConnListener {
    public func onConnSucc() {}
    public func onConnFailed(_ code: Int32, err: String!) {}
    public func onDisconnect(_ code: Int32, err: String!) {}
    public func onConnecting() {}
}

extension _TIMConnListenerNullable {
    public func onConnFailed(_ code: Int32, err: String?) {}
    public func onDisconnect(_ code: Int32, err: String?) {}
}

/// The user's login state (`TIMUserConfig.userStatusListener`, held weakly); every method is
/// optional. `onForceOffline`: another login of the user on the same platform took over;
/// `onUserSigExpired`: the UserSig expired while online, or the server refused it at a reconnect
/// (after either, the SDK is logged out: log in again); `onReConnFailed`: an attempt to reconnect after a loss failed (the SDK keeps trying).
public typealias TIMUserStatusListener = _TIMUserStatusListener & _TIMUserStatusListenerNullable

/// The main spellings of `TIMUserStatusListener` (adopt `TIMUserStatusListener`).
public protocol _TIMUserStatusListener: AnyObject {
    func onForceOffline()
    func onReConnFailed(_ code: Int32, err: String!)
    func onUserSigExpired()
}

/// The `String?` spelling of `onReConnFailed` (adopt `TIMUserStatusListener`).
public protocol _TIMUserStatusListenerNullable: AnyObject {
    func onReConnFailed(_ code: Int32, err: String?)
}

extension _TIMUserStatusListener {
    public func onForceOffline() {}
    public func onReConnFailed(_ code: Int32, err: String!) {}
    public func onUserSigExpired() {}
}

extension _TIMUserStatusListenerNullable {
    public func onReConnFailed(_ code: Int32, err: String?) {}
}

/// Revoked messages (`TIMUserConfig.messageRevokeListener`, held weakly); called on the SDK's
/// callback queue. Every revoke of a message of a conversation the user has, by its sender on any
/// device (a peer, a member, or the user on another device), once, whether a push or a sync after
/// a missed push brought it; never a revoke made on this device (its `succ` says so). The locator
/// names the message (`isFromRevokeNotify` true); `TIMMessage.respondsToLocator(_:)` finds it.
public typealias TIMMessageRevokeListener = _TIMMessageRevokeListener & _TIMMessageRevokeListenerNullable

/// The main spellings of `TIMMessageRevokeListener` (adopt `TIMMessageRevokeListener`).
public protocol _TIMMessageRevokeListener: AnyObject {
    /// A message was revoked.
    func onRevokeMessage(_ locator: TIMMessageLocator!)
    func onRevokeMessage(_ locator: TIMMessageLocator)
}

/// The `?` spelling of `TIMMessageRevokeListener` (adopt `TIMMessageRevokeListener`).
public protocol _TIMMessageRevokeListenerNullable: AnyObject {
    func onRevokeMessage(_ locator: TIMMessageLocator?)
}

extension _TIMMessageRevokeListener {
    public func onRevokeMessage(_ locator: TIMMessageLocator!) {}
    public func onRevokeMessage(_ locator: TIMMessageLocator) {}
}

extension _TIMMessageRevokeListenerNullable {
    public func onRevokeMessage(_ locator: TIMMessageLocator?) {}
}

/// Read receipts (`TIMUserConfig.messageReceiptListener`, held weakly), when
/// `TIMUserConfig.enableReadReceipt` is on; called on the SDK's callback queue. The peer of a C2C
/// conversation read it further (their `setReadMessage`, or a V2 read): one `TIMMessageReceipt`
/// per conversation, with the time up to which they read; on every device of the user, once per
/// read. Messages show it as `isPeerReaded()`. The auto report of a peer (messages their device
/// pulled) is no read and sends none.
public typealias TIMMessageReceiptListener = _TIMMessageReceiptListener & _TIMMessageReceiptListenerNullable

/// The main spellings of `TIMMessageReceiptListener` (adopt `TIMMessageReceiptListener`).
public protocol _TIMMessageReceiptListener: AnyObject {
    /// Read receipts arrived (`TIMMessageReceipt` objects).
    func onRecvMessageReceipts(_ receipts: [Any]!)
    func onRecvMessageReceipts(_ receipts: [Any])
    func onRecvMessageReceipts(_ receipts: [TIMMessageReceipt]!)
    func onRecvMessageReceipts(_ receipts: [TIMMessageReceipt])
}

/// The `?` spellings of `TIMMessageReceiptListener` (adopt `TIMMessageReceiptListener`).
public protocol _TIMMessageReceiptListenerNullable: AnyObject {
    func onRecvMessageReceipts(_ receipts: [Any]?)
    func onRecvMessageReceipts(_ receipts: [TIMMessageReceipt]?)
}

extension _TIMMessageReceiptListener {
    public func onRecvMessageReceipts(_ receipts: [Any]!) {}
    public func onRecvMessageReceipts(_ receipts: [Any]) {}
    public func onRecvMessageReceipts(_ receipts: [TIMMessageReceipt]!) {}
    public func onRecvMessageReceipts(_ receipts: [TIMMessageReceipt]) {}
}

extension _TIMMessageReceiptListenerNullable {
    public func onRecvMessageReceipts(_ receipts: [Any]?) {}
    public func onRecvMessageReceipts(_ receipts: [TIMMessageReceipt]?) {}
}

// Listeners of features this package does not have. They are accepted (the configuration holds
// them) so that apps compile unchanged, and they are never called: group events and uploads.

/// Group events (`TIMUserConfig.groupEventListener`). Never called: group management is not part of this package.
public protocol TIMGroupEventListener: AnyObject {}

/// Upload progress (`TIMUserConfig.uploadProgressListener`). Never called: there are no uploads here.
public protocol TIMUploadProgressListener: AnyObject {}

/// Changed messages (`TIMUserConfig.messageUpdateListener`, `onMessageUpdate(_:)`): a message of a
/// conversation the user has was changed (V2 `modifyMessage`, from any device but this one), with
/// the `TIMMessage`s as they are now, once per batch of changes. The legacy API cannot change a
/// message itself.
public typealias TIMMessageUpdateListener = _TIMMessageUpdateListener & _TIMMessageUpdateListenerNullable

/// The main spellings of `TIMMessageUpdateListener` (adopt `TIMMessageUpdateListener`).
public protocol _TIMMessageUpdateListener: AnyObject {
    /// Messages changed (`TIMMessage` objects).
    func onMessageUpdate(_ msgs: [Any]!)
    func onMessageUpdate(_ msgs: [Any])
    func onMessageUpdate(_ msgs: [TIMMessage]!)
    func onMessageUpdate(_ msgs: [TIMMessage])
}

/// The `?` spellings of `TIMMessageUpdateListener` (adopt `TIMMessageUpdateListener`).
public protocol _TIMMessageUpdateListenerNullable: AnyObject {
    func onMessageUpdate(_ msgs: [Any]?)
    func onMessageUpdate(_ msgs: [TIMMessage]?)
}

extension _TIMMessageUpdateListener {
    public func onMessageUpdate(_ msgs: [Any]!) {}
    public func onMessageUpdate(_ msgs: [Any]) {}
    public func onMessageUpdate(_ msgs: [TIMMessage]!) {}
    public func onMessageUpdate(_ msgs: [TIMMessage]) {}
}

extension _TIMMessageUpdateListenerNullable {
    public func onMessageUpdate(_ msgs: [Any]?) {}
    public func onMessageUpdate(_ msgs: [TIMMessage]?) {}
}

// MARK: - Calling every spelling

/// Calls every spelling of one legacy event on one listener, each once; each half of a listener is
/// addressed through its own protocol, so the `!` and `?` forms never compete.
enum LegacySpellings {
    static func refresh(_ list: [TIMConversation], to listener: any TIMRefreshListener) {
        let main: any _TIMRefreshListener = listener, nullable: any _TIMRefreshListenerNullable = listener
        let untyped: [Any] = list
        main.onRefreshConversations(list)
        main.onRefreshConversations(Optional(list))
        main.onRefreshConversations(Optional(untyped))
        main.onRefreshConversations(untyped)
        nullable.onRefreshConversations(Optional(list))
        nullable.onRefreshConversations(Optional(untyped))
    }

    static func revoked(_ locator: TIMMessageLocator, to listener: any TIMMessageRevokeListener) {
        let main: any _TIMMessageRevokeListener = listener, nullable: any _TIMMessageRevokeListenerNullable = listener
        main.onRevokeMessage(Optional(locator))
        main.onRevokeMessage(locator)
        nullable.onRevokeMessage(Optional(locator))
    }

    static func receipts(_ list: [TIMMessageReceipt], to listener: any TIMMessageReceiptListener) {
        let main: any _TIMMessageReceiptListener = listener, nullable: any _TIMMessageReceiptListenerNullable = listener
        let untyped: [Any] = list
        main.onRecvMessageReceipts(Optional(untyped))
        main.onRecvMessageReceipts(untyped)
        main.onRecvMessageReceipts(Optional(list))
        main.onRecvMessageReceipts(list)
        nullable.onRecvMessageReceipts(Optional(untyped))
        nullable.onRecvMessageReceipts(Optional(list))
    }

    static func updatedMessages(_ list: [TIMMessage], to listener: any TIMMessageUpdateListener) {
        let main: any _TIMMessageUpdateListener = listener, nullable: any _TIMMessageUpdateListenerNullable = listener
        let untyped: [Any] = list
        main.onMessageUpdate(Optional(untyped))
        main.onMessageUpdate(untyped)
        main.onMessageUpdate(Optional(list))
        main.onMessageUpdate(list)
        nullable.onMessageUpdate(Optional(untyped))
        nullable.onMessageUpdate(Optional(list))
    }

    static func newMessages(_ list: [TIMMessage], to listener: any TIMMessageListener) {
        let main: any _TIMMessageListener = listener, nullable: any _TIMMessageListenerNullable = listener
        let untyped: [Any] = list
        main.onNewMessage(Optional(untyped))
        main.onNewMessage(untyped)
        main.onNewMessage(Optional(list))
        main.onNewMessage(list)
        nullable.onNewMessage(Optional(untyped))
        nullable.onNewMessage(Optional(list))
    }
}
