import Foundation
import ImSDK_Plus

// Call shapes of message read receipts (6.1 groups, 6.2 C2C) and changed messages (6.2,
// `modifyMessage`) as the vendor's own Swift code writes them: the current Swift TUIKit (Tencent-RTC/Chat_UIKit, Swift/TUIKit: TUIMessageBaseDataProvider,
// TUIMessageSearchDataProvider, TUIBaseChatViewController, TUIMessageReadViewController,
// TUIMessageCellData) and the iOS side of the vendor's `tencent_cloud_chat_sdk` Flutter plugin
// (ios/Classes/manager/MessageManager.swift, listener/AdvancedMsgListener.swift), pre-annotation.
// UIKit types are replaced by NSObject; everything is compiled, never run. Before 2026-11-29 none of
// these compiled (no `needReadReceipt`, no calls) and the listener methods were never called.

// MARK: - Current Swift TUIKit: the message cell's data and the data provider

final class RRMessageCellData: NSObject {
    var innerMessage: V2TIMMessage?
    var messageReceipt: V2TIMMessageReceipt?
    var msgID: String? { innerMessage?.msgID }
    var showReadReceipt = true

    /// `TUIMessageCellData`: whether the read-receipt label shows.
    var shouldShowReadReceipt: Bool {
        if let innerMessage = innerMessage, showReadReceipt && innerMessage.needReadReceipt &&
            (innerMessage.userID != nil || innerMessage.groupID != nil) && innerMessage.status != .MSG_STATUS_SEND_FAIL {
            return true
        }
        return false
    }

    /// `TUIMessageCell`: the label's text.
    var readReceiptText: String {
        guard let messageReceipt = messageReceipt else { return "" }
        let readCount = messageReceipt.readCount
        let unreadCount = messageReceipt.unreadCount
        if unreadCount == 0 { return "all read" }
        return readCount > 0 ? "\(readCount) read" : "unread"
    }
}

class RRMessageDataProvider: NSObject, V2TIMAdvancedMsgListener {
    var uiMsgs: [RRMessageCellData] = []
    var sentReadGroupMsgSet = Set<String>()
    private(set) var groupReads: [(String, String, UInt, UInt)] = []
    private(set) var c2cReads: [(String, time_t)] = []

    override init() {
        super.init()
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }

    public func onRecvMessageReadReceipts(receiptList: [V2TIMMessageReceipt]) {
        if receiptList.isEmpty {
            print("group receipt data is empty, ignore")
            return
        }
        var dict: [String: V2TIMMessageReceipt] = [:]
        for receipt in receiptList {
            if let msgID = receipt.msgID {
                dict[msgID] = receipt
            }
        }
        for data in self.uiMsgs {
            if let msgID = data.innerMessage?.msgID, dict.keys.contains(msgID) {
                let receipt = dict[msgID]!
                data.messageReceipt = receipt
                if let receiptMsgID = receipt.msgID, let groupID = receipt.groupID {
                    groupReads.append((groupID, receiptMsgID, UInt(receipt.readCount), UInt(receipt.unreadCount)))
                } else if let userID = receipt.userID {
                    // C2C message read receipt
                    let timestamp = time_t(receipt.timestamp)
                    c2cReads.append((userID, timestamp))
                }
            }
        }
    }

    /// `sendLatestMessageReadReceipt`: the receipts of the messages on screen that ask for them.
    func sendMessageReadReceiptsIfNeeded(_ uiMsgs: [RRMessageCellData]) {
        var array: [V2TIMMessage] = []
        for data in uiMsgs {
            guard let innerMessage = data.innerMessage, !innerMessage.isSelf else { continue }
            if let msgID = data.msgID, !msgID.isEmpty {
                if self.sentReadGroupMsgSet.contains(msgID) {
                    continue
                } else {
                    self.sentReadGroupMsgSet.insert(msgID)
                }
            }
            if !innerMessage.needReadReceipt {
                continue
            }
            array.append(innerMessage)
        }
        if array.isEmpty {
            return
        }
        type(of: self).sendMessageReadReceipts(array)
    }

    static func sendMessageReadReceipts(_ msgs: [V2TIMMessage]) {
        V2TIMManager.sharedInstance().sendMessageReadReceipts(messageList: msgs, succ: {
            print("sendMessageReadReceipts succeed")
        }, fail: { code, _ in
            if code == ERR_SDK_INTERFACE_NOT_SUPPORT.rawValue {
                print("unsupported interface: message read")
            }
        })
    }

