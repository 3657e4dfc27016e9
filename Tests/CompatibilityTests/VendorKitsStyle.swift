import Foundation
import ImSDK_Plus

// Call shapes in the style of the vendor's own Swift kits that earlier hunts had not covered: the
// first generation of the Swift TUIKit (Tencent-RTC/Chat_UIKit, commit 591d366, 2025-01-21, written
// against an ImSDK_Plus 8.4 without Swift names) beside files of its current generation, TUILiveKit's
// gift, barrage and like services, TUIRoomKit's room-message manager and float chat, and the iOS side
// of the vendor's `tencent_cloud_chat_sdk` Flutter plugin (8.x). UIKit types of the sources are
// replaced by NSObject; everything is compiled, never run. Found on 2026-11-29, when the first
// generation's `create(atSignedGroupMessage:atUserList:)` and `createCustomMessage(data:)` with a
// `Data?` did not compile, and four of its listener methods compiled and were never called.

// MARK: - Vendor Swift TUIKit, first generation (Tencent-RTC/Chat_UIKit @591d366, 2025-01-21):
// Swift/TUIKit/TUIChat/BaseDataProvider/Base/TUIMessageBaseDataProvider.swift and
// Impl/TUIMessageSearchDataProvider.swift
//
// V2 8.4 without Swift names: unlabelled listener methods with plain (non-IUO) parameters, the 7.4
// revoke with an optional revoker, the pre-annotation history, send, read and delete names.

fileprivate extension Optional where Wrapped == String {
    var vkIsNilOrEmpty: Bool { self?.isEmpty ?? true }
}

class VKMessageBaseDataProvider: NSObject, V2TIMAdvancedMsgListener {
    var userID: String?
    var groupID: String?
    var pageCount = 20
    var lastMsg: V2TIMMessage?
    var isLoadingData = false
    var msgIDs: [String] = []
    private(set) var revoked: [(String, String)] = []
    private(set) var readCounts: [String: (Int32, Int32)] = [:]

    override init() {
        super.init()
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }

    // MARK: V2TIMAdvancedMsgListener

    func onRecvNewMessage(_ msg: V2TIMMessage) {
        if (!msg.userID.vkIsNilOrEmpty && msg.userID != userID) || (!msg.groupID.vkIsNilOrEmpty && msg.groupID != groupID) {
            return
        }
        msgIDs.append(msg.msgID ?? "")
        use(msg.timestamp)
    }

    // Group read receipts, without a Swift name (`onRecvMessageReadReceipts:` pruned). Compiled and
    // never called before 2026-11-29; a requirement since (`MessageReadReceiptTests`).
    func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt]) {
        for receipt in receiptList {
            if let msgID = receipt.msgID {
                readCounts[msgID] = (receipt.readCount, receipt.unreadCount)
            }
        }
        use(receiptList.first?.groupID)
    }

    // Compiled and never called before 2026-11-29; a requirement since (`RevokeTests`, `SDKListenerTests`,
    // `ListenerSpellingTests` check that it is called).
    func onRecvMessageRevoked(_ msgID: String, operateUser: V2TIMUserFullInfo?, reason: String?) {
        if (operateUser?.userID.vkIsNilOrEmpty ?? true) && operateUser?.userID != msgID {
            revoked.append((msgID, reason ?? ""))
        }
    }

    // MARK: Msgs

    func loadMessage(succeed: @escaping ([V2TIMMessage]) -> Void, failBlock: @escaping (Int, String) -> Void) {
        if isLoadingData {
            failBlock(Int(ERR_SUCC.rawValue), "refreshing")
            return
        }
        isLoadingData = true
        if let userID = self.userID, userID.count > 0 {
            V2TIMManager.sharedInstance().getC2CHistoryMessageList(userID, count: Int32(self.pageCount), lastMsg: self.lastMsg, succ: { msgs in
                if let msgs = msgs, msgs.count > 0 {
                    self.lastMsg = msgs.last
                    succeed(msgs)
                }
            }, fail: { code, desc in
                self.isLoadingData = false
                failBlock(Int(code), desc ?? "")
            })
        } else if let groupID = self.groupID, groupID.count > 0 {
            V2TIMManager.sharedInstance().getGroupHistoryMessageList(groupID, count: Int32(self.pageCount), lastMsg: self.lastMsg, succ: { msgs in
                if let msgs = msgs, msgs.count > 0 {
                    self.lastMsg = msgs.last
                    succeed(msgs)
                }
            }, fail: { code, desc in
                self.isLoadingData = false
                failBlock(Int(code), desc ?? "")
            })
        }
    }

    // The send with the hide mark cleared first, the result returned as the message ID.
    func sendMessage(_ message: V2TIMMessage, conversationID: String, priority: V2TIMMessagePriority, isOnlineUserOnly: Bool,
                     progress: V2TIMProgress?, succ: V2TIMSucc?, fail: V2TIMFail?) -> String? {
        let pushInfo: V2TIMOfflinePushInfo? = V2TIMOfflinePushInfo()
        pushInfo?.title = "nickName"
        if !conversationID.isEmpty {
            V2TIMManager.sharedInstance().markConversation([conversationID], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue), enableMark: false, succ: nil, fail: nil)
        }
        return V2TIMManager.sharedInstance().send(message, receiver: userID, groupID: groupID, priority: priority, onlineUserOnly: isOnlineUserOnly, offlinePushInfo: pushInfo, progress: progress, succ: {
            succ?()
        }, fail: { code, desc in
            if code == ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue {
                use("TUIKitErrorUnsupportIntefaceMessageRead")
            }
            fail?(code, desc)
        })
    }

    func getLastMessage(_ isFromLocal: Bool, succ: @escaping (V2TIMMessage?) -> Void, fail: V2TIMFail?) {
        let option = V2TIMMessageListGetOption()
        if let userID = self.userID, !userID.isEmpty {
            option.userID = userID
        }
        if let groupID = self.groupID, !groupID.isEmpty {
            option.groupID = groupID
        }
        option.getType = isFromLocal ? .GET_LOCAL_OLDER_MSG : .GET_CLOUD_OLDER_MSG
        option.lastMsg = nil
        option.count = 1
        V2TIMManager.sharedInstance().getHistoryMessageList(option, succ: { msgs in
            succ(msgs?.first)
        }, fail: { code, desc in
            fail?(code, desc)
        })
    }

    static func markC2CMessageAsRead(_ userID: String, succ: V2TIMSucc?, fail: V2TIMFail?) {
        let conversationID = "c2c_\(userID)"
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID, cleanTimestamp: 0, cleanSequence: 0, succ: succ, fail: fail)
    }

    static func markGroupMessageAsRead(_ groupID: String, succ: V2TIMSucc?, fail: V2TIMFail?) {
        let conversationID = "group_\(groupID)"
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID, cleanTimestamp: 0, cleanSequence: 0, succ: succ, fail: fail)
    }

    static func markConversationAsUndead(_ conversationIDList: [String], enableMark: Bool) {
        V2TIMManager.sharedInstance().markConversation(conversationIDList, markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue), enableMark: enableMark, succ: nil, fail: nil)
    }

    static func revokeMessage(_ msg: V2TIMMessage, succ: V2TIMSucc?, fail: V2TIMFail?) {
        V2TIMManager.sharedInstance().revokeMessage(msg, succ: succ, fail: fail)
    }

    static func deleteMessages(_ msgList: [V2TIMMessage], succ: V2TIMSucc?, fail: V2TIMFail?) {
        V2TIMManager.sharedInstance().delete(msgList, succ: succ, fail: fail)
    }

    static func getCustomMessageWithJsonData(_ data: Data) -> V2TIMMessage {
        return V2TIMManager.sharedInstance().createCustomMessage(data)
    }

    static func getCustomMessageWithJsonData(_ data: Data, desc: String, extensionInfo: String) -> V2TIMMessage {
        return V2TIMManager.sharedInstance().createCustomMessage(data: data, desc: desc, ext: extensionInfo)
    }
}

