extension IMReferenceServer {
    /// Which logins of one user may be online at the same time.
    ///
    /// The vendor's cloud lets a user be online on several platforms at once (a phone, a desktop,
    /// a browser) but only once per platform: a second login on the same platform kicks the first
    /// connection off (its sink gets `connectionLost` with `kickedOff`, 6208). Its multi-instance
    /// option raises the number per platform.
    /// - Thread safety: a value type, `Sendable`.
    public struct LoginPolicy: Hashable, Sendable {
        /// The most connections of one user that stay open on one platform; a login beyond it kicks
        /// the user's oldest connections on that platform. At least 1.
        public var connectionsPerPlatform: Int

        /// - Parameter connectionsPerPlatform: values below 1 count as 1.
        public init(connectionsPerPlatform: Int) {
            self.connectionsPerPlatform = max(1, connectionsPerPlatform)
        }

        /// The vendor's default: one connection per platform, platforms coexist.
        public static let vendorDefault = LoginPolicy(connectionsPerPlatform: 1)

        /// No login kicks another: any number of devices per platform (tests running several
        /// devices of one user in one process).
        public static let unlimited = LoginPolicy(connectionsPerPlatform: .max)
    }
}
