import IMTransportKit

/// The user's conversation groups (folders) as the server keeps them, with an index from each
/// conversation to the groups that hold it.
///
/// Groups are listed in creation order (ascending server `id`); names are unique and compared by
/// their UTF-8 bytes. A group may name conversations the store does not have (the server keeps
/// groups apart from the conversation list): they count as members, and show once they exist.
/// - Thread safety: a value type, `Sendable`.
package struct ConversationGroupTable: Hashable, Sendable {
    /// The groups, ascending by `id`.
    package private(set) var groups: [ConversationGroup] = []
    /// For each conversation in some group, the `id`s of the groups holding it.
    private var membership: [ConversationID: Set<UInt64>] = [:]

    package init(_ groups: [ConversationGroup] = []) {
        self.groups = groups.sorted { $0.id < $1.id }
        rebuildMembership()
    }

    /// Whether there is no group.
    package var isEmpty: Bool { groups.isEmpty }

    /// The group named `name`, if any.
    /// - Complexity: O(g) for g groups (at most 20).
    package func group(named name: String) -> ConversationGroup? {
        groups.first { $0.name.isSameID(as: name) }
    }

    /// The group with server `id`, if any.
    /// - Complexity: O(g).
    package func group(id: UInt64) -> ConversationGroup? {
        groups.first { $0.id == id }
    }

    /// The names of the groups holding `id`, in the groups' order (empty when none).
    /// - Complexity: O(1) when `id` is in no group, else O(g).
    package func names(containing id: ConversationID) -> [String] {
        guard !membership.isEmpty, let ids = membership[id] else { return [] }
        return groups.filter { ids.contains($0.id) }.map(\.name)
    }

    /// Whether conversation `id` is in the group named `name` (false when there is no such group).
    /// - Complexity: O(g) to find the group by name, O(1) for the membership.
    package func contains(_ id: ConversationID, inGroupNamed name: String) -> Bool {
        guard let group = group(named: name) else { return false }
        return membership[id]?.contains(group.id) ?? false
    }

    /// Whether conversation `id` is in any group.
    /// - Complexity: O(1).
    package func isGrouped(_ id: ConversationID) -> Bool { membership[id] != nil }

    /// Replaces group `id` by `group` (nil: removes it; a new `id` is inserted in order) and returns
    /// the conversations whose groups changed.
    /// - Complexity: O(g + k) for k conversations in the old and new group.
    @discardableResult
    package mutating func replace(_ id: UInt64, with group: ConversationGroup?) -> Set<ConversationID> {
        let old = self.group(id: id)
        guard old != group else { return [] }
        var affected = Set(old?.conversations ?? [])
        for conversation in old?.conversations ?? [] { leave(conversation, id) }
        groups.removeAll { $0.id == id }
        if let group {
            let index = groups.firstIndex { $0.id > id } ?? groups.endIndex
            groups.insert(group, at: index)
            for conversation in group.conversations { membership[conversation, default: []].insert(id) }
            affected.formUnion(group.conversations)
        }
        // A conversation whose membership of this group did not change keeps its names unless the
        // group was renamed.
        if let old, let group, old.name.isSameID(as: group.name) {
            let kept = Set(old.conversations).intersection(group.conversations)
            affected.subtract(kept)
        }
        return affected
    }

    /// Replaces every group by `groups` and returns the conversations whose groups changed.
    /// - Complexity: O(g + m) for m memberships old and new.
    @discardableResult
    package mutating func replaceAll(with groups: [ConversationGroup]) -> Set<ConversationID> {
        let old = self
        self = ConversationGroupTable(groups)
        guard old != self else { return [] }
        var affected = Set<ConversationID>()
        for conversation in Set(old.membership.keys).union(membership.keys)
        where old.names(containing: conversation) != names(containing: conversation) {
            affected.insert(conversation)
        }
        return affected
    }

    /// The conversations in any group.
    package var groupedConversations: Dictionary<ConversationID, Set<UInt64>>.Keys { membership.keys }

    private mutating func leave(_ conversation: ConversationID, _ id: UInt64) {
        membership[conversation]?.remove(id)
        if membership[conversation]?.isEmpty == true { membership[conversation] = nil }
    }

    private mutating func rebuildMembership() {
        membership = [:]
        for group in groups {
            for conversation in group.conversations { membership[conversation, default: []].insert(group.id) }
        }
    }

    package static func == (lhs: ConversationGroupTable, rhs: ConversationGroupTable) -> Bool { lhs.groups == rhs.groups }

    package func hash(into hasher: inout Hasher) { hasher.combine(groups) }
}
