import IMCore
import IMTransportKit

/// Receives the legacy-shaped events the adapter makes of each core event, on the callback queue.
///
/// The legacy facade implements it and turns the core values into `TIM*` objects.
package protocol LegacyEventSink: AnyObject, Sendable {
    /// A sync finished: every conversation may have changed (`TIMRefreshListener.onRefresh()`).
    func legacyRefresh()
    /// Conversations of `selfUserID` appeared or changed in one batch: the added ones, then the
    /// changed ones, each in the order the V2 API announces them
    /// (`TIMRefreshListener.onRefreshConversations`).
    func legacyRefresh(conversations: [ConversationID], selfUserID: String)
    /// Messages arrived in one batch, in order (`TIMMessageListener.onNewMessage`).
    func legacyNewMessages(_ messages: [Message], selfUserID: String)
    /// Messages were revoked and C2C peers read further, in one batch (`TIMMessageRevokeListener`,
    /// `TIMMessageReceiptListener`).
    func legacyMessageEvents(_ events: MessageEvents, selfUserID: String)
    /// The connection of the login changed state (`TIMConnListener`, `TIMUserStatusListener`).
    func legacyConnection(_ event: LegacyConnectionEvent)
    /// The SDK was uninitialised through either API: forget the legacy configuration objects.
    func legacyDidUnInit()
}
