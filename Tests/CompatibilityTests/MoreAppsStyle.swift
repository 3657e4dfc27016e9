import Foundation
import ImSDK_Plus

// Call shapes of more public Swift code (apps, the vendor's Swift TUIKit and documentation samples,
// its Flutter plugin's conversation groups), found on 2026-11-29. Each is written in the style of
// its source (named above it), not copied. Compiled, never run.

// MARK: - V2, app conversation manager (KipasKipas direct messages)

/// Source: KipasKipas direct-message module, `TXIMConversationManager.swift` (file id 8692885587 in the
/// code index): a lazily made manager, a C2C filter set through `type`, the `by:` page and unread count.
final class MoreKipasConversationManager: NSObject, V2TIMConversationListener {
    private var pageIndex: UInt64 = 0
    private let pageSize: UInt32 = 100
    var isLastPage = false
    private var totalUnreadCountChangedHandler: ((UInt64) -> Void)?
    private(set) var rows: [String: V2TIMConversation] = [:]

    private(set) lazy var imManager: V2TIMManager = {
        return V2TIMManager.sharedInstance()
    }()

    private(set) lazy var filter: V2TIMConversationListFilter = {
        let convfilter = V2TIMConversationListFilter()
        convfilter.type = .C2C
        return convfilter
    }()

    override init() {
        super.init()
        imManager.addConversationListener(listener: self)
    }

    // KipasKipas: the total first, then the filtered count handed to a stored `(UInt64) -> Void`.
    func getTotalUnreadMessageCount(completion: @escaping (UInt64) -> Void) {
        totalUnreadCountChangedHandler = completion
        imManager.getTotalUnreadMessageCount { [weak self] totalUnreadCount in
            use(totalUnreadCount)
            self?.getFilterUnreadMessageCount()
        } fail: { code, desc in
            use("\(code)-\(desc ?? "")")
        }
    }

    private func getFilterUnreadMessageCount() {
        imManager.getUnreadMessageCount(by: filter) { [weak self] totalUnreadCount in
            self?.totalUnreadCountChangedHandler?(totalUnreadCount)
        } fail: { code, desc in
            use("\(code)-\(desc ?? "")")
        }
    }

    // KipasKipas: pre-annotation forms with nil callbacks; the app's own mark enum bridged to NSNumber.
    func manage(convIds: [String], convId: String, isPin: Bool, unreadCount: UInt64) {
        if unreadCount > 0 {
            imManager.cleanConversationUnreadMessageCount(convId, cleanTimestamp: 0, cleanSequence: 0, succ: nil, fail: nil)
        }
        let markType = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue
        imManager.markConversation([convId], markType: NSNumber(value: markType), enableMark: false, succ: nil, fail: nil)
        imManager.deleteConversationList(convIds, clearMessage: true, succ: nil, fail: nil)
        imManager.pinConversation(convId, isPinned: !isPin, succ: nil, fail: nil)
    }

    // KipasKipas: the next page through the pre-annotation `by:` name, an NSError from the Int32 code.
    func loadNextPage(report: @escaping (Error) -> Void) {
        guard isLastPage == false else { return }
        imManager.getConversationList(by: filter, nextSeq: pageIndex, count: pageSize) { [weak self] list, nextSeq, isFinished in
            self?.pageIndex = nextSeq
            self?.isLastPage = isFinished
            self?.addConversations(list)
        } fail: { code, desc in
            report(NSError(domain: "dm", code: Int(code), userInfo: [NSLocalizedDescriptionKey: "\(desc ?? "null")"]))
        }
    }

    private func addConversations(_ conversations: [V2TIMConversation]?) {
        if let conversations, conversations.count > 0 {
            updateConversations(conversations)
        }
    }

    // KipasKipas: IUO conversation IDs as dictionary keys, `userID` compared with a String.
    private func updateConversations(_ conversations: [V2TIMConversation]!) {
        let me = imManager.getLoginUser()
        for cov in conversations.filter({ $0.userID != me }) {
            rows[cov.conversationID] = cov
        }
    }

