import Foundation

/// A message the client asks the server to send.
public struct OutgoingMessage: Hashable, Codable, Sendable {
    /// The client-made message ID; the server keeps it.
    public var id: String
    public var random: UInt32
    public var receiver: MessageReceiver
    public var content: MessageContent
    public var atUserIDs: [String]
    public var atAll: Bool
    public var isExcludedFromUnreadCount: Bool
    public var isExcludedFromLastMessage: Bool
    /// Data the message carries for every receiver (`Message.cloudCustomData`); nil: none.
    public var cloudCustomData: Data?
    /// `needReadReceipt`, nil for false (left out of the encoding, as before it existed).
    private var receipts: Bool?
    /// `onlineUserOnly`, nil for false (left out of the encoding, as before it existed).
    private var online: Bool?

    /// Whether the receivers may send read receipts (`Message.needReadReceipt`).
    public var needReadReceipt: Bool {
        get { receipts == true }
        set { receipts = newValue ? true : nil }
    }

    /// Whether only the receivers' (and the sender's other) devices online now get it (V2
    /// `sendMessage(onlineUserOnly:)`, legacy `sendOnlineMessage`; protocol version 6): the server
    /// stores nothing of it, no conversation changes, and it comes as the push `onlineMessage`,
    /// unnumbered, never in a sync or a history. For typing notices and other hints that are
    /// stale once missed.
    public var onlineUserOnly: Bool {
        get { online == true }
        set { online = newValue ? true : nil }
    }

    private enum CodingKeys: String, CodingKey {
        case id, random, receiver, content, atUserIDs, atAll, isExcludedFromUnreadCount, isExcludedFromLastMessage
        case cloudCustomData
        case receipts = "needReadReceipt"
        case online = "onlineUserOnly"
    }

    public init(
        id: String, random: UInt32 = 0, receiver: MessageReceiver, content: MessageContent,
        atUserIDs: [String] = [], atAll: Bool = false,
        isExcludedFromUnreadCount: Bool = false, isExcludedFromLastMessage: Bool = false,
        cloudCustomData: Data? = nil, needReadReceipt: Bool = false, onlineUserOnly: Bool = false
    ) {
        self.id = id
        self.random = random
        self.receiver = receiver
        self.content = content
        self.atUserIDs = atUserIDs
        self.atAll = atAll
        self.isExcludedFromUnreadCount = isExcludedFromUnreadCount
        self.isExcludedFromLastMessage = isExcludedFromLastMessage
        self.cloudCustomData = cloudCustomData
        self.receipts = needReadReceipt ? true : nil
        self.online = onlineUserOnly ? true : nil
    }
}
