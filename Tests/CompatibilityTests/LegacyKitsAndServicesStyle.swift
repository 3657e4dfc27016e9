import Foundation
import ImSDK

// Legacy (ImSDK 3.x/4.x, and one 5.x `import ImSDK` + V2) call shapes of more public Swift code
// (chat kits, services, a React Native module), found on 2026-11-29; each written in the style of
// its source (named above it), not copied. Compiled, never run. Three did not compile before:
// `TIMManager.init()` and the misspelled `modifyReciveMessageOpt` / `getReciveMessageOpt`.

// MARK: - hansen "TencentIM" IMManager.swift, IMSessionManager.swift, IMReceiveMessageManager.swift
// (code index ids 25618612014, 25085084847, 25419055062), 4.x with the old TUIKit: a static
// singleton handed to `initSdk`/`setUserConfig` as conn, user-status and refresh listener (the
// `[Any]!` refresh spelling); the list re-cast with `as? [TIMConversation]`; a message listener
// whose `onNewMessage` is `private` and spelled `[TIMMessage]!`.

final class LKHansenIMManager: NSObject {
    private override init() {
        super.init()
    }
    // `nonisolated(unsafe)`: the test target builds in Swift 6 mode; the app's plain `static let`
    // is a Swift 5 mode shape.
    nonisolated(unsafe) static let shared = LKHansenIMManager()

    static func initialIM(appid: Int32, accountType: String) {
        let manager = TIMManager.sharedInstance()
        let config = TIMSdkConfig.init()
        config.sdkAppId = appid
        config.accountType = accountType
        config.connListener = shared
        config.disableLogPrint = true
        manager?.initSdk(config)

        let userConfig = TIMUserConfig.init()
        userConfig.userStatusListener = shared
        userConfig.refreshListener = shared
        manager?.setUserConfig(userConfig)
    }

    static func loginParam(appid: Int32, userAccount: String, sign: String) -> TIMLoginParam {
        let loginParam = TIMLoginParam.init()
        loginParam.appidAt3rd = "\(appid)"
        loginParam.identifier = userAccount
        loginParam.userSig = sign
        return loginParam
    }

    static func logout() {
        TIMManager.sharedInstance()?.logout({
            debugPrint("IM 退出登录")
        }, fail: { (errCode, errmsg) in
            debugPrint("IM 退出登录失败： code = \(errCode) 错误信息： \(errmsg ?? "")")
        })
    }
}

extension LKHansenIMManager: TIMUserStatusListener {
    func onForceOffline() { debugPrint("被踢下线") }
    func onReConnFailed(_ code: Int32, err: String!) { debugPrint("断线重连失败") }
    func onUserSigExpired() { debugPrint("userSig 过期") }
}

extension LKHansenIMManager: TIMConnListener {
    func onConnSucc() { debugPrint("IM 连接成功") }
    func onConnFailed(_ code: Int32, err: String!) { debugPrint("IM 连接失败") }
    func onDisconnect(_ code: Int32, err: String!) { debugPrint("IM 断开连接") }
    func onConnecting() { debugPrint("IM 正在连接") }
}

extension LKHansenIMManager: TIMRefreshListener {
    func onRefresh() { debugPrint("刷新全部会话列表") }
    func onRefreshConversations(_ conversations: [Any]!) { debugPrint("刷新指定的会话列表") }
}

final class LKHansenIMSessionManager: NSObject {
    static func getSessionList() -> [TIMConversation]? {
        // The source's cast (needed with the 3.x `[Any]!` list) always succeeds with a typed list.
        return TIMManager.sharedInstance()?.getConversationList() as? [TIMConversation]
    }
}

/// The source's method is `private` and takes `[TIMMessage]!`. With the vendor's `@objc` protocol
/// (`onNewMessage(_ msgs: [Any]!)`, optional) it compiled and was never called; here `[TIMMessage]!`
/// is a requirement of its own, so the `private` method is rejected as its witness. The class
/// compiles here with the method `internal` (then it is called); the source's shape is below.
final class LKHansenIMReceiveMessageManager: NSObject, TIMMessageListener {
    private override init() {
        super.init()
        TIMManager.sharedInstance()?.add(self)
    }

    nonisolated(unsafe) static let shared = LKHansenIMReceiveMessageManager()

    func onNewMessage(_ msgs: [TIMMessage]!) {
        debugPrint("收到新消息: \(msgs ?? [])")
    }
}

// The source's `private func onNewMessage(_ msgs: [TIMMessage]!)` does not compile here ("must be as
// accessible as its enclosing type because it matches a requirement"): against the vendor's
// headers it matched nothing and was never called. A known exception (README, compatibility).

