import Foundation
import ImSDK
import ImSDK_Plus

// Call shapes of more public Swift code on ImSDK_Plus (apps, vendor TUIKit files and a vendor demo
// app, 5.x pre-annotation to current headers) around the conversation list and unread counts, found
// on 2026-11-29. Each is written in the style of its source (named above it), not copied. Compiled,
// never run. `import ImSDK` is here for the one source that reaches V2 and legacy types through it.
// Before that day `cloudCustomData` and two error constants did not compile, and the partly nullable
// revoke method was never called.

// MARK: - "lmPrint" app IMService.swift (code index id 59631108305): V2 current, labelled names, a
// C2C filter for both the page and the unread count, listeners in extensions of one service object

final class APLMService: NSObject {
    var unreadCount: Int = 0
    // The app's `static let shared` (Swift 5 mode); Swift 6 mode wants the opt-out.
    nonisolated(unsafe) static let shared = APLMService()

    private override init() {
        super.init()
        initSDK(appID: 1_400_000_001)
    }

    // IMService: the SDK listener added before initSDK, whose Bool result is dropped.
    func initSDK(appID: Int) {
        let config = V2TIMSDKConfig()
        config.logLevel = .LOG_NONE
        V2TIMManager.sharedInstance().addIMSDKListener(listener: self)
        V2TIMManager.sharedInstance().initSDK(Int32(appID), config: config)
        V2TIMManager.sharedInstance().addAdvancedMsgListener(listener: self)
    }

    func logout() {
        V2TIMManager.sharedInstance().logout {
            use("logged out")
        } fail: { code, msg in
            use("\(code) \(String(describing: msg))")
        }
    }

    // IMService: "all" C2C conversations in one page of `UInt32(INT_MAX)`.
    func getConversationList(completion block: @escaping ([V2TIMConversation]) -> Void) {
        let filter = V2TIMConversationListFilter()
        filter.type = .C2C
        V2TIMManager.sharedInstance().getConversationListByFilter(filter: filter, nextSeq: 0, count: UInt32(INT_MAX)) { list, _, _ in
            block(list ?? [])
        } fail: { code, msg in
            use(code, msg)
            block([])
        }
    }

    func getUnreadMessageCount(completion block: @escaping (Int) -> Void) {
        let filter = V2TIMConversationListFilter()
        filter.type = .C2C
        V2TIMManager.sharedInstance().getUnreadMessageCountByFilter(filter: filter) { count in
            block(Int(count))
        } fail: { code, msg in
            use(code, msg)
            block(0)
        }
    }

    // IMService: an optional ID (nil clears everything) through the labelled current name.
    func cleanUnreadCount(_ converID: String? = nil, completion block: @escaping (Bool, String?) -> Void) {
        V2TIMManager.sharedInstance().cleanConversationUnreadMessageCount(conversationID: converID, cleanTimestamp: 0, cleanSequence: 0) {
            block(true, nil)
        } fail: { code, msg in
            use(code)
            block(false, msg)
        }
    }

    func deleteConversation(_ converID: String, completion block: @escaping (Bool, String?) -> Void) {
        V2TIMManager.sharedInstance().deleteConversation(conversation: converID) {
            block(true, nil)
        } fail: { code, msg in
            use(code)
            block(false, msg)
        }
    }

    // IMService: the batch delete's result list ignored with `_ in`.
    func deleteConversationList(_ converIDList: [String], completion block: @escaping (Bool, String?) -> Void) {
        guard converIDList.count > 0 else {
            block(true, nil)
            return
        }
        V2TIMManager.sharedInstance().deleteConversationList(conversationIDList: converIDList, clearMessage: true) { _ in
            block(true, nil)
        } fail: { code, msg in
            use(code)
            block(false, msg)
        }
    }

