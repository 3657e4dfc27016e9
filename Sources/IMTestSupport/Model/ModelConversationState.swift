/// What a conversation shows through the V2 API, as the model-based check compares it.
///
/// The model computes one from its plain state; the check builds one from each `V2TIMConversation`
/// it gets (a page walk, `getConversation`, the last listener announcement) and compares the two.
public struct ModelConversationState: Hashable, Sendable, CustomStringConvertible {
    public var conversationID: String
    public var unreadCount: Int
    public var isPinned: Bool
    public var draftText: String?
    public var lastMessageText: String?
    /// The `V2TIMReceiveMessageOpt` raw value.
    public var receiveOption: Int
    /// The `V2TIMGroupAtType` raw values of `groupAtInfolist`, oldest first.
    public var atTypes: [Int]

    public init(
        conversationID: String, unreadCount: Int, isPinned: Bool, draftText: String?, lastMessageText: String?,
        receiveOption: Int, atTypes: [Int]
    ) {
        self.conversationID = conversationID
        self.unreadCount = unreadCount
        self.isPinned = isPinned
        self.draftText = draftText
        self.lastMessageText = lastMessageText
        self.receiveOption = receiveOption
        self.atTypes = atTypes
    }

    public var description: String {
        var parts = ["\(conversationID) unread \(unreadCount)"]
        if isPinned { parts.append("pinned") }
        if let draftText { parts.append("draft \"\(draftText)\"") }
        parts.append("last " + (lastMessageText.map { "\"\($0)\"" } ?? "nil"))
        if receiveOption != 0 { parts.append("recvOpt \(receiveOption)") }
        if !atTypes.isEmpty { parts.append("@\(atTypes)") }
        return parts.joined(separator: ", ")
    }
}
