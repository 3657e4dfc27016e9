import Foundation
import IMReferenceServer
import IMTransportKit
import ImSDK
import ImSDK_Plus

// The code samples of MIGRATION.md, as the app code they are: a conversation-list screen before the
// migration (`LegacyInboxScreen`, legacy API) and after it (`InboxScreen`, V2 API).
//
// Each sample sits between `// snippet: <name>` and `// end snippet` and appears in the guide
// verbatim (up to indentation): `MigrationDocumentTests` checks that both ways, and
// `MigrationSnippetTests` runs the samples against a private `IMReferenceServer`.
//
// Everything outside the markers stands for the app's own code (`rows`, `badge`, `reloadTable()`,
// `show(error:_:)`, `didLogIn()`), which here records what the screen showed in a `ScreenLog`.

/// One row of a sample conversation list.
struct InboxRow: Equatable, Sendable {
    /// The legacy receiver, or the V2 conversation ID.
    var id: String
    var title: String
    var unread: Int
    var lastText: String?
}

/// The "before" screen: a conversation list on the legacy API.
///
/// - Thread safety: like an app's screen on the main queue, it is only touched on the SDK's callback
///   queue (tests hop there to call it).
final class LegacyInboxScreen: @unchecked Sendable {
    var rows: [InboxRow] = []
    var badge = 0
    var peerUnread = 0
    var lastIncoming: String?
    var openChat: ChatScreen?
    var revokedNotice: String?
    var readByPeer: [String: Int] = [:]
    let log = ScreenLog()

    func didLogIn() { log.record(.loggedIn) }
    func reloadTable() { log.record(.reloaded(rows)) }
    func show(error code: Int32, _ desc: String?) { log.record(.failed(code)) }

    /// (a) Initialises the SDK at app start.
    func setUpSDK(server: IMReferenceServer) {
        // snippet: legacy-setup
        let sdkConfig = TIMSdkConfig()
        sdkConfig.sdkAppId = 1_400_000_001
        sdkConfig.logLevel = .LOG_WARN
        sdkConfig.transport = server  // this package's; nil: the embedded server (README)
        TIMManager.sharedInstance().initSdk(sdkConfig)

        let userConfig = TIMUserConfig()
        userConfig.disableAutoReport = false  // the default: see "Auto report"
        userConfig.refreshListener = self  // held weakly
        TIMManager.sharedInstance().setUserConfig(userConfig)
        TIMManager.sharedInstance().add(self)  // TIMMessageListener, held weakly
        // end snippet
    }

    /// (j) Initialises the SDK against a server in another process (`imsdk serve`).
    func setUpSDK(host: String, port: UInt16) {
        // snippet: legacy-socket-setup
        let sdkConfig = TIMSdkConfig()
        sdkConfig.sdkAppId = 1_400_000_001
        sdkConfig.transport = IMSocketTransport(host: host, port: port)  // imsdk serve: 127.0.0.1, 7878
        TIMManager.sharedInstance().initSdk(sdkConfig)
        // end snippet
    }

    /// (a) Logs in.
    func logIn(userID: String, userSig: String) {
        // snippet: legacy-login
        let param = TIMLoginParam()
        param.identifier = userID
        param.userSig = userSig
        TIMManager.sharedInstance().login(param, succ: {
            self.didLogIn()
        }, fail: { code, desc in
            self.show(error: code, desc)
        })
        // end snippet
    }

    /// (f) Keeps unread messages unread on the server, as V2 does (between `initSdk` and `login`).
    func useServerUnreadCounts() {
        // snippet: legacy-multi-device
        let userConfig = TIMUserConfig()
        userConfig.disableAutoReport = true  // unread stays unread on the server until read, as in V2
        userConfig.refreshListener = self  // hears of reads made on the user's other devices
        TIMManager.sharedInstance().setUserConfig(userConfig)
        // end snippet
    }

