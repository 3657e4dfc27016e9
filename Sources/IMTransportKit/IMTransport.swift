/// The seam between the SDK and a server: plug in your own backend by implementing these protocols.
///
/// The embedded default is an `IMReferenceServer` (persisted next to the local stores, or in memory);
/// `IMSocketTransport` reaches any server that speaks PROTOCOL.md over TCP (`imsdk serve`, or your
/// own). A transport delivers completions and pushes
/// asynchronously, on any thread, in the order the server produced them for one connection.

/// A way to reach a server.
public protocol IMTransport: AnyObject, Sendable {
    /// Opens a connection for `login.userID`; pushes for that connection go to `sink` until it
    /// closes or is lost.
    ///
    /// - Parameters:
    ///   - login: the user, the credential (the transport decides whether it is valid: 6206
    ///     `userSigExpired`, or a code of the account service's family such as 70001 for an expired
    ///     UserSig, when it is not: `IMError.Code.refusesUserSig`) and the platform (the server's
    ///     login policy may end another connection of the user for it).
    ///   - sink: receives the connection's pushes, in order.
    ///   - completion: called once, asynchronously, with the open connection or an error.
    func connect(
        _ login: IMLoginInfo, sink: any IMPushSink,
        completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
    )
}

/// One logged-in connection (one device of one user).
public protocol IMConnection: AnyObject, Sendable {
    /// The user this connection belongs to.
    var userID: String { get }
    /// Which state of the server this connection talks to, fixed when it opened.
    ///
    /// A server keeps one epoch while its state carries on from the state it had (a restart that
    /// keeps its data keeps it) and takes a new one whenever its state is not what devices saw
    /// before: a reset, a wiped or restored data directory, an in-memory server started anew. Versions
    /// (`IMPushSink.receive(_:version:)`, `IMChanges.version`) are only comparable within one epoch:
    /// a client whose store came from another epoch rebuilds what came from the server by a sync
    /// from 0. Any string; compared for equality only.
    var serverEpoch: String { get }
    /// The version of the wire protocol (PROTOCOL.md, "Versioning") the server speaks on this
    /// connection, which tells what requests it knows: a client sends a request only to a server
    /// whose version has it (`IMRequest.deliveredHistory` needs 2). 1 unless the transport says
    /// otherwise (the default implementation), so a transport written for version 1 keeps working.
    var protocolVersion: Int { get }
    /// Sends a request; `completion` is called once, asynchronously.
    func send(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void)
    /// Closes the connection; no push arrives after this returns.
    func close()
}

extension IMConnection {
    /// Version 1, for a transport that does not say (see the requirement).
    public var protocolVersion: Int { 1 }
}

/// Receives a connection's pushes, one at a time, in order.
public protocol IMPushSink: AnyObject, Sendable {
    /// One push. `version` numbers the user's cloud changes: every push to any connection of the
    /// user carries the next one (the same change has the same version on every device), so a
    /// receiver that saw version v and gets v + 2 knows it missed one (0: not numbered).
    func receive(_ push: IMPush, version: UInt64)
    /// The connection is gone; nothing more arrives on it and its pending requests fail. Not called
    /// after `IMConnection.close()`.
    ///
    /// `error` says why: `kickedOff` (6208) when another login of the user took over or an
    /// administrator ended it, `userSigExpired` (6206) when the credential expired (both end the
    /// login: the SDK does not reconnect); anything else (the network failed, the server
    /// restarted) is worth reconnecting after.
    func connectionLost(_ error: IMError)
}

extension IMPushSink {
    /// Ignores the loss (for sinks that do not reconnect).
    public func connectionLost(_ error: IMError) {}
}
