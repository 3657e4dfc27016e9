import Foundation
import IMTransportKit

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
    /// The legacy SYSTEM conversation is not on the server: its cursor moves here only.
    /// - Parameter skippingGone: whether a conversation the server no longer has (6004: another
    ///   device deleted it since this store last heard) is left out instead of failing the call.
    ///   For reads of every conversation (of a kind), whose caller named none of them: the
    ///   conversation is gone, and its deletion is on its way to this device. A read of a
    ///   conversation the caller named keeps the 6004.
    ///
    /// A read clears the "marked unread" mark (`ConversationMarks.unread`) of the conversations it
    /// covers; marks roam, so the same requests clear it on the server (`.setMarks`, 100
    /// conversations each), whose push tells the user's other devices. A failure there leaves the
    /// read as it is (the next sync brings the server's marks back).
    package func markRead(
        _ reads: [(ConversationID, UInt64)], skippingGone: Bool = false,
        completion: @escaping @Sendable (Result<Void, IMError>) -> Void
    ) {
        let policy = readPolicy
        let local = reads.filter { $0.0.kind == .system }
        let remote = reads.filter { $0.0.kind != .system }
        let markedUnread = read { store in
            Array(Set(remote.map(\.0).filter { store.conversation($0)?.marks.contains(.unread) == true })).sorted()
        }
        let clearMarks = stride(from: 0, to: markedUnread.count, by: 100).map { start in
            IMRequest.setMarks(
                Array(markedUnread[start..<min(start + 100, markedUnread.count)]),
                marks: ConversationMarks.unread.rawValue, enable: false)
        }
        execute(remote.map { .markRead($0.0, upTo: $0.1) } + clearMarks, apply: { store, results throws(IMError) in
            for (id, seq) in local { store.markRead(id, upTo: seq) }
            var firstError: IMError?
            for ((id, asked), result) in zip(remote, results) {
                switch result {
                case .success(.readSeq(let answered)):
                    store.markRead(id, upTo: policy == .roaming ? answered : asked)
                case .success:
                    firstError = firstError ?? IMError(.networkFailure, "unexpected answer to a read report")
                case .failure(let error) where skippingGone && error.code == .invalidConversation:
                    continue
                case .failure(let error):
                    firstError = firstError ?? error
                }
            }
            if let firstError { throw firstError }
        }, completion: completion)
    }

    /// Pins or unpins `id` (at most `ConversationStore.maxPinned`); roams to the user's other devices.
    /// A pin past the limit fails with 50002 (`limitExceeded`), from this store's check or from the
    /// server's when the store has not heard of every pin yet.
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

    /// Deletes conversations from the list, on the server, then here for those the server agreed
    /// to delete (V2); each gets its own result.
    ///
    /// A conversation that is not in the list gets 6004 and no request: deleting it on the server
    /// would still move its cursors there. The legacy SYSTEM conversation is deleted here only.
    /// - Parameters:
    ///   - keepingLocalMessages: keep this device's messages (they come back, read, with the
    ///     conversation); false deletes them.
    ///   - clearingCloudMessages: also delete the user's cloud history of them.
    ///   - completion: on the callback queue; `ioOperationFailed` (6022) when the deletions could
    ///     not be stored (they stand, see `writeDurably(_:)`).
    package func deleteConversations(
        _ ids: [ConversationID], keepingLocalMessages: Bool, clearingCloudMessages: Bool,
        completion: @escaping @Sendable (Result<[Result<Void, IMError>], IMError>) -> Void
    ) {
        let known = read { store in ids.map { store.conversation($0) != nil } }
        let requested = zip(ids, known).filter { $0.1 && $0.0.kind != .system }.map(\.0)
        let requests = requested.map { IMRequest.deleteConversation($0, clearingMessages: clearingCloudMessages) }
        execute(requests, apply: { store, results in
            var answers = results.makeIterator()
            return zip(ids, known).map { id, isKnown -> Result<Void, IMError> in
                guard isKnown else { return .failure(Self.unknownConversation(id)) }
                let answer = id.kind == .system ? .success(.ok) : answers.next()!
                return answer.map { _ in store.delete(id, keepingMessages: keepingLocalMessages) }
            }
        }, completion: completion)
    }

    /// Deletes conversations from the list at once, then tells the server (legacy, whose calls
    /// answer synchronously): a failure there is logged, and the next sync brings the server's
    /// state back. Each gets its own result (6004 for one not in the list); the SYSTEM
    /// conversation is deleted here only.
    /// - Throws: `ioOperationFailed` (6022) when the deletions could not be stored (they stand, see
    ///   `writeDurably(_:)`); the server is told all the same.
    @discardableResult
    package func deleteConversationsNow(
        _ ids: [ConversationID], keepingLocalMessages: Bool, clearingCloudMessages: Bool
    ) throws(IMError) -> [Result<Void, IMError>] {
        let known = read { store in ids.map { store.conversation($0) != nil } }
        let requested = zip(ids, known).filter { $0.1 && $0.0.kind != .system }.map(\.0)
        let deletion = Result { () throws(IMError) in
            try writeDurably { store in
                zip(ids, known).map { id, isKnown -> Result<Void, IMError> in
                    guard isKnown else { return .failure(Self.unknownConversation(id)) }
                    store.delete(id, keepingMessages: keepingLocalMessages)
                    return .success(())
                }
            }
        }
        for id in requested {
            perform(.deleteConversation(id, clearingMessages: clearingCloudMessages)) { [logger] result in
                if case .failure(let error) = result {
                    logger.log(.warning, "deleting \(id) on the server failed: \(error)")
                }
            }
        }
        return try deletion.get()
    }

    private static func unknownConversation(_ id: ConversationID) -> IMError {
        IMError(.invalidConversation, "conversation \(id) does not exist")
    }

    /// Saves or clears the draft of `id` locally (creating the conversation first when
    /// `creating`, as a legacy handle may); with drafts synced, offers it to the user's other devices
    /// too, and takes the server's draft when a newer one won.
    /// - Throws: 6004 for an unknown conversation; `ioOperationFailed` (6022) when the draft could
    ///   not be stored (it stands, see `writeDurably(_:)`, and is not offered to other devices).
    package func saveDraft(_ id: ConversationID, _ text: String?, creating: Bool) throws(IMError) {
        let now = clock()
        let draft = text.flatMap { $0.isEmpty ? nil : Draft(text: $0, timestamp: now) }
        let saved = try writeDurably { store throws(IMError) -> Bool in
            if creating {
                // Clearing the draft of a conversation that does not exist creates nothing.
                guard draft != nil || store.conversation(id) != nil else { return false }
                store.createIfMissing(id)
            }
            try store.setDraft(id, draft)
            store.noteUserDrafted(id)
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
    /// It never reaches this device's new-message listeners: its push (the server pushes it to
    /// every device of the user) is applied without announcing it; the user's other devices
    /// announce it.
    ///
    /// A send that starts the conversation on this device, when the server holds earlier messages
    /// of it, is followed by a request for its server state (`refresh(_:upTo:)`).
    ///
    /// A message that cannot be stored while being sent (a full disk, a read-only database) is not
    /// sent: it shows as failed, and `completion` gets `ioOperationFailed` (6022). One whose body is
    /// over `MessageContent.maxBodyBytes` (12 KB) is not sent either: it shows as failed, and
    /// `completion` gets `messageBodyTooLarge` (8001). One with
    /// `cloudCustomData` or `needReadReceipt` is not sent to a server whose protocol version would
    /// drop it (before `IMWireFraming.cloudCustomDataVersion` / `readReceiptVersion`): it shows as
    /// failed, and `completion` gets `interfaceNotSupported` (7013). Once the server
    /// accepted it, the send succeeds even if storing the accepted message fails: it was delivered,
    /// and the client writes it when the disk recovers (see `writeState(_:)`).
    /// - Parameter willSend: called with the message as it is while being sent (its ID, local time,
    ///   status `.sending`) before the request leaves, so the caller can show it before `completion`.
    package func send(
        _ outgoing: OutgoingMessage, willSend: (Message) -> Void = { _ in },
        completion: @escaping @Sendable (Result<Message, IMError>) -> Void
    ) {
        let pending = Message(outgoing, seq: 0, timestamp: clock(), sender: userID, status: .sending)
        if outgoing.onlineUserOnly { return sendOnline(outgoing, pending, willSend: willSend, completion: completion) }
        let id = pending.conversationID(selfUserID: userID)
        let startsConversation: Bool
        do throws(IMError) {
            startsConversation = try writeStateDurably { state in
                let starts = state.store.conversation(id) == nil
                state.sentAwaitingPush.insert(outgoing.id)
                state.store.addSending(pending)
                return starts
            }
            try checkServerKeepsWhatItCarries(outgoing)
        } catch {
            writeState { state in
                state.sentAwaitingPush.remove(outgoing.id)
                state.store.failSending(pending)
            }
            willSend(pending)
            deliver { completion(.failure(error)) }
            return
        }
        willSend(pending)
        execute([.sendMessage(outgoing)], failingUnstored: false, apply: { store, results throws(IMError) -> Message in
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
        }, completion: { [weak self] result in
            // A send that started the conversation here although the server has earlier messages
            // (one deleted here, or outside the list this device synced) asks for its server state,
            // as a push that starts one does (`receive(_:version:)`): its pin, unread count and the
            // peer's read point.
            if startsConversation, case .success(let stored) = result, stored.seq > 1 { self?.refresh(id, upTo: stored.seq) }
            completion(result)
        })
    }

    /// Throws `interfaceNotSupported` (7013) when `outgoing` carries `cloudCustomData` or asks
    /// for read receipts and the connection's server speaks a protocol version that would drop it.
    /// Sends an online message (`OutgoingMessage.onlineUserOnly`): only the receivers' devices and
    /// my other devices online now get it. Stored nowhere, here neither: no conversation shows it
    /// or starts with it, and no history (local or the server's) holds it; `completion` gets it as sent, with
    /// sequence 0. Fails with 8001 for a body over 12 KB, with 7013 on a server of a protocol
    /// version before 6 (which would store it), and with 9520 when not connected.
    private func sendOnline(
        _ outgoing: OutgoingMessage, _ pending: Message, willSend: (Message) -> Void,
        completion: @escaping @Sendable (Result<Message, IMError>) -> Void
    ) {
        willSend(pending)
        do throws(IMError) {
            try checkServerKeepsWhatItCarries(outgoing)
            try requireProtocolVersion(IMWireFraming.onlineMessageVersion, "has no online messages")
        } catch {
            deliver { completion(.failure(error)) }
            return
        }
        // Its push reaches this device too (as every device of the sender): no new message here.
        withState { _ = $0.sentAwaitingPush.insert(outgoing.id) }
        perform(.sendMessage(outgoing)) { [self] result in
            if case .failure = result { withState { _ = $0.sentAwaitingPush.remove(outgoing.id) } }
            let outcome = result.flatMap { response -> Result<Message, IMError> in
                guard case .message(let sent) = response else {
                    return .failure(IMError(.networkFailure, "unexpected answer to a send"))
                }
                return .success(sent)
            }
            deliver { completion(outcome) }
        }
    }

    private func checkServerKeepsWhatItCarries(_ outgoing: OutgoingMessage) throws(IMError) {
        try Self.checkBodySize(outgoing.content)
        if outgoing.cloudCustomData != nil {
            try requireProtocolVersion(IMWireFraming.cloudCustomDataVersion, "does not keep a message's cloudCustomData")
        }
        if outgoing.needReadReceipt {
            try requireProtocolVersion(IMWireFraming.readReceiptVersion, "has no message read receipts")
        }
    }

    /// Throws `messageBodyTooLarge` (8001) for a body over `MessageContent.maxBodyBytes` (12 KB).
    static func checkBodySize(_ content: MessageContent) throws(IMError) {
        let bytes = content.bodyBytes
        guard bytes <= MessageContent.maxBodyBytes else {
            throw IMError(.messageBodyTooLarge, "the message body is \(bytes) bytes; at most \(MessageContent.maxBodyBytes) are allowed")
        }
    }

    /// A message to send from this user, with a new message ID (`<user>-<seconds>-<random>`, from
    /// the session's clock) and random number.
    package func outgoing(
        to receiver: MessageReceiver, content: MessageContent, atUserIDs: [String] = [], atAll: Bool = false,
        isExcludedFromUnreadCount: Bool = false, isExcludedFromLastMessage: Bool = false, cloudCustomData: Data? = nil,
        needReadReceipt: Bool = false, onlineUserOnly: Bool = false
    ) -> OutgoingMessage {
        let random = UInt32.random(in: 0...UInt32.max)
        return OutgoingMessage(
            id: "\(userID)-\(clock())-\(random)", random: random, receiver: receiver, content: content,
            atUserIDs: atUserIDs, atAll: atAll, isExcludedFromUnreadCount: isExcludedFromUnreadCount,
            isExcludedFromLastMessage: isExcludedFromLastMessage, cloudCustomData: cloudCustomData,
            needReadReceipt: needReadReceipt, onlineUserOnly: onlineUserOnly)
    }

    /// Up to `count` messages of `id` newer than sequence `afterSeq` (0: from the first), oldest
    /// first, with the local read cursor and the peer's read point: `history`'s mirror for pages
    /// of newer messages. Connected, from the server (a server of a protocol version before 6
    /// fails it with 7013; messages removed from local storage are left out); not connected (or
    /// the connection drops before the answer), from this device's storage
    /// (`localNewerHistory(_:after:count:)`). Imported messages are in neither.
    package func newerHistory(
        _ id: ConversationID, after afterSeq: UInt64, count: Int,
        completion: @escaping @Sendable (
            Result<(messages: [Message], readSeq: UInt64, peerRead: PeerReadPoint), IMError>) -> Void
    ) {
        let local: @Sendable (ConversationStore) -> [Message] = { $0.messages(of: id, after: afterSeq, count: count) }
        guard withState({ $0.connection != nil }) else {
            readInOrder({ readingStored($0, Self.withReadState(of: id, local)) }, completion: completion)
            return
        }
        do throws(IMError) {
            try requireProtocolVersion(IMWireFraming.newerHistoryVersion, "has no pages of newer messages")
        } catch {
            deliver { completion(.failure(error)) }
            return
        }
        serverPage(.newerHistory(id, afterSeq: afterSeq, count: count), of: id, local: local, completion: completion) { page, _ in
            page
        }
    }

    /// A page of `id`'s history from the server (`request`, answered with `.messages`), without
    /// the messages removed from local storage and as `shape` then makes it (it may read the
    /// store), with the local read cursor and the peer's read point; when the connection drops
    /// before the answer, the page `local` reads from this device's storage instead. A read of the
    /// local database that fails fails the call (`readingStored(_:_:)`).
    private func serverPage(
        _ request: IMRequest, of id: ConversationID, local: @escaping @Sendable (ConversationStore) -> [Message],
        completion: @escaping @Sendable (
            Result<(messages: [Message], readSeq: UInt64, peerRead: PeerReadPoint), IMError>) -> Void,
        shape: @escaping @Sendable ([Message], ConversationStore) -> [Message]
    ) {
        // A read: a disk that fails meanwhile is no failure of it.
        execute([request], failingUnstored: false, apply: {
            store, results throws(IMError) -> (messages: [Message], readSeq: UInt64, peerRead: PeerReadPoint) in
            guard case .messages(let messages) = try results[0].get() else {
                throw IMError(.networkFailure, "unexpected answer to a history request")
            }
            return try self.readingStored(store, Self.withReadState(of: id) { store in
                shape(messages.filter { !store.isRemoved(seq: $0.seq, in: id) }, store)
            }).get()
        }, completion: { [weak self] result in
            guard case .failure(let error) = result, error.code == .networkFailure, let self else {
                completion(result)
                return
            }
            self.readInOrder({ self.readingStored($0, Self.withReadState(of: id, local)) }, completion: completion)
        })
    }

    /// `page` with `id`'s local read cursor and the peer's read point, as the store holds them.
    private static func withReadState(
        of id: ConversationID, _ page: @escaping (ConversationStore) -> [Message]
    ) -> (ConversationStore) -> (messages: [Message], readSeq: UInt64, peerRead: PeerReadPoint) {
        { store in
            let messages = page(store)
            let conversation = store.conversation(id)
            return (messages, conversation?.readSeq ?? 0, conversation?.peerRead ?? .none)
        }
    }

    /// Up to `count` messages of `id` older than `message` (nil: the newest), newest first, with the
    /// local read cursor of `id` and the peer's read point at the time of the answer.
    ///
    /// Connected, from the server: messages removed from local storage (`TIMMessage.remove()`) are
    /// left out, so a page may be shorter than `count`. Not connected (the connection is down, or
    /// drops before the answer), from this device's storage, as `localHistory(_:before:count:)`
    /// pages it (the vendor: "if the SDK detects no network, it returns local history").
    /// With `mergingImports` (V2), a server page also has the messages imported on this device in
    /// its span (`ConversationStore.mergingImports(into:of:before:)`), so it may be longer than
    /// `count`; from an imported message on, local history answers. Either way, a read of the
    /// local database that fails fails the call (6019, or 6022 for an I/O error; see
    /// `readingStored(_:_:)`) rather than leaving out what only the file holds.
    /// - Complexity: connected, a request and a lookup per message returned; else a page read from
    ///   the store's database where memory does not hold it.
    package func history(
        _ id: ConversationID, before message: Message?, count: Int, mergingImports: Bool = false,
        completion: @escaping @Sendable (
            Result<(messages: [Message], readSeq: UInt64, peerRead: PeerReadPoint), IMError>) -> Void
    ) {
        let local: @Sendable (ConversationStore) -> [Message] = { $0.messages(of: id, before: message, count: count) }
        // An imported message as the cursor: the server's history has no place for it, and a
        // merged walk returns one only once the server's history ended (`mergingImports(into:...)`).
        guard withState({ $0.connection != nil }), !(mergingImports && message?.isLocalImport == true) else {
            readInOrder({ readingStored($0, Self.withReadState(of: id, local)) }, completion: completion)
            return
        }
        let request = IMRequest.history(id, beforeSeq: message.flatMap { $0.seq > 0 ? $0.seq : nil }, count: count)
        serverPage(request, of: id, local: local, completion: completion) { page, store in
            mergingImports ? store.mergingImports(into: page, of: id, before: message) : page
        }
    }
}
