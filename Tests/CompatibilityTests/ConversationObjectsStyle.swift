import Foundation
import ImSDK
import ImSDK_Plus

// Call shapes of public Swift code that builds conversation-list screens out of the SDK's objects
// (V2TIMConversation's properties, filters, marks, pins, @ infos, conversation-group events, the
// legacy TIMConversation getters), found on 2026-11-29. Each is written in the style of its source
// (named above it), not copied. Compiled, never run.

// App-side helpers the sources lean on (kept fileprivate: other files may define their own).
fileprivate extension Optional where Wrapped == String {
    var h5SafeValue: String { self ?? "" }
    var h5IsNilOrEmpty: Bool { self?.isEmpty ?? true }
}

fileprivate func h5SafeArray<T>(_ array: [T]?) -> [T] { array ?? [] }

// MARK: - "jjt" app ConversationListView.swift (code index id 59202149307; its ImManager.swift is
// covered separately): V2 current, a SwiftUI list built from `[V2TIMConversation]`, IDs rebuilt
// with the "c2c_"/"group_" prefixes when missing, pinned rows first, a switch over elemType

struct H5JJTConversationItem: Identifiable {
    let id: String
    let peerId: String
    let isGroup: Bool
    var showName: String
    var faceUrl: String?
    var lastMessage: String
    var unreadCount: Int
    var timeText: String
    var pinned: Bool
    var isOfficial: Bool = false
}

@MainActor
final class H5JJTConversationListModel {
    private(set) var conversations: [H5JJTConversationItem] = []

    // jjt: every field read the optional way (`?? ""`), the type compared with `.GROUP`, the time of
    // the last message through `lastMessage?.timestamp` (a `Date?`).
    func apply(_ list: [V2TIMConversation]) {
        var items = list.map { conv -> H5JJTConversationItem in
            let isGroup = conv.type == .GROUP
            let lastMsg = Self.lastMessageText(conv.lastMessage)
            return H5JJTConversationItem(
                id: conv.conversationID ?? (isGroup ? "group_\(conv.groupID ?? "")" : "c2c_\(conv.userID ?? "")"),
                peerId: isGroup ? (conv.groupID ?? "") : (conv.userID ?? ""),
                isGroup: isGroup,
                showName: conv.showName ?? "",
                faceUrl: conv.faceUrl,
                lastMessage: lastMsg,
                unreadCount: Int(conv.unreadCount),
                timeText: Self.timeText(conv.lastMessage?.timestamp),
                pinned: conv.isPinned
            )
        }
        for official in ["1001", "1002"] where !items.contains(where: { !$0.isGroup && $0.peerId == official }) {
            items.append(H5JJTConversationItem(
                id: "c2c_\(official)", peerId: official, isGroup: false, showName: official, faceUrl: nil,
                lastMessage: "", unreadCount: 0, timeText: "", pinned: false, isOfficial: true))
        }
        // jjt: the SDK's order kept, only the pinned rows moved up (a stable-looking sort on a Bool).
        conversations = items.sorted { ($0.pinned ? 1 : 0) > ($1.pinned ? 1 : 0) }
    }

    // jjt: a `V2TIMMessage?` parameter fed with the IUO `lastMessage`; the switch has a default.
    private static func lastMessageText(_ msg: V2TIMMessage?) -> String {
        guard let msg else { return "" }
        switch msg.elemType {
        case .ELEM_TYPE_TEXT: return msg.textElem?.text ?? ""
        case .ELEM_TYPE_IMAGE: return "[图片]"
        case .ELEM_TYPE_CUSTOM:
            if let data = msg.customElem?.data,
               let obj = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
               let type = obj["type"] as? String {
                return type == "gift" ? "[礼物] \(obj["name"] as? String ?? "")" : ""
            }
            return ""
        default: return ""
        }
    }

    private static func timeText(_ date: Date?) -> String {
        guard let date else { return "" }
        return Calendar.current.isDateInToday(date) ? "today" : "\(date.timeIntervalSince1970)"
    }
}

// MARK: - Vendor Flutter plugin, the Hydra-era tencent_im_sdk_plugin: ConversationListener.swift
// (code index ids 17096635812, 10332290023) and V2ConversationEntity.swift (id 406600532): V2 6.x-8.x
// pre-annotation, the conversation-group events in the unlabelled IUO spellings (`toGroup:`,
// `fromGroup:` without `reason`), a conversation entity subclassing V2TIMConversation

final class H5HydraConversationListener: NSObject, V2TIMConversationListener {
    let listenerUuid: String
    private(set) var sent: [(String, Any?)] = []

    init(listenerUid: String) {
        listenerUuid = listenerUid
    }