    func onNewConversation(_ conversationList: [V2TIMConversation]!) { updateConversations(conversationList) }
    func onConversationChanged(_ conversationList: [V2TIMConversation]!) { updateConversations(conversationList) }
    func onConversationDeleted(_ conversationIDList: [String]!) {
        rows = rows.filter { !conversationIDList.contains($0.key) }
    }
    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) { getFilterUnreadMessageCount() }
}

enum MoreInsertStyle {
    /// Source: KipasKipas `TXIMConversationManager.sentLockMessage` and wuyayun520/Zalla
    /// `ios/LocalPods/RootRift/.../IMManager/TalkingV2Listener.swift`: a local tip message inserted
    /// into a C2C conversation (makes or moves its row).
    static func insertLocalTip(text: String, toId: String, myId: String) {
        let imManager = V2TIMManager.sharedInstance()!
        if let message = imManager.createTextMessage(text) {
            use(message)
            imManager.insertC2CMessage(toLocalStorage: message, to: toId, sender: myId, succ: nil, fail: nil)
            imManager.insertC2CMessage(toLocalStorage: message, to: toId, sender: myId) {} fail: { code, desc in
                use(code, desc)
            }
        }
    }
}

// MARK: - V2 5.x pre-annotation, one singleton for every listener (wuyayun520/Zalla)

/// Source: wuyayun520/Zalla `ios/LocalPods/RootRift/RootRift/Classes/BottomReadMsgModel/IMSDKModule/
/// IMChat/IMManager/TalkingV2Listener.swift` (the same file ships in wuyayun520/Yooyo as
/// `LayerConversationListener.swift`): an NSObject that is the SDK, message and conversation listener.
final class MoreTalkingListener: NSObject {
    private var nextSeq: UInt64 = 0
    private var cache: [String: V2TIMConversation] = [:]
    private var readReceipts: [String: Int] = [:]
    var isConnection = false

    // Zalla: init with the app ID, then the listeners; the SDK listener through the pruned `add(_:)`.
    func initSDK(appID: Int32) {
        let config = V2TIMSDKConfig()
        config.logLevel = .LOG_DEBUG
        V2TIMManager.sharedInstance().initSDK(appID, config: config)
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
        V2TIMManager.sharedInstance().addConversationListener(listener: self)
        V2TIMManager.sharedInstance().add(self)
    }

    // Zalla: pre-annotation login and logout, both with trailing closures.
    func login(uid: String, sig: String, completion: ((Bool) -> Void)? = nil) {
        V2TIMManager.sharedInstance().login(uid, userSig: sig) {
            self.isConnection = true
            completion?(true)
        } fail: { code, desc in
            use(code, desc)
            completion?(false)
        }
    }

    func logout() {
        V2TIMManager.sharedInstance().logout {} fail: { code, desc in
            use(code, desc)
        }
    }

    // Zalla: status compared with the short case name.
    func canOperate() -> Bool {
        let status = V2TIMManager.sharedInstance().getLoginStatus()
        return isConnection && status == .STATUS_LOGINED
    }

    // Zalla: the total read into the listener method of the class itself.
    func refreshUnread() {
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount { totalCount in
            self.onTotalUnreadMessageCountChanged(totalCount)
        } fail: { code, desc in
            use(code, desc)
        }
    }

    // Zalla: pages with the unlabelled first argument, `list!` in the callback.
    func page() {
        V2TIMManager.sharedInstance().getConversationList(nextSeq, count: 40) { list, nextSeq, _ in
            self.nextSeq = nextSeq
            self.handle(list!)
        } fail: { code, desc in
            use(code, desc)
        }
    }

    // Zalla: one conversation looked up after a local insert, `conv!` once checked against nil.
    func refetch(convId: String) {
        V2TIMManager.sharedInstance().getConversation(convId) { [weak self] conv in
            guard let self = self else { return }
            if conv != nil {
                self.handle([conv!])
            }
        } fail: { code, desc in
            use(code, desc)
        }
    }

