/// An error with the vendor's numeric code and a readable message.
///
/// The codes are the same in both API generations and this is their one table: the facades' named
/// constants (`V2TIMErrorCode`, the legacy `ERR_*`) are derived from it, and they pass `code` and
/// `message` to `fail`.
/// - Thread safety: a value type, `Sendable`.
public struct IMError: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    /// A vendor error code (an open set: server codes pass through).
    public struct Code: RawRepresentable, Hashable, Codable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// Not an error: what the vendor's APIs report for success (`ERR_SUCC`).
        public static let success = Code(rawValue: 0)
        public static let invalidConversation = Code(rawValue: 6004)
        public static let notInitialized = Code(rawValue: 6013)
        public static let notLoggedIn = Code(rawValue: 6014)
        public static let inProgress = Code(rawValue: 6015)
        public static let invalidParameters = Code(rawValue: 6017)
        /// The local storage could not be written (or read): the disk is full, the database file,
        /// its directory or the file system is read-only, or an I/O error (the vendor's
        /// ERR_IO_OPERATION_FAILED: "check read/write permission and whether the disk is full").
        public static let ioOperationFailed = Code(rawValue: 6022)
        public static let noPreviousLogin = Code(rawValue: 6026)
        public static let userSigExpired = Code(rawValue: 6206)
        public static let kickedOff = Code(rawValue: 6208)
        /// A message's body is over `MessageContent.maxBodyBytes` (12 KB), checked before it is sent
        /// or changed (the vendor's ERR_SDK_MSG_BODY_SIZE_LIMIT).
        public static let messageBodyTooLarge = Code(rawValue: 8001)
        /// Someone changed the message first (`IMRequest.modifyMessage`).
        public static let messageModifyConflict = Code(rawValue: 8006)
        public static let interfaceNotSupported = Code(rawValue: 7013)
        /// The server could not be reached, or the connection closed while a request was in flight.
        public static let networkFailure = Code(rawValue: 9520)
        /// Server: a message's body is over `MessageContent.maxBodyBytes` (12 KB), from a client that
        /// did not check it (the vendor's ERR_SVR_COMM_BODY_SIZE_LIMIT).
        public static let serverMessageBodyTooLarge = Code(rawValue: 80002)
        /// Server: the user ID is not registered.
        public static let unknownUser = Code(rawValue: 20003)
        /// Server: the group does not exist.
        public static let unknownGroup = Code(rawValue: 10010)
        /// Server: the sender is not a member of the group.
        public static let notGroupMember = Code(rawValue: 10007)
        /// Server (conversation service): the request is not allowed, for example a 51st pinned
        /// conversation (the vendor's ERR_SVR_CONV_INVALID_PARAMETERS).
        public static let limitExceeded = Code(rawValue: 50002)
        /// Server: a C2C message older than the revoke time limit (2 minutes) cannot be revoked
        /// (the vendor's ERR_SVR_MSG_REVOKE_TIME_LIMIT).
        public static let revokeTimeLimitExceeded = Code(rawValue: 20016)
        /// Server: the group message to revoke does not exist (ERR_SVR_GROUP_REVOKE_MSG_NOT_FOUND).
        public static let groupRevokeMessageNotFound = Code(rawValue: 10030)
        /// Server: a group message older than the revoke time limit (2 minutes) cannot be revoked
        /// (ERR_SVR_GROUP_REVOKE_MSG_TIME_LIMIT).
        public static let groupRevokeTimeLimitExceeded = Code(rawValue: 10031)
        /// Server (conversation service): a conversation group of that name exists already (the
        /// same number, ERR_SVR_CONV_INVALID_PARAMETERS: the vendor documents no code of its own).
        public static let conversationGroupExists = Code(rawValue: 50002)
        /// Server (conversation service): more than 100 conversations in one request that marks,
        /// groups or sets custom data (the vendor's ERR_SVR_CONV_CONV_MARK_REQ_COUNT_EXCEED_LIMIT).
        public static let tooManyConversationsInRequest = Code(rawValue: 51006)
        /// Server (conversation service): more than 1,000 conversations would carry marks or custom
        /// data, or be in conversation groups (ERR_SVR_CONV_CONV_MARK_TOTAL_COUNT_EXCEED_LIMIT).
        public static let tooManyMarkedConversations = Code(rawValue: 51008)
        /// Server (conversation service): the conversation group does not exist
        /// (ERR_SVR_CONV_CONV_GROUP_NOT_EXIST).
        public static let conversationGroupNotFound = Code(rawValue: 51009)
        /// Server (conversation service): a 21st conversation group
        /// (ERR_SVR_CONV_CONV_GROUP_TOTAL_COUNT_EXCEED_LIMIT).
        public static let tooManyConversationGroups = Code(rawValue: 51010)
        /// Server (conversation service): a conversation group name that is empty or longer than
        /// 32 bytes (ERR_SVR_CONV_CONV_GROUP_NAME_EXCEED_LENGTH).
        public static let invalidConversationGroupName = Code(rawValue: 51011)
        /// Server (account service): the UserSig expired (its `TLS.time` + `TLS.expire` passed);
        /// generate a new one (ERR_SVR_ACCOUNT_USERSIG_EXPIRED). Refusing a reconnect, it ends the
        /// login with the UserSig-expired event.
        public static let userSigTokenExpired = Code(rawValue: 70001)
        /// Server (account service): the UserSig is empty (ERR_SVR_ACCOUNT_USERSIG_EMPTY).
        public static let userSigEmpty = Code(rawValue: 70002)
        /// Server (account service): the UserSig cannot be read: not the vendor's base64, not a
        /// zlib stream, not a version 2.0 document with every field, or too large; often a token cut
        /// short (ERR_SVR_ACCOUNT_USERSIG_CHECK_FAILED).
        public static let userSigMalformed = Code(rawValue: 70003)
        /// Server (account service): the UserSig failed verification (ERR_SVR_ACCOUNT_USERSIG_CHECK_FAILED_EX).
        public static let userSigCheckFailed = Code(rawValue: 70005)
        /// Server (account service): the UserSig's signature does not verify: it was made with
        /// another secret key, or altered (ERR_SVR_ACCOUNT_USERSIG_MISMATCH_PUBLICKEY, the vendor's
        /// code for a key that does not match the SDKAppID).
        public static let userSigWrongKey = Code(rawValue: 70009)
        /// Server (account service): the UserSig was made for another user ID than the one logging
        /// in (ERR_SVR_ACCOUNT_USERSIG_MISMATCH_ID).
        public static let userSigWrongUserID = Code(rawValue: 70013)
        /// Server (account service): the UserSig was made for another SDKAppID than the server's
        /// (ERR_SVR_ACCOUNT_USERSIG_MISMATCH_SDKAPPID).
        public static let userSigWrongSDKAppID = Code(rawValue: 70014)
        /// Server (account service): no key to verify UserSigs with (ERR_SVR_ACCOUNT_USERSIG_PUBLICKEY_NOT_FOUND).
        public static let userSigKeyNotFound = Code(rawValue: 70016)
        /// Server (account service): the SDKAppID is unknown (ERR_SVR_ACCOUNT_SDKAPPID_NOT_FOUND).
        public static let sdkAppIDNotFound = Code(rawValue: 70020)
        /// Server (account service): the UserSig was invalidated; generate a new one
        /// (ERR_SVR_ACCOUNT_INVALID_USERSIG).
        public static let userSigInvalidated = Code(rawValue: 70052)
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
