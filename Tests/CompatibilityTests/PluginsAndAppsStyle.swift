import Foundation
import ImSDK_Plus

// Call shapes of more public Swift code (the vendor's React Native and Flutter plugins and Swift
// TUIKit, apps written against the Swift SDK and the 5.x headers), found on 2026-11-29: history
// through `V2TIMMessageListGetOption`, the simple-message listener, server time. Each is written in
// the style of its source (named above it), not copied. Compiled, never run.

// MARK: - History through V2TIMMessageListGetOption (vendor plugins, Swift TUIKit, apps)

/// Source: the vendor's React Native module (react-native-tim-js) `ios/.../MessageManager.swift`
/// `getHistoryMessageList(param:resolve:)` (code index id 9935840227) and the vendor's Flutter
/// plugin's `MessageManager.swift` (ids 9990255103, 883864508): the option filled from a map,
/// `V2TIMMessageGetType(rawValue:)`, `lastMsgSeq: UInt`, `messageTypeList: [NSNumber]`, pre-annotation
/// `getHistoryMessageList(_:succ:fail:)`.
enum PluginsRNHistory {
    static func getHistoryMessageList(param: [String: Any], resolve: @escaping (Any?) -> Void) {
        let count = param["count"] as? UInt
        let userID = param["userID"] as? String
        let groupID = param["groupID"] as? String
        let getType = param["getType"] as? Int
        let lastMsgSeq = param["lastMsgSeq"] as? Int
        let messageTypeList = param["messageTypeList"] as? Array<Int>
        let option = V2TIMMessageListGetOption()
        if count != nil { option.count = count! }
        if userID != nil { option.userID = userID }
        if groupID != nil { option.groupID = groupID }
        if getType != nil { option.getType = V2TIMMessageGetType.init(rawValue: getType!)! }
        if let lastMsgSeq = lastMsgSeq, lastMsgSeq >= 0 { option.lastMsgSeq = UInt(lastMsgSeq) }
        if messageTypeList != nil {
            option.messageTypeList = messageTypeList?.map({ value in NSNumber.init(value: value) })
        }
        if let lastMsgID = param["lastMsgID"] as? String {
            V2TIMManager.sharedInstance()?.findMessages([lastMsgID], succ: { (msgs) -> Void in
                let lastMsg = msgs!.isEmpty ? nil : msgs![0]
                if lastMsg != nil {
                    option.lastMsg = lastMsg
                    getHistoryMessageListFn(option: option, resolve: resolve)
                }
            }, fail: { code, desc in resolve([code, desc as Any]) })
        } else {
            getHistoryMessageListFn(option: option, resolve: resolve)
        }
    }

    static func getHistoryMessageListFn(option: V2TIMMessageListGetOption, resolve: @escaping (Any?) -> Void) {
        V2TIMManager.sharedInstance()?.getHistoryMessageList(option, succ: { msgs -> Void in
            resolve(msgs!.map { $0.msgID as Any })
        }, fail: { code, desc in resolve([code, desc as Any]) })
    }
}

/// Source: the vendor's Swift TUIKit `TUIChatBaseDataProvider.swift` `getLastMessage(_:succ:fail:)`
/// (code index id 19080751622) and the media data provider `loadMediaMessage` (id 37880292185):
/// current-header labels and short case names, count as UInt, messageTypeList from elem types.
enum PluginsTUIKitSwiftHistory {
    static func getLastMessage(_ isFromLocal: Bool, userID: String?, groupID: String?,
                               succ: @escaping (V2TIMMessage?) -> Void, fail: V2TIMFail?) {
        let option = V2TIMMessageListGetOption()
        if let userID = userID, !userID.isEmpty { option.userID = userID }
        if let groupID = groupID, !groupID.isEmpty { option.groupID = groupID }
        option.getType = isFromLocal ? .GET_LOCAL_OLDER_MSG : .GET_CLOUD_OLDER_MSG
        option.lastMsg = nil
        option.count = 1
        V2TIMManager.sharedInstance().getHistoryMessageList(option: option, succ: { msgs in
            guard let first = msgs?.first else { return }
            succ(first)
        }, fail: { code, desc in
            fail?(code, desc)
        })
    }

    static func loadOlderMedia(_ loadMsg: V2TIMMessage, pageCount: Int, groupID: String?, userID: String?) {
        let option = V2TIMMessageListGetOption()
        option.getType = .GET_LOCAL_OLDER_MSG
        option.count = UInt(pageCount)
        option.groupID = groupID
        option.userID = userID
        option.lastMsg = loadMsg
        option.messageTypeList = [NSNumber(value: V2TIMElemType.ELEM_TYPE_IMAGE.rawValue), NSNumber(value: V2TIMElemType.ELEM_TYPE_VIDEO.rawValue)]
        V2TIMManager.sharedInstance().getHistoryMessageList(option, succ: { msgs in
            use(msgs ?? [])
        }, fail: { code, desc in use(code, desc) })
    }
}

