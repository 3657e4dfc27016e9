import Foundation
import IMTransportKit
import ImSDK_Plus

/// `imsdk device`: one device of a user, logged in through the public V2 API over
/// `IMSocketTransport` to a server in another process, driven line by line on standard input (a
/// scriptable device for tests with real processes, or a person at a terminal).
///
/// Standard output: `ready <user> <platform>` once logged in; for each request (`DeviceRequest`)
/// its lines, then `ok`, or `error <code> <description>` (the vendor's code; 6017 for a line it
/// does not understand, -1 for a `wait-for` that timed out); `event ...` lines as the SDK reports
/// them (`event connecting`, `event connected`, `event connect-failed <code> <text>`,
/// `event kicked-offline`, `event user-sig-expired`, `event heard <conversation> <text>`); `bye`
/// after `quit` or the end of the input, once logged out.
struct DeviceCommand: Equatable, Sendable {
    var server = ServerAddress()
    var userID: String
    var userSig = "sig"
    /// The platform it logs in as (`--platform`; nil: this system's).
    var platform: IMPlatform?
    /// Where the local store is kept (`--data`); nil: in memory.
    var directory: String?
    var appID: Int32 = 1_400_000_001
    /// Quiet seconds before the transport pings the server (`--keep-alive`).
    var keepAlive = 20.0
    /// The most seconds a `wait-for` waits (`--wait-timeout`).
    var waitTimeout = 30.0

