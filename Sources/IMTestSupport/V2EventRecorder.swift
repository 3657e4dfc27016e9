import Foundation
import IMCore
import IMTransportKit
import ImSDK_Plus

/// Records every V2 listener call, in order, for tests to inspect.
///
/// - Thread safety: listener methods may run on any queue; reads take the same lock.
package final class V2EventRecorder: V2TIMConversationListener, V2TIMAdvancedMsgListener, @unchecked Sendable {
    /// One recorded listener call.
    package enum Event: Equatable, Sendable {
        case syncStarted
        case syncFinished
        case syncFailed
        case new([String])
        case changed([String])
        case deleted([String])
        case total(UInt64)
        case message(String)
        /// `onRecvMessageRevoked(msgID:)`: the revoked message's ID.
        case revoked(String)
        /// `onRecvC2CReadReceipt(receiptList:)`: per receipt, the peer and the time read up to.
        case receipts([String])
        /// `onRecvMessageModified(msg:)`: the changed message's ID.
        case modified(String)
    }

    private let log = Locked<[Event]>([])
    private let messages = Locked<[ReceivedMessage]>([])
    private let lastChanged = Locked<[String: V2TIMConversation]>([:])

    package init() {}

    /// Everything recorded so far.
    package var events: [Event] { log.withLock { $0 } }

    /// Every message handed to `onRecvNewMessage` so far, in order.
    package var received: [ReceivedMessage] { messages.withLock { $0 } }

    /// Forgets what was recorded.
    package func clear() {
        log.withLock { $0.removeAll() }
        messages.withLock { $0.removeAll() }
    }

    /// The total-unread values announced so far, in order.
    package var totals: [UInt64] {
        events.compactMap { if case .total(let value) = $0 { return value } else { return nil } }
    }

    /// The last state announced (new or changed) for each conversation ID.
    package func lastAnnounced(_ conversationID: String) -> V2TIMConversation? {
        lastChanged.withLock { $0[conversationID] }
    }

    private func record(_ event: Event) { log.withLock { $0.append(event) } }

    private func remember(_ list: [V2TIMConversation]) {
        lastChanged.withLock { map in for conversation in list { map[conversation.conversationID] = conversation } }
    }

    package func onSyncServerStart() { record(.syncStarted) }
    package func onSyncServerFinish() { record(.syncFinished) }
    package func onSyncServerFailed() { record(.syncFailed) }

    package func onNewConversation(conversationList: [V2TIMConversation]) {
        remember(conversationList)
        record(.new(conversationList.map(\.conversationID)))
    }

    package func onConversationChanged(conversationList: [V2TIMConversation]) {
        remember(conversationList)
        record(.changed(conversationList.map(\.conversationID)))
    }

    package func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) { record(.total(totalUnreadCount)) }

    package func onConversationDeleted(conversationIDList: [String]) { record(.deleted(conversationIDList)) }

    package func onRecvNewMessage(msg: V2TIMMessage) {
        messages.withLock { $0.append(ReceivedMessage(msg)) }
        record(.message(msg.textElem?.text ?? msg.msgID ?? ""))
    }

    package func onRecvMessageRevoked(msgID: String) { record(.revoked(msgID)) }

    package func onRecvMessageModified(msg: V2TIMMessage) { record(.modified(msg.msgID ?? "")) }

    package func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]) {
        record(.receipts(receiptList.map { "\($0.userID ?? "")@\($0.timestamp)" }))
    }

    /// The IDs of the messages `onRecvMessageRevoked` announced so far, in order.
    package var revoked: [String] {
        events.compactMap { if case .revoked(let id) = $0 { return id } else { return nil } }
    }

    /// The IDs of the messages `onRecvMessageModified` announced so far, in order.
    package var modified: [String] {
        events.compactMap { if case .modified(let id) = $0 { return id } else { return nil } }
    }

    /// The peers of the receipts `onRecvC2CReadReceipt` announced so far, in order.
    package var receiptPeers: [String] {
        receipts.map { String($0.prefix { $0 != "@" }) }
    }

    /// The receipts `onRecvC2CReadReceipt` announced so far (`peer@timestamp`), in order.
    package var receipts: [String] {
        events.flatMap { event -> [String] in if case .receipts(let list) = event { return list } else { return [] } }
    }
}