/// Source: a Swift-SDK party-game app's `ChatController.swift` (code index ids 47361281247,
/// 47733847331, 47253500494): `V2TIMManager.shared`, the `V2TIM_`-prefixed get type, trailing
/// closures. (Its `msgs.count` on a non-optional array is the Swift SDK's own, not followed here.)
enum PluginsSwiftSDKHistory {
    static func loadData(pageCount: UInt, conversation: V2TIMConversation, oldest: V2TIMMessage?) {
        let option: V2TIMMessageListGetOption = V2TIMMessageListGetOption()
        option.getType = .V2TIM_GET_CLOUD_OLDER_MSG
        option.count = pageCount
        option.userID = conversation.userID
        option.groupID = conversation.groupID
        option.lastMsg = oldest
        V2TIMManager.shared.getHistoryMessageList(option: option) { msgs in
            use(msgs?.count)
        } fail: { code, desc in
            use(code, desc)
        }
    }
}

// MARK: - Server time, simple-message listener, unlabelled group simple sends

/// Source: the vendor's React Native module (react-native-tim-js) `SDKManager.swift`
/// `getServerTime(resolve:)` (code index id 10430764243), and the Zalla-family apps
/// (SenforQ/Metee and others, ids 44012557107, 15982859442, 46102839261): server time in seconds.
enum PluginsServerTime {
    static func getServerTime(resolve: (Any?) -> Void) {
        resolve(V2TIMManager.sharedInstance().getServerTime())
    }
    static func localDelta() -> Double {
        let msInterval = floor(Date().timeIntervalSince1970 * 1000)
        var deltaTime = Double(V2TIMManager.sharedInstance().getServerTime())
        if deltaTime < 1 { deltaTime = 0 }
        return msInterval - deltaTime
    }
}

/// Source: a Swift app's `TencentIMClient.swift` (code index id 55581506766; current headers:
/// `addSimpleMsgListener(listener:)`, `onRecvC2CTextMessage(msgID:sender:text:)`) and the vendor's
/// TUIKaraoke `KaraokeMusicServiceImplement` (id 7975023108; `addSimpleMsgListener(listener:)` through
/// an optional chain, `onRecvGroupCustomMessage(_:groupID:sender:customData:)`).
final class PluginsSimpleMsgClient: NSObject, V2TIMSimpleMsgListener, V2TIMAdvancedMsgListener {
    var texts: [(String, String)] = []
    func connect() {
        V2TIMManager.sharedInstance().addSimpleMsgListener(listener: self)
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }
    func disconnect() {
        V2TIMManager.sharedInstance()?.removeSimpleMsgListener(listener: self)
        V2TIMManager.sharedInstance().removeAdvancedMsgListener(listener: self)
    }
    func onRecvC2CTextMessage(msgID: String, sender: V2TIMUserInfo, text: String?) {
        guard let userID = sender.userID, !userID.isEmpty, let text, !text.isEmpty else { return }
        texts.append((userID, text))
    }
    func onRecvC2CCustomMessage(_ msgID: String!, sender info: V2TIMUserInfo!, customData data: Data!) {
        use(msgID, info.userID, data)
    }
}

/// Source: the vendor's TUIKaraoke `KaraokeMusicServiceImplement.sendNoti` (code index id
/// 7975023108) and the vendor's React Native `SDKManager.swift` (id 10430764243): the pre-annotation
/// group simple sends, first argument unlabelled.
enum PluginsGroupSimpleSend {
    static func sendNoti(data: Data, roomId: String) {
        V2TIMManager.sharedInstance()?.sendGroupCustomMessage(data, to: roomId, priority: .PRIORITY_HIGH, succ: {
        }, fail: { (code, msg) in
            use(code, msg)
        })
    }
    static func sendGroupTextMessage(param: [String: Any]) -> String? {
        let text = param["text"] as? String
        let groupID = param["groupID"] as? String
        let priority = param["priority"] as! Int
        return V2TIMManager.sharedInstance()?.sendGroupTextMessage(text, to: groupID, priority: V2TIMMessagePriority(rawValue: priority)!, succ: {
            () -> Void in
        }, fail: { code, desc in use(code, desc) })
    }
}

// MARK: - The vendor's Swift TUIKit: sendMessage result defaulted with ??

