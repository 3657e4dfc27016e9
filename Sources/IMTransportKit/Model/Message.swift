import Foundation

/// Where a message was sent: to one user or to a group.
public enum MessageReceiver: Hashable, Codable, Sendable {
    case user(String)
    case group(String)
}

/// The payload of a message. Text is understood; anything else is carried opaquely.
public enum MessageContent: Hashable, Codable, Sendable {
    case text(String)
    /// Opaque data, with the description and extension the vendor's custom element carries (V2
    /// `V2TIMCustomElem.desc` / `extension`, legacy `TIMCustomElem.desc` / `ext`; nil: not set).
    /// Encoded without them when both are nil, as before they existed. Indirect, so that the two
    /// strings do not widen every message (and every conversation's last message) by 32 bytes.
    indirect case custom(Data, desc: String? = nil, ext: String? = nil)
    /// Another element type the core does not interpret (`type` is the vendor's element type).
    case other(type: Int32, payload: Data)

    /// The text, when the content is text.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}

/// The delivery state of a message, as the device that holds it sees it.
public enum MessageDeliveryStatus: UInt8, Hashable, Codable, Sendable {
    case sending = 1
    case sent = 2
    case failed = 3
    case deleted = 4
    /// Revoked by its sender (the vendor's `LOCAL_REVOKED`, 6): it stays in the history and may stay
    /// the last message, shown as revoked, and never counts as unread.
    case revoked = 6
}

/// One message as the core stores it.
///
/// `seq` is the server sequence inside its conversation (0 until the server accepted it);
/// `timestamp` is server time in seconds once sent.
/// - Thread safety: a value type, `Sendable`.
public struct Message: Hashable, Codable, Sendable {
    // The stored properties are ordered so that the one-byte ones fill what would be the receiver's
    // padding: with the boxed cloud data, a message is 120 bytes (a conversation with its last
    // message inline stays 192).
    public var id: String
    public var seq: UInt64
    public var timestamp: UInt64
    public var sender: String
    public var receiver: MessageReceiver
    /// Whether a group message @-mentions everyone.
    public var atAll: Bool
    public var isExcludedFromUnreadCount: Bool
    public var isExcludedFromLastMessage: Bool
    public var status: MessageDeliveryStatus
    /// `needReadReceipt`: nil for false, so that it is left out of the encoding when not set.
    private var receipts: Bool?
    public var random: UInt32
    public var content: MessageContent
    /// Users @-mentioned in a group message.
    public var atUserIDs: [String]
    /// `cloudCustomData`, boxed: most messages have none.
    private var cloudData: DataBox?

    /// Data the sender attached to the message, which the server keeps and hands out with it (V2
    /// `V2TIMMessage.cloudCustomData`); nil when none. Encoded as `cloudCustomData` (base64), and
    /// left out when nil.
    public var cloudCustomData: Data? {
        get { cloudData?.data }
        set { cloudData = newValue.map(DataBox.init) }
    }

    /// Whether the sender asked for read receipts (V2 `V2TIMMessage.needReadReceipt`): its
    /// receivers may tell the sender they read it (`IMRequest.sendReadReceipts`). Encoded as
    /// `needReadReceipt: true`, and left out when false.
    public var needReadReceipt: Bool {
        get { receipts == true }
        set { receipts = newValue ? true : nil }
    }

    private enum CodingKeys: String, CodingKey {
        case id, seq, timestamp, sender, receiver, atAll, isExcludedFromUnreadCount, isExcludedFromLastMessage
        case status, random, content, atUserIDs
        case cloudData = "cloudCustomData"
        case receipts = "needReadReceipt"
    }

    public init(
        id: String, seq: UInt64, random: UInt32 = 0, timestamp: UInt64, sender: String,
        receiver: MessageReceiver, content: MessageContent, atUserIDs: [String] = [], atAll: Bool = false,
        isExcludedFromUnreadCount: Bool = false, isExcludedFromLastMessage: Bool = false,
        status: MessageDeliveryStatus = .sent, cloudCustomData: Data? = nil, needReadReceipt: Bool = false
    ) {
        self.id = id
        self.seq = seq
        self.random = random
        self.timestamp = timestamp
        self.sender = sender
        self.receiver = receiver
        self.content = content
        self.atUserIDs = atUserIDs
        self.atAll = atAll
        self.isExcludedFromUnreadCount = isExcludedFromUnreadCount
        self.isExcludedFromLastMessage = isExcludedFromLastMessage
        self.status = status
        self.cloudData = cloudCustomData.map(DataBox.init)
        self.receipts = needReadReceipt ? true : nil
    }

    /// The message `outgoing` becomes once `sender` sends it: its ID, random, receiver, content,
    /// mentions, exclusions, cloud data and read-receipt request as asked, with `seq`, `timestamp` and `status` as given (0, the local
    /// time and `.sending` on the device that sends it; the next sequence, the server time and
    /// `.sent` on the server).
    public init(_ outgoing: OutgoingMessage, id: String? = nil, seq: UInt64, timestamp: UInt64, sender: String,
                status: MessageDeliveryStatus) {
        self.init(
            id: id ?? outgoing.id, seq: seq, random: outgoing.random, timestamp: timestamp, sender: sender,
            receiver: outgoing.receiver, content: outgoing.content, atUserIDs: outgoing.atUserIDs,
            atAll: outgoing.atAll, isExcludedFromUnreadCount: outgoing.isExcludedFromUnreadCount,
            isExcludedFromLastMessage: outgoing.isExcludedFromLastMessage, status: status,
            cloudCustomData: outgoing.cloudCustomData, needReadReceipt: outgoing.needReadReceipt)
    }

    /// The conversation this message belongs to, seen by `selfUserID`.
    ///
    /// A C2C message belongs to the conversation with the other party: the receiver when I sent it,
    /// the sender otherwise (user IDs compare by their bytes).
    public func conversationID(selfUserID: String) -> ConversationID {
        switch receiver {
        case .group(let groupID): return .group(groupID)
        case .user(let userID): return .c2c(sender.isSameID(as: selfUserID) ? userID : sender)
        }
    }
}

/// Bytes in a box shared by copies: what `Message` holds for its rarely set `cloudCustomData`, so
/// that a message without it pays one pointer. Immutable; encoded as the bytes themselves.
private final class DataBox: Hashable, Codable, Sendable {
    let data: Data

    init(_ data: Data) { self.data = data }

    init(from decoder: any Decoder) throws {
        data = try decoder.singleValueContainer().decode(Data.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(data)
    }

    static func == (lhs: DataBox, rhs: DataBox) -> Bool { lhs.data == rhs.data }
    func hash(into hasher: inout Hasher) { hasher.combine(data) }
}
