import ImSDK

/// Records what the legacy listeners hear: `TIMRefreshListener`, `TIMMessageRevokeListener`,
/// `TIMMessageReceiptListener` and `TIMMessageUpdateListener` (through `TIMUserConfig`) and
/// `TIMMessageListener`.
final class LegacyListener: TIMRefreshListener, TIMMessageListener, TIMMessageRevokeListener, TIMMessageReceiptListener,
    TIMMessageUpdateListener, Sendable
{
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

    func onRevokeMessage(_ locator: TIMMessageLocator!) {
        log.append([.revoked(locator?.msgId ?? "")])
    }

    func onMessageUpdate(_ msgs: [Any]!) {
        log.append((msgs ?? []).compactMap { $0 as? TIMMessage }.map { .modified(LegacyReader.text(of: $0)) })
    }

    func onRecvMessageReceipts(_ receipts: [Any]!) {
        log.append((receipts ?? []).compactMap { $0 as? TIMMessageReceipt }.map { .receipt($0.conversation?.getReceiver() ?? "") })
    }
}
