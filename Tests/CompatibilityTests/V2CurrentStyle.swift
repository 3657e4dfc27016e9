import Foundation
import ImSDK_Plus

// Call shapes of Swift apps written against current ImSDK_Plus headers, whose `NS_SWIFT_NAME`s give
// labelled names (`getConversationList(nextSeq:count:succ:fail:)`) and whose `nullable` properties
// are unwrapped with `if let`. Only `import ImSDK_Plus`: the error codes must be visible from it alone.
// Compiled, never run.

/// V2 current: app conversation store style; every listener added with the labelled methods.
final class V2CurrentConversationStore: NSObject, V2TIMConversationListener, V2TIMSDKListener, V2TIMAdvancedMsgListener {
    private(set) var byID: [String: V2TIMConversation] = [:]
    private(set) var total: UInt64 = 0

    // V2 current: app store style; init and the three listeners.
    func start(appID: Int32) {
        let config = V2TIMSDKConfig()
        config.logLevel = V2TIMLogLevel(rawValue: 4)!
        V2TIMManager.sharedInstance().initSDK(appID, config: config)
        V2TIMManager.sharedInstance().addIMSDKListener(listener: self)
        V2TIMManager.sharedInstance().addConversationListener(listener: self)
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }

    // V2 current: app store style; the listeners removed and the SDK shut down.
    func stop() {
        V2TIMManager.sharedInstance().removeAdvancedMsgListener(listener: self)
        V2TIMManager.sharedInstance().removeConversationListener(listener: self)
        V2TIMManager.sharedInstance().removeIMSDKListener(listener: self)
        V2TIMManager.sharedInstance().unInitSDK()
    }

    // V2 current: app store style; labelled login and logout.
    func login(userID: String, userSig: String) {
        V2TIMManager.sharedInstance().login(userID: userID, userSig: userSig, succ: { [weak self] in
            self?.loadAll(from: 0)
        }, fail: { code, desc in
            use(code, desc)
        })
    }

    // V2 current: app store style.
    func logout() {
        V2TIMManager.sharedInstance().logout(succ: { [weak self] in
            self?.byID.removeAll()
        }, fail: { code, desc in
            use(code, desc)
        })
    }

    // V2 current: app store style; trailing closures, the page unwrapped with `guard let`.
    func loadAll(from seq: UInt64) {
        V2TIMManager.sharedInstance().getConversationList(nextSeq: seq, count: 100) { [weak self] list, nextSeq, isFinished in
            guard let self = self, let list = list else { return }
            self.store(list)
            if !isFinished {
                self.loadAll(from: nextSeq)
            }
        } fail: { code, desc in
            use(code, desc)
        }
    }

    private func store(_ list: [V2TIMConversation]) {
        for conversation in list {
            if let conversationID = conversation.conversationID {
                byID[conversationID] = conversation
            }
        }
    }

    // V2 current: app store style; unread total fetched once, then followed by the listener.
    func fetchTotal() {
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount(succ: { [weak self] totalCount in
            self?.total = totalCount
        }, fail: { _, _ in })
    }

    func onSyncServerStart() { use("sync") }
    func onSyncServerFinish() { use("synced") }
    func onSyncServerFailed() { use("sync failed") }
    func onNewConversation(conversationList: [V2TIMConversation]) { store(conversationList) }
    func onConversationChanged(conversationList: [V2TIMConversation]) { store(conversationList) }
    func onConversationDeleted(conversationIDList: [String]) {
        for conversationID in conversationIDList {
            byID[conversationID] = nil
        }
    }
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) { total = totalUnreadCount }
    func onConnecting() { use("connecting") }
    func onConnectSuccess() { use("connected") }
    func onConnectFailed(_ code: Int32, err: String?) { use(code, err) }
    func onKickedOffline() { byID.removeAll() }
    func onUserSigExpired() { byID.removeAll() }
    func onRecvNewMessage(msg: V2TIMMessage) {
        if let userID = msg.userID {
            use("c2c_" + userID)
        } else if let groupID = msg.groupID {
            use("group_" + groupID)
        }
    }
}

