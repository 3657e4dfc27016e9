import Foundation
import ImSDK_Plus

// Call shapes of public V2 Swift code around the messages that feed the conversation list: message
// listeners (new, revoked, C2C read receipts, group read receipts), simple-message listeners, SDK
// listeners, creating and sending text/custom/@ messages, histories, revokes, deletes, reads, and
// the `V2TIMMessage` properties that code reads. Found on 2026-11-29; each source is named above its
// section and written in its style, not copied. Compiled, never run. Before that day, the shapes
// reading `cloudCustomData`, `V2TIMElem.next()` and `createTextAtMessage` with an `NSMutableArray`
// did not compile, and the listener methods marked "called since 2026-11-29" compiled and were
// never called (Swift matches a method to a requirement only when each parameter's `!`, `?` or
// neither agrees); `ListenerSpellingTests` and `RevokeTests` check that they are called.

typealias MLFail = (Int32, String?) -> Void

// MARK: - Squads (squadss/squad-ios-New) Squads/.../ChattingViewController.swift (code index id 28167843820)
//
// V2 5.x, pre-annotation: a MessageKit chat screen for one group. The message listener added and
// removed with the pruned `add(_:)` / `remove(_:)` through `sharedInstance()?`, the group history
// paged with the oldest message kept as the cursor, `send(_:receiver:groupID:...)` with push info,
// IUO message properties read as plain values. (The source is a `UIViewController`; an `NSObject`
// here, UIKit being absent on Linux.)

/// Squads `MessageElem`: a wrapper ordered by the message time, the text read through `textElem.text!`.
final class MLSquadsMessageElem: Comparable {
    let timMessage: V2TIMMessage

    init(timMessage: V2TIMMessage) {
        self.timMessage = timMessage
    }

    var description: String {
        switch timMessage.elemType {
        case .ELEM_TYPE_TEXT:
            let text = timMessage.textElem.text!
            return text
        case .ELEM_TYPE_SOUND: return "[Audio]"
        case .ELEM_TYPE_VIDEO: return "[Video]"
        case .ELEM_TYPE_IMAGE: return "[Photo]"
        case .ELEM_TYPE_FILE: return "[File]"
        case .ELEM_TYPE_FACE: return "[Face]"
        case .ELEM_TYPE_LOCATION: return "[Location]"
        case .ELEM_TYPE_NONE: return "[Unknown]"
        case .ELEM_TYPE_CUSTOM: return "[Unknown]"
        case .ELEM_TYPE_GROUP_TIPS: return "[Unknown]"
        default: return "[Unknown]"
        }
    }

    // Squads: `senderId: String` from the IUO `sender`; nickname and face URL defaulted with `??`.
    var senderTriple: (senderId: String, displayName: String, avatar: String?) {
        (timMessage.sender, timMessage.nickName ?? "unknown", timMessage.faceURL ?? "")
    }

    var messageId: String { timMessage.msgID }
    var sentDate: Date { timMessage.timestamp as Date }

    static func == (lhs: MLSquadsMessageElem, rhs: MLSquadsMessageElem) -> Bool {
        lhs.timMessage.msgID == rhs.timMessage.msgID
    }

    static func < (lhs: MLSquadsMessageElem, rhs: MLSquadsMessageElem) -> Bool {
        lhs.timMessage.timestamp.timeIntervalSince1970 < rhs.timMessage.timestamp.timeIntervalSince1970
    }
}

final class MLSquadsChattingScreen: NSObject {
    var groupId: String? = "group"
    private var flagMessage: V2TIMMessage?
    private(set) var messageList: [MLSquadsMessageElem] = []

    func viewWillAppear() {
        V2TIMManager.sharedInstance()?.add(self)
    }

    func viewDidAppear() {
        if let groupId {
            V2TIMManager.sharedInstance()?.markGroupMessage(asRead: groupId, succ: {
            }, fail: { (code, message) in
                use(code, message)
            })
        }
    }

    func viewWillDisappear() {
        V2TIMManager.sharedInstance()?.remove(self)
    }

    func insertMessages(_ data: [Any], successCompletion: @escaping (MLSquadsMessageElem) -> Void) {
        for component in data {
            if let str = component as? String {
                if let message = V2TIMManager.sharedInstance()?.createTextMessage(str) {
                    sendMessage(message: message, successCompletion: successCompletion)
                }
            }
        }
    }
}

extension MLSquadsChattingScreen: V2TIMAdvancedMsgListener {
    func loadMessages(groupId: String, isFirst: Bool) {
        V2TIMManager.sharedInstance()?.getGroupHistoryMessageList(groupId, count: 20, lastMsg: self.flagMessage, succ: { (list) in
            guard let list = list, !list.isEmpty else {
                return
            }
            if let message = list.last {
                self.flagMessage = message
            }
            var newList = Array<MLSquadsMessageElem>()
            for msg in list {
                newList.append(MLSquadsMessageElem(timMessage: msg))
            }
            self.messageList = isFirst ? newList.sorted() : newList.sorted() + self.messageList
        }, fail: { (code, message) in
            use(code, message ?? "unknown error")
        })
    }

    private func sendMessage(message: V2TIMMessage, successCompletion: @escaping (MLSquadsMessageElem) -> Void) {
        guard let groupId else { return }
        let pushInfo = V2TIMOfflinePushInfo()
        pushInfo.title = "\(groupId) sent a message"
        pushInfo.desc = "content: \(message.description)"

        V2TIMManager.sharedInstance()?.send(message, receiver: nil,
                                            groupID: groupId,
                                            priority: .PRIORITY_DEFAULT,
                                            onlineUserOnly: false,
                                            offlinePushInfo: pushInfo,
                                            progress: { _ in },
                                            succ: {
            if self.flagMessage == nil {
                self.flagMessage = message
            }
            let message = MLSquadsMessageElem(timMessage: message)
            successCompletion(message)
        }, fail: { (code, message) in
            use(code, message ?? "send failed")
        })
    }

    func onRecvNewMessage(_ msg: V2TIMMessage!) {
        guard let groupId, msg.groupID == groupId else { return }
        messageList.append(MLSquadsMessageElem(timMessage: msg))
    }

    func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]!) {}

    func onRecvMessageRevoked(_ msgID: String!) {}
}

// MARK: - "Tanya AI" TencentChatSessionAdapter.swift (code index ids 70879248894 C2C, 71648549472 group)
//
// The vendor's Swift-native SDK (`import ImSDK_Plus_Swift`, no module-qualified names): a bot
// session, a plain class (no NSObject) adopting the message listener in an extension; the C2C or
// group history first, new messages parked meanwhile; `createTextMessage(text:)` bound with
// `guard let`; `_ = sendMessage(...)` with nil succ. (The source hops to the main queue with
// `DispatchQueue.main.async` capturing the message; left out here: this target builds in Swift 6
// mode, where that capture of a non-Sendable value is an error whatever the SDK.)