/// TUIMessageSearchDataProvider (first generation): a subclass that declares the *labelled* new-
/// message method and forwards to the superclass's unlabelled one. Not an override, so it is not
/// reached through the conformance its superclass made (the package calls the superclass's
/// `onRecvNewMessage(_:)`; the vendor's SDK, which dispatches by selector `onRecvNewMessage:`, does
/// too): the same behaviour, the subclass method is dead code in both.
final class VKMessageSearchDataProvider: VKMessageBaseDataProvider {
    var isNewerNoMoreMsg = false

    func findMessages(_ msgIDs: [String], callback: ((Bool, String, [V2TIMMessage]?) -> Void)?) {
        V2TIMManager.sharedInstance().findMessages(msgIDs, succ: { msgs in
            callback?(true, "", msgs)
        }, fail: { _, desc in
            callback?(false, desc ?? "", nil)
        })
    }

    func onRecvNewMessage(msg: V2TIMMessage) {
        if !isNewerNoMoreMsg {
            return
        }
        super.onRecvNewMessage(msg)
    }
}

// The source also sets `needReadReceipt` and calls `sendMessageReadReceipts` / `getMessageReadReceipts`
// (message read receipts, 6.1): those shapes are in `ReadReceiptsStyle.swift`.

// MARK: - Vendor Swift TUIKit, first generation (@591d366): TUIChat/BaseCell/TUIChatPopMenu.swift and
// TUIChat/CommonUI/Pop/TUIChatPopContextController.swift
//
// The menu closes itself when its message is revoked; the 7.4 revoke written with a non-optional
// `reason: String` (current generation: `onRecvMessageRevoked(msgID:operateUser:reason: String?)`).

final class VKChatPopMenu: NSObject, V2TIMAdvancedMsgListener {
    var targetMsgID: String?
    private(set) var hidden = false

    override init() {
        super.init()
        V2TIMManager.sharedInstance()?.addAdvancedMsgListener(listener: self)
    }

    // Compiled and never called before 2026-11-29; a requirement since (`RevokeTests`, `SDKListenerTests`,
    // `ListenerSpellingTests` check that it is called).
    public func onRecvMessageRevoked(_ msgID: String, operateUser: V2TIMUserFullInfo, reason: String) {
        if msgID == targetMsgID {
            hidden = true
        }
    }
}

/// The current generation of the same menu (HEAD, 2026-02-10): labelled, `reason` optional. Called.
final class VKChatPopMenuCurrent: NSObject, V2TIMAdvancedMsgListener {
    var targetMsgID: String?
    private(set) var hidden = false

    override init() {
        super.init()
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }

    public func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserFullInfo, reason: String?) {
        if msgID == targetMsgID {
            hidden = true
        }
    }
}

// MARK: - Vendor Swift TUIKit, first generation (@591d366): TIMAppKit/UI_Classic/Conversation/
// ConversationController.swift and UI_Minimalist/Conversation/ConversationController_Minimalist.swift;
// TUIContact/BaseDataProvider/TUIContactViewDataProvider.swift and TUIChat/CommonModel/
// TUIMessageProgressManager.swift
//
// The title of the conversation tab follows the connection; the listener added with the
// pre-annotation `add(_:)`, `onConnectFailed` with a plain `err: String`.

public class VKConversationController: NSObject, V2TIMSDKListener {
    var titleViewTitle: String?
    var animating = false

    override init() {
        super.init()
        V2TIMManager.sharedInstance().add(self)
    }

    public func onConnecting() {
        titleViewTitle = "TIMAppMainConnectingTitle"
        animating = true
    }

    public func onConnectSuccess() {
        titleViewTitle = "TIMAppMainTitle"
        animating = false
    }

    // Compiled and never called before 2026-11-29; a requirement since (`RevokeTests`, `SDKListenerTests`,
    // `ListenerSpellingTests` check that it is called).
    public func onConnectFailed(_ code: Int32, err: String) {
        titleViewTitle = "TIMAppMainDisconnectTitle"
        animating = false
    }
}

/// TUIContactViewDataProvider (first generation): `add(self)`, the IUO `err`. Called.
final class VKContactViewDataProvider: NSObject, V2TIMSDKListener {
    private(set) var onlineRefreshes = 0

    override init() {
        super.init()
        V2TIMManager.sharedInstance().add(self)
    }

    public func onConnectFailed(_ code: Int32, err: String!) {
        print(#function)
    }

    public func onConnectSuccess() {
        onlineRefreshes += 1
    }
}

/// TUIMessageProgressManager (first generation): `sharedInstance()?.add(self)`, progress reset on
/// reconnect.
final class VKMessageProgressManager: NSObject, V2TIMSDKListener {
    private var progress: [String: Int] = [:]

    override init() {
        super.init()
        V2TIMManager.sharedInstance()?.add(self)
    }

