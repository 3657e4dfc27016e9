/// The seam between the SDK and a server: plug in your own backend by implementing these protocols.
///
/// The embedded default is `IMReferenceServer.shared`. A transport delivers completions and pushes
/// asynchronously, on any thread, in the order the server produced them for one connection.

/// A way to reach a server.
public protocol IMTransport: AnyObject, Sendable {
    /// Opens a connection for `userID`; pushes for that connection go to `sink` until it closes.
    ///
    /// - Parameters:
    ///   - userID: the user logging in.
    ///   - userSig: the credential; the transport decides whether it is valid.
    ///   - sink: receives the connection's pushes, in order.
    ///   - completion: called once, asynchronously, with the open connection or an error.
    func connect(
        userID: String, userSig: String, sink: any IMPushSink,
        completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
    )
}

/// One logged-in connection (one device of one user).
public protocol IMConnection: AnyObject, Sendable {
    /// The user this connection belongs to.
    var userID: String { get }
    /// Sends a request; `completion` is called once, asynchronously.
    func send(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void)
    /// Closes the connection; no push arrives after this returns.
    func close()
}

/// Receives a connection's pushes, one at a time, in order.
public protocol IMPushSink: AnyObject, Sendable {
    /// One push. `version` numbers the user's cloud changes: every push to any connection of the
    /// user carries the next one (the same change has the same version on every device), so a
    /// receiver that saw version v and gets v + 2 knows it missed one (0: not numbered).
    func receive(_ push: IMPush, version: UInt64)
    /// The connection is gone (the network failed, the server closed it); nothing more arrives on
    /// it and its pending requests fail. Not called after `IMConnection.close()`.
    func connectionLost(_ error: IMError)
}

extension IMPushSink {
    /// Ignores the loss (for sinks that do not reconnect).
    public func connectionLost(_ error: IMError) {}
}
