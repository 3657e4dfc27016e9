import Foundation
import ImSDK_Plus

// Call shapes in the style of the iOS side of React Native modules on ImSDK_Plus (the vendor's
// `react-native-tim-js` and modules of other authors): arguments from `[String: Any]`, results handed to
// a promise resolver, the simple-message API and `findMessages` to turn a message ID back into a
// message. The React bridge is replaced by a resolve closure. Compiled, never run.

typealias RNStyleResolve = (Any?) -> Void

enum ReactNativeStyle {
    // V2 6.x pre-annotation: React Native module style; errors resolved, not rejected.
    static func returnErrorClosures(method: String, resolve: @escaping RNStyleResolve) -> V2TIMFail {
        return {
            (code: Int32, desc: Optional<String>) -> Void in
            resolve(["method": method, "code": code, "desc": desc ?? ""])
        }
    }

    // V2 6.x pre-annotation: React Native module style; init with a raw log level, SDK listener added after.
    static func initSDK(param: [String: Any], sdkListener: RNStyleSDKListener, resolve: RNStyleResolve) {
        if let sdkAppID = param["sdkAppID"] as? Int32,
           let logLevel = param["logLevel"] as? Int {
            let config = V2TIMSDKConfig()
            config.logLevel = V2TIMLogLevel(rawValue: logLevel)!
            let data = V2TIMManager.sharedInstance().initSDK(sdkAppID, config: config)
            V2TIMManager.sharedInstance().add(sdkListener)
            resolve(data)
        }
    }

    // V2 6.x pre-annotation: React Native module style; login spread over several lines.
    static func login(param: [String: Any], resolve: @escaping RNStyleResolve) {
        if let userID = param["userID"] as? String,
           let userSig = param["userSig"] as? String {
            V2TIMManager.sharedInstance().login(
                userID,
                userSig: userSig,
                succ: {
                    resolve("login success")
                },
                fail: returnErrorClosures(method: "login", resolve: resolve)
            )
        }
    }

    // V2 6.x pre-annotation: React Native module style.
    static func unInitSDK(resolve: RNStyleResolve) {
        V2TIMManager.sharedInstance().unInitSDK()
        resolve("uninit success")
    }

    // V2 6.x pre-annotation: React Native module style.
    static func logout(resolve: @escaping RNStyleResolve) {
        V2TIMManager.sharedInstance().logout({
            resolve("logout success")
        }, fail: returnErrorClosures(method: "logout", resolve: resolve))
    }

    // V2 6.x pre-annotation: React Native module style.
    static func loginInfo(resolve: RNStyleResolve) {
        resolve(V2TIMManager.sharedInstance().getLoginUser() as Any)
        resolve(V2TIMManager.sharedInstance().getLoginStatus().rawValue)
    }

    // V2 6.x pre-annotation: React Native module style; a text sent by the simple API, then found again by ID.
    static func sendC2CTextMessage(param: [String: Any], resolve: @escaping RNStyleResolve) {
        let text = param["text"] as? String
        let userID = param["userID"] as? String
        let msgID = V2TIMManager.sharedInstance()?.sendC2CTextMessage(text, to: userID, succ: {
            () -> Void in
        }, fail: returnErrorClosures(method: "sendC2CTextMessage", resolve: resolve))
        if msgID != nil {
            V2TIMManager.sharedInstance()?.findMessages([msgID!], succ: {
                (msgs) -> Void in
                if msgs?.count != nil && msgs?.count != 0 {
                    resolve([msgs![0].msgID as Any, msgs![0].status.rawValue])
                } else {
                    resolve("msgs is not exist")
                }
            }, fail: returnErrorClosures(method: "sendC2CTextMessage", resolve: resolve))
        }
    }

    // V2 6.x pre-annotation: React Native module style; the custom payload from a string, the ID captured late.
    static func sendC2CCustomMessage(param: [String: Any], resolve: @escaping RNStyleResolve) {
        let customData = param["customData"] as? String
        let userID = param["userID"] as? String
        let data = customData?.data(using: String.Encoding.utf8, allowLossyConversion: true)
        var msgID = ""
        let id = V2TIMManager.sharedInstance()?.sendC2CCustomMessage(data, to: userID, succ: {
            () -> Void in
            V2TIMManager.sharedInstance()?.findMessages([msgID], succ: {
                (msgs) -> Void in
                resolve(msgs?.first?.customElem?.data)
            }, fail: returnErrorClosures(method: "sendC2CCustomMessage", resolve: resolve))
        }, fail: returnErrorClosures(method: "sendC2CCustomMessage", resolve: resolve))
        if id != nil {
            msgID = id!
        }
    }

