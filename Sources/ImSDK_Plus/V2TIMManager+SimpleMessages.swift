import Foundation

/// The simple send calls of `V2TIMManager.h` and the listener names Swift gave the 5.x-8.x headers
/// without `NS_SWIFT_NAME`; each is the general call underneath.
extension V2TIMManager {
    /// Sends a C2C text message to `userID`; returns its ID (nil when the call fails at once, which
    /// `fail` hears).
    /// - Errors: as
    ///   `sendMessage(message:receiver:groupID:priority:onlineUserOnly:offlinePushInfo:progress:succ:fail:)`
    ///   (6017 for a nil or empty `userID`).
    @discardableResult
    public func sendC2CTextMessage(
        text: String!, to userID: String!, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) -> String! {
        sendMessage(message: createTextMessage(text: text ?? ""), receiver: userID, groupID: nil,
                    priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: nil,
                    succ: succ, fail: fail)
    }

    /// Sends a C2C custom message carrying `customData` to `userID`; returns its ID.
    /// - Errors: as
    ///   `sendMessage(message:receiver:groupID:priority:onlineUserOnly:offlinePushInfo:progress:succ:fail:)`
    ///   (6017 for a nil or empty `userID`).
    @discardableResult
    public func sendC2CCustomMessage(
        customData: Data!, to userID: String!, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) -> String! {
        sendMessage(message: createCustomMessage(data: customData ?? Data()), receiver: userID, groupID: nil,
                    priority: .PRIORITY_DEFAULT, onlineUserOnly: false, offlinePushInfo: nil, progress: nil,
                    succ: succ, fail: fail)
    }

    /// Sends a group text message to `groupID`; returns its ID. The priority is accepted and has no effect.
    /// - Errors: as
    ///   `sendMessage(message:receiver:groupID:priority:onlineUserOnly:offlinePushInfo:progress:succ:fail:)`
    ///   (6017 for a nil or empty `groupID`).
    @discardableResult
    public func sendGroupTextMessage(
        text: String!, to groupID: String!, priority: V2TIMMessagePriority, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) -> String! {
        sendMessage(message: createTextMessage(text: text ?? ""), receiver: nil, groupID: groupID,
                    priority: priority, onlineUserOnly: false, offlinePushInfo: nil, progress: nil,
                    succ: succ, fail: fail)
    }

    /// Sends a group custom message to `groupID`; returns its ID.
    /// - Errors: as
    ///   `sendMessage(message:receiver:groupID:priority:onlineUserOnly:offlinePushInfo:progress:succ:fail:)`
    ///   (6017 for a nil or empty `groupID`).
    @discardableResult
    public func sendGroupCustomMessage(
        customData: Data!, to groupID: String!, priority: V2TIMMessagePriority, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) -> String! {
        sendMessage(message: createCustomMessage(data: customData ?? Data()), receiver: nil, groupID: groupID,
                    priority: priority, onlineUserOnly: false, offlinePushInfo: nil, progress: nil,
                    succ: succ, fail: fail)
    }

    /// A custom message carrying `data`, with a description and an extension (the vendor's headers:
    /// for offline push, which this package does not have): the message carries both to its
    /// receivers, whose `customElem` shows them as `desc` and `extension`.
    public func createCustomMessage(data: Data!, desc: String?, ext: String?) -> V2TIMMessage! {
        let message = V2TIMMessage()
        message.setContent(.custom(data ?? Data(), desc: desc, ext: ext))
        return message
    }

    /// `createCustomMessage(data:desc:ext:)` as Swift imported it without `NS_SWIFT_NAME`.
    @available(*, deprecated, renamed: "createCustomMessage(data:desc:ext:)")
    public func createCustomMessage(_ data: Data!, desc: String!, extension: String!) -> V2TIMMessage! {
        createCustomMessage(data: data, desc: desc, ext: `extension`)
    }

    /// `initSDK(_:config:)` as the vendor's Swift-native SDK labels it; false as there (no code).
    @discardableResult
    public func initSDK(sdkAppID: Int32, config: V2TIMSDKConfig?) -> Bool {
        initSDK(sdkAppID, config: config)
    }
}

/// Pre-annotation names (5.x-8.x headers without `NS_SWIFT_NAME`).
extension V2TIMManager {
    /// `sendC2CTextMessage(text:to:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `sendC2CTextMessage(text:to:succ:fail:)`.
    @available(*, deprecated, renamed: "sendC2CTextMessage(text:to:succ:fail:)")
    @_disfavoredOverload
    @discardableResult
    public func sendC2CTextMessage(_ text: String!, to userID: String!, succ: V2TIMSucc?, fail: V2TIMFail?) -> String! {
        sendC2CTextMessage(text: text, to: userID, succ: succ, fail: fail)
    }

    /// `sendC2CCustomMessage(customData:to:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `sendC2CCustomMessage(customData:to:succ:fail:)`.
    @available(*, deprecated, renamed: "sendC2CCustomMessage(customData:to:succ:fail:)")
    @_disfavoredOverload
    @discardableResult
    public func sendC2CCustomMessage(_ customData: Data!, to userID: String!, succ: V2TIMSucc?, fail: V2TIMFail?) -> String! {
        sendC2CCustomMessage(customData: customData, to: userID, succ: succ, fail: fail)
    }

