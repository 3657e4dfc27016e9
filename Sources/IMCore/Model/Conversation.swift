import Foundation
import IMTransportKit

/// The state of one conversation, as the store holds it and hands it out (a snapshot value).
///
/// Messages themselves live in the store's message log; a conversation carries only its last message.
/// - Thread safety: a value type, `Sendable`.
package struct Conversation: Hashable, Sendable {
    package let id: ConversationID
    package var profile: ConversationProfile
    /// The newest message that is not excluded from "last message".
    package var lastMessage: Message?
    /// The highest server sequence known in this conversation.
    package var lastSeq: UInt64
    /// The read cursor: every message with `seq <= readSeq` is read.
    package var readSeq: UInt64
    /// The server timestamp of the message at the read cursor (the V2 C2C read timestamp).
    package var readTimestamp: UInt64
    /// Unread messages from others, above the read cursor and not excluded from the count.
    package var unreadCount: Int
    /// Unread @-mentions, oldest first.
    package var groupAtInfos: [GroupAtInfo]
    package var isPinned: Bool
    package var draft: Draft?
    package var receiveOption: ReceiveOption
    package var marks: ConversationMarks
    package var customData: Data?
    /// The names of the user's conversation groups holding it, in the groups' order (creation
    /// order); kept by the store from its `ConversationGroupTable`.
    package var conversationGroups: [String]
    /// The position among unpinned conversations: grows with activity, unique in the store.
    package var orderKey: UInt64
    /// C2C: how far the peer has read my messages (their read receipts); `.none` for groups.
    package var peerRead: PeerReadPoint

    /// Creates an empty conversation with no messages.
    package init(id: ConversationID, profile: ConversationProfile = ConversationProfile(), orderKey: UInt64 = 0) {
        self.id = id
        self.profile = profile
        self.lastMessage = nil
        self.lastSeq = 0
        self.readSeq = 0
        self.readTimestamp = 0
        self.unreadCount = 0
        self.groupAtInfos = []
        self.isPinned = false
        self.draft = nil
        self.receiveOption = .receive
        self.marks = []
        self.customData = nil
        self.conversationGroups = []
        self.orderKey = orderKey
        self.peerRead = .none
    }

    /// The key of the conversation in the one ordered index: the pinned band above everything else.
    ///
    /// Pinned conversations keep their relative activity order, as the V2 docs show.
    package var sortKey: UInt64 { (isPinned ? OrderKey.pinnedBand : 0) | orderKey }

    /// Whether anything differs from `other` (`self != other`), deciding on the fields that change
    /// most often first.
    /// - Complexity: O(1) when one of them differs, else a full comparison.
    package func differs(from other: Conversation) -> Bool {
        if lastSeq != other.lastSeq || orderKey != other.orderKey || unreadCount != other.unreadCount
            || readSeq != other.readSeq || isPinned != other.isPinned {
            return true
        }
        return self != other
    }

    /// Whether list calls show the conversation: one hidden by the user (the hide mark) is left out
    /// until a new message unhides it, unless the caller includes hidden ones (a V2 filter on the
    /// hide mark; the legacy list, which has no such mark). The one rule both facades apply.
    package func isListed(includingHidden: Bool = false) -> Bool {
        includingHidden || !marks.contains(.hide)
    }
}
