import Foundation
import ImSDK_Plus

// Call shapes of Swift apps written against ImSDK_Plus 5.x to 8.x headers without Swift names: the
// names Swift derives from the selectors (`getConversationList(_:count:succ:fail:)`, `send(_:...)`,
// `markC2CMessage(asRead:...)`), implicitly unwrapped properties and optional block parameters.
// Compiled, never run.

enum V2PreAnnotationStyle {
    // V2 5.x pre-annotation: TRTC scene style; no config, no listener, the optional Bool compared with false.
    static func setupSdk(sdkAppId: Int32, messageListener: V2TIMAdvancedMsgListener) -> Bool {
        let result = V2TIMManager.sharedInstance()?.initSDK(sdkAppId, config: nil, listener: nil)
        if result == false {
            return false
        }
        // V2 5.x pre-annotation: TRTC scene style; the pruned name of addAdvancedMsgListener:.
        V2TIMManager.sharedInstance()?.add(messageListener)
        return true
    }

    // V2 5.x pre-annotation: TRTC scene style.
    static func releaseSdk() {
        V2TIMManager.sharedInstance()?.unInitSDK()
    }

    // V2 5.x pre-annotation: app login style; log in only when another user (or nobody) is logged in.
    static func loginIM(userID: String, userSig: String, complete: @escaping (_ success: Bool) -> Void) {
        if V2TIMManager.sharedInstance()?.getLoginUser() != userID {
            V2TIMManager.sharedInstance()?.login(userID, userSig: userSig, succ: {
                complete(true)
            }, fail: { code, desc in
                use(code, desc ?? "")
                complete(false)
            })
        }
    }

    // V2 6.x pre-annotation: app login style; log out when logged in or logging in.
    static func logout() {
        let instance = V2TIMManager.sharedInstance()
        let status = instance?.getLoginStatus()
        if status == .STATUS_LOGINED || status == .STATUS_LOGINING {
            instance?.logout({
                use("logged out")
            }, fail: { code, msg in
                use(code, msg ?? "")
            })
        }
    }

    // V2 6.x pre-annotation: app style; the first page without optional chaining, all parameters spelt out.
    static func firstPage() {
        V2TIMManager.sharedInstance().getConversationList(0, count: 50, succ: { list, nextSeq, finished in
            use(list, nextSeq, finished)
        }, fail: { _, _ in })
    }

    // V2 6.x pre-annotation: app style; pin, draft, delete and fetch by conversation ID.
    static func manage(conversationID: String) {
        V2TIMManager.sharedInstance()?.pinConversation(conversationID, isPinned: true, succ: {}, fail: { code, desc in
            use(code, desc)
        })
        V2TIMManager.sharedInstance()?.setConversationDraft(conversationID, draftText: "unsent", succ: nil, fail: nil)
        V2TIMManager.sharedInstance()?.setConversationDraft(conversationID, draftText: nil, succ: nil, fail: nil)
        V2TIMManager.sharedInstance()?.getConversation(conversationID, succ: { conv in
            use(conv?.unreadCount, conv?.draftText)
        }, fail: { code, desc in
            use(code, desc)
        })
        V2TIMManager.sharedInstance()?.deleteConversation(conversationID, succ: nil, fail: nil)
    }

    // V2 6.x pre-annotation: app style; the badge from the total unread count.
    static func refreshBadge(_ apply: @escaping (UInt64) -> Void) {
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount({ count in
            apply(count)
        }, fail: { _, _ in })
    }

    // V2 5.x pre-annotation: chat screen style; the older read APIs, nil for "all of that kind".
    static func markRead(userID: String?, groupID: String?) {
        if let userID = userID {
            V2TIMManager.sharedInstance().markC2CMessage(asRead: userID, succ: {}, fail: { _, _ in })
        }
        V2TIMManager.sharedInstance()?.markGroupMessage(asRead: groupID, succ: nil, fail: nil)
        V2TIMManager.sharedInstance()?.markC2CMessage(asRead: nil, succ: nil, fail: nil)
        V2TIMManager.sharedInstance()?.markAllMessage(asRead: {
            use("all read")
        }, fail: { code, desc in
            use(code, desc)
        })
    }