    static func getReadMembersOfMessage(_ msg: V2TIMMessage, filter: V2TIMGroupMessageReadMembersFilter, nextSeq: UInt, completion: @escaping (Int, String?, [V2TIMGroupMemberInfo], UInt, Bool) -> Void) {
        V2TIMManager.sharedInstance().getGroupMessageReadMemberList(message: msg, filter: filter, nextSeq: UInt64(nextSeq), count: 100, succ: { members, nextSeq, isFinished in
            if let members = members as? [V2TIMGroupMemberInfo] {
                completion(0, nil, members, UInt(nextSeq), isFinished)
            }
        }, fail: { code, desc in
            completion(Int(code), desc, [], 0, false)
        })
    }

    static func getMessageReadReceipt(_ messages: [V2TIMMessage], succ: @escaping V2TIMMessageReadReceiptsSucc, fail: @escaping V2TIMFail) {
        if messages.isEmpty {
            fail(-1, "messages empty")
            return
        }
        V2TIMManager.sharedInstance().getMessageReadReceipts(messageList: messages, succ: succ, fail: fail)
    }

    /// `TUIMessageSearchDataProvider.getGroupMessageReceipts`.
    func getGroupMessageReceipts(msgs: [V2TIMMessage], uiMsgs: [RRMessageCellData], succ: (() -> Void)?, fail: (() -> Void)?) {
        V2TIMManager.sharedInstance().getMessageReadReceipts(messageList: msgs, succ: { receiptList in
            guard let receiptList = receiptList else { return }
            print("getGroupMessageReceipts succeed, receiptList: \(String(describing: receiptList))")
            var dict: [String: V2TIMMessageReceipt] = [:]
            for receipt in receiptList {
                if let msgID = receipt.msgID {
                    dict[msgID] = receipt
                }
            }
            for data in uiMsgs {
                if let msgID = data.msgID, let receipt = dict[msgID] {
                    data.messageReceipt = receipt
                }
            }
            succ?()
        }, fail: { code, desc in
            print("getGroupMessageReceipts failed, code: \(code), desc: \(String(describing: desc))")
            fail?()
        })
    }
}

// MARK: - Current Swift TUIKit: the chat view controller sets the flag; the read list pages

final class RRChatViewController: NSObject {
    var msgNeedReadReceipt = true
    var readSeq: UInt = 0
    var readMembers: [V2TIMGroupMemberInfo] = []

    func sendMessage(_ message: V2TIMMessage, cellData: RRMessageCellData) {
        message.needReadReceipt = msgNeedReadReceipt && RRChatConfig.shared.msgNeedReadReceipt
        cellData.innerMessage?.needReadReceipt = msgNeedReadReceipt
    }

    func loadReadMembers(of message: V2TIMMessage) {
        RRMessageDataProvider.getReadMembersOfMessage(message, filter: .GROUP_MESSAGE_READ_MEMBERS_FILTER_READ, nextSeq: readSeq, completion: { [weak self] code, desc, members, nextSeq, isFinished in
            guard let self = self, code == 0 else { return }
            self.readMembers.append(contentsOf: members)
            self.readSeq = isFinished ? 0 : nextSeq
        })
        RRMessageDataProvider.getReadMembersOfMessage(message, filter: .GROUP_MESSAGE_READ_MEMBERS_FILTER_UNREAD, nextSeq: 0, completion: { code, _, members, _, _ in
            use(code, members.map { $0.userID ?? "" }, members.first?.nickName, members.first?.faceURL, members.first?.nameCard, members.first?.friendRemark)
        })
    }
}

final class RRChatConfig {
    nonisolated(unsafe) static let shared = RRChatConfig()
    var msgNeedReadReceipt = false
}

// MARK: - Vendor Flutter plugin (tencent_cloud_chat_sdk, ios/Classes), pre-annotation names

final class RRPluginMessageManager: NSObject {
    func sendMessageReadReceipts(msgIDs: [String], result: @escaping (Any?) -> Void) {
        V2TIMManager.sharedInstance()?.findMessages(msgIDs, succ: {
            (msgs) -> Void in
            if msgs?.count != nil && msgs?.count != 0 {
                V2TIMManager.sharedInstance().sendMessageReadReceipts(msgs, succ: {
                    result(nil)
                }, fail: { code, desc in result(["code": code, "desc": desc ?? ""]) })
            } else {
                result(["code": -1, "desc": "msgs is not exist"])
            }
        }, fail: { code, desc in result(["code": code, "desc": desc ?? ""]) })
    }

    func getMessageReadReceipts(msgIDs: [String], result: @escaping (Any?) -> Void) {
        V2TIMManager.sharedInstance()?.findMessages(msgIDs, succ: {
            (msgs) -> Void in
            if msgs?.count != nil && msgs?.count != 0 {
                V2TIMManager.sharedInstance().getMessageReadReceipts(msgs, succ: {
                    (_ receiptList: [V2TIMMessageReceipt]!) -> Void in
                    var data: [[String: Any]] = []
                    for item in receiptList {
                        data.append(["msgID": item.msgID ?? "", "userID": item.userID ?? "", "isPeerRead": item.isPeerRead,
                                     "timestamp": item.timestamp, "groupID": item.groupID ?? "",
                                     "readCount": item.readCount, "unreadCount": item.unreadCount])
                    }
                    result(data)
                }, fail: { code, desc in result(["code": code, "desc": desc ?? ""]) })
            }
        }, fail: { code, desc in result(["code": code, "desc": desc ?? ""]) })
    }

