import Foundation

/// One frame of the wire protocol (PROTOCOL.md): what a client and a server say to each other over
/// a socket.
///
/// Encoded as one JSON object with a `"type"` member naming the case; the values it carries
/// (`IMRequest`, `IMResponse`, `IMPush`, `IMError`, ...) use their `Codable` forms. PROTOCOL.md
/// gives the shape of every case with examples, which a test decodes.
/// - Thread safety: a value type, `Sendable`.
public enum IMWireMessage: Hashable, Sendable {
    /// Server → client, the first frame of every connection: the protocol versions it speaks, its
    /// largest frame, and a fresh nonce an administrator's proof signs.
    case serverHello(IMWireServerHello)
    /// Client → server, the answer to the hello: log in as a device of `login.userID`, speaking
    /// protocol `version`.
    case login(IMLoginInfo, version: Int)
    /// Server → client: the login succeeded; the connection talks to the state `epoch`
    /// (`IMConnection.serverEpoch`).
    case welcome(epoch: String)
    /// Server → client: the login (or the administrator's proof) was refused; the server closes the
    /// connection after it.
    case refused(IMError)
    /// Client → server: a request, answered by the `.response` with the same `id`. Ids are the
    /// client's choice; a client keeps them unique among its unanswered requests.
    case request(id: UInt64, IMRequest)
    /// Server → client: the answer to request `id`, in the order the server handled the requests.
    case response(id: UInt64, Result<IMResponse, IMError>)
    /// Server → client: a push, numbered by the user's version (`IMPushSink.receive(_:version:)`).
    case push(IMPush, version: UInt64)
    /// Server → client: the server ended the connection (`kickedOff` 6208, `userSigExpired` 6206,
    /// or another reason); nothing follows and the server closes it.
    case lost(IMError)
    /// Either side: are you there? Answered by `.pong`.
    case ping
    /// The answer to `.ping`.
    case pong
    /// Client → server, the answer to the hello on an administrator's connection: `proof` is the
    /// lowercase hex HMAC-SHA256 of the hello's nonce under the server's secret key.
    case adminLogin(proof: String, version: Int)
    /// Client → server on an administrator's connection: an administrative call, answered by the
    /// `.adminResponse` with the same `id`.
    case adminRequest(id: UInt64, IMAdminRequest)
    /// Server → client: the answer to administrative call `id`.
    case adminResponse(id: UInt64, Result<IMAdminResponse, IMError>)
}

/// What a server says about itself when a connection opens (`IMWireMessage.serverHello`).
public struct IMWireServerHello: Hashable, Codable, Sendable {
    /// The protocol versions the server speaks; a client picks one it speaks too.
    public var versions: [Int]
    /// The largest frame (its JSON bytes, without the length prefix) the server accepts and sends.
    public var maxFrameBytes: Int
    /// Random, new for every connection (hex); what an administrator's proof signs.
    public var nonce: String
    /// The server program and its version, for logs.
    public var server: String

    public init(versions: [Int], maxFrameBytes: Int, nonce: String, server: String) {
        self.versions = versions
        self.maxFrameBytes = maxFrameBytes
        self.nonce = nonce
        self.server = server
    }

    /// The highest version both the server and this code speak, for the login.
    ///
    /// - Throws: `networkFailure` (9520) when they have none in common.
    public func commonVersion() throws(IMError) -> Int {
        guard let version = versions.filter(IMWireFraming.versions.contains).max() else {
            throw IMError(.networkFailure, "the server speaks protocol versions \(versions), this client \(IMWireFraming.versions)")
        }
        return version
    }
}