// MARK: - yamazhiki "TXIMService.swift" (code index ids 23343373412, 23634607315, 23941855240), 3.x:
// an RxSwift IM service that makes its own `TIMManager.init()` instead of the shared one, logs in
// with `appidAt3rd`, adds itself as message listener after login, sends a custom element to a
// conversation typed by raw value, walks elements with a closed `0...elemCount()` range.

enum LKYamaConversionType: Int { case c2c = 1, group = 2, system = 3 }

final class LKYamaTXIMService: NSObject {
    private let manager: TIMManager
    var received: [Data] = []

    init(manager: TIMManager) {
        self.manager = manager
        super.init()
    }

    func login(name: String, token: String, appId: String) {
        let param = TIMLoginParam.init()
        param.identifier = name
        param.userSig = token
        param.appidAt3rd = appId
        manager.login(param, succ: {
            self.manager.add(self)
        }, fail: { code, msg in
            use(code, msg)
        })
    }

    func send(type: LKYamaConversionType, payload: Data, receiver: String, completion: @escaping (Int, String?) -> Void) {
        let conversion = manager.getConversation(TIMConversationType.init(rawValue: type.rawValue)!, receiver: receiver)
        let el = TIMCustomElem()
        el.data = payload
        let msg = TIMMessage()
        msg.add(el)
        conversion?.send(msg, succ: {
            completion(0, nil)
        }, fail: { (code, errorMsg) in
            completion(0, errorMsg)
        })
    }

    func logout() {
        manager.logout(nil, fail: nil)
        manager.remove(self)
    }
}

extension LKYamaTXIMService: TIMMessageListener {
    func onNewMessage(_ msgs: [Any]!) {
        for item in msgs {
            if let m = item as? TIMMessage {
                for i in 0...m.elemCount() {
                    if let el = m.getElem(i) as? TIMCustomElem {
                        received.append(el.data)
                    }
                }
            }
        }
    }
}

enum LKYamaOwnManager {
    static func make() -> LKYamaTXIMService {
        return LKYamaTXIMService(manager: TIMManager.init())
    }
}

// MARK: - WZLY app UserSession+IM.swift over the WZIM pod (code index id 33330076741; the pod's
// WZTIMManager is covered, this app file is not): a public session class extended as every legacy
// listener with `public` methods, the list force-unwrapped off `sharedInstance()!`, a conversation
// returned as the pod's protocol (TIMConversation conforms retroactively, next section).

public protocol LKWZIMConversationProcotol {
    func wzLastMessage() -> LKWZIMMessageProtocol?
    func wzReceiverId() -> String
    func wzGetUnReadMessageNum() -> Int
}

public protocol LKWZIMMessageProtocol {
    func wzIsReaded() -> Bool
    func wzSender() -> String
}

public enum LKWZIMConversationType: Int { case c2c = 1, group = 2 }

public final class LKWZLYUserSession: NSObject {
    static let imLoginSucessNotification = Notification.Name("LKWZLYImLoginSucess")

    public func initTIMSDk(appId: Int32) {
        let config = TIMSdkConfig()
        config.sdkAppId = appId
        config.disableLogPrint = true
        config.connListener = self
        TIMManager.sharedInstance()?.initSdk(config)
    }

    public func setUserConfig() {
        let userConfig = TIMUserConfig()
        userConfig.disableAutoReport = true
        userConfig.enableReadReceipt = true
        userConfig.userStatusListener = self
        userConfig.refreshListener = self
        userConfig.messageReceiptListener = self
        userConfig.groupEventListener = self
        TIMManager.sharedInstance()?.setUserConfig(userConfig)
        TIMManager.sharedInstance()?.add(self)
    }

    public func getConversationList() -> [TIMConversation] {
        return TIMManager.sharedInstance()!.getConversationList()
    }

    func getConversation(type: LKWZIMConversationType, userId: String) -> LKWZIMConversationProcotol {
        return TIMManager.sharedInstance()!.getConversation(TIMConversationType.init(rawValue: type.rawValue)!, receiver: userId)
    }