enum MLTanyaEvent {
    case failed(Error)
    case history([String])
    case connected
}

struct MLTanyaError: Error {
    let code: Int
    let message: String?
}

final class MLTanyaSessionAdapter {
    var onEvent: ((MLTanyaEvent) -> Void)?
    private let botUserID: String
    private let groupID: String?
    private let manager = V2TIMManager.shared
    private var isActive = false
    private var isLoadingHistory = false
    private var pendingMessages: [V2TIMMessage] = []
    var knownIdentifiers = Set<String>()

    init(botUserID: String, groupID: String? = nil) {
        self.botUserID = botUserID
        self.groupID = groupID
    }

    func connect() {
        guard !isActive else { return }
        guard manager.getLoginUser() != nil else {
            onEvent?(.failed(MLTanyaError(code: -1, message: "not logged in")))
            return
        }
        isActive = true
        isLoadingHistory = true
        manager.addAdvancedMsgListener(listener: self)
        manager.getC2CHistoryMessageList(
            userID: botUserID,
            count: 20,
            lastMsg: nil,
            succ: { [weak self] messages in
                self?.finishHistory(messages ?? [])
            },
            fail: { [weak self] _, _ in
                self?.finishHistory([])
            }
        )
        if let groupID {
            manager.getGroupHistoryMessageList(
                groupID: groupID,
                count: 20,
                lastMsg: nil,
                succ: { [weak self] messages in
                    self?.finishHistory(messages ?? [])
                },
                fail: { [weak self] _, _ in
                    self?.finishHistory([])
                }
            )
        }
    }

    // The source hands the history straight to a `[V2TIMMessage]` parameter: the Swift-native SDK's
    // callback gives a non-optional array, the Objective-C SDK's (and this package's) an optional
    // one. A known exception (README, compatibility).

    func send(text: String) {
        guard isActive else { return }
        guard let message = manager.createTextMessage(text: text) else {
            onEvent?(.failed(MLTanyaError(code: -1, message: "message creation failed")))
            return
        }
        _ = manager.sendMessage(
            message: message,
            receiver: groupID == nil ? botUserID : nil,
            groupID: groupID,
            priority: .V2TIM_PRIORITY_NORMAL,
            onlineUserOnly: false,
            offlinePushInfo: nil,
            progress: nil,
            succ: nil,
            fail: { [weak self] code, description in
                self?.onEvent?(.failed(MLTanyaError(code: Int(code), message: description)))
            }
        )
    }

    func disconnect() {
        guard isActive else { return }
        isActive = false
        manager.removeAdvancedMsgListener(listener: self)
        pendingMessages.removeAll()
        onEvent = nil
    }

    private func finishHistory(_ messages: [V2TIMMessage]) {
        guard isActive else { return }
        let ordered = Array(messages.reversed())
        let history = ordered.compactMap { message -> String? in
            guard message.userID == botUserID || message.groupID == groupID else { return nil }
            knownIdentifiers.insert(message.msgID)
            return message.textElem?.text
        }
        onEvent?(.history(history))
        isLoadingHistory = false
        onEvent?(.connected)
        let pending = pendingMessages
        pendingMessages.removeAll()
        pending.forEach(handleIncoming)
    }

    private func handleIncoming(_ message: V2TIMMessage) {
        guard isActive, message.userID == botUserID,
              !message.isSelf, !knownIdentifiers.contains(message.msgID) else { return }
        knownIdentifiers.insert(message.msgID)
    }
}

extension MLTanyaSessionAdapter: V2TIMAdvancedMsgListener {
    func onRecvNewMessage(msg: V2TIMMessage) {
        guard isActive, msg.userID == botUserID || msg.groupID == groupID else { return }
        if isLoadingHistory {
            if pendingMessages.count >= 100 { pendingMessages.removeFirst() }
            pendingMessages.append(msg)
        } else {
            handleIncoming(msg)
        }
    }
}

// MARK: - "Mitee" CCIMManager.swift by kongfanhu (code index id 29897436548)
//
// V2 5.x, pre-annotation: one singleton for the SDK, simple, conversation and message listeners
// (signaling and group listeners left out: out of scope); `unInitSDK` before `initSDK`, the pruned
// `add(self)` for an object that is both SDK and message listener; unlabelled simple sends with
// trailing closures; the group history and the total with app callback types.

typealias MLMiteeSuccess = () -> Void
typealias MLMiteeFail = (Int32, String?) -> Void

final class MLMiteeIMManager: NSObject {
    nonisolated(unsafe) static let shared = MLMiteeIMManager()
    private(set) var events: [String] = []

    private lazy var imManager: V2TIMManager = {
        let instance: V2TIMManager = V2TIMManager.sharedInstance()
        return instance
    }()

    func initSDK(appID: Int32) -> Bool {
        self.imManager.unInitSDK()
        let config = V2TIMSDKConfig()
        config.logLevel = V2TIMLogLevel.LOG_NONE
        let result = self.imManager.initSDK(appID, config: config)
        self.imManager.addSimpleMsgListener(listener: self)
        self.imManager.addConversationListener(listener: self)
        self.imManager.addAdvancedMsgListener(listener: self)
        self.imManager.add(self)
        return result
    }

    func login(userId: String, userSig: String, success: @escaping MLMiteeSuccess, fail: @escaping MLMiteeFail) {
        if imManager.getLoginStatus() == .STATUS_LOGOUT {
            imManager.login(userId, userSig: userSig) {
                success()
            } fail: { failCode, desc in
                fail(Int32(Int(failCode)), desc)
            }
        }
    }

    func sendGroupTextMessage(groupId: String, msg: String, success: @escaping MLMiteeSuccess, fail: @escaping MLMiteeFail) {
        self.imManager.sendGroupTextMessage(msg, to: groupId, priority: .PRIORITY_HIGH) {
            success()
        } fail: { errCode, desc in
            fail(errCode, desc)
        }
    }

    func sendC2CTextMessage(_ text: String, userID: String, succ: MLMiteeSuccess?, fail: MLMiteeFail?) {
        self.imManager.sendC2CTextMessage(text, to: userID, succ: succ, fail: fail)
    }

    func getGroupHistory(_ groupId: String, count: Int32, lastMsg: V2TIMMessage?, succ: V2TIMMessageListSucc?, fail: MLMiteeFail?) {
        self.imManager.getGroupHistoryMessageList(groupId, count: count, lastMsg: nil, succ: succ, fail: fail)
    }

