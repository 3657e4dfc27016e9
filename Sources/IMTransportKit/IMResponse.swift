/// The server's answer to a request.
public enum IMResponse: Hashable, Codable, Sendable {
    case ok
    case changes(IMChanges)
    case message(Message)
    case messages([Message])
    case readSeq(UInt64)
    case profiles([ConversationID: ConversationProfile])
    case draft(DraftChange)
    case conversations([ServerConversation])
    /// The user's current version (the answer to `.heartbeat`).
    case version(UInt64)
    /// The receive option of each conversation asked (`.receiveOptions`), in the order asked.
    case receiveOptions([ReceiveOption])
    /// The user's receive option for every conversation (`.globalReceiveOption`).
    case globalReceiveOption(GlobalReceiveOption)
    /// One result per conversation of a batch request, in the order asked (nil: success), and the
    /// user's version once it was applied: a device whose store reached that version has the
    /// change already (its push), and may have later ones.
    case results([IMError?], version: UInt64)
    /// The conversation group a request changed, as it is after it (nil: deleted), one result per
    /// conversation asked (none for a delete or a rename), and the user's version after it.
    case conversationGroup(id: UInt64, ConversationGroup?, results: [IMError?], version: UInt64)
    /// The read receipts asked (`.readReceipts`), in the order asked.
    case readReceipts([MessageReadReceipt])
    /// A page of the members who have read a message, or have not (`.readMembers`): the position
    /// to ask from next, and whether the list ends with this page.
    case members([MemberProfile], next: UInt64, isFinished: Bool)
}
