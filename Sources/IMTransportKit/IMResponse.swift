/// The server's answer to a request.
public enum IMResponse: Hashable, Sendable {
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
}