    /// `sendGroupTextMessage(text:to:priority:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `sendGroupTextMessage(text:to:priority:succ:fail:)`.
    @available(*, deprecated, renamed: "sendGroupTextMessage(text:to:priority:succ:fail:)")
    @_disfavoredOverload
    @discardableResult
    public func sendGroupTextMessage(
        _ text: String!, to groupID: String!, priority: V2TIMMessagePriority, succ: V2TIMSucc?, fail: V2TIMFail?
    ) -> String! {
        sendGroupTextMessage(text: text, to: groupID, priority: priority, succ: succ, fail: fail)
    }

    /// `sendGroupCustomMessage(customData:to:priority:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `sendGroupCustomMessage(customData:to:priority:succ:fail:)`.
    @available(*, deprecated, renamed: "sendGroupCustomMessage(customData:to:priority:succ:fail:)")
    @_disfavoredOverload
    @discardableResult
    public func sendGroupCustomMessage(
        _ customData: Data!, to groupID: String!, priority: V2TIMMessagePriority, succ: V2TIMSucc?, fail: V2TIMFail?
    ) -> String! {
        sendGroupCustomMessage(customData: customData, to: groupID, priority: priority, succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "createCustomMessage(data:)")
    @_disfavoredOverload
    public func createCustomMessage(_ data: Data!) -> V2TIMMessage! {
        createCustomMessage(data: data ?? Data())
    }

    /// `addIMSDKListener(listener:)` as Swift imported it without `NS_SWIFT_NAME`.
    @available(*, deprecated, renamed: "addIMSDKListener(listener:)")
    public func add(_ listener: V2TIMSDKListener!) {
        addIMSDKListener(listener: listener)
    }

    /// `removeIMSDKListener(listener:)` as Swift imported it without `NS_SWIFT_NAME`.
    @available(*, deprecated, renamed: "removeIMSDKListener(listener:)")
    public func remove(_ listener: V2TIMSDKListener!) {
        removeIMSDKListener(listener: listener)
    }

    /// `addAdvancedMsgListener(listener:)` as Swift imported it without `NS_SWIFT_NAME` (5.0).
    @available(*, deprecated, renamed: "addAdvancedMsgListener(listener:)")
    public func add(_ listener: V2TIMAdvancedMsgListener!) {
        addAdvancedMsgListener(listener: listener)
    }

    /// `removeAdvancedMsgListener(listener:)` as Swift imported it without `NS_SWIFT_NAME` (5.0).
    @available(*, deprecated, renamed: "removeAdvancedMsgListener(listener:)")
    public func remove(_ listener: V2TIMAdvancedMsgListener!) {
        removeAdvancedMsgListener(listener: listener)
    }

    /// `add(_:)` for an object that is both an SDK and a message listener, which the two `add(_:)`
    /// above would leave ambiguous: code written against headers where only one of the two calls
    /// was `add(_:)` (the message listener's in 5.0, the SDK listener's once the other had a Swift
    /// name) compiled there, and means one of the two. It is added as both (adding one twice has
    /// no effect), so that whichever was meant, it is called.
    @available(*, deprecated, message: "use addIMSDKListener(listener:) and addAdvancedMsgListener(listener:)")
    public func add(_ listener: (V2TIMSDKListener & V2TIMAdvancedMsgListener)!) {
        addIMSDKListener(listener: listener)
        addAdvancedMsgListener(listener: listener)
    }

    /// `remove(_:)` for an object that is both an SDK and a message listener: removed as both (see
    /// the `add(_:)` above).
    @available(*, deprecated, message: "use removeIMSDKListener(listener:) and removeAdvancedMsgListener(listener:)")
    public func remove(_ listener: (V2TIMSDKListener & V2TIMAdvancedMsgListener)!) {
        removeIMSDKListener(listener: listener)
        removeAdvancedMsgListener(listener: listener)
    }
}

/// A user's profile, as `V2TIMSDKListener.onSelfInfoUpdated` would hand it. User profiles are not
/// part of this package yet: the SDK makes one only as the revoker of a message
/// (`V2TIMMessage.revokerInfo`, `onRecvMessageRevoked(msgID:operateUser:reason:)`), with the
/// `userID` alone; the type exists so listeners naming it compile.
open class V2TIMUserInfo: NSObject {
    public internal(set) var userID: String!
    public var nickName: String!
    public var faceURL: String!

    public override init() {}

    init(userID: String) {
        self.userID = userID
        super.init()
    }
}

/// A group member, as `V2TIMSimpleMsgListener`'s group methods hand the sender: group membership
/// is not part of this package, so it shows the `userID` alone.
open class V2TIMGroupMemberInfo: NSObject {
    /// Settable, as in the headers (`V2TIMUserInfo.userID` is read-only there).
    public var userID: String!
    public var nickName: String!
    public var friendRemark: String!
    public var nameCard: String!
    public var faceURL: String!

    public override init() {}

    init(userID: String) {
        self.userID = userID
        super.init()
    }
}

/// A user's full profile (see `V2TIMUserInfo`).
open class V2TIMUserFullInfo: V2TIMUserInfo {
    public var selfSignature: String!

    public override init() {
        super.init()
    }
}
