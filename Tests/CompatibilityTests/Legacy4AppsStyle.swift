import Foundation
import ImSDK

// Legacy call shapes of more public Swift code (3.x/4.x apps and demos, found on 2026-11-29), each
// in the style of its source (named above it), not copied. Compiled, never run. The shapes at the
// end did not compile before this date (`groupManager()`, `setPriority`, `getVersion`,
// `getLogPath`, `save(_:sender:isReaded:)`, `autoLogin`).

// MARK: - Vendor "trtcScenesDemo" TRTCLiveRoomIMAction.swift by xcoderliu (code index id 37244672980):
// a static IM wrapper; the init result compared with 0, a listener typed as a composition with the
// group-event listener, the login user compared, custom + text elements in one message, the trailing
// fail closure of send.

enum Legacy4AppsLiveRoomIMAction {
    typealias Callback = (_ code: Int, _ message: String?) -> Void

    static func setupSdk(sdkAppId: Int32, messageLister: TIMMessageListener & TIMGroupEventListener) -> Bool {
        let config = TIMSdkConfig()
        config.sdkAppId = sdkAppId
        config.dbPath = NSHomeDirectory() + "/Documents/com_tencent_imsdk_data/"
        let result = TIMManager.sharedInstance()?.initSdk(config)
        if result != 0 {
            return false
        }
        TIMManager.sharedInstance()?.add(messageLister)
        let userConfig = TIMUserConfig()
        userConfig.groupEventListener = messageLister
        TIMManager.sharedInstance()?.setUserConfig(userConfig)
        return true
    }

    static func releaseSdk() {
        TIMManager.sharedInstance()?.unInit()
    }

    static func login(userID: String, userSig: String, callback: Callback?) {
        if TIMManager.sharedInstance()?.getLoginUser() == userID {
            callback?(0, "")
            return
        }
        let params = TIMLoginParam()
        params.identifier = userID
        params.userSig = userSig
        TIMManager.sharedInstance()?.login(params, succ: {
            callback?(0, "")
        }, fail: { (code, errorDes) in
            callback?(Int(code), errorDes)
        })
    }

    enum ConvType {
        case user(_ userID: String)
        case group(_ groupID: String, text: String?)
    }

    static func conversation(of convType: ConvType) -> TIMConversation? {
        switch convType {
        case .user(let userID):
            return TIMManager.sharedInstance()?.getConversation(.C2C, receiver: userID)
        case .group(let groupID, _):
            return TIMManager.sharedInstance()?.getConversation(.GROUP, receiver: groupID)
        }
    }

    static func sendMessage(data: [String: Any], convType: ConvType, callback: Callback?) {
        guard let conv = conversation(of: convType) else {
            callback?(-1, "")
            return
        }
        guard let jsonData = try? JSONSerialization.data(withJSONObject: data, options: []) else { return }
        let message = TIMMessage()
        let customElement = TIMCustomElem()
        customElement.data = jsonData
        message.add(customElement)
        if case .group(_, let messageText) = convType, let text = messageText {
            let textElement = TIMTextElem()
            textElement.text = text
            message.add(textElement)
        }
        conv.send(message, succ: {
            callback?(0, "Send successfully")
        }) { (code, error) in
            debugPrint("send message error \(code) \(error ?? "")")
            callback?(-1, "")
        }
    }
}

// MARK: - "RealTimeDemo" TIMKit.swift (code index id 25062179978): the manager kept in a stored
// property (`TIMManager!`) and used with `?.`; the login status compared through the optional; a
// logout with `fail: nil`; elements read in a loop over `0..<elemCount()`; `String?` listener spellings.

final class Legacy4AppsTIMKit: NSObject {
    let instance = TIMManager.sharedInstance()
    private let param = TIMLoginParam()
    var received: [String] = []

    init(account: String, sign: String, appId: UInt32, probeOnly: Bool = false) {
        super.init()
        param.identifier = account
        param.userSig = sign
        if !probeOnly { initSDK(appId: appId) }
    }

    func initSDK(appId: UInt32) {
        let sdkConfig = TIMSdkConfig()
        sdkConfig.sdkAppId = Int32(appId)
        sdkConfig.connListener = self
        let userConfig = TIMUserConfig()
        userConfig.userStatusListener = self
        instance?.initSdk(sdkConfig)
        instance?.setUserConfig(userConfig)
        instance?.add(self)
    }

    func login() {
        instance?.login(param, succ: { [weak self] in
            guard let `self` = self else { return }
            self.received.append("login")
        }, fail: { [weak self] _, _ in
            guard let `self` = self else { return }
            self.received.append("login failed")
        })
    }

