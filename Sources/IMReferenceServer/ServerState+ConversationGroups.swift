import IMTransportKit

/// Conversation groups (folders): per user, at most 20, each a name (1 to 32 bytes) and the
/// conversations in it, pushed to every device of the user (`.conversationGroup`, the group after
/// the change) and carried by syncs (`IMChanges.conversationGroups`).
///
/// A group holds conversation IDs independently of the user's conversations, as the vendor's cloud
/// keeps them apart from the recent-contacts list: deleting a conversation leaves it in its groups.
/// At most 1,000 distinct conversations are in groups (51008); the vendor's optional eviction of
/// the oldest member past that (reason 1 of `onConversationsDeletedFromGroup`) is not offered.
extension ServerState {
    /// The most conversation groups one user may have (51010 past it).
    static let maxConversationGroups = 20
    /// The longest conversation group name, in UTF-8 bytes (51011 past it, and for an empty one).
    static let maxConversationGroupNameBytes = 32
    /// The most distinct conversations one user's groups may hold together (51008 past it).
    static let maxGroupedConversations = 1_000

    /// Throws 51011 unless `name` is 1 to 32 bytes long.
    static func checkConversationGroupName(_ name: String) throws(IMError) {
        guard (1...maxConversationGroupNameBytes).contains(name.utf8.count) else {
            throw IMError(.invalidConversationGroupName,
                          "a conversation group name is 1 to \(maxConversationGroupNameBytes) bytes, got \(name.utf8.count)")
        }
    }

    /// Creates group `name` holding `ids` (which may be empty: the device asks only for the
    /// conversations it has); one result per ID.
    mutating func createConversationGroup(
        _ name: String, _ ids: [ConversationID], by userID: String, outbox: inout Outbox
    ) throws(IMError) -> IMResponse {
        try Self.checkConversationGroupName(name)
        guard ids.count <= Self.maxConversationsPerRequest else {
            throw IMError(.tooManyConversationsInRequest,
                          "at most \(Self.maxConversationsPerRequest) conversations per request, got \(ids.count)")
        }
        let account = try account(of: userID)
        guard !account.conversationGroups.contains(where: { $0.name.isSameID(as: name) }) else {
            throw IMError(.conversationGroupExists, "a conversation group named \(name) exists")
        }
        guard account.conversationGroups.count < Self.maxConversationGroups else {
            throw IMError(.tooManyConversationGroups, "at most \(Self.maxConversationGroups) conversation groups")
        }
        var group = ConversationGroup(id: account.nextConversationGroupID, name: name, conversations: [])
        let results = add(ids, to: &group, of: account)
        users[userID]?.nextConversationGroupID += 1
        users[userID]?.conversationGroups.append(group)
        return announceConversationGroup(group.id, group, results: results, to: userID, outbox: &outbox)
    }

    /// Deletes group `name`.
    mutating func deleteConversationGroup(
        _ name: String, by userID: String, outbox: inout Outbox
    ) throws(IMError) -> IMResponse {
        let index = try conversationGroupIndex(name, of: userID)
        let removed = users[userID]!.conversationGroups.remove(at: index)
        return announceConversationGroup(removed.id, nil, results: [], to: userID, outbox: &outbox)
    }

    /// Renames group `name` to `newName` (the same name: nothing changes).
    mutating func renameConversationGroup(
        _ name: String, to newName: String, by userID: String, outbox: inout Outbox
    ) throws(IMError) -> IMResponse {
        let index = try conversationGroupIndex(name, of: userID)
        try Self.checkConversationGroupName(newName)
        let account = try account(of: userID)
        let group = account.conversationGroups[index]
        guard !name.isSameID(as: newName) else { return unchanged(group, results: [], of: account) }
        guard !account.conversationGroups.contains(where: { $0.name.isSameID(as: newName) }) else {
            throw IMError(.conversationGroupExists, "a conversation group named \(newName) exists")
        }
        users[userID]?.conversationGroups[index].name = newName
        return announceConversationGroup(
            group.id, users[userID]!.conversationGroups[index], results: [], to: userID, outbox: &outbox)
    }

