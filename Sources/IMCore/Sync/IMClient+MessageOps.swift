import IMTransportKit

/// The message operations both facades share that change a conversation's row (revoke, delete,
/// clear), and applying what the server says of them (pushes and sync pages).
///
/// A revoke made on this device is never announced here as a revoke (its caller hears `succ`); its
/// push reaches the user's other devices, which announce it, as do the peer's (or the members').
extension IMClient {
    /// The most messages one `deleteMessages` call may name (the vendor's limit; the legacy
    /// `TIMConversation.deleteMessages` allows 30).
    package static let maxDeletedMessages = 50

    // MARK: - Applying the server's word

    /// Applies one push of a revoke, a change of a message, a read receipt or a cleared history
    /// (inside a batch of pushes).
    func applyMessagePush(_ push: IMPush, _ state: inout State) {
        switch push {
        case .messageRevoked(let message):
            state.store.applyRevoke(message, announcing: !takeRevokedHere(message, &state))
        case .messageModified(let message):
            state.store.applyModify(message, announcing: !takeModifiedHere(message, &state))
        case .peerRead(let id, let point):
            state.store.applyPeerRead(id, point, announcing: true)
        case .historyCleared(let id, let seq):
            state.store.clearHistory(id, upTo: seq, includingLocal: false)
        default:
            assertionFailure("not a message push: \(push)")
        }
    }

    /// Applies what a sync page says of one conversation's messages besides new ones: the changes
    /// and revokes made since the version asked (announced with `announcing`, never those of this
    /// device), the
    /// history cleared up to `clearedSeq`, and the peer's read point (a receipt with `announcing`).
    func applySyncedMessageState(_ server: ServerConversation, announcing: Bool, _ state: inout State) {
        // Changes first: a message changed and then revoked comes as it is now in both lists.
        for message in server.modifiedMessages ?? [] {
            state.store.applyModify(message, announcing: announcing && !takeModifiedHere(message, &state))
        }
        for message in server.revokedMessages {
            state.store.applyRevoke(message, announcing: announcing && !takeRevokedHere(message, &state))
        }
        if server.clearedSeq > 0 {
            state.store.clearHistory(server.id, upTo: server.clearedSeq, includingLocal: false)
        }
        state.store.applyPeerRead(server.id, server.peerRead, announcing: announcing)
    }

    /// Whether `message` is one this device is revoking: it then stops waiting for its revoke.
    private func takeRevokedHere(_ message: Message, _ state: inout State) -> Bool {
        message.sender.isSameID(as: userID) && state.revokesAwaitingPush.remove(message.id) != nil
    }

    /// Whether `message`, as it is now, is a change this device made: it then stops waiting for it.
    private func takeModifiedHere(_ message: Message, _ state: inout State) -> Bool {
        state.modifiesAwaitingPush.remove(ModifiedHere(message)) != nil
    }

    // MARK: - Operations

    /// Revokes `message` (a sent message of mine) for everyone: the server marks it revoked and
    /// tells every device of everyone who has the conversation; here it shows revoked once the
    /// server agreed (no longer unread; the last message stays, revoked), with no revoke event.
    ///
    /// - Parameter completion: on the callback queue, after the batch's event, with the message as
    ///   revoked; or the error: `invalidParameters` (6017) for a message never sent (being sent,
    ///   failed, imported) or, in C2C, not mine; the server's (time limit, not found, not the
    ///   sender in a group); `ioOperationFailed` (6022) when the revoke could not be stored.
    package func revoke(_ message: Message, completion: @escaping @Sendable (Result<Message, IMError>) -> Void) {
        let id = message.conversationID(selfUserID: userID)
        guard message.seq > 0 else {
            deliver { completion(.failure(IMError(.invalidParameters, "only a sent message can be revoked"))) }
            return
        }
        guard id.kind == .group || message.sender.isSameID(as: userID) else {
            deliver { completion(.failure(IMError(.invalidParameters, "only your own C2C messages can be revoked"))) }
            return
        }
        withState { _ = $0.revokesAwaitingPush.insert(message.id) }
        execute([.revokeMessage(id, seq: message.seq, messageID: message.id)], apply: { store, results throws(IMError) in
            guard case .message(let revoked) = try results[0].get() else {
                throw IMError(.networkFailure, "unexpected answer to a revoke")
            }
            store.applyRevoke(revoked, announcing: false)
            return revoked
        }, completion: { [weak self] result in
            if case .failure = result { self?.withState { _ = $0.revokesAwaitingPush.remove(message.id) } }
            completion(result)
        })
    }