    func getC2CHistoryMessageList(_ imUserId: String, count: Int = 20, lastMsg: V2TIMMessage? = nil, completion block: @escaping ([V2TIMMessage], String?) -> Void) {
        V2TIMManager.sharedInstance().getC2CHistoryMessageList(userID: imUserId, count: Int32(count), lastMsg: lastMsg) { list in
            if let list = list {
                block(list, nil)
            } else {
                block([], nil)
            }
        } fail: { code, msg in
            use(code)
            block([], msg)
        }
    }

    // IMService: the badge refreshed from the filtered count.
    func upIMUnCount() {
        getUnreadMessageCount { count in
            self.unreadCount = count
        }
    }

    func getLoginStatus() -> Bool {
        return !(V2TIMManager.sharedInstance().getLoginStatus() == .STATUS_LOGOUT)
    }
}

extension APLMService: V2TIMSDKListener {
    func onConnecting() { use("connecting") }
    func onConnectSuccess() { use("connected") }
    func onConnectFailed(_ code: Int32, err: String?) { use(code, err) }
    func onKickedOffline() { use("kicked") }
    func onUserSigExpired() { use("expired") }
}

extension APLMService: V2TIMAdvancedMsgListener {
    // IMService: the `msg: V2TIMMessage!` spelling; a group message has `groupID`, a C2C one `userID!`.
    func onRecvNewMessage(msg: V2TIMMessage!) {
        if let roomId = msg.groupID {
            use(roomId)
        } else {
            let userId = msg.userID!
            use(userId)
            upIMUnCount()
        }
    }
}

extension APLMService {
    // IMService parses every message's JSON from `cloudCustomData` (the vendor's `NSData *`,
    // `Data!` before annotations, `Data?` after):
    func parse(_ msg: V2TIMMessage) {
        if msg.cloudCustomData != nil {
            let msgDict = try? JSONSerialization.jsonObject(with: msg.cloudCustomData!) as? [String: Any]
            use(msgDict)
        }
    }
}

// IMService's revoke handler mixes `!` and `?` in one signature, as a header with `nullable` on
// `reason` alone imports it. Compiled and never called before 2026-11-29; now a requirement of
// `_V2TIMAdvancedMsgListenerPartlyNullable` (`RevokeTests` checks that it is called).
final class APLMRevokeListener: NSObject, V2TIMAdvancedMsgListener {
    var revoked: [String] = []
    func onRecvMessageRevoked(msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String?) {
        revoked.append(msgID)
        use(operateUser.userID, reason)
    }
}

// MARK: - "HotChat" app ConversationViewController.swift and TabBarController.swift (code index ids
// 35061016569, 35071157719): V2 5.x pre-annotation, "mark all read" and "clear the list" by walking
// one page of `count: .max`, the tab badge summed from `unreadCount`

final class APHotChatConversationScreen {
    // HotChat: every conversation marked read one by one through the pruned C2C name.
    func markAllRead() {
        V2TIMManager.sharedInstance()?.getConversationList(0, count: .max, succ: { (conversationList, last, isFinished) in
            use(last, isFinished)
            conversationList?.forEach { conversation in
                V2TIMManager.sharedInstance()?.markC2CMessage(asRead: conversation.userID, succ: {

                }, fail: { (code, msg) in
                    use(code, msg)
                })
            }
        }, fail: { (code, msg) in
            use(code, msg)
        })
    }

    // HotChat: every conversation deleted with its IUO `conversationID`.
    func clearanceRecord() {
        V2TIMManager.sharedInstance()?.getConversationList(0, count: .max, succ: { (conversationList, last, isFinished) in
            use(last, isFinished)
            conversationList?.forEach { conversation in
                V2TIMManager.sharedInstance()?.deleteConversation(conversation.conversationID, succ: {

                }, fail: { (code, msg) in
                    use(code, msg)
                })
            }
        }, fail: { (code, msg) in
            use(code, msg)
        })
    }
}

final class APHotChatTabBar {
    var badgeValue: String?

