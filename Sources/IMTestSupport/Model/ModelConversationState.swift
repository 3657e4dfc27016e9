/// What a conversation shows through the V2 API, as the model-based check compares it.
///
/// The model computes one from its plain state; the check builds one from each `V2TIMConversation`
/// it gets (a page walk, `getConversation`, the last listener announcement) and compares the two.
package struct ModelConversationState: Hashable, Sendable, CustomStringConvertible {
    package var conversationID: String
    package var unreadCount: Int
    package var isPinned: Bool
    package var draftText: String?
    package var lastMessageText: String?
    /// The `V2TIMReceiveMessageOpt` raw value.
    package var receiveOption: Int
    /// The `V2TIMGroupAtType` raw values of `groupAtInfolist`, oldest first.
    package var atTypes: [Int]
    /// Whether the last message is revoked (`MSG_STATUS_LOCAL_REVOKED`).
    package var lastMessageRevoked: Bool
    /// Whether the peer has read the last message (`isPeerRead`: a C2C message of mine).
    package var lastMessagePeerRead: Bool
    /// The marks of `markList`, as one set of bits.
    package var marks: UInt64
    /// `customData` as UTF-8 text.
    package var customData: String?
    /// `conversationGroupList`.
    package var conversationGroups: [String]

    package init(
        conversationID: String, unreadCount: Int, isPinned: Bool, draftText: String?, lastMessageText: String?,
        receiveOption: Int, atTypes: [Int], lastMessageRevoked: Bool = false, lastMessagePeerRead: Bool = false,
        marks: UInt64 = 0, customData: String? = nil, conversationGroups: [String] = []
    ) {
        self.lastMessageRevoked = lastMessageRevoked
        self.lastMessagePeerRead = lastMessagePeerRead
        self.marks = marks
        self.customData = customData
        self.conversationGroups = conversationGroups
        self.conversationID = conversationID
        self.unreadCount = unreadCount
        self.isPinned = isPinned
        self.draftText = draftText
        self.lastMessageText = lastMessageText
        self.receiveOption = receiveOption
        self.atTypes = atTypes
    }

    package var description: String {
        var parts = ["\(conversationID) unread \(unreadCount)"]
        if isPinned { parts.append("pinned") }
        if let draftText { parts.append("draft \"\(draftText)\"") }
        parts.append("last " + (lastMessageText.map { "\"\($0)\"" } ?? "nil")
            + (lastMessageRevoked ? " (revoked)" : "") + (lastMessagePeerRead ? " (peer read)" : ""))
        if receiveOption != 0 { parts.append("recvOpt \(receiveOption)") }
        if !atTypes.isEmpty { parts.append("@\(atTypes)") }
        if marks != 0 { parts.append("marks 0x\(String(marks, radix: 16))") }
        if let customData { parts.append("custom \"\(customData)\"") }
        if !conversationGroups.isEmpty { parts.append("groups \(conversationGroups)") }
        return parts.joined(separator: ", ")
    }
}
