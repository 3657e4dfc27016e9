import IMTransportKit

/// Everything an `IMReferenceServer` knows: users, groups, message logs and open connections.
///
/// A plain value that the server mutates under its lock. Operations validate all input before they
/// change anything, so a thrown error leaves the state and the outbox untouched.
struct ServerState {
    var users: IDTable<UserAccount> = [:]
    var groups: IDTable<GroupRecord> = [:]
    var logs: [ConversationLog.Key: ConversationLog] = [:]
    /// Numbers the IDs of messages sent without one.
    var generatedMessageIDs: UInt64 = 0
    /// Which of a user's logins may be online together.
    var loginPolicy: IMReferenceServer.LoginPolicy

    /// The most conversations one user may pin.
    static let maxPinnedConversations = 50

    init(loginPolicy: IMReferenceServer.LoginPolicy) {
        self.loginPolicy = loginPolicy
    }

    /// Every open connection of every user.
    var allConnections: [ServerConnection] { users.values.flatMap(\.connections) }

    /// The log key of conversation `id` as seen by `userID`.
    func logKey(of id: ConversationID, seenBy userID: String) -> ConversationLog.Key {
        id.kind == .group ? .group(id.target) : .c2c(userID, id.target)
    }

    /// The profile of conversation `id` as `userID` sees it; `nil` when its peer or group is unknown.
    ///
    /// - Complexity: O(1).
    func profile(of id: ConversationID, seenBy userID: String) -> ConversationProfile? {
        switch id.kind {
        case .c2c:
            guard let peer = users[id.target] else { return nil }
            return ConversationProfile(
                name: peer.nickname, remark: users[userID]?.remarks[id.target], faceURL: peer.faceURL)
        case .group:
            return groups[id.target]?.profile
        case .system:
            return nil
        }
    }

    /// Throws unless `userID` is a non-empty, registered user ID.
    func checkUser(_ userID: String) throws(IMError) {
        guard !userID.isEmpty else { throw IMError(.invalidParameters, "empty user ID") }
        guard users[userID] != nil else { throw IMError(.unknownUser, "unknown user \(userID)") }
    }

    /// Throws unless `groupID` is a non-empty ID of an existing group.
    func checkGroup(_ groupID: String) throws(IMError) {
        guard !groupID.isEmpty else { throw IMError(.invalidParameters, "empty group ID") }
        guard groups[groupID] != nil else { throw IMError(.unknownGroup, "unknown group \(groupID)") }
    }

    /// Throws unless `id` names a C2C conversation with a registered user or an existing group.
    func checkPeer(of id: ConversationID) throws(IMError) {
        switch id.kind {
        case .c2c: try checkUser(id.target)
        case .group: try checkGroup(id.target)
        case .system: throw IMError(.invalidConversation, "the system conversation is not on the server")
        }
    }

    /// Users who have conversation `id` from their side (`.c2c(peer)` or `.group(gid)`).
    ///
    /// - Complexity: O(number of users); for rare administrative changes only.
    func holders(of id: ConversationID) -> [String] {
        users.compactMap { userID, account in account.conversations[id] == nil ? nil : userID }
    }

    /// Queues `.profile` pushes of conversation `id` to the connections of everyone who has it.
    ///
    /// - Complexity: O(number of users).
    mutating func pushProfile(of id: ConversationID, outbox: inout Outbox) {
        for userID in holders(of: id) {
            guard let profile = profile(of: id, seenBy: userID) else { continue }
            announce(.profile(id, profile), to: userID, in: id, outbox: &outbox)
        }
    }

    /// Records a change of `userID`'s cloud state in conversation `id` under the user's next version
    /// and pushes it, with that version, to every connection of the user (the one that caused it
    /// too, so every device sees an unbroken sequence).
    ///
    /// - Complexity: O(connections of the user).
    mutating func announce(_ push: IMPush, to userID: String, in id: ConversationID, outbox: inout Outbox) {
        guard users[userID] != nil else { return }
        users[userID]!.version += 1
        let version = users[userID]!.version
        if case .conversationDeleted = push {
            users[userID]!.deletions[id] = version
        } else {
            users[userID]!.deletions[id] = nil
            users[userID]!.conversations[id]?.changedVersion = version
            if case .newMessage = push { users[userID]!.conversations[id]?.activityVersion = version }
        }
        outbox.push(push, version: version, to: users[userID]!.connections)
    }

    /// The most conversations the cloud list keeps per user (the vendor's documented limit).
    static let cloudListLimit = 100
    /// How long a conversation without new messages stays in the cloud list: 7 days.
    static let cloudIdleSeconds: UInt64 = 7 * 24 * 60 * 60

    /// What changed for `userID` since `version`, as the cloud list shows it: the conversations of
    /// the list changed after it (all for 0), the tombstones of those deleted after it, and the
    /// user's current version. The cloud list is the 100 most recently active conversations with a
    /// message in the last 7 days (and those without any message); the rest stays on devices that
    /// have it, but a device syncing from scratch does not get it.
    ///
    /// - Complexity: O(c log c + unread messages) for c conversations.
    func changes(of userID: String, since version: UInt64, now: UInt64) -> IMChanges {
        guard let account = users[userID] else { return IMChanges(version: 0, conversations: [], deleted: []) }
        let cutoff = now > Self.cloudIdleSeconds ? now - Self.cloudIdleSeconds : 0
        let activity = { (conversation: ServerConversation) in
            (conversation.lastMessage?.timestamp ?? .max, account.conversations[conversation.id]!.activityVersion)
        }
        let cloud = conversations(of: userID)
            .filter { ($0.lastMessage?.timestamp ?? .max) >= cutoff }
            .sorted { activity($0) > activity($1) }
            .prefix(Self.cloudListLimit)
        let changed = cloud.filter { version == 0 || account.conversations[$0.id]!.changedVersion > version }
        let deleted = account.deletions.filter { $0.value > version && account.conversations[$0.key] == nil }.keys.sorted()
        return IMChanges(version: account.version, conversations: Array(changed), deleted: deleted)
    }
}