    func onConnecting() {
        progress.removeAll()
    }
}

// MARK: - Vendor Swift TUIKit, first generation (@591d366): TUIConversation/BaseDataProvider/
// TUIConversationListBaseDataProvider.swift (the current generation is covered, code index id
// 19686953258)
//
// Every listener method marked `@objc public`, unlabelled with plain arrays; the pre-annotation
// filter page `getConversationList(by:nextSeq:count:)` with an optional filter; trailing-closure
// deletes, pins, history clears and marks with the unlabelled first argument.

#if canImport(ObjectiveC)
// `@objc` needs Objective-C interoperability (an error on Linux whatever the package declares).
final class VKConversationListObjCListener: NSObject, V2TIMConversationListener, V2TIMSDKListener, V2TIMAdvancedMsgListener {
    private(set) var events: [String] = []
    @objc public func onNewConversation(_ conversationList: [V2TIMConversation]) { events.append("new") }
    @objc public func onConversationChanged(_ conversationList: [V2TIMConversation]) { events.append("changed") }
    @objc public func onConversationDeleted(_ conversationIDList: [String]) { events.append("deleted") }
    @objc public func onConnectFailed(_ code: Int32, err: String!) { events.append("failed") }
    @objc public func onConnectSuccess() { events.append("connected") }
    @objc public func onRecvNewMessage(_ msg: V2TIMMessage) { events.append("message") }
}
#endif

final class VKCellData: NSObject {
    var conversationID: String!
    var userID: String?
    var groupID: String?
    var isMarkAsHide = false
    var isMarkAsUnread = false
}

final class VKConversationListBaseDataProvider: NSObject, V2TIMConversationListener, V2TIMSDKListener, V2TIMAdvancedMsgListener {
    var filter: V2TIMConversationListFilter?
    var pageSize: UInt32 = 100
    var pageIndex: UInt64 = 0
    var isLastPage = false
    var conversationList: [VKCellData] = []
    var deletingConversationList: [String] = []
    var markUnreadMap: [String: VKCellData] = [:]

    override init() {
        super.init()
        filter = V2TIMConversationListFilter()
        V2TIMManager.sharedInstance().addConversationListener(listener: self)
        V2TIMManager.sharedInstance().add(self)
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }

    func loadNexPageConversations() {
        if isLastPage {
            return
        }
        V2TIMManager.sharedInstance().getConversationList(by: filter, nextSeq: pageIndex, count: pageSize) { [weak self] list, nextSeq, isFinished in
            guard let self = self else { return }
            self.pageIndex = nextSeq
            self.isLastPage = isFinished
            if let list = list {
                self.preprocess(list)
            }
        } fail: { [weak self] code, desc in
            guard let self = self else { return }
            self.isLastPage = true
            print("[TUIConversation] \(#function), code:\(code), desc:\(String(describing: desc))")
        }
    }

    func preprocess(_ v2Convs: [V2TIMConversation]) {
        for conv in v2Convs {
            let data = VKCellData()
            data.conversationID = conv.conversationID
            data.userID = conv.userID
            data.groupID = conv.groupID
            data.isMarkAsHide = (conv.markList ?? []).contains { $0.uintValue == V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue }
            conversationList.append(data)
        }
    }

    func removeConversation(_ conversation: VKCellData) {
        deletingConversationList.append(conversation.conversationID)
        V2TIMManager.sharedInstance().deleteConversation(conversation.conversationID) { [weak self] in
            guard let self = self else { return }
            self.deletingConversationList.removeAll(where: { $0 == conversation.conversationID })
            if let _ = self.markUnreadMap[conversation.conversationID!] {
                self.markUnreadMap.removeValue(forKey: conversation.conversationID!)
            }
        } fail: { [weak self] code, desc in
            guard let self = self else { return }
            print("deleteConversation failed, conversationID:\(String(describing: conversation.conversationID)) code:\(code) desc:\(String(describing: desc))")
            self.deletingConversationList.removeAll(where: { $0 == conversation.conversationID })
        }
    }

    // MARK: V2TIMConversationListener (the `@objc`-less spelling of the same methods)

    public func onNewConversation(_ conversationList: [V2TIMConversation]) {
        preprocess(conversationList)
    }

    public func onConversationChanged(_ conversationList: [V2TIMConversation]) {
        preprocess(conversationList)
    }

    public func onConversationDeleted(_ conversationIDList: [String]) {
        conversationList.removeAll { conversationIDList.contains($0.conversationID!) }
    }

    func onGroupInfoChanged(_ groupID: String) {
        if groupID.isEmpty {
            return
        }
        let conversationID = "group_\(groupID)"
        V2TIMManager.sharedInstance().getConversation(conversationID) { [weak self] conv in
            guard let self = self else { return }
            if let conv = conv {
                self.preprocess([conv])
            }
        } fail: { code, desc in
            print("[TUIConversation] \(#function), code:\(code), desc:\(String(describing: desc))")
        }
    }

    // MARK: V2TIMSDKListener

    public func onConnectFailed(_ code: Int32, err: String!) {
        NSLog("%s", #function)
    }

    public func onConnectSuccess() {
        NSLog("%s", #function)
    }

    // MARK: V2TIMAdvancedMsgListener

    public func onRecvNewMessage(_ msg: V2TIMMessage) {
        let userID = msg.userID
        let groupID = msg.groupID
        var conversationID = ""
        if let userID = userID {
            conversationID = "c2c_\(userID)"
        }
        if let groupID = groupID {
            conversationID = "group_\(groupID)"
        }
        if let target = conversationList.first(where: { $0.conversationID == conversationID }) {
            if target.isMarkAsHide || target.isMarkAsUnread {
                cancelHideAndUnreadMarkConversation(conversationID, existInHidelist: target.isMarkAsHide, existInUnreadlist: target.isMarkAsUnread)
            }
        } else {
            V2TIMManager.sharedInstance().getConversation(conversationID) { [weak self] conv in
                guard let self = self else { return }
                if let conv = conv {
                    self.preprocess([conv])
                }
            } fail: { code, desc in
                print("[TUIConversation] \(#function), code:\(code), desc:\(String(describing: desc))")
            }
        }
    }

    public func cancelHideAndUnreadMarkConversation(_ conversationID: String, existInHidelist: Bool, existInUnreadlist: Bool) {
        let markHideNumber = NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue)
        let markUnreadNumber = NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue)
        if existInHidelist && existInUnreadlist {
            V2TIMManager.sharedInstance().markConversation([conversationID], markType: markHideNumber, enableMark: false) { _ in
                V2TIMManager.sharedInstance().markConversation([conversationID], markType: markUnreadNumber, enableMark: false) { _ in
                    // Handle result if needed
                } fail: { code, desc in
                    print("[TUIConversation] \(#function) code:\(code), desc:\(String(describing: desc))")
                }
            } fail: { code, desc in
                print("[TUIConversation] \(#function) code:\(code), desc:\(String(describing: desc))")
            }
        } else if existInHidelist {
            V2TIMManager.sharedInstance().markConversation([conversationID], markType: markHideNumber, enableMark: false) { _ in
            } fail: { code, desc in
                print("[TUIConversation] \(#function) code:\(code), desc:\(String(describing: desc))")
            }
        }
    }

