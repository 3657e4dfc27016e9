import IMTransportKit

/// A vendor error code as the C enum of `TIMErrorCode.h` imports into Swift: compare
/// `code == ERR_SUCC.rawValue`. Both `import ImSDK` and `import ImSDK_Plus` make these visible, as
/// the vendor's umbrella headers do.
///
/// The numbers are `IMError.Code`'s (the one table for both generations); the codes this package
/// never reports itself are listed because public code compares against them.
public struct ERROR_CODE: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    init(_ code: IMError.Code) { rawValue = code.rawValue }
}

// General.
public let ERR_SUCC = ERROR_CODE(.success)
public let ERR_IN_PROGESS = ERROR_CODE(.inProgress)
public let ERR_INVALID_PARAMETERS = ERROR_CODE(.invalidParameters)
public let ERR_IO_OPERATION_FAILED = ERROR_CODE(.ioOperationFailed)
public let ERR_SDK_NOT_INITIALIZED = ERROR_CODE(.notInitialized)
public let ERR_LOADMSG_FAILED = ERROR_CODE(rawValue: 6005)
public let ERR_DATABASE_OPERATE_FAILED = ERROR_CODE(rawValue: 6019)
public let ERR_SDK_INTERFACE_NOT_SUPPORT = ERROR_CODE(.interfaceNotSupported)
public let ERR_SDK_INVALID_OPERATION = ERROR_CODE(rawValue: 7014)
public let ERR_NO_SUCC_RESULT = ERROR_CODE(rawValue: 6003)
// Account.
public let ERR_SDK_NOT_LOGGED_IN = ERROR_CODE(.notLoggedIn)
public let ERR_NO_PREVIOUS_LOGIN = ERROR_CODE(.noPreviousLogin)
public let ERR_USER_SIG_EXPIRED = ERROR_CODE(.userSigExpired)
public let ERR_LOGIN_KICKED_OFF_BY_OTHER = ERROR_CODE(.kickedOff)
public let ERR_SDK_ACCOUNT_LOGIN_IN_PROCESS = ERROR_CODE(rawValue: 7501)
public let ERR_SDK_ACCOUNT_LOGOUT_IN_PROCESS = ERROR_CODE(rawValue: 7502)
// Messages and conversations.
public let ERR_INVALID_CONVERSATION = ERROR_CODE(.invalidConversation)
public let ERR_INVALID_MSG_ELEM = ERROR_CODE(rawValue: 6016)
public let ERR_INVALID_SDK_OBJECT = ERROR_CODE(rawValue: 6021)
public let ERR_SDK_MSG_BODY_SIZE_LIMIT = ERROR_CODE(.messageBodyTooLarge)
public let ERR_SDK_MSG_MODIFY_CONFLICT = ERROR_CODE(.messageModifyConflict)
// Network.
public let ERR_SDK_NET_DISCONNECT = ERROR_CODE(rawValue: 9508)
public let ERR_SDK_NET_CONN_TIMEOUT = ERROR_CODE(rawValue: 9510)
public let ERR_SDK_NET_WAIT_ACK_TIMEOUT = ERROR_CODE(.networkFailure)
// Server.
public let ERR_SVR_ACCOUNT_USERSIG_EXPIRED = ERROR_CODE(.userSigTokenExpired)
public let ERR_SVR_CONV_INVALID_PARAMETERS = ERROR_CODE(.limitExceeded)
public let ERR_SVR_COMM_BODY_SIZE_LIMIT = ERROR_CODE(.serverMessageBodyTooLarge)
public let ERR_SVR_MSG_REVOKE_TIME_LIMIT = ERROR_CODE(.revokeTimeLimitExceeded)
public let ERR_SVR_GROUP_PERMISSION_DENY = ERROR_CODE(.notGroupMember)
public let ERR_SVR_GROUP_REVOKE_MSG_NOT_FOUND = ERROR_CODE(.groupRevokeMessageNotFound)
public let ERR_SVR_GROUP_REVOKE_MSG_TIME_LIMIT = ERROR_CODE(.groupRevokeTimeLimitExceeded)
// The client's own check of the revoke time limit (the vendor's SDKs have it; this one leaves it to the server).
public let ERR_REVOKE_TIME_LIMIT_EXCEED = ERROR_CODE(rawValue: 6223)
// Server: conversation marks, custom data and groups.
public let ERR_SVR_CONV_CONV_MARK_REQ_COUNT_EXCEED_LIMIT = ERROR_CODE(.tooManyConversationsInRequest)
public let ERR_SVR_CONV_CONV_MARK_OPERATE_FAILED = ERROR_CODE(rawValue: 51007)
public let ERR_SVR_CONV_CONV_MARK_TOTAL_COUNT_EXCEED_LIMIT = ERROR_CODE(.tooManyMarkedConversations)
public let ERR_SVR_CONV_CONV_GROUP_NOT_EXIST = ERROR_CODE(.conversationGroupNotFound)
public let ERR_SVR_CONV_CONV_GROUP_TOTAL_COUNT_EXCEED_LIMIT = ERROR_CODE(.tooManyConversationGroups)
public let ERR_SVR_CONV_CONV_GROUP_NAME_EXCEED_LENGTH = ERROR_CODE(.invalidConversationGroupName)
// Server: the profile service (user profiles are not part of this package; TUIKit reports this code itself).
public let ERR_SVR_PROFILE_INVALID_PARAMETERS = ERROR_CODE(rawValue: 40001)
// Server: the account service's UserSig checks (signed logins).
public let ERR_SVR_ACCOUNT_USERSIG_EMPTY = ERROR_CODE(.userSigEmpty)
public let ERR_SVR_ACCOUNT_USERSIG_CHECK_FAILED = ERROR_CODE(.userSigMalformed)
public let ERR_SVR_ACCOUNT_USERSIG_CHECK_FAILED_EX = ERROR_CODE(.userSigCheckFailed)
public let ERR_SVR_ACCOUNT_USERSIG_MISMATCH_PUBLICKEY = ERROR_CODE(.userSigWrongKey)
public let ERR_SVR_ACCOUNT_USERSIG_MISMATCH_ID = ERROR_CODE(.userSigWrongUserID)
public let ERR_SVR_ACCOUNT_USERSIG_MISMATCH_SDKAPPID = ERROR_CODE(.userSigWrongSDKAppID)
public let ERR_SVR_ACCOUNT_USERSIG_PUBLICKEY_NOT_FOUND = ERROR_CODE(.userSigKeyNotFound)
public let ERR_SVR_ACCOUNT_SDKAPPID_NOT_FOUND = ERROR_CODE(.sdkAppIDNotFound)
public let ERR_SVR_ACCOUNT_INVALID_USERSIG = ERROR_CODE(.userSigInvalidated)

/// The legacy headers' `#define` for a kick (the same number as `ERR_LOGIN_KICKED_OFF_BY_OTHER`).
public let ERR_IMSDK_KICKED_BY_OTHERS: Int32 = IMError.Code.kickedOff.rawValue
