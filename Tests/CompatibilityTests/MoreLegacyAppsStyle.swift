import Foundation
import ImSDK

// Legacy (ImSDK 4.x) call shapes of more public Swift code, found on 2026-11-29; each written in the
// style of its source (named above it), not copied. Compiled, never run.

enum MoreLegacyStyle {
    /// Source: Squads app `AppDelegate.swift` (code index id 28168260128): the badge total summed over
    /// the optional-chained list and reported to the server with `doBackground` on leaving the app.
    static func enterBackground() {
        var unreadCount: Int32 = 0
        if let conversations = TIMManager.sharedInstance()?.getConversationList() {
            unreadCount = conversations.reduce(0) { (total, conversation) -> Int32 in
                return total + conversation.getUnReadMessageNum()
            }
        }
        use(unreadCount)
        let param = TIMBackgroundParam()
        param.groupUnread = unreadCount
        param.c2cUnread = unreadCount
        TIMManager.sharedInstance()?.doBackground(param, succ: {
        }, fail: { (code, message) in
            use(code, message)
        })
        TIMManager.sharedInstance()?.doForeground({
        }, fail: { (code, message) in
            use(code, message)
        })
    }
}

/// Source: WZIM pod `WZTIMManager.swift` (code index id 33477114993): the group-event listener
/// implemented with the tips element, and a return of the list force-unwrapped off the optional chain.
final class MoreLegacyWZManager: NSObject {
    init(appId: Int32) {
        super.init()
        let config = TIMSdkConfig()
        config.sdkAppId = appId
        config.disableLogPrint = true
        config.connListener = self
        TIMManager.sharedInstance()?.initSdk(config)
    }

    func getConversationList() -> [TIMConversation] {
        return TIMManager.sharedInstance()!.getConversationList()
    }

    func setUserConfig() {
        let userConfig = TIMUserConfig()
        userConfig.disableAutoReport = true
        userConfig.enableReadReceipt = true
        userConfig.groupEventListener = self
        TIMManager.sharedInstance()?.setUserConfig(userConfig)
        TIMManager.sharedInstance()?.add(self)
    }
}

extension MoreLegacyWZManager: TIMConnListener {
    func onConnSucc() {}
    func onConnFailed(_ code: Int32, err: String!) {}
}

extension MoreLegacyWZManager: TIMGroupEventListener {
    func onGroupTipsEvent(_ elem: TIMGroupTipsElem!) { use(elem) }
}

extension MoreLegacyWZManager: TIMMessageListener {
    func onNewMessage(_ msgs: [Any]!) { use(msgs as? [TIMMessage] ?? []) }
}
