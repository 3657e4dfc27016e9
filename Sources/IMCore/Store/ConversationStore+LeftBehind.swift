import IMTransportKit

/// What changes on this device alone while the session goes on without its database
/// (`IMClient.State.leftItsFileBehind`): conversations deleted, drafts set or cleared, messages
/// imported, being sent or failed, the local fields of messages, messages removed from local
/// storage and histories cleared. None of it reaches the file then, and the next login's sync from
/// the file's stored version does not bring it back: the server keeps none of it for this device
/// (no draft that does not roam, no local message, no local removal), does not sync a deletion
/// back to the device that made it, tells no deletion of a conversation that exists again (its
/// state tells only that it exists), and no clear of one it no longer has, nor of imported
/// messages. The logout records it in the file
/// (`ConversationDatabase.recordLeftBehind(_:rows:replayed:orderCounter:selfUserID:logger:)`).
struct LeftBehindChanges: Sendable {
    /// A conversation deleted, and whether its local messages were kept.
    struct Deletion: Sendable {
        let id: ConversationID
        let keepingMessages: Bool
        /// When kept: the accepted messages memory held of it, which the file may lack (those
        /// that arrived since the session stopped writing; the server may no longer have them).
        let keptMessages: [HeldMessage]
    }

    /// One change, in the order they happened.
    enum Change: Sendable {
        case deletion(Deletion)
        /// A change to stored messages that lives on this device alone (see `isDeviceOnly(_:)`).
        case operation(StorageDelta.Operation)
    }

    /// The deletions (by the user, or by the server's pushes and syncs; not by a rebuild, which
    /// deletes only to create again) and the changes to stored messages, oldest first.
    private(set) var changes: [Change] = []
    /// The conversations whose row the file takes from the session as it is when it stops, first
    /// change first: their draft set or cleared by the user, a change the file missed touched them
    /// (`noteUnwritten(_:)`), or a message of theirs without a sequence was stored (imported, being
    /// sent, failed), which a conversation the file lacks needs a row for.
    private(set) var rows: [ConversationID] = []
    private var rowSet: Set<ConversationID> = []
    /// Where the noted stores of each message without a sequence lie in `changes`, by message ID,
    /// until the server accepts it.
    private var pendingStores: [String: [Int]] = [:]

    var isEmpty: Bool { changes.isEmpty && rows.isEmpty }

    /// Whether `operation` is one the file takes from the session as it is: a message without a
    /// sequence (imported, being sent, failed) stored, or taken off when the server accepted it;
    /// local fields set. Accepted messages come back with the next login's sync, and conversation
    /// groups roam. Removals and clears of history are noted too, to be made again on the file
    /// (`replaysOnTheFile(_:)`); deletions apart
    /// (`ConversationStore.delete(_:keepingMessages:noting:)`); the rest is a rebuild's.
    static func isDeviceOnly(_ operation: StorageDelta.Operation) -> Bool {
        switch operation {
        case .store(let message, _, _): return message.seq == 0
        case .removePending, .setLocalFields: return true
        case .delete, .clearMessages, .removeMessages, .conversationGroups, .deleteKeptMessages, .reviveKeptMessages:
            return false
        }
    }

    /// Whether `operation` changes the history of a conversation in a way its row follows: a clear
    /// of history, an accepted message removed from local storage (its tombstone stored), every
    /// one removed (`removeMessages`, which a store without its database records for this). They
    /// change the conversation's last message and unread count, so the file cannot take them as
    /// they are: the session's row counts messages the file lacks, and the file's row alone would
    /// go on naming a last message that is gone (and a clear the next login's sync makes again
    /// finds nothing left to correct it with). So the logout makes each again on the file, through
    /// a store over it (`ConversationDatabase.recordLeftBehind`), which writes the row that follows
    /// from what the file holds; the next login's sync brings the rest. A clear's `upToSeq` is the
    /// server's answer, so even the clear of a batch whose read failed is noted.
    static func replaysOnTheFile(_ operation: StorageDelta.Operation) -> Bool {
        conversation(replayedBy: operation) != nil
    }

    /// The conversation whose history `operation` changes, when it is one the file makes again
    /// (`replaysOnTheFile(_:)`); nil for any other.
    static func conversation(replayedBy operation: StorageDelta.Operation) -> ConversationID? {
        switch operation {
        case .clearMessages(let id, _, _), .removeMessages(let id): return id
        case .store(let message, let id, _): return message.seq > 0 && message.isRemoved ? id : nil
        case .delete, .removePending, .setLocalFields, .conversationGroups, .deleteKeptMessages, .reviveKeptMessages:
            return nil
        }
    }

