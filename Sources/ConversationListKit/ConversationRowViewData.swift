import Foundation
import ImSDK_Plus

/// What a conversation list cell shows for one conversation, as a plain value.
///
/// Built from a `V2TIMConversation` snapshot; two rows are equal when a cell would look the same,
/// which is what `ConversationListDiff` uses to decide what to reload.
/// - Thread safety: a value type.
public struct ConversationRowViewData: Equatable, Sendable {
    /// The unread badge of a cell.
    public enum UnreadBadge: Equatable, Sendable {
        /// Nothing unread.
        case none
        /// This many unread messages.
        case count(Int)
        /// Something unread, without a number: a muted conversation with unread messages, or one
        /// marked unread (`CONVERSATION_MARK_TYPE_UNREAD`) without unread messages.
        case dot
    }

    /// `"c2c_" + userID` or `"group_" + groupID`.
    public var conversationID: String
    /// The conversation's `showName` (empty when it has none).
    public var title: String
    /// The peer's or the group's face URL.
    public var avatarURL: String?
    /// One line about the conversation: the last message's text (in a group, after its sender's
    /// user ID and `": "` when someone else sent it; `"You recalled a message"` or `"<sender>
    /// recalled a message"` for a revoked one), or `"[Draft] "` and the draft when one is saved;
    /// prefixed by `"[@me] "` (or `"[@all] "`) while an @-mention is unread.
    public var lastMessageDigest: String
    /// When the draft was saved, else when the last message was sent; nil when there is neither.
    public var time: Date?
    /// The unread badge.
    public var unreadBadge: UnreadBadge
    /// Whether the conversation is pinned to the top.
    public var isPinned: Bool
    /// Whether notifications are off (any receive option but `.RECEIVE_MESSAGE`).
    public var isMuted: Bool
    /// Whether the user marked the conversation unread (`CONVERSATION_MARK_TYPE_UNREAD`), which a
    /// cell may show apart from a muted conversation's dot.
    public var isMarkedUnread: Bool

    public init(
        conversationID: String, title: String, avatarURL: String?, lastMessageDigest: String, time: Date?,
        unreadBadge: UnreadBadge, isPinned: Bool, isMuted: Bool, isMarkedUnread: Bool = false
    ) {
        self.isMarkedUnread = isMarkedUnread
        self.conversationID = conversationID
        self.title = title
        self.avatarURL = avatarURL
        self.lastMessageDigest = lastMessageDigest
        self.time = time
        self.unreadBadge = unreadBadge
        self.isPinned = isPinned
        self.isMuted = isMuted
    }

    /// The row of `conversation`.
    public init(_ conversation: V2TIMConversation) {
        let isMuted = conversation.recvOpt != .RECEIVE_MESSAGE
        let markedUnread = conversation.marks & V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.bits != 0
        let unread = Int(max(0, conversation.unreadCount))
        let badge: UnreadBadge = switch (unread, isMuted, markedUnread) {
        case (0, _, false): .none
        case (0, _, true): .dot
        case (_, true, _): .dot
        default: .count(unread)
        }
        self.init(
            conversationID: conversation.conversationID,
            title: conversation.showName ?? "",
            avatarURL: conversation.faceUrl,
            lastMessageDigest: Self.digest(of: conversation),
            time: nonEmpty(conversation.draftText) != nil ? conversation.draftTimestamp : conversation.lastMessage?.timestamp,
            unreadBadge: badge,
            isPinned: conversation.isPinned,
            isMuted: isMuted,
            isMarkedUnread: markedUnread)
    }

    private static func digest(of conversation: V2TIMConversation) -> String {
        let body: String
        if let draft = nonEmpty(conversation.draftText) {
            body = "[Draft] " + draft
        } else if let message = conversation.lastMessage, message.status == .MSG_STATUS_LOCAL_REVOKED {
            // A recalled message shows no content, as chat lists do: who recalled it.
            body = message.isSelf ? "You recalled a message" : "\(message.sender ?? "") recalled a message"
        } else if let message = conversation.lastMessage {
            let content = switch message.elemType {
            case .ELEM_TYPE_TEXT: message.textElem?.text ?? ""
            case .ELEM_TYPE_CUSTOM: "[Custom Message]"
            default: "[Message]"
            }
            let fromOther = conversation.type == .GROUP && !message.isSelf
            body = fromOther ? "\(message.sender ?? ""): \(content)" : content
        } else {
            body = ""
        }
        let mentions = conversation.groupAtInfolist ?? []
        if mentions.contains(where: { $0.atType != .AT_ALL }) { return "[@me] " + body }
        if !mentions.isEmpty { return "[@all] " + body }
        return body
    }
}

extension V2TIMConversation {
    /// The marks as one bit set.
    var marks: UInt64 {
        (markList ?? []).reduce(0) { $0 | $1.uint64Value }
    }
}

extension V2TIMConversationMarkType {
    /// The mark as a bit of `V2TIMConversation.marks`.
    var bits: UInt64 { UInt64(rawValue) }
}

/// The string, unless it is nil or empty.
private func nonEmpty(_ string: String?) -> String? {
    guard let string, !string.isEmpty else { return nil }
    return string
}
