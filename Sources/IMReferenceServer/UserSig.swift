import Foundation
import IMCrypto
import IMTransportKit

/// A UserSig: the login credential in the vendor's TLS-sig API version 2 format, as its public
/// server-side libraries (`TLSSigAPIv2` for Python, Java, Go, Node, PHP, C#, C++) generate it from
/// an app's SDKAppID and secret key; `generate` makes one, `verify` checks one, `decode` reads one.
///
/// The token is a small JSON document (`TLS.ver` "2.0", `TLS.identifier`, `TLS.sdkappid`,
/// `TLS.expire`, `TLS.time`, `TLS.sig`, and `TLS.userbuf` when there is one), zlib-compressed and
/// base64-encoded with `*`, `-` and `_` in place of `+`, `/` and `=`. `TLS.sig` is the base64
/// HMAC-SHA256, under the secret key, of the lines `TLS.identifier:…`, `TLS.sdkappid:…`,
/// `TLS.time:…`, `TLS.expire:…` (and `TLS.userbuf:…`), each ended by a newline. A token is valid
/// from `TLS.time` through `TLS.time + TLS.expire` (seconds since 1970), the end included, as the
/// vendor's verifiers count.
///
/// `generate` writes the document as the vendor's Python library does (same keys, order and
/// spacing); `decode` and `verify` accept the documents of every vendor library (any key order,
/// compact or spaced, escaped slashes, a trailing newline, stored or compressed zlib, integral
/// numbers written as floats or strings).
/// - Thread safety: a value type, `Sendable`.
public struct UserSig: Hashable, Sendable {
    /// Who it was made for (`TLS.identifier`).
    public var userID: String
    /// The app it was made for (`TLS.sdkappid`).
    public var sdkAppID: UInt64
    /// When it was made, in seconds since 1970 (`TLS.time`).
    public var issuedAt: Int64
    /// How many seconds it is valid for after `issuedAt` (`TLS.expire`).
    public var lifetime: Int64
    /// The extra signed bytes of a TRTC PrivateMapKey (`TLS.userbuf`); nil in a plain UserSig.
    public var userBuf: [UInt8]?

    /// The last second it is valid in (`issuedAt + lifetime`, saturating).
    public var expiresAt: Int64 {
        let (sum, overflow) = issuedAt.addingReportingOverflow(lifetime)
        guard overflow else { return sum }
        return lifetime < 0 ? .min : .max
    }

    /// Whether it has expired at `now` (seconds since 1970): after `expiresAt`.
    public func isExpired(at now: UInt64) -> Bool { Int64(clamping: now) > expiresAt }

    public init(userID: String, sdkAppID: UInt64, issuedAt: Int64, lifetime: Int64, userBuf: [UInt8]? = nil) {
        self.userID = userID
        self.sdkAppID = sdkAppID
        self.issuedAt = issuedAt
        self.lifetime = lifetime
        self.userBuf = userBuf
    }

    /// The vendor libraries' default lifetime: 180 days.
    public static let defaultLifetime: Int64 = 180 * 86_400
    /// The longest token `decode` reads (characters); a vendor token is a few hundred.
    public static let maximumTokenLength = 16 * 1024
    /// The most bytes a token's document may inflate to; a vendor document is a few hundred.
    public static let maximumDocumentLength = 64 * 1024

    /// The current time in whole seconds since 1970.
    public static var currentTime: UInt64 { UInt64(max(0, Date().timeIntervalSince1970)) }

    /// A UserSig for `userID` of app `sdkAppID`, signed with `secretKey`, issued at `now` and valid
    /// for `expire` seconds, as the vendor's `genUserSig(userid, expire)` makes it.
    ///
    /// - Parameters:
    ///   - expire: seconds of validity (the vendor's default: 180 days).
    ///   - now: the issue time in seconds since 1970 (by default the current time).
    /// - Complexity: O(length of the user ID and key).
    public static func generate(
        userID: String, sdkAppID: UInt64, secretKey: String, expire: Int64 = defaultLifetime,
        now: UInt64 = currentTime
    ) -> String {
        let sig = UserSig(userID: userID, sdkAppID: sdkAppID, issuedAt: Int64(clamping: now), lifetime: expire)
        let signature = Data(sig.signature(secretKey: secretKey, userBufText: nil)).base64EncodedString()
        let document = UserSigDocument.write(sig, signature: signature)
        return UserSigBase64.encode(Zlib.compress(document))
    }