    /// (b) Shows the conversation list.
    func reloadConversations() {
        // snippet: legacy-conversation-list
        let conversations = TIMManager.sharedInstance()?.getConversationList() ?? []
        rows = conversations.map { conversation in
            InboxRow(id: conversation.getReceiver() ?? "",
                     title: conversation.getGroupName() ?? conversation.getReceiver() ?? "",
                     unread: Int(conversation.getUnReadMessageNum()),
                     lastText: (conversation.getLastMsg()?.getElem(0) as? TIMTextElem)?.text)
        }
        reloadTable()
        // end snippet
    }

    /// (c) Shows the unread count of one chat and the total.
    func updateUnreadCounts(peer userID: String) {
        // snippet: legacy-unread-counts
        let conversation = TIMManager.sharedInstance()?.getConversation(.C2C, receiver: userID)
        peerUnread = Int(conversation?.getUnReadMessageNum() ?? 0)

        let conversations = TIMManager.sharedInstance()?.getConversationList() ?? []
        badge = conversations.reduce(0) { $0 + Int($1.getUnReadMessageNum()) }
        // end snippet
    }

    /// (d) Marks a whole chat read.
    func markAllRead(peer userID: String) {
        // snippet: legacy-read-all
        let conversation = TIMManager.sharedInstance()?.getConversation(.C2C, receiver: userID)
        conversation?.setReadMessage(nil, succ: {
            self.reloadConversations()
        }, fail: { code, desc in
            self.show(error: code, desc)
        })
        // end snippet
    }

    /// (d) Marks a chat read up to a message the user saw.
    func markRead(upTo message: TIMMessage) {
        // snippet: legacy-read-up-to
        message.getConversation()?.setReadMessage(message, succ: {
            self.reloadConversations()
        }, fail: { code, desc in
            self.show(error: code, desc)
        })
        // end snippet
    }

    /// (g) Opens a chat screen that is already written against V2.
    func didSelect(_ conversation: TIMConversation) {
        // snippet: hand-legacy-to-v2
        guard let v2Conversation = V2TIMConversation(legacy: conversation) else {
            return  // SYSTEM: the V2 API has no such conversation
        }
        let lastSeen = conversation.getLastMsg().flatMap { V2TIMMessage(legacy: $0) }
        openChat = ChatScreen(conversation: v2Conversation, lastSeen: lastSeen)
        // end snippet
    }

    /// (h) Deletes a chat.
    func delete(peer userID: String) {
        // snippet: legacy-delete
        TIMManager.sharedInstance()?.deleteConversation(.C2C, receiver: userID)
        reloadConversations()
        // end snippet
    }

    /// (i) Hears of revoked messages and read receipts (between `initSdk` and `login`).
    func listenForRevokesAndReceipts() {
        // snippet: legacy-revoke-receipt-setup
        let userConfig = TIMManager.sharedInstance().getUserConfig() ?? TIMUserConfig()
        userConfig.enableReadReceipt = true  // without it, isPeerReaded() stays false
        userConfig.messageRevokeListener = self  // held weakly
        userConfig.messageReceiptListener = self  // held weakly
        TIMManager.sharedInstance().setUserConfig(userConfig)
        // end snippet
    }

    /// (i) Revokes a message the user sent in the last 2 minutes.
    func revoke(_ message: TIMMessage) {
        // snippet: legacy-revoke
        message.getConversation()?.revokeMessage(message, succ: {
            self.reloadConversations()  // shows it revoked; the peer hears onRevokeMessage
        }, fail: { code, desc in
            self.show(error: code, desc)  // 20016 after 2 minutes
        })
        // end snippet
    }
}

// snippet: legacy-revoke-receipt-listeners
extension LegacyInboxScreen: TIMMessageRevokeListener, TIMMessageReceiptListener {
    func onRevokeMessage(_ locator: TIMMessageLocator!) {
        revokedNotice = "\(locator.sessId ?? "") revoked a message"
        reloadConversations()  // the last message's status() is MSG_STATUS_LOCAL_REVOKED
    }

    func onRecvMessageReceipts(_ receipts: [Any]!) {
        for case let receipt as TIMMessageReceipt in receipts ?? [] {
            readByPeer[receipt.conversation.getReceiver() ?? ""] = receipt.timestamp
        }
    }
}
// end snippet

// snippet: legacy-refresh-listener
extension LegacyInboxScreen: TIMRefreshListener {
    func onRefresh() {
        reloadConversations()
    }

