import Foundation
import ImSDK_Plus

// Call shapes of more public Swift code (the vendor's plugins, Swift TUIKit and Swift-SDK docs,
// other plugins and apps), found on 2026-11-29; each written in the style of its source (named
// above it), not copied. Compiled, never run.

typealias FoundResult = (Any?) -> Void

private func foundFail(_ result: @escaping FoundResult) -> V2TIMFail {
    return { code, desc in result([code, desc as Any]) }
}

// MARK: - JiangJuHong/FlutterTencentImPlugin ios/Classes/SwiftTencentImPlugin.swift (V2 5.x, pre-annotation)

enum FoundJiangJuHongPlugin {
    // getConversationList / getConversation / deleteConversation / setConversationDraft / pinConversation
    static func conversations(args: [String: Any], result: @escaping FoundResult) {
        if let nextSeq = args["nextSeq"] as? UInt64, let count = args["count"] as? Int32 {
            V2TIMManager.sharedInstance().getConversationList(nextSeq, count: count, succ: {
                conversations, nextSeq, finished in
                result([conversations!.count, nextSeq, finished])
            }, fail: foundFail(result))
        }
        if let conversationID = args["conversationID"] as? String {
            V2TIMManager.sharedInstance().getConversation(conversationID, succ: {
                conversation in
                result(conversation!.conversationID)
            }, fail: foundFail(result))
            V2TIMManager.sharedInstance().deleteConversation(conversationID, succ: {
                result(nil)
            }, fail: foundFail(result))
            let draftText = args["draftText"] as? String
            V2TIMManager.sharedInstance().setConversationDraft(conversationID, draftText: draftText, succ: {
                result(nil)
            }, fail: foundFail(result))
            if let isPinned = args["isPinned"] as? Bool {
                V2TIMManager.sharedInstance().pinConversation(conversationID, isPinned: isPinned, succ: {
                    result(nil)
                }, fail: foundFail(result))
            }
        }
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount({ number in
            result(number)
        }, fail: foundFail(result))
    }

    // setC2CReceiveMessageOpt / setGroupReceiveMessageOpt with raw values
    static func receiveOptions(args: [String: Any], result: @escaping FoundResult) {
        if let ids = args["ids"] as? [String], let opt = args["opt"] as? Int {
            V2TIMManager.sharedInstance().setC2CReceiveMessageOpt(ids, opt: V2TIMReceiveMessageOpt.init(rawValue: opt)!, succ: {
                result(nil)
            }, fail: foundFail(result))
        }
        if let groupID = args["groupID"] as? String, let opt = args["opt"] as? Int {
            V2TIMManager.sharedInstance().setGroupReceiveMessageOpt(groupID, opt: V2TIMReceiveMessageOpt.init(rawValue: opt)!, succ: {
                result(nil)
            }, fail: foundFail(result))
        }
    }

    // getC2CReceiveMessageOpt with the pre-annotation (unlabelled) first argument, an optional array.
    //   (only getC2CReceiveMessageOpt(userIDList: [String], succ:fail:) exists)
    static func getC2CReceiveMessageOpt(arguments: Any?, result: @escaping FoundResult) {
        V2TIMManager.sharedInstance().getC2CReceiveMessageOpt(arguments as? [String], succ: {
            array in
            var res: Dictionary<String, Int> = [:]
            for item in array! {
                res[item.userID] = item.receiveOpt.rawValue
            }
            result(res)
        }, fail: foundFail(result))
    }

    // local custom fields set before sending; the pruned insert names; findMessages with a typed IUO parameter
    static func localFields(message: V2TIMMessage, args: [String: Any], result: @escaping FoundResult) {
        let localCustomInt = args["localCustomInt"] as? Int32
        let localCustomStr = args["localCustomStr"] as? String
        if localCustomInt != nil {
            message.localCustomInt = localCustomInt!
        }
        if localCustomStr != nil {
            message.localCustomData = localCustomStr!.data(using: .utf8)
        }
        if let groupID = args["groupID"] as? String, let sender = args["sender"] as? String {
            V2TIMManager.sharedInstance().insertGroupMessage(toLocalStorage: message, to: groupID, sender: sender, succ: {
                result(nil)
            }, fail: foundFail(result))
        }
        if let ids = args["ids"] as? [String] {
            V2TIMManager.sharedInstance()?.findMessages(ids, succ: {
                (ms: [V2TIMMessage]!) in
                for item in ms! {
                    item.localCustomInt = 1
                    item.localCustomData = "x".data(using: .utf8)!
                }
                result(ms.count)
            }, fail: foundFail(result))
        }
    }
}

