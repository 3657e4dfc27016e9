import Foundation
import IMTransportKit

/// An `IMReferenceServer` on a TCP port, speaking the wire protocol (PROTOCOL.md): what
/// `imsdk serve` runs, and what `IMSocketTransport` connects to.
///
/// It listens on the loopback address unless told otherwise; another interface needs a secret key
/// (`Configuration.secretKey`), which administrators prove they hold. One thread serves every
/// connection (`poll`); requests are decoded and answered on each connection's own serial queue.
/// Every connection is bounded: its frames (`maxFrameBytes`), what waits to be written to it
/// (`maxBufferedBytes`: a client that does not read is disconnected, and syncs what it missed when
/// it comes back), what was read from it and waits to be handled (two frames' worth: it reads no
/// further until then, so a client sending faster than the server handles waits in its socket),
/// the time to log in (`handshakeTimeout`) and the time without a frame (`idleTimeout`). Each
/// connection event is logged as one line.
/// - Thread safety: thread-safe. `@unchecked` for the expiry timer only: a dispatch source is
///   thread-safe, set up in `init` and cancelled in `stop()`; everything else is immutable or locked.
public final class IMNetworkServer: @unchecked Sendable {
    /// Where it listens and its bounds.
    public struct Configuration: Sendable {
        /// The address to listen on: the loopback address unless set.
        public var host = "127.0.0.1"
        /// The port (0: any free one; see `IMNetworkServer.port`).
        public var port: UInt16 = 0
        /// The app's secret key: required to listen on anything but the loopback address; what
        /// administrators prove they hold.
        public var secretKey: String?
        /// The largest frame a client may send (JSON bytes); a larger one closes its connection.
        public var maxFrameBytes = IMWireFraming.defaultMaxFrameBytes
        /// The largest frame the server sends: an answer that would pass it fails with
        /// `networkFailure` (9520) instead.
        public var maxSendFrameBytes = IMWireFraming.maxServerFrameBytes
        /// The most bytes waiting to be written to one connection before it is closed as not reading.
        public var maxBufferedBytes = 8 << 20
        /// Seconds a connection may take from opening to its login.
        public var handshakeTimeout = 10.0
        /// Seconds without a frame before a connection is closed (clients ping well within it).
        public var idleTimeout = 120.0
        /// The most connections open at once; more are closed as they come.
        public var maxConnections = 20_000

        public init(host: String = "127.0.0.1", port: UInt16 = 0, secretKey: String? = nil) {
            self.host = host
            self.port = port
            self.secretKey = secretKey
        }
    }

    /// The server it serves.
    public let server: IMReferenceServer
    /// The port it listens on.
    public let port: UInt16
    let configuration: Configuration
    let log: @Sendable (String) -> Void
    private let loop: SocketEventLoop
    private let listener: SocketListener
    /// The connections open now.
    let sessions = Locked<[ObjectIdentifier: NetworkSession]>([:])
    /// Ends signed logins whose UserSig expired (`IMReferenceServer.endExpiredLogins()`) every 5
    /// seconds, so an idle device hears `onUserSigExpired` without waiting for its next request.
    /// Made once listening works: libdispatch traps on releasing a source never resumed.
    private let expirySweep: any DispatchSourceTimer

    /// Starts serving `server` as `configuration` says.
    ///
    /// - Parameter log: gets one line per connection event (opened, logged in, refused, closed with
    ///   its reason); nil logs nothing.
    /// - Throws: `invalidParameters` (6017) for a host other than the loopback address without a
    ///   secret key; `networkFailure` (9520) when it cannot listen (the port is taken, ...).
    public init(
        serving server: IMReferenceServer, configuration: Configuration = Configuration(),
        log: (@Sendable (String) -> Void)? = nil
    ) throws(IMError) {
        guard configuration.secretKey?.isEmpty == false || Socket.isLoopback(configuration.host) else {
            throw IMError(.invalidParameters, "listening on \(configuration.host) needs a secret key (only the loopback address may go without one)")
        }
        self.server = server
        self.configuration = configuration
        self.log = log ?? { _ in }
        let loop = try SocketEventLoop(name: "IMNetworkServer")
        self.loop = loop
        let accepted = Locked<IMNetworkServer?>(nil)
        do throws(IMError) {
            let log = self.log
            listener = try SocketListener(
                host: configuration.host, port: configuration.port, loop: loop,
                onAccept: { fd, peer in accepted.withLock { $0 }?.accept(fd, peer: peer) },
                onRefuse: { error in log("a connection refused: it cannot be accepted (\(error.message))") })
        } catch {
            loop.stop()
            throw error
        }
        port = listener.port
        expirySweep = DispatchSource.makeTimerSource(queue: .global())
        expirySweep.schedule(deadline: .now() + 5, repeating: 5)
        expirySweep.setEventHandler { [weak server] in _ = server?.endExpiredLogins() }
        expirySweep.resume()
        accepted.withLock { $0 = self }
    }

    deinit {
        expirySweep.cancel()
    }

    /// How many connections are open now (logged in or not).
    public var connectionCount: Int { sessions.withLock { $0.count } }

    /// Stops listening and closes every connection; the server itself keeps its state.
    public func stop() {
        expirySweep.cancel()
        listener.close()
        loop.stop()
    }

    /// A new connection (on the loop's thread).
    private func accept(_ fd: Int32, peer: String) {
        var limits = SocketChannel.Limits()
        limits.maxFrameBytes = configuration.maxFrameBytes
        limits.maxSendFrameBytes = configuration.maxSendFrameBytes
        limits.maxBufferedBytes = configuration.maxBufferedBytes
        limits.idleTimeout = configuration.idleTimeout
        limits.maxUnhandledBytes = 2 * configuration.maxFrameBytes
        let channel = SocketChannel(fd: fd, peer: peer, limits: limits, loop: loop)
        let session = NetworkSession(channel: channel, server: self)
        let admitted = sessions.withLock { sessions -> Bool in
            guard sessions.count < configuration.maxConnections else { return false }
            sessions[ObjectIdentifier(session)] = session
            return true
        }
        guard admitted else {
            log("\(peer) refused: \(configuration.maxConnections) connections are open")
            Socket.closeSocket(fd)
            return
        }
        log("\(peer) connected")
        session.start()
    }

    /// Forgets a closed session.
    func ended(_ session: NetworkSession) {
        _ = sessions.withLock { $0.removeValue(forKey: ObjectIdentifier(session)) }
    }
}
