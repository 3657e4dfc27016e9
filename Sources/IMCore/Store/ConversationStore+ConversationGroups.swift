import IMTransportKit

/// The user's conversation groups in the store: a copy of the server's groups
/// (`ConversationGroupTable`), each conversation's `conversationGroups` kept in step with it, and
/// the group events of a batch (`ChangeBatch.conversationGroupEvents`).
///
/// The read side is what list filters use: `conversationIDs(inGroup:)` (the members of a group)
/// and `isConversation(_:inGroup:)` (one membership), besides each conversation's own
/// `Conversation.conversationGroups`, which pages read back from the database too.
extension ConversationStore {
    // MARK: - Reading

    /// The user's conversation groups, in creation order.
    package var conversationGroups: [ConversationGroup] { conversationGroupTable.groups }

    /// The conversations in the group named `name`, in the order they were added, whether or not
    /// the store has them (use `conversation(_:)` to look each up); nil when there is no such group.
    /// - Complexity: O(g) for g groups (at most 20) to find the group; the list is the group's own.
    package func conversationIDs(inGroup name: String) -> [ConversationID]? {
        conversationGroupTable.group(named: name)?.conversations
    }

    /// Whether conversation `id` is in the group named `name` (false when there is no such group).
    /// - Complexity: O(g) to find the group, O(1) for the membership.
    package func isConversation(_ id: ConversationID, inGroup name: String) -> Bool {
        conversationGroupTable.contains(id, inGroupNamed: name)
    }

    /// Whether conversation `id` is in any group.
    /// - Complexity: O(1).
    package func isInAnyConversationGroup(_ id: ConversationID) -> Bool {
        conversationGroupTable.isGrouped(id)
    }

    // MARK: - Changing

    /// Puts back the groups a database stored: no batch, no event.
    package mutating func restoreConversationGroups(_ groups: [ConversationGroup]) {
        conversationGroupTable = ConversationGroupTable(groups)
        conversationGroupsBeforeBatch = nil
    }

    /// Takes group `id` as the server has it now (nil: deleted): a push, or the answer to this
    /// device's own request. A change already applied changes nothing.
    /// - Complexity: O(k) for the k conversations of the old and new group, each loaded and
    ///   changed when the store has it.
    package mutating func applyConversationGroup(_ id: UInt64, _ group: ConversationGroup?) {
        noteConversationGroupChange()
        let affected = conversationGroupTable.replace(id, with: group)
        refreshConversationGroups(of: affected)
    }

    /// Takes the server's groups, all of them (a sync).
    /// - Complexity: O(m) for the memberships old and new.
    package mutating func replaceConversationGroups(with groups: [ConversationGroup]) {
        noteConversationGroupChange()
        let affected = conversationGroupTable.replaceAll(with: groups)
        refreshConversationGroups(of: affected)
    }

    /// Remembers the groups as they were before the open batch changed them, once per batch.
    private mutating func noteConversationGroupChange() {
        if conversationGroupsBeforeBatch == nil { conversationGroupsBeforeBatch = conversationGroupTable }
    }

    /// Gives each of `ids` the store has its groups' names from the table.
    private mutating func refreshConversationGroups(of ids: Set<ConversationID>) {
        for id in ids.sorted() {
            touching(id) { store in
                let names = store.conversationGroupTable.names(containing: id)
                guard let current = store.entries.conversation(id), current.conversationGroups != names else { return }
                store.modify(id) { conversation, _ in
                    conversation.conversationGroups = names
                    return nil
                }
            }
        }
    }

    /// Ends the batch's part of the groups: when they changed, records them for the database and
    /// returns the events, group by group in order (created, deleted or renamed, then the
    /// conversations that left, then those that came).
    /// - Complexity: O(g + m) when the groups changed, O(1) otherwise.
    mutating func closeConversationGroupChanges() -> [ConversationGroupEvent] {
        guard var before = conversationGroupsBeforeBatch else { return [] }
        conversationGroupsBeforeBatch = nil
        let after = conversationGroupTable
        if conversationGroupsMatchByName {
            conversationGroupsMatchByName = false
            before = Self.renumbered(before, byNameAs: after)
        }
        guard before.groups != after.groups else { return [] }
        recorder.recordStorage(.conversationGroups(after.groups))
        let ids = Set(before.groups.map(\.id)).union(after.groups.map(\.id)).sorted()
        var events: [ConversationGroupEvent] = []
        for id in ids {
            switch (before.group(id: id), after.group(id: id)) {
            case (nil, let group?):
                events.append(.created(name: group.name, conversations: existing(group.conversations)))
            case (let group?, nil):
                events.append(.deleted(name: group.name))
            case (let old?, let new?):
                if !old.name.isSameID(as: new.name) { events.append(.renamed(from: old.name, to: new.name)) }
                let oldMembers = Set(old.conversations), newMembers = Set(new.conversations)
                let left = existing(old.conversations.filter { !newMembers.contains($0) })
                if !left.isEmpty { events.append(.removed(group: new.name, conversations: left)) }
                let came = existing(new.conversations.filter { !oldMembers.contains($0) })
                if !came.isEmpty { events.append(.added(group: new.name, conversations: came)) }
            case (nil, nil):
                break
            }
        }
        return events
    }

    /// `table` with each group numbered as the group of the same name in `other`, and the others
    /// with numbers `other` does not use: the groups of another server state, matched by name.
    private static func renumbered(
        _ table: ConversationGroupTable, byNameAs other: ConversationGroupTable
    ) -> ConversationGroupTable {
        var unused = (other.groups.map(\.id).max() ?? 0) + 1
        return ConversationGroupTable(table.groups.map { group in
            var renumbered = group
            if let match = other.group(named: group.name) {
                renumbered.id = match.id
            } else {
                renumbered.id = unused
                unused += 1
            }
            return renumbered
        })
    }

    /// Those of `ids` the store has, as they are now (the SYSTEM conversation is never in a group).
    private func existing(_ ids: [ConversationID]) -> [Conversation] {
        ids.compactMap { conversation($0) }
    }
}
