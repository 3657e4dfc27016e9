import Foundation
import IMCore
import IMTransportKit

// Callback types. As in every header generation, block parameters carry no nullability, so Swift
// hands them to closures as plain optionals (`guard let list = list`, `conversation!`); the SDK
// never passes nil where a value is documented. Plain closure types, like the vendor's blocks.

/// Success without a result.
public typealias V2TIMSucc = () -> Void
/// Failure: the vendor error code and a readable description.
public typealias V2TIMFail = (Int32, String?) -> Void
/// A page of the conversation list: the conversations, the next position and whether it was the last page.
public typealias V2TIMConversationResultSucc = ([V2TIMConversation]?, UInt64, Bool) -> Void
/// One conversation.
public typealias V2TIMConversationSucc = (V2TIMConversation?) -> Void
/// Several conversations.
public typealias V2TIMConversationListSucc = ([V2TIMConversation]?) -> Void
/// The total unread count.
public typealias V2TIMTotalUnreadMessageCountSucc = (UInt64) -> Void
/// The per-conversation results of a batch operation.
public typealias V2TIMConversationOperationResultSucc = ([V2TIMConversationOperationResult]?) -> Void
/// A list of messages (history).
public typealias V2TIMMessageListSucc = ([V2TIMMessage]?) -> Void
/// Upload progress, 0 to 100.
public typealias V2TIMProgress = (UInt32) -> Void

/// The kind of a conversation.
public enum V2TIMConversationType: Int, Sendable {
    case UNKNOWN = 0
    case C2C = 1
    case GROUP = 2
}

/// How the messages of a conversation are received.
public enum V2TIMReceiveMessageOpt: Int, Sendable {
    /// Receive online, push offline.
    case RECEIVE_MESSAGE = 0
    /// Receive nothing.
    case NOT_RECEIVE_MESSAGE = 1
    /// Receive online, no offline push (mute).
    case RECEIVE_NOT_NOTIFY_MESSAGE = 2
    /// Receive online, offline push only for @-mentions.
    case RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT = 3
    /// Receive only @-mentions.
    case NOT_RECEIVE_MESSAGE_EXCEPT_AT = 4
}

/// What an @-mention addressed.
public enum V2TIMGroupAtType: Int, Sendable {
    case AT_ME = 1
    case AT_ALL = 2
    case AT_ALL_AT_ME = 3
}

/// The built-in conversation marks; custom marks are `1 << n` for 32 <= n < 64.
public enum V2TIMConversationMarkType: UInt, Sendable {
    case CONVERSATION_MARK_TYPE_STAR = 0x1
    case CONVERSATION_MARK_TYPE_UNREAD = 0x2
    case CONVERSATION_MARK_TYPE_FOLD = 0x4
    case CONVERSATION_MARK_TYPE_HIDE = 0x8
}

/// The state of a message.
public enum V2TIMMessageStatus: Int, Sendable {
    case MSG_STATUS_SENDING = 1
    case MSG_STATUS_SEND_SUCC = 2
    case MSG_STATUS_SEND_FAIL = 3
    case MSG_STATUS_HAS_DELETED = 4
    case MSG_STATUS_LOCAL_IMPORTED = 5
    case MSG_STATUS_LOCAL_REVOKED = 6
}

/// The type of a message's element.
public enum V2TIMElemType: Int, Sendable {
    case ELEM_TYPE_NONE = 0
    case ELEM_TYPE_TEXT = 1
    case ELEM_TYPE_CUSTOM = 2
    case ELEM_TYPE_IMAGE = 3
    case ELEM_TYPE_SOUND = 4
    case ELEM_TYPE_VIDEO = 5
    case ELEM_TYPE_FILE = 6
    case ELEM_TYPE_LOCATION = 7
    case ELEM_TYPE_FACE = 8
    case ELEM_TYPE_GROUP_TIPS = 9
    case ELEM_TYPE_MERGER = 10
}

/// The kind of an iOS offline push (`V2TIMOfflinePushInfo.iOSPushType`; there is no offline push
/// here).
public enum V2TIMIOSOfflinePushType: Int, Sendable {
    case APNS = 0
    case VOIP = 1
}

