/// Conversation events. Every method is optional (an empty default implementation).
///
/// Held weakly; called on the SDK's callback queue (see `V2TIMSDKConfig.callbackQueue`).
public protocol V2TIMConversationListener: AnyObject {
    /// A sync with the server started (after login or reconnect).
    func onSyncServerStart()
    /// The sync finished; changes it brought arrived as new/changed events.
    func onSyncServerFinish()
    /// The sync failed.
    func onSyncServerFailed()
    /// Conversations appeared.
    func onNewConversation(conversationList: [V2TIMConversation])
    /// Conversations changed (unread count, last message, pin, draft, ...).
    func onConversationChanged(conversationList: [V2TIMConversation])
    /// The total unread count changed (only after `getTotalUnreadMessageCount` was called once).
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64)
    /// Conversations were deleted.
    func onConversationDeleted(conversationIDList: [String])
}

extension V2TIMConversationListener {
    public func onSyncServerStart() {}
    public func onSyncServerFinish() {}
    public func onSyncServerFailed() {}
    public func onNewConversation(conversationList: [V2TIMConversation]) {}
    public func onConversationChanged(conversationList: [V2TIMConversation]) {}
    public func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) {}
    public func onConversationDeleted(conversationIDList: [String]) {}
}

/// Message events. Every method is optional. Held weakly; called on the SDK's callback queue.
public protocol V2TIMAdvancedMsgListener: AnyObject {
    /// A message arrived (from another user, or sent by me on another device).
    func onRecvNewMessage(msg: V2TIMMessage)
}

extension V2TIMAdvancedMsgListener {
    public func onRecvNewMessage(msg: V2TIMMessage) {}
}
