import Foundation
import IMReferenceServer
import IMTransportKit
import ImSDK_Plus

/// Where `imsdk seed` and `imsdk inbox` find the embedded server and the local stores: an app ID
/// and a data directory (`--app-id`, `--data`), as an app configured with disk storage and no
/// transport has them.
struct EmbeddedLocation: Equatable, Sendable {
    /// The app ID (`--app-id`, default 1400000001).
    var appID: Int32 = 1_400_000_001
    /// The directory of the stores and the embedded server's data (`--data`; nil: the SDK's default).
    var directory: String?

    /// Takes `--app-id N` or `--data DIR` off the front of `arguments`; false when it is neither.
    mutating func take(_ option: String, from arguments: inout ArraySlice<String>) throws(UsageError) -> Bool {
        switch option {
        case "--app-id":
            guard let value = arguments.popFirst() else { throw UsageError("--app-id needs a value") }
            guard let number = Int32(value), number > 0 else {
                throw UsageError("--app-id needs a positive number, not '\(value)'")
            }
            appID = number
        case "--data":
            guard let value = arguments.popFirst(), !value.isEmpty else { throw UsageError("--data needs a directory") }
            directory = value
        default:
            return false
        }
        return true
    }

    /// The embedded server of this app in this directory.
    func server() throws(IMError) -> IMReferenceServer {
        try IMReferenceServer.embedded(appID: appID, directory: directory)
    }
}

/// What `imsdk seed` does to the embedded server.
enum SeedAction: Equatable, Sendable {
    case user(String, nickname: String?)
    case group(String, name: String?, members: [String])
    case text(String, from: String, to: MessageReceiver)
}

/// `imsdk seed`: one call of the embedded server's admin API, from the command line (to prepare
/// the cloud an app started with disk storage and no transport meets).
struct SeedCommand: Equatable, Sendable {
    var location = EmbeddedLocation()
    var action: SeedAction

    /// Parses the arguments after `seed`; nil when they ask for the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> SeedCommand? {
        var rest = arguments
        var location = EmbeddedLocation()
        var options: [String: String] = [:]
        var positional: [String] = []
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--nickname", "--name", "--members", "--from", "--to", "--group":
                guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a value") }
                options[argument] = value
            case let option where option.hasPrefix("-"):
                guard try location.take(option, from: &rest) else { throw UsageError("unknown option '\(option)'") }
            default:
                positional.append(argument)
            }
        }
        guard let verb = positional.first else { throw UsageError("seed needs what to do: user, group or text") }
        let operands = positional.dropFirst()
        let action: SeedAction
        switch verb {
        case "user":
            guard operands.count == 1, let id = operands.first else { throw UsageError("seed user needs one user ID") }
            action = .user(id, nickname: options["--nickname"])
        case "group":
            guard operands.count == 1, let id = operands.first else { throw UsageError("seed group needs one group ID") }
            guard let members = options["--members"] else { throw UsageError("seed group needs --members a,b,...") }
            action = .group(id, name: options["--name"], members: members.split(separator: ",").map(String.init))
        case "text":
            guard operands.count == 1, let text = operands.first else { throw UsageError("seed text needs one text") }
            guard let from = options["--from"] else { throw UsageError("seed text needs --from USER") }
            switch (options["--to"], options["--group"]) {
            case (let user?, nil): action = .text(text, from: from, to: .user(user))
            case (nil, let group?): action = .text(text, from: from, to: .group(group))
            default: throw UsageError("seed text needs either --to USER or --group GROUP")
            }
        default:
            throw UsageError("unknown seed action '\(verb)' (user, group or text)")
        }
        return SeedCommand(location: location, action: action)
    }

    func run(console: Console) throws(IMError) {
        let server = try location.server()
        switch action {
        case .user(let id, let nickname):
            try server.registerUser(id, nickname: nickname)
            console.out("registered \(id)")
        case .group(let id, let name, let members):
            try server.createGroup(id, name: name, members: members)
            console.out("group \(id): \(members.joined(separator: ", "))")
        case .text(let text, let from, let receiver):
            let message = try server.send(OutgoingMessage(id: "", receiver: receiver, content: .text(text)), from: from)
            console.out("sent seq \(message.seq)")
        }
    }
}

