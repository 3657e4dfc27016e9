import Foundation
import ImSDK_Plus

// Call shapes in the style of the vendor's Swift TUIKit (conversation list data provider, chat data
// provider, cell data helpers): trailing closures with `[weak self]` and `guard let self, let list`,
// labelled listener methods with non-optional arrays, mark types as NSNumbers. Compiled, never run.

/// V2 current: TUIKit style; an open data provider that is the conversation, SDK and message listener.
open class TUIKitStyleConversationProvider: NSObject, V2TIMConversationListener, V2TIMSDKListener, V2TIMAdvancedMsgListener {
    public var filter: V2TIMConversationListFilter?
    public var pageSize: UInt32 = 100
    var pageIndex: UInt64 = 0
    var isLastPage = false
    public private(set) var conversationList: [V2TIMConversation] = []
    private var deletingConversationList: [String] = []

    // V2 current: TUIKit style; the filter made up front, every listener added in init.
    override public init() {
        super.init()
        filter = V2TIMConversationListFilter()
        V2TIMManager.sharedInstance().addConversationListener(listener: self)
        V2TIMManager.sharedInstance().addIMSDKListener(listener: self)
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }

    // V2 current: TUIKit style; the next filtered page.
    open func loadNexPageConversations() {
        if isLastPage {
            return
        }
        guard let filter = filter else { return }
        V2TIMManager.sharedInstance().getConversationListByFilter(filter: filter, nextSeq: pageIndex, count: pageSize) { [weak self] list, nextSeq, isFinished in
            guard let self = self, let list = list else { return }
            self.pageIndex = nextSeq
            self.isLastPage = isFinished
            self.preprocess(list)
        } fail: { [weak self] code, desc in
            guard let self = self else { return }
            self.isLastPage = true
            use(code, String(describing: desc))
        }
    }

    // V2 current: TUIKit style; hidden and folded rows split off by their marks.
    open func preprocess(_ v2Convs: [V2TIMConversation]) {
        for conv in v2Convs {
            if TUIKitStyleCellData.isMarkedByHideType(conv.markList) || TUIKitStyleCellData.isMarkedByFoldType(conv.markList) {
                continue
            }
            if let index = conversationList.firstIndex(where: { $0.conversationID == conv.conversationID }) {
                conversationList[index] = conv
            } else {
                conversationList.append(conv)
            }
        }
        conversationList.sort { $0.orderKey > $1.orderKey }
        if let conversationGroup = filter?.conversationGroup, conversationGroup.count == 0 {
            use("no conversation group")
        }
    }

    // V2 current: TUIKit style; delete with the `conversation:` label and trailing closures.
    func handleRemoveConversation(_ conversationID: String) {
        deletingConversationList.append(conversationID)
        V2TIMManager.sharedInstance().deleteConversation(conversation: conversationID) { [weak self] in
            guard let self = self else { return }
            self.deletingConversationList.removeAll(where: { $0 == conversationID })
        } fail: { [weak self] code, desc in
            guard let self = self else { return }
            use(code, String(describing: desc))
            self.deletingConversationList.removeAll(where: { $0 == conversationID })
        }
    }

    // V2 current: TUIKit style; a group's conversation reloaded after its info changed.
    func reloadGroupConversation(groupID: String) {
        let conversationID = "group_\(groupID)"
        V2TIMManager.sharedInstance().getConversation(conversationID: conversationID) { [weak self] conv in
            guard let self = self, let conv = conv else { return }
            self.preprocess([conv])
        } fail: { code, desc in
            use(code, String(describing: desc))
        }
    }

    // V2 current: TUIKit style; hide and unread marks cancelled when a message arrives, one mark
    // type per call (TUIKit chains two calls for both: the SDK takes one mark at a time).
    public func cancelHideAndUnreadMarkConversation(_ conversationID: String, existInHidelist: Bool, existInUnreadlist: Bool) {
        let markHideNumber = NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue)
        let markUnreadNumber = NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue)
        if existInHidelist && existInUnreadlist {
            V2TIMManager.sharedInstance().markConversation(conversationIDList: [conversationID], markType: markHideNumber, enableMark: false) { _ in
                V2TIMManager.sharedInstance().markConversation(conversationIDList: [conversationID], markType: markUnreadNumber, enableMark: false, succ: nil, fail: nil)
            } fail: { code, desc in
                use(code, String(describing: desc))
            }
        } else if existInHidelist {
            V2TIMManager.sharedInstance().markConversation(conversationIDList: [conversationID], markType: markHideNumber, enableMark: false, succ: nil, fail: nil)
        } else if existInUnreadlist {
            V2TIMManager.sharedInstance().markConversation(conversationIDList: [conversationID], markType: markUnreadNumber, enableMark: false, succ: nil, fail: nil)
        }
    }

    // MARK: - V2TIMConversationListener

    public func onNewConversation(conversationList: [V2TIMConversation]) {
        preprocess(conversationList)
    }

    public func onConversationChanged(conversationList: [V2TIMConversation]) {
        preprocess(conversationList)
    }

    public func onConversationDeleted(conversationIDList: [String]) {
        conversationList.removeAll { conversationIDList.contains($0.conversationID!) }
    }

    // MARK: - V2TIMSDKListener

    public func onConnectFailed(_ code: Int32, err: String?) {
        use(code, err)
    }

    public func onConnectSuccess() {
        use(conversationList.count)
    }

    // MARK: - V2TIMAdvancedMsgListener

    public func onRecvNewMessage(msg: V2TIMMessage) {
        let userID = msg.userID
        let groupID = msg.groupID
        var conversationID = ""
        if let userID = userID {
            conversationID = "c2c_\(userID)"
        }
        if let groupID = groupID {
            conversationID = "group_\(groupID)"
        }
        cancelHideAndUnreadMarkConversation(conversationID, existInHidelist: false, existInUnreadlist: true)
    }
}

