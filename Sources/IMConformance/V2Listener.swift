import ImSDK_Plus

/// Records what the V2 listeners hear: `V2TIMConversationListener` and `V2TIMAdvancedMsgListener`.
final class V2Listener: V2TIMConversationListener, V2TIMAdvancedMsgListener, Sendable {
    let log: EventLog

    init(log: EventLog) {
        self.log = log
    }

    func onSyncServerFinish() {
        log.append([.syncFinished])
    }

    func onNewConversation(conversationList: [V2TIMConversation]) {
        log.append(conversationList.map { .conversation($0.conversationID) })
    }

    func onConversationChanged(conversationList: [V2TIMConversation]) {
        log.append(conversationList.map { .conversation($0.conversationID) })
    }

    func onRecvNewMessage(msg: V2TIMMessage) {
        log.append([.message(msg.textElem?.text ?? "")])
    }

    func onRecvMessageRevoked(msgID: String) {
        log.append([.revoked(msgID)])
    }

    func onRecvMessageModified(msg: V2TIMMessage) {
        log.append([.modified(msg.textElem?.text ?? "")])
    }

    func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]) {
        log.append(receiptList.map { .receipt($0.userID ?? "") })
    }
}