    // Zalla: delete and pin with the unlabelled ID and empty trailing success closures.
    func remove(convID: String, pin: Bool) {
        V2TIMManager.sharedInstance().deleteConversation(convID) {
            self.cache.removeValue(forKey: convID)
            self.refreshUnread()
        } fail: { code, desc in
            use(code, desc)
        }
        V2TIMManager.sharedInstance().pinConversation(convID, isPinned: pin) {} fail: { code, desc in
            use(code, desc)
        }
    }

    // Zalla: the target ID picked from two IUO properties with `?:` and with `??`.
    func handle(_ listArr: [V2TIMConversation]) {
        for conversation in listArr {
            let targetId = (conversation.userID != nil && conversation.userID.count > 0) ? conversation.userID : conversation.groupID
            cache[targetId!] = conversation
            let other = conversation.userID ?? conversation.groupID
            use(other, conversation.orderKey, conversation.isPinned, conversation.lastMessage?.timestamp.timeIntervalSince1970)
        }
    }
}

extension MoreTalkingListener: V2TIMAdvancedMsgListener {
    // Zalla: IUO message fields used without unwrapping.
    func onRecvNewMessage(_ msg: V2TIMMessage!) {
        if msg.groupID != nil && msg.groupID.contains("LIVE-CHAT") { return }
        if msg.userID != nil && msg.userID.count > 0 {
            use(msg.customElem?.data, msg.sender)
        }
    }

    // Zalla: receipts walked without unwrapping; peer and time kept in a `[String: Int]`.
    func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]!) {
        for receipt in receiptList {
            readReceipts[receipt.userID] = receipt.timestamp
        }
    }
}

extension MoreTalkingListener: V2TIMConversationListener {
    func onNewConversation(_ conversationList: [V2TIMConversation]!) { handle(conversationList) }
    func onConversationChanged(_ conversationList: [V2TIMConversation]!) { handle(conversationList) }
    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) { use(Int(totalUnreadCount)) }
}

extension MoreTalkingListener: V2TIMSDKListener {
    func onConnecting() {}
    func onConnectSuccess() {}
    func onConnectFailed(_ code: Int32, err: String!) { use("\(code) \(err!)") }
    func onKickedOffline() { isConnection = false }
}

// MARK: - V2 current, the vendor's Swift TUIKit (Cologne88/Chat_UIKit, Swift/)