    func observerUnReadCount() {
        V2TIMManager.sharedInstance()?.getConversationList(0, count: Int32.max, succ: { [weak self] (list, lastTS, isFinished) in
            use(lastTS, isFinished)
            self?.onChangeUnReadCount(list)
        }, fail: { (code, error) in
            use(code, error)
        })
    }

    // HotChat: the TUIKit notification's object cast back to `[V2TIMConversation]`.
    func onChangeUnReadCount(_ noti: Notification) {
        onChangeUnReadCount(noti.object as? [V2TIMConversation])
    }

    // HotChat: `compactMap` over the non-optional `Int32` count, then `reduce(0, +)` and `.description`.
    func onChangeUnReadCount(_ convList: [V2TIMConversation]?) {
        guard let convList = convList else {
            return
        }
        let unReadCount = convList
            .compactMap { $0.unreadCount }
            .reduce(0, +)
        if unReadCount == 0 {
            badgeValue = nil
        } else {
            badgeValue = unReadCount.description
        }
    }
}

// MARK: - "WallPaper" app TabBarController.swift by LiQi (code index id 12034537313): V2 5.x
// pre-annotation, the message badge from one page with a nil fail block

final class APWallPaperTabBar {
    var shown = 0

    func loadBadge() {
        V2TIMManager.sharedInstance()?.getConversationList(0, count: Int32.max, succ: { [weak self] (list, _, _) in
            guard let self = self else { return }
            var unRead = 0
            list?.forEach { m in
                unRead += Int(m.unreadCount)
            }
            self.setupNumber(n: unRead)
        }, fail: nil)
    }

    // WallPaper: the same sum from the TUIKit notification's `Array<V2TIMConversation>`.
    func getNoReadNum(no: Notification) {
        var unRead = 0
        if let arr = no.object as? Array<V2TIMConversation> {
            arr.forEach { m in
                unRead += Int(m.unreadCount)
            }
        }
        setupNumber(n: unRead)
    }

    private func setupNumber(n: Int) { shown = n }
}

// MARK: - "WZLY" app UserSession+IM.swift (code index id 33200177025): 5.x with `import ImSDK` (the
// legacy framework that also shipped the V2 headers), legacy and V2 calls side by side, the manager
// handed out as the app's own protocol, empty SDK and simple-message adoptions

protocol APWZIMManagerProtocol: AnyObject {}
extension V2TIMManager: APWZIMManagerProtocol {}

final class APWZUserSession: NSObject {
    /// WZLY: the IUO manager returned where the app's protocol is expected.
    var imManager: APWZIMManagerProtocol {
        return V2TIMManager.sharedInstance()
    }

    public func initTIMSDk(appId: Int32) {
        let config = V2TIMSDKConfig()
        config.logLevel = .LOG_NONE
        V2TIMManager.sharedInstance()?.initSDK(appId, config: config, listener: self)
    }

    /// WZLY: the legacy synchronous list, force-unwrapped, next to V2 code.
    public func getConversationList() -> [TIMConversation] {
        return TIMManager.sharedInstance()!.getConversationList()
    }

    /// WZLY: the conversation listener set (deprecated setter) once the V2 login succeeds.
    public func logIn(identifier: String, userSig: String, sucess: (() -> Void)?, failBlock: ((_ code: Int, _ err: String) -> Void)?) {
        V2TIMManager.sharedInstance()?.login(identifier, userSig: userSig, succ: {
            sucess?()
            V2TIMManager.sharedInstance()?.setConversationListener(self)
        }, fail: { (code, msg) in
            failBlock?(Int(code), String(msg ?? ""))
        })
    }

    public func logout(sucess: (() -> Void)?, failBlock: ((_ code: Int, _ err: String) -> Void)?) {
        V2TIMManager.sharedInstance()?.logout({
            sucess?()
        }, fail: { (code, msg) in
            failBlock?(Int(code), String(msg ?? ""))
        })
    }
}

extension APWZUserSession: V2TIMSDKListener {

}

extension APWZUserSession: V2TIMSimpleMsgListener {

}

