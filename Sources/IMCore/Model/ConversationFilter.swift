import Foundation
import IMTransportKit

/// Which conversations a filtered list (`ConversationStore.page(after:count:filter:)`) or a
/// per-filter unread count selects: the V2 `V2TIMConversationListFilter`, with the vendor's
/// semantics, as a value.
///
/// A nil field does not filter; the fields that are set must all hold (AND). `false`, an empty mark
/// set and an empty group name are filters too: conversations *without* unread messages, without
/// an @, without any mark, in no conversation group. The legacy SYSTEM conversation is never
/// selected, and a conversation hidden with the hide mark only when `marks` asks for that mark
/// (as the plain list leaves it out).
/// - Thread safety: a value type, `Sendable`.
package struct ConversationFilter: Hashable, Sendable {
    /// Only this kind (`.c2c` or `.group`); nil: both.
    package var kind: ConversationID.Kind?
    /// nil: any marks; empty: only conversations without any mark; else only those carrying every
    /// mark of the set (bits outside `ConversationMarks.valid` select nothing).
    package var marks: ConversationMarks?
    /// true: only conversations with unread messages (`unreadCount > 0`); false: only those without.
    package var hasUnread: Bool?
    /// true: only conversations with an unread @-mention (`groupAtInfos` not empty); false: only
    /// those without.
    package var hasGroupAt: Bool?
    /// A conversation group's name: only conversations in it; "": only conversations in none.
    package var group: String?
    /// Text the conversation's remark, name or target ID must contain, ignoring case and diacritics
    /// (the local search, `searchLocalConversations`); nil or empty: no condition. The index cannot
    /// prune by it: a walk tests every conversation the other fields leave.
    package var keyword: String?

    /// The filter that selects every conversation the V2 list shows.
    package static let all = ConversationFilter()

    package init(
        kind: ConversationID.Kind? = nil, marks: ConversationMarks? = nil, hasUnread: Bool? = nil,
        hasGroupAt: Bool? = nil, group: String? = nil, keyword: String? = nil
    ) {
        self.kind = kind
        self.marks = marks
        self.hasUnread = hasUnread
        self.hasGroupAt = hasGroupAt
        self.group = group
        self.keyword = keyword
    }

    /// The part of the filter a per-filter unread count selects by: the kind, the marks and the
    /// conversation group (the three fields the vendor's header says tell subscribed filters apart).
    package var unreadKey: ConversationFilter {
        ConversationFilter(kind: kind, marks: marks, group: group)
    }

    /// Whether the filtered list shows hidden conversations: only when asked for by the hide mark.
    var includesHidden: Bool { marks?.contains(.hide) ?? false }

    /// Whether `conversation` is selected.
    /// - Complexity: O(1), plus O(g) for a group filter, g the conversation's groups.
    package func matches(_ conversation: Conversation) -> Bool {
        let id = conversation.id
        guard id.kind != .system, kind == nil || id.kind == kind else { return false }
        let carried = conversation.marks
        if let marks, marks.isEmpty ? !carried.isEmpty : !carried.isSuperset(of: marks) { return false }
        guard conversation.isListed(includingHidden: includesHidden) else { return false }
        if let hasUnread, (conversation.unreadCount > 0) != hasUnread { return false }
        if let hasGroupAt, conversation.groupAtInfos.isEmpty == hasGroupAt { return false }
        if let group {
            let groups = conversation.filterGroupNames
            if group.isEmpty ? !groups.isEmpty : !groups.contains(group) { return false }
        }
        if let keyword, !keyword.isEmpty, !Self.contains(conversation, keyword) { return false }
        return true
    }

    /// Whether the remark, the name or the target ID of `conversation` contains `keyword`, ignoring
    /// case and diacritics (what a search bar over the list finds: what the row shows, and the ID).
    /// - Complexity: O(length of the three strings).
    static func contains(_ conversation: Conversation, _ keyword: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        let profile = conversation.profile
        return [profile.remark, profile.name, conversation.id.target].contains { text in
            guard let text, !text.isEmpty else { return false }
            return text.range(of: keyword, options: options) != nil
        }
    }
}
