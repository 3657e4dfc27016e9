import Foundation

/// The identity of a conversation inside the core: its kind and the peer user, group or nothing.
///
/// The V2 string forms (`"c2c_u"`, `"group_g"`) are parsed in one place, IMCore's
/// `ConversationID(stringForm:)`.
/// Targets compare by their UTF-8 bytes (`ExactID`), as the server and the database do: two IDs
/// that differ only in Unicode normalisation are two conversations.
/// - Thread safety: a value type, `Sendable`.
public struct ConversationID: Hashable, Codable, Comparable, Sendable, CustomStringConvertible {
    /// The kind of a conversation.
    public enum Kind: UInt8, Sendable, Codable, Comparable {
        /// One-to-one with a user.
        case c2c = 1
        /// A group.
        case group = 2
        /// The legacy SYSTEM conversation (no V2 equivalent); its target is empty.
        case system = 3

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The kind of the conversation.
    public let kind: Kind
    /// The peer user ID (C2C), the group ID (group), or `""` (system).
    public let target: String

    /// Creates an identity; callers validate `target` (non-empty for C2C and group).
    public init(kind: Kind, target: String) {
        self.kind = kind
        self.target = target
    }

    /// A one-to-one conversation with `userID`.
    public static func c2c(_ userID: String) -> ConversationID { ConversationID(kind: .c2c, target: userID) }
    /// The conversation of group `groupID`.
    public static func group(_ groupID: String) -> ConversationID { ConversationID(kind: .group, target: groupID) }
    /// The legacy system conversation.
    public static let system = ConversationID(kind: .system, target: "")

    public static func == (lhs: ConversationID, rhs: ConversationID) -> Bool {
        lhs.kind == rhs.kind && ExactID(lhs.target) == ExactID(rhs.target)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        ExactID(target).hash(into: &hasher)
    }

    public static func < (lhs: ConversationID, rhs: ConversationID) -> Bool {
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        return ExactID(lhs.target) < ExactID(rhs.target)
    }

    public var description: String {
        switch kind {
        case .c2c: return "c2c:\(target)"
        case .group: return "group:\(target)"
        case .system: return "system"
        }
    }
}
