import IMTransportKit

/// What changes on this device alone while the session goes on without its database
/// (`IMClient.State.leftItsFileBehind`): conversations deleted and drafts set or cleared. None of
/// it reaches the file then, and the next login's sync from the file's stored version does not
/// bring it back: the server keeps no draft that does not roam, does not sync a deletion back to
/// the device that made it, and tells no deletion of a conversation that exists again (its state
/// tells only that it exists). The logout records it in the file
/// (`ConversationDatabase.recordLeftBehind(deletions:drafted:orderCounter:)`).
package struct LeftBehindChanges: Sendable, Equatable {
    /// A conversation deleted, and whether its local messages were kept.
    package struct Deletion: Sendable, Equatable {
        package let id: ConversationID
        package let keepingMessages: Bool
        /// When kept: the accepted messages memory held of it, which the file may lack (those
        /// that arrived since the session stopped writing; the server may no longer have them).
        let keptMessages: [HeldMessage]
    }

    /// The conversations deleted (by the user, or by the server's pushes and syncs; not by a
    /// rebuild, which deletes only to create again), oldest first.
    package private(set) var deletions: [Deletion] = []
    /// The conversations whose draft the user set or cleared, or that changes the file missed
    /// touched (`noteUnwritten(_:)`), first change first: the file takes each one's draft and
    /// place as they are when the session stops.
    package private(set) var drafted: [ConversationID] = []
    private var draftedSet: Set<ConversationID> = []

    package var isEmpty: Bool { deletions.isEmpty && drafted.isEmpty }

    mutating func noteDeleted(_ id: ConversationID, keepingMessages: Bool, keptMessages: [HeldMessage]) {
        deletions.append(Deletion(id: id, keepingMessages: keepingMessages, keptMessages: keptMessages))
    }

    mutating func noteDrafted(_ id: ConversationID) {
        if draftedSet.insert(id).inserted { drafted.append(id) }
    }
}

extension ConversationStore {
    /// Starts noting deletions (`delete(_:keepingMessages:noting:)`) and the user's drafts
    /// (`LeftBehindChanges`), for a session that goes on without its database; what was noted
    /// before stays.
    package mutating func noteLeftBehindChanges() {
        if leftBehind == nil { leftBehind = LeftBehindChanges() }
    }

    /// Notes that the user set or cleared the draft of `id` (nothing unless `noteLeftBehindChanges()`
    /// was called).
    package mutating func noteUserDrafted(_ id: ConversationID) {
        leftBehind?.noteDrafted(id)
    }

    /// Notes what the batches the database could not write changed that the file must take from
    /// this session (nothing unless `noteLeftBehindChanges()` was called): their deletions, and
    /// the drafts of the conversations they touched. The rest comes back with the next login's
    /// sync, or is lost with them (see `IMClient.detachDatabase(_:)`).
    package mutating func noteUnwritten(_ unwritten: UnwrittenChanges) {
        for case .delete(let id, let keepingMessages) in unwritten.operations {
            // Those batches no longer write the kept messages they held: memory holds them while
            // the conversation stays deleted.
            let kept = keepingMessages ? keptLogs[id]?.messages ?? [] : []
            leftBehind?.noteDeleted(id, keepingMessages: keepingMessages, keptMessages: kept)
        }
        for id in unwritten.conversations.keys.sorted(by: { $0.stringForm < $1.stringForm }) { leftBehind?.noteDrafted(id) }
    }
}
