import Foundation
import IMTransportKit

/// A read receipt: of a C2C conversation (`onRecvC2CReadReceipt`: the peer marked it read with
/// `markC2CMessage(asRead:)` or `cleanConversationUnreadMessageCount`, on any of their devices), or
/// of one message that asked for receipts (`needReadReceipt`; `onRecvMessageReadReceipts`,
/// `getMessageReadReceipts`).
///
/// An open `NSObject` subclass with implicitly unwrapped object properties, as the vendor's (apps
/// subclass it). For a C2C conversation's receipt `msgID` is nil, `userID` names the peer,
/// `isPeerRead` is true and `timestamp` is the server time of the newest message the peer has read:
/// every message sent at or before it is read. For a message's receipt `msgID` names it; in C2C
/// `userID` names the peer, `isPeerRead` says whether they sent their receipt and `timestamp` is
/// when (0: not yet); in a group `groupID` names it, `readCount` is how many members read it and
/// `unreadCount` how many of its members now have not (its sender left out).
/// - Thread safety: not changed after the SDK hands it out.
open class V2TIMMessageReceipt: NSObject {
    /// The message the receipt is for; nil for a C2C conversation's receipt.
    public internal(set) var msgID: String!
    /// The peer (C2C).
    public internal(set) var userID: String!
    /// Whether the peer has read (C2C).
    public internal(set) var isPeerRead = false
    /// The server time (seconds) up to which the peer has read (a conversation's receipt), or of
    /// the peer's receipt for the message (a C2C message's).
    public internal(set) var timestamp: time_t = 0
    /// The group of a group message's receipt.
    public internal(set) var groupID: String!
    /// How many members read a group message.
    public internal(set) var readCount: Int32 = 0
    /// How many members have not read a group message.
    public internal(set) var unreadCount: Int32 = 0

    public override init() {}

    init(peer: String, timestamp: UInt64) {
        super.init()
        userID = peer
        isPeerRead = true
        self.timestamp = time_t(clamping: timestamp)
    }

    /// The receipt of one message, as the server counts it.
    init(_ receipt: MessageReadReceipt) {
        super.init()
        msgID = receipt.messageID
        switch receipt.conversationID.kind {
        case .group:
            groupID = receipt.conversationID.target
            readCount = Int32(clamping: receipt.readCount)
            unreadCount = Int32(clamping: receipt.unreadCount)
        case .c2c, .system:
            userID = receipt.conversationID.target
            isPeerRead = receipt.readCount > 0
            timestamp = time_t(clamping: receipt.timestamp)
        }
    }
}