    /// Adds `ids` to group `name`; one result per ID (one in the group already: success). `ids`
    /// may be empty (a device asks only for the conversations it has): the answer then tells
    /// whether the group exists.
    mutating func addToConversationGroup(
        _ name: String, _ ids: [ConversationID], by userID: String, outbox: inout Outbox
    ) throws(IMError) -> IMResponse {
        let index = try conversationGroupIndex(name, of: userID)
        if !ids.isEmpty { try Self.checkBatch(ids) }
        let account = try account(of: userID)
        var group = account.conversationGroups[index]
        let results = add(ids, to: &group, of: account)
        guard group != account.conversationGroups[index] else { return unchanged(group, results: results, of: account) }
        users[userID]?.conversationGroups[index] = group
        return announceConversationGroup(group.id, group, results: results, to: userID, outbox: &outbox)
    }

    /// Removes `ids` from group `name`; one result per ID (one not in the group: success).
    mutating func removeFromConversationGroup(
        _ name: String, _ ids: [ConversationID], by userID: String, outbox: inout Outbox
    ) throws(IMError) -> IMResponse {
        let index = try conversationGroupIndex(name, of: userID)
        try Self.checkBatch(ids)
        let account = try account(of: userID)
        var group = account.conversationGroups[index]
        let removing = Set(ids)
        group.conversations.removeAll { removing.contains($0) }
        let results = [IMError?](repeating: nil, count: ids.count)
        guard group != account.conversationGroups[index] else { return unchanged(group, results: results, of: account) }
        users[userID]?.conversationGroups[index] = group
        return announceConversationGroup(group.id, group, results: results, to: userID, outbox: &outbox)
    }

    /// The account of `userID` (checked by the caller already; `unknownUser` otherwise).
    private func account(of userID: String) throws(IMError) -> UserAccount {
        guard let account = users[userID] else { throw IMError(.unknownUser, "unknown user \(userID)") }
        return account
    }

    /// The answer to a request that left `group` as it was.
    private func unchanged(_ group: ConversationGroup, results: [IMError?], of account: UserAccount) -> IMResponse {
        .conversationGroup(id: group.id, group, results: results, version: account.version)
    }

    /// The index of `userID`'s group `name`; 51009 when there is none.
    private func conversationGroupIndex(_ name: String, of userID: String) throws(IMError) -> Int {
        guard let index = users[userID]?.conversationGroups.firstIndex(where: { $0.name.isSameID(as: name) }) else {
            throw IMError(.conversationGroupNotFound, "no conversation group named \(name)")
        }
        return index
    }

    /// Appends to `group` those of `ids` it lacks whose peer exists, within the 1,000 grouped
    /// conversations of `account`; one result per ID.
    /// - Complexity: O(g + k) for g conversations in the user's groups and k IDs.
    private func add(_ ids: [ConversationID], to group: inout ConversationGroup, of account: UserAccount) -> [IMError?] {
        var grouped = Set(account.conversationGroups.lazy.flatMap(\.conversations))
        var members = Set(group.conversations)
        return ids.map { id -> IMError? in
            do throws(IMError) {
                try checkPeer(of: id)
            } catch {
                return error
            }
            guard members.insert(id).inserted else { return nil }
            if !grouped.contains(id) {
                guard grouped.count < Self.maxGroupedConversations else {
                    members.remove(id)
                    return IMError(.tooManyMarkedConversations,
                                   "at most \(Self.maxGroupedConversations) conversations may be in conversation groups")
                }
                grouped.insert(id)
            }
            group.conversations.append(id)
            return nil
        }
    }

    /// Records a change of `userID`'s conversation groups under the user's next version (their
    /// latest change, for incremental syncs), pushes group `id` as it is now (nil: deleted) to
    /// every connection of the user, and returns the answer to the request that changed it.
    private mutating func announceConversationGroup(
        _ id: UInt64, _ group: ConversationGroup?, results: [IMError?], to userID: String, outbox: inout Outbox
    ) -> IMResponse {
        users[userID]!.version += 1
        let version = users[userID]!.version
        users[userID]!.conversationGroupsVersion = version
        outbox.push(.conversationGroup(id: id, group), version: version, to: users[userID]!.connections)
        return .conversationGroup(id: id, group, results: results, version: version)
    }
}
