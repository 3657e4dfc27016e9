/// How far the receivers of one message have read it: the read receipts of a message that asked
/// for them (`Message.needReadReceipt`), as the server counts them (V2 `V2TIMMessageReceipt`).
///
/// A receiver tells the server they read the message (`IMRequest.sendReadReceipts`); the server
/// counts each receiver once. In a group, `unreadCount` is the group's members now who have not
/// (the sender left out); in a C2C conversation the peer has read (`readCount` 1) or not (0, and
/// `unreadCount` 1). A message that did not ask for receipts has every count 0.
/// - Thread safety: a value type, `Sendable`.
public struct MessageReadReceipt: Hashable, Codable, Sendable {
    /// The message's conversation, from the side of the user the receipt is handed to.
    public var conversationID: ConversationID
    /// The message's server sequence in it.
    public var seq: UInt64
    /// The message's ID.
    public var messageID: String
    /// How many receivers have read it.
    public var readCount: Int
    /// How many receivers have not.
    public var unreadCount: Int
    /// The server time (seconds) of the newest receipt; 0 before the first.
    public var timestamp: UInt64

    public init(
        conversationID: ConversationID, seq: UInt64, messageID: String, readCount: Int, unreadCount: Int,
        timestamp: UInt64
    ) {
        self.conversationID = conversationID
        self.seq = seq
        self.messageID = messageID
        self.readCount = readCount
        self.unreadCount = unreadCount
        self.timestamp = timestamp
    }
}

/// A group member as a list of readers shows them (`IMResponse.members`): the user's ID, nickname
/// and face URL, and the asking user's friend remark for them (nil: none).
/// - Thread safety: a value type, `Sendable`.
public struct MemberProfile: Hashable, Codable, Sendable {
    public var userID: String
    public var nickname: String?
    public var faceURL: String?
    public var remark: String?

    public init(userID: String, nickname: String? = nil, faceURL: String? = nil, remark: String? = nil) {
        self.userID = userID
        self.nickname = nickname
        self.faceURL = faceURL
        self.remark = remark
    }
}