    func getTotalUnreadMessageCount(_ succes: V2TIMTotalUnreadMessageCountSucc?, fail: V2TIMFail?) {
        self.imManager.getTotalUnreadMessageCount { count in
            succes?(count)
        } fail: { code, desc in
            fail?(code, desc)
        }
    }
}

extension MLMiteeIMManager: V2TIMSDKListener {
    public func onKickedOffline() { events.append("kicked") }
    public func onConnecting() { events.append("connecting") }
    public func onConnectSuccess() { events.append("connected") }
    public func onConnectFailed(_ code: Int32, err: String!) { events.append("failed \(code) \(err ?? "")") }
}

extension MLMiteeIMManager: V2TIMSimpleMsgListener {
    public func onRecvC2CTextMessage(_ msgID: String!, sender info: V2TIMUserInfo!, text: String!) {
        events.append("c2c text \(String(describing: text)) from \(String(describing: info))")
    }

    public func onRecvC2CCustomMessage(_ msgID: String!, sender info: V2TIMUserInfo!, customData data: Data!) {
        let userId = info.userID ?? "", nickName = info.nickName ?? "", faceURL = info.faceURL ?? ""
        events.append("c2c custom \(userId) \(nickName) \(faceURL) \(String(data: data, encoding: .utf8) ?? "")")
    }

    public func onRecvGroupCustomMessage(_ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, customData data: Data!) {
        use(msgID, groupID, info.userID, info.nickName, info.faceURL, info.friendRemark, info.nameCard, data)
    }

    public func onRecvGroupTextMessage(_ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, text: String!) {
        use(info.userID ?? "", info.nickName ?? "", info.faceURL ?? "", info.friendRemark ?? "", info.nameCard ?? "", text ?? "")
    }
}

extension MLMiteeIMManager: V2TIMConversationListener {
    public func onNewConversation(_ conversationList: [V2TIMConversation]!) {}
    public func onConversationChanged(_ conversationList: [V2TIMConversation]!) {}
}

extension MLMiteeIMManager: V2TIMAdvancedMsgListener {
    // Mitee: the sender's profile fields read off the message itself, `?? ""` on each IUO.
    public func onRecvNewMessage(_ msg: V2TIMMessage!) {
        switch msg.elemType {
        case V2TIMElemType.ELEM_TYPE_TEXT:
            use(msg.userID ?? "", msg.nickName ?? "", msg.faceURL ?? "", msg.friendRemark ?? "", msg.nameCard ?? "")
            use(msg.msgID, msg.groupID)
        default:
            events.append("unknown element \(msg.elemType)")
        }
    }
}

// MARK: - Vendor TUIRoomKit FloatChatService.swift (code index id 6039929065)
//
// V2 current: the manager in an optional closure-initialised property, `addAdvancedMsgListener`
// through `?.`, the unlabelled group text send (still the pre-annotation name in TUIRoomKit) with an
// optional room ID, and `msg.groupID == roomId` before the IUO is bound.

final class MLFloatChatService: NSObject {
    private(set) var received: [String] = []
    var roomId: String? = "room"
    private let imManager = {
        V2TIMManager.sharedInstance()
    }()

    override init() {
        super.init()
        imManager?.addAdvancedMsgListener(listener: self)
    }

    func sendGroupMessage(_ message: String, promise: @escaping (String) -> Void) {
        self.imManager?.sendGroupTextMessage(message, to: self.roomId, priority: .PRIORITY_NORMAL, succ: {
            promise(message)
        }, fail: { code, message in
            use(Int(code), message ?? "send message fail")
        })
    }
}

extension MLFloatChatService: V2TIMAdvancedMsgListener {
    func onRecvNewMessage(_ msg: V2TIMMessage!) {
        guard msg.groupID == roomId, let msg = msg else { return }
        received.append(msg.textElem?.text ?? "")
    }
}

// MARK: - "TencantOneToOneChat" MessageListener.swift by Creative Frenzy (code index id 21515050090)
//
// V2, 2023: one NSObject as simple and advanced listener, the new-message method unlabelled with a
// non-optional message; `msg.sender` (IUO) handed to `String` parameters and to `??`; a text message
// recognised by binding `textElem`. (Its image download and offline-push title/desc are out of scope.)

final class MLOneToOneMessageListener: NSObject, V2TIMSimpleMsgListener, V2TIMAdvancedMsgListener {
    var c2cTextMessageHandler: ((String, V2TIMUserInfo, String) -> Void)?
    var c2cCustomMessageHandler: ((String, V2TIMUserInfo, Data) -> Void)?
    private(set) var counters: [String: Int] = [:]

    func onRecvC2CTextMessage(_ msgID: String!, sender info: V2TIMUserInfo!, text: String!) {
        c2cTextMessageHandler?(msgID, info, text)
    }

    func onRecvC2CCustomMessage(_ msgID: String!, sender info: V2TIMUserInfo!, customData data: Data!) {
        c2cCustomMessageHandler?(msgID, info, data)
    }

    func onRecvNewMessage(_ msg: V2TIMMessage) {
        print(msg.description)
        print(msg.sender as Any)
        if let messageList = msg.textElem {
            use(messageList.text)
            saveMessage(userId: msg.sender, text: messageList.text ?? "")
            increaseCounterForUser(userId: msg.sender ?? "")
        }
    }

    func increaseCounterForUser(userId: String) {
        counters[userId, default: 0] += 1
    }

    func saveMessage(userId: String, text: String) {
        use(userId, text)
    }
}

// MARK: - Vendor Flutter plugin AdvancedMsgListener.swift (code index id 43228662245), vendor React
// Native module AdvancedMsgListener.swift (id 10630115683), JiangJuHong/FlutterTencentImPlugin
// ios/Classes/listener/CustomAdvancedMsgListener.swift (id 35588988921, `import ImSDK` of 5.x)
//
// V2 5.x-8.x, pre-annotation: every method unlabelled with IUO parameters. The vendor's plugins
// implement the group read-receipt event `onRecvMessageReadReceipts:` under the name Swift gave it
// without `NS_SWIFT_NAME` (the trailing `Receipts` pruned against the element type):
// `onRecvMessageRead(_:)`.

final class MLPluginAdvancedMsgListener: NSObject, V2TIMAdvancedMsgListener {
    let listenerUuid: String
    private(set) var events: [(String, Any?)] = []

    init(listenerUid: String) {
        listenerUuid = listenerUid
    }

    public func onRecvNewMessage(_ msg: V2TIMMessage!) {
        events.append(("onRecvNewMessage", msg.msgID))
    }

