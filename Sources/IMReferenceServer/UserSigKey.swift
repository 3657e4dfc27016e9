import IMTransportKit

/// An app's SDKAppID and the secret key its UserSigs are signed with (the console's "key"): what a
/// server verifies logins with (`IMReferenceServer.userSigKey`) and what `imsdk usersig` signs with.
///
/// Its `description` leaves the key out, so logging it does not leak the key.
/// - Thread safety: a value type, `Sendable`.
public struct UserSigKey: Hashable, Sendable, CustomStringConvertible {
    /// The app the key belongs to.
    public var sdkAppID: UInt64
    /// The secret key (any string; the vendor's console hands out 64 hexadecimal digits).
    public var secretKey: String

    public init(sdkAppID: UInt64, secretKey: String) {
        self.sdkAppID = sdkAppID
        self.secretKey = secretKey
    }

    /// A UserSig for `userID` issued at `now`, valid for `expire` seconds (see `UserSig.generate`).
    public func generate(userID: String, expire: Int64 = UserSig.defaultLifetime, now: UInt64 = UserSig.currentTime) -> String {
        UserSig.generate(userID: userID, sdkAppID: sdkAppID, secretKey: secretKey, expire: expire, now: now)
    }

    /// Checks `token` for `userID` at `now` (see `UserSig.verify` for the order of the checks).
    ///
    /// - Errors: 70002 `userSigEmpty`, 70003 `userSigMalformed`, 70014 `userSigWrongSDKAppID`,
    ///   70013 `userSigWrongUserID`, 70009 `userSigWrongKey` (forged or another key), 70001
    ///   `userSigTokenExpired`.
    @discardableResult
    public func verify(_ token: String, userID: String, now: UInt64 = UserSig.currentTime) throws(IMError) -> UserSig {
        try UserSig.verify(token, userID: userID, sdkAppID: sdkAppID, secretKey: secretKey, now: now)
    }

    public var description: String { "UserSigKey(sdkAppID: \(sdkAppID), secretKey: <\(secretKey.utf8.count) bytes>)" }
}
