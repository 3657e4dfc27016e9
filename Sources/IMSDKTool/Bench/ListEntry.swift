import IMCore
import IMTransportKit

/// One row of a conversation list as every benchmark subject reports it, so their lists compare.
struct ListEntry: Equatable, Sendable, CustomStringConvertible {
    /// The vendor's public conversation ID (`c2c_<user>`, `group_<group>`), the key apps and the
    /// SQL baseline use.
    let id: String
    let unread: Int
    let pinned: Bool

    var description: String { "\(id) unread \(unread)\(pinned ? " pinned" : "")" }

    /// The public ID of `id`, as an app keys its conversations.
    static func key(_ id: ConversationID) -> String {
        id.kind == .system ? "system" : id.stringForm
    }
}