    // Group read receipts (`onRecvMessageReadReceipts`, imported without a Swift name as
    // `onRecvMessageRead`): called since 2026-11-29 (`MessageReadReceiptTests`).
    public func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt]!) {
        var data: [[String: Any]] = []
        for item in receiptList {
            data.append(["msgID": item.msgID ?? "", "groupID": item.groupID ?? "",
                         "readCount": item.readCount, "unreadCount": item.unreadCount])
        }
        events.append(("onRecvMessageReadReceipts", data))
    }

    public func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]!) {
        var data: [[String: Any]] = []
        for item in receiptList {
            data.append(["userID": item.userID ?? "", "timestamp": item.timestamp, "isPeerRead": item.isPeerRead])
        }
        events.append(("onRecvC2CReadReceipt", data))
    }

    public func onRecvMessageRevoked(_ msgID: String!) {
        events.append(("onRecvMessageRevoked", msgID))
    }
}

/// JiangJuHong: the 5.x listener, empty bodies, not `public`.
final class MLJiangJuHongAdvancedMsgListener: NSObject, V2TIMAdvancedMsgListener {
    func onRecvNewMessage(_ msg: V2TIMMessage!) {}
    func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]!) {}
    func onRecvMessageRevoked(_ msgID: String!) {}
}

// MARK: - Vendor Flutter plugin SimpleMsgListener.swift (TencentCloud/TIMSDK Flutter/IMSDK/ios/Classes/
// listener/SimpleMsgListener.swift, code index ids 1068225751, 10072614242) and the vendor React Native
// module's (id 10309941520)
//
// V2 5.x-8.x: the C2C methods written with an IUO message ID but a non-optional sender, text and data
// (`sender:` with no inner name), the group methods all IUO.

final class MLPluginSimpleMsgListener: NSObject, V2TIMSimpleMsgListener {
    let listenerUuid: String
    private(set) var events: [[String: Any]] = []

    init(listenerUid: String) {
        listenerUuid = listenerUid
    }

    // Called since 2026-11-29: the ID implicitly unwrapped, the rest plain.
    public func onRecvC2CTextMessage(_ msgID: String!, sender: V2TIMUserInfo, text: String) {
        events.append(["msgID": msgID ?? "", "text": text, "sender": sender.userID ?? ""])
    }

    // Called since 2026-11-29: likewise for the custom form.
    public func onRecvC2CCustomMessage(_ msgID: String!, sender: V2TIMUserInfo, customData: Data) {
        let str = String(data: customData, encoding: String.Encoding.utf8)
        events.append(["msgID": msgID as Any, "customData": str as Any, "sender": sender.userID as Any])
    }

    public func onRecvGroupTextMessage(_ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, text: String!) {
        events.append(["msgID": msgID!, "text": text!, "groupID": groupID!, "sender": info.userID as Any])
    }

    public func onRecvGroupCustomMessage(_ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, customData data: Data!) {
        let str = String(data: data, encoding: String.Encoding.utf8)
        events.append(["msgID": msgID ?? "", "customData": str ?? "", "groupID": groupID ?? "", "sender": info.nickName as Any])
    }
}

// MARK: - Vendor TUILiveKit BarrageDisplayManager.swift (code index id 16341098975)
//
// V2 current (2024): the group text event unlabelled with every parameter non-optional.

final class MLBarrageDisplayManager: NSObject {
    private let roomId: String
    private let imManager: V2TIMManager = V2TIMManager.sharedInstance()
    private(set) var barrages: [(String, String, String, String)] = []

    init(roomId: String) {
        self.roomId = roomId
        super.init()
        imManager.addSimpleMsgListener(listener: self)
    }
}

extension MLBarrageDisplayManager: V2TIMSimpleMsgListener {
    // Called since 2026-11-29: unlabelled, every parameter plain.
    func onRecvGroupTextMessage(_ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, text: String) {
        guard self.roomId == groupID else { return }
        barrages.append((info.userID ?? "", info.nickName ?? "", info.faceURL ?? "", text))
    }
}

// MARK: - Vendor Flutter plugin MessageManager.swift, the `import ImSDK_Smart` build (code index id 34296049546)
//
// V2 5.x, pre-annotation (the file of ids 9990255103 / 883864508 was covered for its option history
// only): unlabelled simple sends whose message IDs are looked up again with `findMessages`, the
// general `send(...)` with a progress closure cast `as V2TIMProgress`, revoke, reads, deletes and
// local inserts on messages found by ID, `msgs![0]`. (`ImSDK_Smart` is the vendor's slim build of
// the same API; only the import line differs.)

enum MLFlutterSmartMessageManager {
    static func returnErrorClosures(result: @escaping (Any?) -> Void) -> V2TIMFail {
        return { code, desc in result(["code": code, "desc": desc as Any]) }
    }

    static func sendC2CTextMessage(text: String, userID: String, result: @escaping (Any?) -> Void) {
        let msgID = V2TIMManager.sharedInstance()?.sendC2CTextMessage(text, to: userID, succ: {
            () -> Void in
        }, fail: returnErrorClosures(result: result))
        if msgID != nil {
            V2TIMManager.sharedInstance()?.findMessages([msgID!], succ: {
                (msgs) -> Void in
                var data: [String: Any] = ["msgID": msgs![0].msgID as Any]
                data["progress"] = 100
                data["status"] = 2
                result(data)
            }, fail: returnErrorClosures(result: result))
        }
    }

    static func sendCustomAndGroup(customData: String, userID: String, groupID: String, text: String, priority: Int,
                                   result: @escaping (Any?) -> Void) {
        let data = customData.data(using: String.Encoding.utf8, allowLossyConversion: true)
        V2TIMManager.sharedInstance()?.sendC2CCustomMessage(data, to: userID, succ: {
            () -> Void in
            result(nil)
        }, fail: returnErrorClosures(result: result))

        var msgid = ""
        let msgID = V2TIMManager.sharedInstance()?.sendGroupTextMessage(text, to: groupID, priority: V2TIMMessagePriority(rawValue: priority)!, succ: {
            () -> Void in
            result(["msgID": msgid, "groupID": groupID, "sender": V2TIMManager.sharedInstance()?.getLoginUser() as Any])
        }, fail: returnErrorClosures(result: result))
        msgid = msgID!

        V2TIMManager.sharedInstance()?.sendGroupCustomMessage(data, to: groupID, priority: V2TIMMessagePriority(rawValue: priority)!, succ: {
            () -> Void in
            result(nil)
        }, fail: returnErrorClosures(result: result))
    }

