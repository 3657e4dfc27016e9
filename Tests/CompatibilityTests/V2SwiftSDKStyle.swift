import Foundation
import ImSDK_Plus

// Call shapes of Swift apps written against the vendor's Swift-native V2 SDK (module
// `ImSDK_Plus_Swift`, with `import ImSDK_Plus` in its place): `V2TIMManager.shared`, the
// `V2TIM_`-prefixed enum cases, `initSDK(sdkAppID:config:)` and listener methods with labelled,
// non-optional parameters. Only the shapes that also hold for the Objective-C generations are here;
// see the report for those that conflict. Compiled, never run.

/// V2 Swift SDK: app lifecycle style; the manager kept in a stored property.
final class V2SwiftSDKLifecycle {
    private let manager = V2TIMManager.shared
    private(set) var isInitialized = false

    // V2 Swift SDK: app lifecycle style; the labelled app ID of the Swift SDK.
    func initialize(sdkAppID: Int32) -> Bool {
        guard !isInitialized else { return true }
        isInitialized = manager.initSDK(sdkAppID: sdkAppID, config: V2TIMSDKConfig())
        return isInitialized
    }

    // V2 Swift SDK: app lifecycle style; `V2TIM_` login states, an optional login user.
    func login(userID: String, userSig: String, completion: @escaping (Result<Void, V2SwiftSDKError>) -> Void) {
        if let currentUserID = manager.getLoginUser(), manager.getLoginStatus() == .V2TIM_STATUS_LOGINED {
            completion(currentUserID == userID ? .success(()) : .failure(.accountSwitchRequiresLogout))
            return
        }
        guard manager.getLoginStatus() != .V2TIM_STATUS_LOGINING else {
            completion(.failure(.loginAlreadyInProgress))
            return
        }
        manager.login(userID: userID, userSig: userSig, succ: {
            completion(.success(()))
        }, fail: { code, message in
            completion(.failure(.sdk(code: Int(code), message: message)))
        })
    }

    // V2 Swift SDK: app lifecycle style; an escaping closure handed over as the success block.
    func logout(completion: @escaping () -> Void) {
        guard manager.getLoginUser() != nil else {
            completion()
            return
        }
        manager.logout(succ: completion, fail: { _, _ in completion() })
        use(manager.getLoginStatus() == .V2TIM_STATUS_LOGOUT)
    }
}

enum V2SwiftSDKError: Error {
    case accountSwitchRequiresLogout
    case loginAlreadyInProgress
    case sdk(code: Int, message: String?)
}

enum V2SwiftSDKStyle {
    // V2 Swift SDK: SwiftUI model style; the first page through `shared`, trailing closures.
    static func requestConversationList(into sink: @escaping ([Any]) -> Void) {
        V2TIMManager.shared.getConversationList(nextSeq: 0, count: 50) { list, nextSeq, isFinished in
            sink([list as Any, nextSeq, isFinished])
        } fail: { code, desc in
            use(code, desc)
        }
    }

    // V2 Swift SDK: model mapping style; `V2TIM_` conversation types compared inline.
    static func kind(of conv: V2TIMConversation?) -> Int {
        guard let conv = conv else { return 0 }
        use(conv.conversationID, conv.userID, conv.groupID, conv.groupType, conv.showName, conv.faceUrl)
        return conv.type == .V2TIM_C2C ? 1 : conv.type == .V2TIM_GROUP ? 2 : 0
    }

    // V2 Swift SDK: model mapping style; `V2TIM_` element types in a switch, optional chaining on IDs.
    static func summary(of msg: V2TIMMessage?) -> String {
        guard let msg = msg else { return "" }
        let isGroupMsg = msg.userID?.isEmpty
        use(msg.msgID, msg.isSelf, msg.sender, msg.timestamp, isGroupMsg)
        switch msg.elemType {
        case .V2TIM_ELEM_TYPE_TEXT:
            return msg.textElem?.text ?? ""
        case .V2TIM_ELEM_TYPE_CUSTOM:
            return String(data: msg.customElem?.data ?? Data(), encoding: .utf8) ?? ""
        default:
            return ""
        }
    }

    // V2 Swift SDK: chat cell style; the resend button shown for failed messages.
    static func showsResend(_ originMessage: V2TIMMessage?) -> Bool {
        return originMessage?.status == .V2TIM_MSG_STATUS_SEND_FAIL
    }

    // V2 Swift SDK: conversation row style; everything read through optional chaining.
    static func rowText(_ model: V2TIMConversation) -> String {
        let date = model.lastMessage?.timestamp
        if model.lastMessage?.elemType == .V2TIM_ELEM_TYPE_TEXT {
            return (model.showName ?? "") + (model.lastMessage?.textElem?.text ?? "")
        }
        use(date, model.userID ?? "", model.faceUrl ?? "")
        return model.showName ?? ""
    }

    // V2 Swift SDK: adapter style; the element chain walked through the common element base class.
    static func elements(of message: V2TIMMessage) -> [String] {
        var texts: [String] = []
        var element: V2TIMElem? = message.textElem
        if element == nil {
            element = message.customElem
        }
        if let current = element {
            if let text = current as? V2TIMTextElem, let value = text.text {
                texts.append(value)
            } else if let custom = current as? V2TIMCustomElem, let data = custom.data {
                texts.append(String(decoding: data, as: UTF8.self))
            }
        }
        return texts
    }
}

/// V2 Swift SDK: SwiftUI model style; a plain Swift class (no NSObject) adopting the SDK listener with
/// the Swift SDK's labelled, non-optional spellings.
final class V2SwiftSDKMessageModel: V2TIMSDKListener, V2TIMAdvancedMsgListener {
    private(set) var received: [String] = []

    // V2 Swift SDK: the message listener added through `shared`.
    func start() {
        V2TIMManager.shared.addIMSDKListener(listener: self)
        V2TIMManager.shared.addAdvancedMsgListener(listener: self)
    }

    func onConnecting() { use("connecting") }
    func onConnectSuccess() { use("connected") }
    func onConnectFailed(code: Int32, err: String) { use(code, err) }
    func onKickedOffline() { received.removeAll() }
    func onUserSigExpired() { received.removeAll() }
    func onSelfInfoUpdated(info: V2TIMUserFullInfo) { use(info) }
    func onRecvNewMessage(msg: V2TIMMessage) {
        if msg.elemType == .V2TIM_ELEM_TYPE_TEXT {
            received.append(msg.textElem?.text ?? "")
        }
    }
}
