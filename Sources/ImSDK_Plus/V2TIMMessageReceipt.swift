import Foundation

/// A read receipt, as `onRecvC2CReadReceipt` hands it: the peer of a C2C conversation marked it read
/// (`markC2CMessage(asRead:)`, `cleanConversationUnreadMessageCount`, on any of their devices).
///
/// An open `NSObject` subclass with implicitly unwrapped object properties, as the vendor's (apps
/// subclass it). For a C2C receipt `msgID` is nil, `userID` names the peer, `isPeerRead` is true and
/// `timestamp` is the server time of the newest message the peer has read: every message sent at or
/// before it is read. Group read receipts (`groupID`, `readCount`, `unreadCount`) are not part of
/// this package: the SDK never makes one.
/// - Thread safety: not changed after the SDK hands it out.
open class V2TIMMessageReceipt: NSObject {
    /// The message the receipt is for; nil for a C2C conversation's receipt.
    public internal(set) var msgID: String!
    /// The peer who read (C2C).
    public internal(set) var userID: String!
    /// Whether the peer has read (C2C): true.
    public internal(set) var isPeerRead = false
    /// The server time (seconds) up to which the peer has read.
    public internal(set) var timestamp: time_t = 0
    /// The group of a group message's receipt (never made here).
    public internal(set) var groupID: String!
    /// How many members read a group message (never made here).
    public internal(set) var readCount: Int32 = 0
    /// How many members have not read a group message (never made here).
    public internal(set) var unreadCount: Int32 = 0

    public override init() {}

    init(peer: String, timestamp: UInt64) {
        super.init()
        userID = peer
        isPeerRead = true
        self.timestamp = time_t(clamping: timestamp)
    }
}