    static func sendMessage(message: V2TIMMessage, receiver: String?, groupID: String?, priority: Int?,
                            onlineUserOnly: Bool?, result: @escaping (Any?) -> Void) {
        var msgid = ""
        let v2TIMOfflinePushInfo = V2TIMOfflinePushInfo()
        let succ = {
            () -> Void in
            V2TIMManager.sharedInstance()?.findMessages(msgid == "" ? [""] : [msgid], succ: {
                (msgs) -> Void in
                result(msgs![0].msgID)
            }, fail: returnErrorClosures(result: result))
        }
        let progressfn = {
            progress -> Void in
            result(["progress": progress, "msgID": msgid])
        } as V2TIMProgress
        let fail = returnErrorClosures(result: result)

        let msgID = V2TIMManager.sharedInstance()?.send(
            message,
            receiver: receiver,
            groupID: groupID,
            priority: V2TIMMessagePriority(rawValue: priority ?? 0)!,
            onlineUserOnly: onlineUserOnly ?? false,
            offlinePushInfo: v2TIMOfflinePushInfo,
            progress: progressfn,
            succ: succ,
            fail: fail
        )
        msgid = msgID!
    }

    static func getC2CHistoryMessageListFn(userID: String, count: Int32, lastMsg: V2TIMMessage?, result: @escaping (Any?) -> Void) {
        V2TIMManager.sharedInstance()?.getC2CHistoryMessageList(userID, count: count, lastMsg: lastMsg, succ: {
            msgs -> Void in
            var messageList: [String] = []
            for i in msgs! {
                messageList.append(i.msgID)
            }
            result(messageList)
        }, fail: returnErrorClosures(result: result))
    }

    // The plugin assigned an `Int32` page size to `count` (`NSUInteger`, `UInt`), which compiled
    // against no shipped header either; its later build reads it `as? UInt`.

    static func revokeMarkDeleteInsert(msgID: String, userID: String, groupID: String?, msgIDs: [String],
                                       result: @escaping (Any?) -> Void) {
        V2TIMManager.sharedInstance()?.findMessages([msgID], succ: {
            (msgs) -> Void in
            V2TIMManager.sharedInstance().revokeMessage(msgs![0], succ: {
                result(nil)
            }, fail: returnErrorClosures(result: result))
        }, fail: returnErrorClosures(result: result))

        V2TIMManager.sharedInstance().markC2CMessage(asRead: userID, succ: {
            result(nil)
        }, fail: returnErrorClosures(result: result))

        V2TIMManager.sharedInstance()?.markGroupMessage(asRead: groupID, succ: {
            () -> Void in
            result(nil)
        }, fail: returnErrorClosures(result: result))

        V2TIMManager.sharedInstance()?.findMessages([msgID], succ: {
            (msgs) -> Void in
            V2TIMManager.sharedInstance().deleteMessage(fromLocalStorage: msgs![0], succ: {
                result(nil)
            }, fail: returnErrorClosures(result: result))
        }, fail: returnErrorClosures(result: result))

        V2TIMManager.sharedInstance()?.findMessages(msgIDs, succ: {
            (msgs) -> Void in
            V2TIMManager.sharedInstance().delete(msgs, succ: {
                result(nil)
            }, fail: returnErrorClosures(result: result))
        }, fail: returnErrorClosures(result: result))

        if let groupID, let message = V2TIMManager.sharedInstance().createTextMessage("local") {
            var insertedID = ""
            let id = V2TIMManager.sharedInstance()?.insertGroupMessage(toLocalStorage: message, to: groupID, sender: userID, succ: {
                () -> Void in
                V2TIMManager.sharedInstance()?.findMessages([insertedID], succ: {
                    (msgs) -> Void in
                    result(msgs![0].msgID)
                }, fail: returnErrorClosures(result: result))
            }, fail: returnErrorClosures(result: result))
            insertedID = id!
        }
    }
}

// MARK: - Vendor Flutter plugin V2MessageEntity.swift (code index id 10134893180)
//
// V2 5.x-8.x: every message property copied into optional fields; `timestamp as Date?`,
// `groupAtUserList as? [String]`, the local and cloud custom data decoded as UTF-8, the text and
// custom elements read through IUOs.

final class MLFlutterV2MessageEntity {
    var msgID: String?
    var timestamp: Date? = Date()
    var sender: String?
    var nickName: String?
    var friendRemark: String?
    var nameCard: String?
    var faceUrl: String?
    var groupID: String?
    var userID: String?
    var status: Int?
    var isSelf: Bool?
    var isRead: Bool?
    var isPeerRead: Bool?
    var groupAtUserList: [String]?
    var elemType: Int?
    var textElem: [String: Any]?
    var customElem: [String: Any]?
    var localCustomData: String?
    var cloudCustomData: String?
    var localCustomInt: Int32?
    var seq: String?
    var random: UInt64?
    var isExcludedFromUnreadCount: Bool?
    var v2message: V2TIMMessage

    init(message: V2TIMMessage) {
        self.msgID = message.msgID
        self.timestamp = message.timestamp as Date?
        self.sender = message.sender
        self.nickName = message.nickName
        self.friendRemark = message.friendRemark
        self.nameCard = message.nameCard
        self.faceUrl = message.faceURL
        self.groupID = message.groupID
        self.userID = message.userID
        self.status = message.status.rawValue
        self.isSelf = message.isSelf
        self.isRead = message.isRead
        self.groupAtUserList = message.groupAtUserList as? [String]
        self.isPeerRead = message.isPeerRead
        self.elemType = message.elemType.rawValue
        self.localCustomInt = message.localCustomInt
        self.seq = String(message.seq)
        self.random = message.random
        self.isExcludedFromUnreadCount = message.isExcludedFromUnreadCount
        self.v2message = message

        if message.localCustomData != nil {
            self.localCustomData = String.init(data: message.localCustomData!, encoding: String.Encoding.utf8)!
        }
        if message.textElem != nil {
            self.textElem = ["text": message.textElem.text ?? ""]
        }
        if let elem = message.customElem {
            use(elem)
            self.customElem = [
                "data": String.init(data: message.customElem.data!, encoding: String.Encoding.utf8)!,
                "desc": message.customElem.desc as Any,
                "extension": message.customElem.extension as Any,
            ]
        }
    }

    // `cloudCustomData` (`NSData *`, 5.x on; `Data!` / current `Data?`).
    func readCloudCustomData(message: V2TIMMessage) {
        if message.cloudCustomData != nil {
            self.cloudCustomData = String.init(data: message.cloudCustomData!, encoding: String.Encoding.utf8)!
        }
    }

