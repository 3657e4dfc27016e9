import Foundation
import IMTransportKit
import TIMAdapter

/// The base class of message elements.
open class TIMElem: NSObject {
    public override init() {}
}

/// A text element.
open class TIMTextElem: TIMElem {
    /// The text.
    public var text: String!

    public override init() {}
}

/// A custom element: opaque data.
open class TIMCustomElem: TIMElem {
    /// The data.
    public var data: Data!
    /// The description (the vendor's headers: for offline push; the message carries it to its
    /// receivers, and V2 shows it as `V2TIMCustomElem.desc`).
    public var desc: String!
    /// The extension (V2: `V2TIMCustomElem.extension`), carried like `desc`.
    public var ext: String!
    /// The push sound: kept on this object only (this package has no offline push).
    public var sound: String!

    public override init() {}
}

/// A location element: a description and a point (degrees), passed through as given. V2 shows it
/// as `V2TIMLocationElem`.
open class TIMLocationElem: TIMElem {
    /// The description of the place.
    public var desc: String!
    public var latitude: Double = 0
    public var longitude: Double = 0

    public override init() {}
}

/// A face (sticker) element: an index and data, both the app's own, passed through. V2 shows it
/// as `V2TIMFaceElem`.
open class TIMFaceElem: TIMElem {
    public var index: Int32 = 0
    public var data: Data!

    public override init() {}
}

/// A group tips element (group events). This package has no group management, so the SDK never
/// makes one; the type exists so that code naming it (`TIMGroupEventListener` implementations) compiles.
open class TIMGroupTipsElem: TIMElem {
    /// The group.
    public var group: String!

    public override init() {}
}

/// Where a message sits: its conversation, sequence, random and time.
open class TIMMessageLocator: NSObject {
    public var msgId: String!
    public var sessId: String!
    public var sessType: TIMConversationType = .C2C
    /// The message's sequence in its conversation (the only place the legacy API exposes it).
    public var seq: UInt64 = 0
    public var rand: UInt64 = 0
    public var time: Int = 0
    public var isSelf = false
    /// Whether the locator came from a revoke notice (`TIMMessageRevokeListener.onRevokeMessage`).
    public var isFromRevokeNotify = false

    public override init() {}
}

/// A read receipt (`TIMMessageReceiptListener`): the peer of a C2C conversation read it.
open class TIMMessageReceipt: NSObject {
    /// The conversation the receipt is for (C2C, with the peer who read).
    public var conversation: TIMConversation!
    /// The peer read every message sent up to this time (server time, seconds).
    public var timestamp: Int = 0

    public override init() {}
}

/// An unread @-mention in a group conversation.
open class TIMGroupAtInfo: NSObject {
    /// The sequence of the message that mentioned.
    public var seq: UInt64 = 0
    /// What it mentioned.
    public var atType: TIMGroupAtType = .AT_ME

    public override init() {}
}

/// A message: built with `TIMMessage()` and `add(_:)` to send, or handed out by the SDK.
///
/// Read state is not stored in the message: `isReaded()` asks the conversation's read cursor now.
/// Its methods report no vendor error codes: a status of 1 or a `false` result says what failed
/// (see each); none talks to the server.
/// - Thread safety: like the vendor's object, not synchronised.
open class TIMMessage: NSObject {
    /// The elements of a message being built.
    private var elems = ElementList()
    /// The stored message, once the SDK made, sent or received it.
    var stored: Message?
    /// The conversation, once known.
    var conversationID: ConversationID?
    /// The user whose conversation it is in (whose handle `getConversation()` gives), once known.
    var owner: String?
    /// Set with `setPriority(_:)`.
    private var priority = TIMMessagePriority.MSG_PRIORITY_NORMAL

    public override init() {}

    /// Sets the message's priority before sending (the vendor's server delivers high-priority group
    /// messages first under load): kept on the message; delivery here does not depend on it.
    public func setPriority(_ priority: TIMMessagePriority) {
        self.priority = priority
    }

    /// The priority set with `setPriority(_:)` (`MSG_PRIORITY_NORMAL` until then).
    public func getPriority() -> TIMMessagePriority { priority }

    init(_ message: Message, selfUserID: String) {
        super.init()
        stored = message
        conversationID = message.conversationID(selfUserID: selfUserID)
        owner = selfUserID
        _ = elems.add(TIMMessage.elem(for: message.content))  // never fails: the element is not nil
    }

    private static func elem(for content: MessageContent) -> TIMElem {
        switch content {
        case .text(let text):
            let elem = TIMTextElem()
            elem.text = text
            return elem
        case .custom(let data, let desc, let ext):
            let elem = TIMCustomElem()
            elem.data = data
            elem.desc = desc
            elem.ext = ext
            return elem
        case .other(MessageContent.locationType, _):
            let location = content.location ?? MessageContent.Location(desc: nil, longitude: 0, latitude: 0)
            let elem = TIMLocationElem()
            (elem.desc, elem.latitude, elem.longitude) = (location.desc, location.latitude, location.longitude)
            return elem
        case .other(MessageContent.faceType, _):
            let face = content.face ?? MessageContent.Face(index: 0, data: nil)
            let elem = TIMFaceElem()
            (elem.index, elem.data) = (face.index, face.data)
            return elem
        case .other(_, let data):
            let elem = TIMCustomElem()
            elem.data = data
            return elem
        }
    }

    /// Adds an element: 0, or 1 when the message was already sent or `elem` is nil.
    @discardableResult
    public func add(_ elem: TIMElem!) -> Int32 {
        stored == nil ? elems.add(elem) : 1
    }

    /// Adds an element (the name the docs use; Swift imports it as `add(_:)`).
    @discardableResult
    public func addElem(_ elem: TIMElem!) -> Int32 { add(elem) }