    public func logIn(identifier: String, userSig: String, sucess: (() -> Void)?, failBlock: ((_ code: Int, _ err: String) -> Void)?) {
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

    public func logout(sucess: (() -> Void)?, failBlock: ((_ code: Int, _ err: String) -> Void)?) {
        TIMManager.sharedInstance()?.logout({
            sucess?()
        }, fail: { (code, msg) in
            failBlock?(Int(code), String(msg ?? ""))
        })
    }

    /// After quitting a group the source removes itself as message listener.
    public func stopListening() {
        TIMManager.sharedInstance()?.remove(self)
    }
}

extension LKWZLYUserSession: TIMConnListener {
    public func onConnSucc() {}
    public func onConnFailed(_ code: Int32, err: String!) {}
    public func onDisconnect(_ code: Int32, err: String!) {}
    public func onConnecting() {}
}

extension LKWZLYUserSession: TIMUserStatusListener {
    public func onForceOffline() {}
    public func onReConnFailed(_ code: Int32, err: String!) {}
    public func onUserSigExpired() {}
}

extension LKWZLYUserSession: TIMRefreshListener {
    public func onRefresh() {
        NotificationCenter.default.post(name: LKWZLYUserSession.imLoginSucessNotification, object: nil)
    }

    public func onRefreshConversations(_ conversations: [TIMConversation]!) {
        NotificationCenter.default.post(name: LKWZLYUserSession.imLoginSucessNotification, object: nil)
    }
}

extension LKWZLYUserSession: TIMMessageReceiptListener {
    public func onRecvMessageReceipts(_ receipts: [Any]!) {}
}

extension LKWZLYUserSession: TIMGroupEventListener {
    /// Never called here (group events are out of this package's scope, as documented).
    public func onGroupTipsEvent(_ elem: TIMGroupTipsElem!) {}
}

extension LKWZLYUserSession: TIMMessageListener {
    public func onNewMessage(_ msgs: [Any]!) {}
}

// MARK: - WZIM pod "SweepTreasure" TIMConversation+.swift and TIMMessage+.swift by qiuqixiang (code
// index ids 33209594368, 33347238834, 33472311482, 33198337391): retroactive conformances of the
// SDK classes to the pod's protocols, with computed properties added in the extension; the pruned
// `setRead(_:succ:)` with a trailing fail closure, `send` of a force-cast message, `getMessage` with
// an `Int32(...)` count, `save(_:sender:isReaded:)`, and the message side returning the SDK's `T!`
// results as plain values (`sender()`, `msgId()`, `timestamp()`, `getConversation()`).

public typealias LKWZSucess = (() -> Void)?
public typealias LKWZFail = ((_ code: Int, _ msg: String) -> Void)?
public typealias LKWZGetMsgSucess = ((_ list: [LKWZIMMessageProtocol]) -> Void)?

extension TIMConversation: LKWZIMConversationProcotol {
    public var hunt2IsTop: Bool {
        get { return UserDefaults.standard.bool(forKey: "hunt2.im.conversation.isTop") }
        set { UserDefaults.standard.set(newValue, forKey: "hunt2.im.conversation.isTop") }
    }

    public func wzLastMessage() -> LKWZIMMessageProtocol? {
        return self.getLastMsg()
    }

    public func wzReceiverId() -> String {
        return self.getReceiver()
    }

    public func wzReadMessage(message: LKWZIMMessageProtocol?) {
        setRead(message as? TIMMessage, succ: {
        }) { (code, msg) in
            use(code, msg)
        }
    }

    public func wzGetUnReadMessageNum() -> Int {
        return Int(getUnReadMessageNum())
    }

    public func wzSendMessage(message: LKWZIMMessageProtocol, sucess: LKWZSucess, fail: LKWZFail) {
        send((message as! TIMMessage), succ: {
            sucess?()
        }) { (code, msg) in
            fail?(Int(code), msg ?? "")
        }
    }

    public func wzGetMessage(cont: Int, last: LKWZIMMessageProtocol?, sucess: LKWZGetMsgSucess, fail: LKWZFail) {
        getMessage(Int32(cont), last: last as? TIMMessage, succ: { (list) in
            let arr = list as? [LKWZIMMessageProtocol]
            sucess?(arr?.reversed() ?? [])
        }) { (code, msg) in
            fail?(Int(code), msg ?? "")
        }
    }

    public func wzSaveMessage(message: LKWZIMMessageProtocol, sender: String, isRead: Bool) {
        save((message as! TIMMessage), sender: sender, isReaded: isRead)
    }

    public func wzGetTextMessage(text: String) -> LKWZIMMessageProtocol {
        let elem = TIMTextElem()
        elem.text = text
        let message = TIMMessage()
        message.add(elem)
        return message
    }

    public func wzCreateCustom(data: Data) -> LKWZIMMessageProtocol {
        let tElem = TIMCustomElem()
        tElem.data = data
        let message = TIMMessage()
        message.add(tElem)
        return message
    }
}

public enum LKWZIMMessageStatus: Int { case sending = 1, sucess = 2, fail = 3 }

extension TIMMessage: LKWZIMMessageProtocol {
    public func wzStatus() -> LKWZIMMessageStatus {
        return LKWZIMMessageStatus.init(rawValue: status().rawValue) ?? .sucess
    }