// MARK: - Vendor React Native module (react-native-tim-js) ios MessageManager.swift (code index id 9935840227)

enum FoundVendorRNMessages {
    static func getC2CReceiveMessageOpt(param: [String: Any], resolve: @escaping FoundResult) {
        if let userIDList = param["userIDList"] as? [String] {
            V2TIMManager.sharedInstance()?.getC2CReceiveMessageOpt(userIDList, succ: {
                let dict = $0!.map { [
                    "c2CReceiveMessageOpt": Int($0.receiveOpt.rawValue),
                    "userID": $0.userID ?? ""
                ] }
                resolve(dict)
            }, fail: foundFail(resolve))
        }
    }

    // the ID returned by the pruned insert, used in its own success block
    static func insertC2C(param: [String: Any], message: V2TIMMessage, resolve: @escaping FoundResult) {
        if let userID = param["userID"] as? String, let sender = param["sender"] as? String {
            var msgID = ""
            let id = V2TIMManager.sharedInstance()?.insertC2CMessage(toLocalStorage: message, to: userID, sender: sender, succ: {
                () -> Void in
                V2TIMManager.sharedInstance()?.findMessages([msgID], succ: {
                    (msgs) -> Void in
                    resolve(msgs?.first?.msgID)
                }, fail: foundFail(resolve))
            }, fail: foundFail(resolve))
            if id != nil {
                msgID = id!
            }
        }
    }

    // setCustomDataBeforSend and setLocalCustomInt/Data: fields written on a message before sending or after finding it
    static func beforeSend(param: [String: Any], message: V2TIMMessage) {
        if let data = param["localCustomData"] as? String {
            message.localCustomData = data.data(using: String.Encoding.utf8, allowLossyConversion: true)
        }
        if let data = param["isExcludedFromUnreadCount"] as? Bool {
            message.isExcludedFromUnreadCount = data
        }
        if let data = param["isExcludedFromLastMessage"] as? Bool {
            message.isExcludedFromLastMessage = data
        }
    }

    static func setLocalCustomInt(param: [String: Any], resolve: @escaping FoundResult) {
        if let msgID = param["msgID"] as? String, let localCustomInt = param["localCustomInt"] as? Int32 {
            V2TIMManager.sharedInstance()?.findMessages([msgID], succ: {
                if $0?.count ?? 0 > 0 {
                    $0![0].localCustomInt = localCustomInt
                    resolve("ok")
                }
            }, fail: foundFail(resolve))
        }
    }

    // modifyMessage: elements edited in place on a found message, then handed over (pre-annotation name)
    static func editFound(message: [String: Any]?, resolve: @escaping FoundResult) {
        V2TIMManager.sharedInstance().findMessages(["id"]) { messages in
            if messages?.count == 1 {
                if message?["localCustomInt"] != nil {
                    messages?[0].localCustomInt = message?["localCustomInt"] as! Int32
                }
                if messages?[0].elemType == V2TIMElemType.ELEM_TYPE_TEXT {
                    let textElem: [String: String] = message?["textElem"] as! [String: String]
                    messages?[0].textElem.text = textElem["text"]
                }
                if messages?[0].elemType == V2TIMElemType.ELEM_TYPE_CUSTOM {
                    let customElem: [String: Any] = message?["customElem"] as! [String: Any]
                    messages?[0].customElem.data = (customElem["data"] as? String)?.data(using: .utf8)
                    messages?[0].customElem.desc = customElem["desc"] as? String
                    messages?[0].customElem.extension = customElem["extension"] as? String
                }
                V2TIMManager.sharedInstance().modifyMessage(messages?[0]) { code, desc, modifyedMessage in
                    var res: [String: Any] = [:]
                    res["code"] = code
                    res["desc"] = desc
                    res["message"] = modifyedMessage?.msgID
                    resolve(res)
                }
            }
        } fail: { code, desc in
            resolve([code, desc as Any])
        }
    }
}

// MARK: - 6.5-era filter: vendor Flutter plugin ConversationManager.swift (code index id 10213495229)
// and vendor React Native ConversationManager.swift (id 17241735384)