    func sendMessage(msg: String, receiverIds: Set<String>) {
        let message = TIMMessage()
        let elem = TIMTextElem()
        elem.text = msg
        message.add(elem)
        for receiverId in receiverIds {
            let con = instance?.getConversation(.C2C, receiver: receiverId)
            con?.sendOnlineMessage(message, succ: { [weak self] in
                self?.received.append("sent \(receiverId)")
            }, fail: { [weak self] _, _ in
                self?.received.append("failed \(receiverId)")
            })
        }
    }

    func logout() {
        let status = instance?.getLoginStatus()
        if status == .STATUS_LOGINED || status == .STATUS_LOGINING {
            instance?.logout({ [weak self] in
                self?.received.append("exit")
            }, fail: nil)
        }
    }

    fileprivate func processMessage(message: TIMMessage) {
        let sender = message.sender() ?? ""
        let count = message.elemCount()
        for i in 0..<count {
            if let elem = message.getElem(i) as? TIMTextElem {
                parseMsgId(sender: sender, msg: elem.text)
            }
        }
    }

    private func parseMsgId(sender: String, msg: String?) {
        guard let msg = msg else { return }
        received.append("\(sender): \(msg)")
    }
}

extension Legacy4AppsTIMKit: TIMMessageListener {
    func onNewMessage(_ msgs: [Any]) {
        received.append("onNewMessage \(msgs.count)")  // probe marker (not in the source)
        guard let messages = msgs as? [TIMMessage] else { return }
        for item in messages {
            if item.isSelf() { continue }
            processMessage(message: item)
        }
    }
}

extension Legacy4AppsTIMKit: TIMUserStatusListener {
    func onForceOffline() { received.append("forceOffline") }
    func onReConnFailed(_ code: Int32, err: String?) { received.append("reConnFailed \(err ?? "")") }
    func onUserSigExpired() { received.append("sigExpired") }
}

extension Legacy4AppsTIMKit: TIMConnListener {
    func onConnecting() { received.append("connecting") }
    func onConnSucc() { received.append("connSucc") }
    func onConnFailed(_ code: Int32, err: String?) { received.append("connFailed \(err ?? "")") }
    func onDisconnect(_ code: Int32, err: String?) { received.append("disconnect \(err ?? "")") }
}

// MARK: - "Live" app MsgHandler.swift by lieon (code index id 44644582928), a 3.x-era chat room:
// `add(self)` in init, a switch over `getConversation().getType()` covering C2C, GROUP and SYSTEM
// without default, `guard let` on an element, `isKind(of:)`, a conversation kept in a `TIMConversation?`.

final class Legacy4AppsMsgHandler: NSObject {
    var received: [String] = []
    fileprivate var chatRoomConvsersation: TIMConversation?
    fileprivate var groupID: String?

    init(probeOnly: Bool) {
        super.init()
        if !probeOnly { TIMManager.sharedInstance().add(self) }
    }

    func sendMessage(content: String) {
        let textElement = TIMTextElem()
        textElement.text = content
        let msg = TIMMessage()
        msg.add(textElement)
        if let conversation = chatRoomConvsersation {
            conversation.send(msg, succ: {
                debugPrint("sendMessage success")
            }, fail: { (errorCode, errorMssage) in
                debugPrint("sendMessage failed, code:\(errorCode), errmsg\(String(describing: errorMssage))")
            })
        }
    }

    fileprivate func swithToliveRoom(with groupID: String) {
        self.groupID = groupID
        chatRoomConvsersation = TIMManager.sharedInstance().getConversation(TIMConversationType.GROUP, receiver: groupID)
    }
}

extension Legacy4AppsMsgHandler: TIMMessageListener {
    func onNewMessage(_ msgs: [Any]!) {
        received.append("onNewMessage")  // probe marker (not in the source)
        guard let messages = msgs as? [TIMMessage] else {
            return
        }
        messages.forEach { messgae in
            let conType = messgae.getConversation().getType()
            switch conType {
            case .C2C:
                break
            case .GROUP:
                if messgae.getConversation().getReceiver() == self.groupID {
                    for i in 0 ..< messgae.elemCount() {
                        guard let element = messgae.getElem(i) else { continue }
                        if element.isKind(of: TIMTextElem.self) {
                            if let textElement = element as? TIMTextElem, let messageText = textElement.text {
                                received.append(messageText)
                            }
                        }
                    }
                }
            case .SYSTEM:
                break
            }
        }
    }
}