    func getDict() -> [String: Any] {
        var result: [String: Any] = [:]
        result["msgID"] = self.msgID
        result["groupAtUserList"] = self.groupAtUserList
        result["cloudCustomData"] = self.cloudCustomData
        result["seq"] = String(self.seq!)
        result["random"] = self.random
        result["timestamp"] = (self.timestamp == nil) ? Int(Date().timeIntervalSince1970) : Int(self.timestamp!.timeIntervalSince1970)
        return result
    }
}

// MARK: - "WZIM" V2TIMManager+.swift by qiuqixiang (code index id 33137873688)
//
// V2 5.x (`import ImSDK`): the app's IM protocol adopted by `V2TIMManager` itself in an extension, so
// every SDK call is unqualified; pre-annotation names with a trailing fail closure, `groupID: ""` /
// `receiver: ""` for the unused target, `createTextMessage(_:)` and `createCustomMessage(_:)` returned
// as the app's message protocol (which `V2TIMMessage` adopts). (Face/sound/image messages and
// signaling out of scope.)

protocol MLWZMessageProtocol: AnyObject {}
extension V2TIMMessage: MLWZMessageProtocol {}

protocol MLWZManagerProtocol {
    func hunt3RevokeMessage(msg: MLWZMessageProtocol, sucess: (() -> Void)?, fail: ((Int, String) -> Void)?)
    func hunt3SetReadMessage(receiverId: String, isC2C: Bool)
    func hunt3SendC2CMessage(receiverId: String, message: MLWZMessageProtocol, progress: ((Double) -> Void)?,
                             sucess: (() -> Void)?, fail: ((Int, String) -> Void)?) -> String
}

extension V2TIMManager: MLWZManagerProtocol {
    func hunt3RevokeMessage(msg: MLWZMessageProtocol, sucess: (() -> Void)?, fail: ((Int, String) -> Void)?) {
        revokeMessage((msg as! V2TIMMessage), succ: {
            sucess?()
        }) { (code, msg) in
            fail?(Int(code), msg ?? "")
        }
    }

    func hunt3SetReadMessage(receiverId: String, isC2C: Bool) {
        if isC2C {
            markC2CMessage(asRead: "wzly_" + receiverId, succ: {
            }) { (code, msg) in
            }
            return
        }
        markGroupMessage(asRead: receiverId, succ: {
        }) { (code, msg) in
        }
    }

    func hunt3SendC2CMessage(receiverId: String, message: MLWZMessageProtocol, progress: ((Double) -> Void)?,
                                    sucess: (() -> Void)?, fail: ((Int, String) -> Void)?) -> String {
        return send((message as! V2TIMMessage), receiver: receiverId, groupID: "", priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: { (progre) in
            progress?(Double(progre))
        }, succ: {
            sucess?()
        }) { (code, msg) in
            fail?(Int(code), msg ?? "")
        }
    }

    func hunt3SendGroupMessage(receiverId: String, message: MLWZMessageProtocol) -> String {
        return send((message as! V2TIMMessage), receiver: "", groupID: receiverId, priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: { (progre) in
            use(progre)
        }, succ: {
        }) { (code, msg) in
            use(code, msg)
        }
    }

    func hunt3GetC2CMessages(receiverId: String, cont: Int, last: MLWZMessageProtocol?,
                                    sucess: (([V2TIMMessage]) -> Void)?, fail: ((Int, String) -> Void)?) {
        getC2CHistoryMessageList(receiverId, count: Int32(cont), lastMsg: (last as? V2TIMMessage), succ: { (list) in
            let arr = list?.sorted { (obj0, obj1) -> Bool in
                return obj0.timestamp.compare(obj1.timestamp) == .orderedAscending
            }
            sucess?(arr ?? [])
        }) { (code, msg) in
            fail?(Int(code), msg ?? "")
        }
        getGroupHistoryMessageList(receiverId, count: Int32(cont), lastMsg: (last as? V2TIMMessage), succ: { (list) in
            sucess?(list ?? [])
        }) { (code, msg) in
            fail?(Int(code), msg ?? "")
        }
    }

    func hunt3CreateTextMessage(text: String) -> MLWZMessageProtocol {
        return createTextMessage(text)
    }

    func hunt3CreateCustom(data: Data) -> MLWZMessageProtocol {
        return createCustomMessage(data)
    }

    func hunt3GetLoginUser() -> String {
        return getLoginUser()
    }

    func hunt3DeleteConversation(conversationId: String) {
        deleteConversation(conversationId, succ: nil, fail: nil)
    }
}

// MARK: - "HotChat" ConversationViewController.swift (code index id 35416873724)
//
// V2 5.x, pre-annotation: "mark all read" from the conversation list's menu: every conversation of a
// page of `count: .max` marked read by its (IUO) `userID`, "clear the list" deleting each by ID.

enum MLHotChatConversationActions {
    static func markAllRead() {
        V2TIMManager.sharedInstance()?.getConversationList(0, count: .max, succ: { (conversationList, last, isFinished) in
            conversationList?.forEach { conversation in
                V2TIMManager.sharedInstance()?.markC2CMessage(asRead: conversation.userID, succ: {
                }, fail: { (code, msg) in
                })
            }
        }, fail: { (code, msg) in
        })
    }

    static func clearanceRecord() {
        V2TIMManager.sharedInstance()?.getConversationList(0, count: .max, succ: { (conversationList, last, isFinished) in
            conversationList?.forEach { conversation in
                V2TIMManager.sharedInstance()?.deleteConversation(conversation.conversationID, succ: {
                }, fail: { (code, msg) in
                })
            }
        }, fail: { (code, msg) in
        })
    }
}

// MARK: - "LM" IMService.swift (code index id 59631108305)
//
// V2 7.x-8.x (labelled names): a singleton service, SDK listener with the optional `err`, the C2C and
// group histories and the filtered conversation calls with trailing closures, and a message listener
// that reads `cloudCustomData` and implements the 7.4 revoke with a mixed `!`/`?` spelling.
// (TUIKit login, profiles, user status and `onSelfInfoUpdated` out of scope.)

final class MLLMIMService: NSObject {
    nonisolated(unsafe) static let shared = MLLMIMService()
    var unreadCount: Int = 0
    private(set) var log: [String] = []

    func initSDK(appId: Int) {
        let config = V2TIMSDKConfig()
        config.logLevel = .LOG_NONE
        V2TIMManager.sharedInstance().addIMSDKListener(listener: self)
        V2TIMManager.sharedInstance().initSDK(Int32(appId), config: config)
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }

