import Foundation
import IMCore
import IMTransportKit

/// One conversation as the V2 API shows it: a snapshot taken when it was handed out.
///
/// An open `NSObject` subclass, as the vendor declares it (apps subclass it). Object-typed
/// properties are implicitly unwrapped, which accepts both the code written against the 5.x-8.x
/// headers (`conversation.lastMessage.msgID`) and against the annotated ones (`if let id =
/// conversation.conversationID`); the SDK sets `conversationID` and `showName` on every
/// conversation it hands out, and the others when they have a value.
/// - Thread safety: not changed after the SDK hands it out, so it may be passed between threads.
///
/// Its stored properties skip Swift's dynamic exclusivity checks (`@exclusivity(unchecked)`): plain
/// values the SDK sets once as it makes the object, whose checks (a runtime call per property
/// access on a class) were the largest cost of a page of 50 objects.
open class V2TIMConversation: NSObject {
    /// C2C or GROUP.
    @exclusivity(unchecked) public internal(set) var type: V2TIMConversationType = .UNKNOWN
    /// `"c2c_" + userID` or `"group_" + groupID`.
    @exclusivity(unchecked) public internal(set) var conversationID: String!
    /// The peer of a C2C conversation.
    @exclusivity(unchecked) public internal(set) var userID: String!
    /// The group of a group conversation.
    @exclusivity(unchecked) public internal(set) var groupID: String!
    /// The group's type ("Work", "Public", "Meeting", "AVChatRoom", ...).
    @exclusivity(unchecked) public internal(set) var groupType: String!
    /// C2C: friend remark, else nickname, else user ID. Group: group name, else group ID.
    @exclusivity(unchecked) public internal(set) var showName: String!
    /// The peer's or the group's face URL.
    @exclusivity(unchecked) public internal(set) var faceUrl: String!
    /// Unread messages from others.
    @exclusivity(unchecked) public internal(set) var unreadCount: Int32 = 0
    /// How messages of this conversation are received.
    @exclusivity(unchecked) public internal(set) var recvOpt: V2TIMReceiveMessageOpt = .RECEIVE_MESSAGE
    /// The newest message that is not excluded from "last message".
    @exclusivity(unchecked) public internal(set) var lastMessage: V2TIMMessage!
    /// Unread @-mentions of me or of everyone, oldest first (empty when none).
    @exclusivity(unchecked) public internal(set) var groupAtInfolist: [V2TIMGroupAtInfo]!
    /// The draft text, if one is saved (on this device, or synced when `syncsDrafts`).
    @exclusivity(unchecked) public internal(set) var draftText: String!
    /// When the draft was saved.
    @exclusivity(unchecked) public internal(set) var draftTimestamp: Date!
    /// Whether the conversation is pinned to the top.
    @exclusivity(unchecked) public internal(set) var isPinned = false
    /// Grows with activity (messages, drafts); larger keys sort first among unpinned conversations.
    @exclusivity(unchecked) public internal(set) var orderKey: UInt = 0
    /// The marks set on the conversation, one `NSNumber` per bit (empty when none; they roam).
    @exclusivity(unchecked) public internal(set) var markList: [NSNumber]!
    /// Custom data of the conversation (`setConversationCustomData`; roams); empty when none, as
    /// the vendor's SDK hands it out: its Flutter plugin reads `String(data: customData, ...)`
    /// for every conversation, which a nil would trap.
    @exclusivity(unchecked) public internal(set) var customData: Data!
    /// The names of the user's conversation groups it is in, in the groups' creation order (empty
    /// when none); they roam with the groups.
    @exclusivity(unchecked) public internal(set) var conversationGroupList: [String]!
    /// The server time (seconds) of the newest message I have read (C2C).
    @exclusivity(unchecked) public internal(set) var c2cReadTimestamp: UInt = 0
    /// The sequence of the newest message I have read (groups).
    @exclusivity(unchecked) public internal(set) var groupReadSequence: UInt = 0

    /// An empty conversation; the SDK hands out filled ones.
    public override init() {}

    /// The V2 view of conversation `id` of `manager`'s session now; nil for SYSTEM (the V2 API has
    /// no such conversation), when it does not exist, or when nobody is logged in.
    package convenience init?(_ id: ConversationID, of manager: V2TIMManager) {
        guard id.kind != .system, let client = manager.currentClient,
              let conversation = client.read({ $0.conversation(id) }) else { return nil }
        self.init(conversation, selfUserID: client.userID)
    }

    /// Every property is set before `super.init()`, into the object being made.
    package init(_ conversation: Conversation, selfUserID: String) {
        let id = conversation.id
        let profile = conversation.profile
        conversationID = id.stringForm
        switch id.kind {
        case .c2c:
            type = .C2C
            userID = id.target
            showName = profile.remark.nonEmpty ?? profile.name.nonEmpty ?? id.target
        case .group:
            type = .GROUP
            groupID = id.target
            groupType = profile.groupType
            showName = profile.name.nonEmpty ?? id.target
        case .system:
            type = .UNKNOWN
        }
        faceUrl = profile.faceURL
        unreadCount = Int32(clamping: conversation.unreadCount)
        recvOpt = V2TIMReceiveMessageOpt(rawValue: Int(conversation.receiveOption.rawValue)) ?? .RECEIVE_MESSAGE
        lastMessage = conversation.lastMessage.map {
            V2TIMMessage(
                $0, selfUserID: selfUserID, readSeq: conversation.readSeq, peerRead: conversation.peerRead, profile: profile)
        }
        groupAtInfolist = conversation.groupAtInfos.map(V2TIMGroupAtInfo.init)
        draftText = conversation.draft?.text
        draftTimestamp = conversation.draft.map { Date(timeIntervalSince1970: TimeInterval($0.timestamp)) }
        isPinned = conversation.isPinned
        orderKey = UInt(truncatingIfNeeded: conversation.orderKey)
        let marks = conversation.marks.rawValue
        markList = marks == 0 ? [] : (0..<64).compactMap { bit in
            marks & (1 << UInt64(bit)) != 0 ? NSNumber(value: UInt64(1) << UInt64(bit)) : nil
        }
        customData = conversation.customData ?? Data()
        conversationGroupList = conversation.conversationGroups
        c2cReadTimestamp = UInt(truncatingIfNeeded: conversation.readTimestamp)
        groupReadSequence = UInt(truncatingIfNeeded: conversation.readSeq)
        super.init()
    }
}