// MARK: - "TIMKitDemo" AppDelegate.swift and MessagesViewModel.swift by ryan/windbird (code index ids
// 6304655303, 6167332557): the app extends TIMManager with a computed property, TIMConversation with
// its own `sendMessage(_:)`, forwards `getMessage` / `getLocalMessage` through escaping closure
// parameters of the SDK's callback types, and pages from `messages.first ?? getLastMsg()`.

enum Legacy4AppsConnectStatus { case connecting, success, failed, disconnect }

extension TIMManager {
    private struct Legacy4AppsConnectStatusHolder {
        nonisolated(unsafe) static var status: Legacy4AppsConnectStatus = .connecting
    }

    var legacy4AppsConnectStatus: Legacy4AppsConnectStatus {
        get { return Legacy4AppsConnectStatusHolder.status }
        set { Legacy4AppsConnectStatusHolder.status = newValue }
    }
}

final class Legacy4AppsTIMKitDemoAppDelegate: NSObject, TIMConnListener {
    func start() {
        let config = TIMSdkConfig()
        config.sdkAppId = 1400255804
        config.disableLogPrint = true
        config.connListener = self
        TIMManager.sharedInstance()?.initSdk(config)
    }

    func onConnecting() { TIMManager.sharedInstance()?.legacy4AppsConnectStatus = .connecting }
    func onConnSucc() { TIMManager.sharedInstance()?.legacy4AppsConnectStatus = .success }
    func onConnFailed(_ code: Int32, err: String!) {
        TIMManager.sharedInstance()?.legacy4AppsConnectStatus = .failed
        debugPrint("连接失败,错误码\(code)，错误描述 -> \(err ?? "无")")
    }
    func onDisconnect(_ code: Int32, err: String!) {
        TIMManager.sharedInstance()?.legacy4AppsConnectStatus = .disconnect
        disconnects += 1  // probe counter (not in the source)
    }
    var disconnects = 0
}

struct Legacy4AppsTICResult {
    var code: Int32
    var desc: String?
}

extension TIMConversation {
    func sendMessage(_ message: TIMMessage, completion: @escaping (Legacy4AppsTICResult) -> Void) {
        send(message, succ: {
            completion(Legacy4AppsTICResult(code: 0, desc: "消息发送成功"))
        }) { (code, desc) in
            completion(Legacy4AppsTICResult(code: code, desc: desc))
        }
    }
}

final class Legacy4AppsMessagesViewModel {
    private(set) var conversation: TIMConversation
    private(set) lazy var messages: [TIMMessage] = Array()
    private(set) var hasMoreMessages: Bool = true
    var online = true

    init(conversation: TIMConversation) {
        self.conversation = conversation
    }

    private func getMessage(_ count: Int32, last: TIMMessage?, succ: @escaping TIMGetMsgSucc, fail: @escaping TIMFail) {
        if !online {
            conversation.getLocalMessage(count, last: last, succ: succ, fail: fail)
        } else {
            conversation.getMessage(count, last: last, succ: succ, fail: fail)
        }
    }

    func loadMessages(completion: @escaping (Legacy4AppsTICResult) -> Void) {
        let lastMsg = messages.first ?? conversation.getLastMsg()
        getMessage(20, last: lastMsg, succ: { [weak self] msgs in
            if let self = self, let msgs = msgs as? [TIMMessage] {
                self.hasMoreMessages = msgs.count >= 20
                self.messages = msgs
                if self.messages.first == msgs.last {
                    self.hasMoreMessages = false
                    self.messages = []
                }
                self.messages.reverse()
                completion(Legacy4AppsTICResult(code: 0, desc: "消息拉取成功"))
            }
        }, fail: { (code, desc) in
            completion(Legacy4AppsTICResult(code: code, desc: desc ?? "消息拉取失败"))
        })
    }

    func send(_ msg: TIMMessage, completion: @escaping (Legacy4AppsTICResult) -> Void) {
        conversation.sendMessage(msg, completion: completion)
    }

    func message(in messageList: [TIMMessage], after message: TIMMessage) -> TIMMessage? {
        guard let index = messageList.firstIndex(of: message), index + 1 < messageList.count else { return nil }
        return messageList[index + 1]
    }
}

// MARK: - JiangJuHong/FlutterTencentImPlugin, the last legacy version (commit 04ba82a, 2020-08-07):
// ios/Classes/entity/MessageEntity.swift, entity/MessageLocatorEntity.swift, utils/TencentImUtil.swift
// and SwiftTencentImPlugin.swift (revoke, remove, custom int / data). Shapes not in Legacy4xStyle.