extension V2TIMIOSOfflinePushType {
    public static let V2TIM_IOS_OFFLINE_PUSH_TYPE_APNS = Self.APNS
    public static let V2TIM_IOS_OFFLINE_PUSH_TYPE_VOIP = Self.VOIP
    /// As the vendor's Flutter plugin spells them.
    public static let TIM_IOS_OFFLINE_PUSH_TYPE_APNS = Self.APNS
    public static let TIM_IOS_OFFLINE_PUSH_TYPE_VOIP = Self.VOIP
}

/// Message priority (group messages).
public enum V2TIMMessagePriority: Int, Sendable {
    case PRIORITY_DEFAULT = 0
    case PRIORITY_HIGH = 1
    case PRIORITY_NORMAL = 2
    case PRIORITY_LOW = 3
}

/// Where `getHistoryMessageList(option:succ:fail:)` reads, and in which direction.
public enum V2TIMMessageGetType: Int, Sendable {
    /// Older messages from the server (this device's storage while the connection is down).
    case GET_CLOUD_OLDER_MSG = 1
    /// Newer messages from the server, oldest first (this device's storage while the connection
    /// is down).
    case GET_CLOUD_NEWER_MSG = 2
    /// Older messages from this device's storage.
    case GET_LOCAL_OLDER_MSG = 3
    /// Newer messages from this device's storage, oldest first.
    case GET_LOCAL_NEWER_MSG = 4
}

/// The login state.
public enum V2TIMLoginStatus: Int, Sendable {
    case STATUS_LOGINED = 1
    case STATUS_LOGINING = 2
    case STATUS_LOGOUT = 3
}

/// Log verbosity.
public enum V2TIMLogLevel: Int, Sendable {
    case LOG_NONE = 0
    case LOG_DEBUG = 3
    case LOG_INFO = 4
    case LOG_WARN = 5
    case LOG_ERROR = 6
}

extension V2TIMLogLevel {
    /// The core's level (the same raw values); nil for `LOG_NONE`.
    var imLevel: IMLogger.Level? { IMLogger.Level(rawValue: rawValue) }
}

/// The error of the `async` variants: the same code and description `fail` would get.
public struct V2TIMError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: Int32
    public let desc: String

    public init(code: Int32, desc: String) {
        self.code = code
        self.desc = desc
    }

    public var description: String { "V2TIMError \(code): \(desc)" }
}

/// The error codes both generations share (the numbers are `IMError.Code`'s, the one table).
public enum V2TIMErrorCode {
    public static let ERR_SUCC: Int32 = IMError.Code.success.rawValue
    public static let ERR_INVALID_CONVERSATION: Int32 = IMError.Code.invalidConversation.rawValue
    public static let ERR_SDK_NOT_INITIALIZED: Int32 = IMError.Code.notInitialized.rawValue
    public static let ERR_SDK_NOT_LOGGED_IN: Int32 = IMError.Code.notLoggedIn.rawValue
    public static let ERR_IN_PROGESS: Int32 = IMError.Code.inProgress.rawValue
    public static let ERR_INVALID_PARAMETERS: Int32 = IMError.Code.invalidParameters.rawValue
    public static let ERR_IO_OPERATION_FAILED: Int32 = IMError.Code.ioOperationFailed.rawValue
    public static let ERR_NO_PREVIOUS_LOGIN: Int32 = IMError.Code.noPreviousLogin.rawValue
    public static let ERR_USER_SIG_EXPIRED: Int32 = IMError.Code.userSigExpired.rawValue
    public static let ERR_LOGIN_KICKED_OFF_BY_OTHER: Int32 = IMError.Code.kickedOff.rawValue
    public static let ERR_SDK_INTERFACE_NOT_SUPPORT: Int32 = IMError.Code.interfaceNotSupported.rawValue
    // The account service's UserSig checks (signed logins).
    public static let ERR_SVR_ACCOUNT_USERSIG_EXPIRED: Int32 = IMError.Code.userSigTokenExpired.rawValue
    public static let ERR_SVR_ACCOUNT_USERSIG_EMPTY: Int32 = IMError.Code.userSigEmpty.rawValue
    public static let ERR_SVR_ACCOUNT_USERSIG_CHECK_FAILED: Int32 = IMError.Code.userSigMalformed.rawValue
    public static let ERR_SVR_ACCOUNT_USERSIG_CHECK_FAILED_EX: Int32 = IMError.Code.userSigCheckFailed.rawValue
    public static let ERR_SVR_ACCOUNT_USERSIG_MISMATCH_PUBLICKEY: Int32 = IMError.Code.userSigWrongKey.rawValue
    public static let ERR_SVR_ACCOUNT_USERSIG_MISMATCH_ID: Int32 = IMError.Code.userSigWrongUserID.rawValue
    public static let ERR_SVR_ACCOUNT_USERSIG_MISMATCH_SDKAPPID: Int32 = IMError.Code.userSigWrongSDKAppID.rawValue
    public static let ERR_SVR_ACCOUNT_USERSIG_PUBLICKEY_NOT_FOUND: Int32 = IMError.Code.userSigKeyNotFound.rawValue
    public static let ERR_SVR_ACCOUNT_SDKAPPID_NOT_FOUND: Int32 = IMError.Code.sdkAppIDNotFound.rawValue
    public static let ERR_SVR_ACCOUNT_INVALID_USERSIG: Int32 = IMError.Code.userSigInvalidated.rawValue
}

