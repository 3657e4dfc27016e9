import Foundation
import ImSDK

// Legacy (3.x and 4.x) call shapes of more public Swift code (ZebraKing, TIMKitDemo, a Flutter
// plugin), found on 2026-11-29; each written in the style of its source (named above it), not
// copied. Compiled, never run.

// MARK: - ZebraKing (wufeiyue/ZebraKing), a 3.x legacy chat kit (`import ImSDK` + `import IMMessageExt`)

/// Source: wufeiyue/ZebraKing `ZebraKing/Classes/Manager/SessionManager.swift`: init and user config,
/// return values dropped.
enum OldZebraKingSetup {
    static func register(accountType: String, appidAt3rd: Int32) {
        let sdkConfig = TIMSdkConfig()
        sdkConfig.sdkAppId = appidAt3rd
        sdkConfig.accountType = accountType
        sdkConfig.disableLogPrint = true
        TIMManager.sharedInstance().initSdk(sdkConfig)
        let userConfig = TIMUserConfig()
        userConfig.enableReadReceipt = true
        userConfig.disableRecnetContact = true
        TIMManager.sharedInstance().setUserConfig(userConfig)
    }
}

/// Source: wufeiyue/ZebraKing `ZebraKing/Classes/Manager/IMConversation.swift` (and the same code in
/// `BMKP_Chat/Classes/Manager/IMConversation.swift`): a wrapper around one TIMConversation.
final class OldZebraKingConversation: NSObject {
    let conversation: TIMConversation
    init(conversation: TIMConversation) { self.conversation = conversation }

    // send with a trailing fail closure whose description feeds an NSError
    func send(_ msg: TIMMessage, result: @escaping (Error?) -> Void) {
        conversation.send(msg, succ: {
            result(nil)
        }) { (code, description) in
            result(NSError(domain: description ?? "", code: Int(code), userInfo: nil))
        }
    }

    // deleteLocalMessage with [weak self] closures, the fail one trailing
    func deleteLocalMessage() {
        conversation.deleteLocalMessage({ [weak self] in
            use(self)
        }) { [weak self] (code, description) in
            use(self, code, description)
        }
    }

    // read up to an optional message
    func alreadyRead(message: TIMMessage?) {
        conversation.setRead(message, succ: {
        }, fail: { (code, str) in
            use(code, str)
        })
    }

    // deleteConversationAndMessages with the IUO receiver, result dropped
    func deleteConversation() {
        TIMManager.sharedInstance()?.deleteConversationAndMessages(.C2C, receiver: conversation.getReceiver())
    }

    // history page cast to Array<TIMMessage>, status and timestamp of each
    func loadRecent(count: Int, from last: TIMMessage?) {
        conversation.getMessage(Int32(count), last: last, succ: { [weak self] (anys) in
            if let messages = anys as? Array<TIMMessage> {
                for message in messages where message.status() == .MSG_STATUS_SEND_FAIL { use(message) }
                if let date = messages.first?.timestamp(), let prev = messages.last?.timestamp() {
                    use(date.timeIntervalSince(prev) > TimeInterval(5 * 60))
                }
                if let lastOther = messages.first(where: { $0.isSelf() == false }) {
                    self?.alreadyRead(message: lastOther)
                }
            }
        }, fail: { code, description in
            use(NSError(domain: description ?? "", code: Int(code), userInfo: nil))
        })
    }

    // 3.x getLastMsgs cast both ways; getLocalMessage handed a TIMGetMsgSucc
    func lastMessage() -> TIMMessage? {
        guard let msgs = conversation.getLastMsgs(1) as? [TIMMessage] else { return nil }
        let forced = conversation.getLastMsgs(1) as! [TIMMessage]
        return msgs.first ?? forced.first
    }

    func loadLocalMessages(succ: @escaping TIMGetMsgSucc) {
        conversation.getLocalMessage(1, last: nil, succ: succ, fail: nil)
    }

    func getReceiver() -> String { conversation.getReceiver() }
}

