import Foundation
import IMCore
import IMTransportKit
import ImSDK_Plus

/// Records every V2 listener call, in order, for tests to inspect.
///
/// - Thread safety: listener methods may run on any queue; reads take the same lock.
public final class V2EventRecorder: V2TIMConversationListener, V2TIMAdvancedMsgListener, @unchecked Sendable {
    /// One recorded listener call.
    public enum Event: Equatable, Sendable {
        case syncStarted
        case syncFinished
        case syncFailed
        case new([String])
        case changed([String])
        case deleted([String])
        case total(UInt64)
        case message(String)
    }

    private let log = Locked<[Event]>([])
    private let lastChanged = Locked<[String: V2TIMConversation]>([:])

    public init() {}

    /// Everything recorded so far.
    public var events: [Event] { log.withLock { $0 } }

    /// Forgets what was recorded.
    public func clear() { log.withLock { $0.removeAll() } }

    /// The total-unread values announced so far, in order.
    public var totals: [UInt64] {
        events.compactMap { if case .total(let value) = $0 { return value } else { return nil } }
    }

    /// The last state announced (new or changed) for each conversation ID.
    public func lastAnnounced(_ conversationID: String) -> V2TIMConversation? {
        lastChanged.withLock { $0[conversationID] }
    }

    private func record(_ event: Event) { log.withLock { $0.append(event) } }

    private func remember(_ list: [V2TIMConversation]) {
        lastChanged.withLock { map in for conversation in list { map[conversation.conversationID] = conversation } }
    }

    public func onSyncServerStart() { record(.syncStarted) }
    public func onSyncServerFinish() { record(.syncFinished) }
    public func onSyncServerFailed() { record(.syncFailed) }

    public func onNewConversation(conversationList: [V2TIMConversation]) {
        remember(conversationList)
        record(.new(conversationList.map(\.conversationID)))
    }

    public func onConversationChanged(conversationList: [V2TIMConversation]) {
        remember(conversationList)
        record(.changed(conversationList.map(\.conversationID)))
    }

    public func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) { record(.total(totalUnreadCount)) }

    public func onConversationDeleted(conversationIDList: [String]) { record(.deleted(conversationIDList)) }

    public func onRecvNewMessage(msg: V2TIMMessage) { record(.message(msg.textElem?.text ?? msg.msgID ?? "")) }
}
