import Foundation
import ImSDK_Plus

// Classes adopting the V2 listener protocols with each spelling public Swift code uses: unlabelled with
// implicitly unwrapped arrays (headers without Swift names), labelled with plain or implicitly
// unwrapped arrays (annotated headers), NSObject subclasses and plain classes, never `@objc`. Only
// adopting them has to compile; which methods the SDK calls is the conformance suite's job.

/// V2 8.x pre-annotation: vendor Flutter plugin style; every conversation event, unlabelled, `[X]!`.
final class FlutterStyleConversationListener: NSObject, V2TIMConversationListener {
    let listenerUuid: String

    init(listenerUid: String) {
        listenerUuid = listenerUid
    }

    public func onConversationChanged(_ conversationList: [V2TIMConversation]!) {
        var cs: [[String: Any]] = []
        for item in conversationList {
            cs.append(FlutterStyleConversationEntity.getDict(info: item))
        }
        use(listenerUuid, cs)
    }

    public func onNewConversation(_ conversationList: [V2TIMConversation]!) {
        use(conversationList.map { FlutterStyleConversationEntity.getDict(info: $0) })
    }

    public func onSyncServerStart() { use("onSyncServerStart") }
    public func onSyncServerFinish() { use("onSyncServerFinish") }
    public func onSyncServerFailed() { use("onSyncServerFailed") }

    public func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) {
        use(totalUnreadCount)
    }

    public func onConversationDeleted(_ conversationIDList: [String]!) {
        use(conversationIDList)
    }

    public func onUnreadMessageCountChanged(by filter: V2TIMConversationListFilter!, totalUnreadCount: UInt64) {
        var fil: [String: Any] = [:]
        fil["conversationGroup"] = filter.conversationGroup
        fil["hasGroupAtInfo"] = filter.hasGroupAtInfo
        fil["hasUnreadCount"] = filter.hasUnreadCount
        fil["markType"] = filter.markType
        fil["conversationType"] = filter.type.rawValue
        use(fil, totalUnreadCount)
    }
}

/// V2 5.x pre-annotation: Flutter plugin style; the SDK listener with the 5.x spellings.
final class FlutterStyleSDKListener: NSObject, V2TIMSDKListener {
    public func onConnecting() { use("onConnecting") }
    public func onConnectSuccess() { use("onConnectSuccess") }
    public func onConnectFailed(_ code: Int32, err: String!) { use(["code": code, "desc": err!]) }
    public func onKickedOffline() { use("onKickedOffline") }
    public func onUserSigExpired() { use("onUserSigExpired") }
    public func onSelfInfoUpdated(_ Info: V2TIMUserFullInfo!) { use(Info) }
}

/// V2 5.x pre-annotation: Flutter plugin style; new messages, unlabelled and implicitly unwrapped.
final class FlutterStyleAdvancedMsgListener: NSObject, V2TIMAdvancedMsgListener {
    public func onRecvNewMessage(_ msg: V2TIMMessage!) {
        use(FlutterStyleMessageEntity.getDict(message: msg))
    }
}

/// V2 7.x pre-annotation: vendor React Native SDK style; a reduced set of conversation events.
final class RNStyleConversationListener: NSObject, V2TIMConversationListener {
    public func onConversationChanged(_ conversationList: [V2TIMConversation]!) {
        use(conversationList.map { RNStyleConversationEntity.getDict(info: $0) })
    }
    public func onNewConversation(_ conversationList: [V2TIMConversation]!) {
        use(conversationList.count)
    }
    public func onSyncServerStart() { use("start") }
    public func onSyncServerFinish() { use("finish") }
    public func onSyncServerFailed() { use("failed") }
    public func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) { use(totalUnreadCount) }
}

/// V2 6.x pre-annotation: React Native module style; the SDK listener.
final class RNStyleSDKListener: NSObject, V2TIMSDKListener {
    public func onConnecting() { use("connecting") }
    public func onConnectSuccess() { use("connected") }
    public func onConnectFailed(_ code: Int32, err: String!) { use(code, err) }
    public func onKickedOffline() { use("kicked") }
    public func onUserSigExpired() { use("expired") }
}

/// V2 6.x annotated-listener era: app service style; labelled methods, but the arrays and the message
/// still implicitly unwrapped.
final class V2LabelledIUOListener: NSObject, V2TIMConversationListener, V2TIMAdvancedMsgListener {
    func onNewConversation(conversationList: [V2TIMConversation]!) { use(conversationList.count) }
    func onConversationChanged(conversationList: [V2TIMConversation]!) { use(conversationList.first?.conversationID) }
    func onConversationDeleted(conversationIDList: [String]!) { use(conversationIDList) }
    func onRecvNewMessage(msg: V2TIMMessage!) {
        if let roomID = msg.groupID {
            use(roomID)
        }
    }
}

/// V2 current: app style; a plain Swift class (no NSObject), labelled methods, current filter spelling.
final class V2PlainConversationListener: V2TIMConversationListener {
    private(set) var unreadByFilter: [UInt: UInt64] = [:]
    private(set) var total: UInt64 = 0

    func onNewConversation(conversationList: [V2TIMConversation]) { use(conversationList.count) }
    func onConversationChanged(conversationList: [V2TIMConversation]) { use(conversationList.count) }
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) { total = totalUnreadCount }
    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter, totalUnreadCount: UInt64) {
        unreadByFilter[filter.markType] = totalUnreadCount
    }
}

/// V2 migration-era app style: one class implementing both the unlabelled and the labelled spellings of
/// the same events (code kept compiling across an SDK upgrade).
final class V2BothSpellingsListener: NSObject, V2TIMConversationListener, V2TIMSDKListener {
    private(set) var events: [String] = []

    func onConversationChanged(_ conversationList: [V2TIMConversation]!) { events.append("changed, unlabelled") }
    func onConversationChanged(conversationList: [V2TIMConversation]) { events.append("changed, labelled") }
    func onNewConversation(_ conversationList: [V2TIMConversation]!) { events.append("new, unlabelled") }
    func onNewConversation(conversationList: [V2TIMConversation]) { events.append("new, labelled") }
    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) { events.append("total, unlabelled") }
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) { events.append("total, labelled") }
    func onConnectFailed(_ code: Int32, err: String!) { events.append("connect failed \(code)") }
}

/// V2 current: app style; only the total implemented, everything else left to the defaults.
final class V2TotalOnlyListener: NSObject, V2TIMConversationListener {
    private(set) var total: UInt64 = 0
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) { total = totalUnreadCount }
}