    public func handleClearGroupHistoryMessage(_ groupID: String) {
        V2TIMManager.sharedInstance().clearGroupHistoryMessage(groupID) {
            print("[TUIConversation] \(#function) success")
        } fail: { code, desc in
            print("[TUIConversation] \(#function) code:\(code), desc:\(String(describing: desc))")
        }
    }

    public func handleClearC2CHistoryMessage(_ userID: String) {
        V2TIMManager.sharedInstance().clearC2CHistoryMessage(userID) {
            print("[TUIConversation] \(#function) success")
        } fail: { code, desc in
            print("[TUIConversation] \(#function) code:\(code), desc:\(String(describing: desc))")
        }
    }

    // (The source wraps the call in `DispatchQueue.main.async`, which Swift 6 language mode refuses
    // for a non-Sendable cell; left out, it has nothing to do with the SDK.)
    public func handlePinConversation(_ conversation: VKCellData, pin: Bool) {
        V2TIMManager.sharedInstance().pinConversation(conversation.conversationID, isPinned: pin) {
            print("[TUIConversation] \(#function) success")
        } fail: { code, desc in
            print("[TUIConversation] \(#function) code:\(code), desc:\(String(describing: desc))")
        }
    }

    public func filteConversation(_ conversation: V2TIMConversation) -> Bool {
        if conversation.groupType == "AVChatRoom" {
            if conversation.unreadCount != 0 {
                V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversation.conversationID, cleanTimestamp: 0, cleanSequence: 0) {
                } fail: { _, _ in }
            }
            return true
        }
        return false
    }

    public func markConversationHide(_ conversationID: String) {
        V2TIMManager.sharedInstance().markConversation([conversationID], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue), enableMark: true) { _ in
        } fail: { code, desc in
            print("[TUIConversation] \(#function) code:\(code), desc:\(String(describing: desc))")
        }
    }
}

// MARK: - Vendor Swift TUIKit, first generation (@591d366): TUIChat/UI_Classic/Chat/
// TUIGroupChatViewController.swift (same in _Minimalist), TIMAppKit/CommonUI/
// TUIEnterIMViewController.swift (the current generation is covered, code index id 53501503944),
// TUIChat/UI_Classic/Chat/TUIGroupInfoDataProvider.swift, TUIContact/UI_Classic/UI/
// TUIFriendProfileController.swift, TUIChat/UI_Classic/Chat/TUIRepliesDetailViewController.swift and
// TUIBaseChatViewController.swift

enum VKGroupChatInput {
    // The @ list as an NSMutableArray, the text message re-signed with the pre-annotation
    // `create(atSignedGroupMessage:atUserList:)` (below), its cloud data kept.
    static func atUserList(_ userIDs: [String], message: V2TIMMessage) -> NSMutableArray? {
        guard message.elemType == .ELEM_TYPE_TEXT else { return nil }
        let atUserList = NSMutableArray()
        for userId in userIDs {
            atUserList.add(userId)
        }
        return atUserList.count > 0 ? atUserList : nil
    }
}

extension VKGroupChatInput {
    static func didSendMessage(_ message: V2TIMMessage, atUserList: NSMutableArray) -> V2TIMMessage {
        var msg = message
        let cloudCustomData = msg.cloudCustomData
        msg = V2TIMManager.sharedInstance().create(atSignedGroupMessage: msg, atUserList: atUserList)
        msg.cloudCustomData = cloudCustomData
        return msg
    }
}

/// TUIEnterIMViewController (first generation): the red point from the unlabelled total, "mark all
/// read" with the unlabelled empty conversation ID, the unread marks off the dictionary's keys.
final class VKEnterIMRedpoint: NSObject, V2TIMConversationListener {
    var unReadCount: UInt = 0
    var markUnreadMap: [String: Any] = [:]
    var badge = ""

    func viewDidLoad() {
        redpoint_setupTotalUnreadCount()
        V2TIMManager.sharedInstance().addConversationListener(listener: self)
    }

    func redpoint_clearUnreadMessage() {
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount("", cleanTimestamp: 0, cleanSequence: 0, succ: { [weak self] in
            guard let self = self else { return }
            self.onTotalUnreadCountChanged(0)
        }, fail: { [weak self] code, desc in
            guard let self = self else { return }
            use(String(format: "%d %@", code, desc ?? ""))
            self.onTotalUnreadCountChanged(UInt64(self.unReadCount))
        })
        let conversations = Array(markUnreadMap.keys)
        if !conversations.isEmpty {
            V2TIMManager.sharedInstance().markConversation(conversations, markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue), enableMark: false, succ: nil, fail: nil)
        }
    }

    func onTotalUnreadCountChanged(_ totalUnreadCount: UInt64) {
        let total = totalUnreadCount
        badge = total > 0 ? (total > 99 ? "99+" : "\(total)") : ""
        unReadCount = UInt(total)
    }

    func redpoint_setupTotalUnreadCount() {
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount({ [weak self] totalCount in
            self?.onTotalUnreadCountChanged(totalCount)
        }, fail: { _, _ in })
    }

    // MARK: V2TIMConversationListener

    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) {
        onTotalUnreadCountChanged(totalUnreadCount)
    }
}

/// TUIGroupInfoDataProvider / TUIFriendProfileController (first generation): the pin and fold
/// switches read off `getConversation` with an optional-chained result; receive option and history.
enum VKGroupInfoDataProvider {
    static func loadSwitches(groupID: String, userID: String?, update: @escaping (Bool, Bool) -> Void) {
        V2TIMManager.sharedInstance().getConversation("group_\(groupID)") { conv in
            let fold = (conv?.markList ?? []).contains { $0.uintValue == V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue }
            update(conv?.isPinned ?? false, fold)
        } fail: { _, _ in }
        V2TIMManager.sharedInstance().getConversation("c2c_\(userID ?? "")", succ: { conv in
            update(conv?.isPinned ?? false, false)
        }, fail: { _, _ in })
    }

    static func setGroupReceiveMessageOpt(_ groupID: String, opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail?) {
        V2TIMManager.sharedInstance().setGroupReceiveMessageOpt(groupID, opt: opt, succ: succ, fail: fail)
    }

    static func clearAllHistory(_ groupID: String, succ: V2TIMSucc?, fail: V2TIMFail?) {
        V2TIMManager.sharedInstance().clearGroupHistoryMessage(groupID, succ: succ, fail: fail)
    }

