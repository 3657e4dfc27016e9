import Foundation
import ImSDK_Plus

// Call shapes of the vendor's documentation Swift samples (trtc.io Chat docs, "Swift" tab) and of
// apps written against the Swift SDK, found on 2026-11-29; each written in the style of its source
// (named above it), not copied. Compiled, never run. The shapes of `DocsSampleDocs5Fixed` did
// not compile before this date.

enum DocsSampleDocs5 {
    // Source: trtc.io/document/48853 "Mark" (54194334851): a filtered page, 3-arg trailing succ.
    static func markedPage() {
        let filter = V2TIMConversationListFilter()
        filter.markType = .V2TIM_CONVERSATION_MARK_TYPE_STAR
        V2TIMManager.shared.getConversationListByFilter(filter: filter, nextSeq: 0, count: 10) { list, nextSeq, isFinished in
            list?.forEach { item in print(item.description) }
        } fail: { code, desc in
            print("getConversationList fail, \(code), \(String(describing: desc))")
        }
    }

    // Source: trtc.io/document/48854 "Conversation Group" (code index id 53777191265).
    static func groups() {
        V2TIMManager.shared.createConversationGroup(groupName: "conversation_group", conversationIDList: ["c2c_ID1", "c2c_ID2"]) { result in
            result?.forEach { item in print(item.description) }
        } fail: { code, desc in
            print("createConversationGroup fail, \(code), \(String(describing: desc))")
        }
        V2TIMManager.shared.deleteConversationGroup(groupName: "conversation_group") {
            print("deleteConversationGroup succ")
        } fail: { code, desc in
            print("deleteConversationGroup fail, \(code), \(String(describing: desc))")
        }
        V2TIMManager.shared.renameConversationGroup(oldName: "conversation_group", newName: "conversation_group_rename") {
            print("renameConversationGroup succ")
        } fail: { code, desc in
            print("renameConversationGroup fail, \(code), \(String(describing: desc))")
        }
        V2TIMManager.shared.getConversationGroupList { groupList in
            groupList?.forEach { item in print(item.description) }
        } fail: { code, desc in
            print("getConversationGroupList fail, \(code), \(String(describing: desc))")
        }
        let filter = V2TIMConversationListFilter()
        filter.conversationGroup = "conversation_group"
        V2TIMManager.shared.getConversationListByFilter(filter: filter, nextSeq: 0, count: 10) { list, nextSeq, isFinished in
        } fail: { code, desc in
        }
        V2TIMManager.shared.addConversationsToGroup(groupName: "conversation_group", conversationIDList: ["c2c_ID1", "c2c_ID2"]) { result in
            result?.forEach { item in print(item.description) }
        } fail: { code, desc in
        }
        V2TIMManager.shared.deleteConversationsFromGroup(groupName: "conversation_group", conversationIDList: ["c2c_ID1", "c2c_ID2"]) { result in
            result?.forEach { item in print(item.description) }
        } fail: { code, desc in
        }
    }

    // Source: trtc.io/document/48314 "Delete Conversations" (code index id 52560646984).
    static func deletes() {
        V2TIMManager.shared.deleteConversation(conversation: "conversationID") {
            print("deleteConversation succ")
        } fail: { code, desc in
            print("deleteConversation fail, \(code), \(String(describing: desc))")
        }
        V2TIMManager.shared.deleteConversationList(
            conversationIDList: ["c2c_userID", "group_groupID"], clearMessage: true) { result in
            print("deleteConversationList succ")
        } fail: { code, desc in
            print("deleteConversationList fail, \(code), \(String(describing: desc))")
        }
    }

    // Source: trtc.io/document/48016 "Recall a Message" (code index id 53975189751).
    static func revoke(selectedMessage: V2TIMMessage) {
        V2TIMManager.shared.revokeMessage(msg: selectedMessage) {
            print("revokeMessage succ")
        } fail: { code, desc in
            print("revokeMessage fail, \(code), \(String(describing: desc))")
        }
    }

    // Source: trtc.io/document/48025 "Query Messages" (code index id 54070972978).
    static func find() {
        V2TIMManager.shared.findMessages(messageIDList: ["1", "2", "3"]) { msgs in
            msgs?.forEach { item in print("\(item.description)") }
        } fail: { code, desc in
            print("code: \(code), desc: \(String(describing: desc))")
        }
    }

