import Foundation
import ImSDK

// Legacy call shapes of more public Swift code (apps and Flutter plugins of the 3.x/4.x API), found
// on 2026-11-29; each written in the style of its source (named above it), not copied. Compiled,
// never run.

// MARK: - "LMPNPBox" TimSession.swift (code index id 8944693577): one session object as message,
// connection and user-status listener; `add(self)` in init; online-only text sends

final class FoundLegacyLegacyTimSession: NSObject {
    var events: [String] = []

    init(sdkAppId: Int32) {
        super.init()
        TIMManager.sharedInstance().add(self)
        register(sdkAppId: sdkAppId)
    }

    /// For the probe only: an instance that does not touch the SDK.
    init(probeOnly: Void) {
        super.init()
    }

    func connect(id: String, token: String, completion: @escaping (String?) -> Void) {
        let loginParam = TIMLoginParam()
        loginParam.identifier = id
        loginParam.userSig = token
        TIMManager.sharedInstance()?.login(loginParam, succ: {
            completion(nil)
        }, fail: { (code, message) in
            completion("code = \(code), messsage = \(message ?? "")")
        })
    }

    func disconnect(completion: @escaping (String?) -> Void) {
        TIMManager.sharedInstance()?.logout({
            completion(nil)
        }, fail: { (code, message) in
            completion("code = \(code), messsage = \(message ?? "")")
        })
    }

    func publish(content: String, to id: String, completion: @escaping (String?) -> Void) {
        let message = TIMMessage()
        let textElement = TIMTextElem()
        textElement.text = content
        message.add(textElement)
        let session = TIMManager.sharedInstance()?.getConversation(.C2C, receiver: id)
        session?.sendOnlineMessage(message, succ: {
            completion(nil)
        }, fail: { (code, message) in
            completion("code = \(code), messsage = \(message ?? "")")
        })
    }

    private func register(sdkAppId: Int32) {
        let config = TIMSdkConfig()
        config.sdkAppId = sdkAppId
        config.disableLogPrint = true
        config.connListener = self
        let userConfig = TIMUserConfig()
        userConfig.userStatusListener = self
        TIMManager.sharedInstance().initSdk(config)
        TIMManager.sharedInstance().setUserConfig(userConfig)
    }
}

extension FoundLegacyLegacyTimSession: TIMConnListener, TIMUserStatusListener {
    func onConnSucc() { events.append("connSucc") }
    func onDisconnect(_ code: Int32, err: String?) { events.append("disconnect") }
    func onConnecting() { events.append("connecting") }
    func onConnFailed(_ code: Int32, err: String?) { events.append("connFailed") }
    func onReConnFailed(_ code: Int32, err: String?) { events.append("reConnFailed") }
    func onForceOffline() { events.append("forceOffline") }
    func onUserSigExpired() { events.append("sigExpired") }
}

extension FoundLegacyLegacyTimSession: TIMMessageListener {
    func onNewMessage(_ msgs: [Any]!) {
        let timMessages = msgs as? [TIMMessage] ?? []
        for message in timMessages {
            if message.elemCount() > 0 {
                guard let content = (message.getElem(0) as? TIMTextElem)?.text, !content.isEmpty else {
                    return
                }
                events.append("text \(content)")
            }
        }
    }
}

// MARK: - "tim_plugin" Flutter plugin SwiftTimPlugin.swift (code index id 4745835347): legacy 3.x/4.x
// config from a dictionary, raw-value enums, elements added in a loop

enum FoundLegacyLegacyTimPlugin {
    static func initIM(params: [String: Any]) {
        let config = TIMSdkConfig()
        config.sdkAppId = params["appId"] as! Int32
        config.accountType = params["accountType"] as! String
        if let disableLogPrint = params["disableLogPrint"] as? Bool {
            config.disableLogPrint = disableLogPrint
        }
        if let logLevel = params["logLevel"] as? Int {
            config.logLevel = TIMLogLevel.init(rawValue: logLevel)!
        }
        if let logPath = params["logPath"] as? String {
            config.logPath = logPath
        }
        TIMManager.sharedInstance()?.initSdk(config)
    }

    static func login(arg: [String: Any], result: @escaping (Any?) -> Void) {
        let login_param = TIMLoginParam()
        login_param.identifier = arg["identifier"] as! String
        login_param.userSig = arg["userSig"] as! String
        login_param.appidAt3rd = arg["appidAt3rd"] as! String
        TIMManager.sharedInstance()?.login(login_param, succ: {
            result(nil)
        }, fail: { (code, err) in
            result([String(code), err as Any])
        })
    }

    static func sendMessage(receiver: String, messageType: Int, message: [[String: Any]], result: @escaping (Any?) -> Void) {
        guard let conType = TIMConversationType(rawValue: messageType) else {
            result("conversation type error")
            return
        }
        let conversation = TIMManager.sharedInstance()?.getConversation(conType, receiver: receiver)
        let msg = TIMMessage()
        for dic in message {
            if let type = dic["type"] as? Int, type == 0 {
                let elem = TIMTextElem()
                elem.text = (dic["text"] as? String) ?? ""
                msg.add(elem)
            }
        }
        conversation?.send(msg, succ: {
            result(nil)
        }, fail: { (code, err) in
            result([String(code), err as Any])
        })
    }