    // V2 5.x pre-annotation: settings screen style; do-not-disturb for a peer and for a group.
    static func mute(userID: String, groupID: String, on: Bool) {
        let opt: V2TIMReceiveMessageOpt = on ? .RECEIVE_NOT_NOTIFY_MESSAGE : .RECEIVE_MESSAGE
        V2TIMManager.sharedInstance()?.setC2CReceiveMessageOpt([userID], opt: opt, succ: {
            use("c2c opt set")
        }, fail: { code, desc in
            use(code, desc)
        })
        V2TIMManager.sharedInstance()?.setGroupReceiveMessageOpt(groupID, opt: .NOT_RECEIVE_MESSAGE, succ: nil, fail: nil)
        use(V2TIMReceiveMessageOpt.RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT, V2TIMReceiveMessageOpt.NOT_RECEIVE_MESSAGE_EXCEPT_AT)
    }

    // V2 5.x pre-annotation: TRTC signalling style; a custom message sent to a group, result ignored.
    static func sendCustom(_ data: Data, groupID: String?) {
        let msg = V2TIMManager.sharedInstance()?.createCustomMessage(data)
        let pushInfo = V2TIMOfflinePushInfo()
        V2TIMManager.sharedInstance()?.send(msg, receiver: nil, groupID: groupID ?? "", priority: .PRIORITY_NORMAL, onlineUserOnly: false, offlinePushInfo: pushInfo, progress: nil, succ: nil, fail: nil)
    }

    // V2 6.x pre-annotation: chat screen style; a text message with local fields, its ID kept.
    static func sendText(_ text: String, to userID: String) -> String? {
        let message = V2TIMManager.sharedInstance().createTextMessage(text)
        message?.localCustomInt = 1
        message?.localCustomData = "pending".data(using: .utf8)
        message?.isExcludedFromUnreadCount = false
        message?.isExcludedFromLastMessage = false
        let msgID = V2TIMManager.sharedInstance().send(message, receiver: userID, groupID: nil, priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: { progress in
            use(progress)
        }, succ: {
            use(message?.status == .MSG_STATUS_SEND_SUCC)
        }, fail: { code, desc in
            use(code, desc)
        })
        return msgID
    }

    // V2 6.x pre-annotation: chat screen style; history pages before the oldest message shown.
    static func loadHistory(userID: String?, groupID: String?, before lastMsg: V2TIMMessage?) {
        if let userID = userID {
            V2TIMManager.sharedInstance()?.getC2CHistoryMessageList(userID, count: 20, lastMsg: lastMsg, succ: { msgs in
                guard let msgs = msgs else { return }
                for msg in msgs {
                    use(msg.msgID, msg.seq, msg.isRead, msg.isPeerRead, msg.isSelf)
                }
            }, fail: { code, desc in
                use(code, desc)
            })
        } else if let groupID = groupID {
            V2TIMManager.sharedInstance()?.getGroupHistoryMessageList(groupID, count: 20, lastMsg: lastMsg, succ: { msgs in
                use(msgs?.first?.seq)
            }, fail: { _, _ in })
        }
    }

    // V2 6.x pre-annotation: conversation cell style; IUO properties read as if they were non-optional.
    static func cellText(_ info: V2TIMConversation) -> String {
        let title: String = info.showName
        if info.draftText != nil {
            let edited = info.draftTimestamp.timeIntervalSince1970
            use(edited)
            return title + ": [Draft] " + info.draftText
        }
        if info.lastMessage == nil {
            return title
        }
        let lastID: String = info.lastMessage.msgID
        let sentAt = Date().timeIntervalSince(info.lastMessage.timestamp)
        use(lastID, sentAt, info.faceUrl, info.userID, info.groupID, info.groupType, info.orderKey)
        if info.lastMessage.elemType == .ELEM_TYPE_TEXT {
            return title + ": " + info.lastMessage.textElem.text
        }
        return title
    }