/// Source: wufeiyue/ZebraKing `ZebraKing/Classes/Manager/ReceiptListenerManager.swift`,
/// `ZebraKing/Classes/Manager/IMConversation.swift` and `Task` (code index ids 31159640593,
/// 30855098457, 30810501224): a receipt listener set on the session's user config after login,
/// through the 3.x property name `receiptListener`, and cleared with nil.
final class OldZebraKingReceiptListener: NSObject, TIMMessageReceiptListener {
    let conversation: OldZebraKingConversation
    var updated: ((TIMMessage) -> Void)?

    init(conversation: OldZebraKingConversation) {
        self.conversation = conversation
        super.init()
        TIMManager.sharedInstance().getUserConfig().receiptListener = self
    }

    func removeListener() {
        TIMManager.sharedInstance().getUserConfig().receiptListener = nil
    }

    func onRecvMessageReceipts(_ receipts: [Any]!) {
        guard let list = receipts as? Array<TIMMessageReceipt> else { return }
        for receipt in list where receipt.conversation.getReceiver() == conversation.getReceiver() {
            let lastMsgs = receipt.conversation.getLastMsgs(1) as! [TIMMessage]
            guard let lastMessage = lastMsgs.first else { return }
            if lastMessage.isSelf() && lastMessage.isPeerReaded() {
                conversation.alreadyRead(message: lastMessage)
                updated?(lastMessage)
            }
        }
    }
}

/// Source: wufeiyue/ZebraKing `ZebraKing/Classes/Manager/CentralManager.swift` and
/// `IMConversationManager.swift`: the message listener added and removed with the pruned names,
/// messages unwrapped with `guard let ... as? TIMMessage, let conv = message.getConversation()`.
final class OldZebraKingCentral: NSObject, TIMMessageListener {
    var unread: [String: Int] = [:]

    func addListener() { TIMManager.sharedInstance().add(self) }
    func removeListener() { TIMManager.sharedInstance()?.remove(self) }

    func onNewMessage(_ msgs: [Any]!) {
        for anyObject in msgs {
            guard let message = anyObject as? TIMMessage,
                  let timConversation = message.getConversation() else { return }
            if timConversation.getType() == .C2C && message.isSelf() == false {
                let receiverId: String = timConversation.getReceiver()
                unread[receiverId] = Int(timConversation.getUnReadMessageNum())
            }
        }
    }
}

// MARK: - TIMKitDemo (windbird), a 4.x chat screen

/// Source: "TIMKitDemo" `MessageViewController.swift` by ryan/windbird (code index ids 5903930425,
/// 6175396018): elements read by index and cast, messages found with `firstIndex(of:)`, message IDs
/// compared, and one class adopting the update, revoke and message listeners.
enum OldTIMKitDemo {
    static func row(for message: TIMMessage, in messages: [TIMMessage], playing: TIMMessage?) {
        if let _ = message.getElem(0) as? TIMTextElem { use("text") }
        if let customElem = message.getElem(0) as? TIMCustomElem {
            use(customElem.data!)
        }
        use(messages.firstIndex(of: message), playing?.msgId() == message.msgId(), message.msgId()!)
    }
}

final class OldTIMKitDemoListener: NSObject, TIMMessageUpdateListener, TIMMessageRevokeListener, TIMMessageListener {
    func onMessageUpdate(_ msgs: [Any]!) { use(msgs.count, msgs!) }
    func onRevokeMessage(_ locator: TIMMessageLocator!) {}
    func onNewMessage(_ msgs: [Any]!) { use(msgs!) }
}

// The 4.x `TIMUserConfig.messageUpdateListener` (declared in the 4.x headers beside
// messageRevokeListener; set in public code, e.g. the commented-out TUIKit 4.x setup).
func oldSetMessageUpdateListener(_ config: TIMUserConfig, _ listener: OldTIMKitDemoListener) {
    config.messageUpdateListener = listener
}

final class OldTIMKitDemoListenerCompiling: NSObject, TIMMessageRevokeListener, TIMMessageListener {
    func onRevokeMessage(_ locator: TIMMessageLocator!) {}
    func onNewMessage(_ msgs: [Any]!) { use(msgs!) }
}

// MARK: - flutter_tim_plugin (kbz), a 4.x Flutter plugin's iOS side