final class Legacy4AppsMessageEntity {
    var id: String?
    var seq: UInt64?
    var rand: UInt64?
    var uniqueId: UInt64?
    var peerReaded: Bool?
    var read: Bool?
    var isSelf: Bool?
    var customInt: Int32?
    var customStr: String?
    var timestamp: Date?
    var sender: String?
    var sessionId: String?
    var sessionType: Int?
    var status: Int?
    var elemTypes: [String] = []

    init(message: TIMMessage) {
        self.id = message.msgId()
        self.seq = message.locator()?.seq
        self.rand = message.locator()?.rand
        self.uniqueId = message.uniqueId()
        self.peerReaded = message.isPeerReaded()
        self.read = message.isReaded()
        self.isSelf = message.isSelf()
        self.customInt = message.customInt()
        self.customStr = String(data: message.customData()!, encoding: String.Encoding.utf8)
        self.timestamp = message.timestamp()
        self.sender = message.sender()
        self.sessionId = message.getConversation().getReceiver()
        self.sessionType = (message.getConversation()?.getType())!.rawValue
        self.status = message.status().rawValue
        if message.elemCount() > 0 {
            for index in 0..<message.elemCount() {
                elemTypes.append(String(describing: type(of: message.getElem(index)!)))
            }
        }
    }
}

struct Legacy4AppsMessageLocatorEntity {
    var timestamp: Int
    var seq: UInt64
    var rand: UInt64
    var isSelf: Bool
    var sessionType: Int
    var sid: String?
    var isRevokedMsg: Bool

    init(locator: TIMMessageLocator) {
        timestamp = locator.time
        seq = locator.seq
        rand = locator.rand
        isSelf = locator.isSelf
        sessionType = locator.sessType.rawValue
        sid = locator.sessId
        isRevokedMsg = locator.isFromRevokeNotify
    }
}

enum Legacy4AppsJiangJuHongLegacy {
    static func findMessage(session: TIMConversation, seq: Any, rand: Any, isSelf: Any?, timestamp: Any?,
                            onCallback: @escaping (TIMMessage?) -> Void, fail: @escaping TIMFail) {
        let locator = TIMMessageLocator()
        locator.seq = seq as! UInt64
        locator.rand = rand as! UInt64
        locator.isSelf = isSelf == nil || (isSelf as! Bool)
        if let timestamp = timestamp {
            locator.time = time_t(timestamp as! UInt64)
        }
        session.findMessages([locator], succ: { array in
            onCallback(array?.first as? TIMMessage)
        }, fail: fail)
    }

    static func revokeMessage(_ message: TIMMessage?, result: @escaping (Any?) -> Void, fail: @escaping TIMFail) {
        message!.getConversation()!.revokeMessage(message, succ: {
            result(nil)
            if message?.getConversation()!.getType() == TIMConversationType.C2C {
                result(Legacy4AppsMessageLocatorEntity(locator: message!.locator()))
            }
        }, fail: fail)
    }

    static func removeMessage(_ message: TIMMessage?, result: (Any?) -> Void) {
        result(message!.remove())
    }

    static func setCustom(_ message: TIMMessage?, int value: Int32, str: String) {
        message!.setCustomInt(value)
        message!.setCustomData(str.data(using: String.Encoding.utf8))
    }

    static func deleteLocalMessage(type: Int, sessionId: String, result: (Any?) -> Void) {
        result(TIMManager.sharedInstance()?.deleteConversationAndMessages(TIMConversationType(rawValue: type)!, receiver: sessionId))
    }
}


// MARK: - Squads (squadss/squad-ios-New) Squads/Business/Squad/Reactor/SquadReactor.swift and the legacy
// ConversationManager.swift of earlier commits: the login status compared with the enum's full name, the
// whole list read with `if let`, a legacy handle taken with `guard let`, a read report with a message.

enum Legacy4AppsSquads {
    static func isLoggedIn() -> Bool {
        TIMManager.sharedInstance()?.getLoginStatus() == TIMLoginStatus.STATUS_LOGINED
    }

    static func badge() -> Int {
        var unread = 0
        if let conversations = TIMManager.sharedInstance()?.getConversationList() {
            for conversation in conversations where conversation.getType() != .SYSTEM {
                unread += Int(conversation.getUnReadMessageNum())
            }
        }
        return unread
    }

