import Foundation
import ImSDK
import ImSDK_Plus

// Call shapes of face (sticker) and location messages as public code writes them: the current Swift
// TUIKit (Tencent-RTC/Chat_UIKit, Swift/TUIKit/TUIChat: TUIFaceMessageCellData, TUIInputController),
// the iOS side of the vendor's `tencent_cloud_chat_sdk` Flutter plugin (ios/Classes/utils/
// TencentImUtil.swift and entity/V2MessageEntity.swift, pre-annotation names, `nextElem` walks) and
// a legacy 4.x app (`TIMLocationElem`, `TIMFaceElem` added to a `TIMMessage`). UIKit types are
// replaced by NSObject; everything is compiled, never run. Before 2026-11-29 none of these compiled.

// MARK: - Current Swift TUIKit

final class FLFaceCellData: NSObject {
    var groupIndex: Int32 = 0
    var faceName: String?
    var isOutgoing = false

    /// `TUIFaceMessageCellData.getCellData(message:)`.
    static func cellData(message: V2TIMMessage) -> FLFaceCellData {
        guard let elem = message.faceElem else { return FLFaceCellData() }
        let faceData = FLFaceCellData()
        faceData.isOutgoing = message.isSelf
        faceData.groupIndex = elem.index
        if let data = elem.data {
            faceData.faceName = String(data: data, encoding: .utf8)
        }
        return faceData
    }
}

final class FLInputController: NSObject {
    var sent: [V2TIMMessage] = []

    /// `TUIInputController.faceVerticalView(_:didSelectItemAtIndexPath:)`: a face becomes a message.
    func didSelectFace(groupIndex: Int, name: String?) {
        guard let baseMessage = V2TIMManager.sharedInstance().createFaceMessage(
            index: Int32(groupIndex),
            data: name?.data(using: .utf8) ?? Data()
        ) else { return }
        sent.append(baseMessage)
    }
}

// MARK: - The Flutter plugin (pre-annotation names, dictionaries for Dart)

enum FLFlutterMessages {
    /// `TencentImUtil.createMessage`: the element types 7 and 8.
    static func create(type: Int, messageMap: [String: Any]) -> V2TIMMessage {
        var message = V2TIMMessage()
        switch type {
        case 7:
            message = (V2TIMManager.sharedInstance()?.createLocationMessage(
                messageMap["desc"] as? String, longitude: messageMap["longitude"] as! Double,
                latitude: messageMap["latitude"] as! Double)!) ?? V2TIMMessage()
        case 8:
            message = (V2TIMManager.sharedInstance()?.createFaceMessage(
                messageMap["index"] as! Int32,
                data: (messageMap["data"] as! String).data(using: String.Encoding.utf8, allowLossyConversion: true)
            )) ?? V2TIMMessage()
        default:
            break
        }
        return message
    }

    /// `V2MessageEntity.convertLocationElem` / `convertFaceElem`, and the `nextElem` walk.
    static func dict(of message: V2TIMMessage) -> [String: Any] {
        var result: [String: Any] = [:]
        if message.elemType == V2TIMElemType.ELEM_TYPE_LOCATION, let locationElem = message.locationElem {
            result = [
                "desc": locationElem.desc ?? "",
                "longitude": locationElem.longitude,
                "latitude": locationElem.latitude,
            ]
        } else if message.elemType == .ELEM_TYPE_FACE {
            let faceElem: V2TIMFaceElem = message.faceElem
            result = ["index": faceElem.index, "data": String(data: faceElem.data ?? Data(), encoding: .utf8) ?? ""]
        }
        let nextElem: V2TIMElem? = message.faceElem ?? message.locationElem
        if let nextElem {
            if nextElem is V2TIMLocationElem {
                result["elemType"] = V2TIMElemType.ELEM_TYPE_LOCATION.rawValue
            } else if nextElem is V2TIMFaceElem {
                result["elemType"] = V2TIMElemType.ELEM_TYPE_FACE.rawValue
            }
            if nextElem.next() != nil { result["more"] = true }
        }
        return result
    }
}

// MARK: - A legacy 4.x app

