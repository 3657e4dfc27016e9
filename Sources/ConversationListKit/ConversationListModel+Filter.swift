import Foundation
import ImSDK_Plus

extension ConversationListModel {
    /// Which conversations the model shows. The default shows every conversation.
    public struct Filter: Equatable, Sendable {
        /// Kinds of conversation.
        public struct Kinds: OptionSet, Hashable, Sendable {
            public let rawValue: Int
            public init(rawValue: Int) { self.rawValue = rawValue }

            /// C2C conversations.
            public static let oneToOne = Kinds(rawValue: 1 << 0)
            /// Group conversations.
            public static let group = Kinds(rawValue: 1 << 1)
            /// System conversations, for parity with the legacy API; the V2 API never shows any.
            public static let system = Kinds(rawValue: 1 << 2)
            /// Every kind.
            public static let all: Kinds = [.oneToOne, .group, .system]
        }

        /// The kinds shown.
        public var kinds: Kinds
        /// Only conversations with unread messages or marked unread.
        public var unreadOnly: Bool
        /// Only conversations marked with a star or marked unread.
        public var markedOnly: Bool
        /// Only conversations with an unread @-mention of me (`AT_ME` or `AT_ALL_AT_ME`).
        public var atMeOnly: Bool
        /// Only favourites: conversations with the star mark (a conversation marked unread is not one).
        public var starredOnly: Bool

        public init(
            kinds: Kinds = .all, unreadOnly: Bool = false, markedOnly: Bool = false, atMeOnly: Bool = false,
            starredOnly: Bool = false
        ) {
            self.kinds = kinds
            self.unreadOnly = unreadOnly
            self.markedOnly = markedOnly
            self.atMeOnly = atMeOnly
            self.starredOnly = starredOnly
        }

        /// The SDK walk that selects exactly the conversations this filter shows, when there is one:
        /// one kind, and/or favourites. nil: the model pages the whole list and filters what it
        /// loaded (no filter, or one the SDK's AND filters cannot express: `unreadOnly` and
        /// `markedOnly` are ORs, `atMeOnly` leaves out @all).
        var walk: Walk? {
            guard !unreadOnly, !markedOnly, !atMeOnly else { return nil }
            let type: V2TIMConversationType?
            switch (kinds.contains(.oneToOne), kinds.contains(.group)) {
            case (true, true): type = nil
            case (true, false): type = .C2C
            case (false, true): type = .GROUP
            case (false, false): return nil
            }
            guard type != nil || starredOnly else { return nil }
            return Walk(type: type, starred: starredOnly)
        }

        /// Whether `conversation` passes the filter (hidden conversations never do).
        public func matches(_ conversation: V2TIMConversation) -> Bool {
            matches(Entry(conversation))
        }

        func matches(_ entry: Entry) -> Bool {
            let star = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_STAR.bits
            let unreadMark = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.bits
            if entry.marks & V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.bits != 0 { return false }
            if !kinds.contains(entry.kind) { return false }
            if unreadOnly && entry.unreadCount == 0 && entry.marks & unreadMark == 0 { return false }
            if markedOnly && entry.marks & (star | unreadMark) == 0 { return false }
            if atMeOnly && !entry.isMentioningMe { return false }
            if starredOnly && entry.marks & star == 0 { return false }
            return true
        }
    }

    /// A walk of `getConversationListByFilter` (see `Filter.walk`).
    struct Walk: Hashable {
        var type: V2TIMConversationType?
        var starred: Bool

        func makeFilter() -> V2TIMConversationListFilter {
            let filter = V2TIMConversationListFilter()
            if let type { filter.type = type }
            if starred { filter.markType = UInt(V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_STAR.rawValue) }
            return filter
        }
    }

    /// What the model keeps of one conversation: where it sorts, what filters look at, its row.
    struct Entry {
        let position: Position
        let kind: Filter.Kinds
        let unreadCount: Int32
        let marks: UInt64
        let isMentioningMe: Bool
        let row: ConversationRowViewData

        init(_ conversation: V2TIMConversation) {
            position = Position(
                isPinned: conversation.isPinned, orderKey: conversation.orderKey, id: conversation.conversationID)
            kind = switch conversation.type {
            case .C2C: .oneToOne
            case .GROUP: .group
            case .UNKNOWN: .system
            }
            unreadCount = conversation.unreadCount
            marks = conversation.marks
            isMentioningMe = (conversation.groupAtInfolist ?? []).contains { $0.atType != .AT_ALL }
            row = ConversationRowViewData(conversation)
        }
    }

    /// A place in list order: pinned first, then by `orderKey` descending (ties by ID, which the
    /// SDK's unique keys never need).
    struct Position: Comparable {
        let isPinned: Bool
        let orderKey: UInt
        let id: String

        /// Whether `lhs` comes before (above) `rhs` in the list.
        static func < (lhs: Position, rhs: Position) -> Bool {
            if lhs.isPinned != rhs.isPinned { return lhs.isPinned }
            if lhs.orderKey != rhs.orderKey { return lhs.orderKey > rhs.orderKey }
            return lhs.id < rhs.id
        }
    }
}