/// Put in `createTextAtMessage`'s list to @-mention everyone.
public let kImSDK_MesssageAtALL = "__kImSDK_MesssageAtALL__"

// MARK: - The case names with their `V2TIM_` prefix

// Swift strips the `V2TIM_` prefix of the headers' case names (`.STATUS_LOGINED`); some public code
// spells the case in full (`.V2TIM_STATUS_LOGINED`). Both compile; a `switch` over the prefixed
// names needs a `default`, as these are constants, not cases.

extension V2TIMConversationType {
    public static let V2TIM_UNKNOWN = Self.UNKNOWN
    public static let V2TIM_C2C = Self.C2C
    public static let V2TIM_GROUP = Self.GROUP
}

extension V2TIMReceiveMessageOpt {
    public static let V2TIM_RECEIVE_MESSAGE = Self.RECEIVE_MESSAGE
    public static let V2TIM_NOT_RECEIVE_MESSAGE = Self.NOT_RECEIVE_MESSAGE
    public static let V2TIM_RECEIVE_NOT_NOTIFY_MESSAGE = Self.RECEIVE_NOT_NOTIFY_MESSAGE
    public static let V2TIM_RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT = Self.RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT
    public static let V2TIM_NOT_RECEIVE_MESSAGE_EXCEPT_AT = Self.NOT_RECEIVE_MESSAGE_EXCEPT_AT
}

extension V2TIMGroupAtType {
    public static let V2TIM_AT_ME = Self.AT_ME
    public static let V2TIM_AT_ALL = Self.AT_ALL
    public static let V2TIM_AT_ALL_AT_ME = Self.AT_ALL_AT_ME
}

extension V2TIMConversationMarkType {
    public static let V2TIM_CONVERSATION_MARK_TYPE_STAR = Self.CONVERSATION_MARK_TYPE_STAR
    public static let V2TIM_CONVERSATION_MARK_TYPE_UNREAD = Self.CONVERSATION_MARK_TYPE_UNREAD
    public static let V2TIM_CONVERSATION_MARK_TYPE_FOLD = Self.CONVERSATION_MARK_TYPE_FOLD
    public static let V2TIM_CONVERSATION_MARK_TYPE_HIDE = Self.CONVERSATION_MARK_TYPE_HIDE
}

/// The vendor's Swift SDK types `V2TIMConversationListFilter.markType` as the enum, and its
/// samples write `filter.markType = .V2TIM_CONVERSATION_MARK_TYPE_STAR`; the Objective-C headers
/// (and this package) type it `UInt`. These make that assignment compile to the same bits.
extension UInt {
    public static let V2TIM_CONVERSATION_MARK_TYPE_STAR = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_STAR.rawValue
    public static let V2TIM_CONVERSATION_MARK_TYPE_UNREAD = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue
    public static let V2TIM_CONVERSATION_MARK_TYPE_FOLD = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue
    public static let V2TIM_CONVERSATION_MARK_TYPE_HIDE = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue
}