enum FoundFilter65 {
    //   (getConversationList(by:succ:fail:) of SDK 6.5 does not exist; only (by:nextSeq:count:succ:fail:))
    static func getConversationListByFilter(filter: [String: Any], result: @escaping FoundResult) {
        let filter_native = V2TIMConversationListFilter.init()
        if filter["groupName"] as? String != nil {
            filter_native.groupName = (filter["groupName"] as? String)
        }
        if filter["conversationType"] as? Int != nil {
            filter_native.type = V2TIMConversationType.init(rawValue: Int(filter["conversationType"] as! Int)) ?? V2TIMConversationType.C2C
        }
        if filter["nextSeq"] as? UInt64 != nil {
            filter_native.nextSeq = (filter["nextSeq"] as! UInt64)
        }
        if filter["count"] as? UInt32 != nil {
            filter_native.count = (filter["count"] as! UInt32)
        }
        if filter["markType"] as? UInt32 != nil {
            let u64: UInt64 = 1
            let ab = u64 << (filter["markType"] as! UInt32)
            filter_native.markType = UInt(ab)
        }
        V2TIMManager.sharedInstance().getConversationList(by: filter_native) { conversations, nextSeq, finished in
            result([(conversations ?? []).count, String(nextSeq), finished])
        } fail: { code, desc in
            result([code, desc as Any])
        }
    }

    // the same plugin's other calls of that era (compile)
    static func others(args: [String: Any], result: @escaping FoundResult) {
        let conversationID = args["conversationID"] as? String
        V2TIMManager.sharedInstance()?.deleteConversation(conversationID, succ: {
            () -> Void in
            result(nil)
        }, fail: foundFail(result))
        let isPinned = args["isPinned"] as? Bool
        V2TIMManager.sharedInstance()?.pinConversation(conversationID, isPinned: isPinned ?? false, succ: {
            () -> Void in
            result("ok")
        }, fail: foundFail(result))
        if let conversationIDList = args["conversationIDList"] as? [String] {
            V2TIMManager.sharedInstance().getConversationList(conversationIDList, succ: {
                if $0 != nil {
                    result($0!.map { $0.conversationID })
                }
            }, fail: foundFail(result))
            let markType = (args["markType"] as? Int32) ?? 0
            let u64: UInt64 = 1
            V2TIMManager.sharedInstance().markConversation(conversationIDList, markType: (u64 << markType) as NSNumber?, enableMark: true) { result_list in
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
        }
    }
}

// MARK: - "AIRun" app APPIMManager.swift (code index id 23118152867): one manager for three listeners,
// each in its own extension; `add(self)`; pre-annotation login/logout with trailing closures

final class FoundAIRunIMManager: NSObject {
    var conversations: [V2TIMConversation] = []
    var nextSeq: UInt64 = 0
    var events: [String] = []

    func initIMSDK(appID: Int32) {
        let config = V2TIMSDKConfig.init()
        config.logLevel = .LOG_DEBUG
        V2TIMManager.sharedInstance().initSDK(appID, config: config)
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
        V2TIMManager.sharedInstance().addConversationListener(listener: self)
        V2TIMManager.sharedInstance().add(self)
    }

    func login(userID: String, userSig: String) {
        V2TIMManager.sharedInstance().login(userID, userSig: userSig) {
            self.getTotalUnreadMsgCount()
            self.getHistoryConversation()
        } fail: { code, errStr in
            print("IM login failed code = \(code) errStr = \(String(describing: errStr))")
        }
    }

    func logout() {
        V2TIMManager.sharedInstance().logout {
            print("IM logout")
        } fail: { code, errStr in
            print("IM logout failed code = \(code) errStr = \(String(describing: errStr))")
        }
    }

    func getTotalUnreadMsgCount() {
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount { num in
            self.events.append("total \(Int(num))")
        } fail: { code, str in
        }
    }

    func getHistoryConversation() {
        let filter = V2TIMConversationListFilter()
        filter.conversationGroup = ""
        V2TIMManager.sharedInstance().getConversationList(by: filter, nextSeq: self.nextSeq, count: 20) { list, nextSeq, isFinish in
            if nextSeq > 0 {
                self.nextSeq = nextSeq
            }
            self.handleConversationList(listArr: list ?? [])
        } fail: { code, des in
        }
    }