/// An unread @-mention in a group conversation. An open `NSObject` subclass, as the vendor's.
open class V2TIMGroupAtInfo: NSObject {
    /// The sequence of the message that mentioned.
    public internal(set) var seq: UInt64 = 0
    /// What it mentioned.
    public internal(set) var atType: V2TIMGroupAtType = .AT_ME

    public override init() {}

    package init(seq: UInt64, atType: V2TIMGroupAtType) {
        super.init()
        self.seq = seq
        self.atType = atType
    }

    package convenience init(_ info: GroupAtInfo) {
        self.init(seq: info.seq, atType: V2TIMGroupAtType(rawValue: Int(info.type.rawValue)) ?? .AT_ME)
    }
}

/// A page of the conversation list, as the `async` variants return it.
public final class V2TIMConversationResult: @unchecked Sendable {
    /// The conversations of this page, in list order.
    public let conversationList: [V2TIMConversation]
    /// The position to pass for the next page.
    public let nextSeq: UInt64
    /// Whether this was the last page.
    public let isFinished: Bool

    public init(conversationList: [V2TIMConversation], nextSeq: UInt64, isFinished: Bool) {
        self.conversationList = conversationList
        self.nextSeq = nextSeq
        self.isFinished = isFinished
    }
}

/// Which conversations `getConversationListByFilter` returns, and which conversations a per-filter
/// unread count (`getUnreadMessageCountByFilter`, `subscribeUnreadMessageCountByFilter`) counts.
///
/// As in the vendor's header, a field filters only once it is set: a new filter selects every
/// conversation the plain list shows, and setting `hasUnreadCount = false`, `hasGroupAtInfo =
/// false`, `markType = 0` or `conversationGroup = ""` selects the conversations *without* unread
/// messages, without an @, without any mark, in no conversation group. The fields that are set
/// must all hold (AND). Hidden conversations (the hide mark) are left out unless `markType` asks
/// for the hide mark.
open class V2TIMConversationListFilter: NSObject {
    /// Only this kind; `.UNKNOWN` (the default, 0) does not filter.
    public var type: V2TIMConversationType = .UNKNOWN
    /// The name of a conversation group: only the conversations in it (none when no conversation is
    /// in a group of that name); "": only the conversations in no group; nil (the default) does
    /// not filter.
    public var conversationGroup: String!
    /// Once set: only conversations carrying every mark of this set (a `V2TIMConversationMarkType`
    /// raw value or custom bits `1 << n`, 32 <= n < 64; other bits select nothing); 0: only
    /// conversations without any mark.
    public var markType: UInt {
        get { markTypeValue }
        set {
            markTypeValue = newValue
            filtersMarkType = true
        }
    }
    /// Once set: true selects the conversations with unread messages, false those without.
    public var hasUnreadCount: Bool {
        get { hasUnreadCountValue }
        set {
            hasUnreadCountValue = newValue
            filtersUnreadCount = true
        }
    }
    /// Once set: true selects the conversations with an unread @-mention (`groupAtInfolist` not
    /// empty), false those without.
    public var hasGroupAtInfo: Bool {
        get { hasGroupAtInfoValue }
        set {
            hasGroupAtInfoValue = newValue
            filtersGroupAtInfo = true
        }
    }

    /// The 6.5 name of `conversationGroup` (the same property).
    public var groupName: String! {
        get { conversationGroup }
        set { conversationGroup = newValue }
    }
    /// 6.5: the cursor of the page `getConversationList(by:succ:fail:)` reads (0: from the top).
    public var nextSeq: UInt64 = 0
    /// 6.5: the size of the page `getConversationList(by:succ:fail:)` reads.
    public var count: UInt32 = 0

    private var markTypeValue: UInt = 0
    private var hasUnreadCountValue = false
    private var hasGroupAtInfoValue = false
    /// Whether `markType`, `hasUnreadCount` and `hasGroupAtInfo` were set (and so filter).
    private(set) var filtersMarkType = false
    private(set) var filtersUnreadCount = false
    private(set) var filtersGroupAtInfo = false

    public override init() {}
}

/// The result of a batch operation for one conversation.
open class V2TIMConversationOperationResult: NSObject {
    /// The conversation the result is for.
    public var conversationID: String!
    /// 0 (`ERR_SUCC`) on success, else the vendor error code.
    public var resultCode: Int = 0
    /// A readable description of the result (nil on success).
    public var resultInfo: String!

    public override init() {}

    init(conversationID: String, resultCode: Int32, resultInfo: String?) {
        super.init()
        self.conversationID = conversationID
        self.resultCode = Int(resultCode)
        self.resultInfo = resultInfo
    }
}

extension Optional where Wrapped == String {
    /// The string, unless it is nil or empty.
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