    func logout() {
        V2TIMManager.sharedInstance().logout {
            self.log.append("logged out")
        } fail: { code, msg in
            self.log.append("logout failed \(code) \(String(describing: msg))")
        }
    }

    func getConversationList(completion block: @escaping ([V2TIMConversation]) -> Void) {
        let filter = V2TIMConversationListFilter()
        filter.type = .C2C
        V2TIMManager.sharedInstance().getConversationListByFilter(filter: filter, nextSeq: 0, count: UInt32(INT_MAX)) { list, _, _ in
            block(list ?? [])
        } fail: { code, msg in
            block([])
        }
    }

    func getUnreadMessageCount(completion block: @escaping (Int) -> Void) {
        let filter = V2TIMConversationListFilter()
        filter.type = .C2C
        V2TIMManager.sharedInstance().getUnreadMessageCountByFilter(filter: filter) { count in
            block(Int(count))
        } fail: { code, msg in
            block(0)
        }
    }

    func cleanUnreadCount(_ converID: String? = nil, completion block: @escaping (Bool, String?) -> Void) {
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID: converID, cleanTimestamp: 0, cleanSequence: 0) {
            block(true, nil)
        } fail: { code, msg in
            block(false, msg)
        }
    }

    func deleteConversation(_ converID: String, converIDList: [String], completion block: @escaping (Bool, String?) -> Void) {
        V2TIMManager.sharedInstance().deleteConversation(conversation: converID) {
            block(true, nil)
        } fail: { code, msg in
            block(false, msg)
        }
        V2TIMManager.sharedInstance().deleteConversationList(conversationIDList: converIDList, clearMessage: true) { _ in
            block(true, nil)
        } fail: { code, msg in
            block(false, msg)
        }
    }

    func getC2CHistoryMessageList(_ imUserId: String, count: Int = 20, lastMsg: V2TIMMessage? = nil,
                                  completion block: @escaping ([V2TIMMessage], String?) -> Void) {
        V2TIMManager.sharedInstance().getC2CHistoryMessageList(userID: imUserId, count: Int32(count), lastMsg: lastMsg) { list in
            if let list = list {
                block(list, nil)
            } else {
                block([], nil)
            }
        } fail: { code, msg in
            block([], msg)
        }
    }

    func getGroupHistoryMessageList(_ groupId: String, count: Int = 20, lastMsg: V2TIMMessage? = nil,
                                    completion block: @escaping ([V2TIMMessage]) -> Void) {
        V2TIMManager.sharedInstance().getGroupHistoryMessageList(groupID: groupId, count: Int32(count), lastMsg: lastMsg) { list in
            block(list ?? [])
        } fail: { code, msg in
            block([])
        }
    }

    func getLoginStatus() -> Bool {
        return !(V2TIMManager.sharedInstance().getLoginStatus() == .STATUS_LOGOUT)
    }
}

extension MLLMIMService: V2TIMSDKListener {
    func onConnecting() { log.append("connecting") }
    func onConnectSuccess() { log.append("connected") }
    func onConnectFailed(_ code: Int32, err: String?) { log.append("connect failed \(code) \(String(describing: err))") }
    func onKickedOffline() { log.append("kicked") }
    func onUserSigExpired() { log.append("sig expired") }
}

extension MLLMIMService: V2TIMAdvancedMsgListener {
    func onRecvNewMessage(msg: V2TIMMessage!) {
        if let roomId = msg.groupID {
            log.append("group message in \(roomId)")
        } else {
            let userId = msg.userID!
            log.append("private message from \(userId)")
        }
    }

    // Called since 2026-11-29: the import of a header with `nullable` on `reason` alone, outside
    // `NS_ASSUME_NONNULL` (`_V2TIMAdvancedMsgListenerPartlyNullable`).
    func onRecvMessageRevoked(msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String?) {
        log.append("revoked \(msgID ?? "") by \(operateUser.userID ?? "")")
    }

    // LM reads the cloud custom data of each new message as JSON.
    func parse(msg: V2TIMMessage) throws {
        if msg.cloudCustomData != nil {
            let msgDict = try JSONSerialization.jsonObject(with: msg.cloudCustomData!) as? [String: Any]
            use(msgDict)
        }
    }
}

// MARK: - "Login" module IMConnectGate.swift (code index id 54791371402)
//
// V2 current: a one-shot gate on the connection, an SDK listener installed once; the failure with an
// optional `err`.

final class MLIMConnectGate: NSObject {
    nonisolated(unsafe) static let shared = MLIMConnectGate()
    private var pending: [() -> Void] = []
    private var activated = false

    func activate() {
        guard !activated else { return }
        activated = true
        V2TIMManager.sharedInstance().addIMSDKListener(listener: self)
    }

    func waitOnce(fire: @escaping () -> Void) {
        pending.append(fire)
    }

    private func firePending(reason: String) {
        let snapshot = pending
        pending.removeAll()
        use(reason)
        snapshot.forEach { $0() }
    }
}

extension MLIMConnectGate: V2TIMSDKListener {
    func onConnecting() {}
    func onConnectSuccess() { firePending(reason: "onConnectSuccess") }
    func onConnectFailed(_ code: Int32, err: String?) { firePending(reason: "onConnectFailed code=\(code)") }
}

// MARK: - "MaiChat" TencentIMClient.swift (code index id 60511935528)
//
// V2 current (2025): one NSObject as simple, message and SDK listener (the APNs listener, profiles,
// user status and media out of scope); `initSDK` guarded by its Bool, login/logout and the total
// through checked continuations, every text send carrying `cloudCustomData` metadata, incoming text
// matched to its message with `findMessages(messageIDList:)`, the elements of a message walked with
// `V2TIMElem.next()`. (The source marks the SDK listener methods `@objc nonisolated`; `@objc` is left
// out, Linux having no Objective-C runtime.)

enum MLMaiChatError: Error {
    case sdkInitializationFailed
    case operationFailed(code: Int32, description: String)
}

final class MLMaiChatClient: NSObject, V2TIMSimpleMsgListener, V2TIMAdvancedMsgListener, V2TIMSDKListener {
    private var initializedSDKAppID: Int?
    private var hasRegisteredIMSDKListener = false
    private(set) var incoming: [(String, String, Date)] = []

