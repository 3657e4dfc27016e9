import Foundation
import IMTransportKit

/// One socket connection to an `IMNetworkServer`: the handshake, then either a device's
/// connection to the reference server (requests, responses, pushes) or an administrator's.
///
/// - Thread safety: thread-safe. Frames are decoded and handled on `queue`, one at a time; the
///   server's completions and pushes come on the server connection's own queue and only encode and
///   queue a frame; `phase` is behind a lock.
final class NetworkSession: IMPushSink, @unchecked Sendable {
    let channel: SocketChannel
    private unowned let network: IMNetworkServer
    private let queue: DispatchQueue
    private let nonce: String
    private let phase = Locked<Phase>(.greeting)
    /// The protocol version the connection logged in with (0 before its login).
    private let loginVersion = Locked(0)

    private enum Phase {
        /// The hello went out; the login has not come.
        case greeting
        /// The login is with the server.
        case connecting(userID: String)
        /// Logged in as a device.
        case online(any IMConnection)
        /// Proved it holds the secret key.
        case administrator
        /// Closed (or refused and closing).
        case closed
    }

    init(channel: SocketChannel, server: IMNetworkServer) {
        self.channel = channel
        self.network = server
        self.queue = DispatchQueue(label: "IMNetworkServer.session", target: .global())
        self.nonce = (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max)) }.joined()
    }

    /// Starts reading and sends the hello.
    func start() {
        channel.start(
            onFrame: { [self] frame in
                let bytes = Array(frame)
                queue.async {
                    self.received(bytes)
                    self.channel.handled(bytes.count)
                }
            },
            onClose: { [self] error in closed(error) })
        let hello = IMWireServerHello(
            versions: IMWireFraming.versions, maxFrameBytes: network.configuration.maxFrameBytes, nonce: nonce,
            server: "imsdk-reference-server")
        channel.send(.serverHello(hello))
        let timeout = network.configuration.handshakeTimeout
        queue.asyncAfter(deadline: .now() + timeout) { [self] in
            if case .greeting = phase.withLock({ $0 }) {
                channel.close(IMError(.networkFailure, "no login within \(timeout) s"))
            }
        }
    }

    // MARK: - Frames (on `queue`)

    private func received(_ bytes: [UInt8]) {
        let message: IMWireMessage
        do throws(IMError) {
            message = try IMWireFraming.message(fromJSON: bytes)
        } catch {
            channel.close(error)
            return
        }
        switch message {
        case .login(let login, let version):
            logIn(login, version: version)
        case .request(let id, let request):
            guard case .online(let connection) = phase.withLock({ $0 }) else {
                channel.send(.response(id: id, .failure(IMError(.notLoggedIn, "log in before sending requests"))))
                return
            }
            connection.send(request) { [self] result in respond(id, result) }
        case .ping:
            channel.send(.pong)
        case .pong:
            break
        case .adminLogin(let proof, let version):
            authenticateAdministrator(proof: proof, version: version)
        case .adminRequest(let id, let request):
            guard case .administrator = phase.withLock({ $0 }) else {
                channel.send(.adminResponse(id: id, .failure(IMError(.notLoggedIn, "prove the secret key before administrative calls"))))
                return
            }
            let result = network.server.answer(request)
            do throws(IMError) {
                channel.send(frame: try channel.frame(.adminResponse(id: id, result)))
            } catch {
                channel.send(.adminResponse(id: id, .failure(IMError(.networkFailure, "the answer is too large to send: \(error.message)"))))
            }
        case .serverHello, .welcome, .refused, .response, .push, .lost, .adminResponse:
            channel.close(IMError(.invalidParameters, "a client may not send \(message.kindName)"))
        }
    }

    /// Sends the answer to request `id`, or, when it would pass the bound of frames the server
    /// sends, a `networkFailure` (9520) in its place (the connection stays).
    private func respond(_ id: UInt64, _ result: Result<IMResponse, IMError>) {
        do throws(IMError) {
            channel.send(frame: try channel.frame(.response(id: id, result)))
        } catch {
            network.log("\(channel.peer) answer to request \(id) not sent: \(error.message)")
            channel.send(.response(id: id, .failure(IMError(.networkFailure, "the answer is too large to send: \(error.message)"))))
        }
    }

    /// Moves from the greeting to `next` for a login speaking `version`; refuses (and returns
    /// false) a second login on the connection or a version the server does not speak.
    private func beginLogin(_ next: Phase, version: Int) -> Bool {
        let expected = phase.withLock { phase -> Bool in
            guard case .greeting = phase else { return false }
            phase = next
            return true
        }
        guard expected else {
            refuse(IMError(.invalidParameters, "one login per connection"))
            return false
        }
        guard IMWireFraming.versions.contains(version) else {
            refuse(IMError(.interfaceNotSupported, "protocol version \(version) is not one of \(IMWireFraming.versions)"))
            return false
        }
        loginVersion.withLock { $0 = version }
        return true
    }

    private func logIn(_ login: IMLoginInfo, version: Int) {
        guard beginLogin(.connecting(userID: login.userID), version: version) else { return }
        network.server.connect(login, sink: self) { [self] result in
            switch result {
            case .success(let connection):
                let open = phase.withLock { phase -> Bool in
                    guard case .connecting = phase else { return false }
                    phase = .online(connection)
                    return true
                }
                guard open else {
                    DispatchQueue.global().async { connection.close() }
                    return
                }
                network.log("\(channel.peer) logged in as \(login.userID) (\(login.platform))")
                channel.send(.welcome(epoch: connection.serverEpoch))
            case .failure(let error):
                refuse(error, userID: login.userID)
            }
        }
    }

    private func authenticateAdministrator(proof: String, version: Int) {
        guard beginLogin(.closed, version: version) else { return }
        guard AdministratorProof.isValid(proof, nonce: nonce, secretKey: network.configuration.secretKey) else {
            refuse(IMError(.userSigWrongKey, "the administrator's proof does not match the server's secret key"))
            return
        }
        phase.withLock { $0 = .administrator }
        network.log("\(channel.peer) logged in as administrator")
        channel.send(.welcome(epoch: network.server.epoch))
    }

    private func refuse(_ error: IMError, userID: String? = nil) {
        phase.withLock { $0 = .closed }
        network.log("\(channel.peer) refused\(userID.map { " as \($0)" } ?? ""): \(error)")
        channel.send(.refused(error))
        channel.close(error, flush: true)
    }

    // MARK: - IMPushSink (on the server connection's queue)

    func receive(_ push: IMPush, version: UInt64) {
        // A push the connection's protocol version lacks would fail its peer's decoding.
        guard push.protocolVersion <= loginVersion.withLock({ $0 }) else { return }
        channel.send(.push(push, version: version))
    }

    func connectionLost(_ error: IMError) {
        phase.withLock { $0 = .closed }
        channel.send(.lost(error))
        channel.close(error, flush: true)
    }

    // MARK: - The socket closed (on the loop's thread)

    private func closed(_ error: IMError) {
        let before = phase.withLock { phase in
            defer { phase = .closed }
            return phase
        }
        switch before {
        case .online(let connection):
            network.log("\(channel.peer) closed (\(connection.userID)): \(error.message)")
            DispatchQueue.global().async { connection.close() }
        case .connecting(let userID):
            network.log("\(channel.peer) closed while logging in as \(userID): \(error.message)")
        case .administrator:
            network.log("\(channel.peer) closed (administrator): \(error.message)")
        case .greeting:
            network.log("\(channel.peer) closed before logging in: \(error.message)")
        case .closed:
            network.log("\(channel.peer) closed: \(error.message)")
        }
        network.ended(self)
    }
}

extension IMWireMessage {
    /// The frame's `"type"`, for logs.
    var kindName: String {
        switch self {
        case .serverHello: "hello"
        case .login: "login"
        case .welcome: "welcome"
        case .refused: "refused"
        case .request: "request"
        case .response: "response"
        case .push: "push"
        case .lost: "lost"
        case .ping: "ping"
        case .pong: "pong"
        case .adminLogin: "admin-login"
        case .adminRequest: "admin-request"
        case .adminResponse: "admin-response"
        }
    }
}
