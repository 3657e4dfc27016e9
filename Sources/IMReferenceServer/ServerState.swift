import Foundation
import IMTransportKit

/// Everything an `IMReferenceServer` knows: users, groups, message logs and open connections.
///
/// A plain value that the server mutates under its lock. Operations validate all input before they
/// change anything, so a thrown error leaves the state and the outbox untouched.
struct ServerState {
    /// Identifies this state (`IMConnection.serverEpoch`): a new one for every state that does not
    /// carry on from one devices saw.
    var epoch: String
    var users: IDTable<UserAccount> = [:]
    var groups: IDTable<GroupRecord> = [:]
    var logs: [ConversationLog.Key: ConversationLog] = [:]
    /// Numbers the IDs of messages sent without one.
    var generatedMessageIDs: UInt64 = 0
    /// Which of a user's logins may be online together.
    var loginPolicy: IMReferenceServer.LoginPolicy
    /// How many changes (messages, other conversation changes, tombstones) a sync page covers.
    var syncPageLimit = ServerState.defaultSyncPageLimit
    /// The bytes of messages a sync page carries at most (`pageBytes(of:)`; one change always).
    var syncPageByteBudget = ServerState.defaultSyncPageByteBudget
    /// The most recently active conversations a sync from 0 lists (pinned ones besides).
    var cloudListLimit = ServerState.defaultCloudListLimit
    /// Seconds after sending within which a message may be revoked (`IMReferenceServer.revokeTimeLimit`).
    var revokeTimeLimit = ServerState.defaultRevokeTimeLimit
    /// Whether deleting a conversation deletes it on the user's other devices too.
    var syncsConversationDeletion = false

    /// The most conversations one user may pin.
    static let maxPinnedConversations = 50

    init(loginPolicy: IMReferenceServer.LoginPolicy, epoch: String = ServerState.newEpoch()) {
        self.loginPolicy = loginPolicy
        self.epoch = epoch
    }

    /// A fresh epoch: random, so that no two states share one.
    static func newEpoch() -> String { UUID().uuidString }

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
    /// too, so every device sees an unbroken sequence). The version becomes the conversation's
    /// latest change (and, for a message, its latest activity and a delivery) when the user has
    /// the conversation, for incremental syncs.
    ///
    /// - Complexity: O(connections of the user), plus O(1) amortized for a message's delivery.
    mutating func announce(_ push: IMPush, to userID: String, in id: ConversationID, outbox: inout Outbox) {
        guard users[userID] != nil else { return }
        users[userID]!.version += 1
        let version = users[userID]!.version
        if case .conversationDeleted = push {
            users[userID]!.deletions[id] = version
        } else if users[userID]!.conversations[id] != nil {
            // A change of a conversation the user does not have (a receive option) keeps its tombstone.
            users[userID]!.deletions[id] = nil
            users[userID]!.conversations[id]!.changedVersion = version
            if case .newMessage(let message, _) = push {
                users[userID]!.conversations[id]!.activityVersion = version
                users[userID]!.conversations[id]!.noteDelivery(seq: message.seq, version: version)
            }
        }
        outbox.push(push, version: version, to: users[userID]!.connections)
    }
}
