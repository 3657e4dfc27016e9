import Foundation
import IMCore
import IMTransportKit
import ImSDK

/// Records legacy refresh and message events.
final class LegacyRecorder: TIMRefreshListener, TIMMessageListener, @unchecked Sendable {
    private let log = Locked<[String]>([])
    private let unreadSeen = Locked<[String: Int32]>([:])

    var events: [String] { log.withLock { $0 } }
    func clear() { log.withLock { $0.removeAll() } }
    func lastUnread(_ receiver: String) -> Int32? { unreadSeen.withLock { $0[receiver] } }

    func onRefresh() { log.withLock { $0.append("refresh") } }

    func onRefreshConversations(_ conversations: [TIMConversation]!) {
        for conversation in conversations {
            unreadSeen.withLock { $0[conversation.getReceiver()] = conversation.getUnReadMessageNum() }
        }
        log.withLock { $0.append("conversations " + conversations.map { $0.getReceiver() }.joined(separator: ",")) }
    }

    func onNewMessage(_ msgs: [Any]!) {
        let texts = msgs.compactMap { ($0 as? TIMMessage)?.getElem(0) as? TIMTextElem }.map { $0.text ?? "" }
        log.withLock { $0.append("messages " + texts.joined(separator: ",")) }
    }
}

/// A listener written as against the 3.x headers (untyped array): it must be called too.
final class OldStyleRefreshListener: TIMRefreshListener, @unchecked Sendable {
    let calls = Locked(0)
    func onRefreshConversations(_ conversations: [Any]!) { calls.withLock { $0 += 1 } }
}