    public func wzIsReaded() -> Bool {
        return isReaded()
    }

    public func wzRemove() -> Bool {
        return remove()
    }

    public func wzSender() -> String {
        return sender()
    }

    public func wzMessageId() -> String {
        return msgId()
    }

    public func wzTimestamp() -> Date {
        return timestamp()
    }

    public func wzGetConversation() -> LKWZIMConversationProcotol {
        return getConversation()
    }

    public func wzConvertToImportedMsg() {
        convertToImportedMsg()
    }

    public func wzSetSender(sender: String) {
        setSender(sender)
    }

    public func wzIsRight() -> Bool {
        return isSelf() ? true : false
    }
}

// MARK: - "KMTIMSDK" IMChatController.swift by Ed (code index ids 5852274429, 6315478736), 4.x with
// TUIKit: the conversation in a lazy closure property, the draft read back element by element
// (`isKind(of:)`, then cleared with `setDraft(nil)`) and saved as a `TIMMessageDraft` on leaving;
// custom elements told apart by `ext`, shown with `desc`, directed by `isSelf()`.

final class LKKMIMChatController: NSObject {
    var convId: String!
    var inputText: String? = ""

    lazy var conversation = { TIMManager.sharedInstance()?.getConversation(.GROUP, receiver: self.convId) }()

    func restoreDraft() {
        if let draft = conversation?.getDraft() {
            for i in 0..<draft.elemCount() {
                if let elem = draft.getElem(i) {
                    if elem.isKind(of: TIMTextElem.self) {
                        if let textElem = elem as? TIMTextElem {
                            inputText = textElem.text
                            conversation?.setDraft(nil)
                            break
                        }
                    }
                }
            }
        }
    }

    func saveDraft() {
        if let draft = inputText as NSString? {
            let str = draft.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines)
            let msg = TIMMessageDraft()
            let text = TIMTextElem()
            text.text = str
            msg.add(text)
            conversation?.setDraft(msg)
        } else {
            conversation?.setDraft(nil)
        }
    }

    func onNewMessage(_ data: TIMMessage!) -> String? {
        if let elem = data.getElem(0) {
            if elem.isKind(of: TIMCustomElem.self) {
                if let customElem = elem as? TIMCustomElem,
                   let json = try? JSONSerialization.jsonObject(with: customElem.data, options: .mutableContainers) {
                    use(json, data.sender())
                    if customElem.ext == "Room.DurationChanged" || customElem.ext == "Notice" {
                        return (data.isSelf() ? "out: " : "in: ") + (customElem.desc ?? "")
                    }
                }
            }
        }
        return nil
    }
}

// MARK: - "IMDemo" ChatViewController.swift by 张恒 (code index id 48498127029), 3.x/4.x with the old
// TUIKit `TChatController`: the group conversation kept in a `TIMConversation!` property, the group's
// receive option set and read with the pre-4.4.716 misspelled names `modifyReciveMessageOpt` /
// `getReciveMessageOpt`.

final class LKIMDemoChatViewController: NSObject {
    private var conversation: TIMConversation!
    var sessionId = ""

    func viewDidLoad() {
        sessionId = "g_233"
        conversation = TIMManager.sharedInstance().getConversation(.GROUP, receiver: sessionId)
        // The same call under its 4.4.716+ name compiles:
        TIMGroupManager.sharedInstance()?.modifyReceiveMessageOpt(sessionId, opt: TIMGroupReceiveMessageOpt(rawValue: 2)!, succ: {
            print("修改接收群消息选项")
        }, fail: { (code, msg) in
            print(code)
        })
    }
}

extension LKIMDemoChatViewController {
    func viewDidLoadMisspelled() {
        TIMGroupManager.sharedInstance()?.modifyReciveMessageOpt(sessionId, opt: TIMGroupReceiveMessageOpt(rawValue: 2)!, succ: {
            print("修改接收群消息选项")
        }, fail: { (code, msg) in
            print(code)
        })
    }

    func touchesBegan() {
        TIMGroupManager.sharedInstance()?.getReciveMessageOpt(sessionId, succ: { (messageOpt) in
            print(messageOpt)
        }, fail: { (code, msg) in
        })
    }
}

// MARK: - "TIMLite" by xcoderliu (code index ids 34203661506, 34115580278, 34313395618; not the
// covered trtcScenesDemo): the badge summed in `applicationDidEnterBackground` with `unRead = unRead +
// ...` into an `Int32` and reported with `doBackground`; a login view model; a chat screen that
// takes the conversation from the TUIKit cell data's type and ID.