    private func invoke(_ type: String, _ data: Any?) { sent.append((type, data)) }

    public func onConversationChanged(_ conversationList: [V2TIMConversation]!) {
        var cs: [[String: Any]] = []
        for item in conversationList {
            cs.append(H5HydraConversationEntity.getDict(info: item))
        }
        invoke("onConversationChanged", cs)
    }

    public func onNewConversation(_ conversationList: [V2TIMConversation]!) {
        invoke("onNewConversation", conversationList.map { H5HydraConversationEntity.getDict(info: $0) })
    }

    public func onSyncServerStart() { invoke("onSyncServerStart", nil) }
    public func onSyncServerFinish() { invoke("onSyncServerFinish", nil) }
    public func onSyncServerFailed() { invoke("onSyncServerFailed", nil) }

    public func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) {
        invoke("onTotalUnreadMessageCountChanged", totalUnreadCount)
    }

    public func onConversationGroupDeleted(_ groupName: String!) {
        invoke("onConversationGroupDeleted", groupName)
    }

    public func onConversationGroupCreated(_ groupName: String!, conversationList: [V2TIMConversation]!) {
        var dd: [String: Any] = [:]
        dd["groupName"] = groupName
        dd["conversationList"] = conversationList.map { H5HydraConversationEntity.getDict(info: $0) }
        invoke("onConversationGroupCreated", dd)
    }

    public func onConversationsAdded(toGroup groupName: String!, conversationList: [V2TIMConversation]!) {
        var dd: [String: Any] = [:]
        dd["groupName"] = groupName
        dd["conversationList"] = conversationList.map { H5HydraConversationEntity.getDict(info: $0) }
        invoke("onConversationsAddedToGroup", dd)
    }

    // The plugin keeps the form without `reason` (the older headers').
    public func onConversationsDeleted(fromGroup groupName: String!, conversationList: [V2TIMConversation]!) {
        var dd: [String: Any] = [:]
        dd["groupName"] = groupName
        dd["conversationList"] = conversationList.map { H5HydraConversationEntity.getDict(info: $0) }
        invoke("onConversationsDeletedFromGroup", dd)
    }

    public func onConversationGroupNameChanged(_ oldName: String!, newName: String!) {
        var dd: [String: Any] = [:]
        dd["oldName"] = oldName
        dd["newName"] = newName
        invoke("onConversationGroupNameChanged", dd)
    }
}

class H5HydraConversationEntity: V2TIMConversation {
    // Hydra era: `draftTimestamp` tested against nil then read through the IUO, `orderKey` put in
    // under "orderkey", the @ infos iterated after a nil test.
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
        if info.lastMessage != nil {
            result["lastMessage"] = ["msgID": info.lastMessage.msgID as Any]
        }
        if info.groupAtInfolist != nil {
            var groupAtInfoList: [[String: Any]] = []
            for item in info.groupAtInfolist {
                groupAtInfoList.append(["seq": "\(item.seq)", "atType": item.atType.rawValue])
            }
            result["groupAtInfoList"] = groupAtInfoList
        }
        return result
    }
}

// MARK: - JiangJuHong/FlutterTencentImPlugin, the V2 rewrite (2020-10): CustomConversationListener.swift
// and CustomConversationEntity.swift (code index ids 3951577796, 3686951839): V2 5.x reached through
// `import ImSDK`, the IUO listener spellings, the draft time put in as the IUO Date itself

final class H5JiangConversationListener: NSObject, V2TIMConversationListener {
    private(set) var events: [String: Any] = [:]

    func onSyncServerStart() { events["SyncServerStart"] = true }
    func onSyncServerFinish() { events["SyncServerFinish"] = true }
    func onSyncServerFailed() { events["SyncServerFailed"] = true }

    func onNewConversation(_ conversationList: [V2TIMConversation]!) {
        var cs: [[String: Any]] = []
        for item in conversationList {
            cs.append(H5JiangConversationEntity.getDict(info: item))
        }
        events["NewConversation"] = cs
    }

    func onConversationChanged(_ conversationList: [V2TIMConversation]!) {
        var cs: [[String: Any]] = []
        for item in conversationList {
            cs.append(H5JiangConversationEntity.getDict(info: item))
        }
        events["ConversationChanged"] = cs
    }
}

class H5JiangConversationEntity: V2TIMConversation {
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
        result["lastMessage"] = info.lastMessage
        result["draftText"] = info.draftText
        result["draftTimestamp"] = info.draftTimestamp
        result["test"] = nil
        if info.groupAtInfolist != nil {
            var groupAtInfoList: [[String: Any]] = []
            for item in info.groupAtInfolist {
                groupAtInfoList.append(["seq": item.seq, "atType": item.atType.rawValue])
            }
            result["groupAtInfoList"] = groupAtInfoList
        }
        return result
    }
}