    /// Reads a token without checking its signature (to show what it says).
    ///
    /// - Errors:
    ///   - 70002 `userSigEmpty`: an empty token.
    ///   - 70003 `userSigMalformed`: longer than `maximumTokenLength`, not the vendor's base64, not
    ///     a zlib stream, inflating beyond `maximumDocumentLength`, or not a version 2.0 document
    ///     with `TLS.identifier`, `TLS.sdkappid`, `TLS.time`, `TLS.expire` and `TLS.sig`.
    /// - Complexity: O(token length).
    public static func decode(_ token: String) throws(IMError) -> UserSig {
        try read(token).sig
    }

    /// Checks that `token` is a UserSig for `userID` of app `sdkAppID`, signed with `secretKey`
    /// and not expired at `now`; returns what it says.
    ///
    /// The checks run in this order, so the first failing one names the error: readable, the
    /// SDKAppID, the user ID, the signature, the expiry (a forged token is forged, expired or not).
    /// - Parameter now: seconds since 1970 (by default the current time).
    /// - Errors:
    ///   - 70002 `userSigEmpty`, 70003 `userSigMalformed`: as `decode`.
    ///   - 70014 `userSigWrongSDKAppID`: made for another app.
    ///   - 70013 `userSigWrongUserID`: made for another user.
    ///   - 70009 `userSigWrongKey`: the signature does not verify (another key, or forged).
    ///   - 70001 `userSigTokenExpired`: `now` is after `issuedAt + lifetime`.
    /// - Complexity: O(token length).
    @discardableResult
    public static func verify(
        _ token: String, userID: String, sdkAppID: UInt64, secretKey: String, now: UInt64 = currentTime
    ) throws(IMError) -> UserSig {
        let (sig, signature, userBufText) = try read(token)
        guard sig.sdkAppID == sdkAppID else {
            throw IMError(.userSigWrongSDKAppID, "the UserSig is for SDKAppID \(sig.sdkAppID), not \(sdkAppID)")
        }
        guard sig.userID == userID else {
            throw IMError(.userSigWrongUserID, "the UserSig is for user \"\(sig.userID)\", not \"\(userID)\"")
        }
        guard ConstantTime.equal(signature, sig.signature(secretKey: secretKey, userBufText: userBufText)) else {
            throw IMError(.userSigWrongKey, "the UserSig's signature does not verify with this SDKAppID's key")
        }
        guard !sig.isExpired(at: now) else {
            throw IMError(.userSigTokenExpired, "the UserSig expired at \(sig.expiresAt) (now \(now)); generate a new one")
        }
        return sig
    }

    /// The token's fields, its signature's bytes and the `TLS.userbuf` text as written.
    private static func read(_ token: String) throws(IMError) -> (sig: UserSig, signature: [UInt8], userBufText: String?) {
        guard !token.isEmpty else { throw IMError(.userSigEmpty, "empty UserSig") }
        guard token.utf8.count <= maximumTokenLength else {
            throw IMError(.userSigMalformed, "the UserSig is \(token.utf8.count) bytes long, longer than any (\(maximumTokenLength))")
        }
        guard let compressed = UserSigBase64.decode(token) else {
            throw IMError(.userSigMalformed, "the UserSig is not base64 (cut short?)")
        }
        let document: [UInt8]
        do {
            document = try Zlib.uncompress(compressed, limit: maximumDocumentLength)
        } catch .tooLarge {
            throw IMError(.userSigMalformed, "the UserSig inflates to more than \(maximumDocumentLength) bytes")
        } catch {
            throw IMError(.userSigMalformed, "the UserSig is not a zlib stream (cut short?)")
        }
        return try UserSigDocument.read(document)
    }

    /// The HMAC-SHA256 of the signed lines under `secretKey`.
    func signature(secretKey: String, userBufText: String?) -> [UInt8] {
        var content = "TLS.identifier:\(userID)\nTLS.sdkappid:\(sdkAppID)\nTLS.time:\(issuedAt)\nTLS.expire:\(lifetime)\n"
        if let userBufText { content += "TLS.userbuf:\(userBufText)\n" }
        return HMACSHA256.authenticationCode(for: content.utf8, key: secretKey.utf8)
    }
}
