import Foundation

/// A transport to a server that speaks the wire protocol (PROTOCOL.md) over TCP: `imsdk serve`,
/// or a backend of your own.
///
/// Set it as the SDK's transport (`V2TIMSDKConfig.transport`, the legacy `TIMSdkConfig.transport`).
/// Each login opens one connection; when it breaks (the network, a server restart), its sink gets
/// `connectionLost` and the SDK reconnects with backoff and syncs incrementally, as over any
/// transport. A connection sends a ping after `keepAlive` quiet seconds and counts as lost after
/// three times that without a frame (a half-open connection).
/// - Thread safety: thread-safe. Every connection's pushes and completions run on its own serial
///   queue, in the order the server sent them; all connections share one socket thread.
public final class IMSocketTransport: IMTransport, Sendable {
    /// The server's host name or address.
    public let host: String
    /// The server's port.
    public let port: UInt16
    /// Seconds a connection attempt (TCP and the login) may take.
    public let connectTimeout: Double
    /// Quiet seconds before a ping.
    public let keepAlive: Double

    /// - Parameters:
    ///   - host: the server's host name or address (the loopback address by default).
    ///   - port: the server's port.
    ///   - connectTimeout: seconds a connection attempt may take before it fails with
    ///     `networkFailure` (9520).
    ///   - keepAlive: quiet seconds before a ping; a connection with nothing from the server for
    ///     three times that counts as lost.
    public init(host: String = "127.0.0.1", port: UInt16, connectTimeout: Double = 10, keepAlive: Double = 20) {
        self.host = host
        self.port = port
        self.connectTimeout = connectTimeout
        self.keepAlive = keepAlive
    }

    /// Opens a connection and logs in as `login.userID`.
    ///
    /// Fails with `networkFailure` (9520) when the server cannot be reached, does not answer in
    /// time or speaks no common protocol version, and with the server's error when it refuses the
    /// login (`unknownUser` 20003, `userSigExpired` 6206, ...).
    public func connect(
        _ login: IMLoginInfo, sink: any IMPushSink,
        completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
    ) {
        let connection = SocketConnection(userID: login.userID, sink: sink)
        let limits = clientLimits
        DispatchQueue.global().async { [host, port, connectTimeout] in
            let fd: Int32
            do throws(IMError) {
                fd = try Socket.connect(host: host, port: port, timeout: connectTimeout)
            } catch {
                completion(.failure(error))
                return
            }
            connection.open(fd: fd, peer: "\(host):\(port)", limits: limits, login: login, timeout: connectTimeout, completion: completion)
        }
    }

    private var clientLimits: SocketChannel.Limits {
        var limits = SocketChannel.Limits()
        limits.keepAlive = keepAlive
        limits.idleTimeout = keepAlive * 3
        limits.maxBufferedBytes = 64 << 20
        limits.maxFrameBytes = IMWireFraming.maxServerFrameBytes
        return limits
    }
}

/// One logged-in connection over a socket.
///
/// - Thread safety: thread-safe. Mutable state is behind `state`; frames are decoded and delivered
///   on `queue`, one at a time, through `gate`, so that after `close()` returns nothing more arrives.
final class SocketConnection: IMConnection, @unchecked Sendable {
    let userID: String
    private let sink: any IMPushSink
    private let queue: DispatchQueue
    private let gate = DeliveryGate()
    private let state = Locked<State>(State())

    private struct State {
        var channel: SocketChannel?
        var epoch = ""
        /// The protocol version the login picked (the newest both speak).
        var version = 1
        var nextID: UInt64 = 1
        var waiting: [UInt64: @Sendable (Result<IMResponse, IMError>) -> Void] = [:]
        /// Until the welcome: the login's completion.
        var login: (@Sendable (Result<any IMConnection, IMError>) -> Void)?
        var closed = false
        /// The largest frame the server accepts (its hello says).
        var maxRequestBytes = IMWireFraming.defaultMaxFrameBytes
    }

    init(userID: String, sink: any IMPushSink) {
        self.userID = userID
        self.sink = sink
        self.queue = DispatchQueue(label: "IMSocketTransport.connection.\(userID)")
    }

    var serverEpoch: String { state.withLock { $0.epoch } }
    var protocolVersion: Int { state.withLock { $0.version } }

