import Foundation
import IMTransportKit

/// The state of one conversation, as the store holds it and hands it out (a snapshot value).
///
/// Messages themselves live in the store's message log; a conversation carries only its last message.
/// The fields most conversations leave unset (profile, draft, custom data, conversation groups,
/// @-mentions, the peer's read point) live in one out-of-line box, allocated only once one of them
/// is set (`ConversationExtras`): a store of 100k conversations holds about 200 bytes for each
/// that has none.
/// - Thread safety: a value type, `Sendable`.
package struct Conversation: Hashable, Sendable {
    // The ID's two parts apart, so the one-byte fields after them fill what would be its padding.
    /// The target of `id` (read by `EntryTable`'s probes where the conversation lies).
    let target: String
    /// The kind of `id` (without making the ID).
    package let kind: ConversationID.Kind
    package var isPinned: Bool
    package var receiveOption: ReceiveOption
    /// Whether a message that counted as unread was removed from local storage while above the
    /// read cursor (`ConversationStore.removeMessage(_:in:)` and the other removals): this device
    /// no longer counts it, but the server does, for the user's other devices. A read of
    /// everything (`ConversationStore.conversationsToMarkRead(kind:)`) reads this conversation
    /// too, so that those devices stop showing it. Cleared once the cursor reaches `lastSeq`;
    /// it may stay set when the removed message was read on another device since (the read of
    /// everything then moves the cursor over nothing unread, which is harmless).
    package var hidesUnread: Bool
    /// `unreadCount`, in the four bytes after the one-byte fields.
    private var unread: Int32
    /// The newest message that is not excluded from "last message".
    package var lastMessage: Message?
    /// The highest server sequence known in this conversation.
    package var lastSeq: UInt64
    /// The read cursor: every message with `seq <= readSeq` is read.
    package var readSeq: UInt64
    /// The server timestamp of the message at the read cursor (the V2 C2C read timestamp).
    package var readTimestamp: UInt64
    package var marks: ConversationMarks
    /// The position among unpinned conversations: grows with activity, unique in the store.
    package var orderKey: UInt64
    private var extras = ConversationExtras()

    package var id: ConversationID { ConversationID(kind: kind, target: target) }

    /// Unread messages from others, above the read cursor and not excluded from the count (at most
    /// `Int32.max`, what both APIs can show).
    package var unreadCount: Int {
        get { Int(unread) }
        set { unread = Int32(clamping: newValue) }
    }

    package var profile: ConversationProfile {
        get { extras.storage?.profile ?? ConversationProfile() }
        _modify {
            if let storage = extras.uniqueStorage() {
                yield &storage.profile
            } else {
                var value = ConversationProfile()
                yield &value
                if value != ConversationProfile() { extras.makeStorage().profile = value }
            }
        }
    }

    /// Unread @-mentions, oldest first.
    package var groupAtInfos: [GroupAtInfo] {
        get { extras.storage?.groupAtInfos ?? [] }
        _modify {
            if let storage = extras.uniqueStorage() {
                yield &storage.groupAtInfos
            } else {
                var value: [GroupAtInfo] = []
                yield &value
                if !value.isEmpty { extras.makeStorage().groupAtInfos = value }
            }
        }
    }

    package var draft: Draft? {
        get { extras.storage?.draft }
        _modify {
            if let storage = extras.uniqueStorage() {
                yield &storage.draft
            } else {
                var value: Draft?
                yield &value
                if value != nil { extras.makeStorage().draft = value }
            }
        }
    }

    package var customData: Data? {
        get { extras.storage?.customData }
        _modify {
            if let storage = extras.uniqueStorage() {
                yield &storage.customData
            } else {
                var value: Data?
                yield &value
                if value != nil { extras.makeStorage().customData = value }
            }
        }
    }

    /// The names of the user's conversation groups holding it, in the groups' order (creation
    /// order); kept by the store from its `ConversationGroupTable`.
    package var conversationGroups: [String] {
        get { extras.storage?.conversationGroups ?? [] }
        _modify {
            if let storage = extras.uniqueStorage() {
                yield &storage.conversationGroups
            } else {
                var value: [String] = []
                yield &value
                if !value.isEmpty { extras.makeStorage().conversationGroups = value }
            }
        }
    }

    /// C2C: how far the peer has read my messages (their read receipts); `.none` for groups.
    package var peerRead: PeerReadPoint {
        get { extras.storage?.peerRead ?? .none }
        _modify {
            if let storage = extras.uniqueStorage() {
                yield &storage.peerRead
            } else {
                var value = PeerReadPoint.none
                yield &value
                if value != .none { extras.makeStorage().peerRead = value }
            }
        }
    }

    /// Creates an empty conversation with no messages.
    package init(id: ConversationID, profile: ConversationProfile = ConversationProfile(), orderKey: UInt64 = 0) {
        self.target = id.target
        self.kind = id.kind
        self.isPinned = false
        self.receiveOption = .receive
        self.hidesUnread = false
        self.lastMessage = nil
        self.lastSeq = 0
        self.readSeq = 0
        self.readTimestamp = 0
        self.unread = 0
        self.marks = []
        self.orderKey = orderKey
        // Most conversations start with no profile: no box, and no trip through `profile`'s accessor.
        if profile != ConversationProfile() { extras.makeStorage().profile = profile }
    }

    /// Whether any of the rarely set fields is set: they then live in a box shared by copies.
    var hasExtras: Bool { extras.storage != nil }

    /// Notes that a message above the read cursor that counted as unread was removed from local
    /// storage (see `hidesUnread`).
    mutating func hideRemovedUnread(seq: UInt64) {
        if seq > readSeq { hidesUnread = true }
    }

    /// Clears `hidesUnread` once the read cursor reached `lastSeq` (after the cursor moved).
    mutating func forgetHiddenUnreadIfAllRead() {
        if readSeq >= lastSeq { hidesUnread = false }
    }

    /// Whether its messages count as unread (`ConversationProfile.keepsUnreadCount`), read without
    /// copying the profile out.
    package var keepsUnreadCount: Bool { extras.storage.map { $0.profile.keepsUnreadCount } ?? true }

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