    /// Parses the arguments after `device`; nil when they ask for the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> DeviceCommand? {
        var rest = arguments
        var command = DeviceCommand(userID: "")
        func value(_ option: String) throws(UsageError) -> String {
            guard let value = rest.popFirst(), !value.isEmpty else { throw UsageError("\(option) needs a value") }
            return value
        }
        func seconds(_ option: String) throws(UsageError) -> Double {
            let text = try value(option)
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw UsageError("\(option) needs a number of seconds above 0, not '\(text)'")
            }
            return seconds
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--server":
                command.server = try ServerAddress(parsing: value(argument))
            case "--user":
                command.userID = try value(argument)
            case "--user-sig":
                command.userSig = try value(argument)
            case "--platform":
                command.platform = IMPlatform(rawValue: try value(argument))
            case "--data":
                command.directory = try value(argument)
            case "--app-id":
                let text = try value(argument)
                guard let appID = Int32(text), appID > 0 else { throw UsageError("--app-id needs a positive number, not '\(text)'") }
                command.appID = appID
            case "--keep-alive":
                command.keepAlive = try seconds(argument)
            case "--wait-timeout":
                command.waitTimeout = try seconds(argument)
            case let option where option.hasPrefix("-"):
                throw UsageError("unknown option '\(option)'")
            default:
                throw UsageError("unexpected argument '\(argument)'")
            }
        }
        guard !command.userID.isEmpty else { throw UsageError("device needs --user USER") }
        return command
    }

    /// Logs in, serves the lines of standard input until `quit` or their end, and logs out.
    ///
    /// - Throws: what the login throws (`V2TIMError` with the vendor's code).
    func run(console: Console, input: AsyncStream<String> = StandardInputLines.stream()) async throws {
        let manager: V2TIMManager = V2TIMManager.sharedInstance()
        let config = V2TIMSDKConfig()
        config.transport = IMSocketTransport(host: server.host, port: server.port, keepAlive: keepAlive)
        config.platform = platform
        config.storage = directory.map { .disk(directory: $0) } ?? .memory
        config.logLevel = .LOG_WARN
        manager.unInitSDK()
        guard manager.initSDK(appID, config: config) else { throw V2TIMError(code: -1, desc: "initSDK failed") }
        let events = DeviceEvents(console: console)
        manager.addIMSDKListener(listener: events)
        manager.addAdvancedMsgListener(listener: events)
        defer {
            manager.removeAdvancedMsgListener(listener: events)
            manager.removeIMSDKListener(listener: events)
            manager.unInitSDK()
        }
        try await manager.login(userID: userID, userSig: userSig)
        console.out("ready \(userID) \((platform ?? .current).rawValue)")
        for await line in input {
            let request: DeviceRequest
            do throws(IMError) {
                guard let parsed = try DeviceRequest.parse(line) else { continue }
                request = parsed
            } catch {
                console.out("error \(error.code.rawValue) \(error.message)")
                continue
            }
            if request == .quit { break }
            do {
                try await perform(request, manager: manager, events: events, console: console)
                console.out("ok")
            } catch let error as V2TIMError {
                console.out("error \(error.code) \(error.desc)")
            } catch let error as IMError {
                console.out("error \(error.code.rawValue) \(error.message)")
            }
        }
        try? await manager.logout()
        console.out("bye")
    }

    private func perform(_ request: DeviceRequest, manager: V2TIMManager, events: DeviceEvents, console: Console) async throws {
        switch request {
        case .send(let id, let text):
            let message: V2TIMMessage = manager.createTextMessage(text: text)
            let boxed = UncheckedMessage(message)
            _ = try await manager.sendMessage(
                message: message, receiver: id.kind == .c2c ? id.target : nil, groupID: id.kind == .group ? id.target : nil)
            console.out("sent \(id.v2Name) seq \(boxed.message.seq)")
        case .read(let id):
            if id.kind == .group {
                try await manager.markGroupMessage(asRead: id.target)
            } else {
                try await manager.markC2CMessage(asRead: id.target)
            }
        case .readAll:
            try await manager.markAllMessageAsRead()
        case .pin(let id, let pinned):
            try await manager.pinConversation(conversationID: id.v2Name, isPinned: pinned)
        case .list:
            var nextSeq: UInt64 = 0
            while true {
                let page = try await manager.getConversationList(nextSeq: nextSeq, count: 100)
                for conversation in page.conversationList {
                    console.out(Self.line(conversation))
                }
                if page.isFinished { break }
                nextSeq = page.nextSeq
            }
        case .total:
            console.out("total \(try await manager.getTotalUnreadMessageCount())")
        case .history(let id, let count):
            let messages = id.kind == .group
                ? try await manager.getGroupHistoryMessageList(groupID: id.target, count: count, lastMsg: nil)
                : try await manager.getC2CHistoryMessageList(userID: id.target, count: count, lastMsg: nil)
            for message in messages {
                console.out("message \(message.seq) \(message.sender ?? "") \"\(message.textElem?.text ?? "")\"")
            }
        case .waitForHeard(let id, let text):
            try await wait(for: "heard \(id.v2Name) \(text)") { events.heard(text, in: id) }
        case .waitForTotal(let total):
            try await wait(for: "total \(total)") { try await manager.getTotalUnreadMessageCount() == total }
        case .waitForUnread(let id, let unread):
            try await wait(for: "unread \(id.v2Name) \(unread)") {
                try await manager.getConversation(conversationID: id.v2Name).unreadCount == unread
            }
        case .waitForConnected:
            try await wait(for: "connected") { events.isConnected }
        case .quit:
            break
        }
    }

    /// Checks `condition` every 20 ms until it holds; a failed check counts as not yet.
    ///
    /// - Throws: a `V2TIMError` with code -1 (the tool's, not the SDK's) after `waitTimeout` seconds.
    private func wait(for what: String, _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(waitTimeout)
        while (try? await condition()) != true {
            guard Date() < deadline else {
                throw V2TIMError(code: -1, desc: "still waiting for \(what) after \(waitTimeout) s")
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    /// One conversation as `list` prints it: `<id> unread <n>[ pinned] last "<text>"`.
    static func line(_ conversation: V2TIMConversation) -> String {
        let last = conversation.lastMessage.map { message in
            message.status == .MSG_STATUS_LOCAL_REVOKED ? "(revoked)" : message.textElem?.text ?? "(not text)"
        } ?? ""
        return "\(conversation.conversationID ?? "") unread \(conversation.unreadCount)"
            + (conversation.isPinned ? " pinned" : "") + " last \"\(last)\""
    }
}

/// Carries a message being sent across the `await` of its send, to read its sequence after.
private struct UncheckedMessage: @unchecked Sendable {
    let message: V2TIMMessage
    init(_ message: V2TIMMessage) { self.message = message }
}