// MARK: - Vendor Swift TUIKit, a pre-annotation TUIConversationListBaseDataProvider.swift (code index
// id 38485386758; the current one, id 19686953258, is covered): the `by:` page with an optional
// filter, listener methods with non-IUO arrays (marked `@objc` in the source), marks as NSNumber, the
// unlabelled delete/mark/clean/pin/get calls, the @ infos through a `safeArray` helper

/// The kit's own cell data (`conversationID` is `String!` in the kit).
final class H5TUICellData: NSObject {
    var conversationID: String!
    var groupID: String?
    var groupType: String?
    var userID: String?
    var title = ""
    var faceUrl = ""
    var atTipsStr = ""
    var atMsgSeqs: [NSNumber]?
    var time: Date?
    var isOnTop = false
    var unreadCount = 0
    var draftText: String?
    var isNotDisturb = false
    var orderKey: UInt = 0
    var isMarkAsUnread = false
    var isMarkAsHide = false
    var isMarkAsFolded = false
    var lastMessage: V2TIMMessage?
    var innerConversation: V2TIMConversation?
    var conversationGroupList: [String]?
    var conversationMarkList: [NSNumber]?

    static func isMarked(_ markList: [NSNumber]?, _ type: V2TIMConversationMarkType) -> Bool {
        markList?.contains { $0.uintValue == type.rawValue } ?? false
    }
}

class H5TUIPreAnnotationProvider: NSObject, V2TIMConversationListener, V2TIMSDKListener, V2TIMAdvancedMsgListener {
    var filter: V2TIMConversationListFilter?
    var pageSize: UInt32 = 100
    var pageIndex: UInt64 = 0
    var isLastPage = false
    var conversationList: [H5TUICellData] = []
    var markUnreadMap: [String: H5TUICellData] = [:]
    private var deletingConversationList: [String] = []

    override init() {
        super.init()
        filter = V2TIMConversationListFilter()
        V2TIMManager.sharedInstance().addConversationListener(listener: self)
        V2TIMManager.sharedInstance().add(self)
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }

    // The `by:` page with `filter: V2TIMConversationListFilter?`.
    func loadNexPageConversations() {
        if isLastPage { return }
        V2TIMManager.sharedInstance().getConversationList(by: filter, nextSeq: pageIndex, count: pageSize) { [weak self] list, nextSeq, isFinished in
            guard let self = self else { return }
            self.pageIndex = nextSeq
            self.isLastPage = isFinished
            if let list = list {
                self.preprocess(list)
            }
        } fail: { [weak self] code, desc in
            self?.isLastPage = true
            use(code, desc)
        }
    }

    func preprocess(_ v2Convs: [V2TIMConversation]) {
        var added: [H5TUICellData] = []
        for conv in v2Convs where !filteConversation(conv) {
            let cellData = cellDataForConversation(conv)
            if H5TUICellData.isMarked(conv.markList as [NSNumber]?, .CONVERSATION_MARK_TYPE_HIDE)
                || H5TUICellData.isMarked(conv.markList as [NSNumber]?, .CONVERSATION_MARK_TYPE_FOLD) {
                continue
            }
            if H5TUICellData.isMarked(conv.markList as [NSNumber]?, .CONVERSATION_MARK_TYPE_UNREAD) {
                markUnreadMap[cellData.conversationID] = cellData
            }
            added.append(cellData)
        }
        conversationList.append(contentsOf: added)
        sortDataList(&conversationList)
    }

    func sortDataList(_ dataList: inout [H5TUICellData]) {
        dataList.sort { $0.orderKey > $1.orderKey }
    }

    func cellDataForConversation(_ conversation: V2TIMConversation) -> H5TUICellData {
        let data = H5TUICellData()
        data.conversationID = conversation.conversationID
        data.groupID = conversation.groupID
        data.groupType = conversation.groupType
        data.userID = conversation.userID
        data.title = conversation.showName.h5SafeValue
        data.faceUrl = conversation.faceUrl.h5SafeValue
        data.atTipsStr = getGroupAtTipString(conversation)
        data.atMsgSeqs = getGroupatMsgSeqs(conversation)
        data.time = getLastDisplayDate(conversation)
        data.isOnTop = conversation.isPinned
        data.unreadCount = Int(conversation.unreadCount)
        data.draftText = conversation.draftText
        data.isNotDisturb = isConversationNotDisturb(conversation)
        data.orderKey = conversation.orderKey
        data.isMarkAsUnread = H5TUICellData.isMarked(conversation.markList, .CONVERSATION_MARK_TYPE_UNREAD)
        data.isMarkAsHide = H5TUICellData.isMarked(conversation.markList, .CONVERSATION_MARK_TYPE_HIDE)
        data.isMarkAsFolded = H5TUICellData.isMarked(conversation.markList, .CONVERSATION_MARK_TYPE_FOLD)
        data.lastMessage = conversation.lastMessage
        data.innerConversation = conversation
        data.conversationGroupList = conversation.conversationGroupList
        data.conversationMarkList = conversation.markList
        use(conversation.type == V2TIMConversationType.C2C)
        return data
    }