    func connect(sdkAppID: Int, userID: String, userSig: String) async throws {
        if initializedSDKAppID != sdkAppID {
            let config = V2TIMSDKConfig()
            let initialized = V2TIMManager.sharedInstance().initSDK(
                Int32(sdkAppID),
                config: config
            )
            guard initialized else {
                throw MLMaiChatError.sdkInitializationFailed
            }
            initializedSDKAppID = sdkAppID
        }
        if !hasRegisteredIMSDKListener {
            V2TIMManager.sharedInstance().addIMSDKListener(listener: self)
            hasRegisteredIMSDKListener = true
        }
        V2TIMManager.sharedInstance().addSimpleMsgListener(listener: self)
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
        return try await withCheckedThrowingContinuation { continuation in
            V2TIMManager.sharedInstance().login(
                userID: userID,
                userSig: userSig,
                succ: {
                    V2TIMManager.sharedInstance().getTotalUnreadMessageCount(
                        succ: { count in
                            use(String(count))
                        },
                        fail: { code, _ in
                            use(String(code))
                        }
                    )
                    continuation.resume()
                },
                fail: { code, desc in
                    continuation.resume(
                        throwing: MLMaiChatError.operationFailed(code: code, description: desc ?? "login failed")
                    )
                }
            )
        }
    }

    func disconnect() async {
        if hasRegisteredIMSDKListener {
            V2TIMManager.sharedInstance().removeIMSDKListener(listener: self)
            hasRegisteredIMSDKListener = false
        }
        V2TIMManager.sharedInstance().removeSimpleMsgListener(listener: self)
        V2TIMManager.sharedInstance().removeAdvancedMsgListener(listener: self)
        await withCheckedContinuation { continuation in
            V2TIMManager.sharedInstance().logout(
                succ: {
                    continuation.resume()
                },
                fail: { _, _ in
                    continuation.resume()
                }
            )
        }
    }

    func clearHistory(userID: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            V2TIMManager.sharedInstance().clearC2CHistoryMessage(
                userID: userID,
                succ: {
                    continuation.resume()
                },
                fail: { code, desc in
                    continuation.resume(throwing: MLMaiChatError.operationFailed(code: code, description: desc ?? "clear history failed"))
                }
            )
        }
    }

    func sendText(to userID: String, text: String) throws -> V2TIMMessage {
        guard let message = V2TIMManager.sharedInstance().createTextMessage(text: text) else {
            throw MLMaiChatError.operationFailed(code: -1, description: "create text message failed")
        }
        V2TIMManager.sharedInstance().sendMessage(
            message: message,
            receiver: userID,
            groupID: nil,
            priority: V2TIMMessagePriority(rawValue: 0)!,
            onlineUserOnly: false,
            offlinePushInfo: nil,
            progress: nil,
            succ: {
                use(message.msgID as String, message.timestamp as Date?)
            },
            fail: { code, desc in
                use(code, desc ?? "send text failed")
            }
        )
        return message
    }

    // MaiChat stamps every outgoing message with JSON metadata and reads it back on receipt.
    func stamp(_ message: V2TIMMessage, cloudCustomData: Data?) -> Data? {
        message.cloudCustomData = cloudCustomData ?? Data("{}".utf8)
        return message.cloudCustomData
    }

    // MaiChat walks the elements of a message (its first element by `elemType`, then `next()`, the
    // header's `nextElem` with `Elem` pruned against its result type).
    static func caption(of message: V2TIMMessage) -> String? {
        var element: V2TIMElem? = message.elemType.rawValue == 1 ? message.textElem : nil
        while let current = element {
            if let text = current as? V2TIMTextElem,
               let clean = text.text?.trimmingCharacters(in: .whitespacesAndNewlines), !clean.isEmpty {
                return clean
            }
            element = current.next()
        }
        return nil
    }

    static func firstElement(in message: V2TIMMessage) -> V2TIMElem? {
        switch message.elemType.rawValue {
        case 1: return message.textElem
        case 2: return message.customElem
        default: return nil
        }
    }

    nonisolated func onConnecting() {}
    nonisolated func onConnectSuccess() {}
    nonisolated func onConnectFailed(_ code: Int32, err: String?) { use(code, err) }
    nonisolated func onKickedOffline() {}
    nonisolated func onUserSigExpired() {}

    func onRecvC2CTextMessage(msgID: String, sender: V2TIMUserInfo, text: String?) {
        guard let userID = sender.userID, !userID.isEmpty, let text, !text.isEmpty else { return }
        let loginUserID = V2TIMManager.sharedInstance().getLoginUser() ?? ""
        guard userID != loginUserID else { return }
        let fallbackDate = Date()
        V2TIMManager.sharedInstance().findMessages(
            messageIDList: [msgID],
            succ: { [weak self] messages in
                let message = messages?.first
                guard message?.isSelf != true else { return }
                let createdAt = message?.timestamp ?? fallbackDate
                self?.incoming.append((userID, text, createdAt))
            },
            fail: { [weak self] _, _ in
                self?.incoming.append((userID, text, fallbackDate))
            }
        )
    }

    func onRecvNewMessage(msg: V2TIMMessage) {
        guard !msg.isSelf else { return }
        let fromUserID = msg.sender ?? msg.userID ?? ""
        guard !fromUserID.isEmpty else { return }
        let createdAt = msg.timestamp ?? Date()
        if Self.firstElement(in: msg) is V2TIMTextElem { return }
        use(fromUserID, createdAt, msg.msgID, String(msg.elemType.rawValue))
    }
}

// MARK: - Vendor Swift TUIKit (Minimalist) TUIGroupChatViewController_Minimalist.swift (code index id 19339927073)
//
// V2 current: an @-message rebuilt from a sent text message, the user IDs in an `NSMutableArray`
// (the header's `NSMutableArray<NSString *> *`), the text through `textElem?.text`, and the
// original's `cloudCustomData` (quote/reply metadata) copied over.

enum MLTUIGroupChatMinimalist {
    static func atMessage(for message: V2TIMMessage, atUserIDs: [String]) -> V2TIMMessage {
        var atMessage = message
        if message.elemType == .ELEM_TYPE_TEXT, atUserIDs.count > 0 {
            if let msg = V2TIMManager.sharedInstance().createTextAtMessage(text: message.textElem?.text ?? "", atUserList: atUserIDs) {
                atMessage = msg
            }
        }
        return atMessage
    }

    // As written: the list an NSMutableArray, the cloud custom data carried over.
    static func atMessageAsWritten(for message: V2TIMMessage, atUserList: [String]) -> V2TIMMessage {
        var atMessage = message
        if message.elemType == .ELEM_TYPE_TEXT {
            if atUserList.count > 0 {
                let list = NSMutableArray(array: atUserList)
                let cloudCustomData = message.cloudCustomData
                if let msg = V2TIMManager.sharedInstance().createTextAtMessage(text: message.textElem?.text ?? "", atUserList: list) {
                    msg.cloudCustomData = cloudCustomData
                    atMessage = msg
                }
            }
        }
        return atMessage
    }
}