    /// The conversations whose history the file makes again (`replaysOnTheFile(_:)`), each once.
    var replayedConversations: Set<ConversationID> {
        Set(changes.compactMap { change in
            guard case .operation(let operation) = change else { return nil }
            return Self.conversation(replayedBy: operation)
        })
    }

    /// Whether `operation` clears a conversation's history: of a batch whose read failed, the only
    /// change noted (see `replaysOnTheFile(_:)`).
    static func isClear(_ operation: StorageDelta.Operation) -> Bool {
        if case .clearMessages = operation { return true }
        return false
    }

    mutating func noteDeleted(_ id: ConversationID, keepingMessages: Bool, keptMessages: [HeldMessage]) {
        changes.append(.deletion(Deletion(id: id, keepingMessages: keepingMessages, keptMessages: keptMessages)))
    }

    /// Notes that `message`, one the last deletion of `id` kept, changed since (revoked, or its
    /// content changed): the file stores it so with the deletion (in place of the one kept then, or
    /// over its own row of it).
    mutating func noteKeptMessageChanged(_ message: Message, in id: ConversationID) {
        guard let index = changes.lastIndex(where: {
            if case .deletion(let deletion) = $0 { return deletion.id == id && deletion.keepingMessages }
            return false
        }), case .deletion(let deletion) = changes[index] else { return }
        let changed = HeldMessage(message: message, countsAsUnread: false)
        let kept = deletion.keptMessages.filter { $0.message.seq != message.seq } + [changed]
        changes[index] = .deletion(Deletion(id: id, keepingMessages: true, keptMessages: kept))
    }

    mutating func noteRow(_ id: ConversationID) {
        if rowSet.insert(id).inserted { rows.append(id) }
    }

    /// Notes the device-only changes among `operations` (a batch's, in order). A message sent since
    /// the drop and accepted leaves only its removals, not the message: the stores of it noted
    /// before become removals too (applied in order, the same: whatever the file held of it goes),
    /// so what a session notes grows with its sends by an ID each, not a message.
    mutating func noteOperations(_ operations: [StorageDelta.Operation]) {
        for operation in operations where Self.isDeviceOnly(operation) || Self.replaysOnTheFile(operation) {
            switch operation {
            case .store(let message, let id, _) where message.seq == 0:
                pendingStores[message.id, default: []].append(changes.count)
                noteRow(id)
            case .removePending(let messageID):
                for index in pendingStores.removeValue(forKey: messageID) ?? [] { changes[index] = .operation(operation) }
            default:
                break
            }
            changes.append(.operation(operation))
        }
    }
}

extension ConversationStore {
    /// Starts noting deletions (`delete(_:keepingMessages:noting:)`), the user's drafts and the
    /// device-only changes of batches (`LeftBehindChanges`), for a session that goes on without
    /// its database; what was noted before stays.
    mutating func noteLeftBehindChanges() {
        if leftBehind == nil { leftBehind = LeftBehindChanges() }
    }

    /// Notes that the user set or cleared the draft of `id` (nothing unless `noteLeftBehindChanges()`
    /// was called).
    mutating func noteUserDrafted(_ id: ConversationID) {
        leftBehind?.noteRow(id)
    }

    /// Notes the device-only changes, the removals and the clears of `batch` (only its clears with
    /// `onlyClears`), a batch committed while no database writes them (nothing unless
    /// `noteLeftBehindChanges()` was called); its deletions are noted as they happen
    /// (`delete(_:keepingMessages:noting:)`).
    mutating func noteUnstored(_ batch: ChangeBatch, onlyClears: Bool = false) {
        let operations = batch.storage.operations
        leftBehind?.noteOperations(onlyClears ? operations.filter(LeftBehindChanges.isClear) : operations)
    }

    /// Notes what the batches the database could not write changed that the file must take from
    /// this session (nothing unless `noteLeftBehindChanges()` was called): their deletions, their
    /// device-only changes, and the drafts and places of the conversations they touched. The rest
    /// comes back with the next login's sync (see `IMClient.detachDatabase(_:)`).
    mutating func noteUnwritten(_ unwritten: UnwrittenChanges) {
        guard leftBehind != nil else { return }
        for operation in unwritten.operations {
            if case .delete(let id, let keepingMessages) = operation {
                // Those batches no longer write the kept messages they held: memory holds them
                // while the conversation stays deleted.
                let kept = keepingMessages ? keptLogs[id]?.messages ?? [] : []
                leftBehind?.noteDeleted(id, keepingMessages: keepingMessages, keptMessages: kept)
            } else {
                leftBehind?.noteOperations([operation])
            }
        }
        for id in unwritten.conversations.keys { leftBehind?.noteRow(id) }
    }
}
