/// The seam between the SDK and a server: plug in your own backend by implementing these protocols.
///
/// The embedded default is `IMReferenceServer.shared`. A transport delivers completions and pushes
/// asynchronously, on any thread, in the order the server produced them for one connection.

/// A way to reach a server.
public protocol IMTransport: AnyObject, Sendable {
    /// Opens a connection for `userID`; pushes for that connection go to `sink` until it closes.
    ///
    /// - Parameters:
    ///   - userID: the user logging in.
    ///   - userSig: the credential; the transport decides whether it is valid.
    ///   - sink: receives the connection's pushes, in order.
    ///   - completion: called once, asynchronously, with the open connection or an error.
    func connect(
        userID: String, userSig: String, sink: any IMPushSink,
        completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
    )
}

/// One logged-in connection (one device of one user).
public protocol IMConnection: AnyObject, Sendable {
    /// The user this connection belongs to.
    var userID: String { get }
    /// Sends a request; `completion` is called once, asynchronously.
    func send(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void)
    /// Closes the connection; no push arrives after this returns.
    func close()
}

/// Receives a connection's pushes, one at a time, in order.
public protocol IMPushSink: AnyObject, Sendable {
    /// One push. `version` numbers the user's cloud changes: every push to any connection of the
    /// user carries the next one (the same change has the same version on every device), so a
    /// receiver that saw version v and gets v + 2 knows it missed one (0: not numbered).
    func receive(_ push: IMPush, version: UInt64)
    /// The connection is gone (the network failed, the server closed it); nothing more arrives on
    /// it and its pending requests fail. Not called after `IMConnection.close()`.
    func connectionLost(_ error: IMError)
}

extension IMPushSink {
    /// Ignores the loss (for sinks that do not reconnect).
    public func connectionLost(_ error: IMError) {}
}

/// What changed in a user's cloud state since a version (the answer to `.syncChanges`).
public struct IMChanges: Hashable, Sendable {
    /// The user's version after these changes: pass it to the next `.syncChanges`.
    public var version: UInt64
    /// Every conversation changed since the version asked (all of them from 0), in its current state,
    /// most recently active first (the order the client keeps between conversations active in the
    /// same second).
    public var conversations: [ServerConversation]
    /// Conversations deleted since the version asked (and not recreated since).
    public var deleted: [ConversationID]

    public init(version: UInt64, conversations: [ServerConversation], deleted: [ConversationID]) {
        self.version = version
        self.conversations = conversations
        self.deleted = deleted
    }
}

/// A message the client asks the server to send.
public struct OutgoingMessage: Hashable, Sendable {
    /// The client-made message ID; the server keeps it.
    public var id: String
    public var random: UInt32
    public var receiver: MessageReceiver
    public var content: MessageContent
    public var atUserIDs: [String]
    public var atAll: Bool
    public var isExcludedFromUnreadCount: Bool
    public var isExcludedFromLastMessage: Bool

    public init(
        id: String, random: UInt32 = 0, receiver: MessageReceiver, content: MessageContent,
        atUserIDs: [String] = [], atAll: Bool = false,
        isExcludedFromUnreadCount: Bool = false, isExcludedFromLastMessage: Bool = false
    ) {
        self.id = id
        self.random = random
        self.receiver = receiver
        self.content = content
        self.atUserIDs = atUserIDs
        self.atAll = atAll
        self.isExcludedFromUnreadCount = isExcludedFromUnreadCount
        self.isExcludedFromLastMessage = isExcludedFromLastMessage
    }
}

/// A draft as devices that sync drafts exchange it: the text (nil: cleared) and when it was set.
/// The newest timestamp wins (last writer wins; in the same second, the later to reach the server);
/// the server keeps only the newest.
public struct DraftChange: Hashable, Sendable {
    public var text: String?
    public var timestamp: UInt64

    public init(text: String?, timestamp: UInt64) {
        self.text = text
        self.timestamp = timestamp
    }

    /// The local draft this change stands for.
    public var draft: Draft? { text.map { Draft(text: $0, timestamp: timestamp) } }
}