    /// The element at `index`, or nil.
    public func getElem(_ index: Int32) -> TIMElem! { elems[index] }

    /// The number of elements.
    public func elemCount() -> Int32 { elems.count }

    /// The content to send: the first text, custom, location or face element.
    var content: MessageContent? {
        for elem in elems.all {
            if let text = (elem as? TIMTextElem)?.text { return .text(text) }
            if let custom = elem as? TIMCustomElem, let data = custom.data {
                return .custom(data, desc: custom.desc, ext: custom.ext)
            }
            if let location = elem as? TIMLocationElem {
                return .location(.init(desc: location.desc, longitude: location.longitude, latitude: location.latitude))
            }
            if let face = elem as? TIMFaceElem { return .face(.init(index: face.index, data: face.data)) }
        }
        return nil
    }

    /// Whether I sent it.
    public func isSelf() -> Bool {
        guard let stored else { return true }
        return LegacyBridge.shared.selfUserID.map(stored.sender.isSameID(as:)) ?? false
    }

    /// The sender's user ID.
    public func sender() -> String! { stored?.sender }

    /// The message ID.
    public func msgId() -> String! { stored?.id }

    /// Server time once sent; before that, the local time it was queued.
    public func timestamp() -> Date! {
        stored.map { Date(timeIntervalSince1970: TimeInterval($0.timestamp)) }
    }

    /// Sending, sent, failed, ...
    public func status() -> TIMMessageStatus {
        guard let stored else { return .MSG_STATUS_SENDING }
        return TIMMessageStatus(rawValue: LegacyValues.messageStatus(stored.status)) ?? .MSG_STATUS_SENDING
    }

    /// Whether I have read it: my own messages always; others' when the conversation's read cursor
    /// is at or past it (asked now, so it turns true after `setReadMessage`).
    public func isReaded() -> Bool {
        guard let stored, let conversationID else { return false }
        return LegacyBridge.shared.isRead(stored, in: conversationID)
    }

    /// Whether the peer read it (C2C, a message of mine), asked now: true once the peer's read
    /// receipt covers it. Always false while `TIMUserConfig.enableReadReceipt` is off, for others'
    /// messages and for group messages.
    public func isPeerReaded() -> Bool {
        guard let stored, let conversationID,
              TIMManager.sharedInstance().getUserConfig()?.enableReadReceipt == true else { return false }
        return LegacyBridge.shared.isPeerRead(stored, in: conversationID)
    }

    /// The conversation it belongs to, a handle of the user whose message it is.
    public func getConversation() -> TIMConversation! {
        guard let conversationID, let owner else { return nil }
        return TIMConversation(conversationID, owner: owner)
    }

    /// Whether `locator` names this message (a locator of `onRevokeMessage`, or of `locator()`):
    /// the same conversation, sequence and random, or, for a locator without a sequence, the same
    /// message ID.
    public func respondsToLocator(_ locator: TIMMessageLocator!) -> Bool {
        guard let locator, let mine = self.locator() else { return false }
        guard mine.sessType == locator.sessType, (mine.sessId ?? "").isSameID(as: locator.sessId ?? "") else {
            return false
        }
        if locator.seq == 0 { return locator.msgId.map { $0 == mine.msgId } ?? false }
        return mine.seq == locator.seq && mine.rand == locator.rand
    }

    /// Where it sits (sequence, random, time); nil before it is sent.
    public func locator() -> TIMMessageLocator! {
        guard let stored, stored.seq > 0, let conversationID else { return nil }
        let locator = TIMMessageLocator()
        locator.msgId = stored.id
        let legacy = LegacyIDs.legacy(conversationID)
        locator.sessId = legacy.receiver
        locator.sessType = TIMConversationType(rawValue: legacy.type) ?? .C2C
        locator.seq = stored.seq
        locator.rand = UInt64(stored.random)
        locator.time = Int(stored.timestamp)
        locator.isSelf = isSelf()
        return locator
    }
}

/// A draft: elements (text) and the time it was saved.
open class TIMMessageDraft: NSObject {
    private var elems = ElementList()
    private var userData: Data?
    var savedAt: Date?

    public override init() {}

    /// Adds an element: 0, or 1 when `elem` is nil.
    @discardableResult
    public func add(_ elem: TIMElem!) -> Int32 { elems.add(elem) }

    /// Adds an element (the name the docs use).
    @discardableResult
    public func addElem(_ elem: TIMElem!) -> Int32 { add(elem) }

    /// The element at `index`, or nil.
    public func getElem(_ index: Int32) -> TIMElem! { elems[index] }

    /// The number of elements.
    public func elemCount() -> Int32 { elems.count }

    /// Attaches app data (kept with this object only).
    @discardableResult
    public func setUserData(_ userData: Data!) -> Int32 {
        self.userData = userData
        return 0
    }

    /// The app data.
    public func getUserData() -> Data! { userData }

    /// When the draft was saved (nil until it is).
    public func timestamp() -> Date! { savedAt }

    /// The draft's text: its text elements joined (only text is stored, as the docs say).
    var text: String {
        elems.all.compactMap { ($0 as? TIMTextElem)?.text }.joined()
    }
}

/// The elements of a message or a draft, with the legacy status codes.
struct ElementList {
    private(set) var all: [TIMElem] = []

    /// Appends `elem`: 0, or 1 for nil.
    mutating func add(_ elem: TIMElem?) -> Int32 {
        guard let elem else { return 1 }
        all.append(elem)
        return 0
    }

    /// The element at `index`, or nil when out of range.
    subscript(index: Int32) -> TIMElem? {
        all.indices.contains(Int(index)) ? all[Int(index)] : nil
    }

    var count: Int32 { Int32(all.count) }
}