/// V2 current: TUIKit style; cell data helpers over the mark list and the unread count.
public class TUIKitStyleCellData {
    // V2 current: TUIKit style; marks compared as unsigned.
    static func isMarkedByFoldType(_ markList: [NSNumber]) -> Bool {
        return markList.contains { $0.uintValue == V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue }
    }

    // V2 current: TUIKit style; marks compared as signed, the list optional.
    public class func isMarkedByHideType(_ markList: [NSNumber]?) -> Bool {
        guard let markList = markList else { return false }
        for num in markList {
            if num.intValue == V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue {
                return true
            }
        }
        return false
    }

    // V2 current: TUIKit style; the at-type switch over the IUO list, made safe first.
    static func atTips(_ conv: V2TIMConversation) -> String {
        var atMe = false
        var atAll = false
        for atInfo in conv.groupAtInfolist ?? [] {
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
            }
        }
        return atMe ? "[@me]" : (atAll ? "[@all]" : "")
    }

    // V2 current: TUIKit style; the read state of a conversation row.
    static func unreadState(_ conv: V2TIMConversation) -> (count: Int, isNotDisturb: Bool) {
        let isNotDisturb = conv.recvOpt == .RECEIVE_NOT_NOTIFY_MESSAGE || conv.recvOpt == .NOT_RECEIVE_MESSAGE
        return (Int(conv.unreadCount), isNotDisturb)
    }
}

/// Calls of the vendor's TUIKit chat and settings screens.
enum TUIKitStyle {
    // V2 current: TUIKit chat style; leaving a chat clears its unread count and unread mark (pre-annotation names).
    static func readReport(conversationId: String, isUnread: Bool) {
        let imManager = V2TIMManager.sharedInstance()!
        imManager.cleanConversationUnreadMessageCount(conversationId, cleanTimestamp: 0, cleanSequence: 0, succ: nil, fail: nil)
        if isUnread {
            let markType = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue
            imManager.markConversation([conversationId], markType: NSNumber(value: markType), enableMark: false, succ: nil, fail: nil)
        }
    }

    // V2 current: TUIKit chat style; a sent message un-hides its conversation (pre-annotation mark name).
    static func unhide(conversationID: String) {
        if !conversationID.isEmpty {
            V2TIMManager.sharedInstance().markConversation([conversationID], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue), enableMark: false, succ: nil, fail: nil)
        }
    }

    // V2 current: TUIKit settings style; fold and mute a group from a switch.
    static func muteGroup(groupId: String?, isOn: Bool) {
        let opt: V2TIMReceiveMessageOpt = isOn ? .RECEIVE_NOT_NOTIFY_MESSAGE : .RECEIVE_MESSAGE
        V2TIMManager.sharedInstance().markConversation(conversationIDList: ["group_\(groupId ?? "")"], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_FOLD.rawValue), enableMark: false, succ: nil, fail: nil)
        V2TIMManager.sharedInstance().setGroupReceiveMessageOpt(groupID: groupId ?? "", opt: opt, succ: {
            use("muted")
        }, fail: { code, desc in
            use(code, desc)
        })
    }

    // V2 current: TUIKit chat style; a history page guarded on `self` and the optional list.
    final class HistoryLoader {
        private(set) var isLoadingData = false
        private(set) var messages: [V2TIMMessage] = []

        func loadMessage(userID: String, lastMsg: V2TIMMessage?, failBlock: @escaping (Int, String) -> Void) {
            if isLoadingData {
                failBlock(Int(ERR_SUCC.rawValue), "refreshing")
                return
            }
            isLoadingData = true
            V2TIMManager.sharedInstance().getC2CHistoryMessageList(userID: userID, count: 20, lastMsg: lastMsg) { [weak self] msgs in
                guard let self, let msgs else { return }
                self.isLoadingData = false
                self.messages.insert(contentsOf: msgs.reversed(), at: 0)
            } fail: { [weak self] code, desc in
                self?.isLoadingData = false
                failBlock(Int(code), desc ?? "")
            }
        }

        // V2 current: TUIKit chat style; re-editing a recent text message, the timestamp IUO or optional.
        func canReEdit(_ message: V2TIMMessage) -> Bool {
            guard message.isSelf, message.elemType == .ELEM_TYPE_TEXT, let textElem = message.textElem else { return false }
            use(textElem.text)
            return abs(Date().timeIntervalSince(message.timestamp ?? Date())) < 120
        }
    }

    // V2 current: TUIKit contact style; the badge from the total, trailing closures over both names.
    static func badge(_ apply: @escaping (UInt64) -> Void) {
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount { totalCount in
            apply(totalCount)
        } fail: { code, desc in
            use(code, desc)
        }
    }

    // V2 current: TUIKit online status style; the interface-not-supported code compared with an Int32.
    static func isUnsupported(code: Int32) -> Bool {
        return code == ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue
    }
}