    /// Starts the handshake on connected socket `fd`; `completion` gets this connection after the
    /// welcome, or the error.
    func open(
        fd: Int32, peer: String, limits: SocketChannel.Limits, login: IMLoginInfo, timeout: Double,
        completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
    ) {
        let channel = SocketChannel(fd: fd, peer: peer, limits: limits, loop: .shared)
        state.withLock {
            $0.channel = channel
            $0.login = completion
        }
        channel.start(
            onFrame: { [self] frame in
                let bytes = Array(frame)
                queue.async { self.received(bytes, login: login) }
            },
            onClose: { [self] error in
                queue.async { self.endConnection(error) }
            })
        queue.asyncAfter(deadline: .now() + timeout) { [self] in
            if state.withLock({ $0.login != nil }) {
                channel.close(IMError(.networkFailure, "the server did not answer the login within \(timeout) s"))
            }
        }
    }

    func send(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void) {
        let sent = state.withLock { state -> Result<(SocketChannel, [UInt8]), IMError> in
            guard !state.closed, let channel = state.channel else {
                return .failure(IMError(.networkFailure, "the connection is closed"))
            }
            let id = state.nextID
            do throws(IMError) {
                let frame = try IMWireFraming.frame(.request(id: id, request), maxFrameBytes: state.maxRequestBytes)
                state.nextID += 1
                state.waiting[id] = completion
                return .success((channel, frame))
            } catch {
                return .failure(IMError(.invalidParameters, "the request is too large for the server: \(error.message)"))
            }
        }
        switch sent {
        case .success(let (channel, frame)):
            // When the channel is closing, its close fails every waiting request.
            channel.send(frame: frame)
        case .failure(let error):
            queue.async { completion(.failure(error)) }
        }
    }

    func close() {
        let (channel, waiting) = state.withLock { state in
            state.closed = true
            defer { state.waiting = [:] }
            return (state.channel, state.waiting)
        }
        gate.markClosed()
        channel?.close(IMError(.networkFailure, "closed by the client"))
        let error = IMError(.networkFailure, "the connection is closed")
        for completion in waiting.values {
            queue.async { completion(.failure(error)) }
        }
        gate.waitUntilIdle()
    }

    // MARK: - On the connection's queue

    private func received(_ bytes: [UInt8], login: IMLoginInfo) {
        let message: IMWireMessage
        do throws(IMError) {
            message = try IMWireFraming.message(fromJSON: bytes)
        } catch {
            state.withLock { $0.channel }?.close(IMError(.networkFailure, "the server sent \(error.message)"))
            return
        }
        switch message {
        case .serverHello(let hello):
            let version: Int
            do throws(IMError) {
                version = try hello.commonVersion()
            } catch {
                state.withLock { $0.channel }?.close(error)
                return
            }
            let channel = state.withLock { state in
                state.maxRequestBytes = hello.maxFrameBytes
                state.version = version
                return state.channel
            }
            channel?.send(.login(login, version: version))
        case .welcome(let epoch):
            let completion = state.withLock { state in
                defer { state.login = nil }
                state.epoch = epoch
                return state.login
            }
            completion?(.success(self))
        case .refused(let error):
            let (completion, channel) = state.withLock { state in
                defer { state.login = nil; state.closed = true }
                return (state.login, state.channel)
            }
            gate.markClosed()
            channel?.close(error)
            completion?(.failure(error))
        case .response(let id, let result):
            guard let completion = state.withLock({ $0.waiting.removeValue(forKey: id) }) else { return }
            if !gate.deliver({ completion(result) }) {
                completion(.failure(IMError(.networkFailure, "the connection is closed")))
            }
        case .push(let push, let version):
            _ = gate.deliver { sink.receive(push, version: version) }
        case .lost(let error):
            endConnection(error)
        case .ping:
            state.withLock { $0.channel }?.send(.pong)
        case .pong, .login, .request, .adminLogin, .adminRequest, .adminResponse:
            break
        }
    }

    /// The server ended the connection, or the socket closed (the server, the network, a bound, or
    /// `close()`): fails what waits and tells the sink, unless the client closed it or the login
    /// never finished (then the login fails).
    private func endConnection(_ error: IMError) {
        let (login, waiting, channel) = state.withLock { state in
            defer { state.login = nil; state.waiting = [:]; state.closed = true }
            return (state.login, state.waiting, state.channel)
        }
        channel?.close(error)
        if let login {
            gate.markClosed()
            login(.failure(error))
            return
        }
        let failure = IMError(.networkFailure, "the connection was lost: \(error.message)")
        for completion in waiting.values {
            completion(.failure(failure))
        }
        _ = gate.deliver { sink.connectionLost(error) }
        gate.markClosed()
    }
}