    // Source: trtc.io/document/48008 "Insert a Message" (code index id 53922738985).
    static func insert() {
        if let msg = V2TIMManager.shared.createTextMessage(text: "Insert a local message between C2C messages") {
            V2TIMManager.shared.insertC2CMessageToLocalStorage(msg: msg, to: "receiver_userID", sender: "sender_userID", succ: {
                print("inserted")
            }, fail: { code, msg in
                print("failed, code: \(code), msg: \(String(describing: msg))")
            })
        }
        if let msg = V2TIMManager.shared.createTextMessage(text: "this is local message generated by swift api") {
            V2TIMManager.shared.insertGroupMessageToLocalStorage(msg: msg, to: "receiver_groupID", sender: "sender_userID") {
                print("insertGroupMessageToLocalStorage succ")
            } fail: { code, desc in
                print("insertGroupMessageToLocalStorage fail, \(code), \(String(describing: desc))")
            }
        }
    }

    // Source: trtc.io/document/48032 "Receive options" (code index id 54301033797).
    static func receiveOptions() {
        let array: [String] = ["user1", "user2"]
        V2TIMManager.shared.setC2CReceiveMessageOpt(userIDList: array, opt: .V2TIM_NOT_RECEIVE_MESSAGE, succ: {
            print("success")
        }, fail: { code, desc in print("failure, code: \(code), desc: \(desc ?? "")") })
        V2TIMManager.shared.getC2CReceiveMessageOpt(userIDList: array, succ: { optList in
            for info in optList ?? [] { print("userId: \(String(describing: info.userID)), receiveOpt: \(info.receiveOpt)") }
        }, fail: { code, desc in print("failure, code: \(code), desc: \(desc ?? "")") })
        let groupID = "groupID"
        V2TIMManager.shared.setGroupReceiveMessageOpt(groupID: groupID, opt: .V2TIM_NOT_RECEIVE_MESSAGE, succ: {
            print("success")
        }, fail: { code, desc in print("failure, code: \(code), desc: \(desc ?? "")") })
        V2TIMManager.shared.setAllReceiveMessageOpt(opt: .V2TIM_RECEIVE_NOT_NOTIFY_MESSAGE, startHour: 22, startMinute: 0, startSecond: 0, duration: 8 * 60 * 60, succ: {
            print("success")
        }, fail: { code, desc in print("failure, code: \(code), desc: \(desc ?? "")") })
        V2TIMManager.shared.getAllReceiveMessageOpt { opt in
            print("getAllReceiveMessageOpt, \(String(describing: opt?.description))")
        } fail: { code, desc in
            print("getAllReceiveMessageOpt fail, \(code), \(String(describing: desc))")
        }
    }

