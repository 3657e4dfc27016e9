import Foundation
import ImSDK

// Call shapes of Swift code written against the legacy ImSDK 4.x: app wrappers around `TIMManager`
// and the iOS side of a Flutter plugin of that era. Compiled, never run.

/// Legacy 4.x: app wrapper style; an NSObject that is its own connection, status, refresh, receipt and
/// message listener, set up in its initializer.
final class Legacy4xIMManager: NSObject {
    weak var delegate: AnyObject?

    // Legacy 4.x: app wrapper style; `self` as the connection listener of the SDK config.
    init(appId: Int32) {
        super.init()
        let config = TIMSdkConfig()
        config.sdkAppId = appId
        config.disableLogPrint = true
        config.connListener = self
        TIMManager.sharedInstance()?.initSdk(config)
    }

    // Legacy 4.x: app wrapper style; every listener of the user config is `self`, set before login.
    func configureUser() {
        let userConfig = TIMUserConfig()
        userConfig.disableAutoReport = true
        userConfig.enableReadReceipt = true
        userConfig.userStatusListener = self
        userConfig.refreshListener = self
        userConfig.messageReceiptListener = self
        userConfig.messageRevokeListener = self
        TIMManager.sharedInstance()?.setUserConfig(userConfig)
        TIMManager.sharedInstance()?.add(self)
    }

    // Legacy 4.x: app wrapper style; the optional unwrapped with `!` to return a non-optional list.
    func getConversationList() -> [TIMConversation] {
        return TIMManager.sharedInstance()!.getConversationList()
    }

    // Legacy 4.x: app wrapper style; the Int32 code widened for the app's own callback.
    func logIn(identifier: String, userSig: String, sucess: (() -> Void)?, failBlock: ((_ code: Int, _ err: String) -> Void)?) {
        let param = TIMLoginParam()
        param.identifier = identifier
        param.userSig = userSig
        param.appidAt3rd = param.identifier
        TIMManager.sharedInstance()?.login(param, succ: {
            sucess?()
        }, fail: { (code, msg) in
            failBlock?(Int(code), String(msg ?? ""))
        })
    }

    // Legacy 4.x: app wrapper style.
    func logout(sucess: (() -> Void)?, failBlock: ((_ code: Int, _ err: String) -> Void)?) {
        TIMManager.sharedInstance()?.logout({
            sucess?()
        }, fail: { (code, msg) in
            failBlock?(Int(code), String(msg ?? ""))
        })
    }

    // Legacy 4.x: app wrapper style; removing the message listener on teardown.
    func tearDown() {
        TIMManager.sharedInstance()?.remove(self)
        TIMManager.sharedInstance()?.unInit()
    }
}

// Legacy 4.x: app wrapper style; listener methods with the unannotated header's spellings.
extension Legacy4xIMManager: TIMConnListener {
    func onConnSucc() { use("connected") }
    func onConnFailed(_ code: Int32, err: String!) { use(code, err) }
    func onDisconnect(_ code: Int32, err: String!) { use(code, err) }
    func onConnecting() { use("connecting") }
}

extension Legacy4xIMManager: TIMUserStatusListener {
    func onForceOffline() { use("kicked") }
    func onReConnFailed(_ code: Int32, err: String!) { use(code, err) }
    func onUserSigExpired() { use("expired") }
}

extension Legacy4xIMManager: TIMRefreshListener {
    func onRefresh() { use("refresh") }
    func onRefreshConversations(_ conversations: [TIMConversation]!) { use(conversations.count) }
}

extension Legacy4xIMManager: TIMMessageReceiptListener {
    func onRecvMessageReceipts(_ receipts: [Any]!) {
        use(receipts as? [TIMMessageReceipt] ?? [])
    }
}

extension Legacy4xIMManager: TIMMessageRevokeListener {
    func onRevokeMessage(_ locator: TIMMessageLocator!) { use(locator.seq) }
}

extension Legacy4xIMManager: TIMMessageListener {
    func onNewMessage(_ msgs: [Any]!) {
        use(msgs as? [TIMMessage] ?? [])
    }
}

/// The iOS side of a Flutter plugin on ImSDK 4.x, with the Flutter channel replaced by plain arguments.
enum Legacy4xFlutterPluginStyle {
    // Legacy 4.x: Flutter plugin style; the shared TIMFail closure every call hands its errors to.
    static func returnErrorClosures(result: @escaping (Any?) -> Void) -> TIMFail {
        return {
            (code: Int32, desc: Optional<String>) -> Void in
            result("\(code) \(desc ?? "")")
        }
    }