    // TUIGroupInfoController (both generations): the fold mark of the group's conversation.
    static func markFold(groupId: String?, isOn: Bool) {
        V2TIMManager.sharedInstance().markConversation(["group_\(groupId ?? "")"], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue), enableMark: isOn, succ: nil, fail: nil)
        V2TIMManager.sharedInstance().markConversation(conversationIDList: ["group_\(groupId ?? "")"], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue), enableMark: isOn, succ: nil, fail: nil)
    }
}

/// TUIRepliesDetailViewController (both generations): the optional message, guarded. Called.
final class VKRepliesDetail: NSObject, V2TIMAdvancedMsgListener {
    var rootMsgID: String?
    private(set) var refreshed = 0

    override init() {
        super.init()
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }

    func onRecvNewMessage(_ msg: V2TIMMessage?) {
        guard let imMsg = msg else { return }
        if imMsg.msgID == rootMsgID {
            refreshed += 1
        }
    }
}

/// TUIBaseChatViewController (first generation): the title follows the conversation's show name.
final class VKBaseChatTitle: NSObject, V2TIMConversationListener {
    var conversationID: String?
    var title: String?
    var otherSideTyping = false

    func viewDidLoad() {
        V2TIMManager.sharedInstance().addConversationListener(listener: self)
    }

    public func onConversationChanged(_ conversationList: [V2TIMConversation]) {
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

// MARK: - Vendor Swift TUIKit, current generation (Tencent-RTC/Chat_UIKit HEAD, 2026-05-29):
// TUIConversation/BaseDataProvider/TUIFoldConversationListBaseDataProvider.swift,
// TIMCommon/CommonModel/TIMCommonModel.swift, TUIChat/UI_Classic/Input/TUIInputController.swift,
// TUIVoiceToTextPlugin/UI/Service/TUIVoiceMessageAutoService.swift (same in
// TUITextToVoicePlugin's TUITextToVoiceAutoService)

final class VKFoldConversationListProvider: NSObject {
    var pageIndex: UInt64 = 0
    var pageSize: UInt32 = 100
    var isLastPage = false
    private(set) var folded: [V2TIMConversation] = []

    func loadNexPageConversations() {
        let filter = V2TIMConversationListFilter()
        filter.type = .GROUP
        filter.markType = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue
        V2TIMManager.sharedInstance().getConversationListByFilter(filter: filter, nextSeq: pageIndex, count: pageSize) { [weak self] list, nextSeq, isFinished in
            guard let self = self else { return }
            self.pageIndex = nextSeq
            self.isLastPage = isFinished
            self.folded.append(contentsOf: list ?? [])
        } fail: { [weak self] _, _ in
            self?.isLastPage = true
        }
    }

    func removeFold(_ conversation: VKCellData) {
        V2TIMManager.sharedInstance().deleteConversation(conversation: conversation.conversationID, succ: { [weak self] in
            self?.folded.removeAll { $0.conversationID == conversation.conversationID }
        }, fail: nil)
        V2TIMManager.sharedInstance().markConversation(conversationIDList: [conversation.conversationID], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue), enableMark: false, succ: { _ in
        }, fail: nil)
    }
}

enum VKCommonModelTopConversations {
    static func addTopConversation(_ conv: String, callback: ((Bool, String?) -> Void)?) {
        V2TIMManager.sharedInstance().pinConversation(conversationID: conv, isPinned: true, succ: {
            callback?(true, nil)
        }, fail: { _, desc in
            callback?(false, desc)
        })
    }

    static func inputBarDidSendText(_ content: String) -> V2TIMMessage? {
        guard let baseMessage = V2TIMManager.sharedInstance().createTextMessage(text: content) else { return nil }
        return baseMessage
    }
}

final class VKVoiceMessageAutoService: NSObject, V2TIMAdvancedMsgListener {
    var currentConversationID: String?
    private(set) var queued: [String] = []

    func start() {
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }

    func stop() {
        V2TIMManager.sharedInstance().removeAdvancedMsgListener(listener: self)
    }

    public func onRecvNewMessage(msg: V2TIMMessage) {
        guard !msg.isSelf else { return }
        guard let currentConvID = currentConversationID else { return }
        let inConversation: Bool
        if let groupID = msg.groupID, !groupID.isEmpty {
            inConversation = currentConvID == "group_\(groupID)"
        } else {
            inConversation = currentConvID == "c2c_\(msg.userID ?? "")"
        }
        if inConversation {
            queued.append(msg.msgID ?? "")
        }
    }
}

// MARK: - Vendor TUILiveKit TUIGiftIMService.swift (Tencent-RTC/TUILiveKit iOS/TUILiveKit/Sources/
// Component/Gift/Service/, 2024-12-02 to 2025-01-07, and iOS/Component/Gift/Sources/Service/ until
// 2025-05-13; the 2025-06-10 version below it)
//
// The manager in a `weak var`, the gift sent as a group custom message with the pre-annotation name,
// the received custom data implicitly unwrapped while the other parameters are plain.

final class VKGiftIMService: NSObject {
    private weak var imManager: V2TIMManager?
    private let roomId: String
    private(set) var gifts: [Data] = []

    init(roomId: String) {
        self.roomId = roomId
        super.init()
        imManager = V2TIMManager.sharedInstance()
        imManager?.addSimpleMsgListener(listener: self)
    }

    func sendGiftMessage(_ data: Data, callback: ((Int, String) -> Void)?) {
        imManager?.sendGroupCustomMessage(data, to: roomId, priority: .PRIORITY_NORMAL) {
            callback?(0, "send gift message success.")
        } fail: { code, message in
            debugPrint("sendGroupCustomMessage failed. code:\(code), message:\(message ?? "")")
            callback?(Int(code), message ?? "")
        }
    }
}

extension VKGiftIMService: V2TIMSimpleMsgListener {
    // Compiled and never called before 2026-11-29; a requirement since (`RevokeTests`, `SDKListenerTests`,
    // `ListenerSpellingTests` check that it is called).
    func onRecvGroupCustomMessage(_ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, customData data: Data!) {
        guard roomId == groupID else { return }
        gifts.append(data)
    }
}

/// The 2025-06-10 version (iOS/Component/Gift/Sources/Service/TUIGiftIMService.swift): labelled,
/// optional group ID and data, the current send name. Called.
final class VKGiftIMServiceCurrent: NSObject, V2TIMSimpleMsgListener {
    private weak var imManager: V2TIMManager?
    private let roomId: String
    private(set) var gifts: [Data] = []

    init(roomId: String) {
        self.roomId = roomId
        super.init()
        imManager = V2TIMManager.sharedInstance()
        imManager?.addSimpleMsgListener(listener: self)
    }