    // The enum on the left of `==`, fully qualified.
    func isConversationNotDisturb(_ conversation: V2TIMConversation) -> Bool {
        return (conversation.groupType != "Meeting") && (V2TIMReceiveMessageOpt.RECEIVE_NOT_NOTIFY_MESSAGE == conversation.recvOpt)
    }

    func getGroupatMsgSeqs(_ conv: V2TIMConversation) -> [NSNumber]? {
        var seqList = [NSNumber]()
        for atInfo in h5SafeArray(conv.groupAtInfolist) {
            seqList.append(NSNumber(value: atInfo.seq))
        }
        return seqList.count > 0 ? seqList : nil
    }

    // A `Date?` function returning the IUO `draftTimestamp` and `timestamp`.
    func getLastDisplayDate(_ conv: V2TIMConversation) -> Date? {
        if !conv.draftText.h5IsNilOrEmpty {
            return conv.draftTimestamp
        }
        if let lastMessage = conv.lastMessage {
            return lastMessage.timestamp
        }
        return Date.distantPast
    }

    // The switch names the enum type in each case and keeps a `default`. Against the package's
    // native Swift enum this `default` draws "default will never be executed" (a warning only; the
    // vendor's imported NS_ENUM is open, so there it draws nothing).
    func getGroupAtTipString(_ conv: V2TIMConversation) -> String {
        var atMe = false
        var atAll = false
        for atInfo in h5SafeArray(conv.groupAtInfolist) {
            switch atInfo.atType {
            case V2TIMGroupAtType.AT_ME:
                atMe = true
                continue
            case V2TIMGroupAtType.AT_ALL:
                atAll = true
                continue
            case V2TIMGroupAtType.AT_ALL_AT_ME:
                atMe = true
                atAll = true
                continue
            default:
                continue
            }
        }
        return atMe && atAll ? "[@me][@all]" : atMe ? "[@me]" : atAll ? "[@all]" : ""
    }

    func getDraftContent(_ conv: V2TIMConversation) -> String? {
        guard let draft = conv.draftText else { return "" }
        if let json = try? JSONSerialization.jsonObject(with: draft.data(using: .utf8)!, options: .mutableLeaves) as? [String: Any],
           let content = json["content"] as? String {
            return content
        }
        return draft
    }

