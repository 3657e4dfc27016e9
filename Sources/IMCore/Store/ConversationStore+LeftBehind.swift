import IMTransportKit

/// What changes on this device alone while the session goes on without its database
/// (`IMClient.State.leftItsFileBehind`): conversations deleted, drafts set or cleared, messages
/// imported, being sent or failed, the local fields of messages. None of it reaches the file then,
/// and the next login's sync from the file's stored version does not bring it back: the server
/// keeps none of it for this device (no draft that does not roam, no local message), does not
/// sync a deletion back to the device that made it, and tells no deletion of a conversation that
/// exists again (its state tells only that it exists). The logout records it in the file
/// (`ConversationDatabase.recordLeftBehind(_:rows:orderCounter:)`).
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

    /// Whether `operation` is one the file takes from the session: a message without a sequence
    /// (imported, being sent, failed) stored, or taken off when the server accepted it; local
    /// fields set. Accepted messages come back with the next login's sync, and conversation groups
    /// roam. Removals of local history are not taken: they change the conversation's last message
    /// and unread count, whose row the file would then need as the session holds it, which counts
    /// messages the file lacks; the next login shows the history as the file and the server have
    /// it. Clears are noted apart (`isClear(_:)`), deletions too
    /// (`ConversationStore.delete(_:keepingMessages:noting:)`); the rest is a rebuild's.
    static func isDeviceOnly(_ operation: StorageDelta.Operation) -> Bool {
        switch operation {
        case .store(let message, _, _): return message.seq == 0
        case .removePending, .setLocalFields: return true
        case .delete, .clearMessages, .removeMessages, .conversationGroups, .deleteKeptMessages, .reviveKeptMessages:
            return false
        }
    }

    /// Whether `operation` clears a conversation's history. The file takes a clear only where a
    /// deletion of the conversation follows it (`recorded`): the deletion takes the row, and a
    /// deletion that keeps the messages would otherwise keep the cleared ones, which come back
    /// when the conversation is created again, since the next login's sync does not tell the clear
    /// of a conversation the server no longer has. Where no deletion follows, that sync clears it
    /// again (the server keeps how far it was cleared), and the file's row, which the clear alone
    /// would leave naming its cleared last message, stays as it was for it.
    static func isClear(_ operation: StorageDelta.Operation) -> Bool {
        if case .clearMessages = operation { return true }
        return false
    }

    /// The changes the file takes, in order: those noted, but for clears no deletion of their
    /// conversation follows (see `isClear(_:)`).
    /// - Complexity: O(c) for c changes.
    var recorded: [Change] {
        var deletedLater: Set<ConversationID> = []
        var kept: [Change] = []
        for change in changes.reversed() {
            switch change {
            case .deletion(let deletion):
                deletedLater.insert(deletion.id)
            case .operation(.clearMessages(let id, _, _)):
                guard deletedLater.contains(id) else { continue }
            case .operation:
                break
            }
            kept.append(change)
        }
        return kept.reversed()
    }

    mutating func noteDeleted(_ id: ConversationID, keepingMessages: Bool, keptMessages: [HeldMessage]) {
        changes.append(.deletion(Deletion(id: id, keepingMessages: keepingMessages, keptMessages: keptMessages)))
    }

    mutating func noteRow(_ id: ConversationID) {
        if rowSet.insert(id).inserted { rows.append(id) }
    }

    /// Notes the device-only changes among `operations` (a batch's, in order). A message sent since
    /// the drop and accepted leaves only its removals, not the message: the stores of it noted
    /// before become removals too (applied in order, the same: whatever the file held of it goes),
    /// so what a session notes grows with its sends by an ID each, not a message.
    mutating func noteOperations(_ operations: [StorageDelta.Operation]) {
        for operation in operations where Self.isDeviceOnly(operation) || Self.isClear(operation) {
            switch operation {
            case .store(let message, let id, _):
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

    /// Notes the device-only changes and the clears of `batch` (only its clears with
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
