import Foundation
import IMCore
import IMTransportKit

/// A message as the V2 API shows it: an open `NSObject` subclass with implicitly unwrapped object
/// properties, as code of every header generation reads them.
///
/// Made by `createTextMessage(text:)` before sending (the SDK fills in `msgID`, `seq`, `timestamp`
/// and `status` as it sends), or handed out by the SDK for received and stored messages.
/// - Thread safety: like the vendor's object, not synchronised and not `Sendable`. `sendMessage`
///   writes `msgID`, `sender`, `isSelf` and `status` on the caller's thread before it returns, and
///   the sent state (`seq`, `timestamp`, status) on the callback queue before `succ` or `fail`; read
///   a message being sent from the callback queue.
///
/// Its stored properties skip Swift's dynamic exclusivity checks (`@exclusivity(unchecked)`), as
/// `V2TIMConversation`'s do, for the same reason: each page of the list makes 50 of them.
open class V2TIMMessage: NSObject {
    /// The unique message ID.
    @exclusivity(unchecked) public internal(set) var msgID: String!
    /// Server time once sent.
    @exclusivity(unchecked) public internal(set) var timestamp: Date!
    /// The sender's user ID.
    @exclusivity(unchecked) public internal(set) var sender: String!
    /// The sender's nickname, my friend remark for them and their face URL: for a C2C message from
    /// the peer, the peer's profile as the conversation shows it; nil for my own messages and group
    /// messages (user profiles and group members are not part of this package).
    @exclusivity(unchecked) public internal(set) var nickName: String!
    @exclusivity(unchecked) public internal(set) var friendRemark: String!
    @exclusivity(unchecked) public internal(set) var faceURL: String!
    /// The sender's name card in a group: nil (group members are not part of this package).
    @exclusivity(unchecked) public internal(set) var nameCard: String!
    /// The peer of a C2C message (the other party, whoever sent it).
    @exclusivity(unchecked) public internal(set) var userID: String!
    /// The group of a group message.
    @exclusivity(unchecked) public internal(set) var groupID: String!
    /// The server sequence inside its conversation (0 until sent).
    @exclusivity(unchecked) public internal(set) var seq: UInt64 = 0
    /// A random number chosen by the sender.
    @exclusivity(unchecked) public internal(set) var random: UInt64 = 0
    /// Sending, sent, failed, ...
    @exclusivity(unchecked) public internal(set) var status: V2TIMMessageStatus = .MSG_STATUS_SENDING
    /// Whether I sent it.
    @exclusivity(unchecked) public internal(set) var isSelf = false
    /// Whether I have read it (my own messages are always read).
    @exclusivity(unchecked) public internal(set) var isRead = false
    /// Whether the peer has read it: a C2C message I sent, at or before the point the peer's latest
    /// read receipt names (the peer marked the conversation read up to it, on any device). Always
    /// false for others' messages and group messages. A snapshot: a later receipt
    /// (`onRecvC2CReadReceipt`) does not change an object handed out before it.
    @exclusivity(unchecked) public internal(set) var isPeerRead = false
    /// The users an @-message mentions (`kImSDK_MesssageAtALL` for everyone).
    @exclusivity(unchecked) public internal(set) var groupAtUserList: [String]!
    /// The type of the first element.
    @exclusivity(unchecked) public internal(set) var elemType: V2TIMElemType = .ELEM_TYPE_NONE
    /// The text element of a text message.
    @exclusivity(unchecked) public internal(set) var textElem: V2TIMTextElem!
    /// The custom element of a custom message.
    @exclusivity(unchecked) public internal(set) var customElem: V2TIMCustomElem!
    /// The location element of a location message (`createLocationMessage`).
    @exclusivity(unchecked) public internal(set) var locationElem: V2TIMLocationElem!
    /// The face element of a face message (`createFaceMessage`).
    @exclusivity(unchecked) public internal(set) var faceElem: V2TIMFaceElem!
    /// Set before sending: the message does not count as unread for the receivers.
    @exclusivity(unchecked) public var isExcludedFromUnreadCount = false
    /// Set before sending: the message does not become the conversation's last message.
    @exclusivity(unchecked) public var isExcludedFromLastMessage = false
    /// Data the app attaches before sending, which the server keeps with the message: every
    /// receiver, every device of the sender and the cloud history hand it out (apps keep JSON
    /// here, a reply's quote for one); nil when none. Setting it on a message received or sent
    /// changes only this object.
    @exclusivity(unchecked) public var cloudCustomData: Data!
    /// Set before sending: the receivers may tell me they read it (`sendMessageReadReceipts`), and
    /// I hear of it (`onRecvMessageReadReceipts`) and can ask (`getMessageReadReceipts`,
    /// `getGroupMessageReadMemberList`). Received and stored messages show it as their sender set
    /// it. Not in groups of type `AVChatRoom` or `Community`, whose receipts fail (7013).
    @exclusivity(unchecked) public var needReadReceipt = false
    /// Whether the cloud's content moderation found risky content in it (7.x; conversation lists
    /// show such a last message masked): always false, as no moderation runs here.
    public var hasRiskContent: Bool { false }
    /// Set before sending: the message skips the cloud's content moderation (7.1; TUIKit sets it on
    /// its typing notices). Kept on this object: no moderation runs here.
    @exclusivity(unchecked) public var isExcludedFromContentModeration = false
    /// Set before sending: the cloud's moderation configuration to apply (7.8). Kept on this
    /// object, as the vendor keeps it out of the history: no moderation runs here.
    @exclusivity(unchecked) public var customModerationConfigurationID: String!
    /// Set before sending: skip the cloud's callbacks before and after the send (8.1). Kept on
    /// this object: the server here has no callbacks.
    @exclusivity(unchecked) public var disableCloudMessagePreHook = false
    @exclusivity(unchecked) public var disableCloudMessagePostHook = false
    /// Set before sending: whether the message supports message extensions (6.7). Kept on this
    /// object: message extensions are not part of this package (their calls do not exist).
    @exclusivity(unchecked) public var supportMessageExtension = false
    /// Whether it is an `AVChatRoom` broadcast (6.5): always false, as there are no broadcasts here.
    public var isBroadcastMessage: Bool { false }
    /// The priority its sender chose (the header: valid for messages from `onRecvNewMessage`
    /// only): always `PRIORITY_DEFAULT`, as `sendMessage`'s priority does not travel here.
    public var priority: V2TIMMessagePriority { .PRIORITY_DEFAULT }
    /// The offline push settings it was sent with: always nil, as there is no offline push here.
    public var offlinePushInfo: V2TIMOfflinePushInfo! { nil }
    /// Who revoked it, for a revoked message (status `MSG_STATUS_LOCAL_REVOKED`; its sender, who is
    /// the only one who may revoke here); nil otherwise. Only `userID` is filled in.
    @exclusivity(unchecked) public internal(set) var revokerInfo: V2TIMUserFullInfo!
    /// Why it was revoked: nil (a revoke here gives no reason).
    @exclusivity(unchecked) public internal(set) var revokeReason: String!
    /// The content of an element type this package does not read (an image, ..., from another
    /// server), carried whole: a forward of the message sends it again.
    private var opaqueContent: MessageContent?
    /// The stored message this object shows, once the SDK made or sent it (for the legacy adapter).
    @exclusivity(unchecked) package private(set) var core: Message?

