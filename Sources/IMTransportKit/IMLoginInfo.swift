/// What a login presents to a server when it opens a connection: who, with which credential, and
/// from which kind of device.
/// - Thread safety: a value type, `Sendable`.
public struct IMLoginInfo: Hashable, Codable, Sendable {
    /// The user logging in.
    public var userID: String
    /// The credential; the transport decides whether it is valid.
    public var userSig: String
    /// The kind of device logging in; the server's login policy decides which of the user's
    /// connections it may coexist with.
    public var platform: IMPlatform

    /// - Parameter platform: the kind of device; by default the one this code was built for.
    public init(userID: String, userSig: String, platform: IMPlatform = .current) {
        self.userID = userID
        self.userSig = userSig
        self.platform = platform
    }
}