/// One conversation as the server keeps it for one user.
public struct ServerConversation: Hashable, Sendable {
    public var id: ConversationID
    public var profile: ConversationProfile
    /// The newest message that is not excluded from "last message".
    public var lastMessage: Message?
    /// The highest sequence delivered to this user in this conversation.
    public var lastSeq: UInt64
    /// The user's read cursor on the server.
    public var readSeq: UInt64
    /// The messages above the read cursor that count as unread for this user, oldest first.
    public var unreadMessages: [Message]
    public var isPinned: Bool
    public var receiveOption: ReceiveOption
    /// The synced draft (only for clients that sync drafts), nil when never synced.
    public var draft: DraftChange?

    public init(
        id: ConversationID, profile: ConversationProfile, lastMessage: Message?, lastSeq: UInt64,
        readSeq: UInt64, unreadMessages: [Message], isPinned: Bool, receiveOption: ReceiveOption,
        draft: DraftChange? = nil
    ) {
        self.draft = draft
        self.id = id
        self.profile = profile
        self.lastMessage = lastMessage
        self.lastSeq = lastSeq
        self.readSeq = readSeq
        self.unreadMessages = unreadMessages
        self.isPinned = isPinned
        self.receiveOption = receiveOption
    }
}

/// A request from a client to the server. Conversation IDs are from the requesting user's side.
public enum IMRequest: Hashable, Sendable {
    /// What changed for the user since `version` (0: everything) → `.changes`.
    case syncChanges(since: UInt64)
    /// Send a message → `.message` (the stored message with its sequence and server time).
    case sendMessage(OutgoingMessage)
    /// Move the read cursor up to `seq` (`UInt64.max`: everything) → `.readSeq` (the new cursor).
    case markRead(ConversationID, upTo: UInt64)
    /// Pin or unpin (at most 50 pinned) → `.ok`.
    case setPinned(ConversationID, Bool)
    /// Set the receive option of C2C or group conversations → `.ok`.
    case setReceiveOption([ConversationID], ReceiveOption)
    /// Remove the conversation from this user's list → `.ok`. With `clearingMessages` its history so
    /// far is deleted for the user too; without, the history stays (a new message brings the
    /// conversation back, with the old messages read).
    case deleteConversation(ConversationID, clearingMessages: Bool)
    /// Up to `count` messages with `seq < beforeSeq` (`nil`: the newest), newest first → `.messages`.
    case history(ConversationID, beforeSeq: UInt64?, count: Int)
    /// The profiles of these conversations → `.profiles` (unknown ones are left out).
    case profiles([ConversationID])
    /// Offer a draft change (devices that sync drafts) → `.draft` (the server's draft after it:
    /// the offered one, or a newer one that wins).
    case setDraft(ConversationID, DraftChange)
}

/// The server's answer to a request.
public enum IMResponse: Hashable, Sendable {
    case ok
    case changes(IMChanges)
    case message(Message)
    case messages([Message])
    case readSeq(UInt64)
    case profiles([ConversationID: ConversationProfile])
    case draft(DraftChange)
}

/// Something the server tells a connection without being asked.
public enum IMPush: Hashable, Sendable {
    /// A new message for this user (sent to them, to one of their groups, or by them from any of
    /// their devices), with the conversation's profile as this user sees it.
    case newMessage(Message, profile: ConversationProfile)
    /// The user's read cursor moved (a read on any of the user's devices).
    case readCursor(ConversationID, seq: UInt64)
    /// The pin state changed (on any of the user's devices).
    case pinned(ConversationID, Bool)
    /// The receive option changed (on any of the user's devices).
    case receiveOption(ConversationID, ReceiveOption)
    /// The conversation was deleted (on any device of the user); with `clearingMessages` its
    /// messages were deleted too, else devices keep theirs.
    case conversationDeleted(ConversationID, clearingMessages: Bool)
    /// A profile the conversation shows changed (nickname, remark, group name, face URL).
    case profile(ConversationID, ConversationProfile)
    /// The synced draft changed (on a device that syncs drafts).
    case draft(ConversationID, DraftChange)
}
