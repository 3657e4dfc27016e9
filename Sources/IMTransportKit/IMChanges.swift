/// What changed in a user's cloud state since a version (the answer to `.syncChanges`).
///
/// From version 0 (a device starting from nothing) it is the cloud list: the 100 most recently
/// active conversations with a message in the last 7 days, plus every pinned one, in one answer
/// (with the messages delivered since the asking connection opened, which it could not apply yet).
/// From a later version it is every change after that version, in pages: ask again from `version`
/// while `hasMore`. Each conversation comes in its current state, with the messages delivered in it
/// after the version asked (`ServerConversation.newMessages`); a page's `version` never passes a
/// message it did not carry, and once the last page (`hasMore` false) is applied the device
/// reflects the user's version.
public struct IMChanges: Hashable, Codable, Sendable {
    /// The version these changes bring a device to: pass it to the next `.syncChanges`.
    public var version: UInt64
    /// The conversations of this page (every changed one from 0), each in its current state, most
    /// recently active first (the order the client keeps between conversations active in the same
    /// second).
    public var conversations: [ServerConversation]
    /// Conversations deleted after the version asked (and not recreated since), in this page.
    public var deleted: [ConversationID]
    /// Whether later changes remain: ask again from `version` for the next page.
    public var hasMore: Bool
    /// The user's conversation groups, all of them in creation order, when they changed after the
    /// version asked (from 0: always); nil when they did not.
    public var conversationGroups: [ConversationGroup]?

    public init(
        version: UInt64, conversations: [ServerConversation], deleted: [ConversationID], hasMore: Bool = false,
        conversationGroups: [ConversationGroup]? = nil
    ) {
        self.conversationGroups = conversationGroups
        self.version = version
        self.conversations = conversations
        self.deleted = deleted
        self.hasMore = hasMore
    }
}