extension APWZUserSession: V2TIMConversationListener {
    public func onSyncServerStart() {}
    public func onSyncServerFinish() {}
    public func onSyncServerFailed() {}
    public func onNewConversation(_ conversationList: [V2TIMConversation]!) { use(conversationList.count) }
    public func onConversationChanged(_ conversationList: [V2TIMConversation]!) { use(conversationList.count) }
}

// MARK: - "jjt" app ImManager.swift (code index id 59213595796): a recent @MainActor manager on
// pre-annotation names bridged to async/await, private NSObject listeners with `?` spellings.
// Several of its calls match no vendor header either (noted below): the file looks never compiled
// against any SDK, so only its valid shapes count as call shapes.

struct APJJTError: Error { let code: Int; let message: String }

@MainActor
final class APJJTImManager: NSObject {
    static let shared = APJJTImManager()
    private(set) var isLoggedIn = false
    private let sdkListener = APJJTSDKListener()
    private var convListener: APJJTConversationListener?

    // jjt: initSDK with the SDK listener, then the pre-annotation login with trailing closures.
    func initAndLogin(appID: Int32, userId: String, userSig: String) async throws {
        let config = V2TIMSDKConfig()
        let ok = V2TIMManager.sharedInstance().initSDK(appID, config: config, listener: sdkListener)
        guard ok else { throw APJJTError(code: -1, message: "init") }
        try await withCheckedThrowingContinuation { (cont: CheckedContinuation<Void, Error>) in
            V2TIMManager.sharedInstance().login(userId, userSig: userSig) {
                cont.resume()
            } fail: { code, msg in
                cont.resume(throwing: APJJTError(code: Int(code), message: "\(msg ?? "")"))
            }
        }
        isLoggedIn = true
    }

    func totalUnreadCount() async -> Int {
        await withCheckedContinuation { cont in
            V2TIMManager.sharedInstance().getTotalUnreadMessageCount { count in
                cont.resume(returning: Int(count))
            } fail: { _, _ in
                cont.resume(returning: 0)
            }
        }
    }

    func deleteConversation(_ conversationID: String) async throws {
        try await withCheckedThrowingContinuation { (cont: CheckedContinuation<Void, Error>) in
            V2TIMManager.sharedInstance().deleteConversation(conversationID) {
                cont.resume()
            } fail: { code, msg in
                cont.resume(throwing: APJJTError(code: Int(code), message: msg ?? ""))
            }
        }
    }

    func pinConversation(_ conversationID: String, pinned: Bool) async throws {
        try await withCheckedThrowingContinuation { (cont: CheckedContinuation<Void, Error>) in
            V2TIMManager.sharedInstance().pinConversation(conversationID, isPinned: pinned) {
                cont.resume()
            } fail: { code, msg in
                cont.resume(throwing: APJJTError(code: Int(code), message: msg ?? ""))
            }
        }
    }

    // jjt resumes with the `[V2TIMMessage]` itself (Swift 5 mode); Swift 6 mode rejects sending
    // the non-Sendable array, so the IDs stand in for it here.
    func c2cHistory(peerId: String, count: Int32 = 20, lastMsg: V2TIMMessage? = nil) async -> [String] {
        await withCheckedContinuation { cont in
            V2TIMManager.sharedInstance().getC2CHistoryMessageList(peerId, count: count, lastMsg: lastMsg) { msgs in
                cont.resume(returning: (msgs ?? []).map { $0.msgID })
            } fail: { _, _ in
                cont.resume(returning: [])
            }
        }
    }

    // jjt: the conversation listener through the labelled current name (the source writes it
    // unlabelled, see below).
    func registerGlobalListeners() {
        if convListener == nil {
            let l = APJJTConversationListener()
            convListener = l
            V2TIMManager.sharedInstance().addConversationListener(listener: l)
        }
    }
}

private final class APJJTSDKListener: NSObject, V2TIMSDKListener {
    var onInitResult: ((Bool) -> Void)?

    func onConnectSuccess() {
        onInitResult?(true)
        onInitResult = nil
    }