    // V2 7.x pre-annotation: vendor React Native SDK style; the cursor as a string, `?? []` on the page.
    static func getConversationList(param: [String: Any], resolve: @escaping RNStyleResolve) {
        if let nextSeq = param["nextSeq"] as? String,
           let count = param["count"] as? Int32 {
            V2TIMManager.sharedInstance().getConversationList(UInt64(nextSeq) ?? 0, count: count, succ: {
                conversations, nextSeq, finished in
                let list = conversations ?? []
                resolve([list.map { RNStyleConversationEntity.getDict(info: $0) }, String(nextSeq), finished])
            }, fail: returnErrorClosures(method: "getConversationList", resolve: resolve))
        }
    }

    // V2 7.x pre-annotation: vendor React Native SDK style.
    static func getConversationListByConversaionIds(param: [String: Any], resolve: @escaping RNStyleResolve) {
        if let conversationIDList = param["conversationIDList"] as? [String] {
            V2TIMManager.sharedInstance().getConversationList(conversationIDList, succ: {
                if $0 != nil {
                    resolve($0!.map { RNStyleConversationEntity.getDict(info: $0) })
                }
            }, fail: returnErrorClosures(method: "getConversationListByConversaionIds", resolve: resolve))
        }
    }

    // V2 7.x pre-annotation: vendor React Native SDK style.
    static func getConversation(param: [String: Any], resolve: @escaping RNStyleResolve) {
        if let conversationID = param["conversationID"] as? String {
            V2TIMManager.sharedInstance().getConversation(conversationID, succ: {
                conversation in
                resolve(RNStyleConversationEntity.getDict(info: conversation!))
            }, fail: returnErrorClosures(method: "getConversation", resolve: resolve))
        }
    }

    // V2 7.x pre-annotation: vendor React Native SDK style; optional IDs straight from the arguments.
    static func deleteConversation(param: [String: Any], resolve: @escaping RNStyleResolve) {
        let conversationID = param["conversationID"] as? String
        V2TIMManager.sharedInstance()?.deleteConversation(conversationID, succ: {
            () -> Void in
            resolve(nil)
        }, fail: returnErrorClosures(method: "deleteConversation", resolve: resolve))
    }

    // V2 7.x pre-annotation: vendor React Native SDK style.
    static func setConversationDraft(param: [String: Any], resolve: @escaping RNStyleResolve) {
        let conversationID = param["conversationID"] as? String
        let draftText = param["draftText"] as? String
        V2TIMManager.sharedInstance()?.setConversationDraft(conversationID, draftText: draftText, succ: {
            () -> Void in
            resolve(nil)
        }, fail: returnErrorClosures(method: "setConversationDraft", resolve: resolve))
    }

    // V2 7.x pre-annotation: vendor React Native SDK style.
    static func pinConversation(param: [String: Any], resolve: @escaping RNStyleResolve) {
        let conversationID = param["conversationID"] as? String
        let isPinned = param["isPinned"] as? Bool
        V2TIMManager.sharedInstance()?.pinConversation(conversationID, isPinned: isPinned ?? false, succ: {
            () -> Void in
            resolve("ok")
        }, fail: returnErrorClosures(method: "pinConversation", resolve: resolve))
    }

    // V2 7.x pre-annotation: vendor React Native SDK style.
    static func getTotalUnreadMessageCount(resolve: @escaping RNStyleResolve) {
        V2TIMManager.sharedInstance()?.getTotalUnreadMessageCount({
            totalCount -> Void in
            resolve(totalCount)
        }, fail: returnErrorClosures(method: "getTotalUnreadMessageCount", resolve: resolve))
    }

    // V2 7.x pre-annotation: vendor React Native SDK style; the listener kept by the module, labelled add/remove.
    static func conversationListener(_ listener: RNStyleConversationListener, add: Bool) {
        if add {
            V2TIMManager.sharedInstance().addConversationListener(listener: listener)
        } else {
            V2TIMManager.sharedInstance().removeConversationListener(listener: listener)
        }
    }
}

/// V2 7.x pre-annotation: vendor React Native SDK style; the conversation turned into a JS-friendly map.
enum RNStyleConversationEntity {
    static func getDict(info: V2TIMConversation) -> [String: Any] {
        var result: [String: Any] = [:]
        result["conversationID"] = info.conversationID
        result["type"] = info.type.rawValue
        result["showName"] = info.showName
        result["unreadCount"] = info.unreadCount
        result["isPinned"] = info.isPinned
        result["orderkey"] = info.orderKey
        result["recvOpt"] = info.recvOpt.rawValue
        if let lastMessage = info.lastMessage {
            result["lastMessage"] = [lastMessage.msgID as Any, lastMessage.timestamp as Any, lastMessage.isSelf]
        }
        if let draftTimestamp = info.draftTimestamp {
            result["draftTimestamp"] = Int(draftTimestamp.timeIntervalSince1970)
        }
        return result
    }
}
