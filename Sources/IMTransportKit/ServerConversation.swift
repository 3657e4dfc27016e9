import Foundation

/// One conversation as the server keeps it for one user.
public struct ServerConversation: Hashable, Codable, Sendable {
    public var id: ConversationID
    public var profile: ConversationProfile
    /// The newest message that is not excluded from "last message".
    public var lastMessage: Message?
    /// When `lastMessage` is nil although the conversation had one (its history was cleared): the
    /// server time (seconds) of that last message, which places the conversation in a list it
    /// enters from this state where it stood; nil otherwise. Absent from the wire when nil, so
    /// older peers read and write states as before.
    public var activityTimestamp: UInt64?
    /// The highest sequence delivered to this user in this conversation.
    public var lastSeq: UInt64
    /// The user's read cursor on the server.
    public var readSeq: UInt64
    /// The messages above the read cursor that count as unread for this user, oldest first; in an
    /// answer that bounds them, only the newest (see `omittedUnreadCount`).
    public var unreadMessages: [Message]
    /// How many unread messages older than those in `unreadMessages` an answer left out: to stay
    /// within its byte budget (a sync page, the cloud list, a `.conversations` answer), and, in a
    /// sync page after version v, those delivered by v, which the device asking holds already; nil
    /// or 0: none. A device fetches those it lacks (`.deliveredHistory`) before it applies the state. Absent
    /// from the wire when nil, so older peers read and write states as before.
    public var omittedUnreadCount: Int?

    /// How many messages count as unread for this user: those carried and those left out.
    public var unreadCount: Int { unreadMessages.count + (omittedUnreadCount ?? 0) }
    public var isPinned: Bool
    public var receiveOption: ReceiveOption
    /// The synced draft (only for clients that sync drafts), nil when never synced.
    public var draft: DraftChange?
    /// In a sync: every message delivered to the user in this conversation after the version asked
    /// (from 0: after the connection asking opened; the cloud list brings no older backlog), oldest
    /// first, which a device announces as new unless it has it already or sent it. Empty elsewhere.
    public var newMessages: [Message]
    /// In a sync: the messages of the conversation revoked after the version asked (as they are
    /// now), in the order they were revoked, which a device announces unless it revoked them itself.
    /// Empty from 0 and elsewhere.
    public var revokedMessages: [Message]
    /// In a sync: the messages of the conversation changed after the version asked
    /// (`IMRequest.modifyMessage`; as they are now), in the order they were changed, which a device
    /// announces unless it changed them itself. Nil (absent from the wire) when none, and from a
    /// server of a version before 5.
    public var modifiedMessages: [Message]?
    /// C2C: how far the peer has read my messages (`PeerReadPoint.none` for groups and before any read).
    public var peerRead: PeerReadPoint
    /// The sequence up to which the user deleted the conversation's history (`clearHistory`, or a
    /// deletion with its messages); 0: never. A device drops its messages up to it.
    public var clearedSeq: UInt64
    /// The user's marks on the conversation (the V2 mark bits).
    public var marks: UInt64
    /// The user's custom data of the conversation (at most 256 bytes), nil when none.
    public var customData: Data?

    /// The hide mark, which a new message in the conversation clears.
    public static let hideMark: UInt64 = 0x8

    public init(
        id: ConversationID, profile: ConversationProfile, lastMessage: Message?, lastSeq: UInt64,
        readSeq: UInt64, unreadMessages: [Message], isPinned: Bool, receiveOption: ReceiveOption,
        draft: DraftChange? = nil, newMessages: [Message] = [], revokedMessages: [Message] = [],
        peerRead: PeerReadPoint = .none, clearedSeq: UInt64 = 0, marks: UInt64 = 0, customData: Data? = nil
    ) {
        self.revokedMessages = revokedMessages
        self.peerRead = peerRead
        self.clearedSeq = clearedSeq
        self.marks = marks
        self.customData = customData
        self.draft = draft
        self.newMessages = newMessages
        self.id = id
        self.profile = profile
        self.lastMessage = lastMessage
        self.lastSeq = lastSeq
        self.readSeq = readSeq
        self.unreadMessages = unreadMessages
        self.isPinned = isPinned
        self.receiveOption = receiveOption
    }
}
