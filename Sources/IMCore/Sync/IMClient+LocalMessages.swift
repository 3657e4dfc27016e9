import IMTransportKit

/// The client's local-message operations: none talks to the server, so each works as well on a
/// store opened without a login (`openStorageOnly()`, the legacy `initStorage`).
extension IMClient {
    /// Opens the user's database without connecting: the store of a login that has not happened,
    /// for reading local conversations and messages offline (`IMSession.openStorage`).
    /// - Throws: `invalidParameters` when the client keeps nothing on disk; the database's error
    ///   when it cannot be opened (a corrupt file is replaced by an empty database, as at login).
    package func openStorageOnly() throws(IMError) {
        guard databasePath != nil else {
            throw IMError(.invalidParameters, "local storage is disabled: there is no local store to open")
        }
        try openDatabase()
    }

    /// Up to `count` local messages of `id` older than `message` (nil: the newest), newest first:
    /// pending sends (from the newest only), accepted and imported messages; removed ones never.
    /// - Throws: 6019 or 6022 when the local database could not be read (`readingStored(_:_:)`).
    package func localHistory(_ id: ConversationID, before message: Message?, count: Int) throws(IMError) -> [Message] {
        try read { readingStored($0) { $0.messages(of: id, before: message, count: count) } }.get()
    }

    /// A page of local messages of `id` newer than sequence `afterSeq`, oldest first
    /// (`ConversationStore.messages(of:after:count:)`).
    /// - Throws: 6019 or 6022 when the local database could not be read (`readingStored(_:_:)`).
    package func localNewerHistory(_ id: ConversationID, after afterSeq: UInt64, count: Int) throws(IMError) -> [Message] {
        try read { readingStored($0) { $0.messages(of: id, after: afterSeq, count: count) } }.get()
    }

    /// The local messages of `id` that `locators` name, in their order; locators that name no
    /// local message (unknown, removed, another conversation's) are left out.
    /// - Parameter locators: each a sequence (above 0 for a sent or received message) with the
    ///   random it must match (nil: any), and a message ID used when the sequence is 0.
    /// - Throws: 6019 or 6022 when the local database could not be read (`readingStored(_:_:)`).
    package func findMessages(
        in id: ConversationID, locators: [(seq: UInt64, random: UInt32?, messageID: String?)]
    ) throws(IMError) -> [Message] {
        try read { store in
            readingStored(store) { store in
                locators.compactMap { store.message(in: id, seq: $0.seq, random: $0.random, messageID: $0.messageID) }
            }
        }.get()
    }

    /// The local messages (not removed) with these IDs, each with its conversation, in the order
    /// asked; IDs of no local message are left out. Loads the rest of a cold store first.
    /// - Throws: 6019 or 6022 when the local database could not be read (`readingStored(_:_:)`).
    package func findMessages(withIDs ids: [String]) throws(IMError) -> [(message: Message, conversation: Conversation)] {
        try readComplete { store in readingStored(store) { store in ids.compactMap { store.message(withID: $0) } } }.get()
    }

    /// The local fields of the message with ID `messageID` (defaults when none were set).
    package func localFields(ofMessage messageID: String) -> MessageLocalFields {
        read { $0.localFields(ofMessage: messageID) }
    }

    /// Stores the local fields of the message with ID `messageID` on this device (never sent), for
    /// fields an app set before the message had an ID: nobody waits for an answer, so a storage
    /// failure is the session's to report (`write(_:)`).
    package func setLocalFields(_ fields: MessageLocalFields, ofMessage messageID: String) {
        write { $0.setLocalFields(fields, ofMessage: messageID) }
    }

    /// Changes the local fields of the message with ID `messageID` with `change`, atomically.
    /// - Throws: `ioOperationFailed` (6022) when the change could not be stored (it stands, see
    ///   `writeDurably(_:)`).
    package func changeLocalFields(
        ofMessage messageID: String, _ change: (inout MessageLocalFields) -> Void
    ) throws(IMError) {
        try writeDurably { store in
            var fields = store.localFields(ofMessage: messageID)
            change(&fields)
            store.setLocalFields(fields, ofMessage: messageID)
        }
    }

    /// Removes `message` from the local storage of `id`; see `ConversationStore.removeMessage(_:in:)`.
    /// - Throws: its errors, and `ioOperationFailed` (6022) when the removal could not be stored.
    package func removeMessage(_ message: Message, in id: ConversationID) throws(IMError) {
        try writeDurably { store throws(IMError) in try store.removeMessage(message, in: id) }
    }

    /// A message to import into local storage, with a new ID and random, the local time, and the
    /// given content; `sender` and `timestamp` may change until it is imported.
    package func importable(_ content: MessageContent) -> Message {
        Self.importable(content, sender: userID, now: clock())
    }

    /// The time of a message imported now into `id` (V2 `insertC2CMessageToLocalStorage`, legacy
    /// `saveMessage`): the device's clock, or a second past the conversation's last message when
    /// that is not older (its server time may run ahead of this device's clock), so that the
    /// import is the newest message in the list and in every history.
    package func timeForNewImport(in id: ConversationID) -> UInt64 {
        let now = clock()
        guard let last = read({ $0.conversation(id)?.lastMessage?.timestamp }), last >= now else { return now }
        return last + 1
    }

    /// A message to import, made without a client (the legacy API converts messages at any time).
    package static func importable(_ content: MessageContent, sender: String, now: UInt64) -> Message {
        let random = UInt32.random(in: 0...UInt32.max)
        return Message(
            id: "\(sender)-\(now)-\(random)-local", seq: 0, random: random, timestamp: now, sender: sender,
            receiver: .user(""), content: content, status: .sent)
    }

    /// Imports `messages` into the local storage of `id` (`TIMConversation.importMessages`); see
    /// `ConversationStore.importMessages(_:into:)`. Each is stored as the conversation sees it: a
    /// group message to the group; a C2C message from me to the peer or from the peer to me.
    /// - Returns: the messages as stored.
    /// - Throws: `invalidParameters` for the SYSTEM conversation, a message that is not an import
    ///   (`importable(_:)`), or a C2C message whose sender is neither me nor the peer;
    ///   `ioOperationFailed` (6022) when the imported messages could not be stored (they stand, see
    ///   `writeDurably(_:)`).
    @discardableResult
    package func importMessages(_ messages: [Message], into id: ConversationID) throws(IMError) -> [Message] {
        var stored: [Message] = []
        for var message in messages {
            guard message.isLocalImport else { throw IMError(.invalidParameters, "not a message to import") }
            if message.sender.isEmpty { message.sender = userID }
            switch id.kind {
            case .system:
                throw IMError(.invalidParameters, "messages cannot be imported into the SYSTEM conversation")
            case .group:
                message.receiver = .group(id.target)
            case .c2c:
                guard message.sender.isSameID(as: userID) || message.sender.isSameID(as: id.target) else {
                    throw IMError(.invalidParameters, "the sender of a C2C message is one of its two users")
                }
                message.receiver = .user(message.sender.isSameID(as: userID) ? id.target : userID)
            }
            stored.append(message)
        }
        try writeDurably { $0.importMessages(stored, into: id) }
        return stored
    }
}
