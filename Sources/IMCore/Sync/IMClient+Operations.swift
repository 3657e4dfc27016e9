/// The operations both API facades share: each validates, asks the server, then applies the
/// server's answer to the store as one batch. Completions run on the callback queue after the
/// batch's event.
extension IMClient {
    /// Reports reads (`(conversation, up to seq)`, `UInt64.max` for everything) to the server and
    /// moves the local cursors, all in one batch.
    ///
    /// Under `.roaming` a cursor moves to what the server answered (it may know of later reads);
    /// under `.autoReport` to what was asked (the server's cursor also counts pulled messages).
    /// Fails with the first error; the reads that succeeded are applied.
    package func markRead(
        _ reads: [(ConversationID, UInt64)], completion: @escaping @Sendable (Result<Void, IMError>) -> Void
    ) {
        let policy = readPolicy
        execute(reads.map { .markRead($0.0, upTo: $0.1) }, apply: { store, results throws(IMError) in
            var firstError: IMError?
            for ((id, asked), result) in zip(reads, results) {
                switch result {
                case .success(.readSeq(let answered)):
                    store.markRead(id, upTo: policy == .roaming ? answered : asked)
                case .success:
                    firstError = firstError ?? IMError(.networkFailure, "unexpected answer to a read report")
                case .failure(let error):
                    firstError = firstError ?? error
                }
            }
            if let firstError { throw firstError }
        }, completion: completion)
    }

    /// Pins or unpins `id` (at most `ConversationStore.maxPinned`); roams to the user's other devices.
    package func setPinned(
        _ id: ConversationID, _ pinned: Bool, completion: @escaping @Sendable (Result<Void, IMError>) -> Void
    ) {
        do throws(IMError) {
            try read { store throws(IMError) in try store.checkCanPin(id, pinned) }
        } catch {
            deliver { completion(.failure(error)) }
            return
        }
        execute([.setPinned(id, pinned)], apply: { store, results throws(IMError) in
            _ = try results[0].get()
            try store.setPinned(id, pinned)
        }, completion: completion)
    }

    /// Sets the receive option of `ids`; roams.
    package func setReceiveOption(
        _ ids: [ConversationID], _ option: ReceiveOption,
        completion: @escaping @Sendable (Result<Void, IMError>) -> Void
    ) {
        execute([.setReceiveOption(ids, option)], apply: { store, results throws(IMError) in
            _ = try results[0].get()
            for id in ids { store.setReceiveOption(id, option) }
        }, completion: completion)
    }

    /// Deletes conversations on the server and here; each gets its own result.
    ///
    /// A conversation that is not in the list gets 6004 and no request: deleting it on the server
    /// would still move its cursors there.
    /// - Parameter clearingMessages: also delete their messages (locally and on the server); without,
    ///   the messages stay and come back, read, with the conversation.
    package func deleteConversations(
        _ ids: [ConversationID], clearingMessages: Bool,
        completion: @escaping @Sendable (Result<[Result<Void, IMError>], IMError>) -> Void
    ) {
        let known = read { store in ids.map { store.conversation($0) != nil } }
        let requested = zip(ids, known).filter(\.1).map(\.0)
        execute(requested.map { .deleteConversation($0, clearingMessages: clearingMessages) }, apply: { store, results in
            var answers = results.makeIterator()
            return zip(ids, known).map { id, isKnown -> Result<Void, IMError> in
                guard isKnown, let result = answers.next() else {
                    return .failure(IMError(.invalidConversation, "conversation \(id) does not exist"))
                }
                return result.map { _ in store.delete(id, keepingMessages: !clearingMessages) }
            }
        }, completion: completion)
    }

    /// Saves or clears the draft of `id` locally (creating the conversation first when
    /// `creating`, as a legacy handle may); with drafts synced, offers it to the user's other devices
    /// too, and takes the server's draft when a newer one won.
    package func saveDraft(_ id: ConversationID, _ text: String?, creating: Bool) throws(IMError) {
        let now = clock()
        let draft = text.flatMap { $0.isEmpty ? nil : Draft(text: $0, timestamp: now) }
        let saved = try write { store throws(IMError) -> Bool in
            if creating {
                // Clearing the draft of a conversation that does not exist creates nothing.
                guard draft != nil || store.conversation(id) != nil else { return false }
                store.createIfMissing(id)
            }
            try store.setDraft(id, draft)
            return true
        }
        guard saved, syncsDrafts, id.kind != .system else { return }
        perform(.setDraft(id, DraftChange(text: draft?.text, timestamp: now))) { [self] result in
            switch result {
            case .success(.draft(let kept)):
                write { $0.applyRemoteDraft(id, kept) }
            case .success:
                logger.log(.warning, "unexpected answer to a draft of \(id)")
            case .failure(let error):
                logger.log(.warning, "syncing the draft of \(id) failed: \(error); the next change or sync carries it")
            }
        }
    }

    /// Sends a message: it shows at once as the last message (sending), then as sent or failed.
    ///
    /// - Parameter willSend: called with the message as it is while being sent (its ID, local time,
    ///   status `.sending`) before the request leaves, so the caller can show it before `completion`.
    package func send(
        _ outgoing: OutgoingMessage, willSend: (Message) -> Void = { _ in },
        completion: @escaping @Sendable (Result<Message, IMError>) -> Void
    ) {
        let pending = Message(
            id: outgoing.id, seq: 0, random: outgoing.random, timestamp: clock(), sender: userID,
            receiver: outgoing.receiver, content: outgoing.content, atUserIDs: outgoing.atUserIDs,
            atAll: outgoing.atAll, isExcludedFromUnreadCount: outgoing.isExcludedFromUnreadCount,
            isExcludedFromLastMessage: outgoing.isExcludedFromLastMessage, status: .sending)
        write { $0.addSending(pending) }
        willSend(pending)
        execute([.sendMessage(outgoing)], apply: { store, results throws(IMError) -> Message in
            switch results[0] {
            case .success(.message(let stored)):
                store.receive(stored, isNew: false)
                return stored
            case .success:
                store.failSending(pending)
                throw IMError(.networkFailure, "unexpected answer to a send")
            case .failure(let error):
                store.failSending(pending)
                throw error
            }
        }, completion: completion)
    }

    /// Up to `count` messages of `id` older than `beforeSeq` (nil: the newest), newest first, from
    /// the server, with the local read cursor of `id` at the time of the answer.
    package func history(
        _ id: ConversationID, before beforeSeq: UInt64?, count: Int,
        completion: @escaping @Sendable (Result<(messages: [Message], readSeq: UInt64), IMError>) -> Void
    ) {
        execute([.history(id, beforeSeq: beforeSeq, count: count)], apply: { store, results throws(IMError) in
            guard case .messages(let messages) = try results[0].get() else {
                throw IMError(.networkFailure, "unexpected answer to a history request")
            }
            return (messages, store.conversation(id)?.readSeq ?? 0)
        }, completion: completion)
    }
}
