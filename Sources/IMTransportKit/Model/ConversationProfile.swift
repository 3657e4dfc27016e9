/// What the server knows about the other side of a conversation, as one user sees it.
///
/// For C2C: the peer's nickname and face URL and my remark for them. For a group: its name, face URL
/// and type. Facades derive the display name from these (V2 `showName` rules).
public struct ConversationProfile: Hashable, Codable, Sendable {
    /// Nickname (C2C) or group name.
    public var name: String?
    /// My friend remark for the peer (C2C only).
    public var remark: String?
    public var faceURL: String?
    /// The group type ("Work", "Public", "Meeting", "AVChatRoom", ...), groups only.
    public var groupType: String?

    public init(name: String? = nil, remark: String? = nil, faceURL: String? = nil, groupType: String? = nil) {
        self.name = name
        self.remark = remark
        self.faceURL = faceURL
        self.groupType = groupType
    }

    /// The group type of live-broadcast chat rooms, whose messages never count as unread (on the
    /// server and on devices alike).
    public static let chatRoomGroupType = "AVChatRoom"

    /// Whether messages of this conversation count as unread (not in a chat room).
    public var keepsUnreadCount: Bool { groupType != Self.chatRoomGroupType }
}