extension IMWireMessage: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, hello, login, version, epoch, error, id, request, ok, push, proof, admin
    }

    private enum Kind: String, Codable {
        case hello, login, welcome, refused, request, response, push, lost, ping, pong
        case adminLogin = "admin-login", adminRequest = "admin-request", adminResponse = "admin-response"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .hello:
            self = .serverHello(try container.decode(IMWireServerHello.self, forKey: .hello))
        case .login:
            self = .login(try container.decode(IMLoginInfo.self, forKey: .login), version: try container.decode(Int.self, forKey: .version))
        case .welcome:
            self = .welcome(epoch: try container.decode(String.self, forKey: .epoch))
        case .refused:
            self = .refused(try container.decode(IMError.self, forKey: .error))
        case .request:
            self = .request(id: try container.decode(UInt64.self, forKey: .id), try container.decode(IMRequest.self, forKey: .request))
        case .response:
            let id = try container.decode(UInt64.self, forKey: .id)
            if let error = try container.decodeIfPresent(IMError.self, forKey: .error) {
                self = .response(id: id, .failure(error))
            } else {
                self = .response(id: id, .success(try container.decode(IMResponse.self, forKey: .ok)))
            }
        case .push:
            self = .push(try container.decode(IMPush.self, forKey: .push), version: try container.decode(UInt64.self, forKey: .version))
        case .lost:
            self = .lost(try container.decode(IMError.self, forKey: .error))
        case .ping:
            self = .ping
        case .pong:
            self = .pong
        case .adminLogin:
            self = .adminLogin(proof: try container.decode(String.self, forKey: .proof), version: try container.decode(Int.self, forKey: .version))
        case .adminRequest:
            self = .adminRequest(id: try container.decode(UInt64.self, forKey: .id), try container.decode(IMAdminRequest.self, forKey: .admin))
        case .adminResponse:
            let id = try container.decode(UInt64.self, forKey: .id)
            if let error = try container.decodeIfPresent(IMError.self, forKey: .error) {
                self = .adminResponse(id: id, .failure(error))
            } else {
                self = .adminResponse(id: id, .success(try container.decode(IMAdminResponse.self, forKey: .ok)))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .serverHello(let hello):
            try container.encode(Kind.hello, forKey: .type)
            try container.encode(hello, forKey: .hello)
        case .login(let login, let version):
            try container.encode(Kind.login, forKey: .type)
            try container.encode(login, forKey: .login)
            try container.encode(version, forKey: .version)
        case .welcome(let epoch):
            try container.encode(Kind.welcome, forKey: .type)
            try container.encode(epoch, forKey: .epoch)
        case .refused(let error):
            try container.encode(Kind.refused, forKey: .type)
            try container.encode(error, forKey: .error)
        case .request(let id, let request):
            try container.encode(Kind.request, forKey: .type)
            try container.encode(id, forKey: .id)
            try container.encode(request, forKey: .request)
        case .response(let id, let result):
            try container.encode(Kind.response, forKey: .type)
            try container.encode(id, forKey: .id)
            switch result {
            case .success(let response): try container.encode(response, forKey: .ok)
            case .failure(let error): try container.encode(error, forKey: .error)
            }
        case .push(let push, let version):
            try container.encode(Kind.push, forKey: .type)
            try container.encode(push, forKey: .push)
            try container.encode(version, forKey: .version)
        case .lost(let error):
            try container.encode(Kind.lost, forKey: .type)
            try container.encode(error, forKey: .error)
        case .ping:
            try container.encode(Kind.ping, forKey: .type)
        case .pong:
            try container.encode(Kind.pong, forKey: .type)
        case .adminLogin(let proof, let version):
            try container.encode(Kind.adminLogin, forKey: .type)
            try container.encode(proof, forKey: .proof)
            try container.encode(version, forKey: .version)
        case .adminRequest(let id, let request):
            try container.encode(Kind.adminRequest, forKey: .type)
            try container.encode(id, forKey: .id)
            try container.encode(request, forKey: .admin)
        case .adminResponse(let id, let result):
            try container.encode(Kind.adminResponse, forKey: .type)
            try container.encode(id, forKey: .id)
            switch result {
            case .success(let response): try container.encode(response, forKey: .ok)
            case .failure(let error): try container.encode(error, forKey: .error)
            }
        }
    }
}