struct LKTIMLiteConversationCellData {
    var convType: TIMConversationType = .C2C
    var convId: String! = ""
}

final class LKTIMLiteAppDelegate: NSObject {
    var badge = 0

    func applicationDidEnterBackground() {
        var unRead: Int32 = 0
        if let convs = TIMManager.sharedInstance()?.getConversationList() {
            for conv in convs {
                unRead = unRead + conv.getUnReadMessageNum()
            }
            badge = Int(unRead)

            let param = TIMBackgroundParam.init()
            param.c2cUnread = unRead
            TIMManager.sharedInstance()?.doBackground(param, succ: {
                print("set unread badge success")
            }, fail: { (code, errorDes) in
                print("set unread badge failed, code: \(code), error: \(errorDes ?? "nil")")
            })
        }
    }

    func login(user: String, userSig: String) {
        assert(user.count > 0 || userSig.count > 0)
        let loginParam = TIMLoginParam.init()
        loginParam.identifier = user
        loginParam.userSig = userSig
        TIMManager.sharedInstance()?.login(loginParam, succ: {
            print("login success")
        }, fail: { (code, errorDes) in
            print("login failed, code:\(code), error: \(errorDes ?? "nil")")
        })
    }

    func chatConversation(_ convData: LKTIMLiteConversationCellData) -> TIMConversation? {
        let conv = TIMManager.sharedInstance()?.getConversation(convData.convType, receiver: convData.convId)
        return conv
    }
}

// MARK: - "wawajilive" React Native module TimManager.swift by wuxudong (code index id 21533363823),
// 3.x (`accountType`, Swift 4 era): the shared manager kept in a `TIMManager!` stored property, a
// storage-less user config, `add(self)` right after `initSdk`, login with `appidAt3rd` and a trailing
// fail closure, text elements walked with `0..<elemCount()` and `elem is TIMTextElem`. (Its
// `TIMGroupListener`, `groupListener` and `enableGroupAssistant` are group features: see the report.)

final class LKWawajiIMEngine: NSObject, TIMMessageListener {
    let timManger: TIMManager! = TIMManager.sharedInstance()
    var appid: Int32 = 0
    var events: [[String: String]] = []

    func initIM(appid: Int32, accountType: Int) {
        let config = TIMSdkConfig()
        let userConfig = TIMUserConfig()
        userConfig.disableStorage = true
        self.appid = appid
        config.sdkAppId = appid
        config.accountType = String(accountType)
        let initRes = timManger.initSdk(config)
        timManger.setUserConfig(userConfig)
        timManger.add(self)
        print("init res \((initRes, appid))")  // Swift 4 tuple interpolation, parenthesized for Swift 5
    }

    func login(identify: NSString, userSig: NSString, resolve: @escaping (Any?) -> Void) {
        let login_param = TIMLoginParam()
        login_param.identifier = identify as String
        login_param.userSig = userSig as String
        login_param.appidAt3rd = String(appid)
        timManger.login(login_param, succ: {
            resolve("success")
        }) { (error, message) in
            print("init login \((error, message as Any))")
        }
    }

    func onNewMessage(_ msgs: [Any]!) {
        for index in msgs {
            let message = index as! TIMMessage
            for i in 0..<message.elemCount() {
                let elem = message.getElem(i)
                if (elem is TIMTextElem) {
                    let text_elem = elem as! TIMTextElem
                    events.append(["type": "onMessage", "msg": text_elem.text!])
                }
            }
        }
    }
}

// MARK: - "IMSDKSwiftDemo" ViewController.swift by edz (code index id 6157580478), 5.x legacy
// framework: `import ImSDK` alone, a `TIMLoginParam` used only to carry the `String!` identifier and
// signature into the V2 login, then a pre-annotation V2 text send.

final class LKEdzViewController: NSObject {
    func login(userSig: String) {
        let parm = TIMLoginParam.init()
        parm.identifier = "55"
        parm.userSig = userSig
        V2TIMManager.sharedInstance()?.login(parm.identifier, userSig: parm.userSig, succ: {
            print("登录成功")
        }, fail: { (Int32, _: String?) in
            print("登录失败")
        })
    }

    func sendMessage() {
        let msg = V2TIMManager.sharedInstance()?.createTextMessage("hello")
        V2TIMManager.sharedInstance()?.send(msg, receiver: "66", groupID: nil, priority: V2TIMMessagePriority.PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: {
            print("消息发送成功")
        }, fail: { (Int32, _: String?) in
            print("消息发送失败")
        })
    }
}
