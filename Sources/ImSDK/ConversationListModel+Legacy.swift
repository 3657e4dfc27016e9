import ConversationListKit
import ImSDK_Plus
import TIMAdapter

// The list model from legacy code: the legacy `TIMManager` and `V2TIMManager.sharedInstance()` are
// one session, so a legacy app gets the same rows, diffs and actions, and hands rows back to legacy
// calls as `TIMConversation`s (the ID mapping is the adapter's).

extension ConversationListModel {
    /// A model of the conversation list of the session `legacy` drives (the shared session).
    public convenience init(legacy: TIMManager, pageSize: Int32 = 50) {
        self.init(manager: V2TIMManager.sharedInstance(), pageSize: pageSize)
    }
}

extension ConversationRowViewData {
    /// The legacy handle on this row's conversation, for legacy calls such as `setReadMessage`.
    public var legacyConversation: TIMConversation? {
        guard let legacy = LegacyIDs.legacy(v2ConversationID: conversationID),
              let type = TIMConversationType(rawValue: legacy.type) else { return nil }
        return TIMManager.sharedInstance().getConversation(type, receiver: legacy.receiver)
    }
}