/// Source: "flutter_tim_plugin" `TimFlutterWrapper.swift` by kbz (code index ids 15015301168,
/// 15928154771, 15140219916): `$0`/`$1` closures, the Int raw value of the type, the pruned
/// `delete(_:receiver:)` force-unwrapped out of the optional chain, an IUO conversation returned as
/// non-optional.
enum OldFlutterTimPlugin {
    static func buildResponseMap(codeVal: Int32, descVal: Any) -> [String: Any] {
        ["code": Int(codeVal), "data": descVal]
    }

    static func conversation(map: [String: Any]) -> TIMConversation {
        let type = map["conversationType"] as! Int
        let id = map["id"] as! Int
        return TIMManager.sharedInstance().getConversation(TIMConversationType.init(rawValue: type)!, receiver: String(id))
    }

    static func setReadMessage(_ map: [String: Any], _ result: @escaping ([String: Any]) -> Void) {
        let conversation = conversation(map: map)
        conversation.setRead(nil, succ: {
            result(buildResponseMap(codeVal: 0, descVal: "setReadMessage ok"))
        }) {
            result(buildResponseMap(codeVal: $0, descVal: $1 as Any))
        }
    }

    static func deleteConversation(_ map: [String: Any], _ result: @escaping ([String: Any]) -> Void) {
        var delMsg = map["delLocalMsg"] as! Bool
        let id = map["id"] as! Int
        let type = map["conversationType"] as! Int
        if delMsg {
            delMsg = (TIMManager.sharedInstance()?.deleteConversationAndMessages(TIMConversationType.init(rawValue: type)!, receiver: String(id)))!
        } else {
            delMsg = (TIMManager.sharedInstance()?.delete(TIMConversationType.init(rawValue: type)!, receiver: String(id)))!
        }
        result(buildResponseMap(codeVal: 0, descVal: delMsg))
    }

    static func logout(_ result: @escaping ([String: Any]) -> Void) {
        TIMManager.sharedInstance()?.logout({
            result(buildResponseMap(codeVal: 0, descVal: "logout  ok"))
        }, fail: {
            result(buildResponseMap(codeVal: $0, descVal: $1 as Any))
        })
    }

    static func getMessage(_ map: [String: Any], _ result: @escaping ([String: Any]) -> Void) {
        let conversation = conversation(map: map)
        let count = map["count"] as! Int
        conversation.getMessage(Int32(count), last: nil, succ: {
            print("getMessage \($0 as Any)")
        }, fail: {
            result(buildResponseMap(codeVal: $0, descVal: $1 as Any))
        })
    }

    static func sendCustom(_ map: [String: Any], data: Data, _ result: @escaping ([String: Any]) -> Void) {
        let timMessage = TIMMessage()
        let elm = TIMCustomElem()
        elm.data = data
        timMessage.add(elm)
        let text = TIMTextElem()
        text.text = "hi"
        timMessage.add(text)
        conversation(map: map).send(timMessage, succ: {
            result(buildResponseMap(codeVal: 0, descVal: "ok"))
        }, fail: {
            result(buildResponseMap(codeVal: $0, descVal: $1 as Any))
        })
    }

    static func initTim(listener: any TIMMessageListener, _ result: @escaping ([String: Any]) -> Void) {
        let config = TIMSdkConfig()
        config.sdkAppId = 1400294549
        config.logLevel = TIMLogLevel.LOG_DEBUG
        TIMManager.sharedInstance()?.add(listener)
        let initState = TIMManager.sharedInstance()?.initSdk(config)
        result(buildResponseMap(codeVal: initState!, descVal: initState!))
    }

    static func getConversationList(_ result: @escaping ([String: Any]) -> Void) {
        let conversationList = TIMManager.sharedInstance()?.getConversationList()
        var list = [Any]()
        for timConversation in conversationList! {
            var map = [String: Any]()
            map["unreadMessageNum"] = timConversation.getUnReadMessageNum()
            map["conversationType"] = timConversation.getType().rawValue
            map["peer"] = timConversation.getReceiver()
            list.append(map)
        }
        result(buildResponseMap(codeVal: 0, descVal: list))
    }
}