    // V2 6.x pre-annotation: conversation cell style; the @ badge from the IUO list, iterated directly.
    static func atBadge(_ info: V2TIMConversation) -> String {
        guard info.type == .GROUP, info.groupAtInfolist != nil else { return "" }
        var text = ""
        for atInfo in info.groupAtInfolist {
            switch atInfo.atType {
            case V2TIMGroupAtType.AT_ME: text += "[@me]"
            case V2TIMGroupAtType.AT_ALL: text += "[@all]"
            case V2TIMGroupAtType.AT_ALL_AT_ME: text += "[@all][@me]"
            }
            use(atInfo.seq)
        }
        return text
    }

    // V2 6.x pre-annotation: tab bar style; the badge summed from the notifying conversations.
    static func localUnread(_ list: [V2TIMConversation]) -> Int {
        let notifying = list.filter { $0.recvOpt == .RECEIVE_MESSAGE && !$0.isPinned || $0.type == .C2C }
        return notifying.reduce(0) { $0 + Int($1.unreadCount) }
    }

    // V2 5.x pre-annotation: app style; the callback types named by their typealiases.
    static func namedCallbacks() {
        let succ: V2TIMSucc = { use("done") }
        let fail: V2TIMFail = { code, desc in use(code, desc) }
        let page: V2TIMConversationResultSucc = { list, nextSeq, isFinished in use(list?.count, nextSeq, isFinished) }
        let one: V2TIMConversationSucc = { conv in use(conv?.conversationID) }
        let some: V2TIMConversationListSucc = { list in use(list?.count) }
        let total: V2TIMTotalUnreadMessageCountSucc = { count in use(count) }
        let history: V2TIMMessageListSucc = { msgs in use(msgs?.count) }
        let progress: V2TIMProgress = { percent in use(percent) }
        V2TIMManager.sharedInstance().getConversationList(0, count: 20, succ: page, fail: fail)
        V2TIMManager.sharedInstance().getConversation("c2c_peer", succ: one, fail: fail)
        V2TIMManager.sharedInstance().getConversationList(["c2c_peer"], succ: some, fail: fail)
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount(total, fail: fail)
        V2TIMManager.sharedInstance().getC2CHistoryMessageList("peer", count: 20, lastMsg: nil, succ: history, fail: fail)
        V2TIMManager.sharedInstance().pinConversation("c2c_peer", isPinned: false, succ: succ, fail: fail)
        use(progress)
    }
}

/// V2 5.x pre-annotation: conversation list view model style; paging plus the listener, deduplicated by ID.
final class V2PagedConversationList: NSObject, V2TIMConversationListener {
    private(set) var conversations: [V2TIMConversation] = []
    private var nextSeq: UInt64 = 0
    private var isFinished = false

    // V2 5.x pre-annotation: the unlabelled, since deprecated, setter of the single conversation listener.
    override init() {
        super.init()
        V2TIMManager.sharedInstance()?.setConversationListener(self)
    }

    // V2 5.x pre-annotation: conversation list view model style.
    func loadNextPage() {
        guard !isFinished else { return }
        V2TIMManager.sharedInstance()?.getConversationList(nextSeq, count: 50, succ: { [weak self] (list, nextSeq, finished) in
            guard let self = self else { return }
            self.nextSeq = nextSeq
            self.isFinished = finished
            self.merge(list ?? [])
        }, fail: { (code, msg) in
            use(code, msg)
        })
    }

    private func merge(_ list: [V2TIMConversation]) {
        for conv in list {
            if let index = conversations.firstIndex(where: { $0.conversationID == conv.conversationID }) {
                conversations[index] = conv
            } else {
                conversations.append(conv)
            }
        }
        conversations.sort { $0.orderKey > $1.orderKey }
    }

    func onSyncServerStart() { use("sync start") }
    func onSyncServerFinish() { use("sync finish") }
    func onSyncServerFailed() { use("sync failed") }
    func onNewConversation(_ conversationList: [V2TIMConversation]!) { merge(conversationList) }
    func onConversationChanged(_ conversationList: [V2TIMConversation]!) { merge(conversationList) }
    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) { use(totalUnreadCount) }
}