final class FLLegacyChat: NSObject {
    var conversation: TIMConversation?

    func sendLocation(desc: String, latitude: Double, longitude: Double) {
        let elem = TIMLocationElem()
        elem.desc = desc
        elem.latitude = latitude
        elem.longitude = longitude
        let msg = TIMMessage()
        msg.add(elem)
        conversation?.send(msg, succ: {}, fail: { code, desc in _ = (code, desc) })
    }

    func sendFace(index: Int32, data: Data?) {
        let elem = TIMFaceElem()
        elem.index = index
        elem.data = data
        let msg = TIMMessage()
        if msg.addElem(elem) != 0 { return }
        conversation?.send(msg, succ: nil, fail: nil)
    }

    func describe(_ msg: TIMMessage) -> String {
        for i in 0..<msg.elemCount() {
            let elem = msg.getElem(i)
            if let location = elem as? TIMLocationElem {
                return "[location] \(location.desc ?? "") \(location.latitude),\(location.longitude)"
            } else if let face = elem as? TIMFaceElem {
                return "[face \(face.index)]"
            }
        }
        return ""
    }
}

// MARK: - Send-time options of V2TIMMessage (TUIKit's typing notice, 7.1-8.1 headers)

enum FLSendOptions {
    /// `TUIC2CChatViewController`: a typing notice skips moderation and goes to online users only.
    static func typingNotice(editing: Bool, to userID: String) {
        let param: [String: Any] = ["businessID": "user_typing_status", "typingStatus": editing ? 1 : 0]
        guard let data = try? JSONSerialization.data(withJSONObject: param, options: []) else { return }
        let msg: V2TIMMessage = V2TIMManager.sharedInstance().createCustomMessage(data: data)
        msg.isExcludedFromContentModeration = true
        msg.customModerationConfigurationID = nil
        msg.disableCloudMessagePreHook = true
        msg.disableCloudMessagePostHook = false
        msg.supportMessageExtension = false
        _ = V2TIMManager.sharedInstance().sendMessage(
            message: msg, receiver: userID, groupID: nil, priority: .PRIORITY_DEFAULT, onlineUserOnly: true,
            offlinePushInfo: nil, progress: nil, succ: nil, fail: nil)
    }

    /// Reading what a received message says of them.
    static func describe(_ msg: V2TIMMessage) -> String {
        let push = msg.offlinePushInfo?.title ?? ""
        return "\(msg.priority == .PRIORITY_HIGH) \(msg.isBroadcastMessage) \(push)"
    }
}

// MARK: - TUIKit's forward and push settings (TUIChatBaseDataProvider, TUIMessageBaseDataProvider)

enum FLForwardAndPush {
    /// Forwards one by one (not merged), as TUIKit does.
    static func forwards(_ msgs: [V2TIMMessage], excludedFromUnread: Bool) -> [V2TIMMessage] {
        msgs.compactMap { msg -> V2TIMMessage? in
            let forwardMessage = V2TIMManager.sharedInstance().createForwardMessage(message: msg)
            forwardMessage?.isExcludedFromUnreadCount = excludedFromUnread
            forwardMessage?.isExcludedFromLastMessage = false
            return forwardMessage
        }
    }

    /// The push settings TUIKit fills in before a send.
    static func pushInfo(content: String, nickName: String?, customRing: Bool) -> V2TIMOfflinePushInfo {
        let pushInfo: V2TIMOfflinePushInfo? = V2TIMOfflinePushInfo()
        pushInfo?.ext = "{}"
        if !content.isEmpty { pushInfo?.desc = content }
        if let nickName = nickName { pushInfo?.title = nickName }
        pushInfo?.androidOPPOChannelID = "tuikit"
        pushInfo?.androidSound = customRing ? "private_ring" : nil
        pushInfo?.androidHuaWeiCategory = "IM"
        pushInfo?.androidVIVOCategory = "IM"
        pushInfo?.iOSPushType = .V2TIM_IOS_OFFLINE_PUSH_TYPE_APNS
        pushInfo?.ignoreIOSBadge = false
        return pushInfo ?? V2TIMOfflinePushInfo()
    }
}