    /// An empty message; use the `create...Message` methods to make one to send.
    public override init() {}

    /// The V2 view of `message`, read as the conversation's cursor (`readSeq`) and the peer's read
    /// point (`peerRead`, C2C) say; `profile` is its conversation's (the sender's, for a C2C
    /// message from the peer).
    package init(
        _ message: Message, selfUserID: String, readSeq: UInt64, peerRead: PeerReadPoint = .none,
        profile: ConversationProfile? = nil
    ) {
        // Every property before `super.init()`, into the object being made.
        let isMine = message.sender.isSameID(as: selfUserID)
        core = message
        msgID = message.id
        timestamp = message.seq == 0 && message.status == .sending
            ? nil : Date(timeIntervalSince1970: TimeInterval(message.timestamp))
        sender = message.sender
        switch message.receiver {
        case .user(let receiver):
            userID = isMine ? receiver : message.sender
            if !isMine, let profile {
                (nickName, friendRemark, faceURL) = (profile.name, profile.remark, profile.faceURL)
            }
        case .group(let group): groupID = group
        }
        seq = message.seq
        random = UInt64(message.random)
        status = V2TIMMessage.status(of: message)
        isSelf = isMine
        isRead = message.isRead(by: selfUserID, readSeq: readSeq)
        isPeerRead = message.isPeerRead(by: selfUserID, peerRead: peerRead)
        if message.isRevoked {
            let revoker = V2TIMUserFullInfo()
            revoker.userID = message.sender
            revokerInfo = revoker
        }
        var atList = message.atUserIDs
        if message.atAll { atList.append(kImSDK_MesssageAtALL) }
        groupAtUserList = atList.isEmpty ? nil : atList
        elemType = Self.elementType(of: message.content)
        switch message.content {
        case .text(let text): textElem = V2TIMTextElem(text: text)
        case .custom: customElem = Self.customElement(of: message.content)
        case .other: (locationElem, faceElem, opaqueContent) = Self.otherElements(of: message.content)
        }
        isExcludedFromUnreadCount = message.isExcludedFromUnreadCount
        isExcludedFromLastMessage = message.isExcludedFromLastMessage
        cloudCustomData = message.cloudCustomData
        needReadReceipt = message.needReadReceipt
        super.init()
    }

