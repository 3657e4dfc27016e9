/// One part of an observation, compared on its own.
///
/// Each aspect is a list of rows (strings) that both APIs produce in the same normalised form:
/// conversations are named by their V2 ID (`c2c_a`, `group_g`) and the legacy SYSTEM conversation,
/// which the V2 API does not show, is left out.
package enum Aspect: String, CaseIterable, Hashable, Comparable, Sendable {
    /// The outcome of the step's API call: `ok` or `error <code>` (legacy calls returning `Bool`:
    /// `false`).
    case result
    /// The conversation list in order (legacy `getConversationList()`; V2 a `getConversationList`
    /// page walk). Pins show only here: the legacy API has no pin getter.
    case order
    /// `id=count` per conversation, in list order (legacy `getUnReadMessageNum()`; V2 `unreadCount`).
    case unread
    /// `id=sender: text` of the last message, in list order (legacy `getLastMsg()`; V2
    /// `lastMessage`).
    case lastMessage
    /// `id=read|unread` for the last message (legacy `isReaded()`; V2 `isRead`).
    case readFlag
    /// `id=text` for conversations with a draft (legacy `getDraft()`; V2 `draftText`).
    case drafts
    /// `id=seq:type,...` for conversations with unread @-mentions (legacy `getGroupAtInfoList()`;
    /// V2 `groupAtInfolist`).
    case atInfos
    /// `name: ids` per `FilterProbe`: the conversations a filter selects, in list order (legacy:
    /// the probe's rule over the legacy reads; V2 `getConversationListByFilter` page walks).
    case filtered
    /// `id=count` of cloud history messages for every conversation the scenario names (legacy
    /// `getMessage(_:last:succ:fail:)`; V2 `getC2CHistoryMessageList` / `getGroupHistoryMessageList`).
    case history
    /// Conversations announced since the previous step, in order, and `(sync)` for a finished sync
    /// (legacy `onRefreshConversations` receivers and `onRefresh()`; V2 `onNewConversation` +
    /// `onConversationChanged` IDs and `onSyncServerFinish()`).
    case conversationEvents
    /// Texts of the messages announced since the previous step (legacy `onNewMessage`; V2
    /// `onRecvNewMessage`).
    case messageEvents
    /// `id=revoked` for conversations whose last message is revoked (legacy `status()`; V2 `status`,
    /// `LOCAL_REVOKED`).
    case revoked
    /// `id=peer-read` for conversations whose last message the peer has read (legacy
    /// `isPeerReaded()`, with `enableReadReceipt`; V2 `isPeerRead`).
    case peerRead
    /// IDs of the messages revoked since the previous step (legacy `onRevokeMessage`; V2
    /// `onRecvMessageRevoked`).
    case revokeEvents
    /// Peers whose read receipts arrived since the previous step (legacy `onRecvMessageReceipts`,
    /// with `enableReadReceipt`; V2 `onRecvC2CReadReceipt`).
    case receiptEvents
    /// Texts of the messages changed since the previous step, as they are now (legacy
    /// `onMessageUpdate`; V2 `onRecvMessageModified`).
    case modifyEvents

    package static func < (lhs: Aspect, rhs: Aspect) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
