import IMCore
import IMTransportKit

/// The legacy message operations that change a conversation's row (revoke, delete, delete local
/// messages) and the peer's read point (`isPeerReaded`).
extension LegacyBridge {
    /// The most messages one legacy `deleteMessages` call may name (the 5.x header's limit).
    package static let maxDeletedMessages = 30

    /// Revokes `message` of `id` (`TIMConversation.revokeMessage`): 6013 before `initSdk`, 6014 when
    /// logged out, 6017 for a message never sent, of another conversation, or, in C2C, not mine;
    /// then the server's answer (see `IMClient.revoke(_:completion:)`).
    package func revoke(
        _ message: Message, in id: ConversationID, completion: @escaping @Sendable (Result<Message, IMError>) -> Void
    ) -> Int32 {
        guard let client else { return fail(noSession) { completion(.failure($0!)) } }
        guard message.seq > 0, message.conversationID(selfUserID: client.userID) == id,
              id.kind == .group || message.sender.isSameID(as: client.userID) else {
            let error = IMError(.invalidParameters, "only a sent message of this conversation (in C2C, your own) can be revoked")
            return fail(error) { completion(.failure($0!)) }
        }
        client.revoke(message, completion: completion)
        return 0
    }

    /// Deletes `messages` of `id` here and from the cloud history (`TIMConversation.deleteMessages`):
    /// 6013 before `initSdk`, 6014 when logged out, 6017 for no messages, more than
    /// `maxDeletedMessages`, one never stored or still being sent, or one of another conversation;
    /// then the server's answer (see `IMClient.deleteMessages(_:in:completion:)`).
    package func deleteMessages(
        _ messages: [Message?], in id: ConversationID, completion: @escaping @Sendable (IMError?) -> Void
    ) -> Int32 {
        guard let client else { return fail(noSession, completion) }
        let stored = messages.compactMap { $0 }
        guard !messages.isEmpty, messages.count <= Self.maxDeletedMessages, stored.count == messages.count,
              stored.allSatisfy({ $0.status != .sending && $0.conversationID(selfUserID: client.userID) == id })
        else {
            let error = IMError(.invalidParameters, "delete 1 to \(Self.maxDeletedMessages) stored messages of this "
                + "conversation, none being sent")
            return fail(error, completion)
        }
        client.deleteMessages(stored, in: id) { completion($0.error) }
        return 0
    }

    /// Removes every message of `id` from local storage only (`TIMConversation.deleteLocalMessage`;
    /// also on a store `initStorage` opened): 6013 before `initSdk`, 6014 when no store is open, 6022
    /// when the removal could not be stored (it stands). A conversation that does not exist has
    /// nothing to remove: success.
    package func deleteLocalMessages(of id: ConversationID, completion: @escaping @Sendable (IMError?) -> Void) -> Int32 {
        guard let client = localClient else { return fail(noSession, completion) }
        do throws(IMError) {
            try client.removeAllLocalMessages(of: id)
        } catch where error.code == .invalidConversation {
            // Nothing stored for it: nothing to remove.
        } catch {
            return fail(error, completion)
        }
        client.deliver { completion(nil) }
        return 0
    }

    /// Whether the peer of `id` has read `message` (a C2C message of mine), from how far the peer
    /// read now; false when no store is open.
    package func isPeerRead(_ message: Message, in id: ConversationID) -> Bool {
        guard let client = localClient else { return false }
        let peerRead = client.read { $0.conversation(id)?.peerRead } ?? .none
        return message.isPeerRead(by: client.userID, peerRead: peerRead)
    }
}