    func filteConversation(_ conversation: V2TIMConversation) -> Bool {
        if conversation.conversationID.h5IsNilOrEmpty || deletingConversationList.contains(conversation.conversationID.h5SafeValue) {
            return true
        }
        if conversation.userID.h5IsNilOrEmpty && conversation.groupID.h5IsNilOrEmpty {
            return true
        }
        if conversation.type == V2TIMConversationType.UNKNOWN {
            return true
        }
        if conversation.groupType == "AVChatRoom" {
            return true
        }
        if getLastDisplayDate(conversation) == nil {
            if conversation.unreadCount != 0 {
                V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversation.conversationID, cleanTimestamp: 0, cleanSequence: 0) {
                } fail: { code, description in
                    use(code, description)
                }
            }
            return true
        }
        return false
    }

    // Unlabelled delete with trailing closures, then the mark map cleaned.
    func handleRemoveConversation(_ conversation: H5TUICellData) {
        deletingConversationList.append(conversation.conversationID)
        V2TIMManager.sharedInstance().deleteConversation(conversation.conversationID) { [weak self] in
            guard let self = self else { return }
            self.deletingConversationList.removeAll(where: { $0 == conversation.conversationID })
            self.markUnreadMap.removeValue(forKey: conversation.conversationID!)
        } fail: { [weak self] code, desc in
            use(code, desc)
            self?.deletingConversationList.removeAll(where: { $0 == conversation.conversationID })
        }
    }

    func handlePinConversation(_ conversation: H5TUICellData, pin: Bool) {
        V2TIMManager.sharedInstance().pinConversation(conversation.conversationID, isPinned: pin) {
        } fail: { code, desc in
            use(code, desc)
        }
    }

    // Nested unlabelled marks with `{ _ in }` result blocks.
    func cancelHideAndUnreadMarkConversation(_ conversationID: String, existInHidelist: Bool, existInUnreadlist: Bool) {
        let markHideNumber = NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue)
        let markUnreadNumber = NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue)
        if existInHidelist && existInUnreadlist {
            V2TIMManager.sharedInstance().markConversation([conversationID], markType: markHideNumber, enableMark: false) { _ in
                V2TIMManager.sharedInstance().markConversation([conversationID], markType: markUnreadNumber, enableMark: false) { _ in
                } fail: { code, desc in
                    use(code, desc)
                }
            } fail: { code, desc in
                use(code, desc)
            }
        } else if existInHidelist {
            V2TIMManager.sharedInstance().markConversation([conversationID], markType: markHideNumber, enableMark: false) { _ in
            } fail: { code, desc in
                use(code, desc)
            }
        }
    }

    func markConversationAsRead(_ conv: H5TUICellData) {
        guard let conversationID = conv.conversationID else { return }
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID, cleanTimestamp: 0, cleanSequence: 0) {
        } fail: { code, description in
            use(code, description)
        }
        V2TIMManager.sharedInstance().markConversation([conversationID], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue), enableMark: false) { _ in
        } fail: { code, description in
            use(code, description)
        }
    }

    // The group-info-changed path: the unlabelled get with `{ conv in }`, then `preprocess([conv])`.
    func refreshGroup(_ groupID: String) {
        let conversationID = "group_\(groupID)"
        V2TIMManager.sharedInstance().getConversation(conversationID) { [weak self] conv in
            guard let self = self else { return }
            if let conv = conv {
                self.preprocess([conv])
            }
        } fail: { code, desc in
            use(code, desc)
        }
    }

    // MARK: V2TIMConversationListener (the source marks these `@objc public`; see the #if below)

    public func onNewConversation(_ conversationList: [V2TIMConversation]) {
        preprocess(conversationList)
    }

    public func onConversationChanged(_ conversationList: [V2TIMConversation]) {
        preprocess(conversationList)
    }

    public func onConversationDeleted(_ conversationIDList: [String]) {
        conversationList.removeAll { conversationIDList.contains($0.conversationID!) }
    }

    // MARK: V2TIMSDKListener / V2TIMAdvancedMsgListener

    public func onConnectFailed(_ code: Int32, err: String!) { use(code, err) }
    public func onConnectSuccess() {}

    // The new message's conversation ID rebuilt from userID / groupID with the prefixes.
    public func onRecvNewMessage(_ msg: V2TIMMessage) {
        var conversationID = ""
        if let userID = msg.userID {
            conversationID = "c2c_\(userID)"
        }
        if let groupID = msg.groupID {
            conversationID = "group_\(groupID)"
        }
        if conversationList.first(where: { $0.conversationID == conversationID }) == nil {
            V2TIMManager.sharedInstance().getConversation(conversationID) { [weak self] conv in
                guard let self = self, let conv = conv else { return }
                let cellData = self.cellDataForConversation(conv)
                self.cancelHideAndUnreadMarkConversation(conversationID, existInHidelist: cellData.isMarkAsHide, existInUnreadlist: cellData.isMarkAsUnread)
            } fail: { code, desc in
                use(code, desc)
            }
        }
    }
}

#if canImport(ObjectiveC)
// The source's `@objc public` listener methods (Objective-C interoperability only; on Linux every
// `@objc` member is an error).
final class H5TUIPreAnnotationObjCListener: NSObject, V2TIMConversationListener, V2TIMSDKListener {
    @objc public func onNewConversation(_ conversationList: [V2TIMConversation]) { use(conversationList.count) }
    @objc public func onConversationChanged(_ conversationList: [V2TIMConversation]) { use(conversationList.count) }
    @objc public func onConversationDeleted(_ conversationIDList: [String]) { use(conversationIDList) }
    @objc public func onConnectFailed(_ code: Int32, err: String!) { use(code, err) }
    @objc public func onConnectSuccess() {}
}
#endif

// MARK: - Vendor Swift TUIKit TUIFoldConversationListBaseDataProvider.swift (code index id
// 38225930298): the folded-groups page through a GROUP + FOLD filter and the labelled
// getConversationListByFilter, the labelled delete with `fail: nil`, unfold-then-delete

final class H5TUIFoldProvider: H5TUIPreAnnotationProvider {
    var needRemoveConversationList: [String] = []