    func handleConversationList(listArr: [V2TIMConversation]) {
        var conversationMap: Dictionary<String, V2TIMConversation> = [:]
        conversations.forEach { model in
            conversationMap[model.conversationID] = model
        }
        for conversation in listArr {
            if conversationMap.keys.contains(conversation.conversationID) {
                if let index = conversations.firstIndex(where: { $0.conversationID == conversation.conversationID }) {
                    conversations[index] = conversation
                }
            } else {
                conversations.append(conversation)
            }
        }
        conversations = conversations.sorted(by: { model1, model2 in
            if let last1 = model1.lastMessage, let last2 = model2.lastMessage, let time1 = last1.timestamp, let time2 = last2.timestamp {
                return time1.timeIntervalSince1970 > time2.timeIntervalSince1970
            } else {
                return model1.orderKey > model2.orderKey
            }
        })
    }
}

extension FoundAIRunIMManager: V2TIMAdvancedMsgListener {
    func onRecvNewMessage(_ msg: V2TIMMessage!) {
        events.append("newMessage")
        if msg.customElem != nil, let extraStr = String(data: msg.customElem.data, encoding: .utf8) {
            use(extraStr)
        }
    }

    // declared in the message listener's extension; a conversation-listener method
    func onConversationDeleted(_ conversationIDList: [String]!) {
        events.append("deleted \(conversationIDList.count)")
    }
}

extension FoundAIRunIMManager: V2TIMConversationListener {
    func onNewConversation(_ conversationList: [V2TIMConversation]!) {
        events.append("new")
        handleConversationList(listArr: conversationList)
    }

    func onConversationChanged(_ conversationList: [V2TIMConversation]!) {
        events.append("changed")
        handleConversationList(listArr: conversationList)
    }

    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) {
        events.append("total \(Int(totalUnreadCount))")
    }
}

extension FoundAIRunIMManager: V2TIMSDKListener {
    func onConnecting() { events.append("connecting") }
    func onConnectSuccess() { events.append("connected") }
    func onKickedOffline() { events.append("kicked") }
}

// MARK: - "SMON" app MessageView.swift (code index id 47800351036): a SwiftUI model as SDK listener;
// `add(self)`, pre-annotation login and first page; rows read the IUO properties directly

final class FoundSMONMessageViewModel: NSObject, V2TIMSDKListener {
    var conversations: [V2TIMConversation] = []

    func start(userID: String, userSig: String) {
        V2TIMManager.sharedInstance().add(self)
        V2TIMManager.sharedInstance().login("m" + userID, userSig: userSig) {
            self.getConversationList()
        } fail: { _, _ in
        }
    }

    func getConversationList() {
        V2TIMManager.sharedInstance().getConversationList(UInt64(0), count: 300) { conversations, _, _ in
            self.conversations = conversations ?? []
        } fail: { _, _ in
        }
    }

    // Stand-ins for SwiftUI's `Text(_:)` (StringProtocol) and the app's `WebImage(str: String?)`.
    static func text<S: StringProtocol>(_ content: S) -> String { String(content) }
    static func webImage(str: String?) -> String? { str }

    static func userLine(_ conversation: V2TIMConversation) -> [String?] {
        let ids = Set([conversation]) // `ForEach(vm.conversations, id: \.self)`
        use(ids)
        return [
            webImage(str: conversation.faceUrl),
            text(conversation.showName),
            text(conversation.lastMessage.description),
            String(Date(timeIntervalSince1970: Double(conversation.c2cReadTimestamp)).timeIntervalSince1970),
        ]
    }
}

// MARK: - sxf144/party Platform/Classes/Manager/IMManager.swift and ConversationListController.swift
// (Swift SDK; `import ImSDK_Plus` in its place), and the vendor Flutter plugin's SDKListener.swift
// (code index id 22347655730): the global receive option listener method

final class FoundPartyIMManager: NSObject {
    let config = V2TIMSDKConfig()

    func initIMSDK(sdkAppID: Int32) -> Bool {
        V2TIMManager.shared.addIMSDKListener(listener: self)
        return V2TIMManager.shared.initSDK(sdkAppID: sdkAppID, config: config)
    }

    func delete(convID: String) {
        V2TIMManager.shared.deleteConversation(conversation: convID) {
            print("deleteConversation succ conversationID:\(convID)")
        } fail: { code, desc in
            print("deleteConversation fail")
        }
    }
}

extension FoundPartyIMManager: V2TIMSDKListener {
    func onConnecting() {}
    func onConnectSuccess() {}
    func onConnectFailed(code: Int32, err: String) {}
    func onKickedOffline() {}
    func onUserSigExpired() {}
}

final class FoundFlutterSDKListener: NSObject, V2TIMSDKListener {
    public func onConnectFailed(_ code: Int32, err: String!) {}
}

// MARK: - Vendor Swift TUIKit demo AppDelegate (code index id 53501503944): "clear all unread" badge action