enum V2CurrentStyle {
    // V2 current: app style; one conversation and a list of them by ID.
    static func fetch(_ ids: [String]) {
        V2TIMManager.sharedInstance().getConversation(conversationID: ids[0]) { conversation in
            use(conversation?.showName, conversation?.unreadCount)
        } fail: { code, desc in
            use(code, desc)
        }
        V2TIMManager.sharedInstance().getConversationList(conversationIDList: ids, succ: { list in
            list?.forEach { use($0.conversationID, $0.lastMessage?.msgID) }
        }, fail: { _, _ in })
    }

    // V2 current: app style; a filtered page (unread C2C, starred) with a UInt32 count.
    static func unreadStarred() {
        let filter = V2TIMConversationListFilter()
        filter.type = .C2C
        filter.hasUnreadCount = true
        filter.hasGroupAtInfo = false
        filter.markType = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_STAR.rawValue
        filter.conversationGroup = nil
        let pageSize: UInt32 = 50
        V2TIMManager.sharedInstance().getConversationListByFilter(filter: filter, nextSeq: 0, count: pageSize, succ: { list, nextSeq, isFinished in
            use(list?.count, nextSeq, isFinished)
        }, fail: { code, desc in
            use(code, desc)
        })
        V2TIMManager.sharedInstance().getUnreadMessageCountByFilter(filter: filter, succ: { totalUnreadCount in
            use(totalUnreadCount)
        }, fail: { _, _ in })
        V2TIMManager.sharedInstance().subscribeUnreadMessageCountByFilter(filter: filter)
        V2TIMManager.sharedInstance().unsubscribeUnreadMessageCountByFilter(filter: filter)
    }

