import Foundation
import IMTransportKit

/// Success without a result.
public typealias TIMSucc = () -> Void
/// Failure: the error code and a description.
public typealias TIMFail = (Int32, String?) -> Void
/// Login succeeded.
public typealias TIMLoginSucc = () -> Void
/// Messages (`TIMMessage` objects in an untyped array, as the header declared it).
public typealias TIMGetMsgSucc = ([Any]?) -> Void
/// A group's receive option (`TIMGroupManager.getReceiveMessageOpt`; misspelled as in the headers).
public typealias TIMGroupReciveMessageOptSucc = (TIMGroupReceiveMessageOpt) -> Void
/// A log line for `TIMSdkConfig.logFunc`.
public typealias TIMLogFunc = (TIMLogLevel, String?) -> Void

/// The kind of a conversation.
/// A message's priority (`TIMMessage.setPriority(_:)`, the headers' `TIM_MSG_PRIORITY_...`): kept
/// on the message; delivery here does not depend on it.
public enum TIMMessagePriority: Int, Sendable {
    case MSG_PRIORITY_HIGH = 1
    case MSG_PRIORITY_NORMAL = 2
    case MSG_PRIORITY_LOW = 3
    case MSG_PRIORITY_LOWEST = 4
}

public enum TIMConversationType: Int, Sendable {
    case C2C = 1
    case GROUP = 2
    /// System notifications; the receiver is `""`. The V2 API has no such conversation.
    case SYSTEM = 3
}

/// The state of a message.
public enum TIMMessageStatus: Int, Sendable {
    case MSG_STATUS_SENDING = 1
    case MSG_STATUS_SEND_SUCC = 2
    case MSG_STATUS_SEND_FAIL = 3
    case MSG_STATUS_HAS_DELETED = 4
    case MSG_STATUS_LOCAL_STORED = 5
    case MSG_STATUS_LOCAL_REVOKED = 6
}

/// How a group's messages are received.
public enum TIMGroupReceiveMessageOpt: Int, Sendable {
    case GROUP_RECEIVE_MESSAGE = 0
    case GROUP_NOT_RECEIVE_MESSAGE = 1
    case GROUP_RECEIVE_NOT_NOTIFY_MESSAGE = 2
}

/// The login state.
public enum TIMLoginStatus: Int, Sendable {
    case STATUS_LOGINED = 1
    case STATUS_LOGINING = 2
    case STATUS_LOGOUT = 3
}

/// Log verbosity.
public enum TIMLogLevel: Int, Sendable {
    case LOG_NONE = 0
    case LOG_DEBUG = 3
    case LOG_INFO = 4
    case LOG_WARN = 5
    case LOG_ERROR = 6
}

/// What an unread @-mention addressed (5.0).
public enum TIMGroupAtType: Int, Sendable {
    case AT_ME = 1
    case AT_ALL = 2
    case AT_ALL_AT_ME = 3
}

/// Why conversations were refreshed (the first 4.4.716 headers only: `TIM_CONVERSATION_...`, which
/// Swift imports with the `CONVERSATION_` kept). Kept so code that names it compiles; this SDK calls
/// `onRefreshConversations(_:)` without a reason, and never the 4.4.716
/// `onRefreshConversations(_:reason:)`.
public enum TIMConversationRefreshReason: Int, Sendable {
    case CONVERSATION_SYNC_FROM_SERVER = 0
    case CONVERSATION_RECEIVE_DELETE = 1
    case CONVERSATION_SEDN_MSG = 2
    case CONVERSATION_RECEIVE_MSG = 3
    case CONVERSATION_SET_MSG_READ = 4
    case CONVERSATION_RECEIVE_MSG_READ = 5
    case CONVERSATION_RECEIVE_MSG_REVOKE = 6
    case CONVERSATION_RECEIVE_MSG_RECEIPT = 7
}
