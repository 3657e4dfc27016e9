import Dispatch
import IMTransportKit

/// SDK-wide settings for `initSdk(_:)`.
public class TIMSdkConfig {
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
    /// The server to talk to; nil uses the embedded `IMReferenceServer.shared` (this package's).
    public var transport: (any IMTransport)?
    /// The serial queue callbacks and listeners run on (this package's; see `V2TIMSDKConfig`).
    public var callbackQueue: DispatchQueue?

    public init() {}
}

/// Per-user settings; set with `setUserConfig(_:)` after `initSdk` and before `login`.
public class TIMUserConfig {
    /// false (default): messages this device receives count as read on the server at once, so other
    /// devices and later logins see them read. true: they stay unread on the server until
    /// `setReadMessage`, sync again at every login, and reads reach the other devices
    /// (`onRefreshConversations`).
    public var disableAutoReport = false
    /// Send read receipts (accepted; receipts are not tracked yet).
    public var enableReadReceipt = false
    /// Keep nothing on disk: every login starts empty and syncs from the server.
    public var disableStorage = false
    /// Hears of refreshed conversations, including reads made on other devices. Held weakly.
    public weak var refreshListener: TIMRefreshListener!

    public init() {}
}

/// Who logs in.
public class TIMLoginParam {
    /// The user ID.
    public var identifier: String!
    /// The user's signature.
    public var userSig: String!
    /// The app ID of a third-party account system (accepted, unused).
    public var appidAt3rd: String!

    public init() {}
}

extension TIMLogLevel {
    /// The core's level (the same raw values); nil for `LOG_NONE`.
    var imLevel: IMLogger.Level? { IMLogger.Level(rawValue: rawValue) }

    init(_ level: IMLogger.Level) {
        self = TIMLogLevel(rawValue: level.rawValue) ?? .LOG_ERROR
    }
}