    override func loadNexPageConversations() {
        if isLastPage { return }
        let filter = V2TIMConversationListFilter()
        filter.type = .GROUP
        filter.markType = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue
        V2TIMManager.sharedInstance().getConversationListByFilter(filter: filter, nextSeq: pageIndex, count: pageSize) { [weak self] list, nextSeq, isFinished in
            guard let self = self, let list = list else { return }
            self.pageIndex = nextSeq
            self.isLastPage = isFinished
            self.preprocess(list)
        } fail: { [weak self] _, _ in
            self?.isLastPage = true
        }
    }

    func removeFolded(_ conversation: H5TUICellData) {
        let deleteAction: () -> Void = {
            V2TIMManager.sharedInstance().deleteConversation(conversation: conversation.conversationID, succ: {
                use("deleted")
            }, fail: nil)
        }
        V2TIMManager.sharedInstance().markConversation(conversationIDList: [conversation.conversationID], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue), enableMark: false, succ: { _ in
            deleteAction()
        }, fail: { _, _ in
            deleteAction()
        })
        needRemoveConversationList.append(conversation.conversationID!)
    }
}

// MARK: - Vendor Swift SDK documentation, "Group @ message", the conversation side (code index id
// 53886325005; only its send sample was covered): `if let` on `groupAtInfolist`, a switch over
// `atType` with the `V2TIM_`-prefixed case names and a default

enum H5SwiftSDKDocsAtTips {
    static func atTips(for conversation: V2TIMConversation) -> String {
        var atTipsStr = ""
        if let atInfoList = conversation.groupAtInfolist {
            var atMe = false
            var atAll = false
            for atInfo in atInfoList {
                switch atInfo.atType {
                case .V2TIM_AT_ME:
                    atMe = true
                case .V2TIM_AT_ALL:
                    atAll = true
                case .V2TIM_AT_ALL_AT_ME:
                    atMe = true
                    atAll = true
                default:
                    break
                }
            }
            if atMe && !atAll {
                atTipsStr = "[someone@me]"
            } else if !atMe && atAll {
                atTipsStr = "[@All]"
            } else if atMe && atAll {
                atTipsStr = "[someone@me][@All]"
            }
        }
        return atTipsStr
    }
}

// MARK: - Vendor Swift TUIKit TUISearchDataProvider.swift (code index id 19984770028): conversations
// fetched by ID for the chat-history search results, the type compared through raw values with
// the kit's own enum, `if let` on the IUO groupType

enum H5TUISearchModule: Int { case contact = 1, group = 2, chatHistory = 3 }

struct H5TUISearchRow {
    var title: String?
    var groupID: String?
    var groupType: String?
    var avatarUrl: String?
    var isGroupAvatar = false
}

enum H5TUISearchDataProvider {
    static func rows(conversationIds: [String], callback: @escaping (Bool, String?, [H5TUISearchRow]?) -> Void) {
        var conversationInfoMap = [String: V2TIMConversation]()
        V2TIMManager.sharedInstance().getConversationList(conversationIDList: conversationIds, succ: { list in
            guard let list = list else { return }
            for conversation in list {
                if let conversationID = conversation.conversationID {
                    conversationInfoMap[conversationID] = conversation
                }
            }
            var arrayM = [H5TUISearchRow]()
            for conversationId in conversationIds {
                guard let conv = conversationInfoMap[conversationId] else { continue }
                var row = H5TUISearchRow()
                row.title = conv.showName
                row.groupID = conv.groupID
                if let groupType = conv.groupType {
                    row.isGroupAvatar = conv.type.rawValue == H5TUISearchModule.group.rawValue && !groupType.isEmpty
                }
                row.groupType = conv.groupType
                row.avatarUrl = conv.faceUrl
                arrayM.append(row)
            }
            callback(true, nil, arrayM)
        }, fail: { _, desc in
            callback(false, desc, nil)
        })
    }
}

// MARK: - Vendor Swift TUIKit TUIFriendProfileController.swift (code index id 19208064073) and
// TIMCommon's TUIConversationPin (id 53696441206): the C2C "do not disturb" and "pin" switches read
// from getC2CReceiveMessageOpt / getConversation(conversationID:), set with the labelled calls and
// `nil` callbacks; the hide mark tested on a non-optional `[NSNumber]`

final class H5TUIConversationPin: Sendable {
    static let sharedInstance = H5TUIConversationPin()

    func addTopConversation(_ conv: String, callback: ((Bool, String?) -> Void)?) {
        V2TIMManager.sharedInstance().pinConversation(conversationID: conv, isPinned: true, succ: {
            callback?(true, nil)
        }, fail: { _, desc in
            callback?(false, desc)
        })
    }

    func removeTopConversation(_ conv: String, callback: ((Bool, String?) -> Void)?) {
        V2TIMManager.sharedInstance().pinConversation(conversationID: conv, isPinned: false, succ: {
            callback?(true, nil)
        }, fail: { _, desc in
            callback?(false, desc)
        })
    }
}