    static func holdChat(with type: TIMConversationType, id: String) -> TIMConversation? {
        guard let loginId = TIMManager.sharedInstance().getLoginUser(), !loginId.isEmpty else { return nil }
        guard let conversation = TIMManager.sharedInstance().getConversation(type, receiver: id) else {
            return nil
        }
        return conversation
    }

    static func alreadyRead(_ conversation: TIMConversation, message: TIMMessage? = nil) {
        conversation.setRead(message, succ: {
        }, fail: { (code, str) in
            use(code, str)
        })
    }

    static func received(_ anys: [Any]!) -> [TIMMessage] {
        guard let messages = anys as? Array<TIMMessage> else { return [] }
        return messages.filter { !$0.isSelf() }
    }
}

// MARK: - Shapes that did not compile before 2026-11-29

// vendor trtcScenesDemo TRTCLiveRoomIMAction.swift (code index id 37244672980), also Squads
// JoinSquadReactor.swift / WelcomeReactor.swift (`let groupManager = TIMManager.sharedInstance()?.groupManager()`):
// (4.x TIMManager+MsgExt.h: `- (TIMGroupManager*)groupManager;`; ours has only TIMGroupManager.sharedInstance())
enum Legacy4AppsGroupManagerAccessor {
    static let manager = TIMManager.sharedInstance()!.groupManager()!
    static func mute(_ groupID: String) {
        let groupManager = TIMManager.sharedInstance()?.groupManager()
        groupManager?.modifyReceiveMessageOpt(groupID, opt: .GROUP_RECEIVE_NOT_NOTIFY_MESSAGE, succ: {}, fail: { _, _ in })
    }
}

// vendor trtcScenesDemo TRTCLiveRoomIMAction.swift (code index id 37244672980):
// (4.x TIMMessage.h: `- (void)setPriority:(TIMMessagePriority)priority;`, MSG_PRIORITY_HIGH/NORMAL/LOW/LOWEST)
enum Legacy4AppsPriority {
    enum ConvType {
        case group(_ groupID: String, text: String?, priority: TIMMessagePriority = .MSG_PRIORITY_NORMAL)
    }
    static func send(_ message: TIMMessage, convType: ConvType) {
        if case .group(_, _, let priority) = convType {
            message.setPriority(priority)
        }
        message.setPriority(.MSG_PRIORITY_LOWEST)
        message.setPriority(.MSG_PRIORITY_HIGH)
    }
}

// xcoderliu/TIMLite TIMLite/AppDelegate+IM.swift (code index id 34357907361), also a TUICalling helper
// (code index id 11157859048: `"\(TIMManager.sharedInstance()?.getVersion() ?? "0.0.1")-..."`):
// (4.x TIMManager.h: `- (NSString*)GetVersion;`, Swift `getVersion()`; ours has it on V2TIMManager only)
func legacy4AppsVersion() -> String {
    "Version:  \(TIMManager.sharedInstance()?.getVersion() ?? "1.0")"
}

// "RealTimeDemo" TIMKit.swift (code index id 25062179978):
// (4.x TIMManager.h: `- (NSString*)getLogPath;`)
func legacy4AppsLogPath(_ instance: TIMManager!) -> String {
    return instance?.getLogPath() ?? ""
}

// JiangJuHong/FlutterTencentImPlugin ios/Classes/message/AbstractMessageNode.swift (commit 04ba82a):
// (3.x/4.x `- (int)saveMessage:(TIMMessage*)msg sender:(NSString*)sender isReaded:(BOOL)isReaded;`,
// Swift `save(_:sender:isReaded:)`; ours has importMessages / convertToImportedMsg / setSender only)
func legacy4AppsSaveMessage(conversation: TIMConversation, message: TIMMessage, sender: String, isReaded: Bool) -> TIMMessage {
    conversation.save(message, sender: sender, isReaded: isReaded)
    return message
}

// Squads (squadss/squad-ios-New) Squads/Business/Squad/Reactor/SquadReactor.swift (code index id 28385303795):
// (4.x TIMManager.h: `- (int)autoLogin:(NSString*)userID succ:(TIMLoginSucc)succ fail:(TIMFail)fail;`)
func legacy4AppsAutoLogin(userId: String, done: @escaping (String?) -> Void) {
    if TIMManager.sharedInstance()?.getLoginStatus() == TIMLoginStatus.STATUS_LOGINED {
        done(nil)
        return
    }
    TIMManager.sharedInstance()?.autoLogin(userId, succ: {
        done(nil)
    }, fail: { (code, message) in
        done(message ?? "未知错误")
    })
}
