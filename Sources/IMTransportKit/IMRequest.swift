import Foundation

/// A request from a client to the server. Conversation IDs are from the requesting user's side.
public enum IMRequest: Hashable, Codable, Sendable {
    /// What changed for the user since `version` → `.changes` (0, a device that never synced: the
    /// cloud list; else a page of the changes after `version`, see `IMChanges`). A user's versions
    /// start at 1, so a device that synced once never asks from 0.
    case syncChanges(since: UInt64)
    /// The current state of these conversations of the user → `.conversations` (the ones the user
    /// does not have are left out). No backlog of messages (`newMessages` is empty).
    case conversations([ConversationID])
    /// Whether the connection is alive, and how far the user's cloud state is → `.version` (the
    /// user's current version: a device behind it missed a push).
    case heartbeat
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
    /// Up to `count` messages with `seq > afterSeq` (0: from the first), oldest first → `.messages`
    /// (`history`'s mirror, for pages of newer messages: the same checks and byte budget).
    /// Version 6.
    case newerHistory(ConversationID, afterSeq: UInt64, count: Int)
    /// Up to `count` of the messages of `id` delivered to the user (pushed to their devices:
    /// received, or sent from one of them) with `seq < beforeSeq` (`nil`: the newest), newest first
    /// → `.messages`. What a device fetches to fill in the unread messages an answer left out
    /// (`ServerConversation.omittedUnreadCount`): unlike `.history`, it leaves out the messages of
    /// a group that the user's receive option kept from them, which no device of theirs counts.
    case deliveredHistory(ConversationID, beforeSeq: UInt64?, count: Int)
    /// The profiles of these conversations → `.profiles` (unknown ones are left out).
    case profiles([ConversationID])
    /// Offer a draft change (devices that sync drafts) → `.draft` (the server's draft after it:
    /// the offered one, or a newer one that wins).
    case setDraft(ConversationID, DraftChange)
    /// The user's receive options for these conversations (C2C or group) → `.receiveOptions`
    /// (every one asked; `.receive` where none was set).
    case receiveOptions([ConversationID])
    /// Set the user's receive option for every conversation → `.ok` (no push: devices keep nothing
    /// of it).
    case setGlobalReceiveOption(GlobalReceiveOption)
    /// The user's receive option for every conversation → `.globalReceiveOption`.
    case globalReceiveOption
    /// Revoke my message `seq` of `id` (its ID must be `messageID`) for everyone who has it → `.message`
    /// (the message, revoked). C2C: only the sender's own message; groups: the sender's. At most
    /// `revokeTimeLimit` seconds after it was sent. Every device of everyone holding the conversation
    /// gets `.messageRevoked`.
    case revokeMessage(ConversationID, seq: UInt64, messageID: String)
    /// Delete messages `seqs` of `id` from this user's cloud history → `.ok`. No push: the user's other
    /// devices keep their copies (the vendor's "deletion is not synced across devices"), a device
    /// starting from nothing does not get them, and the history leaves them out.
    case deleteMessages(ConversationID, seqs: [UInt64])
    /// Delete every message of `id` so far from this user's cloud history, keeping the conversation
    /// (no last message, nothing unread) → `.ok`; the user's devices get `.historyCleared`.
    case clearHistory(ConversationID)
    /// Move the read cursor as `.markRead` does, for messages a device pulled (the legacy auto
    /// report), not read by the user: the peer gets no read receipt → `.readSeq`.
    case reportPulled(ConversationID, upTo: UInt64)
    /// Set (`enable`) or clear the mark bits `marks` on 1 to 100 conversations, creating one the
    /// user lacks when setting → `.results`, one per ID (51008 when a conversation would pass the
    /// 1,000 with marks or custom data; the peer's error for an unknown user or group). A new
    /// message clears the hide mark (`ServerConversation.hideMark`) of its conversation.
    case setMarks([ConversationID], marks: UInt64, enable: Bool)
    /// Set (nil: clear) the custom data of 1 to 100 conversations (at most 256 bytes) → `.results`,
    /// as `setMarks`.
    case setCustomData([ConversationID], Data?)
    /// Create conversation group `name` (1 to 32 bytes, at most 20 groups) holding these
    /// conversations (at most 100) → `.conversationGroup`, one result per ID (51008 when a
    /// conversation would pass the 1,000 in any group); 50002 when one of that name exists, 51010
    /// for a 21st group, 51011 for a bad name.
    case createConversationGroup(String, [ConversationID])
    /// Delete conversation group `name` → `.conversationGroup` (51009 when there is none).
    case deleteConversationGroup(String)
    /// Rename conversation group `name` → `.conversationGroup` (51009 when there is none; 51011
    /// for a bad new name, 50002 when one of that name exists).
    case renameConversationGroup(String, to: String)
    /// Add conversations (at most 100) to conversation group `name` → `.conversationGroup`, one
    /// result per ID (51009 when there is no such group).
    case addToConversationGroup(String, [ConversationID])
    /// Remove conversations (1 to 100) from conversation group `name` → `.conversationGroup`, one
    /// result per ID.
    case removeFromConversationGroup(String, [ConversationID])
    /// Tell the senders of messages `seqs` of `id` (1 to 100, each from another user, each asking for
    /// read receipts: `Message.needReadReceipt`) that the user read them → `.ok`. The server counts
    /// each reader of a message once; every connection of a sender whose message a reader read for
    /// the first time gets `.messageReadReceipts` (version 0: outside the sync versions). The
    /// conversation's unread count does not change. 6017 for a message that is missing, the
    /// user's own, or does not ask for receipts; 7013 in a group whose type has no read receipts
    /// (`AVChatRoom`, `Community`); 10007 in a group the user is not a member of. Version 5.
    case sendReadReceipts(ConversationID, seqs: [UInt64])
    /// The read receipts of messages `seqs` of `id` (1 to 100) → `.readReceipts`, one per message
    /// in the order asked (every count 0 for a message that does not ask for receipts). 6017 for
    /// a missing message; 10007 in a group the user is not a member of. Version 5.
    case readReceipts(ConversationID, seqs: [UInt64])
    /// Up to `count` (1 to 100) of the members of group `id` who have read (`read`) or have not
    /// read message `seq`, from position `after` of that list (0: the start) → `.members`. Readers
    /// come in the order they read, the others in the group's member order; the sender is in
    /// neither. 6017 for a C2C conversation, a missing message or one that does not ask for
    /// receipts; 10007 when the user is not a member. Version 5.
    case readMembers(ConversationID, seq: UInt64, read: Bool, after: UInt64, count: Int)
    /// Change message `seq` of `id` (its ID must be `messageID`) from `expected` (what the asking
    /// device holds) to `edit` for everyone who has it → `.message` (the message, changed). Any
    /// member of the conversation may change any sent message of it that is neither revoked nor
    /// deleted from their history: its text, custom, location or face content (not another kind,
    /// nor into another kind: `MessageContent.canBeModified(into:)`) and its `cloudCustomData`.
    /// Every device of everyone holding the conversation gets `.messageModified`. 8006 when the message is no longer `expected` (someone changed it
    /// first: ask the history for it as it is); 6017 for a missing, revoked or deleted message or
    /// a content of another kind; 7013 in a group of type `AVChatRoom`; 10007 in a group the user
    /// is not a member of. Version 5.
    case modifyMessage(ConversationID, seq: UInt64, messageID: String, expected: MessageEdit, edit: MessageEdit)
}

/// What a change of a message may change (`IMRequest.modifyMessage`): its content and its
/// `cloudCustomData`.
/// - Thread safety: a value type, `Sendable`.
public struct MessageEdit: Hashable, Codable, Sendable {
    public var content: MessageContent
    public var cloudCustomData: Data?

    public init(content: MessageContent, cloudCustomData: Data?) {
        self.content = content
        self.cloudCustomData = cloudCustomData
    }

    /// What `message` holds.
    public init(of message: Message) {
        self.init(content: message.content, cloudCustomData: message.cloudCustomData)
    }
}