/// Source: Cologne88/Chat_UIKit `Swift/TUIKit/TUIChat/BaseDataProvider/Base/TUIMessageBaseDataProvider.swift`,
/// `TUIChatBaseDataProvider.swift`, `Swift/TUIKitDemo/TUIKitDemo/AppDelegate+Redpoint.swift`,
/// `Swift/TUIKit/TUIConversation/BaseDataProvider/*.swift`.
enum MoreTUIKitSwift {
    // TUIMessageBaseDataProvider: read reports with optional blocks handed straight through.
    static func markC2CMessageAsRead(_ userID: String, succ: V2TIMSucc?, fail: V2TIMFail?) {
        let conversationID = "c2c_\(userID)"
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID: conversationID, cleanTimestamp: 0, cleanSequence: 0, succ: succ, fail: fail)
    }

    static func markConversationAsUndead(_ conversationIDList: [String], enableMark: Bool) {
        V2TIMManager.sharedInstance().markConversation(conversationIDList: conversationIDList, markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue), enableMark: enableMark, succ: nil, fail: nil)
    }

    // TUIChatBaseDataProvider: the total into an app closure typed `(UInt64) -> Void`, code widened.
    static func getTotalUnreadMessageCount(succ: @escaping (UInt64) -> Void, fail: ((Int, String) -> Void)?) {
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount(succ: { totalCount in
            succ(totalCount)
        }, fail: { code, desc in
            fail?(Int(code), desc ?? "")
        })
    }

    // TUIChatBaseDataProvider: an optional draft saved with nil callbacks.
    static func saveDraft(conversationId: String, draft: String?) {
        V2TIMManager.sharedInstance().setConversationDraft(conversationID: conversationId, draftText: draft, succ: nil, fail: nil)
    }

    // AppDelegate+Redpoint: "mark all read" with an empty ID, then unread marks off a dictionary's keys.
    static func clearAll(markUnreadMap: [String: Any]?, update: @escaping (UInt) -> Void) {
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount { totalCount in
            update(UInt(totalCount))
        } fail: { _, _ in }
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID: "", cleanTimestamp: 0, cleanSequence: 0) {
            update(0)
        } fail: { code, desc in
            use(String(format: "%d %@", code, desc ?? ""))
        }
        if let conversations = markUnreadMap?.keys {
            V2TIMManager.sharedInstance().markConversation(conversationIDList: Array(conversations), markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue), enableMark: false, succ: nil, fail: nil)
        }
    }

    // TUIConversationSelectBaseDataProvider: every conversation in one page of `INT_MAX`.
    static func loadAll(into sink: @escaping ([V2TIMConversation]) -> Void) {
        V2TIMManager.sharedInstance().getConversationList(nextSeq: 0, count: INT_MAX) { list, _, _ in
            guard let list = list else { return }
            sink(list)
        } fail: { _, _ in }
    }

    // TUIConversationListBaseDataProvider: cell data filled from IUO/optional properties, the
    // conversation ID of the cell an IUO handed to the labelled calls.
    final class CellData {
        var conversationID: String!
        var groupID: String?
        var groupType: String?
        var userID: String?
        var title: String?
        var faceUrl: String?
        var isOnTop = false
        var unreadCount = 0
        var draftText: String?
        var orderKey: UInt = 0
        var isNotDisturb = false
        var lastMessage: V2TIMMessage?
        var conversationGroupList: [String]?
        var markList: [NSNumber]?
    }

    static func cellData(for conversation: V2TIMConversation) -> CellData {
        let data = CellData()
        data.conversationID = conversation.conversationID
        data.groupID = conversation.groupID
        data.groupType = conversation.groupType
        data.userID = conversation.userID
        data.title = conversation.showName
        data.faceUrl = conversation.faceUrl
        data.isOnTop = conversation.isPinned
        data.unreadCount = Int(conversation.unreadCount)
        data.draftText = conversation.draftText
        data.orderKey = conversation.orderKey
        data.isNotDisturb = (conversation.groupType != "Meeting") && (conversation.recvOpt == .RECEIVE_NOT_NOTIFY_MESSAGE)
        data.lastMessage = conversation.lastMessage
        data.conversationGroupList = conversation.conversationGroupList
        data.markList = conversation.markList
        return data
    }

    // TUIConversationListBaseDataProvider.filteConversation: rows skipped by type and group type.
    static func isFiltered(_ conversation: V2TIMConversation) -> Bool {
        if (conversation.userID == nil || conversation.userID!.isEmpty) && (conversation.groupID == nil || conversation.groupID!.isEmpty) {
            return true
        }
        if conversation.type == .UNKNOWN { return true }
        if conversation.groupType == "AVChatRoom" {
            if conversation.unreadCount != 0 {
                V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID: conversation.conversationID, cleanTimestamp: 0, cleanSequence: 0) {
                } fail: { _, _ in }
            }
            return true
        }
        return false
    }

    // TUIConversationListBaseDataProvider: delete and pin of a cell, `[weak self]`-less closures.
    static func removeAndPin(_ cellData: CellData, pin: Bool) {
        V2TIMManager.sharedInstance().deleteConversation(conversation: cellData.conversationID) {
            use("deleted")
        } fail: { code, desc in
            use("deleteConversation failed, conversationID:\(String(describing: cellData.conversationID)) code:\(code) desc:\(String(describing: desc))")
        }
        V2TIMManager.sharedInstance().pinConversation(conversationID: cellData.conversationID, isPinned: pin) {
        } fail: { code, desc in
            use(code, desc)
        }
        V2TIMManager.sharedInstance().clearC2CHistoryMessage(userID: cellData.userID ?? "") {
        } fail: { _, _ in }
    }

    // TUIConversationListBaseDataProvider: the @ sequences of a row.
    static func groupAtSeqs(_ conv: V2TIMConversation) -> [NSNumber]? {
        guard let groupAtInfolist = conv.groupAtInfolist else { return nil }
        return groupAtInfolist.map { NSNumber(value: $0.seq) }
    }

    // TUIConversationListBaseDataProvider: the display date from the draft, then the last message.
    static func lastDisplayDate(_ conv: V2TIMConversation) -> Date? {
        if let draftText = conv.draftText, !draftText.isEmpty {
            return conv.draftTimestamp
        }
        if let lastMessage = conv.lastMessage {
            return lastMessage.timestamp
        }
        return nil
    }

    // AppDelegate (TUIKitDemo): the login status compared with the qualified short case.
    static func isLoggedOut() -> Bool {
        return V2TIMManager.sharedInstance().getLoginStatus() == V2TIMLoginStatus.STATUS_LOGOUT
    }

    // TUIGroupInfoDataProvider: the login user unwrapped in a guard.
    static func loginUser() -> String? {
        guard let loginUserID = V2TIMManager.sharedInstance().getLoginUser(), !loginUserID.isEmpty else {
            return nil
        }
        return loginUserID
    }
}

