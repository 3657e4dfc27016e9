import IMTransportKit

/// A registered user: profile, friend remarks, conversations, settings and open connections.
struct UserAccount: Codable {
    var nickname: String?
    var faceURL: String?
    /// This user's remarks for friends, by friend user ID.
    var remarks: IDTable<String> = [:]
    var conversations: [ConversationID: UserConversation] = [:]
    /// The receive options the user set (none: `.receive`). Kept apart from `conversations` because
    /// the option belongs to the relation with the peer or group: deleting the conversation keeps it.
    /// One set back to `.receive` stays as `.receive`: a device may still keep the option it
    /// replaced for a conversation it does not have (it missed the push that set it back, and a
    /// sync carries no conversation the user lacks), so the conversation's first message must
    /// bring the option (`announceReceiveOptionIfStarting`).
    var receiveOptions: [ConversationID: ReceiveOption] = [:]
    /// The user's receive option for every conversation (`setAllReceiveMessageOpt`).
    var globalReceiveOption = GlobalReceiveOption.default
    /// Per conversation, the sequence up to which the user deleted its history.
    var clearedSeqs: [ConversationID: UInt64] = [:]
    /// Per deleted conversation, the sequence it was deleted at: a recreated one starts there, read.
    var restartSeqs: [ConversationID: UInt64] = [:]
    /// Per conversation deleted with its messages kept (the legacy deletion), the messages that had
    /// reached the user: their devices keep them, and hear of a revoke of one. Optional, so that
    /// a snapshot written before it was kept still reads.
    var keptDeliveries: [ConversationID: Set<UInt64>]?
    /// Per conversation, the messages the user deleted from their cloud history (`deleteMessages`).
    var deletedSeqs: [ConversationID: Set<UInt64>] = [:]
    /// Per C2C conversation, how far the peer has read my messages (the read receipts I got). Kept
    /// apart from `conversations`, as the receive options are: it belongs to the pair.
    var peerReads: [ConversationID: PeerReadPoint] = [:]
    /// How many of `conversations` are pinned.
    var pinnedCount = 0
    /// Numbers the changes of this user's cloud state; every push to the user carries the next one.
    /// It starts at 1, so that 0 stays "no version": a device that never synced asks from 0 and
    /// gets the cloud list, one that synced asks from a version at least 1 and gets every change.
    var version: UInt64 = 1
    /// Deleted conversations and the version of their deletion (a tombstone, until recreated).
    var deletions: [ConversationID: UInt64] = [:]
    /// The user's conversation groups, in creation order (ascending `id`).
    var conversationGroups: [ConversationGroup] = []
    /// The `id` of the next conversation group the user creates.
    var nextConversationGroupID: UInt64 = 1
    /// The user's version at the latest change of `conversationGroups` (0: never changed), for syncs.
    var conversationGroupsVersion: UInt64 = 0
    /// The open connections: not part of the lasting state (a snapshot leaves them out).
    var online = OnlineConnections()
    /// Open connections, oldest first.
    var connections: [ServerConnection] {
        get { online.connections }
        set { online.connections = newValue }
    }
    /// The user's version when each open connection opened: a sync from 0 on it brings the messages
    /// delivered since, which were pushed to it before its device had synced.
    var openedAt: [ObjectIdentifier: UInt64] {
        get { online.openedAt }
        set { online.openedAt = newValue }
    }
    /// The signatures the user logged in with since they last expired.
    var signatures: Set<String> = []
    /// Signatures that expired: a login with one of them fails with `userSigExpired`.
    var expiredSignatures: Set<String> = []

    init(nickname: String?, faceURL: String?) {
        self.nickname = nickname
        self.faceURL = faceURL
    }

    func receiveOption(for id: ConversationID) -> ReceiveOption { receiveOptions[id] ?? .receive }

    func clearedSeq(of id: ConversationID) -> UInt64 { clearedSeqs[id] ?? 0 }

    /// Runs `body` on the conversation `id`, creating it empty first if the user does not have it.
    mutating func withConversation<T>(_ id: ConversationID, _ body: (inout UserConversation) -> T) -> T {
        let restart = restartSeqs[id] ?? 0
        return body(&conversations[id, default: UserConversation(startingAt: restart)])
    }

    /// Creates conversation `id` empty if the user does not have it.
    mutating func createConversationIfNeeded(_ id: ConversationID) {
        if conversations[id] == nil {
            conversations[id] = UserConversation(startingAt: restartSeqs[id] ?? 0)
        }
    }

    /// Records a message delivered to this user in conversation `id` (creating it).
    ///
    /// - Complexity: O(1) amortized.
    mutating func record(_ message: Message, in id: ConversationID, countsAsUnread: Bool) {
        withConversation(id) { $0.record(message, countsAsUnread: countsAsUnread) }
    }
}

/// A user's open connections and when each opened: what lives only as long as the process, so a
/// snapshot of the state writes nothing for it and restores it empty.
struct OnlineConnections: Codable {
    var connections: [ServerConnection] = []
    var openedAt: [ObjectIdentifier: UInt64] = [:]

    init() {}

    init(from decoder: any Decoder) throws {
        self.init()
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}