extension V2TIMMessageStatus {
    public static let V2TIM_MSG_STATUS_SENDING = Self.MSG_STATUS_SENDING
    public static let V2TIM_MSG_STATUS_SEND_SUCC = Self.MSG_STATUS_SEND_SUCC
    public static let V2TIM_MSG_STATUS_SEND_FAIL = Self.MSG_STATUS_SEND_FAIL
    public static let V2TIM_MSG_STATUS_HAS_DELETED = Self.MSG_STATUS_HAS_DELETED
    public static let V2TIM_MSG_STATUS_LOCAL_IMPORTED = Self.MSG_STATUS_LOCAL_IMPORTED
    public static let V2TIM_MSG_STATUS_LOCAL_REVOKED = Self.MSG_STATUS_LOCAL_REVOKED
}

extension V2TIMElemType {
    public static let V2TIM_ELEM_TYPE_NONE = Self.ELEM_TYPE_NONE
    public static let V2TIM_ELEM_TYPE_TEXT = Self.ELEM_TYPE_TEXT
    public static let V2TIM_ELEM_TYPE_CUSTOM = Self.ELEM_TYPE_CUSTOM
    public static let V2TIM_ELEM_TYPE_IMAGE = Self.ELEM_TYPE_IMAGE
    public static let V2TIM_ELEM_TYPE_SOUND = Self.ELEM_TYPE_SOUND
    public static let V2TIM_ELEM_TYPE_VIDEO = Self.ELEM_TYPE_VIDEO
    public static let V2TIM_ELEM_TYPE_FILE = Self.ELEM_TYPE_FILE
    public static let V2TIM_ELEM_TYPE_LOCATION = Self.ELEM_TYPE_LOCATION
    public static let V2TIM_ELEM_TYPE_FACE = Self.ELEM_TYPE_FACE
    public static let V2TIM_ELEM_TYPE_GROUP_TIPS = Self.ELEM_TYPE_GROUP_TIPS
    public static let V2TIM_ELEM_TYPE_MERGER = Self.ELEM_TYPE_MERGER
}

extension V2TIMMessageGetType {
    public static let V2TIM_GET_CLOUD_OLDER_MSG = Self.GET_CLOUD_OLDER_MSG
    public static let V2TIM_GET_CLOUD_NEWER_MSG = Self.GET_CLOUD_NEWER_MSG
    public static let V2TIM_GET_LOCAL_OLDER_MSG = Self.GET_LOCAL_OLDER_MSG
    public static let V2TIM_GET_LOCAL_NEWER_MSG = Self.GET_LOCAL_NEWER_MSG
}

extension V2TIMMessagePriority {
    public static let V2TIM_PRIORITY_DEFAULT = Self.PRIORITY_DEFAULT
    public static let V2TIM_PRIORITY_HIGH = Self.PRIORITY_HIGH
    public static let V2TIM_PRIORITY_NORMAL = Self.PRIORITY_NORMAL
    public static let V2TIM_PRIORITY_LOW = Self.PRIORITY_LOW
}

extension V2TIMLoginStatus {
    public static let V2TIM_STATUS_LOGINED = Self.STATUS_LOGINED
    public static let V2TIM_STATUS_LOGINING = Self.STATUS_LOGINING
    public static let V2TIM_STATUS_LOGOUT = Self.STATUS_LOGOUT
}

extension V2TIMLogLevel {
    public static let V2TIM_LOG_NONE = Self.LOG_NONE
    public static let V2TIM_LOG_DEBUG = Self.LOG_DEBUG
    public static let V2TIM_LOG_INFO = Self.LOG_INFO
    public static let V2TIM_LOG_WARN = Self.LOG_WARN
    public static let V2TIM_LOG_ERROR = Self.LOG_ERROR
}
