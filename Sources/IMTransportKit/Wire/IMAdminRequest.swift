import Foundation

/// An administrative call to a server over the wire (`IMWireMessage.adminRequest`): what the
/// reference server's administrative API does in process, for a tool or a test in another process.
///
/// Only a connection that proved it holds the server's secret key may make them (PROTOCOL.md,
/// "Administrators").
public enum IMAdminRequest: Hashable, Codable, Sendable {
    /// Registers a user or updates their profile → `.ok`.
    case registerUser(String, nickname: String?, faceURL: String?)
    /// Sets `owner`'s remark for `friend` (empty: cleared) → `.ok`.
    case setFriendRemark(owner: String, friend: String, remark: String)
    /// Creates or replaces a group (`groupType`: "Work", "Public", "Meeting", "AVChatRoom") → `.ok`.
    case createGroup(String, name: String?, faceURL: String?, groupType: String, members: [String])
    /// Sends a message as `from`, as from a device that is not connected → `.message`.
    case send(OutgoingMessage, from: String)
    /// Ends the user's connections on `platform` (every platform: nil) → `.count`.
    case kickOffline(userID: String, platform: IMPlatform?)
    /// Expires the signatures the user logged in with so far → `.ok`.
    case expireUserSig(userID: String)
    /// Every conversation of the user as the server keeps it, ordered by ID → `.conversations`.
    case conversations(of: String)
    /// The user's current version → `.version`.
    case version(of: String)
    /// Revokes message `seq` that `from` sent in conversation `in` (as `from` sees it) → `.message`.
    case revokeMessage(seq: UInt64, from: String, in: ConversationID)
    /// `reader` reads their C2C conversation with `peer` up to `seq` → `.version` (the read cursor).
    case markC2CRead(reader: String, peer: String, upTo: UInt64)
    /// The server's epoch → `.epoch`.
    case epoch
}

/// The answer to an `IMAdminRequest`.
public enum IMAdminResponse: Hashable, Codable, Sendable {
    case ok
    case message(Message)
    case count(Int)
    case conversations([ServerConversation])
    case version(UInt64)
    case epoch(String)
}