    func onRefreshConversations(_ conversations: [TIMConversation]) {
        reloadConversations()
    }
}
// end snippet

// snippet: legacy-message-listener
extension LegacyInboxScreen: TIMMessageListener {
    func onNewMessage(_ msgs: [Any]!) {
        for case let message as TIMMessage in msgs ?? [] where !message.isSelf() {
            lastIncoming = (message.getElem(0) as? TIMTextElem)?.text
        }
    }
}
// end snippet

/// The "after" screen: the same conversation list on the V2 API.
///
/// - Thread safety: as `LegacyInboxScreen`, only touched on the SDK's callback queue.
final class InboxScreen: @unchecked Sendable {
    var rows: [InboxRow] = []
    var badge = 0
    var peerUnread = 0
    var lastIncoming: String?
    var openLegacyChat: LegacyChatScreen?
    var revokedNotice: String?
    var readByPeer: [String: Int] = [:]
    let log = ScreenLog()

    func didLogIn() { log.record(.loggedIn) }
    func reloadTable() { log.record(.reloaded(rows)) }
    func show(error code: Int32, _ desc: String?) { log.record(.failed(code)) }

    /// (a) Initialises the SDK at app start.
    func setUpSDK(server: IMReferenceServer) {
        // snippet: v2-setup
        let config = V2TIMSDKConfig()
        config.logLevel = .LOG_WARN
        config.transport = server  // this package's; nil: the embedded server (README)
        V2TIMManager.sharedInstance().initSDK(1_400_000_001, config: config)
        V2TIMManager.sharedInstance().addConversationListener(listener: self)  // held weakly
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)  // held weakly
        // end snippet
    }

    /// (j) Initialises the SDK against a server in another process (`imsdk serve`).
    func setUpSDK(host: String, port: UInt16) {
        // snippet: v2-socket-setup
        let config = V2TIMSDKConfig()
        config.transport = IMSocketTransport(host: host, port: port)  // imsdk serve: 127.0.0.1, 7878
        V2TIMManager.sharedInstance().initSDK(1_400_000_001, config: config)
        // end snippet
    }

    /// (a) Logs in.
    func logIn(userID: String, userSig: String) {
        // snippet: v2-login
        V2TIMManager.sharedInstance().login(userID: userID, userSig: userSig, succ: {
            self.didLogIn()
        }, fail: { code, desc in
            self.show(error: code, desc)
        })
        // end snippet
    }

    /// (b) Shows the conversation list, page by page.
    func reloadConversations() {
        // snippet: v2-conversation-list
        var loaded: [InboxRow] = []
        func loadPage(after nextSeq: UInt64) {
            V2TIMManager.sharedInstance().getConversationList(nextSeq: nextSeq, count: 100, succ: { page, next, isFinished in
                loaded += (page ?? []).map { conversation in
                    InboxRow(id: conversation.conversationID,
                             title: conversation.showName ?? conversation.conversationID,
                             unread: Int(conversation.unreadCount),
                             lastText: conversation.lastMessage?.textElem?.text)
                }
                if isFinished {
                    self.rows = loaded
                    self.reloadTable()
                } else {
                    loadPage(after: next)
                }
            }, fail: { code, desc in
                self.show(error: code, desc)
            })
        }
        loadPage(after: 0)
        // end snippet
    }

    /// (c) Shows the unread count of one chat and the total.
    func updateUnreadCounts(peer userID: String) {
        // snippet: v2-unread-counts
        V2TIMManager.sharedInstance().getConversation(conversationID: "c2c_" + userID, succ: { conversation in
            self.peerUnread = Int(conversation?.unreadCount ?? 0)
        }, fail: { code, desc in
            self.show(error: code, desc)  // 6004 until the chat has a message
        })

        V2TIMManager.sharedInstance().getTotalUnreadMessageCount(succ: { total in
            self.badge = Int(total)  // from now on also onTotalUnreadMessageCountChanged
        }, fail: { code, desc in
            self.show(error: code, desc)
        })
        // end snippet
    }

    /// (d) Marks a whole chat read.
    func markAllRead(peer userID: String) {
        // snippet: v2-read-all
        V2TIMManager.sharedInstance().markC2CMessage(asRead: userID, succ: {
            // the listeners have already heard of the new count (onConversationChanged)
        }, fail: { code, desc in
            self.show(error: code, desc)
        })
        // end snippet
    }

    /// (d) Marks a chat read up to a message the user saw.
    func markRead(upTo message: V2TIMMessage) {
        // snippet: v2-read-up-to
        // C2C: everything up to the message's server time (in seconds); groups: up to its sequence.
        let conversationID = message.groupID.map { "group_" + $0 } ?? "c2c_" + (message.userID ?? "")
        let seconds = UInt64(message.timestamp?.timeIntervalSince1970 ?? 0)
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(
            conversationID: conversationID, cleanTimestamp: seconds, cleanSequence: message.seq,
            succ: nil, fail: { code, desc in
                self.show(error: code, desc)
            })
        // end snippet
    }

    /// (g) Opens a chat screen that is still written against the legacy API.
    func didSelect(_ conversation: V2TIMConversation) {
        // snippet: hand-v2-to-legacy
        guard let legacyConversation = TIMConversation(v2: conversation) else { return }
        openLegacyChat = LegacyChatScreen(conversation: legacyConversation)

        // Mark read up to what the list showed, not what arrived since.
        if let shown = conversation.lastMessage, let message = TIMMessage(v2: shown) {
            legacyConversation.setReadMessage(message, succ: nil, fail: { code, desc in
                self.show(error: code, desc)
            })
        }
        // end snippet
    }

    /// (h) Deletes a chat.
    func delete(peer userID: String) {
        // snippet: v2-delete
        V2TIMManager.sharedInstance().deleteConversation(conversation: "c2c_" + userID, succ: {
            // onConversationDeleted has removed the row
        }, fail: { code, desc in
            self.show(error: code, desc)
        })
        // end snippet
    }

    /// (i) Revokes a message the user sent in the last 2 minutes.
    func revoke(_ message: V2TIMMessage) {
        // snippet: v2-revoke
        V2TIMManager.sharedInstance().revokeMessage(msg: message, succ: {
            // onConversationChanged has shown it revoked; the peer hears onRecvMessageRevoked
        }, fail: { code, desc in
            self.show(error: code, desc)  // 20016 after 2 minutes
        })
        // end snippet
    }
}

