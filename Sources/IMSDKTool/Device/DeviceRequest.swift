import IMTransportKit

/// One line a test driver types to `imsdk device`, parsed.
///
/// Conversations are named by the V2 API's IDs: `c2c_<user>` or `group_<group>`. A text is the rest
/// of the line, spaces and all.
enum DeviceRequest: Equatable, Sendable {
    /// `send <conversation> <text>`: sends a text message; prints `sent <conversation> seq <n>`.
    case send(ConversationID, text: String)
    /// `read <conversation>`: marks the conversation read.
    case read(ConversationID)
    /// `read-all`: marks every conversation read.
    case readAll
    /// `pin <conversation>` / `unpin <conversation>`.
    case pin(ConversationID, Bool)
    /// `list`: one line per conversation, `<id> unread <n>[ pinned] last "<text>"`, in list order.
    case list
    /// `total`: prints `total <n>`, the total unread count.
    case total
    /// `history <conversation> [count]`: prints `message <seq> <sender> "<text>"` per message,
    /// newest first (20 unless `count`).
    case history(ConversationID, count: Int32)
    /// `wait-for heard <conversation> <text>`: until a message with this text was announced in the
    /// conversation (since the device started).
    case waitForHeard(ConversationID, text: String)
    /// `wait-for total <n>`: until the total unread count is `n`.
    case waitForTotal(UInt64)
    /// `wait-for unread <conversation> <n>`: until the conversation's unread count is `n`.
    case waitForUnread(ConversationID, Int32)
    /// `wait-for connected`: until the device is connected (again).
    case waitForConnected
    /// `quit`: logs out and ends the program.
    case quit

    /// The request on `line`; nil for an empty line or a comment (`#`).
    ///
    /// - Throws: `invalidParameters` (6017) saying what is wrong with the line.
    static func parse(_ line: String) throws(IMError) -> DeviceRequest? {
        var words = Substring(line).drop(while: \.isWhitespace)
        guard !words.isEmpty, words.first != "#" else { return nil }
        func word() -> Substring {
            let value = words.prefix(while: { !$0.isWhitespace })
            words = words.dropFirst(value.count).drop(while: \.isWhitespace)
            return value
        }
        func conversation() throws(IMError) -> ConversationID {
            let name = word()
            if name.hasPrefix("c2c_"), name.count > 4 { return .c2c(String(name.dropFirst(4))) }
            if name.hasPrefix("group_"), name.count > 6 { return .group(String(name.dropFirst(6))) }
            throw IMError(.invalidParameters, "'\(name)' is not a conversation ID (c2c_<user> or group_<group>)")
        }
        func rest(_ what: String) throws(IMError) -> String {
            let text = String(words)
            guard !text.isEmpty else { throw IMError(.invalidParameters, "\(what) needs a text") }
            words = ""
            return text
        }
        func number<T: FixedWidthInteger>(_ what: String) throws(IMError) -> T {
            let text = word()
            guard let value = T(text), value >= 0 else { throw IMError(.invalidParameters, "\(what) needs a number, not '\(text)'") }
            return value
        }
        let verb = String(word())
        let request: DeviceRequest
        switch verb {
        case "send": request = .send(try conversation(), text: try rest("send"))
        case "read": request = .read(try conversation())
        case "read-all": request = .readAll
        case "pin": request = .pin(try conversation(), true)
        case "unpin": request = .pin(try conversation(), false)
        case "list": request = .list
        case "total": request = .total
        case "history":
            let id = try conversation()
            request = .history(id, count: words.isEmpty ? 20 : try number("history"))
        case "quit": request = .quit
        case "wait-for":
            switch word() {
            case "heard": request = .waitForHeard(try conversation(), text: try rest("wait-for heard"))
            case "total": request = .waitForTotal(try number("wait-for total"))
            case "unread": request = .waitForUnread(try conversation(), try number("wait-for unread"))
            case "connected": request = .waitForConnected
            case let what: throw IMError(.invalidParameters, "cannot wait for '\(what)' (heard, total, unread or connected)")
            }
        default:
            throw IMError(.invalidParameters, "unknown command '\(verb)' (send, read, read-all, pin, unpin, list, total, history, wait-for, quit)")
        }
        guard words.isEmpty else { throw IMError(.invalidParameters, "unexpected '\(words)' after \(verb)") }
        return request
    }
}

extension ConversationID {
    /// The V2 API's spelling: `c2c_<user>`, `group_<group>`.
    var v2Name: String {
        switch kind {
        case .c2c: "c2c_\(target)"
        case .group: "group_\(target)"
        case .system: "system"
        }
    }
}