    // Legacy 4.x: Flutter plugin style; init with one listener object for every config slot.
    static func initialize(appid: String, listener: Legacy4xPluginListener) {
        let sdkConfig = TIMSdkConfig()
        sdkConfig.sdkAppId = (appid as NSString).intValue
        sdkConfig.logLevel = TIMLogLevel.LOG_WARN
        sdkConfig.connListener = listener
        TIMManager.sharedInstance()?.initSdk(sdkConfig)

        let userConfig = TIMUserConfig()
        userConfig.enableReadReceipt = true
        userConfig.userStatusListener = listener
        userConfig.groupEventListener = listener
        userConfig.refreshListener = listener
        userConfig.messageRevokeListener = listener
        userConfig.messageReceiptListener = listener
        userConfig.uploadProgressListener = listener
        TIMManager.sharedInstance()?.setUserConfig(userConfig)
        TIMManager.sharedInstance()?.add(listener)
    }

    // Legacy 4.x: Flutter plugin style; refuse a second login, compare the login user with nil.
    static func login(identifier: String, userSig: String, result: @escaping (Any?) -> Void) {
        if TIMManager.sharedInstance()?.getLoginUser() != nil {
            result("user is login")
        } else {
            let loginParam = TIMLoginParam()
            loginParam.identifier = identifier
            loginParam.userSig = userSig
            TIMManager.sharedInstance()?.login(loginParam, succ: {
                result(nil)
            }, fail: returnErrorClosures(result: result))
        }
    }

    // Legacy 4.x: Flutter plugin style.
    static func logout(result: @escaping (Any?) -> Void) {
        TIMManager.sharedInstance()?.logout({
            result(nil)
        }, fail: returnErrorClosures(result: result))
    }

    // Legacy 4.x: Flutter plugin style; the login user handed on as an optional.
    static func getLoginUser(result: @escaping (Any?) -> Void) {
        result(TIMManager.sharedInstance()?.getLoginUser())
    }

    // Legacy 4.x: Flutter plugin style; local storage opened with a user ID before login.
    static func initStorage(identifier: String, result: @escaping (Any?) -> Void) {
        TIMManager.sharedInstance()?.initStorage(identifier, succ: {
            result(nil)
        }, fail: returnErrorClosures(result: result))
    }

    // Legacy 4.x: Flutter plugin style; the list force-unwrapped out of the optional chain.
    static func getConversationList(result: @escaping (Any?) -> Void) {
        let conversations: [TIMConversation] = (TIMManager.sharedInstance()?.getConversationList())!
        result(sessionInfo(conversations))
    }

    // Legacy 4.x: Flutter plugin style; a session looked up by a raw type value.
    static func getSession(sessionId: String, sessionTypeRaw: Int) -> TIMConversation? {
        if let session = TIMManager.sharedInstance()?.getConversation(TIMConversationType(rawValue: sessionTypeRaw)!, receiver: sessionId) {
            return session
        }
        return nil
    }

    // Legacy 4.x: Flutter plugin style; receivers of IUO type used as dictionary keys and optionals.
    static func sessionInfo(_ conversations: [TIMConversation]) -> [String: Int32] {
        var userInfo = [String: Int32]()
        var groupInfo = [String: Int32]()
        for timConversation in conversations {
            let id: String? = timConversation.getReceiver()
            let nickname: String? = timConversation.getGroupName()
            let typeRaw = timConversation.getType().rawValue
            let unreadMessageNum = timConversation.getUnReadMessageNum()
            if timConversation.getType() == TIMConversationType.C2C {
                userInfo[timConversation.getReceiver()] = unreadMessageNum
            } else if timConversation.getType() == TIMConversationType.GROUP {
                groupInfo[timConversation.getReceiver()] = unreadMessageNum
            }
            let lastMsg = timConversation.getLastMsg()
            if lastMsg != nil {
                use(messageInfo(lastMsg!))
            }
            use(id, nickname, typeRaw)
        }
        return userInfo.merging(groupInfo) { first, _ in first }
    }

    // Legacy 4.x: Flutter plugin style; a message entity read through the getter methods.
    static func messageInfo(_ message: TIMMessage) -> [String: Any?] {
        var dict: [String: Any?] = [:]
        dict["id"] = message.msgId()
        dict["uniqueId"] = message.uniqueId()
        dict["peerReaded"] = message.isPeerReaded()
        dict["read"] = message.isReaded()
        dict["self"] = message.isSelf()
        dict["customInt"] = message.customInt()
        dict["customStr"] = String(data: message.customData()!, encoding: String.Encoding.utf8)
        dict["timestamp"] = message.timestamp()
        dict["sender"] = message.sender()
        dict["sessionId"] = message.getConversation().getReceiver()
        dict["sessionType"] = (message.getConversation()?.getType())!.rawValue
        dict["status"] = message.status().rawValue
        return dict
    }

