import ImSDK_Plus

/// A conversation-list filter the model-based check walks and counts (`getConversationListByFilter`,
/// `getUnreadMessageCountByFilter`, and the subscriptions of `onUnreadMessageCountChangedByFilter`):
/// which of the V2 filter's fields are set, and to what. The model has no marks or conversation
/// groups, so the check's filters set the type, `hasUnreadCount` and `hasGroupAtInfo`.
package struct ModelFilter: Hashable, Sendable, CustomStringConvertible {
    /// The type: nil does not filter, true groups, false C2C.
    package var isGroup: Bool?
    package var hasUnread: Bool?
    package var hasGroupAt: Bool?
    /// `markType`: the conversations carrying every bit; 0: those without any mark.
    package var marks: UInt64?
    /// `conversationGroup`: the conversations in the group of that name; "": those in none.
    package var group: String?

    /// The filters each step walks: every field alone, each `false` included, and combinations.
    package static let walked: [ModelFilter] = [
        ModelFilter(isGroup: false), ModelFilter(isGroup: true),
        ModelFilter(hasUnread: true), ModelFilter(hasUnread: false),
        ModelFilter(hasGroupAt: true), ModelFilter(hasGroupAt: false),
        ModelFilter(isGroup: true, hasUnread: true, hasGroupAt: false),
        ModelFilter(isGroup: false, hasUnread: false),
        ModelFilter(marks: ModelMark.star.rawValue), ModelFilter(marks: 0),
        ModelFilter(marks: ModelMark.star.rawValue | ModelMark.unread.rawValue),
        ModelFilter(group: "work"), ModelFilter(group: ""),
        ModelFilter(isGroup: false, marks: ModelMark.custom.rawValue, group: "home"),
    ]

    /// The filters the check subscribes to, whose count events it checks after every step (the
    /// unread count depends only on the type here).
    package static let subscribed: [ModelFilter] = [
        ModelFilter(), ModelFilter(isGroup: false), ModelFilter(isGroup: true),
        ModelFilter(marks: ModelMark.star.rawValue), ModelFilter(group: "work"),
    ]

    package init(
        isGroup: Bool? = nil, hasUnread: Bool? = nil, hasGroupAt: Bool? = nil, marks: UInt64? = nil, group: String? = nil
    ) {
        self.isGroup = isGroup
        self.hasUnread = hasUnread
        self.hasGroupAt = hasGroupAt
        self.marks = marks
        self.group = group
    }

    /// A new V2 filter with these fields set (and no other).
    package func makeV2Filter() -> V2TIMConversationListFilter {
        let filter = V2TIMConversationListFilter()
        if let isGroup { filter.type = isGroup ? .GROUP : .C2C }
        if let hasUnread { filter.hasUnreadCount = hasUnread }
        if let hasGroupAt { filter.hasGroupAtInfo = hasGroupAt }
        if let marks { filter.markType = UInt(marks) }
        if let group { filter.conversationGroup = group }
        return filter
    }

    package var description: String {
        var fields: [String] = []
        if let isGroup { fields.append("type \(isGroup ? "GROUP" : "C2C")") }
        if let hasUnread { fields.append("hasUnreadCount \(hasUnread)") }
        if let hasGroupAt { fields.append("hasGroupAtInfo \(hasGroupAt)") }
        if let marks { fields.append("markType \(marks)") }
        if let group { fields.append("conversationGroup \"\(group)\"") }
        return "filter(" + fields.joined(separator: ", ") + ")"
    }
}

extension ReferenceModel {
    /// The conversations `filter` selects, in list order: every set field holds.
    package func conversations(matching filter: ModelFilter) -> [Conversation] {
        orderedConversations.filter { conversation in
            if let isGroup = filter.isGroup, conversation.target.isGroup != isGroup { return false }
            if let hasUnread = filter.hasUnread, hasUnread != !unreadMessages(of: conversation).isEmpty { return false }
            if let hasGroupAt = filter.hasGroupAt, hasGroupAt != !atTypes(of: conversation).isEmpty { return false }
            if let marks = filter.marks {
                if marks == 0 ? conversation.marks != 0 : conversation.marks & marks != marks { return false }
            }
            if let group = filter.group {
                let groups = groupNames(of: conversation.target)
                if group.isEmpty ? !groups.isEmpty : !groups.contains(group) { return false }
            }
            return true
        }
    }

    /// The unread count of `filter`: of the conversations its type, marks and group select
    /// (`hasUnreadCount` and `hasGroupAtInfo` do not select a count), those whose receive option
    /// counts in the total.
    package func unreadCount(matching filter: ModelFilter) -> Int {
        conversations(matching: ModelFilter(isGroup: filter.isGroup, marks: filter.marks, group: filter.group))
            .filter { receiveOption(of: $0.target).countsInTotal || flaw == .mutedCountInTotal }
            .map { unreadMessages(of: $0).count }
            .reduce(0, +)
    }
}
