import Foundation
import ImSDK

/// Call shapes of Swift apps written against the legacy ImSDK 3.x (the `accountType` era, with the
/// message extensions in a separate header set). Compiled, never run.
enum Legacy3xStyle {
    // Legacy 3.x: app IM manager style; the shared manager kept in an optional local, configs made with `.init()`.
    static func initialize(appID: Int32, accountType: String, listener: Legacy3xIMListener) {
        let manager = TIMManager.sharedInstance()
        // Legacy 3.x: app IM manager style.
        let config = TIMSdkConfig.init()
        config.sdkAppId = appID
        // Legacy 3.x: app IM manager style; the account type only 3.x had.
        config.accountType = accountType
        config.connListener = listener
        config.disableLogPrint = true
        // Legacy 3.x: app IM manager style.
        config.logLevel = TIMLogLevel.LOG_WARN
        config.logPath = NSTemporaryDirectory()
        config.dbPath = NSTemporaryDirectory()
        manager?.initSdk(config)

        // Legacy 3.x: app IM manager style.
        let userConfig = TIMUserConfig.init()
        // Legacy 3.x: app IM manager style; the misspelt recent-contact switch of 3.x.
        userConfig.disableRecnetContact = false
        userConfig.disableStorage = false
        userConfig.userStatusListener = listener
        userConfig.refreshListener = listener
        manager?.setUserConfig(userConfig)
    }

    // Legacy 3.x: app IM manager style; login with the third-party app ID string.
    static func login(userAccount: String, sign: String, appID: Int32) {
        let loginParam = TIMLoginParam.init()
        loginParam.appidAt3rd = "\(appID)"
        loginParam.identifier = userAccount
        loginParam.userSig = sign
        TIMManager.sharedInstance()?.login(loginParam, succ: {
            use("logged in")
        }, fail: { (errCode, errmsg) in
            use(errCode, errmsg ?? "")
        })
    }

    // Legacy 3.x: app IM manager style; storage opened with the login parameter before login.
    static func openStorage(userAccount: String) {
        let param = TIMLoginParam()
        param.identifier = userAccount
        TIMManager.sharedInstance()?.initStorage(param, succ: {
            use("storage ready")
        }, fail: { code, msg in
            use(code, msg)
        })
    }

    // Legacy 3.x: app IM manager style.
    static func logout() {
        TIMManager.sharedInstance()?.logout({
            use("logged out")
        }, fail: { (errCode, errmsg) in
            use("logout failed", errCode, errmsg ?? "")
        })
    }

    // Legacy 3.x: session list view controller style; the whole list at once, SYSTEM rows skipped.
    static func sessionRows() -> [String] {
        var rows: [String] = []
        let array = TIMManager.sharedInstance()?.getConversationList()
        for item in array ?? [] {
            if item.getType() == .SYSTEM {
                continue
            }
            let lastMessage = item.getLastMsg()
            let time = lastMessage?.timestamp() ?? Date.init()
            let unread = item.getUnReadMessageNum()
            let convId: String = item.getReceiver()
            let typeCode = UInt(item.getType().rawValue)
            var title = "..."
            if item.getType() == TIMConversationType.GROUP {
                title = item.getGroupName()
            }
            use(time, unread, typeCode)
            rows.append(convId + title)
        }
        return rows
    }

    // Legacy 3.x: session list view controller style; the draft first, then the last message.
    static func subtitle(of conv: TIMConversation) -> String {
        var str = ""
        guard let draft = conv.getDraft() else {
            return str
        }
        for index in 0..<draft.elemCount() {
            let elem = draft.getElem(index)
            if elem is TIMTextElem {
                str = "[Draft]" + (elem as! TIMTextElem).text
                break
            }
        }
        if str.count > 0 {
            return str
        }
        guard let lastmsg = conv.getLastMsg() else {
            return str
        }
        // Legacy 3.x: session list view controller style.
        if lastmsg.status() == TIMMessageStatus.MSG_STATUS_LOCAL_REVOKED {
            if lastmsg.isSelf() {
                return "you recalled a message"
            } else {
                return "\(lastmsg.sender() ?? "peer") recalled a message"
            }
        }
        for index in 0..<lastmsg.elemCount() {
            let elem = lastmsg.getElem(index)
            if elem is TIMTextElem {
                str = (elem as! TIMTextElem).text
                break
            } else if elem is TIMCustomElem {
                str = "[custom]"
                break
            }
        }
        return str
    }

    // Legacy 3.x: session list view controller style; swipe to delete with local messages.
    static func deleteRow(isGroup: Bool, convId: String) {
        var type: TIMConversationType = .C2C
        if isGroup {
            type = .GROUP
        }
        TIMManager.sharedInstance()?.deleteConversationAndMessages(type, receiver: convId)
    }

    // Legacy 3.x: chat view controller style; read everything, then page the history.
    static func openChat(with userID: String) {
        let conversation = TIMManager.sharedInstance().getConversation(.C2C, receiver: userID)
        conversation?.setRead(nil, succ: {
            use("read")
        }, fail: { code, msg in
            use(code, msg)
        })
        conversation?.getMessage(20, last: nil, succ: { msgs in
            let messages = msgs as? [TIMMessage] ?? []
            for message in messages {
                use(message.msgId(), message.isReaded(), message.isPeerReaded())
            }
        }, fail: { code, msg in
            use(code, msg)
        })
        use(TIMManager.sharedInstance().conversationCount())
    }

    // Legacy 3.x: chat view controller style; a text message with a local custom int marking it played.
    static func sendText(_ text: String, in conversation: TIMConversation) {
        let message = TIMMessage()
        let elem = TIMTextElem()
        elem.text = text
        message.add(elem)
        message.setCustomInt(1)
        conversation.send(message, succ: {
            use(message.customInt(), message.uniqueId())
        }, fail: { code, desc in
            use(code, desc)
        })
    }

    // Legacy 3.x: message cell style; the locator of a message.
    static func locatorFields(of message: TIMMessage) {
        let locator = message.locator()
        use(locator?.seq, locator?.rand, locator?.time, locator?.isSelf, locator?.sessId, locator?.sessType)
    }
}
