import Foundation
import IMTransportKit

/// What `imsdk admin` asks a running server (`imsdk serve`) to do.
enum AdminAction: Equatable, Sendable {
    case user(String, nickname: String?, faceURL: String?)
    case remark(String, owner: String, friend: String)
    case group(String, name: String?, groupType: String, members: [String])
    case text(String, from: String, to: MessageReceiver, atUserIDs: [String], atAll: Bool)
    case kick(String, platform: IMPlatform?)
    case expire(String)
    case conversations(String)
    case version(String)
    case epoch
    case revoke(seq: UInt64, from: String, in: ConversationID)
    case read(String, peer: String, upTo: UInt64)
}

/// `imsdk admin`: one call of the administrative API of a server in another process, through
/// `IMAdminClient` (to seed the data a UI test or a CI job needs, or look at it).
struct AdminCommand: Equatable, Sendable {
    var server = ServerAddress()
    var secretKey: String?
    var action: AdminAction

    static let verbs = "user, remark, group, text, kick, expire, conversations, version, epoch, revoke or read"

    /// Parses the arguments after `admin`; nil when they ask for the help.
    static func parse(
        _ arguments: ArraySlice<String>, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UsageError) -> AdminCommand? {
        var rest = arguments
        var server = ServerAddress()
        var secretKey = SecretKeyOption.fromEnvironment(environment)
        var options: [String: String] = [:]
        var atAll = false
        var positional: [String] = []
        func value(_ option: String) throws(UsageError) -> String {
            guard let value = rest.popFirst() else { throw UsageError("\(option) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--server":
                server = try ServerAddress(parsing: value(argument))
            case "--secret-key":
                let key = try value(argument)
                guard !key.isEmpty else { throw UsageError("--secret-key needs a value") }
                secretKey = key
            case "--secret-key-file":
                secretKey = try SecretKeyOption.read(file: value(argument))
            case "--nickname", "--face-url", "--owner", "--friend", "--name", "--type", "--members", "--from", "--to",
                 "--group", "--at", "--platform", "--peer", "--up-to":
                options[argument] = try value(argument)
            case "--at-all":
                atAll = true
            case let option where option.hasPrefix("-") && option.count > 1:
                throw UsageError("unknown option '\(option)'")
            default:
                positional.append(argument)
            }
        }
        guard let verb = positional.first else { throw UsageError("admin needs what to do: \(verbs)") }
        let operands = Array(positional.dropFirst())
        func one(_ what: String) throws(UsageError) -> String {
            guard operands.count == 1, !operands[0].isEmpty else { throw UsageError("admin \(verb) needs one \(what)") }
            return operands[0]
        }
        func required(_ option: String, _ what: String) throws(UsageError) -> String {
            guard let value = options[option], !value.isEmpty else { throw UsageError("admin \(verb) needs \(option) \(what)") }
            return value
        }
        func sequence(_ text: String, _ what: String) throws(UsageError) -> UInt64 {
            guard let number = UInt64(text), number > 0 else { throw UsageError("\(what) needs a sequence number of at least 1, not '\(text)'") }
            return number
        }
        func receiver() throws(UsageError) -> MessageReceiver {
            switch (options["--to"], options["--group"]) {
            case (let user?, nil) where !user.isEmpty: return .user(user)
            case (nil, let group?) where !group.isEmpty: return .group(group)
            default: throw UsageError("admin \(verb) needs either --to USER or --group GROUP")
            }
        }
        let action: AdminAction
        switch verb {
        case "user":
            action = .user(try one("user ID"), nickname: options["--nickname"], faceURL: options["--face-url"])
        case "remark":
            guard operands.count == 1 else { throw UsageError("admin remark needs one remark (\"\" clears it)") }
            action = .remark(operands[0], owner: try required("--owner", "USER"), friend: try required("--friend", "USER"))
        case "group":
            let id = try one("group ID")
            let members = try required("--members", "A,B,...").split(separator: ",").map(String.init)
            action = .group(id, name: options["--name"], groupType: options["--type"] ?? "Work", members: members)
        case "text":
            guard operands.count == 1 else { throw UsageError("admin text needs one text") }
            let to = try receiver()
            let atUserIDs = options["--at"].map { $0.split(separator: ",").map(String.init) } ?? []
            if case .user = to, !atUserIDs.isEmpty || atAll { throw UsageError("--at and --at-all need --group GROUP") }
            action = .text(operands[0], from: try required("--from", "USER"), to: to, atUserIDs: atUserIDs, atAll: atAll)
        case "kick":
            action = .kick(try one("user ID"), platform: options["--platform"].map(IMPlatform.init(rawValue:)))
        case "expire":
            action = .expire(try one("user ID"))
        case "conversations":
            action = .conversations(try one("user ID"))
        case "version":
            action = .version(try one("user ID"))
        case "epoch":
            guard operands.isEmpty else { throw UsageError("unexpected argument '\(operands[0])'") }
            action = .epoch
        case "revoke":
            let seq = try sequence(try one("message sequence"), "admin revoke")
            let conversation: ConversationID = switch try receiver() {
            case .user(let user): .c2c(user)
            case .group(let group): .group(group)
            }
            action = .revoke(seq: seq, from: try required("--from", "USER"), in: conversation)
        case "read":
            let upTo = try options["--up-to"].map { text throws(UsageError) in try sequence(text, "--up-to") } ?? .max
            action = .read(try one("user ID"), peer: try required("--peer", "USER"), upTo: upTo)
        default:
            throw UsageError("unknown admin action '\(verb)' (\(verbs))")
        }
        return AdminCommand(server: server, secretKey: secretKey, action: action)
    }

    /// Makes the call and prints its outcome.
    func run(console: Console) async throws(IMError) {
        let admin = IMAdminClient(host: server.host, port: server.port, secretKey: secretKey, timeout: 10)
        defer { admin.close() }
        switch action {
        case .user(let id, let nickname, let faceURL):
            try await admin.registerUser(id, nickname: nickname, faceURL: faceURL)
            console.out("registered \(id)")
        case .remark(let remark, let owner, let friend):
            try await admin.setFriendRemark(owner: owner, friend: friend, remark: remark)
            console.out(remark.isEmpty ? "\(owner) has no remark for \(friend)" : "\(owner) calls \(friend) \"\(remark)\"")
        case .group(let id, let name, let groupType, let members):
            try await admin.createGroup(id, name: name, groupType: groupType, members: members)
            console.out("group \(id): \(members.joined(separator: ", "))")
        case .text(let text, let from, let receiver, let atUserIDs, let atAll):
            let outgoing = OutgoingMessage(id: "", receiver: receiver, content: .text(text), atUserIDs: atUserIDs, atAll: atAll)
            let message = try await admin.send(outgoing, from: from)
            console.out("sent seq \(message.seq)")
        case .kick(let userID, let platform):
            let count = try await admin.kickOffline(userID: userID, platform: platform)
            console.out("kicked \(count) connection\(count == 1 ? "" : "s") of \(userID)")
        case .expire(let userID):
            try await admin.expireUserSig(userID: userID)
            console.out("expired the signatures of \(userID)")
        case .conversations(let userID):
            for conversation in try await admin.conversations(of: userID) {
                console.out(Self.line(conversation))
            }
        case .version(let userID):
            console.out(String(try await admin.version(of: userID)))
        case .epoch:
            console.out(try await admin.epoch())
        case .revoke(let seq, let from, let id):
            let revoked: Message = switch id.kind {
            case .group: try await admin.revokeMessage(seq: seq, from: from, toGroup: id.target)
            default: try await admin.revokeMessage(seq: seq, from: from, toUser: id.target)
            }
            console.out("revoked seq \(revoked.seq)")
        case .read(let reader, let peer, let upTo):
            let cursor = try await admin.markC2CRead(reader: reader, peer: peer, upTo: upTo)
            console.out("\(reader) read c2c_\(peer) up to seq \(cursor)")
        }
    }

    /// One conversation as `admin conversations` prints it:
    /// `<id> unread <n> read <readSeq>/<lastSeq>[ pinned] last "<text>"` (the V2 API's IDs).
    static func line(_ conversation: ServerConversation) -> String {
        let id = switch conversation.id.kind {
        case .c2c: "c2c_\(conversation.id.target)"
        case .group: "group_\(conversation.id.target)"
        case .system: "system"
        }
        let last = conversation.lastMessage.map { message in
            message.status == .revoked ? "(revoked)" : message.content.text ?? "(not text)"
        } ?? ""
        return "\(id) unread \(conversation.unreadCount) read \(conversation.readSeq)/\(conversation.lastSeq)"
            + (conversation.isPinned ? " pinned" : "") + " last \"\(last)\""
    }
}