    /// The V2 view of `message`, read as `conversation` (its conversation as the store holds it;
    /// nil: none, so nothing of it is read) says: its read cursor, the peer's read point, its profile.
    package convenience init(_ message: Message, selfUserID: String, in conversation: Conversation?) {
        self.init(
            message, selfUserID: selfUserID, readSeq: conversation?.readSeq ?? 0,
            peerRead: conversation?.peerRead ?? .none, profile: conversation?.profile)
    }

    func setContent(_ content: MessageContent) {
        elemType = Self.elementType(of: content)
        textElem = content.text.map(V2TIMTextElem.init(text:))
        customElem = Self.customElement(of: content)
        (locationElem, faceElem, opaqueContent) = Self.otherElements(of: content)
    }

    /// The element type of `content`.
    static func elementType(of content: MessageContent) -> V2TIMElemType {
        switch content {
        case .text: return .ELEM_TYPE_TEXT
        case .custom: return .ELEM_TYPE_CUSTOM
        case .other(let type, _): return V2TIMElemType(rawValue: Int(type)) ?? .ELEM_TYPE_NONE
        }
    }

    private static func customElement(of content: MessageContent) -> V2TIMCustomElem? {
        guard case .custom(let data, let desc, let ext) = content else { return nil }
        let elem = V2TIMCustomElem(data: data)
        (elem.desc, elem.extension) = (desc, ext)
        return elem
    }

    /// The location or face element that shows `content` (an element of that type whose payload
    /// does not read shows as an empty element of its type, never as none), or the content itself
    /// when it is of another type, carried whole.
    private static func otherElements(of content: MessageContent) -> (V2TIMLocationElem?, V2TIMFaceElem?, MessageContent?) {
        guard case .other(let type, _) = content else { return (nil, nil, nil) }
        switch type {
        case MessageContent.locationType:
            let location = content.location ?? MessageContent.Location(desc: nil, longitude: 0, latitude: 0)
            return (V2TIMLocationElem(desc: location.desc, longitude: location.longitude, latitude: location.latitude), nil, nil)
        case MessageContent.faceType:
            let face = content.face ?? MessageContent.Face(index: 0, data: nil)
            return (nil, V2TIMFaceElem(index: face.index, data: face.data), nil)
        default:
            return (nil, nil, content)
        }
    }

    /// The content to send, from the elements (as the app may have edited them).
    var content: MessageContent? {
        if let text = textElem?.text { return .text(text) }
        if let custom = customElem, let data = custom.data { return .custom(data, desc: custom.desc, ext: custom.extension) }
        if let location = locationElem {
            return .location(.init(desc: location.desc, longitude: location.longitude, latitude: location.latitude))
        }
        if let face = faceElem { return .face(.init(index: face.index, data: face.data)) }
        return opaqueContent
    }

    /// Takes over the state of the stored message after a send (`online`: an online message, sent
    /// with sequence 0 and stored nowhere, which is no local import).
    func update(from message: Message, selfUserID: String, online: Bool = false) {
        core = message
        msgID = message.id
        seq = message.seq
        timestamp = Date(timeIntervalSince1970: TimeInterval(message.timestamp))
        status = online ? .MSG_STATUS_SEND_SUCC : V2TIMMessage.status(of: message)
        sender = message.sender
        isSelf = message.sender.isSameID(as: selfUserID)
        isRead = true
    }

    /// Takes over the state of the stored message after a change made on this device
    /// (`modifyMessage`): its content and cloud data as the server keeps them.
    func takeModified(_ modified: Message) {
        core = modified
        setContent(modified.content)
        cloudCustomData = modified.cloudCustomData
    }

    /// Takes over the state of the stored message after a revoke made on this device.
    func takeRevoked(_ revoked: Message) {
        core = revoked
        status = .MSG_STATUS_LOCAL_REVOKED
        let revoker = V2TIMUserFullInfo()
        revoker.userID = revoked.sender
        revokerInfo = revoker
    }

