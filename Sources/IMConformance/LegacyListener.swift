import ImSDK

/// Records what the legacy listeners hear: `TIMRefreshListener` (through `TIMUserConfig`) and
/// `TIMMessageListener`.
final class LegacyListener: TIMRefreshListener, TIMMessageListener, Sendable {
    let log: EventLog

    init(log: EventLog) {
        self.log = log
    }

    func onRefresh() {
        log.append([.syncFinished])
    }

    func onRefreshConversations(_ conversations: [TIMConversation]) {
        log.append(conversations.compactMap { Target(legacy: $0).map { .conversation($0.conversationID) } })
    }

    func onNewMessage(_ msgs: [Any]!) {
        log.append((msgs ?? []).compactMap { $0 as? TIMMessage }.map { .message(LegacyReader.text(of: $0)) })
    }
}