    // Legacy 4.x: Flutter plugin style; all elements of a message by index.
    static func elements(of message: TIMMessage) -> [TIMElem] {
        var elems: [TIMElem] = []
        for index in 0..<message.elemCount() {
            let elem: TIMElem = message.getElem(index)
            elems.append(elem)
        }
        return elems
    }

    // Legacy 4.x: Flutter plugin style; mark a whole session read.
    static func setRead(session: TIMConversation, result: @escaping (Any?) -> Void) {
        session.setRead(nil, succ: {
            result(nil)
        }, fail: returnErrorClosures(result: result))
    }

    // Legacy 4.x: Flutter plugin style; one success closure typed `(Any) -> Void` for both histories.
    static func getMessages(session: TIMConversation, number: Int32, local: Bool, result: @escaping (Any?) -> Void) {
        let successCallback = {
            (array: Any) -> Void in
            result((array as! [TIMMessage]).map { messageInfo($0) })
        }
        if local {
            session.getLocalMessage(number, last: nil, succ: successCallback, fail: returnErrorClosures(result: result))
        } else {
            session.getMessage(number, last: nil, succ: successCallback, fail: returnErrorClosures(result: result))
        }
    }

    // Legacy 4.x: Flutter plugin style; custom data in a custom element.
    static func sendCustomMessage(session: TIMConversation, data: String, ol: Bool, result: @escaping (Any?) -> Void) {
        let message = TIMMessage()
        let customMessage = TIMCustomElem()
        customMessage.data = data.data(using: String.Encoding.utf8)
        message.add(customMessage)
        sendMessage(conversation: session, message: message, result: result, ol: ol)
    }

    // Legacy 4.x: Flutter plugin style.
    static func sendTextMessage(session: TIMConversation, content: String, ol: Bool, result: @escaping (Any?) -> Void) {
        let message = TIMMessage()
        let textElem = TIMTextElem()
        textElem.text = content
        message.add(textElem)
        sendMessage(conversation: session, message: message, result: result, ol: ol)
    }

    // Legacy 4.x: Flutter plugin style; online-only or stored sending.
    static func sendMessage(conversation: TIMConversation, message: TIMMessage, result: @escaping (Any?) -> Void, ol: Bool) {
        let successCallback = {
            () -> Void in
            result(nil)
        }
        if ol {
            conversation.sendOnlineMessage(message, succ: successCallback, fail: returnErrorClosures(result: result))
        } else {
            conversation.send(message, succ: successCallback, fail: returnErrorClosures(result: result))
        }
    }

    // Legacy 4.x: Flutter plugin style; the pruned Swift name of deleteConversation:receiver:.
    static func deleteConversation(sessionId: String, sessionTypeRaw: Int, result: @escaping (Any?) -> Void) {
        TIMManager.sharedInstance()?.delete(TIMConversationType(rawValue: sessionTypeRaw)!, receiver: sessionId)
        result(nil)
    }

    // Legacy 4.x: Flutter plugin style; the conversation with its local messages.
    static func deleteLocalMessage(sessionId: String, sessionTypeRaw: Int, result: @escaping (Any?) -> Void) {
        TIMManager.sharedInstance()?.deleteConversationAndMessages(TIMConversationType(rawValue: sessionTypeRaw)!, receiver: sessionId)
        result(nil)
    }
}

/// Reads and writes of 4.x app code on conversations, messages and drafts.
enum Legacy4xAppStyle {
    // Legacy 4.x: app style; the list defaulting to empty when the manager is nil.
    static func allConversations() -> [TIMConversation] {
        return TIMManager.sharedInstance()?.getConversationList() ?? [TIMConversation]()
    }

    // Legacy 4.x: app style; unread count as the page size of a history pull.
    static func unreadHistory(userID: String) {
        let conv = TIMManager.sharedInstance()?.getConversation(.C2C, receiver: userID)
        conv?.getMessage(conv?.getUnReadMessageNum() ?? 0, last: nil, succ: { msgs in
            use(msgs?.count)
        }, fail: { code, msg in
            use(code, msg)
        })
    }

    // Legacy 4.x: app style; read up to one message, with the pruned Swift name and with the documented one.
    static func markRead(upTo message: TIMMessage, in conv: TIMConversation) {
        conv.setRead(message, succ: {
            use("read")
        }, fail: { code, msg in
            use(code, msg)
        })
        // Legacy 4.x: the documented selector name, as copied from the API docs.
        conv.setReadMessage(message, succ: nil, fail: nil)
    }

    // Legacy 4.x: app style; the login state compared with the enum case.
    static func isLoggedIn() -> Bool {
        return TIMManager.sharedInstance()?.getLoginStatus() == TIMLoginStatus.STATUS_LOGINED
    }