    func sendGiftMessage(_ data: Data, callback: ((Int, String) -> Void)?) {
        imManager?.sendGroupCustomMessage(customData: data, to: roomId, priority: .PRIORITY_NORMAL) {
            callback?(0, "send gift message success.")
        } fail: { code, message in
            callback?(Int(code), message ?? "")
        }
    }

    func onRecvGroupCustomMessage(msgID: String, groupID: String?, sender info: V2TIMGroupMemberInfo, customData data: Data?) {
        guard roomId == groupID, let data = data else { return }
        gifts.append(data)
    }
}

// MARK: - Vendor TUILiveKit TUIBarrageAdapter.swift (iOS/TUILiveKit/Source/Common/UIComponent/Barrage/
// Service/, 2024-04-23 to 2024-08-27, and iOS/TUILiveKit/Sources/Component/Barrage/Service/,
// 2024-12-02), BarrageInputService.swift (2024-12-18 to 2025-07-16) and LikeManager.swift
// (iOS/TUILiveKit/Sources/Common/Gift/, 2025-02-11 to 2025-05-13; Component/GiftAccess/, 2025-06-11)

final class VKBarrageAdapter: NSObject {
    private let imManager: V2TIMManager = {
        V2TIMManager.sharedInstance()
    }()
    var roomId = ""
    private(set) var barrages: [(String, String)] = []

    func initialize() {
        imManager.addSimpleMsgListener(listener: self)
    }

    func destroy() {
        imManager.removeSimpleMsgListener(listener: self)
    }

    // 2024-04: a barrage sent as a custom message.
    func sendBarrage(_ data: Data) {
        imManager.sendGroupCustomMessage(data, to: roomId, priority: .PRIORITY_NORMAL) { [weak self] in
            guard let self = self else { return }
            self.barrages.append((self.roomId, "sent"))
        } fail: { code, message in
            debugPrint("sendGroupCustomMessage failed. code:\(code), message:\(message ?? "")")
        }
    }

    // 2024-08 and 2024-12: as text.
    func sendBarrage(text: String) {
        imManager.sendGroupTextMessage(text, to: roomId, priority: .PRIORITY_NORMAL) { [weak self] in
            self?.barrages.append((text, "sent"))
        } fail: { code, message in
            debugPrint("sendGroupTextMessage failed. code:\(code), message:\(message ?? "")")
        }
    }

    private func constructBarrageFromIMText(groupId: String, info: V2TIMGroupMemberInfo!, text: String) {
        barrages.append((info.userID ?? "", text))
        use(info.nickName, info.faceURL, groupId)
    }
}

extension VKBarrageAdapter: V2TIMSimpleMsgListener {
    // 2024-04 to 2024-08: every parameter implicitly unwrapped. Called.
    func onRecvGroupTextMessage(_ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, text: String!) {
        constructBarrageFromIMText(groupId: groupID, info: info, text: text)
    }

    func onRecvGroupCustomMessage(_ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, customData data: Data!) {
        guard roomId == groupID else { return }
        use(data)
    }
}

/// The 2024-12-02 adapter: every parameter plain. Called.
final class VKBarrageAdapter2412: NSObject, V2TIMSimpleMsgListener {
    var roomId = ""
    private(set) var texts: [String] = []

    func onRecvGroupTextMessage(_ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, text: String) {
        guard roomId == groupID else { return }
        texts.append(text)
    }
}

struct VKInternalError: Error {
    let code: Int
    let message: String
}

/// BarrageInputService: the send bridged into async/await, the manager a computed property.
final class VKBarrageInputService {
    let roomId: String
    private var imManager: V2TIMManager {
        V2TIMManager.sharedInstance()
    }

    init(roomId: String) {
        self.roomId = roomId
    }

    func sendBarrage(_ content: String) async throws {
        return try await withCheckedThrowingContinuation { continuation in
            imManager.sendGroupTextMessage(content, to: roomId, priority: .PRIORITY_LOW) {
                continuation.resume()
            } fail: { code, message in
                continuation.resume(throwing: VKInternalError(code: Int(code), message: message ?? ""))
            }
        }
    }

    func sendBarrageCurrent(_ content: String) async throws {
        return try await withCheckedThrowingContinuation { continuation in
            imManager.sendGroupTextMessage(text: content, to: roomId, priority: .PRIORITY_LOW) {
                continuation.resume()
            } fail: { code, message in
                continuation.resume(throwing: VKInternalError(code: Int(code), message: message ?? ""))
            }
        }
    }
}

/// LikeManager: the like as a low-priority group custom message inside a continuation.
enum VKLikeManager {
    static func sendLikeMessage(roomId: String, data: Data) async throws {
        return try await withCheckedThrowingContinuation { continuation in
            V2TIMManager.sharedInstance().sendGroupCustomMessage(data, to: roomId, priority: .PRIORITY_LOW) {
                continuation.resume()
            } fail: { code, message in
                debugPrint("sendGroupCustomMessage failed. code:\(code), message:\(message ?? "")")
                continuation.resume(throwing: VKInternalError(code: Int(code), message: message ?? ""))
            }
        }
    }

    static func sendLikeMessageCurrent(roomId: String, data: Data) async throws {
        return try await withCheckedThrowingContinuation { continuation in
            V2TIMManager.sharedInstance().sendGroupCustomMessage(customData: data, to: roomId, priority: .PRIORITY_LOW) {
                continuation.resume()
            } fail: { code, message in
                continuation.resume(throwing: VKInternalError(code: Int(code), message: message ?? ""))
            }
        }
    }
}

// MARK: - Vendor TUILiveKit LiveStreamCore (iOS/LiveStreamCore/Sources/Manager/Api/
// LiveStreamService.swift, 2024-12 to 2025-02, and Manager/Observer/IMObserver.swift)
//
// An SDK listener typed by the protocol itself, added and removed with the pre-annotation names.

final class VKLiveStreamService {
    func addImObserver(_ observer: V2TIMSDKListener) {
        V2TIMManager.sharedInstance().add(observer)
    }

    func removeImObserver(_ observer: V2TIMSDKListener) {
        V2TIMManager.sharedInstance().remove(observer)
    }
}

final class VKIMObserver: NSObject {
    private(set) var reconnects = 0
}

extension VKIMObserver: V2TIMSDKListener {
    func onConnectSuccess() {
        reconnects += 1
    }
}

// MARK: - Vendor TUIRoomKit RoomExtension RoomMessageManager.swift and RoomMessageModel.swift
// (Tencent-RTC/TUIRoomKit iOS/TUIRoomKit/RoomExtension/Model/, 2023-07-12 to 2025-05-09)
//
// The room invitation as a custom message whose JSON is re-read from `customElem.data`, the message
// found again by ID before it is updated.

final class VKRoomMessageModel {
    var messageId = ""
    var roomId = ""
    private var message: V2TIMMessage?

