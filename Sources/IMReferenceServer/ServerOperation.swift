import IMTransportKit

/// A change of an `IMReferenceServer`'s lasting state: what its journal records.
///
/// The server's state is a function of its operations: applying a journal's operations in order
/// to an empty state (`ServerState.apply(_:outbox:)`) rebuilds it, because each one carries what it
/// read besides the state (the time) and the state holds everything else (generated message IDs
/// included). Connections, the login policy and the sync limits are not part of it.
enum ServerOperation: Codable, Sendable {
    case registerUser(String, nickname: String?, faceURL: String?)
    case setFriendRemark(owner: String, friend: String, remark: String)
    case createGroup(String, name: String?, faceURL: String?, groupType: String, members: [String])
    /// An administrative send, at server time `at`.
    case send(OutgoingMessage, from: String, at: UInt64)
    /// A request that changes the state (`IMRequest.changesState`) from a connection of `from`.
    case request(IMRequest, from: String, at: UInt64)
    /// A login with a signature the user had not used since their signatures last expired.
    case signIn(String, userSig: String)
    case expireUserSig(String)
}

extension IMRequest {
    /// Whether answering the request changes the server's lasting state (a journaled operation).
    var changesState: Bool {
        switch self {
        case .sendMessage(let outgoing): !outgoing.onlineUserOnly
        case .markRead, .setPinned, .setReceiveOption, .deleteConversation, .setDraft,
             .setGlobalReceiveOption: true
        case .syncChanges, .conversations, .heartbeat, .history, .newerHistory, .deliveredHistory, .profiles, .receiveOptions,
             .globalReceiveOption: false
        case .sendReadReceipts, .modifyMessage: true
        case .readReceipts, .readMembers: false
        case .revokeMessage, .deleteMessages, .clearHistory, .reportPulled: true
        case .setMarks, .setCustomData, .createConversationGroup, .deleteConversationGroup,
             .renameConversationGroup, .addToConversationGroup, .removeFromConversationGroup: true
        }
    }
}

extension ServerOperation {
    /// The same operation at server time `time` (a send's and a request's; the others have none).
    func at(_ time: UInt64) -> ServerOperation {
        switch self {
        case .send(let outgoing, let from, _): .send(outgoing, from: from, at: time)
        case .request(let request, let from, _): .request(request, from: from, at: time)
        default: self
        }
    }

    /// The server time it carries (0 for those without one).
    var time: UInt64 {
        switch self {
        case .send(_, _, let time), .request(_, _, let time): time
        default: 0
        }
    }
}

extension ServerState {
    /// Applies `operation`, reading the server time through `clock` (at most once, after
    /// validation: a live change reads the real clock, a replay the time the journal kept); a thrown
    /// error leaves the state as it was.
    ///
    /// - Returns: the answer to a request (`.ok` for the others, `.message` for a send).
    mutating func apply(_ operation: ServerOperation, clock: () -> UInt64, outbox: inout Outbox) throws(IMError) -> IMResponse {
        switch operation {
        case .registerUser(let userID, let nickname, let faceURL):
            try registerUser(userID, nickname: nickname, faceURL: faceURL, outbox: &outbox)
        case .setFriendRemark(let owner, let friend, let remark):
            try setFriendRemark(owner: owner, friend: friend, remark: remark, outbox: &outbox)
        case .createGroup(let groupID, let name, let faceURL, let groupType, let members):
            try createGroup(groupID, name: name, faceURL: faceURL, groupType: groupType, members: members, outbox: &outbox)
        case .send(let outgoing, let from, _):
            return .message(try send(outgoing, from: from, clock: clock, outbox: &outbox))
        case .request(let request, let from, _):
            return try handle(request, from: from, openedAt: nil, clock: clock, outbox: &outbox)
        case .signIn(let userID, let userSig):
            try checkUser(userID)
            users[userID]?.signatures.insert(userSig)
        case .expireUserSig(let userID):
            try expireUserSig(userID, outbox: &outbox)
        }
        return .ok
    }
}