    // V2 current: app style; swipe actions on a row.
    static func swipeActions(conversationID: String) {
        V2TIMManager.sharedInstance().pinConversation(conversationID: conversationID, isPinned: true, succ: nil, fail: nil)
        V2TIMManager.sharedInstance().markConversation(conversationIDList: [conversationID], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue), enableMark: true, succ: { results in
            results?.forEach { use($0.conversationID, $0.resultCode, $0.resultInfo) }
        }, fail: nil)
        V2TIMManager.sharedInstance().setConversationDraft(conversationID: conversationID, draftText: nil, succ: nil, fail: nil)
        V2TIMManager.sharedInstance().setConversationCustomData(conversationIDList: [conversationID], customData: Data("vip".utf8), succ: { results in
            use(results?.count)
        }, fail: { _, _ in })
        V2TIMManager.sharedInstance().deleteConversation(conversation: conversationID, succ: nil, fail: nil)
        V2TIMManager.sharedInstance().deleteConversationList(conversationIDList: [conversationID], clearMessage: true, succ: { results in
            use(results?.first?.resultCode == Int(ERR_SUCC.rawValue))
        }, fail: { _, _ in })
    }

    // V2 current: app style; clearing unread counts, one conversation and all C2C.
    static func clearUnread(conversationID: String) {
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID: conversationID, cleanTimestamp: 0, cleanSequence: 0, succ: nil, fail: nil)
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID: "c2c", cleanTimestamp: 0, cleanSequence: 0) {
            use("all c2c cleared")
        } fail: { code, desc in
            use(code, desc)
        }
    }

    // V2 current: app style; nullable properties unwrapped, marks read from the NSNumber list.
    static func row(_ conversation: V2TIMConversation) -> String {
        guard let conversationID = conversation.conversationID else { return "" }
        let name = conversation.showName ?? conversationID
        let preview = conversation.lastMessage?.textElem?.text ?? ""
        let draftAge = conversation.draftTimestamp?.timeIntervalSinceNow
        let isFolded = conversation.markList?.contains { $0.uintValue == V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue } ?? false
        let custom = conversation.customData.flatMap { String(data: $0, encoding: .utf8) }
        use(draftAge, isFolded, custom, conversation.conversationGroupList, conversation.c2cReadTimestamp, conversation.groupReadSequence)
        return name + preview
    }

    // V2 current: chat screen style; labelled message creation, sending and history.
    static func chat(userID: String, text: String, payload: Data) {
        let textMessage = V2TIMManager.sharedInstance().createTextMessage(text: text)
        let customMessage = V2TIMManager.sharedInstance().createCustomMessage(data: payload)
        let described = V2TIMManager.sharedInstance().createCustomMessage(data: payload, desc: "card", ext: "v1")
        use(customMessage, described)
        V2TIMManager.sharedInstance().sendMessage(message: textMessage, receiver: userID, groupID: nil, priority: .PRIORITY_NORMAL, onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: {
            use("sent")
        }, fail: { code, desc in
            use(code, desc)
        })
        V2TIMManager.sharedInstance().getC2CHistoryMessageList(userID: userID, count: 20, lastMsg: nil) { msgs in
            guard let msgs else { return }
            use(msgs.map { $0.msgID })
        } fail: { _, _ in }
        V2TIMManager.sharedInstance().getGroupHistoryMessageList(groupID: "group1", count: 20, lastMsg: textMessage, succ: { msgs in
            use(msgs?.count)
        }, fail: { _, _ in })
        V2TIMManager.sharedInstance().findMessages(messageIDList: ["id"], succ: { msgs in
            use(msgs?.first?.localCustomInt, msgs?.first?.localCustomData)
        }, fail: { _, _ in })
    }

    // V2 current: simple message style; one-call sends returning the message ID.
    static func quickSend(userID: String) {
        let textID = V2TIMManager.sharedInstance().sendC2CTextMessage(text: "hi", to: userID, succ: nil, fail: nil)
        let customID = V2TIMManager.sharedInstance().sendC2CCustomMessage(customData: Data(), to: userID, succ: nil, fail: nil)
        use(textID, customID)
    }

    // V2 current: settings screen style; labelled receive options.
    static func doNotDisturb(userID: String, groupID: String) {
        V2TIMManager.sharedInstance().setC2CReceiveMessageOpt(userIDList: [userID], opt: .RECEIVE_NOT_NOTIFY_MESSAGE, succ: nil, fail: nil)
        V2TIMManager.sharedInstance().setGroupReceiveMessageOpt(groupID: groupID, opt: .RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT, succ: nil, fail: nil)
    }

    // V2 current (7.4+): settings screen style; the C2C options read back, and the global quiet hours.
    static func quietHours(userIDs: [String]) {
        V2TIMManager.sharedInstance().getC2CReceiveMessageOpt(userIDList: userIDs, succ: { list in
            guard let list = list else { return }
            for info in list { use(info.userID, info.receiveOpt == .RECEIVE_NOT_NOTIFY_MESSAGE) }
        }, fail: { code, desc in
            use(code, desc)
        })
        V2TIMManager.sharedInstance().setAllReceiveMessageOpt(
            opt: .RECEIVE_NOT_NOTIFY_MESSAGE, startHour: 22, startMinute: 0, startSecond: 0, duration: 8 * 3600,
            succ: nil, fail: nil)
        V2TIMManager.sharedInstance().setAllReceiveMessageOpt(
            opt: .RECEIVE_MESSAGE, startTimeStamp: UInt32(Date().timeIntervalSince1970), duration: 0, succ: {}, fail: { _, _ in })
        V2TIMManager.sharedInstance().getAllReceiveMessageOpt(succ: { info in
            guard let info = info else { return }
            use(info.receiveOpt, info.startHour, info.startMinute, info.startSecond, info.startTimeStamp, info.duration)
        }, fail: { code, desc in
            use(code, desc)
        })
    }

    // V2 current: app style; error codes from `import ImSDK_Plus` alone, compared with an Int32 code.
    static func explain(_ code: Int32) -> String {
        if code == ERR_SUCC.rawValue { return "ok" }
        if code == ERR_SDK_NOT_LOGGED_IN.rawValue || code == ERR_SDK_NOT_INITIALIZED.rawValue { return "log in first" }
        if code == ERR_INVALID_CONVERSATION.rawValue || code == ERR_INVALID_PARAMETERS.rawValue { return "bad conversation" }
        if code == ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue { return "upgrade your plan" }
        if code == ERR_USER_SIG_EXPIRED.rawValue || code == ERR_LOGIN_KICKED_OFF_BY_OTHER.rawValue { return "log in again" }
        return "\(code)"
    }

    // V2 current: app style; the manager through the shorter Swift accessor of the vendor's docs.
    static func sharedAccessor() {
        V2TIMManager.shared.login(userID: "me", userSig: "sig", succ: nil, fail: nil)
        use(V2TIMManager.shared.getLoginStatus() == .STATUS_LOGINED, V2TIMManager.shared.getLoginUser())
    }
}
