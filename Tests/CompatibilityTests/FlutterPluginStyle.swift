import Foundation
import ImSDK_Plus

// Call shapes in the style of the iOS side of Flutter plugins on ImSDK_Plus: the vendor's own plugin
// (`tencent_im_sdk_plugin`, later `tencent_cloud_chat_sdk`, up to 8.x) and a third-party plugin of the
// 5.x era. Method-channel arguments arrive as `[String: Any]` and are cast optionally, so IDs reach the
// SDK as optionals; blocks are unwrapped with `!`, `$0!.map` and `?.forEach`. The Flutter channel is
// replaced by plain arguments and a result closure. Compiled, never run.

typealias FlutterStyleResult = (Any?) -> Void

enum FlutterPluginStyle {
    // V2 5.x pre-annotation: Flutter plugin style; the V2TIMFail every call hands its errors to.
    static func returnErrorClosures(result: @escaping FlutterStyleResult) -> V2TIMFail {
        return {
            (code: Int32, desc: Optional<String>) -> Void in
            result(["code": code, "desc": desc as Any])
        }
    }

    // V2 5.x pre-annotation: third-party Flutter plugin style; init with the SDK listener, then the rest.
    static func initSDK(appid: String, logPrintLevel: Int?, sdkListener: FlutterStyleSDKListener, messageListener: FlutterStyleAdvancedMsgListener, conversationListener: FlutterStyleConversationListener) {
        let sdkConfig = V2TIMSDKConfig()
        if logPrintLevel != nil {
            sdkConfig.logLevel = V2TIMLogLevel.init(rawValue: logPrintLevel!)!
        }
        V2TIMManager.sharedInstance().initSDK((appid as NSString).intValue, config: sdkConfig, listener: sdkListener)
        V2TIMManager.sharedInstance()?.addAdvancedMsgListener(listener: messageListener)
        V2TIMManager.sharedInstance().setConversationListener(conversationListener)
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; the SDK listener re-added with the pruned names, the Bool result sent back.
    static func initSDK(sdkAppID: Int32, logLevel: Int, sdkListener: FlutterStyleSDKListener, result: @escaping FlutterStyleResult) {
        let config = V2TIMSDKConfig()
        config.logLevel = V2TIMLogLevel(rawValue: logLevel)!
        V2TIMManager.sharedInstance().remove(sdkListener)
        V2TIMManager.sharedInstance().add(sdkListener)
        let data = V2TIMManager.sharedInstance().initSDK(sdkAppID, config: config)
        result(data)
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; listeners added and removed with labels.
    static func listeners(conversationListener: FlutterStyleConversationListener, messageListener: FlutterStyleAdvancedMsgListener) {
        V2TIMManager.sharedInstance().addConversationListener(listener: conversationListener)
        V2TIMManager.sharedInstance()?.removeConversationListener(listener: conversationListener)
        V2TIMManager.sharedInstance()?.addAdvancedMsgListener(listener: messageListener)
        V2TIMManager.sharedInstance()?.removeAdvancedMsgListener(listener: messageListener)
    }

    // V2 5.x pre-annotation: Flutter plugin style.
    static func login(userID: String, userSig: String, result: @escaping FlutterStyleResult) {
        V2TIMManager.sharedInstance().login(
            userID,
            userSig: userSig,
            succ: {
                result("login success")
            },
            fail: returnErrorClosures(result: result)
        )
    }

    // V2 5.x pre-annotation: Flutter plugin style.
    static func logout(result: @escaping FlutterStyleResult) {
        V2TIMManager.sharedInstance().logout({
            result("logout success")
        }, fail: returnErrorClosures(result: result))
    }

    // V2 5.x pre-annotation: Flutter plugin style; status as its raw value, user as an optional.
    static func loginState(result: @escaping FlutterStyleResult) {
        result(V2TIMManager.sharedInstance().getLoginStatus().rawValue)
        result(V2TIMManager.sharedInstance()?.getLoginUser())
        result(V2TIMManager.sharedInstance().getLoginUser() as Any)
    }

    // V2 5.x pre-annotation: Flutter plugin style; `conversations!` in the page callback.
    static func getConversationList(params: [String: Any], result: @escaping FlutterStyleResult) {
        if let nextSeq = params["nextSeq"] as? UInt64,
           let count = params["count"] as? Int32 {
            V2TIMManager.sharedInstance().getConversationList(nextSeq, count: count, succ: {
                conversations, nextSeq, finished in
                result([conversations!.map { FlutterStyleConversationEntity.getDict(info: $0) }, nextSeq, finished])
            }, fail: returnErrorClosures(result: result))
        }
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; the cursor sent as a string, `?? []` on the page.
    static func getConversationListFromString(params: [String: Any], result: @escaping FlutterStyleResult) {
        if let nextSeq = params["nextSeq"] as? String,
           let count = params["count"] as? Int32 {
            V2TIMManager.sharedInstance().getConversationList(UInt64(nextSeq) ?? 0, count: count, succ: {
                conversations, nextSeq, finished in
                result([(conversations ?? []).count, String(nextSeq), finished])
            }, fail: returnErrorClosures(result: result))
        }
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; `$0!.map` over the conversations found by ID.
    static func getConversationListByConversaionIds(params: [String: Any], result: @escaping FlutterStyleResult) {
        if let conversationIDList = params["conversationIDList"] as? [String] {
            V2TIMManager.sharedInstance().getConversationList(conversationIDList, succ: {
                if $0 != nil {
                    let dict = $0!.map { FlutterStyleConversationEntity.getDict(info: $0) }
                    result(dict)
                }
            }, fail: returnErrorClosures(result: result))
        }
    }

    // V2 5.x pre-annotation: Flutter plugin style; `conversation!` in the single-conversation callback.
    static func getConversation(params: [String: Any], result: @escaping FlutterStyleResult) {
        if let conversationID = params["conversationID"] as? String {
            V2TIMManager.sharedInstance().getConversation(conversationID, succ: {
                conversation in
                result(FlutterStyleConversationEntity.getDict(info: conversation!))
            }, fail: returnErrorClosures(result: result))
        }
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; optional IDs and draft straight from the arguments.
    static func editConversation(params: [String: Any], result: @escaping FlutterStyleResult) {
        let conversationID = params["conversationID"] as? String
        let draftText = params["draftText"] as? String
        let isPinned = params["isPinned"] as? Bool
        V2TIMManager.sharedInstance()?.deleteConversation(conversationID, succ: {
            () -> Void in
            result(nil)
        }, fail: returnErrorClosures(result: result))
        V2TIMManager.sharedInstance()?.setConversationDraft(conversationID, draftText: draftText, succ: {
            () -> Void in
            result(nil)
        }, fail: returnErrorClosures(result: result))
        V2TIMManager.sharedInstance()?.pinConversation(conversationID, isPinned: isPinned ?? false, succ: {
            () -> Void in
            result("ok")
        }, fail: returnErrorClosures(result: result))
    }

    // V2 5.x pre-annotation: Flutter plugin style; the total with an untyped single parameter.
    static func getTotalUnreadMessageCount(result: @escaping FlutterStyleResult) {
        V2TIMManager.sharedInstance()?.getTotalUnreadMessageCount({
            totalCount -> Void in
            result(totalCount)
        }, fail: returnErrorClosures(result: result))
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; the filter built field by field from a map.
    static func makeFilter(_ filter: [String: Any]) -> V2TIMConversationListFilter {
        let filterNative = V2TIMConversationListFilter.init()
        if filter["conversationType"] as? Int != nil {
            filterNative.type = V2TIMConversationType.init(rawValue: Int(filter["conversationType"] as! Int)) ?? V2TIMConversationType.C2C
        }
        if filter["conversationGroup"] as? String != nil {
            filterNative.conversationGroup = filter["conversationGroup"] as? String
        }
        if filter["hasGroupAtInfo"] as? Bool != nil {
            filterNative.hasGroupAtInfo = filter["hasGroupAtInfo"] as? Bool ?? false
        }
        if filter["hasUnreadCount"] as? Bool != nil {
            filterNative.hasUnreadCount = filter["hasUnreadCount"] as? Bool ?? false
        }
        if filter["markType"] as? UInt != nil {
            filterNative.markType = filter["markType"] as! UInt
        }
        if let u64 = filter["markType64"] as? UInt64 {
            filterNative.markType = UInt(u64)
        }
        return filterNative
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; the by-filter names with `by:`, trailing closures.
    static func filtered(params: [String: Any], result: @escaping FlutterStyleResult) {
        let filterNative = makeFilter(params["filter"] as? [String: Any] ?? [:])
        let nextSeq = params["nextSeq"] as? UInt64
        let count = params["count"] as? UInt32
        V2TIMManager.sharedInstance().getConversationList(by: filterNative, nextSeq: nextSeq ?? 0, count: count ?? 20) { conversations, nextSeq, finished in
            result([(conversations ?? []).count, String(nextSeq), finished])
        } fail: { code, desc in
            result([code, desc as Any])
        }
        V2TIMManager.sharedInstance().getUnreadMessageCount(by: filterNative) { count in
            result(count)
        } fail: { code, desc in
            result([code, desc as Any])
        }
        V2TIMManager.sharedInstance().subscribeUnreadMessageCount(by: filterNative)
        V2TIMManager.sharedInstance().unsubscribeUnreadMessageCount(by: filterNative)
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; operation results walked with `?.forEach`.
    static func batch(params: [String: Any], result: @escaping FlutterStyleResult) {
        let conversationIDList: [String] = params["conversationIDList"] as! [String]
        let customData = params["customData"] as? String
        let clearMessage = (params["clearMessage"] as? Bool)!
        V2TIMManager.sharedInstance().setConversationCustomData(conversationIDList, customData: customData?.data(using: String.Encoding.utf8)) { result_list in
            var dd: [[String: Any]] = []
            result_list?.forEach({ item in
                dd.append([
                    "conversationID": item.conversationID ?? "",
                    "resultCode": item.resultCode,
                    "resultInfo": item.resultInfo ?? "",
                ])
            })
            result(dd)
        } fail: { code, desc in
            result([code, desc as Any])
        }
        V2TIMManager.sharedInstance().deleteConversationList(conversationIDList, clearMessage: clearMessage) { result_list in
            result(result_list?.count)
        } fail: { code, desc in
            result([code, desc as Any])
        }
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; the mark type bridged into an optional NSNumber.
    static func markConversation(params: [String: Any], result: @escaping FlutterStyleResult) {
        let conversationIDList: [String] = params["conversationIDList"] as! [String]
        let enableMark = (params["enableMark"] as? Bool)!
        let markType = (params["markType"] as? UInt64)!
        V2TIMManager.sharedInstance().markConversation(conversationIDList, markType: markType as NSNumber?, enableMark: enableMark) { result_list in
            result(result_list?.map { $0.resultCode })
        } fail: { code, desc in
            result([code, desc as Any])
        }
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; an optional ID to clean, timestamps defaulted.
    static func cleanConversationUnreadMessageCount(params: [String: Any], result: @escaping FlutterStyleResult) {
        let conversationID = params["conversationID"] as? String
        let cleanTimestamp = params["cleanTimestamp"] as? UInt64
        let cleanSequence = params["cleanSequence"] as? UInt64
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID, cleanTimestamp: cleanTimestamp ?? 0, cleanSequence: cleanSequence ?? 0) {
            result(nil)
        } fail: { code, desc in
            result([code, desc as Any])
        }
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; messages made from optional arguments, `?? V2TIMMessage()`.
    static func createMessage(params: [String: Any], type: Int) -> V2TIMMessage {
        var message: V2TIMMessage = V2TIMMessage()
        if let isExcludedFromUnreadCount = params["isExcludedFromUnreadCount"] as? Bool {
            message.isExcludedFromUnreadCount = isExcludedFromUnreadCount
        }
        switch type {
        case 1:
            message = (V2TIMManager.sharedInstance()?.createTextMessage(params["text"] as? String)) ?? V2TIMMessage()
        case 2:
            message = (V2TIMManager.sharedInstance()?.createCustomMessage(
                data: (params["data"] as? String)?.data(using: String.Encoding.utf8, allowLossyConversion: true),
                desc: params["desc"] as? String,
                ext: params["extension"] as? String
            )) ?? V2TIMMessage()
        default:
            message = (V2TIMManager.sharedInstance()?.createTextMessage(params["text"] as? String))!
        }
        return message
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; the pruned `send(_:...)`, IDs falling back to the message's own.
    static func sendMessage(message: V2TIMMessage, params: [String: Any], result: @escaping FlutterStyleResult) {
        let receiver = params["receiver"] as? String
        let groupID = params["groupID"] as? String
        let priority = params["priority"] as? Int
        let onlineUserOnly = params["onlineUserOnly"] as? Bool
        let v2TIMOfflinePushInfo: V2TIMOfflinePushInfo? = nil
        let progressfn = {
            (progress: UInt32) -> Void in
            result(progress)
        }
        let succ = {
            () -> Void in
            result(V2TIMMessageStatus.MSG_STATUS_SEND_SUCC.rawValue)
        }
        let fail = {
            (code: Int32, desc: Optional<String>) -> Void in
            result([code, desc as Any, V2TIMMessageStatus.MSG_STATUS_SEND_FAIL.rawValue])
        }
        V2TIMManager.sharedInstance()?.send(
            message,
            receiver: receiver ?? message.userID,
            groupID: groupID ?? message.groupID,
            priority: V2TIMMessagePriority(rawValue: priority ?? 0)!,
            onlineUserOnly: onlineUserOnly ?? false,
            offlinePushInfo: v2TIMOfflinePushInfo,
            progress: progressfn,
            succ: succ,
            fail: fail
        )
    }

    // V2 5.x pre-annotation: third-party Flutter plugin style; the message ID kept from `send` for the callbacks.
    static func sendAndKeepID(message: V2TIMMessage, receiver: String?, groupID: String?, priority: Int, ol: Bool) -> [String?] {
        var msgId: [String?] = [nil]
        msgId[0] = V2TIMManager.sharedInstance().send(message, receiver: receiver, groupID: groupID, priority: V2TIMMessagePriority.init(rawValue: priority)!, onlineUserOnly: ol, offlinePushInfo: nil, progress: { (p: UInt32) in use(p) }, succ: { use("sent") }, fail: { (code: Int32, s: String?) -> () in use(code, s) })
        return msgId
    }

    // V2 5.x pre-annotation: Flutter plugin style; one typed result callback for both histories.
    static func getHistory(userID: String?, groupID: String?, count: Int32, lastMsg: V2TIMMessage?, result: @escaping FlutterStyleResult) {
        let resultCallBack = {
            (messages: [V2TIMMessage]?) in
            var resultData: [[String: Any]] = []
            for item in messages! {
                resultData.append(FlutterStyleMessageEntity.getDict(message: item))
            }
            result(resultData)
        }
        if let userID = userID {
            V2TIMManager.sharedInstance().getC2CHistoryMessageList(userID, count: count, lastMsg: lastMsg, succ: resultCallBack, fail: returnErrorClosures(result: result))
        } else if let groupID = groupID {
            V2TIMManager.sharedInstance().getGroupHistoryMessageList(groupID, count: count, lastMsg: nil, succ: resultCallBack, fail: returnErrorClosures(result: result))
        }
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; `msgs!` over the page of the C2C history.
    static func getC2CHistoryMessageListFn(userID: String, count: Int32, lastMsg: V2TIMMessage?, result: @escaping FlutterStyleResult) {
        V2TIMManager.sharedInstance()?.getC2CHistoryMessageList(userID, count: count, lastMsg: lastMsg, succ: {
            msgs -> Void in
            var messageList: [[String: Any]] = []
            for i in msgs! {
                messageList.append(FlutterStyleMessageEntity.getDict(message: i))
            }
            result(messageList)
        }, fail: returnErrorClosures(result: result))
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; messages found by ID, trailing and labelled forms.
    static func findMessages(msgIDList: [String], result: @escaping FlutterStyleResult) {
        V2TIMManager.sharedInstance().findMessages(msgIDList) { messages in
            result(messages?.count)
        } fail: { code, desc in
            result([code, desc as Any])
        }
        V2TIMManager.sharedInstance()?.findMessages(msgIDList, succ: {
            (msgs) -> Void in
            if msgs?.count != nil && msgs?.count != 0 {
                result(FlutterStyleMessageEntity.getDict(message: msgs![0]))
            }
        }, fail: returnErrorClosures(result: result))
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; the read APIs with optional IDs.
    static func markRead(userID: String?, groupID: String?, result: @escaping FlutterStyleResult) {
        if let userID = userID {
            V2TIMManager.sharedInstance().markC2CMessage(asRead: userID, succ: {
                result(nil)
            }, fail: returnErrorClosures(result: result))
        }
        V2TIMManager.sharedInstance()?.markGroupMessage(asRead: groupID, succ: {
            () -> Void in
            result(nil)
        }, fail: returnErrorClosures(result: result))
        V2TIMManager.sharedInstance()?.markAllMessage(asRead: {
            () -> Void in
            result(nil)
        }, fail: returnErrorClosures(result: result))
    }

    // V2 8.x pre-annotation: vendor Flutter plugin style; receive options from raw values.
    static func receiveOptions(userIDList: [String], groupID: String, opt: Int, result: @escaping FlutterStyleResult) {
        V2TIMManager.sharedInstance()?.setC2CReceiveMessageOpt(userIDList, opt: V2TIMReceiveMessageOpt.init(rawValue: opt)!, succ: {
            () -> Void in
            result("ok")
        }, fail: returnErrorClosures(result: result))
        V2TIMManager.sharedInstance()?.setGroupReceiveMessageOpt(groupID, opt: V2TIMReceiveMessageOpt.init(rawValue: opt)!, succ: {
            () -> Void in
            result("ok")
        }, fail: returnErrorClosures(result: result))
    }
}

/// V2 8.x pre-annotation: vendor Flutter plugin style; an entity subclassing the SDK's conversation to
/// hold a static converter, reading every property the IUO way.
class FlutterStyleConversationEntity: V2TIMConversation {
    public static func getDict(info: V2TIMConversation) -> [String: Any] {
        var result: [String: Any] = [:]
        result["conversationID"] = info.conversationID
        result["type"] = info.type.rawValue
        result["userID"] = info.userID
        result["groupID"] = info.groupID
        result["showName"] = info.showName
        result["faceUrl"] = info.faceUrl
        result["recvOpt"] = info.recvOpt.rawValue
        result["groupType"] = info.groupType
        result["unreadCount"] = info.unreadCount
        result["draftText"] = info.draftText
        result["draftTimestamp"] = (info.draftTimestamp != nil) ? Int(info.draftTimestamp.timeIntervalSince1970) : nil
        result["isPinned"] = info.isPinned
        result["orderkey"] = info.orderKey
        var markList: [Int64] = []
        info.markList.forEach { markn in
            markList.append(markn.int64Value)
        }
        result["markList"] = markList
        result["customData"] = String.init(data: info.customData, encoding: String.Encoding.utf8) ?? ""
        result["conversationGroupList"] = info.conversationGroupList
        result["c2cReadTimestamp"] = info.c2cReadTimestamp
        result["groupReadSequence"] = info.groupReadSequence
        if info.lastMessage != nil {
            result["lastMessage"] = FlutterStyleMessageEntity.getDict(message: info.lastMessage)
        }
        if info.groupAtInfolist != nil {
            var groupAtInfoList: [[String: Any]] = []
            for item in info.groupAtInfolist {
                groupAtInfoList.append(FlutterStyleGroupAtInfoEntity.getDict(info: item))
            }
            result["groupAtInfoList"] = groupAtInfoList
        }
        return result
    }
}

/// V2 8.x pre-annotation: vendor Flutter plugin style; an entity subclassing the SDK's @ info.
class FlutterStyleGroupAtInfoEntity: V2TIMGroupAtInfo {
    public static func getDict(info: V2TIMGroupAtInfo) -> [String: Any] {
        var result: [String: Any] = [:]
        result["seq"] = "\(info.seq)"
        result["atType"] = info.atType.rawValue
        return result
    }
}

/// V2 8.x pre-annotation: vendor Flutter plugin style; a message read into a dictionary.
enum FlutterStyleMessageEntity {
    static func getDict(message: V2TIMMessage) -> [String: Any] {
        var result: [String: Any] = [:]
        result["msgID"] = message.msgID
        result["timestamp"] = message.timestamp as Date?
        result["sender"] = message.sender
        result["groupID"] = message.groupID
        result["userID"] = message.userID
        result["status"] = message.status.rawValue
        result["isSelf"] = message.isSelf
        result["isRead"] = message.isRead
        result["isPeerRead"] = message.isPeerRead
        result["elemType"] = message.elemType.rawValue
        result["localCustomInt"] = message.localCustomInt
        result["seq"] = String(message.seq)
        result["isExcludedFromUnreadCount"] = message.isExcludedFromUnreadCount
        result["isExcludedFromLastMessage"] = message.isExcludedFromLastMessage
        if message.localCustomData != nil {
            if let localCustomData = message.localCustomData {
                result["localCustomData"] = String(data: localCustomData, encoding: .utf8)
            }
        }
        if message.elemType == .ELEM_TYPE_TEXT {
            result["text"] = message.textElem.text
        } else if message.elemType == .ELEM_TYPE_CUSTOM, let customElem = message.customElem {
            result["data"] = String.init(data: customElem.data, encoding: String.Encoding.utf8) ?? ""
        }
        return result
    }
}

/// The calls of the plugin's `SDKManager`, `MessageManager` and `TencentImUtil` that a 2026-11-29
/// audit found missing: the experimental call its init runs in, pre-annotation names, the push
/// type's case name.
enum FlutterPluginMoreStyle {
    static func initSDK(sdkAppID: Int32, uiPlatform: Int, logLevel: Int, result: @escaping (Any?) -> Void) {
        V2TIMManager.sharedInstance().callExperimentalAPI("setUIPlatform", param: uiPlatform as NSObject, succ: { _ in
            let config = V2TIMSDKConfig()
            config.logLevel = V2TIMLogLevel(rawValue: logLevel)!
            result(V2TIMManager.sharedInstance().initSDK(sdkAppID, config: config))
        }, fail: { code, desc in result("\(code) \(desc ?? "")") })
    }

    static func callExperimentalAPI(api: String, param: Any?, result: @escaping (Any?) -> Void) {
        V2TIMManager.sharedInstance().callExperimentalAPI(api, param: param as? NSObject, succ: { value in
            result(value)
        }, fail: { code, desc in result("\(code) \(desc ?? "")") })
    }

    static func writeLog(_ strParam: String) {
        V2TIMManager.sharedInstance().callExperimentalAPI("writeLog", param: strParam as NSObject) { res in
            _ = res
        }
    }

    static func forward(_ msgs: [V2TIMMessage]?) -> V2TIMMessage? {
        if msgs?.count != nil && msgs?.count != 0 {
            let message = V2TIMManager.sharedInstance()?.createForwardMessage(msgs![0])
            if message != nil { return message! }
        }
        return nil
    }

    static func setAllReceiveMessageOpt(_ args: [String: Any], result: @escaping (Any?) -> Void) {
        let opt = args["opt"] as? Int
        let optEnum: V2TIMReceiveMessageOpt = V2TIMReceiveMessageOpt.init(rawValue: opt ?? 0) ?? V2TIMReceiveMessageOpt.RECEIVE_MESSAGE
        V2TIMManager.sharedInstance().setAllReceiveMessageOpt(optEnum, startHour: args["startHour"] as? Int32 ?? 0,
            startMinute: args["startMinute"] as? Int32 ?? 0, startSecond: args["startSecond"] as? Int32 ?? 0,
            duration: args["duration"] as? UInt32 ?? 0) {
            result(nil)
        } fail: { code, desc in
            result("\(code) \(desc ?? "")")
        }
        V2TIMManager.sharedInstance().setAllReceiveMessageOpt(optEnum, startTimeStamp: args["startTimeStamp"] as? UInt32 ?? 0,
            duration: args["duration"] as? UInt32 ?? 0) {
            result(nil)
        } fail: { code, desc in
            result("\(code) \(desc ?? "")")
        }
    }

    static func createAtMessage(_ messageMap: [String: Any]) -> V2TIMMessage {
        let atUserList = NSMutableArray(array: messageMap["atUserList"] as? [String] ?? [])
        if atUserList.contains("__kImSDK_MesssageAtALL__") {
            atUserList.remove("__kImSDK_MesssageAtALL__")
            atUserList.add(kImSDK_MesssageAtALL)
        }
        return (V2TIMManager.sharedInstance()?.createText(atMessage: messageMap["text"] as? String, atUserList: atUserList)) ?? V2TIMMessage()
    }

    static func pushInfo(_ map: [String: Any]) -> V2TIMOfflinePushInfo {
        let info = V2TIMOfflinePushInfo()
        info.title = map["title"] as? String
        info.iOSPushType = (map["iOSPushType"] as? Int) == 1 ? .TIM_IOS_OFFLINE_PUSH_TYPE_VOIP : .TIM_IOS_OFFLINE_PUSH_TYPE_APNS
        return info
    }
}
