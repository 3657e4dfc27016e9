import Foundation
import ImSDK
import ImSDK_Plus

// Call shapes of revoking, deleting, clearing and read receipts as public Swift code writes them:
// the iOS side of Flutter plugins (pre-annotation names: `revokeMessage(_:)`,
// `deleteMessage(fromLocalStorage:)`, the pruned `delete(_:)`, unlabelled clears; messages found by
// ID first, `msgs![0]`), current V2 code (labelled names, `Array<V2TIMMessageReceipt>`), and legacy
// 4.x app code (`revokeMessage` on the conversation, the locator of a revoke). Compiled, never run.

enum MessageOperationStyle {
    // V2 8.x pre-annotation: Flutter plugin style; the message looked up by ID, then revoked.
    static func revoke(msgID: String, result: @escaping FlutterStyleResult) {
        V2TIMManager.sharedInstance()?.findMessages([msgID], succ: { msgs in
            guard msgs?.count ?? 0 > 0 else { return result("msgs is not exist") }
            V2TIMManager.sharedInstance().revokeMessage(msgs![0], succ: {
                result(nil)
            }, fail: FlutterPluginStyle.returnErrorClosures(result: result))
        }, fail: FlutterPluginStyle.returnErrorClosures(result: result))
    }

    // V2 8.x pre-annotation: Flutter plugin style; the preposition split off the local delete.
    static func deleteLocally(msgs: [V2TIMMessage]?, result: @escaping FlutterStyleResult) {
        V2TIMManager.sharedInstance().deleteMessage(fromLocalStorage: msgs![0], succ: {
            result(nil)
        }, fail: FlutterPluginStyle.returnErrorClosures(result: result))
    }

    // V2 8.x pre-annotation: Flutter plugin style; `deleteMessages:` pruned to `delete(_:)`.
    static func deleteEverywhere(msgs: [V2TIMMessage]?, result: @escaping FlutterStyleResult) {
        V2TIMManager.sharedInstance().delete(msgs, succ: {
            result(nil)
        }, fail: FlutterPluginStyle.returnErrorClosures(result: result))
    }

    // V2 8.x pre-annotation: Flutter plugin style; both clears unlabelled, a trailing succ block.
    static func clear(userID: String?, groupID: String?, result: @escaping FlutterStyleResult) {
        if let userID {
            V2TIMManager.sharedInstance().clearC2CHistoryMessage(userID, succ: {
                () -> Void in
                result(nil)
            }, fail: FlutterPluginStyle.returnErrorClosures(result: result))
        }
        if let groupID {
            V2TIMManager.sharedInstance().clearGroupHistoryMessage(groupID, succ: {
                result(nil)
            }, fail: FlutterPluginStyle.returnErrorClosures(result: result))
        }
    }

    // V2 current: labelled names, async forms.
    static func current(message: V2TIMMessage, peer: String, group: String) async throws {
        try await V2TIMManager.sharedInstance().revokeMessage(msg: message)
        try await V2TIMManager.shared.deleteMessages(msgList: [message])
        try await V2TIMManager.shared.deleteMessageFromLocalStorage(msg: message)
        try await V2TIMManager.shared.clearC2CHistoryMessage(userID: peer)
        try await V2TIMManager.shared.clearGroupHistoryMessage(groupID: group)
        V2TIMManager.shared.revokeMessage(msg: message, succ: {}, fail: { code, desc in use(code, desc) })
    }

    // V2: a revoked message and a read tick, as list cells check them.
    static func cellState(_ message: V2TIMMessage) -> String {
        if message.status == V2TIMMessageStatus.V2TIM_MSG_STATUS_LOCAL_REVOKED {
            return message.isSelf ? "You recalled a message" : "\(message.revokerInfo?.userID ?? "") recalled a message"
        }
        return message.isSelf && message.isPeerRead ? "read" : "sent"
    }

    // Legacy 4.x: app style; revoke and delete through the conversation, status codes ignored.
    static func legacyRevokeAndDelete(_ message: TIMMessage) {
        let conversation = message.getConversation()
        conversation?.revokeMessage(message, succ: {
            use("revoked")
        }, fail: { code, msg in use(code, msg) })
        conversation?.deleteMessages([message], succ: nil, fail: nil)
        conversation?.deleteLocalMessage({ use("cleared") }, fail: { code, msg in use(code, msg) })
    }

    // Legacy 4.x: app style; finding the message a revoke names among those shown.
    static func revokedIndex(of locator: TIMMessageLocator, in shown: [TIMMessage]) -> Int? {
        shown.firstIndex { $0.respondsToLocator(locator) }
    }
}

/// V2 8.x pre-annotation: Flutter plugin style; an entity subclassing the SDK's receipt.
final class FlutterStyleMessageReceiptEntity: V2TIMMessageReceipt {
    static func getDict(info: V2TIMMessageReceipt) -> [String: Any] {
        var result: [String: Any] = [:]
        result["userID"] = info.userID
        result["timestamp"] = info.timestamp
        result["groupID"] = info.groupID
        result["msgID"] = info.msgID
        result["readCount"] = info.readCount
        result["unreadCount"] = info.unreadCount
        result["isPeerRead"] = info.isPeerRead
        return result
    }
}

/// V2 8.x pre-annotation: Flutter plugin style; receipts and both revoke forms, unlabelled and
/// implicitly unwrapped.
final class FlutterStyleRevokeReceiptListener: NSObject, V2TIMAdvancedMsgListener {
    func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]!) {
        use(receiptList.map(FlutterStyleMessageReceiptEntity.getDict))
    }

    func onRecvMessageRevoked(_ msgID: String!) {
        use(msgID)
    }

    func onRecvMessageRevoked(_ msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String!) {
        use(msgID ?? "", reason ?? "", operateUser?.userID)
    }
}

/// V2 current: labelled forms, `Array<V2TIMMessageReceipt>`, the 7.4 revoke with an optional reason.
final class CurrentStyleRevokeReceiptListener: V2TIMAdvancedMsgListener {
    func onRecvC2CReadReceipt(receiptList: Array<V2TIMMessageReceipt>) {
        use(receiptList.first?.userID)
    }

    func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserFullInfo, reason: String?) {
        use(msgID, operateUser.userID, reason)
    }
}
