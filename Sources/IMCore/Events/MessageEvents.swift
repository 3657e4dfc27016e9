import IMTransportKit

/// What one batch did to messages besides bringing new ones, for the message listeners, in order:
/// revokes (V2 `onRecvMessageRevoked`, legacy `onRevokeMessage`), the peer's read receipts
/// (V2 `onRecvC2CReadReceipt`, legacy `onRecvMessageReceipts`) and changed messages (V2
/// `onRecvMessageModified`, legacy `onMessageUpdate`).
/// - Thread safety: a value type, `Sendable`.
package struct MessageEvents: Sendable {
    /// A C2C peer read my messages further.
    package struct Receipt: Hashable, Sendable {
        /// The C2C conversation with the peer who read.
        package var conversationID: ConversationID
        /// How far the peer has read now.
        package var point: PeerReadPoint
    }

    /// Messages revoked, as they are now (status `.revoked`): by their sender on another device, or
    /// by a peer or group member. Never one this device revoked itself.
    package var revoked: [Message] = []
    /// Read receipts of C2C peers.
    package var receipts: [Receipt] = []
    /// Messages changed (`modifyMessage`), as they are now: by anyone in the conversation, on any
    /// device but this one. Never one this device changed itself.
    package var modified: [Message] = []

    package init() {}

    /// Whether nothing happened.
    package var isEmpty: Bool { revoked.isEmpty && receipts.isEmpty && modified.isEmpty }
}