    // jjt: `msg:` where every header says `err:`. Not a requirement (never called), and never
    // called by the vendor's SDK either (selector `onConnectFailed:msg:`): the app's own bug.
    func onConnectFailed(_ code: Int32, msg: String?) {
        if let cb = onInitResult {
            onInitResult = nil
            cb(false)
        }
    }

    func onKickedOffline() { use("kicked") }
    func onUserSigExpired() { use("expired") }
}

private final class APJJTAdvancedMsgListener: NSObject, V2TIMAdvancedMsgListener {
    func onRecvNewMessage(_ msg: V2TIMMessage?) {
        guard let msg else { return }
        use(msg.msgID)
    }
}

private final class APJJTConversationListener: NSObject, V2TIMConversationListener {
    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) {
        use(Int(totalUnreadCount))
    }

    func onConversationChanged(_ conversationList: [V2TIMConversation]?) {
        use(conversationList?.count)
    }
}

// jjt also calls `addAdvancedMsgListener(l)` without its label, takes `getConversationList`'s
// answer as the Java/Flutter result object, and writes `fail: {}` for a two-argument block:
// none of that compiles against the vendor's headers either.

// MARK: - RTCube / Tencent RTC demo app OverseasHomeViewController.swift and AppDelegate.swift (code
// index ids 55023471055, 54903448885): V2 current, the total fetched once to start the events,
// the labelled unread listener in an extension

final class APRTCubeHome: NSObject {
    var shownUnread: UInt64 = 0

    // RTCube: the result ignored; only the follow-up `onTotalUnreadMessageCountChanged` events matter.
    func setupIMUnreadListener() {
        V2TIMManager.sharedInstance().addConversationListener(listener: self)
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount { _ in
        } fail: { _, _ in
        }
    }
}

extension APRTCubeHome: V2TIMConversationListener {
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) {
        shownUnread = totalUnreadCount
    }
}

// MARK: - Vendor Swift TUIKit TUIChatBaseDataProvider.swift, two generations (code index ids
// 38421458394 pre-annotation, 37865701605 current): the total and the draft, and error codes
// used as `Int32(ERR_...rawValue)`

enum APTUIChatBaseDataProvider {
    // Pre-annotation generation: `sharedInstance()?`, the unlabelled total, nil draft callbacks.
    static func getTotalUnreadMessageCountOld(succ: @escaping (UInt64) -> Void, fail: ((Int, String) -> Void)?) {
        V2TIMManager.sharedInstance()?.getTotalUnreadMessageCount({ totalCount in
            succ(totalCount)
        }, fail: { code, desc in
            fail?(Int(code), desc ?? "")
        })
    }

    static func saveDraftOld(withConversationID conversationId: String, text: String) {
        let draft = text.trimmingCharacters(in: .whitespacesAndNewlines)
        V2TIMManager.sharedInstance()?.setConversationDraft(conversationId, draftText: draft, succ: nil, fail: nil)
    }

    // Current generation: labelled names, the total converted with `UInt64(...)`.
    static func getTotalUnreadMessageCount(succ: @escaping (UInt64) -> Void, fail: ((Int, String) -> Void)?) {
        V2TIMManager.sharedInstance().getTotalUnreadMessageCount(succ: { totalCount in
            succ(UInt64(totalCount))
        }, fail: { code, desc in
            fail?(Int(code), desc ?? "")
        })
    }

    static func saveDraft(withConversationID conversationId: String, text: String) {
        let draft = text.trimmingCharacters(in: .whitespacesAndNewlines)
        V2TIMManager.sharedInstance().setConversationDraft(conversationID: conversationId, draftText: draft, succ: nil, fail: nil)
    }

    // Both generations: a V2TIMFail called directly with a vendor code.
    static func reportBadInput(fail: @escaping V2TIMFail) {
        fail(Int32(ERR_INVALID_PARAMETERS.rawValue), "userID is nil")
    }
}

