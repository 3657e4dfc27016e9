import IMTransportKit

/// The administrative API that tests and tools call directly.
///
/// Every method is synchronous and thread-safe; it validates its input and throws an `IMError`
/// (`invalidParameters` for an empty ID, `unknownUser`, `unknownGroup`, `notGroupMember`) without
/// changing anything. Pushes it causes run later on the queues of the connections concerned.
extension IMReferenceServer {
    /// Registers a user, or updates a registered user's profile.
    ///
    /// An update pushes `.profile` to the connections of every user who has a C2C conversation with
    /// `userID`, when the profile changed.
    public func registerUser(_ userID: String, nickname: String? = nil, faceURL: String? = nil) throws(IMError) {
        _ = try perform(.registerUser(userID, nickname: nickname, faceURL: faceURL))
    }

    /// Sets `owner`'s remark for `friend` (an empty remark clears it).
    ///
    /// Pushes `.profile` to `owner`'s connections when they have a C2C conversation with `friend`.
    public func setFriendRemark(owner: String, friend: String, remark: String) throws(IMError) {
        _ = try perform(.setFriendRemark(owner: owner, friend: friend, remark: remark))
    }

    /// Creates a group of registered users, or replaces an existing group's profile and members.
    ///
    /// A changed profile is pushed as `.profile` to everyone who has the group's conversation.
    /// - Parameter groupType: "Work", "Public", "Meeting", "AVChatRoom" (chat rooms keep no unread count).
    public func createGroup(
        _ groupID: String, name: String? = nil, faceURL: String? = nil, groupType: String = "Work",
        members: [String]
    ) throws(IMError) {
        _ = try perform(.createGroup(groupID, name: name, faceURL: faceURL, groupType: groupType, members: members))
    }

    /// Sends a text message from `from` to user `toUser`.
    ///
    /// - Returns: the message's sequence in the pair's conversation (1, 2, ... per user pair).
    @discardableResult
    public func sendText(_ text: String, from: String, toUser: String) throws(IMError) -> UInt64 {
        try send(OutgoingMessage(id: "", receiver: .user(toUser), content: .text(text)), from: from).seq
    }

    /// Sends a text message from member `from` to group `toGroup`, optionally @-mentioning users or all.
    ///
    /// - Returns: the message's sequence in the group (1, 2, ... per group).
    @discardableResult
    public func sendText(
        _ text: String, from: String, toGroup: String, atUserIDs: [String] = [], atAll: Bool = false
    ) throws(IMError) -> UInt64 {
        let outgoing = OutgoingMessage(
            id: "", receiver: .group(toGroup), content: .text(text), atUserIDs: atUserIDs, atAll: atAll)
        return try send(outgoing, from: from).seq
    }

    /// Sends any message as `from`, as if from a device that is not connected.
    ///
    /// The message is pushed to every connection of the recipients whose receive option lets it in
    /// and to every connection of the sender. An empty `message.id` gets a server-made one.
    /// - Returns: the stored message, with its sequence and server timestamp.
    /// - Complexity: O(recipients + their connections).
    @discardableResult
    public func send(_ message: OutgoingMessage, from: String) throws(IMError) -> Message {
        guard case .message(let sent) = try perform(.send(message, from: from, at: 0)) else {
            preconditionFailure("a send answers with its message")
        }
        return sent
    }

    /// Kicks `userID` offline: ends the user's connections on `platform` (on every platform when
    /// nil); each one's sink gets `connectionLost` with `kickedOff` (6208), after what was queued
    /// for it before. The user may log in again.
    ///
    /// - Returns: how many connections were ended.
    @discardableResult
    public func kickOffline(userID: String, platform: IMPlatform? = nil) throws(IMError) -> Int {
        try withState { state, outbox throws(IMError) in
            try state.kickOffline(userID, platform: platform, outbox: &outbox)
        }
    }

    /// Expires the signatures `userID` logged in with so far: the user's open connections end
    /// (their sinks get `connectionLost` with `userSigExpired`, 6206), and a later login with one of
    /// those signatures fails with `userSigExpired`. A login with a new signature succeeds.
    public func expireUserSig(userID: String) throws(IMError) {
        _ = try perform(.expireUserSig(userID))
    }

    /// Every conversation of `userID` as the server holds it, ordered by ID: all of them, not only
    /// the cloud list a device starting from nothing gets (for comparing devices with the server).
    ///
    /// - Complexity: O(c log c + u) for c conversations and u unread messages.
    public func conversations(of userID: String) throws(IMError) -> [ServerConversation] {
        try withState { state, _ throws(IMError) in
            try state.checkUser(userID)
            return state.conversations(of: userID)
        }
    }

    /// The user's current version: the number of their cloud state's latest change (1 before any;
    /// what `.heartbeat` answers).
    ///
    /// - Complexity: O(1).
    public func version(of userID: String) throws(IMError) -> UInt64 {
        try withState { state, _ throws(IMError) in
            try state.checkUser(userID)
            return state.users[userID]?.version ?? 0
        }
    }
}