// snippet: v2-revoke-receipt-listeners
extension InboxScreen {
    func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserFullInfo, reason: String?) {
        revokedNotice = "\(operateUser.userID ?? "") revoked a message"
        reloadConversations()  // the last message's status is MSG_STATUS_LOCAL_REVOKED
    }

    func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]) {
        for receipt in receiptList {
            readByPeer[receipt.userID ?? ""] = receipt.timestamp
        }
    }
}
// end snippet

// snippet: v2-conversation-listener
extension InboxScreen: V2TIMConversationListener {
    func onNewConversation(conversationList: [V2TIMConversation]) {
        reloadConversations()
    }

    func onConversationChanged(conversationList: [V2TIMConversation]) {
        reloadConversations()
    }

    func onConversationDeleted(conversationIDList: [String]) {
        rows.removeAll { conversationIDList.contains($0.id) }
        reloadTable()
    }

    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) {
        badge = Int(totalUnreadCount)
    }
}
// end snippet

// snippet: v2-message-listener
extension InboxScreen: V2TIMAdvancedMsgListener {
    func onRecvNewMessage(msg: V2TIMMessage) {
        if !msg.isSelf {
            lastIncoming = msg.textElem?.text
        }
    }
}
// end snippet

/// A chat screen already migrated to V2 (what (g) hands a conversation to).
final class ChatScreen {
    let conversation: V2TIMConversation
    let lastSeen: V2TIMMessage?

    init(conversation: V2TIMConversation, lastSeen: V2TIMMessage?) {
        self.conversation = conversation
        self.lastSeen = lastSeen
    }
}

/// A chat screen still on the legacy API (what (g) hands a conversation to).
final class LegacyChatScreen {
    let conversation: TIMConversation

    init(conversation: TIMConversation) {
        self.conversation = conversation
    }
}