// MARK: - V2, the vendor's Swift-SDK documentation samples (Unread Count page)

/// Source: Tencent Chat docs "Unread Count" (iOS Swift samples; code index id 53946997946): listener
/// methods with `UInt` counts, filters set with the `V2TIM_` cases.
final class MoreDocsUnreadListener: NSObject, V2TIMConversationListener {
    private(set) var total: UInt = 0

    func start() {
        V2TIMManager.shared.addConversationListener(listener: self)
        let filter = V2TIMConversationListFilter()
        filter.type = .V2TIM_C2C
        V2TIMManager.shared.getUnreadMessageCountByFilter(filter: filter) { totalCount in
            use(totalCount)
        } fail: { code, desc in
            use(code, desc)
        }
        V2TIMManager.shared.subscribeUnreadMessageCountByFilter(filter: filter)
        let group = V2TIMConversationListFilter()
        group.conversationGroup = "swift conv group"
        V2TIMManager.shared.unsubscribeUnreadMessageCountByFilter(filter: group)
    }

    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt) {
        total = totalUnreadCount
    }

    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter, totalUnreadCount: UInt) {
        use(filter, totalUnreadCount)
    }
}

enum MoreDocsStyle {
    /// Source: Tencent Chat docs "Unread Count": a mark filter set with an enum case (Swift SDK).
    static func starFilter() -> V2TIMConversationListFilter {
        let filter = V2TIMConversationListFilter()
        filter.markType = .V2TIM_CONVERSATION_MARK_TYPE_STAR
        return filter
    }

    /// Source: Tencent Chat docs "Draft" Swift sample (code index id 52470899285).
    static func draft() {
        V2TIMManager.shared.setConversationDraft(conversationID: "conversationID", draftText: "The draft text") {
            use("setConversationDraft succ")
        } fail: { code, desc in
            use(code, desc)
        }
    }
}

// MARK: - V2 8.x pre-annotation, conversation groups (vendor Flutter plugin)

/// Source: the vendor's Flutter plugin `tencent_im_sdk_plugin`, iOS `ConversationManager.swift`
/// (code index id 22361494964): the conversation-group calls with their unlabelled first arguments,
/// trailing closures, results walked with `?.forEach`, names force-unwrapped from the arguments.
enum MoreFlutterConversationGroups {
    static func results(_ list: [V2TIMConversationOperationResult]?) -> [[String: Any]] {
        var dd: [[String: Any]] = []
        list?.forEach { item in
            dd.append(["conversationID": item.conversationID ?? "", "resultCode": item.resultCode, "resultInfo": item.resultInfo ?? ""])
        }
        return dd
    }