extension APTUIChatBaseDataProvider {
    // TUIChatBaseDataProvider.getForwardMessage (both generations) fails with two more codes of
    // TIMErrorCode.h (ERR_NO_SUCC_RESULT = 6003, ERR_SVR_PROFILE_INVALID_PARAMETERS = 40001):
    static func forwardFailures(fail: @escaping V2TIMFail) {
        fail(Int32(ERR_SVR_PROFILE_INVALID_PARAMETERS.rawValue), "uiMsgs is empty")
        fail(Int32(ERR_NO_SUCC_RESULT.rawValue), "failed to merge-forward")
    }
}

// MARK: - Vendor TUIKit TUIOfficialAccountDataProvider.swift (code index id 19942742561): V2 current,
// last messages of followed accounts through `getConversationList(conversationIDList:)` reached
// with `sharedInstance()?`, the annotated optionals unwrapped with `guard let` / `if let`

final class APOfficialAccountDataProvider: NSObject {
    private var lastMessagesCache: [String: String] = [:]
    var onDataUpdated: (() -> Void)?

    private var currentUserID: String? {
        return V2TIMManager.sharedInstance().getLoginUser()
    }

    func loadLastMessages(accountIDs: [String], completion: (() -> Void)? = nil) {
        guard !accountIDs.isEmpty else {
            completion?()
            return
        }
        let conversationIDs = accountIDs.map { "c2c_\($0)" }
        V2TIMManager.sharedInstance()?.getConversationList(conversationIDList: conversationIDs, succ: { [weak self] conversationList in
            guard let self = self else { return }
            if let conversations = conversationList {
                for conversation in conversations {
                    guard let conversationID = conversation.conversationID,
                          conversationID.hasPrefix("c2c_") else { continue }
                    let accountID = String(conversationID.dropFirst(4))
                    if let lastMessage = conversation.lastMessage {
                        self.lastMessagesCache[accountID] = lastMessage.textElem?.text ?? ""
                    }
                }
            }
            self.onDataUpdated?()
            completion?()
        }, fail: { [weak self] _, _ in
            self?.onDataUpdated?()
            completion?()
        })
    }
}

// MARK: - "chnsmile_ios" ContactViewController.swift (code index id 28483051520): a Flutter-host view
// controller that adopts the conversation listener for the unread event alone

final class APChnsmileContactScreen: NSObject, V2TIMConversationListener {
    var events = 0

    func viewDidLoad() {
        V2TIMManager.sharedInstance().addConversationListener(listener: self)
    }

    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) {
        events += 1
        use(["data": "event from native", "total": totalUnreadCount])
    }
}

// MARK: - Vendor Swift TUIKit demo AppDelegate.swift, a TIMPush-era version (code index id
// 19470610857; an older copy, id 53501503944, is already covered): the unread listener marked
// `@objc`, and an SDK-listener method with `code: Int` that no header has

#if canImport(ObjectiveC)
// `@objc` needs Objective-C interoperability: on Linux every `@objc` member is an error
// ("Objective-C interoperability is disabled"), whatever the package declares.
final class APTUIKitDemoDelegate: NSObject, V2TIMConversationListener, V2TIMSDKListener {
    @objc func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) {
        use(totalUnreadCount)
    }
}
#endif

final class APTUIKitDemoDelegateLinux: NSObject, V2TIMConversationListener, V2TIMSDKListener {
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) { use(totalUnreadCount) }
    func onConnecting() {}
    // The demo's `code: Int, err: String`: not a requirement, so never called; the vendor's SDK does
    // not call it either (selector `onConnectFailedWithCode:err:`), the demo's own dead code. Its
    // `onConnectFailed(_ code: Int32, err: String?)` (written for TUILoginListener) is the one called.
    func onConnectFailed(code: Int, err: String) { use(code, err) }
    func onConnectFailed(_ code: Int32, err: String?) { use(code, err) }
    func onUserSigExpired() {}
    func onKickedOffline() {}
}