    // Legacy 4.x: app style; every login state.
    static func describeLoginStatus() -> String {
        switch TIMManager.sharedInstance().getLoginStatus() {
        case .STATUS_LOGINED: return "logined"
        case .STATUS_LOGINING: return "logining"
        case .STATUS_LOGOUT: return "logout"
        }
    }

    // Legacy 4.x: app style; the configs read back after init and before login.
    static func readConfigs() {
        let global = TIMManager.sharedInstance().getGlobalConfig()
        let user = TIMManager.sharedInstance().getUserConfig()
        use(global?.sdkAppId, user?.disableAutoReport, user?.enableReadReceipt, user?.disableStorage)
    }

    // Legacy 4.x: app style; a text draft saved, read back and cleared.
    static func saveDraft(_ text: String, in conv: TIMConversation) {
        let draft = TIMMessageDraft()
        let elem = TIMTextElem()
        elem.text = text
        draft.add(elem)
        conv.setDraft(draft)
        if let saved = conv.getDraft() {
            use(saved.timestamp(), saved.getUserData(), saved.elemCount())
        }
        conv.setDraft(nil)
    }

    // Legacy 4.x: app style; conversations compared and hashed as NSObjects.
    static func indexOf(_ conv: TIMConversation, in list: [TIMConversation]) -> Int? {
        let same = list.first == conv
        use(same, conv.hashValue, conv.getSelfIdentifier())
        return list.firstIndex(of: conv)
    }

    // Legacy 4.x: app style; local custom fields of a message.
    static func markPlayed(_ message: TIMMessage) {
        message.setCustomInt(1)
        message.setCustomData("played".data(using: .utf8))
        use(message.customInt(), message.customData(), message.uniqueId())
    }

    // Legacy 4.x: app style; a message removed from local storage.
    static func removeLocally(_ message: TIMMessage) {
        message.remove()
    }

    // Legacy 4.x: app style; a message imported as if sent by someone else.
    static func importAs(sender: String, _ message: TIMMessage) {
        message.convertToImportedMsg()
        message.setSender(sender)
    }

    // Legacy 4.x: app style; messages found again by their locators.
    static func refetch(_ messages: [TIMMessage], in conv: TIMConversation) {
        let locators = messages.compactMap { $0.locator() }
        conv.findMessages(locators, succ: { msgs in
            use(msgs?.count)
        }, fail: { code, msg in
            use(code, msg)
        })
    }

    // Legacy 4.x: app style; the locator of a revoke notification.
    static func locatorFields(_ locator: TIMMessageLocator) {
        use(locator.time, locator.seq, locator.rand, locator.isSelf, locator.sessType.rawValue, locator.sessId, locator.isFromRevokeNotify)
    }

    // Legacy 4.x: app style; the conversation of a read receipt.
    static func receiptPeer(_ receipt: TIMMessageReceipt) -> String {
        use(receipt.timestamp)
        return receipt.conversation.getReceiver()
    }

    // Legacy 4.x: app style; error codes compared with the legacy constants.
    static func isNotLoggedIn(_ code: Int32) -> Bool {
        return code == ERR_SDK_NOT_LOGGED_IN.rawValue || code == ERR_IN_PROGESS.rawValue || Int(code) == Int(ERR_SUCC.rawValue)
    }
}

/// Legacy 4.x: a group muted the legacy way (TIMGroupManager, untyped-block era spellings).
enum Legacy4xGroupMute {
    static func mute(groupID: String) {
        let result = TIMGroupManager.sharedInstance().modifyReceiveMessageOpt(groupID, opt: .GROUP_RECEIVE_NOT_NOTIFY_MESSAGE, succ: {
            use("muted")
        }, fail: { code, msg in
            use(code, msg)
        })
        use(result == 0)
        TIMGroupManager.sharedInstance()?.modifyReceiveMessageOpt(groupID, opt: TIMGroupReceiveMessageOpt.GROUP_NOT_RECEIVE_MESSAGE, succ: nil, fail: nil)
    }
}

// MARK: - The first 4.4.716 headers' refresh reason, as Swift imports `TIM_CONVERSATION_...`
// (`CONVERSATION_` kept; found by importing the header with Swift 6.3, 2026-11-29).

func legacyRefreshReasonName(_ reason: TIMConversationRefreshReason) -> String {
    switch reason {
    case .CONVERSATION_SYNC_FROM_SERVER: "sync"
    case .CONVERSATION_RECEIVE_DELETE: "deleted"
    case .CONVERSATION_SEDN_MSG: "sent"
    case .CONVERSATION_RECEIVE_MSG: "received"
    case .CONVERSATION_SET_MSG_READ, .CONVERSATION_RECEIVE_MSG_READ: "read"
    case .CONVERSATION_RECEIVE_MSG_REVOKE: "revoked"
    case .CONVERSATION_RECEIVE_MSG_RECEIPT: "receipt"
    }
}