    static func all(args: [String: Any], reply: @escaping (Any?) -> Void) {
        let conversationIDList: [String] = args["conversationIDList"] as! [String]
        let groupName = (args["groupName"] as? String)!
        V2TIMManager.sharedInstance().createConversationGroup(groupName, conversationIDList: conversationIDList) { result_list in
            reply(results(result_list))
        } fail: { code, desc in
            reply([code, desc as Any])
        }
        V2TIMManager.sharedInstance().getConversationGroupList { ids in
            reply(ids ?? [])
        } fail: { code, desc in
            reply([code, desc as Any])
        }
        V2TIMManager.sharedInstance().deleteConversationGroup(groupName) {
            reply(nil)
        } fail: { code, desc in
            reply([code, desc as Any])
        }
        let oldName = (args["oldName"] as? String)!
        let newName = (args["newName"] as? String)!
        V2TIMManager.sharedInstance().renameConversationGroup(oldName, newName: newName) {
            reply(nil)
        } fail: { code, desc in
            reply([code, desc as Any])
        }
        V2TIMManager.sharedInstance().addConversations(toGroup: groupName, conversationIDList: conversationIDList) { result_list in
            reply(results(result_list))
        } fail: { code, desc in
            reply([code, desc as Any])
        }
        V2TIMManager.sharedInstance().deleteConversations(fromGroup: groupName, conversationIDList: conversationIDList) { result_list in
            reply(results(result_list))
        } fail: { code, desc in
            reply([code, desc as Any])
        }
    }

    // Same file: a filter filled from a map, the type from its raw value, and the older
    // (optional-chained) pre-annotation calls with optional IDs.
    static func filterAndBasics(filter: [String: Any], args: [String: Any], reply: @escaping (Any?) -> Void) {
        let filter_native = V2TIMConversationListFilter.init()
        if filter["conversationType"] as? Int != nil {
            filter_native.type = V2TIMConversationType.init(rawValue: Int(filter["conversationType"] as! Int)) ?? V2TIMConversationType.C2C
        }
        if filter["conversationGroup"] as? String != nil {
            filter_native.conversationGroup = filter["conversationGroup"] as? String
        }
        filter_native.hasGroupAtInfo = filter["hasGroupAtInfo"] as? Bool ?? false
        filter_native.hasUnreadCount = filter["hasUnreadCount"] as? Bool ?? false
        if filter["markType"] as? UInt != nil {
            filter_native.markType = filter["markType"] as! UInt
        }
        V2TIMManager.sharedInstance().subscribeUnreadMessageCount(by: filter_native)
        V2TIMManager.sharedInstance().unsubscribeUnreadMessageCount(by: filter_native)
        let conversationID = args["conversationID"] as? String
        let draftText = args["draftText"] as? String
        V2TIMManager.sharedInstance()?.deleteConversation(conversationID, succ: { () -> Void in
            reply(nil)
        }, fail: { code, desc in reply([code, desc as Any]) })
        V2TIMManager.sharedInstance()?.setConversationDraft(conversationID, draftText: draftText, succ: {
            reply(nil)
        }, fail: { code, desc in reply([code, desc as Any]) })
        V2TIMManager.sharedInstance()?.getTotalUnreadMessageCount({ totalCount -> Void in
            reply(totalCount)
        }, fail: { code, desc in reply([code, desc as Any]) })
        let cleanTimestamp = args["cleanTimestamp"] as? UInt64
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID, cleanTimestamp: cleanTimestamp ?? 0, cleanSequence: 0) {
            reply(nil)
        } fail: { code, desc in reply([code, desc as Any]) }
        let customData = args["customData"] as? String
        V2TIMManager.sharedInstance().setConversationCustomData([conversationID ?? ""], customData: customData?.data(using: String.Encoding.utf8)) { result_list in
            reply(results(result_list))
        } fail: { code, desc in reply([code, desc as Any]) }
    }
}