final class FoundTUIKitDemoRedpoint {
    var unReadCount: UInt = 0
    var markUnreadMap: [String: Any] = [:]

    func redpoint_clearUnreadMessage() {
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID: "", cleanTimestamp: 0, cleanSequence: 0, succ: { [weak self] in
            guard let self = self else { return }
            self.onTotalUnreadCountChanged(0)
        }, fail: { [weak self] code, desc in
            guard let self = self else { return }
            print(String(format: "%d %@", code, desc ?? ""))
            self.onTotalUnreadCountChanged(self.unReadCount)
        })
        let conversations = Array(markUnreadMap.keys)
        if !conversations.isEmpty {
            V2TIMManager.sharedInstance().markConversation(conversationIDList: conversations, markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue), enableMark: false, succ: nil, fail: nil)
        }
    }

    func onTotalUnreadCountChanged(_ totalUnreadCount: UInt) {
        unReadCount = totalUnreadCount
    }

    func redpoint_setupTotalUnreadCount() {
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount(succ: { [weak self] totalCount in
            self?.onTotalUnreadCountChanged(UInt(totalCount))
        }, fail: { _, _ in })
    }
}

// MARK: - Vendor Swift TUIKit TUIConversationListBaseDataProvider.swift (code index id 19686953258):
// the SDK listener's `String?` spelling beside the labelled conversation spellings

final class FoundTUIKitDataProvider: NSObject, V2TIMConversationListener, V2TIMSDKListener, V2TIMAdvancedMsgListener {
    var events: [String] = []
    public func onNewConversation(conversationList: [V2TIMConversation]) { events.append("new") }
    public func onConversationChanged(conversationList: [V2TIMConversation]) { events.append("changed") }
    public func onConversationDeleted(conversationIDList: [String]) { events.append("deleted") }
    public func onConnectFailed(_ code: Int32, err: String?) { events.append("connectFailed") }
    public func onConnectSuccess() { events.append("connected") }
    public func onRecvNewMessage(msg: V2TIMMessage) { events.append("newMessage") }
}

// MARK: - "Raver" app TencentIMSession.swift (code index id 55761854721): a @MainActor session object
// bridging callbacks into async/await, its listener methods `nonisolated`

struct FoundRaverError: Error { let code: Int32; let desc: String? }

@MainActor
final class FoundRaverSession: NSObject {
    var state = ""
    var unreadCount = 0

    func requireReadyManager() throws -> V2TIMManager {
        guard let manager = V2TIMManager.sharedInstance() else { throw FoundRaverError(code: -1, desc: nil) }
        guard manager.getLoginStatus().rawValue == 1, let userID = manager.getLoginUser(), !userID.isEmpty else {
            throw FoundRaverError(code: -2, desc: nil)
        }
        return manager
    }

    func start(sdkAppID: Int) {
        guard let manager = V2TIMManager.sharedInstance() else { return }
        let config = V2TIMSDKConfig()
        config.logLevel = V2TIMLogLevel(rawValue: 4) ?? config.logLevel
        let initialized = manager.initSDK(Int32(sdkAppID), config: config)
        guard initialized else { return }
        manager.addIMSDKListener(listener: self)
        manager.addConversationListener(listener: self)
        manager.addAdvancedMsgListener(listener: self)
    }