/// Source: the vendor's Swift TUIKit `TUIChatBaseDataProvider.swift` (code index id 19080751622):
/// the message ID of the current-name `sendMessage` defaulted with `?? ""`, the fail closure trailing.
enum PluginsTUIKitSwiftSend {
    static func send(_ message: V2TIMMessage, userID: String?, groupID: String?, priority: V2TIMMessagePriority,
                     isOnlineUserOnly: Bool, pushInfo: V2TIMOfflinePushInfo?, progress: V2TIMProgress?,
                     succ: V2TIMSucc?, fail: V2TIMFail?) -> String {
        return V2TIMManager.sharedInstance().sendMessage(message: message, receiver: userID, groupID: groupID, priority: priority, onlineUserOnly: isOnlineUserOnly, offlinePushInfo: pushInfo, progress: progress, succ: succ) { code, desc in
            if code == ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue { use("unsupported") }
            fail?(code, desc)
        } ?? ""
    }
}

// MARK: - AbroadTalking / Metee (SenforQ/Metee, SenforQ/Jinglo), a V2 conversation model

/// Source: SenforQ/Metee `.../TalkingConversationModel` (obfuscated as
/// `ImageDisappearReactiveCompatible.swift`, code index id 11555736441; the same model ships in
/// SenforQ/Jinglo): IUO properties stored into plain and optional model fields, `NSDate` casts of
/// message times, pre-annotation histories with trailing closures.
final class PluginsTalkingConversationModel: NSObject {
    var type: V2TIMConversationType?
    var userID = "", groupID = "", groupType = "", conversationID = "", showName = "", faceUrl = ""
    var sender = "", draftText = ""
    var unreadCount = 0, orderKey = 0
    var isPinned = false, hasTimestamp = false, isShowMsgUnread = false
    var timestamp: NSDate?
    var listShowMessage: V2TIMMessage?

    init(conv: V2TIMConversation) {
        super.init()
        self.type = conv.type
        self.userID = conv.userID ?? ""
        self.sender = conv.lastMessage?.sender ?? ""
        self.groupID = conv.groupID ?? ""
        self.groupType = conv.groupType ?? ""
        self.conversationID = conv.conversationID
        self.showName = conv.showName
        self.faceUrl = conv.faceUrl ?? ""
        self.unreadCount = Int(conv.unreadCount)
        self.orderKey = Int(conv.orderKey)
        self.isPinned = conv.isPinned
        if conv.lastMessage?.timestamp != nil {
            self.hasTimestamp = true
            self.timestamp = conv.lastMessage?.timestamp as NSDate?
        }
        self.draftText = conv.draftText ?? ""
        self.isShowMsgUnread = (!(conv.lastMessage?.isSelf ?? true) && conv.unreadCount > 0)
        if conv.lastMessage != nil, checkMsg(msg: conv.lastMessage) {
            self.listShowMessage = conv.lastMessage
            use(conv.lastMessage!.customElem?.data, Int(conv.lastMessage.timestamp.timeIntervalSince1970))
        }
    }

    func checkMsg(msg: V2TIMMessage) -> Bool {
        guard let extra = String(data: msg.customElem.data, encoding: .utf8) else { return false }
        return !extra.isEmpty
    }

    func updateLastShowMsg() {
        if self.type == .C2C {
            V2TIMManager.sharedInstance().getC2CHistoryMessageList(self.userID, count: 10, lastMsg: nil) { msgs in
                guard let msgsList: [V2TIMMessage] = msgs else { return }
                for msg in msgsList where self.checkMsg(msg: msg) {
                    self.listShowMessage = msg
                    if msg.timestamp != nil {
                        self.timestamp = msg.timestamp as NSDate?
                        self.hasTimestamp = true
                    }
                    self.isShowMsgUnread = (!msg.isSelf && !msg.isRead)
                    break
                }
            } fail: { _, _ in
            }
        } else {
            V2TIMManager.sharedInstance().getGroupHistoryMessageList(self.groupID, count: 10, lastMsg: nil) { msgs in
                use(msgs)
            } fail: { _, _ in
            }
        }
    }
}

// MARK: - The Swift SDK's revoke spelling with V2TIMUserInfo

/// Source: the vendor's Swift-SDK "Message receiving" documentation (code index id 53974597921:
/// `func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserInfo, reason: String?)`) and the
/// party-game app's `ChatController.swift` (ids 47733847331, 47361281247, 47253500494), which
/// implements it beside `onRecvMessageRevoked(msgID: String)`.
final class PluginsSwiftSDKRevokeListener: NSObject, V2TIMAdvancedMsgListener {
    var withInfo = 0
    var plain = 0
    func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserInfo, reason: String?) { withInfo += 1 }
    func onRecvC2CReadReceipt(receiptList: Array<V2TIMMessageReceipt>) {}
    func onRecvNewMessage(msg: V2TIMMessage) {}
}

final class PluginsSwiftSDKRevokeOnlyInfoListener: NSObject, V2TIMAdvancedMsgListener {
    var withInfo = 0
    var plain = 0
    func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserInfo, reason: String?) { withInfo += 1 }
    func onRecvMessageRevoked(msgID: String) { plain += 1 }
}
