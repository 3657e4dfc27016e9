import Foundation

/// One administrator's connection to a server that speaks the wire protocol: the handshake (the
/// hello, `adminLogin` with the proof, the welcome), then correlated `adminRequest`s.
///
/// Calls made before the welcome wait for it; a connection that fails or is refused fails every
/// call waiting on it, and stays closed (`IMAdminClient` opens another for the next call).
/// - Thread safety: thread-safe. Mutable state is behind `state`; frames are decoded and completions
///   called on `queue`, one at a time.
final class AdminConnection: @unchecked Sendable {
    typealias Completion = @Sendable (Result<IMAdminResponse, IMError>) -> Void

    private let host: String
    private let port: UInt16
    private let secretKey: String?
    private let timeout: Double
    private let keepAlive: Double
    private let queue = DispatchQueue(label: "IMAdminClient.connection")
    private let state = Locked<State>(State())

    private struct State {
        var channel: SocketChannel?
        var welcomed = false
        /// What its calls failed with when it closed; nil while it is open or opening.
        var closed: IMError?
        var nextID: UInt64 = 1
        var waiting: [UInt64: Completion] = [:]
        /// Calls made before the welcome, in order.
        var queued: [(id: UInt64, request: IMAdminRequest)] = []
    }

    init(host: String, port: UInt16, secretKey: String?, timeout: Double, keepAlive: Double) {
        self.host = host
        self.port = port
        self.secretKey = secretKey
        self.timeout = timeout
        self.keepAlive = keepAlive
    }

    /// Whether it closed (failed, refused, lost or closed by the client).
    var isClosed: Bool { state.withLock { $0.closed != nil } }

    /// Why it closed before the welcome (it could not connect, or the server refused the
    /// administrator); nil while open or opening, and when it closed after the welcome.
    var failureBeforeWelcome: IMError? {
        state.withLock { $0.welcomed ? nil : $0.closed }
    }

    /// Connects and starts the handshake, in the background.
    func open() {
        DispatchQueue.global().async { [self] in
            let fd: Int32
            do throws(IMError) {
                fd = try Socket.connect(host: host, port: port, timeout: timeout)
            } catch {
                queue.async { self.end(error) }
                return
            }
            var limits = SocketChannel.Limits()
            limits.keepAlive = keepAlive
            limits.idleTimeout = max(keepAlive * 3, timeout)
            limits.maxBufferedBytes = 64 << 20
            let channel = SocketChannel(fd: fd, peer: "\(host):\(port)", limits: limits, loop: .shared)
            let abandoned = state.withLock { state -> Bool in
                guard state.closed == nil else { return true }
                state.channel = channel
                return false
            }
            if abandoned {
                Socket.closeSocket(fd)
                return
            }
            channel.start(
                onFrame: { [self] frame in
                    let bytes = Array(frame)
                    queue.async { self.received(bytes) }
                },
                onClose: { [self] error in
                    queue.async { self.end(error) }
                })
        }
        queue.asyncAfter(deadline: .now() + timeout) { [self] in
            if state.withLock({ !$0.welcomed && $0.closed == nil }) {
                end(IMError(.networkFailure, "the server at \(host):\(port) did not welcome the administrator within \(timeout) s"))
            }
        }
    }

    /// Sends `request`; `completion` gets the server's answer, or the connection's failure, on the
    /// connection's queue.
    ///
    /// - Returns: false when the connection is closed already: nothing was sent, and `completion`
    ///   is not called.
    func send(_ request: IMAdminRequest, completion: @escaping Completion) -> Bool {
        let sent = state.withLock { state -> (channel: SocketChannel?, id: UInt64)? in
            guard state.closed == nil else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.waiting[id] = completion
            guard state.welcomed else {
                state.queued.append((id, request))
                return (nil, id)
            }
            return (state.channel, id)
        }
        guard let (channel, id) = sent else { return false }
        channel?.send(.adminRequest(id: id, request))
        queue.asyncAfter(deadline: .now() + timeout) { [self] in
            if state.withLock({ $0.waiting[id] != nil }) {
                end(IMError(.networkFailure, "the server at \(host):\(port) did not answer within \(timeout) s"))
            }
        }
        return true
    }

    /// Closes the connection; what waits fails with `networkFailure`.
    func close() {
        queue.async { self.end(IMError(.networkFailure, "closed by the client")) }
    }

    // MARK: - On the connection's queue

    private func received(_ bytes: [UInt8]) {
        let message: IMWireMessage
        do throws(IMError) {
            message = try IMWireFraming.message(fromJSON: bytes)
        } catch {
            end(IMError(.networkFailure, "the server sent \(error.message)"))
            return
        }
        switch message {
        case .serverHello(let hello):
            let version: Int
            do throws(IMError) {
                version = try hello.commonVersion()
            } catch {
                end(error)
                return
            }
            let proof = secretKey.map { AdministratorProof.make(nonce: hello.nonce, secretKey: $0) } ?? ""
            state.withLock { $0.channel }?.send(.adminLogin(proof: proof, version: version))
        case .welcome:
            let (channel, queued) = state.withLock { state in
                defer { state.queued = [] }
                state.welcomed = true
                return (state.channel, state.queued)
            }
            for call in queued {
                channel?.send(.adminRequest(id: call.id, call.request))
            }
        case .refused(let error):
            end(error, refused: true)
        case .adminResponse(let id, let result):
            state.withLock { $0.waiting.removeValue(forKey: id) }?(result)
        case .lost(let error):
            end(error)
        case .ping:
            state.withLock { $0.channel }?.send(.pong)
        case .pong, .login, .request, .response, .push, .adminLogin, .adminRequest:
            break
        }
    }

    /// Closes for `error` (once): every waiting call fails, with the server's own error when it
    /// refused the administrator, else with `networkFailure`.
    private func end(_ error: IMError, refused: Bool = false) {
        let failure = refused ? error : Self.callFailure(error)
        let ended = state.withLock { state -> (SocketChannel?, [Completion])? in
            guard state.closed == nil else { return nil }
            state.closed = failure
            defer { state.waiting = [:]; state.queued = [] }
            return (state.channel, Array(state.waiting.values))
        }
        guard let (channel, waiting) = ended else { return }
        channel?.close(error)
        for completion in waiting {
            completion(.failure(failure))
        }
    }

    /// What a call fails with when the connection ended for `error`: `networkFailure` (9520)
    /// saying why, unless it is the server's refusal.
    private static func callFailure(_ error: IMError) -> IMError {
        error.code == .networkFailure ? error : IMError(.networkFailure, "the connection ended: \(error)")
    }
}