final class H5TUIFriendProfileSwitches {
    var userID: String?
    var doNotDisturbOn = false
    var pinOn = false

    func load() {
        V2TIMManager.sharedInstance().getC2CReceiveMessageOpt(userIDList: [userID ?? ""], succ: { [weak self] optList in
            if let optList = optList {
                for info in optList where info.userID == self?.userID {
                    self?.doNotDisturbOn = (info.receiveOpt == .RECEIVE_NOT_NOTIFY_MESSAGE)
                    break
                }
            }
        }, fail: nil)
        if let userID = userID {
            let conversationID = "c2c_\(userID)"
            V2TIMManager.sharedInstance().getConversation(conversationID: conversationID, succ: { [weak self] conv in
                if let conv = conv {
                    self?.pinOn = conv.isPinned
                }
            }, fail: { _, _ in })
        }
    }

    func onMessageDoNotDisturb(isOn: Bool) {
        let opt: V2TIMReceiveMessageOpt = isOn ? .RECEIVE_NOT_NOTIFY_MESSAGE : .RECEIVE_MESSAGE
        V2TIMManager.sharedInstance().setC2CReceiveMessageOpt(userIDList: [userID ?? ""], opt: opt, succ: nil, fail: nil)
    }

    func onTopMostChat(isOn: Bool) {
        if isOn {
            H5TUIConversationPin.sharedInstance.addTopConversation("c2c_\(userID ?? "")", callback: nil)
        } else {
            H5TUIConversationPin.sharedInstance.removeTopConversation("c2c_\(userID ?? "")", callback: nil)
        }
    }

    static func isMarkedByHideType(_ markList: [NSNumber]) -> Bool {
        return markList.contains { $0.uintValue == V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue }
    }
}

// MARK: - Vendor Swift TUIKit TUIGroupInfoController.swift, classic and minimalist (code index ids
// 19588287749, 19200554447): turning "do not disturb" off unfolds the group conversation first
// (the group receive option itself is group management, out of scope)

enum H5TUIGroupInfoNotDisturb {
    static func didSelectOnNotDisturb(groupId: String?, isOn: Bool) -> V2TIMReceiveMessageOpt {
        let opt: V2TIMReceiveMessageOpt = isOn ? .RECEIVE_NOT_NOTIFY_MESSAGE : .RECEIVE_MESSAGE
        V2TIMManager.sharedInstance().markConversation(conversationIDList: ["group_\(groupId ?? "")"], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue), enableMark: false, succ: nil, fail: nil)
        return opt
    }
}

// MARK: - Vendor Swift TUIKit (Minimalist) TUIBaseChatViewController_Minimalist.swift (code index id
// 37839024061): the chat screen follows the title of its own conversation through a non-IUO
// `onConversationChanged`, matching on conversationID

final class H5TUIMinimalistChatTitle: NSObject, V2TIMConversationListener {
    var conversationID: String?
    var title: String?
    var otherSideTyping = false

    func viewDidLoad() {
        V2TIMManager.sharedInstance().addConversationListener(listener: self)
    }

    public func onConversationChanged(_ conversationList: [V2TIMConversation]) {
        guard let conversationID = conversationID else { return }
        for conv in conversationList {
            if conv.conversationID == conversationID {
                if !otherSideTyping {
                    title = conv.showName
                }
                break
            }
        }
    }
}

// MARK: - "YXS" (ZGYM) YXSContactController.swift (code index id 31206956054; its YXSChatHelper is
// covered): legacy 4.x, the badge of a navigation button summed from the synchronous list,
// skipping one receiver by name

enum H5YXSContactBadge {
    static func checkNavRightBadgeBtnBadge() -> Bool {
        let list: [TIMConversation] = TIMManager.sharedInstance()?.getConversationList() ?? [TIMConversation]()
        var unReadCount: Int = 0
        for sub in list {
            if sub.getReceiver() == "spy" {
                continue
            }
            unReadCount += Int(sub.getUnReadMessageNum())
        }
        return unReadCount > 0 ? false : true
    }
}

// MARK: - KipasKipas direct messages, TXIMConversation.swift (code index id 8827473727; the
// manager, id 8692885587, is covered): V2 current, a row model rebuilt from each conversation, the
// marks tested with `markList.contains(rawValue as NSNumber)` against the app's own mark enum (its
// STAR bit reused as "lock"), the last message's type, revoke state and sender read off it

