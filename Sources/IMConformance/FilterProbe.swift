import ImSDK_Plus

/// A filter of the conversation list that both APIs can show: the V2 API through
/// `getConversationListByFilter`, the legacy API (which has no filters) by the same rule applied to
/// what its reads show (`getType`, `getUnReadMessageNum`, `getGroupAtInfoList`), in list order.
struct FilterProbe: Sendable {
    /// The row's name in the `filtered` aspect.
    let name: String
    /// Sets the V2 filter's fields.
    let configure: @Sendable (V2TIMConversationListFilter) -> Void
    /// The same rule over a legacy conversation.
    let selects: @Sendable (ConversationState) -> Bool

    /// The probes: each field set, `false` included, and a combination of them.
    static let all: [FilterProbe] = [
        FilterProbe(name: "C2C", configure: { $0.type = .C2C }, selects: { $0.id.hasPrefix("c2c_") }),
        FilterProbe(name: "groups", configure: { $0.type = .GROUP }, selects: { $0.id.hasPrefix("group_") }),
        FilterProbe(name: "unread", configure: { $0.hasUnreadCount = true }, selects: { $0.unread > 0 }),
        FilterProbe(name: "read", configure: { $0.hasUnreadCount = false }, selects: { $0.unread == 0 }),
        FilterProbe(name: "@", configure: { $0.hasGroupAtInfo = true }, selects: { !$0.mentions.isEmpty }),
        FilterProbe(name: "unmarked group without @", configure: { filter in
            filter.type = .GROUP
            filter.hasGroupAtInfo = false
            filter.markType = 0
        }, selects: { $0.id.hasPrefix("group_") && $0.mentions.isEmpty }),
    ]

    /// The `filtered` row of this probe: its name and the conversations it selects, in order.
    static func row(_ name: String, _ ids: [String]) -> String {
        "\(name): " + (ids.isEmpty ? "-" : ids.joined(separator: ","))
    }
}