    /// Changes `message` (a sent message of the conversation, as this device holds it) to `edit` for
    /// everyone: the server changes it and tells every device of everyone who has the
    /// conversation; here it shows changed once the server agreed, with no change event.
    ///
    /// - Parameter completion: on the callback queue, after the batch's event, with the message as
    ///   changed; or the error with the message as the server holds it when it can be read (nil
    ///   otherwise): `invalidParameters` (6017) for a message never sent (being sent, failed,
    ///   imported); the server's (8006 when someone changed it first, a revoked or deleted
    ///   message, a content of another kind, a chat room, not a member); `interfaceNotSupported`
    ///   (7013) from a server of a protocol version before 5; `ioOperationFailed` (6022) when the
    ///   change could not be stored.
    package func modify(
        _ message: Message, to edit: MessageEdit,
        completion: @escaping @Sendable (Result<Message, IMError>, _ current: Message?) -> Void
    ) {
        let id = message.conversationID(selfUserID: userID)
        guard message.seq > 0, !message.isLocalImport else {
            deliver { completion(.failure(IMError(.invalidParameters, "only a sent message can be changed")), nil) }
            return
        }
        do throws(IMError) {
            try Self.checkBodySize(edit.content)
            try requireProtocolVersion(IMWireFraming.readReceiptVersion, "cannot change messages")
        } catch {
            deliver { completion(.failure(error), nil) }
            return
        }
        var changed = message
        (changed.content, changed.cloudCustomData) = (edit.content, edit.cloudCustomData)
        let awaited = ModifiedHere(changed)
        withState { _ = $0.modifiesAwaitingPush.insert(awaited) }
        let request = IMRequest.modifyMessage(
            id, seq: message.seq, messageID: message.id, expected: MessageEdit(of: message), edit: edit)
        execute([request], apply: { store, results throws(IMError) in
            guard case .message(let modified) = try results[0].get() else {
                throw IMError(.networkFailure, "unexpected answer to a change of a message")
            }
            store.applyModify(modified, announcing: false)
            return modified
        }, completion: { [weak self] result in
            guard let self, case .failure(let error) = result else { return completion(result, nil) }
            self.withState { _ = $0.modifiesAwaitingPush.remove(awaited) }
            guard error.code == .messageModifyConflict else { return completion(result, nil) }
            // Someone changed it first: hand over the message as the server holds it now.
            self.perform(.history(id, beforeSeq: message.seq + 1, count: 1)) { answer in
                let current: Message? = if case .success(.messages(let page)) = answer { page.first { $0.seq == message.seq } } else { nil }
                self.deliver { completion(result, current) }
            }
        })
    }

    /// Deletes `messages` of conversation `id` here and from the user's cloud history: the server
    /// forgets the sent ones (the history and a device syncing from nothing leave them out; the
    /// user's other devices keep their copies, as the vendor documents), then this store removes
    /// each as `ConversationStore.forgetMessage(_:in:)` does. Messages never sent (failed,
    /// imported) are removed here only; with none sent, no request is made.
    ///
    /// - Parameter completion: on the callback queue, after the batch's event: the server's error,
    ///   or `ioOperationFailed` (6022) when the removal could not be stored. The caller checks the
    ///   count and that every message is of `id` and not being sent.
    package func deleteMessages(
        _ messages: [Message], in id: ConversationID, completion: @escaping @Sendable (Result<Void, IMError>) -> Void
    ) {
        let seqs = messages.filter { $0.seq > 0 }.map(\.seq)
        let requests = seqs.isEmpty || id.kind == .system ? [] : [IMRequest.deleteMessages(id, seqs: seqs)]
        execute(requests, apply: { store, results throws(IMError) in
            if let answer = results.first { _ = try answer.get() }
            for message in messages {
                do throws(IMError) {
                    try store.forgetMessage(message, in: id)
                } catch {
                    continue  // Removed here already, or the conversation is gone here.
                }
            }
        }, completion: completion)
    }

    /// Deletes every message of conversation `id` here and from the user's cloud history, keeping
    /// the conversation in its place with no last message and nothing unread; the user's other
    /// devices drop them too (the server tells them). Messages being sent stay; imported messages
    /// and failed sends go.
    ///
    /// - Parameter completion: on the callback queue, after the batch's event: `invalidConversation`
    ///   (6004) when `id` is not in the list (no request is made), the server's error, or
    ///   `ioOperationFailed` (6022) when the change could not be stored.
    package func clearHistory(_ id: ConversationID, completion: @escaping @Sendable (Result<Void, IMError>) -> Void) {
        guard read({ $0.conversation(id) }) != nil else {
            deliver { completion(.failure(IMError(.invalidConversation, "conversation \(id) does not exist"))) }
            return
        }
        execute([.clearHistory(id)], apply: { store, results throws(IMError) in
            _ = try results[0].get()
            // The server's push dropped its messages; the local ones (imports, failed sends) go too.
            let upTo = store.conversation(id)?.lastSeq ?? 0
            store.clearHistory(id, upTo: upTo, includingLocal: true)
        }, completion: completion)
    }

    /// Removes `message` from the local storage of `id`; see `ConversationStore.forgetMessage(_:in:)`.
    /// - Throws: its errors, and `ioOperationFailed` (6022) when the removal could not be stored.
    package func forgetMessage(_ message: Message, in id: ConversationID) throws(IMError) {
        try writeDurably { store throws(IMError) in try store.forgetMessage(message, in: id) }
    }

    /// Removes every message of `id` from local storage only (legacy `deleteLocalMessage`); see
    /// `ConversationStore.removeAllMessages(of:)`. No server request.
    /// - Throws: `invalidConversation` (6004) when `id` does not exist; `ioOperationFailed` (6022)
    ///   when the removal could not be stored (it stands, see `writeDurably(_:)`).
    package func removeAllLocalMessages(of id: ConversationID) throws(IMError) {
        try writeDurably { store throws(IMError) in try store.removeAllMessages(of: id) }
    }
}

/// A change of a message made on this device (`IMClient.modify`): the message's conversation,
/// sequence and what the change left, to recognise its push (or a sync carrying it) and not
/// announce it.
struct ModifiedHere: Hashable, Sendable {
    let messageID: String
    let seq: UInt64
    let edit: MessageEdit

    init(_ message: Message) {
        (messageID, seq, edit) = (message.id, message.seq, MessageEdit(of: message))
    }
}
