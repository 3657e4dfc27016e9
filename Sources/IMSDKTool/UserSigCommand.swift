import Foundation
import IMReferenceServer
import IMTransportKit

/// `imsdk usersig`: prints a UserSig signed with an app's secret key, as the vendor's server-side
/// libraries make them (for tests and for a server started with that key), or reads one
/// (`--verify TOKEN`): its fields, and whether it verifies.
struct UserSigCommand: Equatable, Sendable {
    /// Where the secret key comes from.
    enum KeySource: Equatable, Sendable {
        case text(String)
        /// A file holding the key (surrounding whitespace, such as a final newline, is dropped).
        case file(String)
    }

    /// What to do.
    enum Action: Equatable, Sendable {
        /// Print a UserSig for the user, valid for `expire` seconds.
        case generate(userID: String, expire: Int64)
        /// Print what the token says and, with a key, whether it verifies (for `userID` when given,
        /// else for the user it names).
        case verify(token: String, userID: String?)
    }

    /// The default SDKAppID (the one `imsdk seed` and `imsdk inbox` default to).
    static let defaultSDKAppID: UInt64 = 1_400_000_001

    var action: Action
    var sdkAppID: UInt64 = defaultSDKAppID
    var key: KeySource?

    /// Parses the arguments after `usersig`; nil when they ask for the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> UserSigCommand? {
        var rest = arguments
        var userID: String?, token: String?, expire: Int64?, key: KeySource?
        var sdkAppID = defaultSDKAppID
        func value(of option: String) throws(UsageError) -> String {
            guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError("\(option) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--user":
                userID = try value(of: argument)
            case "--sdkappid":
                let text = try value(of: argument)
                guard let number = UInt64(text) else { throw UsageError("--sdkappid needs a number, not '\(text)'") }
                sdkAppID = number
            case "--key", "--key-file":
                guard key == nil else { throw UsageError("give the key once: --key KEY or --key-file FILE") }
                let text = try value(of: argument)
                key = argument == "--key" ? .text(text) : .file(text)
            case "--expire":
                let text = try value(of: argument)
                guard let seconds = Int64(text), seconds >= 0 else { throw UsageError("--expire needs a number of seconds, not '\(text)'") }
                expire = seconds
            case "--verify":
                token = try value(of: argument)
            case let option where option.hasPrefix("-"):
                throw UsageError("unknown option '\(option)'")
            default:
                throw UsageError("unexpected argument '\(argument)'")
            }
        }
        if let token {
            if expire != nil { throw UsageError("--expire is for making a UserSig, not for --verify") }
            return UserSigCommand(action: .verify(token: token, userID: userID), sdkAppID: sdkAppID, key: key)
        }
        guard let userID else { throw UsageError("usersig needs --user USER (or --verify TOKEN)") }
        guard key != nil else { throw UsageError("usersig needs the app's secret key: --key KEY or --key-file FILE") }
        return UserSigCommand(action: .generate(userID: userID, expire: expire ?? UserSig.defaultLifetime), sdkAppID: sdkAppID, key: key)
    }

    /// Prints the token, or what a token says.
    ///
    /// - Errors: `invalidParameters` (6017) for a key file that cannot be read or an empty key;
    ///   with `--verify`, the token's error (`UserSig.verify`: 70001 expired, 70003 unreadable, ...).
    func run(console: Console, now: UInt64 = UserSig.currentTime) throws(IMError) {
        var secretKey: String?
        if let key { secretKey = try Self.read(key) }
        switch action {
        case .generate(let userID, let expire):
            guard let secretKey else { throw IMError(.invalidParameters, "no secret key") }
            console.out(UserSig.generate(userID: userID, sdkAppID: sdkAppID, secretKey: secretKey, expire: expire, now: now))
        case .verify(let token, let userID):
            let sig = try UserSig.decode(token)
            for line in Self.describe(sig) { console.out(line) }
            guard let secretKey else {
                console.out("signature:  not checked (no key)")
                return
            }
            try UserSig.verify(token, userID: userID ?? sig.userID, sdkAppID: sdkAppID, secretKey: secretKey, now: now)
            console.out("signature:  valid for SDKAppID \(sdkAppID), not expired")
        }
    }

    /// The key a source holds.
    private static func read(_ source: KeySource) throws(IMError) -> String {
        let key: String
        switch source {
        case .text(let text):
            key = text
        case .file(let path):
            do {
                key = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            } catch {
                throw IMError(.invalidParameters, "cannot read the key file \(path): \(error.localizedDescription)")
            }
        }
        guard !key.isEmpty else { throw IMError(.invalidParameters, "the secret key is empty") }
        return key
    }

    /// The token's fields, one per line.
    private static func describe(_ sig: UserSig) -> [String] {
        func date(_ seconds: Int64) -> String {
            // Years 1 to 9999; beyond, the number alone says it.
            guard (-62_135_596_800...253_402_300_799).contains(seconds) else { return "out of the calendar" }
            return ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        return [
            "identifier: \(sig.userID)",
            "sdkappid:   \(sig.sdkAppID)",
            "issued:     \(sig.issuedAt) (\(date(sig.issuedAt)))",
            "expires:    \(sig.expiresAt) (\(date(sig.expiresAt))), \(sig.lifetime) seconds after",
            "userbuf:    \(sig.userBuf.map { "\($0.count) bytes, \(Data($0).base64EncodedString())" } ?? "none")",
        ]
    }
}