enum H5KipasMarkType: UInt {
    case CONVERSATION_MARK_TYPE_LOCK = 1
    case CONVERSATION_MARK_TYPE_UNREAD = 2
    case CONVERSATION_MARK_TYPE_FOLD = 4
    case CONVERSATION_MARK_TYPE_HIDE = 8
}

final class H5KipasConversation {
    private var conv: V2TIMConversation

    let convID: String
    let userID: String
    var nickName: String
    var faceURL: String
    var unreadCount: Int32
    var lastMsgTimestamp: Date?
    var lastMsgKind = "unknown"
    var isLastMsgRevoke = false
    var isLastMsgSelf = false
    var text: String?
    var isUnread = false
    var isPin = false
    var isFold = false
    var isLock = false

    init(conversation: V2TIMConversation) {
        self.conv = conversation
        self.convID = conversation.conversationID ?? ""
        self.userID = conversation.userID ?? ""
        if let name = conversation.showName, !name.isEmpty {
            self.nickName = name
        } else {
            self.nickName = self.userID
        }
        self.faceURL = conversation.faceUrl ?? ""
        self.unreadCount = conversation.unreadCount
        updateMark()
        updateLastMessage(message: conversation.lastMessage)
    }

    func updateConversation(conversation: V2TIMConversation) {
        self.conv = conversation
        self.faceURL = conversation.faceUrl ?? ""
        self.unreadCount = conversation.unreadCount
        updateMark()
        updateLastMessage(message: conversation.lastMessage)
    }

    // The IUO `markList` searched directly (no `?`), with NSNumbers bridged from the app's UInt.
    private func updateMark() {
        self.isPin = conv.isPinned
        use("markList --- \(String(describing: conv.markList))")
        let unreadType: H5KipasMarkType = .CONVERSATION_MARK_TYPE_UNREAD
        self.isUnread = conv.markList.contains(unreadType.rawValue as NSNumber)
        let foldType: H5KipasMarkType = .CONVERSATION_MARK_TYPE_FOLD
        self.isFold = conv.markList.contains(foldType.rawValue as NSNumber)
        let lockType: H5KipasMarkType = .CONVERSATION_MARK_TYPE_LOCK
        self.isLock = conv.markList.contains(lockType.rawValue as NSNumber)
    }

    private func updateLastMessage(message: V2TIMMessage?) {
        guard let lastMsg = message else {
            self.lastMsgKind = "unknown"
            return
        }
        self.lastMsgTimestamp = lastMsg.timestamp
        if lastMsg.elemType == .ELEM_TYPE_TEXT {
            self.lastMsgKind = "text"
            self.text = lastMsg.textElem.text
        } else if lastMsg.elemType == .ELEM_TYPE_IMAGE {
            self.lastMsgKind = "image"
        } else if lastMsg.elemType == .ELEM_TYPE_VIDEO {
            self.lastMsgKind = "video"
        }
        self.isLastMsgRevoke = message?.status == .MSG_STATUS_LOCAL_REVOKED
        self.isLastMsgSelf = message?.isSelf ?? false
        if lastMsg.elemType == .ELEM_TYPE_CUSTOM {
            use(lastMsg.customElem.data)
        } else {
            use(lastMsg.cloudCustomData)
        }
    }
}

// MARK: - Current Swift TUIKit: TUIConversation's list data provider, the last message's line
// (`getLastDisplayString`): a masked risky last message, a revoked one, a draft first.

func coLastDisplayString(_ conv: V2TIMConversation, display: (V2TIMMessage) -> String) -> NSMutableAttributedString {
    let attributeString = NSMutableAttributedString(string: "")
    let hasRiskContent = conv.lastMessage?.hasRiskContent ?? false
    let isRevoked = (conv.lastMessage?.status == V2TIMMessageStatus.MSG_STATUS_LOCAL_REVOKED)
    if let draftText = conv.draftText, !draftText.isEmpty {
        attributeString.append(NSAttributedString(string: "[Draft] " + draftText))
    } else if let lastMessage = conv.lastMessage {
        let lastMsgStr = display(lastMessage)
        if lastMsgStr.isEmpty {
            return NSMutableAttributedString(string: "")
        }
        attributeString.append(NSAttributedString(string: hasRiskContent && !isRevoked ? "(!) " + lastMsgStr : lastMsgStr))
    }
    if conv.draftText == nil || conv.draftText!.isEmpty, let lastMessage = conv.lastMessage,
       (lastMessage.status == .MSG_STATUS_SENDING || lastMessage.status == .MSG_STATUS_SEND_FAIL || hasRiskContent) && !isRevoked {
        attributeString.insert(NSAttributedString(string: lastMessage.status == .MSG_STATUS_SENDING ? "… " : "! "), at: 0)
    }
    return attributeString
}