/// `imsdk inbox`: logs in as a user through the V2 API, with the store on disk and the embedded
/// server (no transport; or, with `--server`, a running server over `IMSocketTransport`), as an
/// app would; prints what the app sees, then logs out.
///
/// Lines: `heard <conversation> <text>` for each new message announced during the login (messages
/// that came while the user was away, not the cloud list of a first login), one line per
/// conversation (`<id> unread <n> last "<text>" history "<texts, newest first>"`), and `total <n>`.
struct InboxCommand: Equatable, Sendable {
    var location = EmbeddedLocation()
    var userID: String
    /// A running server to log in to (`--server`) instead of the embedded one.
    var server: ServerAddress?
    /// The platform it logs in as (`--platform`; nil: this system's).
    var platform: IMPlatform?

    /// Parses the arguments after `inbox`; nil when they ask for the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> InboxCommand? {
        var rest = arguments
        var location = EmbeddedLocation()
        var userID: String?
        var server: ServerAddress?
        var platform: IMPlatform?
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--user":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError("--user needs a user ID") }
                userID = value
            case "--server":
                server = try ServerAddress(parsing: rest.popFirst() ?? "")
            case "--platform":
                guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError("--platform needs a name") }
                platform = IMPlatform(rawValue: value)
            case let option where option.hasPrefix("-"):
                guard try location.take(option, from: &rest) else { throw UsageError("unknown option '\(option)'") }
            default:
                throw UsageError("unexpected argument '\(argument)'")
            }
        }
        guard let userID else { throw UsageError("inbox needs --user USER") }
        return InboxCommand(location: location, userID: userID, server: server, platform: platform)
    }

    func run(console: Console) async throws {
        let manager: V2TIMManager = V2TIMManager.sharedInstance()
        let config = V2TIMSDKConfig()
        config.storage = .disk(directory: location.directory)
        config.logLevel = .LOG_WARN
        config.transport = server.map { IMSocketTransport(host: $0.host, port: $0.port) }
        config.platform = platform
        manager.unInitSDK()
        guard manager.initSDK(location.appID, config: config) else { throw V2TIMError(code: -1, desc: "initSDK failed") }
        let heard = HeardMessages()
        manager.addAdvancedMsgListener(listener: heard)
        defer {
            manager.removeAdvancedMsgListener(listener: heard)
            manager.unInitSDK()
        }
        try await manager.login(userID: userID, userSig: "sig")
        for line in heard.lines { console.out(line) }
        var nextSeq: UInt64 = 0
        while true {
            let page = try await manager.getConversationList(nextSeq: nextSeq, count: 100)
            for conversation in page.conversationList {
                let id = conversation.conversationID ?? ""
                let history: [V2TIMMessage]
                if let userID = conversation.userID, !userID.isEmpty {
                    history = try await manager.getC2CHistoryMessageList(userID: userID, count: 20, lastMsg: nil)
                } else {
                    history = try await manager.getGroupHistoryMessageList(groupID: conversation.groupID ?? "", count: 20, lastMsg: nil)
                }
                let texts = history.map { $0.textElem?.text ?? "?" }.joined(separator: ", ")
                console.out("\(id) unread \(conversation.unreadCount) last \"\(conversation.lastMessage?.textElem?.text ?? "")\" history \"\(texts)\"")
            }
            if page.isFinished { break }
            nextSeq = page.nextSeq
        }
        console.out("total \(try await manager.getTotalUnreadMessageCount())")
        try await manager.logout()
    }
}

/// Collects the new messages a login announces.
private final class HeardMessages: V2TIMAdvancedMsgListener, @unchecked Sendable {
    private let heard = Locked<[String]>([])

    var lines: [String] { heard.withLock { $0 } }

    func onRecvNewMessage(msg: V2TIMMessage) {
        let conversation = msg.groupID.map { "group_\($0)" } ?? "c2c_\(msg.sender ?? "")"
        heard.withLock { $0.append("heard \(conversation) \(msg.textElem?.text ?? "?")") }
    }
}