    static func listen() -> FoundLegacyLegacyPluginListener {
        let listener = FoundLegacyLegacyPluginListener()
        TIMManager.sharedInstance()?.add(listener)
        return listener
    }
}

final class FoundLegacyLegacyPluginListener: NSObject, TIMMessageListener {
    var received: [[String: Any]] = []
    func onNewMessage(_ msgs: [Any]!) {
        if let msgs = msgs as? [TIMMessage] {
            received = msgs.map { (msgItem) -> [String: Any] in
                var elems: [[String: Any]] = []
                for index in 0..<msgItem.elemCount() {
                    if let elem = msgItem.getElem(index) as? TIMTextElem {
                        elems.append(["type": 0, "text": elem.text ?? ""])
                    }
                }
                return ["isSelf": msgItem.isSelf(), "identifier": msgItem.sender() as Any, "msg": elems]
            }
        }
    }
}

// MARK: - "ZGYM" YXSChatHelper.swift (code index id 31234228698): badge from the whole list, the
// service conversation read with the pruned `setRead`, a trailing fail block on `getMessage`

final class FoundLegacyLegacyYXSChatHelper: NSObject, TIMMessageListener, TIMUserStatusListener {
    func config() {
        TIMManager.sharedInstance()?.add(self)
        TIMManager.sharedInstance()?.getGlobalConfig()?.disableLogPrint = true
    }

    func isLogin() -> Bool {
        if TIMManager.sharedInstance()?.getLoginStatus() == TIMLoginStatus.STATUS_LOGINED {
            return true
        } else {
            return false
        }
    }

    func refreshData() -> Int {
        TIMManager.sharedInstance()?.delete(TIMConversationType.C2C, receiver: "spy")
        let list: [TIMConversation] = TIMManager.sharedInstance()?.getConversationList() ?? [TIMConversation]()
        var unReadCount: Int = 0
        for sub in list {
            if sub.getReceiver() == "spy" {
                continue
            }
            if sub.getType() == .SYSTEM {
                continue
            }
            unReadCount += Int(sub.getUnReadMessageNum())
        }
        return unReadCount
    }

    func onNewMessage(_ msgs: [Any]!) {
        let arr = msgs as! [TIMMessage]
        for sub: TIMMessage in arr {
            if sub.getElem(0) is TIMCustomElem, sub.getConversation()?.getReceiver() == "spy" {
                sub.getConversation()?.setRead(sub, succ: {
                    print("read")
                }, fail: nil)
            }
        }
    }

    func getSpyUnreadMessage(completionHandler: @escaping ([Data]?) -> Void) {
        let conv = TIMManager.sharedInstance()?.getConversation(TIMConversationType.C2C, receiver: "spy")
        conv?.getMessage(conv?.getUnReadMessageNum() ?? 0, last: nil, succ: { [weak self] (list) in
            guard self != nil else { return }
            var tmpArr = [Data]()
            for sub in list ?? [TIMMessage]() {
                let msg = sub as? TIMMessage
                if !(msg?.isReaded())! {
                    let elem = msg?.getElem(0)
                    if elem is TIMCustomElem {
                        let customElem: TIMCustomElem = elem as! TIMCustomElem
                        tmpArr.append(customElem.data ?? Data())
                    }
                }
            }
            conv?.setRead(nil, succ: {
                completionHandler(tmpArr)
            }, fail: { (code, msg) in
                print("\(code)\(msg ?? "")")
                completionHandler(nil)
            })
        }, fail: nil)
    }

    func getServiceMessage() {
        let conversationList = TIMManager.sharedInstance()?.getConversationList() ?? [TIMConversation]()
        for sub in conversationList {
            sub.getMessage(20, last: nil, succ: { (msgs: [Any]?) in
                let msgArr: [TIMMessage] = msgs as! [TIMMessage]
                for msg in msgArr {
                    print("\(msg.getConversation()?.getReceiver() ?? "")")
                }
            }) { (code, msg) in
                print("\(code):\(String(describing: msg))")
            }
        }
    }
}

// MARK: - Group chat screen (code index id 6096047714) and "YXS" conversation cell (id 31359222211):
// the last message as the history cursor, the first of a page tested with `is`

final class FoundLegacyLegacyGroupChat {
    var conversation: TIMConversation!

    func loadMessage(groupID: String, show: @escaping ([TIMMessage]) -> Void) {
        let conversation = TIMManager.sharedInstance()?.getConversation(.GROUP, receiver: groupID)
        self.conversation = conversation
        _ = self.conversation.getReceiver()
        let lastMsg = conversation?.getLastMsg()
        conversation?.getMessage(10, last: lastMsg, succ: { [weak self] msgs in
            if let self = self, let msgs = msgs as? [TIMMessage] {
                use(self)
                show(msgs)
            }
        }, fail: { _, _ in })
    }

    static func subtitle(convId: String, set: @escaping (String) -> Void) {
        let c = TIMManager.sharedInstance()?.getConversation(TIMConversationType.C2C, receiver: convId)
        c?.getMessage(1, last: nil, succ: { (msgs) in
            if msgs?.count ?? 0 > 0 && msgs?.first is TIMMessage {
                let msg: TIMMessage = msgs?.first as! TIMMessage
                set((msg.getElem(0) as? TIMTextElem)?.text ?? "")
            }
        }, fail: { (code, desc) in })
    }
}
