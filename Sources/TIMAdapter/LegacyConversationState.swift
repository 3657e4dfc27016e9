import IMCore
import IMTransportKit

/// What the legacy API shows of one conversation at one moment, in the adapter's terms (legacy raw
/// values), so the legacy facade needs nothing of the core's model.
package struct LegacyConversationState: Sendable {
    /// The group's name (groups), else nil.
    package var groupName: String?
    /// Unread messages from others.
    package var unreadCount: Int
    /// The newest message that is not excluded from "last message".
    package var lastMessage: Message?
    /// The saved draft.
    package var draft: Draft?
    /// Unread @-mentions, oldest first: the message's sequence and the legacy `TIMGroupAtType`
    /// raw value (AT_ME 1, AT_ALL 2, AT_ALL_AT_ME 3).
    package var mentions: [(seq: UInt64, type: Int)]
    /// The read cursor: messages at or below it are read.
    package var readSeq: UInt64

    init(_ conversation: Conversation) {
        groupName = conversation.id.kind == .group ? conversation.profile.name : nil
        unreadCount = conversation.unreadCount
        lastMessage = conversation.lastMessage
        draft = conversation.draft
        mentions = conversation.groupAtInfos.map { ($0.seq, Int($0.type.rawValue)) }
        readSeq = conversation.readSeq
    }
}
