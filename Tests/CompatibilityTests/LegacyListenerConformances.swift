import Foundation
import ImSDK

// Classes adopting the legacy listener protocols with the spellings public Swift code uses. Only
// adopting them has to compile; which of these methods the SDK calls is the conformance suite's job.

/// Legacy 3.x: app IM manager style; the 3.x header's untyped array in `onRefreshConversations`.
final class Legacy3xIMListener: NSObject, TIMConnListener, TIMUserStatusListener, TIMRefreshListener {
    func onConnSucc() { use("connected") }
    func onConnFailed(_ code: Int32, err: String!) { use(code, err) }
    func onDisconnect(_ code: Int32, err: String!) { use(code, err) }
    func onConnecting() { use("connecting") }
    func onForceOffline() { use("kicked") }
    func onReConnFailed(_ code: Int32, err: String!) { use(code, err) }
    func onUserSigExpired() { use("expired") }
    func onRefresh() { use("refresh") }
    func onRefreshConversations(_ conversations: [Any]!) {
        for case let conversation as TIMConversation in conversations {
            use(conversation.getReceiver())
        }
    }
}

/// Legacy 4.x: Flutter plugin style; one public NSObject for every listener slot of both configs.
public class Legacy4xPluginListener: NSObject, TIMUserStatusListener, TIMConnListener, TIMGroupEventListener,
    TIMRefreshListener, TIMMessageRevokeListener, TIMMessageReceiptListener, TIMMessageListener,
    TIMUploadProgressListener
{
    public func onForceOffline() { use("ForceOffline") }
    public func onReConnFailed(_ code: Int32, err: String!) { use(code, err) }
    public func onUserSigExpired() { use("UserSigExpired") }
    public func onConnSucc() { use("ConnSucc") }
    public func onConnFailed(_ code: Int32, err: String!) { use(code, err) }
    public func onDisconnect(_ code: Int32, err: String!) { use(code, err) }
    public func onConnecting() { use("Connecting") }
    public func onRefresh() { use("Refresh") }
    public func onRefreshConversations(_ conversations: [TIMConversation]!) {
        use(Legacy4xFlutterPluginStyle.sessionInfo(conversations))
    }
    public func onRevokeMessage(_ locator: TIMMessageLocator!) {
        use(locator.time, locator.seq, locator.rand, locator.isSelf, locator.sessType, locator.sessId)
    }
    public func onRecvMessageReceipts(_ receipts: [Any]!) {
        var peers: [String] = []
        for item in receipts {
            peers.append((item as! TIMMessageReceipt).conversation.getReceiver())
        }
        use(peers)
    }
    public func onNewMessage(_ msgs: [Any]!) {
        use((msgs as! [TIMMessage]).map { Legacy4xFlutterPluginStyle.messageInfo($0) })
    }
    public func onUploadProgressCallback(_ msg: TIMMessage!, elemidx: UInt32, taskid: UInt32, progress: UInt32) {
        use(msg.msgId(), elemidx, taskid, progress)
    }
}

/// Legacy 4.x: app style; a plain Swift class (no NSObject) with the non-optional array spelling.
final class LegacyPlainRefreshListener: TIMRefreshListener, TIMMessageListener {
    private(set) var refreshed: [String] = []

    func onRefreshConversations(_ conversations: [TIMConversation]) {
        refreshed += conversations.map { $0.getReceiver() ?? "" }
    }

    func onNewMessage(_ msgs: [Any]!) {
        use(msgs.count)
    }
}

/// Legacy 4.x: app style; only the whole-list refresh implemented, everything else left to the defaults.
final class LegacyRefreshOnlyListener: NSObject, TIMRefreshListener, TIMConnListener, TIMUserStatusListener {
    func onRefresh() { use("reload all") }
}
