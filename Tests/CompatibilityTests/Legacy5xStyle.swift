import Foundation
import ImSDK

// Call shapes of Swift code written against the legacy ImSDK 5.x. The 5.x standard framework shipped
// both generations under one module name: apps wrote `import ImSDK` and called the legacy and the V2
// managers side by side. Compiled, never run.

enum Legacy5xStyle {
    // Legacy 5.x: conversation cell style; the @-mention list of a group conversation.
    static func mentionBadge(for conv: TIMConversation) -> String {
        var atMe = false
        var atAll = false
        for atInfo in conv.getGroupAtInfoList() ?? [] {
            switch atInfo.atType {
            case .AT_ME:
                atMe = true
            case .AT_ALL:
                atAll = true
            case .AT_ALL_AT_ME:
                atMe = true
                atAll = true
            }
            use(atInfo.seq)
        }
        return atMe ? (atAll ? "[@me][@all]" : "[@me]") : (atAll ? "[@all]" : "")
    }

    // Legacy 5.x: conversation list style; the IUO list iterated directly, SYSTEM filtered out.
    static func visibleConversations() -> [TIMConversation] {
        var visible: [TIMConversation] = []
        for conv in TIMManager.sharedInstance().getConversationList() where conv.getType() != .SYSTEM {
            visible.append(conv)
        }
        return visible
    }

    // Legacy 5.x: conversation list style; the badge total summed from the conversations.
    static func totalUnread() -> Int32 {
        return visibleConversations().reduce(0) { $0 + $1.getUnReadMessageNum() }
    }

    // Legacy 5.x: conversation list style; the local status of the last message.
    static func lastMessageState(of conv: TIMConversation) -> String {
        guard let msg = conv.getLastMsg() else { return "" }
        switch msg.status() {
        case .MSG_STATUS_SENDING: return "sending"
        case .MSG_STATUS_SEND_FAIL: return "failed"
        case .MSG_STATUS_LOCAL_STORED: return "stored"
        case .MSG_STATUS_LOCAL_REVOKED, .MSG_STATUS_HAS_DELETED: return ""
        case .MSG_STATUS_SEND_SUCC: return msg.isPeerReaded() ? "read" : "sent"
        }
    }

    // Legacy 5.x standard SDK: the V2 manager reached through `import ImSDK`; init with its SDK listener.
    static func initV2(appID: Int32, listener: Legacy5xBridgeListener) {
        let config = V2TIMSDKConfig()
        V2TIMManager.sharedInstance().initSDK(appID, config: config, listener: listener)
        V2TIMManager.sharedInstance().setConversationListener(listener)
    }

    // Legacy 5.x standard SDK: the first V2 page, read from the same framework as the legacy calls.
    static func firstV2Page() {
        V2TIMManager.sharedInstance()?.getConversationList(0, count: 100, succ: { list, nextSeq, isFinished in
            use(list?.count, nextSeq, isFinished)
        }, fail: { code, desc in
            use(code, desc)
        })
    }

    // Legacy 5.x standard SDK: a C2C chat marked read through V2 while the rest of the app is legacy.
    static func markReadV2(userID: String) {
        V2TIMManager.sharedInstance().markC2CMessage(asRead: userID, succ: {
            use("read")
        }, fail: { code, desc in
            use(code, desc)
        })
    }
}

/// Legacy 5.x standard SDK: one NSObject as the V2 SDK and conversation listener, 5.x spellings.
final class Legacy5xBridgeListener: NSObject, V2TIMSDKListener, V2TIMConversationListener {
    func onConnectSuccess() { use("connected") }
    func onConnectFailed(_ code: Int32, err: String!) { use(code, err) }
    func onKickedOffline() { use("kicked") }
    func onNewConversation(_ conversationList: [V2TIMConversation]!) { use(conversationList.count) }
    func onConversationChanged(_ conversationList: [V2TIMConversation]!) { use(conversationList.count) }
}
