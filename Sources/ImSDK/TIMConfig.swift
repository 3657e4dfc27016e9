import Foundation
import IMTransportKit

/// SDK-wide settings for `initSdk(_:)`.
open class TIMSdkConfig: NSObject {
    /// The app ID from the console.
    public var sdkAppId: Int32 = 0
    /// Do not write log lines to the console.
    public var disableLogPrint = false
    /// The least important level written to the console.
    public var logLevel: TIMLogLevel = .LOG_DEBUG
    /// Where log files would go (accepted; this SDK writes no log files).
    public var logPath: String!
    /// The least important level passed to `logFunc`.
    public var logFuncLevel: TIMLogLevel = .LOG_DEBUG
    /// Receives every log line at `logFuncLevel` or above.
    public var logFunc: TIMLogFunc!
    /// The directory of the local databases (one per user); nil: the per-user default.
    public var dbPath: String!
    /// The server to talk to (this package's); nil uses the embedded server: with storage on
    /// (`dbPath`) `IMReferenceServer.embedded(appID:directory:)`, which keeps its state next to the
    /// stores, with `TIMUserConfig.disableStorage` the in-memory `IMReferenceServer.shared`.
    public var transport: (any IMTransport)?
    /// The serial queue callbacks and listeners run on (this package's; see `V2TIMSDKConfig`).
    public var callbackQueue: DispatchQueue?
    /// Hears of the connection of the login: connecting, connected, failed, lost. Held weakly.
    public weak var connListener: (any TIMConnListener)!
    /// The account type of 3.x. Accepted and ignored, as the vendor's SDKs from 4.x on ignore it.
    public var accountType: String!

    public override init() {}
}

/// Per-user settings; set with `setUserConfig(_:)` after `initSdk` and before `login`.
open class TIMUserConfig: NSObject {
    /// false (default): messages this device receives count as read on the server at once, so other
    /// devices and later logins see them read. true: they stay unread on the server until
    /// `setReadMessage`, sync again at every login, and reads reach the other devices
    /// (`onRefreshConversations`).
    public var disableAutoReport = false
    /// Hear the read receipts of C2C peers: `messageReceiptListener` is called and
    /// `TIMMessage.isPeerReaded()` tells whether the peer read a message of mine (both stay silent,
    /// false, while it is off). Reads are reported to the peer either way, as in the vendor SDK.
    /// Takes effect at the next login, as the other settings.
    public var enableReadReceipt = false
    /// Keep nothing on disk: every login starts empty and syncs from the server.
    public var disableStorage = false
    /// 3.x: do not pull the recent-contact list at login (spelled as in the headers). Accepted and
    /// ignored: conversations always sync, since the unread counts depend on them.
    public var disableRecnetContact = false
    /// Hears of refreshed conversations, including reads made on other devices. Held weakly.
    public weak var refreshListener: (any TIMRefreshListener)!
    /// Hears of kicks, expired signatures and failed reconnects. Held weakly.
    public weak var userStatusListener: (any TIMUserStatusListener)!
    /// Accepted and held weakly; never called (group management is not part of this package).
    public weak var groupEventListener: (any TIMGroupEventListener)!
    /// Hears of revoked messages (see `TIMMessageRevokeListener`). Held weakly.
    public weak var messageRevokeListener: (any TIMMessageRevokeListener)!
    /// Hears of read receipts when `enableReadReceipt` is on (see `TIMMessageReceiptListener`).
    /// Held weakly.
    public weak var messageReceiptListener: (any TIMMessageReceiptListener)!
    /// Accepted and held weakly; never called (there are no uploads here).
    public weak var uploadProgressListener: (any TIMUploadProgressListener)!
    /// Accepted and held weakly; never called (messages are not modified here).
    public weak var messageUpdateListener: (any TIMMessageUpdateListener)!
    /// The 3.x name of `messageReceiptListener` (the same property).
    public var receiptListener: (any TIMMessageReceiptListener)! {
        get { messageReceiptListener }
        set { messageReceiptListener = newValue }
    }
    /// The 3.x name of `messageRevokeListener`, spelled as in those headers (the same property).
    public var messgeRevokeListener: (any TIMMessageRevokeListener)! {
        get { messageRevokeListener }
        set { messageRevokeListener = newValue }
    }

    public override init() {}
}

/// Who logs in.
open class TIMLoginParam: NSObject {
    /// The user ID.
    public var identifier: String!
    /// The user's signature.
    public var userSig: String!
    /// The app ID of a third-party account system (accepted, unused).
    public var appidAt3rd: String!

    public override init() {}
}

extension TIMLogLevel {
    /// The core's level (the same raw values); nil for `LOG_NONE`.
    var imLevel: IMLogger.Level? { IMLogger.Level(rawValue: rawValue) }

    init(_ level: IMLogger.Level) {
        self = TIMLogLevel(rawValue: level.rawValue) ?? .LOG_ERROR
    }
}

/// What `doBackground` reports: the unread counts the app shows as its badge (legacy `TIMComm.h`).
open class TIMBackgroundParam: NSObject {
    /// The C2C unread count.
    public var c2cUnread: Int32 = 0
    /// The group unread count.
    public var groupUnread: Int32 = 0

    public override init() {}
}