    func getGroupMessageReadMemberList(msgID: String, filter: Int, seq: UInt64, count: UInt32, result: @escaping (Any?) -> Void) {
        V2TIMManager.sharedInstance()?.findMessages([msgID], succ: {
            (msgs) -> Void in
            if msgs?.count != nil && msgs?.count != 0 {
                let f = V2TIMGroupMessageReadMembersFilter.init(rawValue: filter)!
                let message = msgs![0]
                V2TIMManager.sharedInstance().getGroupMessageReadMemberList(message, filter: f, nextSeq: seq, count: count, succ: {
                    (members, nextSeq, isFinished) -> Void in
                    var res: [String: Any] = [:]
                    res["nextSeq"] = nextSeq
                    res["isFinished"] = isFinished
                    var data: [[String: Any]] = []
                    for item in members! {
                        let info = item as! V2TIMGroupMemberInfo
                        data.append(["userID": info.userID ?? "", "nickName": info.nickName ?? ""])
                    }
                    res["memberInfoList"] = data
                    result(res)
                }, fail: { code, desc in result(["code": code, "desc": desc ?? ""]) })
            }
        }, fail: { code, desc in result(["code": code, "desc": desc ?? ""]) })
    }

    func createMessage(needReadReceipt: Any?) -> V2TIMMessage? {
        let message = V2TIMManager.sharedInstance().createTextMessage(text: "hi")
        if let data = needReadReceipt as? Bool {
            message?.needReadReceipt = data
        }
        return message
    }
}

/// The plugin's listener: the pre-annotation `onRecvMessageRead` with IUO parameters.
final class RRPluginAdvancedMsgListener: NSObject, V2TIMAdvancedMsgListener {
    private(set) var events: [[[String: Any]]] = []

    public func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt]!) {
        var data: [[String: Any]] = []
        for item in receiptList {
            data.append(["msgID": item.msgID ?? "", "groupID": item.groupID ?? "",
                         "readCount": item.readCount, "unreadCount": item.unreadCount])
        }
        events.append(data)
    }
}

// MARK: - Current Swift TUIKit: changing a message (TUIMessageBaseDataProvider, TUICloudCustomDataTypeCenter)
//
// Replies are counted in the root message's `cloudCustomData`, which the replier changes.

extension RRMessageDataProvider {
    static func modifyMessage(_ msg: V2TIMMessage, completion: V2TIMMessageModifyCompletion?) {
        V2TIMManager.sharedInstance().modifyMessage(msg: msg, completion: completion)
    }

    public func onRecvMessageModified(msg: V2TIMMessage) {
        for uiMsg in self.uiMsgs {
            if uiMsg.msgID == msg.msgID {
                uiMsg.innerMessage = msg
                return
            }
        }
    }
}

extension V2TIMMessage {
    func rrSetCloudCustomData(_ jsonData: Any, forType customType: String) {
        guard !customType.isEmpty else {
            return
        }
        var dict: [String: Any] = [:]
        if let cloudCustomData = self.cloudCustomData {
            if let existingDict = try? JSONSerialization.jsonObject(with: cloudCustomData, options: []) as? [String: Any] {
                dict = existingDict
            }
        }
        dict[customType] = jsonData
        if let data = try? JSONSerialization.data(withJSONObject: dict, options: []) {
            self.cloudCustomData = data
        }
    }

    func rrModifyIfNeeded(callback: @escaping V2TIMMessageModifyCompletion) {
        V2TIMManager.sharedInstance().modifyMessage(msg: self, completion: callback)
    }
}

func rrCountReply(on root: V2TIMMessage) {
    root.rrSetCloudCustomData(["replies": [["messageID": "r1"]]], forType: "messageReplies")
    root.rrModifyIfNeeded { code, desc, msg in
        if code == ERR_SDK_MSG_MODIFY_CONFLICT.rawValue, let latest = msg {
            rrCountReply(on: latest)  // someone changed it first: again, on the message as it is now
        }
        use(desc)
    }
}

/// The vendor Flutter plugin's spelling of the change event (pre-annotation, IUO).
final class RRPluginModifiedListener: NSObject, V2TIMAdvancedMsgListener {
    private(set) var changed: [String] = []

    public func onRecvMessageModified(_ msg: V2TIMMessage!) {
        changed.append(msg.msgID ?? "")
    }
}
