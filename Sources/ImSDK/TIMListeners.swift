/// Conversation refreshes. Every method is optional (an empty default implementation).
///
/// Held weakly by `TIMUserConfig`; called on the SDK's callback queue. The conversations come in
/// three parameter shapes because apps written against different SDK versions spell the method
/// differently; whichever your class implements is called.
public protocol TIMRefreshListener: AnyObject {
    /// Everything may have changed (after the sync that follows a login).
    func onRefresh()
    /// Conversations changed: new messages, reads (also on other devices), pins, drafts.
    func onRefreshConversations(_ conversations: [TIMConversation])
    /// The same event, as Xcode writes the method for the 4.4 / 5.0 headers.
    func onRefreshConversations(_ conversations: [TIMConversation]!)
    /// The same event, as Xcode writes the method for the 3.x / 4.0 headers (untyped array).
    func onRefreshConversations(_ conversations: [Any]!)
}

extension TIMRefreshListener {
    public func onRefresh() {}
    public func onRefreshConversations(_ conversations: [TIMConversation]) {}
    public func onRefreshConversations(_ conversations: [TIMConversation]!) {}
    public func onRefreshConversations(_ conversations: [Any]!) {}
}

/// New messages. Optional method; called on the SDK's callback queue.
public protocol TIMMessageListener: AnyObject {
    /// Messages arrived (`TIMMessage` objects).
    func onNewMessage(_ msgs: [Any]!)
}

extension TIMMessageListener {
    public func onNewMessage(_ msgs: [Any]!) {}
}
