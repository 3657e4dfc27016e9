import Foundation

/// Something the server tells a connection without being asked.
public enum IMPush: Hashable, Codable, Sendable {
    /// A new message for this user (sent to them, to one of their groups, or by them from any of
    /// their devices), with the conversation's profile as this user sees it.
    case newMessage(Message, profile: ConversationProfile)
    /// The user's read cursor moved (a read on any of the user's devices).
    case readCursor(ConversationID, seq: UInt64)
    /// The pin state changed (on any of the user's devices).
    case pinned(ConversationID, Bool)
    /// The receive option changed (on any of the user's devices).
    case receiveOption(ConversationID, ReceiveOption)
    /// The conversation was deleted (on any device of the user); with `clearingMessages` its
    /// messages were deleted too, else devices keep theirs.
    case conversationDeleted(ConversationID, clearingMessages: Bool)
    /// A profile the conversation shows changed (nickname, remark, group name, face URL).
    case profile(ConversationID, ConversationProfile)
    /// The synced draft changed (on a device that syncs drafts).
    case draft(ConversationID, DraftChange)
    /// A message of the conversation was revoked (its sender revoked it, from any device); the
    /// message as it is now (status `.revoked`).
    case messageRevoked(Message)
    /// The peer of a C2C conversation read my messages up to this point (a read receipt).
    case peerRead(ConversationID, PeerReadPoint)
    /// The user deleted every message of the conversation up to `upToSeq` (from any device); the
    /// conversation stays, with no last message and nothing unread.
    case historyCleared(ConversationID, upToSeq: UInt64)
    /// The marks of the conversation changed (on any of the user's devices): the whole set after it.
    case marks(ConversationID, UInt64)
    /// The custom data of the conversation changed (on any of the user's devices; nil: cleared).
    case customData(ConversationID, Data?)
    /// Conversation group `id` changed (created, renamed, conversations added or removed) on any of
    /// the user's devices: the group after it, nil when it was deleted.
    case conversationGroup(id: UInt64, ConversationGroup?)
    /// The user's receive option for every conversation changed (on any of the user's devices):
    /// the option after it. Pushed with version 0 (outside the sync versions: a device offline
    /// then does not hear of it, and reads the option when it asks), and only on connections of
    /// protocol version 3 or later.
    case globalReceiveOption(GlobalReceiveOption)
    /// Receivers read messages of mine that asked for read receipts (`IMRequest.sendReadReceipts`):
    /// each message's receipts after it. Pushed with version 0 (outside the sync versions: a
    /// device offline then does not hear of it, and reads the receipts when it asks), and only on
    /// connections of protocol version 5 or later.
    case messageReadReceipts([MessageReadReceipt])
    /// A message of the conversation was changed (`IMRequest.modifyMessage`, by any member, from
    /// any device): the message as it is now. Only on connections of protocol version 5 or later.
    case messageModified(Message)
    /// An online message (`OutgoingMessage.onlineUserOnly`) to or from this user, with
    /// the conversation's profile as this user sees it: sequence 0, stored nowhere, changing no
    /// conversation. Pushed with version 0 to the devices online when it was sent, and only on
    /// connections of protocol version 6 or later.
    case onlineMessage(Message, profile: ConversationProfile)

    /// The first protocol version whose peers decode this push (PROTOCOL.md, "Versioning").
    public var protocolVersion: Int {
        switch self {
        case .globalReceiveOption: 3
        case .messageReadReceipts, .messageModified: IMWireFraming.readReceiptVersion
        case .onlineMessage: IMWireFraming.onlineMessageVersion
        default: 1
        }
    }
}