    /// The status `message` shows: `MSG_STATUS_LOCAL_IMPORTED` for a message inserted into or
    /// imported to local storage (never sent), else its delivery status.
    static func status(of message: Message) -> V2TIMMessageStatus {
        message.isLocalImport ? .MSG_STATUS_LOCAL_IMPORTED : status(message.status)
    }

    static func status(_ status: MessageDeliveryStatus) -> V2TIMMessageStatus {
        switch status {
        case .sending: return .MSG_STATUS_SENDING
        case .sent: return .MSG_STATUS_SEND_SUCC
        case .failed: return .MSG_STATUS_SEND_FAIL
        case .deleted: return .MSG_STATUS_HAS_DELETED
        case .revoked: return .MSG_STATUS_LOCAL_REVOKED
        }
    }
}

/// The base of message elements.
open class V2TIMElem: NSObject {
    public override init() {}

    /// The next element of the message (`nextElem`): nil, since a message here carries one
    /// element (`V2TIMMessage.elemType` says which), so a walk of its elements ends after the first.
    open func next() -> V2TIMElem! { nil }
}

/// A text element.
open class V2TIMTextElem: V2TIMElem {
    /// The text.
    public var text: String!

    public init(text: String?) {
        self.text = text
        super.init()
    }

    public override init() {}
}

/// A custom (opaque data) element.
open class V2TIMCustomElem: V2TIMElem {
    /// The data.
    public var data: Data!
    /// The description (the vendor's headers: the text of an offline push; the message carries it
    /// to its receivers).
    public var desc: String!
    /// The extension (the vendor's headers: the extension of an offline push), carried like `desc`.
    public var `extension`: String!
    /// `extension` under the name the current headers give it (`NS_SWIFT_NAME(ext)`); the same
    /// property.
    public var ext: String! {
        get { `extension` }
        set { `extension` = newValue }
    }

    public init(data: Data?) {
        self.data = data
        super.init()
    }

    public override init() {}
}

/// A location element (`createLocationMessage(desc:longitude:latitude:)`): a description and a
/// point, passed through as given.
open class V2TIMLocationElem: V2TIMElem {
    /// The description of the place.
    public var desc: String!
    /// Longitude and latitude, in degrees.
    public var longitude: Double = 0
    public var latitude: Double = 0

    public init(desc: String?, longitude: Double, latitude: Double) {
        self.desc = desc
        self.longitude = longitude
        self.latitude = latitude
        super.init()
    }

    public override init() {}
}

/// A face (sticker) element (`createFaceMessage(index:data:)`): an index and data, both the app's
/// own; the SDK only passes them through.
open class V2TIMFaceElem: V2TIMElem {
    /// The face's index (in the app's face packs).
    public var index: Int32 = 0
    /// Data the app attaches (TUIKit: the face's name, UTF-8).
    public var data: Data!

    public init(index: Int32, data: Data?) {
        self.index = index
        self.data = data
        super.init()
    }

    public override init() {}
}

/// Offline push settings for `sendMessage`; accepted and ignored (there is no offline push here).
///
/// Every setting of the 8.7 header is here, so code that fills them in (TUIKit sets the Android
/// channels) compiles; none is sent anywhere.
open class V2TIMOfflinePushInfo: NSObject {
    public var title: String!
    public var desc: String!
    public var ext: String!
    public var disablePush = false
    public var iOSPushType: V2TIMIOSOfflinePushType = .APNS
    public var ignoreIOSBadge = false
    public var iOSSound: String!
    public var iOSInterruptionLevel: String!
    public var enableIOSBackgroundNotification = false
    public var iOSImage: String!
    // The header's `AndroidSound`, ...: Swift's import lowers the first word.
    public var androidSound: String!
    public var androidOPPOChannelID: String!
    public var androidFCMChannelID: String!
    public var androidXiaoMiChannelID: String!
    public var androidVIVOClassification = 0
    public var androidVIVOCategory: String!
    public var androidHuaWeiCategory: String!
    public var androidOPPOCategory: String!
    public var androidOPPONotifyLevel = 0
    public var androidHonorImportance: String!
    public var androidMeizuNotifyType = 0
    public var androidHuaWeiImage: String!
    public var androidHonorImage: String!
    public var androidFCMImage: String!
    public var harmonyImage: String!
    public var harmonyCategory: String!
    public var ignoreHarmonyBadge = false

    public override init() {}
}