    func markConversationRead(conversationID: String) async throws {
        let manager = try requireReadyManager()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            manager.cleanConversationUnreadMessageCount(conversationID: conversationID, cleanTimestamp: 0, cleanSequence: 0) {
                continuation.resume()
            } fail: { code, desc in
                continuation.resume(throwing: FoundRaverError(code: code, desc: desc))
            }
        }
    }

    func markConversationUnread(conversationID: String, unread: Bool) async throws {
        let manager = try requireReadyManager()
        let markType = NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            manager.markConversation(conversationIDList: [conversationID], markType: markType, enableMark: unread) { _ in
                continuation.resume()
            } fail: { code, desc in
                continuation.resume(throwing: FoundRaverError(code: code, desc: desc))
            }
        }
    }

    func setMuted(userID: String?, groupID: String?, muted: Bool) async throws {
        let manager = try requireReadyManager()
        let receiveOpt = V2TIMReceiveMessageOpt(rawValue: muted ? 2 : 0) ?? V2TIMReceiveMessageOpt(rawValue: 0)
        guard let opt = receiveOpt else { return }
        if let userID {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                manager.setC2CReceiveMessageOpt(userIDList: [userID], opt: opt) {
                    continuation.resume()
                } fail: { code, desc in
                    continuation.resume(throwing: FoundRaverError(code: code, desc: desc))
                }
            }
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                manager.clearC2CHistoryMessage(userID: userID) {
                    continuation.resume()
                } fail: { code, desc in
                    continuation.resume(throwing: FoundRaverError(code: code, desc: desc))
                }
            }
        } else if let groupID {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                manager.setGroupReceiveMessageOpt(groupID: groupID, opt: opt) {
                    continuation.resume()
                } fail: { code, desc in
                    continuation.resume(throwing: FoundRaverError(code: code, desc: desc))
                }
            }
        }
    }

    func fallbackMessageID(for message: V2TIMMessage, conversationID: String) -> String {
        "\(conversationID)-\(message.seq)-\(message.random)"
    }

    func revokerName(for message: V2TIMMessage, operateUser: V2TIMUserFullInfo?) -> String? {
        operateUser?.nickName ?? message.revokerInfo?.nickName ?? message.revokerInfo?.userID ?? message.sender
    }

    func mentionSigned(manager: V2TIMManager, message: V2TIMMessage, mentioned: [String]) -> V2TIMMessage? {
        let atUserList = NSMutableArray()
        for id in mentioned {
            atUserList.add(id == "all" ? kImSDK_MesssageAtALL : id)
        }
        guard let signedMessage = manager.createAtSignedGroupMessage(message: message, atUserList: atUserList) else {
            return nil
        }
        return signedMessage
    }
}

extension FoundRaverSession: V2TIMSDKListener {
    nonisolated func onConnecting() {
        Task { @MainActor [weak self] in self?.state = "connecting" }
    }
    nonisolated func onConnectFailed(_ code: Int32, err: String?) {
        let message = err?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        Task { @MainActor [weak self] in self?.state = "failed \(message)" }
    }
}

extension FoundRaverSession: V2TIMConversationListener {
    nonisolated func onConversationChanged(conversationList: [V2TIMConversation]) {
        let ids = conversationList.compactMap { $0.conversationID }
        Task { @MainActor [weak self] in self?.state = "changed \(ids.count)" }
    }
    nonisolated func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) {
        Task { @MainActor [weak self] in self?.unreadCount = Int(totalUnreadCount) }
    }
}

extension FoundRaverSession: V2TIMAdvancedMsgListener {
    nonisolated func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserFullInfo, reason: String?) {
        _ = reason
    }
    nonisolated func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]) {
        let stamps = receiptList.map { $0.timestamp > 0 ? Date(timeIntervalSince1970: TimeInterval($0.timestamp)) : nil }
        use(stamps)
    }
}

// MARK: - Vendor docs, Swift SDK samples ("Send message", "Group @ message", "Delete messages";
// code index ids 54107259557, 53886325005, 54304966186): `V2TIMManager.shared`, progress as a
// trailing closure, the labelled deletes

enum FoundSwiftSDKDocs {
    static func sendText() {
        if let msg = V2TIMManager.shared.createTextMessage(text: "content") {
            _ = V2TIMManager.shared.sendMessage(message: msg, receiver: "userID", groupID: nil, priority: .V2TIM_PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil) { progress in
            } succ: {
                print("createTextMessage & send succ.")
            } fail: { code, desc in
                print("send fail, code: \(code), desc: \(String(describing: desc))")
            }
        }
    }

    static func deletes(selectedMessage: V2TIMMessage, sendedMsgList: [V2TIMMessage]) {
        V2TIMManager.shared.deleteMessageFromLocalStorage(msg: selectedMessage) {
            print("deleteMessageFromLocalStorage succ")
        } fail: { code, desc in
            print("deleteMessageFromLocalStorage fail, \(code), \(String(describing: desc))")
        }
        V2TIMManager.shared.deleteMessages(msgList: sendedMsgList) {
            print("deleteMessages succ")
        } fail: { code, desc in
            print("deleteMessages fail, \(code), \(String(describing: desc))")
        }
    }

    static func atMessage() {
        if let textMsg = V2TIMManager.shared.createTextMessage(text: "text") {
            if let atMsg = V2TIMManager.shared.createAtSignedGroupMessage(message: textMsg, atUserList: ["user1", "user2"]) {
                V2TIMManager.shared.sendMessage(message: atMsg, receiver: nil, groupID: "groupA", priority: .V2TIM_PRIORITY_NORMAL, onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: {
                    print("success")
                }, fail: { code, desc in
                    print("error code: \(code), desc: \(String(describing: desc))")
                })
            }
        }
    }
}