    func updateMessage(message: V2TIMMessage) {
        self.message = message
        messageId = message.msgID ?? ""
        guard let data = message.customElem?.data,
              let dict = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return }
        roomId = dict["roomId"] as? String ?? ""
    }

    func getMessage() -> V2TIMMessage? {
        return message
    }
}

enum VKRoomMessageManager {
    // 2023-07 to 2025-04: the pre-annotation name, the JSON data optional, the result optional-chained.
    static func sendMessageOld(jsonString: String) -> V2TIMMessage? {
        let jsonData = jsonString.data(using: String.Encoding.utf8)
        let message = V2TIMManager.sharedInstance().createCustomMessage(jsonData)
        use(message?.msgID)
        return message
    }

    static func resendRoomMessage(message: VKRoomMessageModel, modify: @escaping (VKRoomMessageModel) -> Void) {
        if message.messageId == "" {
            modify(message)
            return
        }
        V2TIMManager.sharedInstance().findMessages([message.messageId]) { messageArray in
            guard let array = messageArray else { return }
            for previousMessage in array where previousMessage.msgID == message.messageId {
                modify(message)
            }
        } fail: { code, messageString in
            modify(message)
        }
        // 2025-05: the current name.
        V2TIMManager.sharedInstance().findMessages(messageIDList: [message.messageId]) { messageArray in
            guard let array = messageArray else { return }
            for previousMessage in array where previousMessage.msgID == message.messageId {
                modify(message)
            }
        } fail: { code, messageString in
            modify(message)
        }
    }

    // The JSON of the custom element rewritten in place, then handed to `modifyMessage`.
    static func rewrite(message: V2TIMMessage, dic: [String: Any]) {
        guard var customElemDic = (try? JSONSerialization.jsonObject(with: message.customElem?.data ?? Data())) as? [String: Any] else { return }
        for (key, value) in dic {
            customElemDic[key] = value
        }
        let jsonData = try? JSONSerialization.data(withJSONObject: customElemDic)
        message.customElem?.data = jsonData
        V2TIMManager.sharedInstance().modifyMessage(msg: message) { code, desc, msg in
            use(code, desc, msg?.customElem?.data)
        }
    }
}

extension VKRoomMessageManager {
    static func sendMessage(jsonString: String) -> V2TIMMessage? {
        let jsonData = jsonString.data(using: String.Encoding.utf8)
        let message = V2TIMManager.sharedInstance().createCustomMessage(data: jsonData)
        use(message?.msgID)
        return message
    }
}

// MARK: - Vendor TUIRoomKit FloatChatService.swift, two more versions (iOS/TUIRoomKit/Source/Common/
// Components/FloatChat/Service/; the 2024-12-20 version is covered, code index id 6039929065), and
// FloatChatState.swift
//
// 2024-08-01: the simple listener, all IUO, the pre-annotation send. 2025-05-09: the advanced
// listener labelled with an IUO message, the labelled send with an optional room ID.

final class VKFloatChatService2408: NSObject {
    var roomId: String? = "room"
    private(set) var received: [(String, String)] = []
    private let imManager = {
        V2TIMManager.sharedInstance()
    }()

    override init() {
        super.init()
        imManager?.addSimpleMsgListener(listener: self)
    }

    func sendGroupMessage(_ message: String, promise: @escaping (String) -> Void) {
        self.imManager?.sendGroupTextMessage(message, to: self.roomId, priority: .PRIORITY_NORMAL, succ: {
            promise(message)
        }, fail: { code, message in
            use(Int(code), message ?? "send message fail")
        })
    }
}

extension VKFloatChatService2408: V2TIMSimpleMsgListener {
    func onRecvGroupTextMessage(_ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, text: String!) {
        guard groupID == roomId else {
            return
        }
        received.append((info.nameCard ?? info.nickName ?? info.userID ?? "", text))
    }
}

final class VKFloatChatService2505: NSObject {
    var roomId: String? = "room"
    private(set) var received: [VKFloatChatMessage] = []
    private let imManager = {
        V2TIMManager.sharedInstance()
    }()

    override init() {
        super.init()
        imManager?.addAdvancedMsgListener(listener: self)
    }

    func sendGroupMessage(_ message: String, promise: @escaping (String) -> Void) {
        self.imManager?.sendGroupTextMessage(text: message, to: self.roomId, priority: .PRIORITY_NORMAL, succ: {
            promise(message)
        }, fail: { code, message in
            use(Int(code), message ?? "send message fail")
        })
    }
}

extension VKFloatChatService2505: V2TIMAdvancedMsgListener {
    func onRecvNewMessage(msg: V2TIMMessage!) {
        guard msg.groupID == roomId, let msg = msg else { return }
        received.append(VKFloatChatMessage(msg: msg))
    }
}

struct VKFloatChatMessage {
    var userId = ""
    var userName = ""
    var avatarUrl = ""
    var content = ""
    var isCustom = false

    init(msg: V2TIMMessage) {
        userId = msg.sender ?? ""
        userName = msg.nickName ?? ""
        avatarUrl = msg.faceURL ?? ""
        switch msg.elemType {
        case .ELEM_TYPE_TEXT:
            content = msg.textElem?.text ?? ""
        case .ELEM_TYPE_CUSTOM:
            isCustom = true
        default:
            break
        }
    }
}

// MARK: - The vendor's `tencent_cloud_chat_sdk` Flutter plugin, iOS side, 8.x (a copy of the published
// plugin at xionghaoo/tencent_cloud_chat_sdk, 2024-09-07: ios/Classes/listener/ConversationListener.swift,
// AdvancedMsgListener.swift, SDKListener.swift, manager/MessageManager.swift)
//
// The conversation-group events in the unlabelled IUO spellings (the removal without `reason`), the
// 7.4 revoke with every parameter IUO beside the old one, the global receive option event, and the
// receive option read back with its do-not-disturb window.

final class VKCloudChatConversationListener: NSObject, V2TIMConversationListener {
    let listenerUuid: String
    private(set) var events: [(String, Any?)] = []

    init(listenerUid: String) {
        listenerUuid = listenerUid
    }

    public func onConversationChanged(_ conversationList: [V2TIMConversation]!) {
        var cs: [String] = []
        for item in conversationList {
            cs.append(item.conversationID ?? "")
        }
        events.append(("onConversationChanged", cs))
    }

