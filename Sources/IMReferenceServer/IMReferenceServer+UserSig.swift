import IMTransportKit

/// Signed logins: the key UserSigs are verified with, and the end of logins whose UserSig expired.
extension IMReferenceServer {
    /// The SDKAppID and secret key logins must be signed with; nil (the default) accepts any
    /// non-empty `userSig`, as a development server.
    ///
    /// With a key, `connect` verifies each login's UserSig (`UserSig.verify`) and refuses one that
    /// does not verify with the vendor's code; a signed login's connection ends with
    /// `userSigExpired` (6206, the SDK's UserSig-expired event) at its first request after the
    /// UserSig expired, or at `endExpiredLogins()`. A change applies to later logins: connections
    /// open already stay as they are. It is configuration, not state: a persisted server never
    /// journals it (set it again after a restart), and `reset()` keeps it.
    public var userSigKey: UserSigKey? {
        get { signing.withLock { $0 } }
        set { signing.withLock { $0 = newValue } }
    }

    /// Ends every signed login whose UserSig has expired by the server's clock: each connection's
    /// sink gets `connectionLost` with `userSigExpired` (6206), after what was queued for it
    /// before. A networked server calls it on a timer; requests of such a login end it anyway.
    ///
    /// - Returns: how many connections were ended.
    /// - Complexity: O(open connections).
    @discardableResult
    public func endExpiredLogins() -> Int {
        withState { state, outbox in
            var ended = 0
            for connection in state.allConnections {
                guard let expiry = userSigExpiry(of: connection) else { continue }
                state.end([connection], with: expiry, outbox: &outbox)
                ended += 1
            }
            return ended
        }
    }

    /// The UserSig of `login`, verified with `key` at the server's time; nil without a key.
    ///
    /// - Errors: those of `UserSig.verify`.
    func verifiedUserSig(of login: IMLoginInfo, with key: UserSigKey?) throws(IMError) -> UserSig? {
        guard let key else { return nil }
        return try key.verify(login.userSig, userID: login.userID, now: clock())
    }

    /// The error that ends `connection` because its UserSig expired by now; nil while it is valid,
    /// or when the connection's login was not signed (reads the clock only then).
    func userSigExpiry(of connection: ServerConnection) -> IMError? {
        guard let signedUntil = connection.signedUntil else { return nil }
        let now = clock()
        guard Int64(clamping: now) > signedUntil else { return nil }
        return IMError(.userSigExpired, "the UserSig of \(connection.userID) expired at \(signedUntil) (now \(now))")
    }
}