    // Source: the "Raver" app's Tencent IM service (code index id 53142456252): continuations.
    static func raver(manager: V2TIMManager, id: String, userID: String, groupID: String, pinned: Bool, unread: Bool) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            manager.cleanConversationUnreadMessageCount(conversationID: id, cleanTimestamp: 0, cleanSequence: 0) {
                continuation.resume()
            } fail: { code, desc in continuation.resume(throwing: NSError(domain: desc ?? "", code: Int(code))) }
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            manager.pinConversation(conversationID: id, isPinned: pinned) {
                continuation.resume()
            } fail: { code, desc in continuation.resume(throwing: NSError(domain: desc ?? "", code: Int(code))) }
        }
        let markType = NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            manager.markConversation(conversationIDList: [id], markType: markType, enableMark: unread) { _ in
                continuation.resume()
            } fail: { code, desc in continuation.resume(throwing: NSError(domain: desc ?? "", code: Int(code))) }
        }
        let opt = V2TIMReceiveMessageOpt(rawValue: 2) ?? V2TIMReceiveMessageOpt(rawValue: 0)
        guard let opt else { return }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            manager.setGroupReceiveMessageOpt(groupID: groupID, opt: opt) {
                continuation.resume()
            } fail: { code, desc in continuation.resume(throwing: NSError(domain: desc ?? "", code: Int(code))) }
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            manager.clearC2CHistoryMessage(userID: userID) {
                continuation.resume()
            } fail: { code, desc in continuation.resume(throwing: NSError(domain: desc ?? "", code: Int(code))) }
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            manager.clearGroupHistoryMessage(groupID: groupID) {
                continuation.resume()
            } fail: { code, desc in continuation.resume(throwing: NSError(domain: desc ?? "", code: Int(code))) }
        }
    }

    // Source: vendor Swift TUIKit TUIChat setting (code index id 19683960855): clear C2C history.
    static func tuiClear(userID: String) {
        V2TIMManager.sharedInstance().clearC2CHistoryMessage(userID: userID, succ: {
        }, fail: { code, desc in _ = (code, desc) })
    }

    // Source: "constellation" app IMManager.swift / ConversationListController.swift (code index
    // ids 47267796348, 47180781619): the whole list in one page of INT_MAX, one conversation.
    static func constellation(conversationID: String) {
        V2TIMManager.shared.getConversationList(nextSeq: 0, count: INT_MAX) { list, nextSeq, isFinished in
            _ = list ?? []
        } fail: { code, desc in
        }
        V2TIMManager.shared.getConversation(conversationID: conversationID) { conv in
            _ = [conv].compactMap { $0 }
        } fail: { code, desc in
        }
    }

    // Source: trtc.io/document/48005 "Send a Message" (code index id 54107259557): simple sends.
    static func simpleSends() {
        let msgID = V2TIMManager.shared.sendGroupTextMessage(text: "this is group text message", to: "groupID", priority: .V2TIM_PRIORITY_DEFAULT, succ: nil, fail: nil)
        _ = msgID
    }
}

// Source: trtc.io/document/48853 (54194334851), 48854 (53777191265), 48314 (52560646984):
// a listener whose methods are the Swift SDK's, `Array<...>` parameters.
final class DocsSampleDocs5ConversationListener: NSObject, V2TIMConversationListener {
    func start() { V2TIMManager.shared.addConversationListener(listener: self) }
    func onConversationChanged(conversationList: Array<V2TIMConversation>) {
        conversationList.forEach { item in
            print(item.description)
            let mark_list = item.markList
            _ = mark_list
        }
    }
    func onConversationDeleted(conversationIDList: Array<String>) {
        conversationIDList.forEach { item in print(item.description) }
    }
    func onConversationGroupCreated(groupName: String, conversationList: Array<V2TIMConversation>) {}
    func onConversationGroupDeleted(groupName: String) {}
    func onConversationGroupNameChanged(oldName: String, newName: String) {}
    func onConversationsAddedToGroup(groupName: String, conversationList: Array<V2TIMConversation>) {}
    func onConversationsDeletedFromGroup(groupName: String, conversationList: Array<V2TIMConversation>, reason:UInt32) {}
}

// Source: trtc.io/document/48016 (53975189751): the short revoke spelling.
final class DocsSampleDocs5MsgListener: NSObject, V2TIMAdvancedMsgListener {
    func onRecvMessageRevoked(msgID: String) {}
}

enum DocsSampleDocs5Fixed {
    // Source: trtc.io/document/48853 "Mark" (code index id 54194334851): mark with an enum case.
    static func mark() {
        V2TIMManager.shared.markConversation(conversationIDList: ["c2c_userID"], markType: .V2TIM_CONVERSATION_MARK_TYPE_STAR, enableMark: true) { result in
            print("markConversation succ")
        } fail: { code, desc in
            print("markConversation fail, \(code), \(String(describing: desc))")
        }
    }


    // Source: trtc.io/document/48032 "Receive options" (code index id 54301033797): a timestamp as Int.
    static func allOptFromTimestamp() {
        let startTimeStamp: Int64 = 12345678
        V2TIMManager.shared.setAllReceiveMessageOpt(opt: .V2TIM_RECEIVE_NOT_NOTIFY_MESSAGE, startTimeStamp: Int(startTimeStamp), duration: 3 * 24 * 60 * 60, succ: {
            print("success")
        }, fail: { code, desc in print("failure, code: \(code), desc: \(desc ?? "")") })
    }
}