    public func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) {
        events.append(("onTotalUnreadMessageCountChanged", totalUnreadCount))
    }

    public func onConversationGroupDeleted(_ groupName: String!) {
        events.append(("onConversationGroupDeleted", groupName))
    }

    public func onConversationGroupCreated(_ groupName: String!, conversationList: [V2TIMConversation]!) {
        var dd: [String: Any] = [:]
        dd["groupName"] = groupName
        dd["conversationList"] = conversationList.map { $0.conversationID ?? "" }
        events.append(("onConversationGroupCreated", dd))
    }

    public func onConversationsAdded(toGroup groupName: String!, conversationList: [V2TIMConversation]!) {
        events.append(("onConversationsAddedToGroup", [groupName as Any, conversationList.count]))
    }

    public func onConversationsDeleted(fromGroup groupName: String!, conversationList: [V2TIMConversation]!) {
        events.append(("onConversationsDeletedFromGroup", [groupName as Any, conversationList.count]))
    }

    public func onConversationGroupNameChanged(_ oldName: String!, newName: String!) {
        var dd: [String: Any] = [:]
        dd["oldName"] = oldName
        dd["newName"] = newName
        events.append(("onConversationGroupNameChanged", dd))
    }

    public func onConversationDeleted(_ conversationIDList: [String]!) {
        events.append(("onConversationDeleted", conversationIDList))
    }

    public func onUnreadMessageCountChanged(by filter: V2TIMConversationListFilter!, totalUnreadCount: UInt64) {
        var fil: [String: Any] = [:]
        fil["conversationGroup"] = filter.conversationGroup
        fil["markType"] = filter.markType
        fil["conversationType"] = filter.type.rawValue
        events.append(("onUnreadMessageCountChangedByFilter", [fil, totalUnreadCount]))
    }
}

final class VKCloudChatAdvancedMsgListener: NSObject, V2TIMAdvancedMsgListener {
    nonisolated(unsafe) static var groupidList: [String] = []
    nonisolated(unsafe) static var messageList: [V2TIMMessage] = []
    private(set) var events: [(String, Any?)] = []

    public func onRecvNewMessage(_ msg: V2TIMMessage!) {
        events.append(("onRecvNewMessage", msg.msgID))
        if VKCloudChatAdvancedMsgListener.groupidList.contains(msg.groupID ?? "") {
            let allowTypes: [V2TIMElemType] = [V2TIMElemType.ELEM_TYPE_FILE, V2TIMElemType.ELEM_TYPE_IMAGE, V2TIMElemType.ELEM_TYPE_SOUND, V2TIMElemType.ELEM_TYPE_VIDEO]
            if allowTypes.contains(msg.elemType) {
                VKCloudChatAdvancedMsgListener.messageList.append(msg)
            }
        }
    }

    public func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]!) {
        events.append(("onRecvC2CReadReceipt", receiptList.map { [$0.userID as Any, $0.timestamp, $0.isPeerRead] }))
    }

    public func onRecvMessageRevoked(_ msgID: String!) {
        events.append(("onRecvMessageRevoked", msgID))
    }

    func onRecvMessageRevoked(_ msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String!) {
        var data = [String: Any]()
        data["msgID"] = msgID ?? ""
        data["reason"] = reason ?? ""
        data["operateUser"] = operateUser.userID ?? ""
        events.append(("onRecvMessageRevokedWithInfo", data))
    }
}

final class VKCloudChatSDKListener: NSObject, V2TIMSDKListener {
    let listenerUuid: String
    private(set) var events: [(String, Any?)] = []

    init(listenerUid: String) {
        listenerUuid = listenerUid
    }

    public func onConnectFailed(_ code: Int32, err: String!) {
        events.append(("onConnectFailed", ["code": code, "desc": err!]))
    }

    public func onKickedOffline() {
        events.append(("onKickedOffline", nil))
    }

    // Not a requirement (no such event in the package): an experimental SDK notification; the
    // vendor's SDK calls it for `callExperimentalAPI` subscriptions. Compiles as a plain method.
    public func onExperimentalNotify(_ key: String!, param: NSObject!) {
        events.append(("onExperimentalNotify", [key as Any, param as Any]))
    }

    public func onAllReceiveMessageOptChanged(_ receiveMessageOptInfo: V2TIMReceiveMessageOptInfo!) {
        var data: [String: Any] = [:]
        data["allReceiveMessageOpt"] = receiveMessageOptInfo.receiveOpt.rawValue
        data["duration"] = receiveMessageOptInfo.duration
        data["startHour"] = receiveMessageOptInfo.startHour
        data["startMinute"] = receiveMessageOptInfo.startMinute
        data["startSecond"] = receiveMessageOptInfo.startSecond
        data["startTimeStamp"] = receiveMessageOptInfo.startTimeStamp
        data["userID"] = receiveMessageOptInfo.userID
        events.append(("onAllReceiveMessageOptChanged", data))
    }
}

enum VKCloudChatMessageManager {
    static func getC2CReceiveMessageOpt(userIDList: [String], result: @escaping (Any?) -> Void) {
        V2TIMManager.sharedInstance()?.getC2CReceiveMessageOpt(userIDList, succ: {
            let dict = $0!.map { [
                "c2CReceiveMessageOpt": Int($0.receiveOpt.rawValue),
                "userID": $0.userID ?? "",
                "startHour": $0.startHour,
                "startMinute": $0.startMinute,
                "startSecond": $0.startSecond,
                "startTimeStamp": $0.startTimeStamp,
                "duration": $0.duration,
            ] as [String: Any] }
            result(dict)
        }, fail: { code, desc in
            result([code, desc as Any])
        })
    }

    static func setReceiveOpts(userIDList: [String], groupID: String, opt: Int, result: @escaping (Any?) -> Void) {
        V2TIMManager.sharedInstance()?.setC2CReceiveMessageOpt(userIDList, opt: V2TIMReceiveMessageOpt.init(rawValue: opt)!, succ: {
            () -> Void in
            result("ok")
        }, fail: { code, desc in result([code, desc as Any]) })
        V2TIMManager.sharedInstance()?.setGroupReceiveMessageOpt(groupID, opt: V2TIMReceiveMessageOpt.init(rawValue: opt)!, succ: {
            () -> Void in
            result("ok")
        }, fail: { code, desc in result([code, desc as Any]) })
    }

    static func markRead(userID: String, groupID: String?, result: @escaping (Any?) -> Void) {
        V2TIMManager.sharedInstance().markC2CMessage(asRead: userID, succ: {
            result(nil)
        }, fail: { code, desc in result([code, desc as Any]) })
        V2TIMManager.sharedInstance()?.markGroupMessage(asRead: groupID, succ: {
            () -> Void in
            result(nil)
        }, fail: { code, desc in result([code, desc as Any]) })
        V2TIMManager.sharedInstance()?.markAllMessage(asRead: {
            () -> Void in
            result(nil)
        }, fail: { code, desc in result([code, desc as Any]) })
    }
}
