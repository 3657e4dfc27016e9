import Foundation
import ImSDK_Plus

// Call shapes that Swift's import of the 8.7 Objective-C headers allows and that earlier shapes
// here did not use: the trailing `fail:` left out (a nullable block as the last parameter imports
// with `= nil`), `getServerTime()` as `uint64_t`, `V2TIMCustomElem.ext` (`NS_SWIFT_NAME(ext)`),
// a settable `V2TIMGroupMemberInfo.userID`, and the `async` form Swift derives from
// `modifyMessage:completion:`. Compiled, never run.

enum V2Header87ImportStyle {
    // V2 8.7 import: the calls whose last parameter is `fail: V2TIMFail? = nil`, without `fail:`.
    static func withoutFail(_ manager: V2TIMManager, message: V2TIMMessage, list: [V2TIMMessage]) {
        manager.login(userID: "me", userSig: "sig", succ: {})
        manager.logout(succ: nil)
        _ = manager.sendC2CTextMessage(text: "hi", to: "a", succ: {})
        _ = manager.sendC2CCustomMessage(customData: Data(), to: "a", succ: nil)
        _ = manager.sendGroupTextMessage(text: "hi", to: "g", priority: .PRIORITY_DEFAULT, succ: nil)
        _ = manager.sendGroupCustomMessage(customData: Data(), to: "g", priority: .PRIORITY_LOW, succ: nil)
        let msgID: String? = manager.sendMessage(
            message: message, receiver: "a", groupID: nil, priority: .PRIORITY_DEFAULT, onlineUserOnly: false,
            offlinePushInfo: nil, progress: nil, succ: {})
        manager.setC2CReceiveMessageOpt(userIDList: ["a"], opt: .NOT_RECEIVE_MESSAGE, succ: nil)
        manager.setGroupReceiveMessageOpt(groupID: "g", opt: .RECEIVE_NOT_NOTIFY_MESSAGE, succ: nil)
        manager.setAllReceiveMessageOpt(
            opt: .RECEIVE_NOT_NOTIFY_MESSAGE, startHour: 22, startMinute: 0, startSecond: 0, duration: 36_000, succ: nil)
        manager.setAllReceiveMessageOpt(opt: .RECEIVE_MESSAGE, startTimeStamp: 0, duration: 0, succ: nil)
        manager.revokeMessage(msg: message, succ: {})
        manager.deleteMessageFromLocalStorage(msg: message, succ: {})
        manager.deleteMessages(msgList: list, succ: {})
        manager.clearC2CHistoryMessage(userID: "a", succ: {})
        manager.clearGroupHistoryMessage(groupID: "g", succ: {})
        _ = manager.insertC2CMessageToLocalStorage(msg: message, to: "a", sender: "me", succ: nil)
        _ = manager.insertGroupMessageToLocalStorage(msg: message, to: "g", sender: "me", succ: nil)
        manager.sendMessageReadReceipts(messageList: list, succ: {})
        manager.markC2CMessage(asRead: "a", succ: nil)
        manager.markGroupMessage(asRead: "g", succ: nil)
        manager.markAllMessage(asRead: nil)
        manager.deleteConversation(conversation: "c2c_a", succ: {})
        manager.setConversationDraft(conversationID: "c2c_a", draftText: nil, succ: nil)
        manager.pinConversation(conversationID: "c2c_a", isPinned: true, succ: nil)
        manager.cleanConversationUnreadMessageCount(conversationID: "c2c_a", cleanTimestamp: 0, cleanSequence: 0, succ: nil)
        manager.deleteConversationGroup(groupName: "work", succ: nil)
        manager.renameConversationGroup(oldName: "work", newName: "job", succ: nil)
        // A trailing closure after `succ:` is still `fail`.
        manager.pinConversation(conversationID: "c2c_a", isPinned: false, succ: {}) { code, desc in use(code, desc) }
        use(msgID)
    }

    // V2 8.7 import: `- (uint64_t)getServerTime`.
    static func serverTime(_ manager: V2TIMManager) -> Date {
        let seconds: UInt64 = manager.getServerTime()
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    // V2 8.7 import: the custom element's `ext`, and a member info filled in by the app.
    static func elementAndMember(_ message: V2TIMMessage) -> V2TIMGroupMemberInfo {
        if let elem = message.customElem, let ext = elem.ext { use(ext, elem.desc) }
        let member = V2TIMGroupMemberInfo()
        member.userID = message.sender
        member.nameCard = message.nameCard
        return member
    }

    // V2 8.7 import: `modifyMessage(msg:) async -> (Int32, String?, V2TIMMessage?)`.
    static func modify(_ manager: V2TIMManager, message: V2TIMMessage) async -> Bool {
        let (code, desc, latest) = await manager.modifyMessage(msg: message)
        let result: (Int32, String?, V2TIMMessage?) = await manager.modifyMessage(msg: message)
        use(desc, latest?.msgID, result.1)
        return code == 0 && result.0 == 0
    }
}
