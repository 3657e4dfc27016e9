import Foundation
import IMTransportKit

/// One open connection of one user (one device) to an `IMReferenceServer`.
///
/// - Thread safety: thread-safe (immutable references; the gate and the server guard their own state).
///   Pushes and completions run on the connection's own serial queue, in the order the server
///   produced them for it. After `close()` returns, the sink gets
///   nothing more; a request whose answer was not delivered yet completes with `networkFailure`. A
///   connection the server ends (a kick, an expired signature) gets what was queued before, then
///   `connectionLost`, then nothing.
final class ServerConnection: IMConnection {
    let userID: String
    /// The credential it logged in with.
    let userSig: String
    /// The kind of device it logged in from.
    let platform: IMPlatform
    /// The epoch of the server's state when it opened.
    let serverEpoch: String
    /// In the server's own process: the newest version, every request this code knows.
    var protocolVersion: Int { IMWireFraming.newestVersion }
    /// The last second its verified UserSig is valid in (nil: the server verified none); the
    /// server ends it after that.
    let signedUntil: Int64?
    /// Weak: the server holds its open connections, not the other way round.
    private weak let server: IMReferenceServer?
    private let sink: any IMPushSink
    /// Runs this connection's completions and pushes, one at a time (no other connection's).
    let queue: DispatchQueue
    /// Open until `close()` or a server reset.
    let gate = DeliveryGate()

    init(login: IMLoginInfo, sink: any IMPushSink, server: IMReferenceServer, epoch: String, signedUntil: Int64? = nil) {
        self.serverEpoch = epoch
        self.signedUntil = signedUntil
        self.userID = login.userID
        self.userSig = login.userSig
        self.platform = login.platform
        self.sink = sink
        self.server = server
        self.queue = DispatchQueue(label: "IMReferenceServer.connection.\(login.userID)")
    }

    func send(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void) {
        guard let server, gate.isOpen else {
            queue.async { completion(.failure(.connectionClosed)) }
            return
        }
        server.handle(request, from: self, completion: completion)
    }

    /// Closes the connection; waits for a push or completion already running for it to finish, unless
    /// called from inside that very callback.
    ///
    /// Do not call it while holding a lock that this connection's sink or completions take.
    func close() {
        if let server {
            server.disconnect(self)
        } else {
            gate.markClosed()
        }
        gate.waitUntilIdle()
    }

    /// Hands `push` to the sink if the connection is still open; runs on the connection's queue.
    func deliver(_ push: IMPush, version: UInt64) {
        _ = gate.deliver { sink.receive(push, version: version) }
    }

    /// Tells the sink the server ended the connection, then stops every later delivery; runs on the
    /// connection's queue (the server forgot the connection already).
    func lose(_ error: IMError) {
        _ = gate.deliver { sink.connectionLost(error) }
        gate.markClosed()
    }

    /// Calls `completion` with `result`, or with `networkFailure` when the connection closed first.
    func complete<Success>(
        with result: Result<Success, IMError>, _ completion: (Result<Success, IMError>) -> Void
    ) {
        if !gate.deliver({ completion(result) }) {
            completion(.failure(.connectionClosed))
        }
    }
}

extension IMError {
    /// The error of a request on a connection that closed before it was answered.
    static var connectionClosed: IMError { IMError(.networkFailure, "the connection is closed") }
}
