extension IMError.Code {
    /// Whether a server refusing a login with this code refused its credential (the UserSig):
    /// `userSigExpired` (6206) and the account service's UserSig codes (70001 expired, 70002 empty,
    /// 70003 and 70005 unreadable or unverifiable, 70009 wrong key, 70013 another user, 70014
    /// another SDKAppID, 70016 no key, 70052 invalidated). A reconnect refused with one of them
    /// cannot succeed with the same credential: it ends the login (the SDK's UserSig-expired
    /// event), where other refusals are retried.
    public var refusesUserSig: Bool {
        switch self {
        case .userSigExpired, .userSigTokenExpired, .userSigEmpty, .userSigMalformed, .userSigCheckFailed,
             .userSigWrongKey, .userSigWrongUserID, .userSigWrongSDKAppID, .userSigKeyNotFound, .userSigInvalidated:
            true
        default:
            false
        }
    }
}
