import ImSDK_Plus

/// What the demo shows of one conversation: one line of `ConversationTable`.
struct ConversationRow: Equatable, Sendable {
    /// The conversation's display name (`showName`, else its ID).
    var name: String
    /// Unread messages; 0 shows no badge.
    var unreadCount: Int
    /// Plain-text markers such as `[pin]`, in a fixed order.
    var markers: [String]
    /// The last message's text, or `[Draft] text` when a draft is saved.
    var preview: String

    init(name: String, unreadCount: Int = 0, markers: [String] = [], preview: String = "") {
        self.name = name
        self.unreadCount = unreadCount
        self.markers = markers
        self.preview = preview
    }

    /// The row for `conversation`: markers `[pin]`, `[mute]` or `[off]`, `[draft]`, `[@me]` or `[@all]`.
    init(_ conversation: V2TIMConversation) {
        var markers: [String] = []
        if conversation.isPinned { markers.append("[pin]") }
        switch conversation.recvOpt {
        case .RECEIVE_MESSAGE: break
        case .RECEIVE_NOT_NOTIFY_MESSAGE, .RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT: markers.append("[mute]")
        case .NOT_RECEIVE_MESSAGE, .NOT_RECEIVE_MESSAGE_EXCEPT_AT: markers.append("[off]")
        }
        let draft = conversation.draftText.flatMap { $0.isEmpty ? nil : $0 }
        if draft != nil { markers.append("[draft]") }
        let atTypes = Set((conversation.groupAtInfolist ?? []).map(\.atType))
        if atTypes.contains(.AT_ME) || atTypes.contains(.AT_ALL_AT_ME) { markers.append("[@me]") }
        if atTypes.contains(.AT_ALL) || atTypes.contains(.AT_ALL_AT_ME) { markers.append("[@all]") }
        self.init(
            name: conversation.showName.flatMap { $0.isEmpty ? nil : $0 } ?? conversation.conversationID,
            unreadCount: Int(conversation.unreadCount),
            markers: markers,
            preview: draft.map { "[Draft] " + $0 } ?? conversation.lastMessage?.textElem?.text ?? "")
    }
}
