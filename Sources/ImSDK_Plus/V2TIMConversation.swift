import Foundation
import IMCore
import IMTransportKit

/// One conversation as the V2 API shows it: a read-only snapshot taken when it was handed out.
///
/// - Thread safety: immutable after creation, so it may be passed between threads.
public final class V2TIMConversation: @unchecked Sendable {
    /// C2C or GROUP.
    public private(set) var type: V2TIMConversationType = .UNKNOWN
    /// `"c2c_" + userID` or `"group_" + groupID`.
    public private(set) var conversationID: String = ""
    /// The peer of a C2C conversation.
    public private(set) var userID: String?
    /// The group of a group conversation.
    public private(set) var groupID: String?
    /// The group's type ("Work", "Public", "Meeting", "AVChatRoom", ...).
    public private(set) var groupType: String?
    /// C2C: friend remark, else nickname, else user ID. Group: group name, else group ID.
    public private(set) var showName: String?
    /// The peer's or the group's face URL.
    public private(set) var faceUrl: String?
    /// Unread messages from others.
    public private(set) var unreadCount: Int32 = 0
    /// How messages of this conversation are received.
    public private(set) var recvOpt: V2TIMReceiveMessageOpt = .RECEIVE_MESSAGE
    /// The newest message that is not excluded from "last message".
    public private(set) var lastMessage: V2TIMMessage?
    /// Unread @-mentions of me or of everyone, oldest first.
    public private(set) var groupAtInfolist: [V2TIMGroupAtInfo]?
    /// The draft text, if one is saved (on this device, or synced when `syncsDrafts`).
    public private(set) var draftText: String?
    /// When the draft was saved.
    public private(set) var draftTimestamp: Date?
    /// Whether the conversation is pinned to the top.
    public private(set) var isPinned = false
    /// Grows with activity (messages, drafts); larger keys sort first among unpinned conversations.
    public private(set) var orderKey: UInt = 0
    /// The marks set on the conversation, one `NSNumber` per bit.
    public private(set) var markList: [NSNumber]?
    /// Custom data of the conversation.
    public private(set) var customData: Data?
    /// The server time (seconds) of the newest message I have read (C2C).
    public private(set) var c2cReadTimestamp: UInt64 = 0
    /// The sequence of the newest message I have read (groups).
    public private(set) var groupReadSequence: UInt64 = 0

    /// An empty conversation; the SDK hands out filled ones.
    public init() {}

    /// The V2 view of conversation `id` of `manager`'s session now; nil for SYSTEM (the V2 API has
    /// no such conversation), when it does not exist, or when nobody is logged in.
    package convenience init?(_ id: ConversationID, of manager: V2TIMManager) {
        guard id.kind != .system, let client = manager.currentClient,
              let conversation = client.read({ $0.conversation(id) }) else { return nil }
        self.init(conversation, selfUserID: client.userID)
    }

    package init(_ conversation: Conversation, selfUserID: String) {
        conversationID = conversation.id.stringForm
        switch conversation.id.kind {
        case .c2c:
            type = .C2C
            userID = conversation.id.target
            showName = conversation.profile.remark.nonEmpty ?? conversation.profile.name.nonEmpty
                ?? conversation.id.target
        case .group:
            type = .GROUP
            groupID = conversation.id.target
            groupType = conversation.profile.groupType
            showName = conversation.profile.name.nonEmpty ?? conversation.id.target
        case .system:
            type = .UNKNOWN
        }
        faceUrl = conversation.profile.faceURL
        unreadCount = Int32(clamping: conversation.unreadCount)
        recvOpt = V2TIMReceiveMessageOpt(rawValue: Int(conversation.receiveOption.rawValue)) ?? .RECEIVE_MESSAGE
        lastMessage = conversation.lastMessage.map {
            V2TIMMessage($0, selfUserID: selfUserID, readSeq: conversation.readSeq)
        }
        groupAtInfolist = conversation.groupAtInfos.map(V2TIMGroupAtInfo.init)
        draftText = conversation.draft?.text
        draftTimestamp = conversation.draft.map { Date(timeIntervalSince1970: TimeInterval($0.timestamp)) }
        isPinned = conversation.isPinned
        orderKey = UInt(truncatingIfNeeded: conversation.orderKey)
        let marks = conversation.marks.rawValue
        markList = (0..<64).compactMap { bit in
            marks & (1 << UInt64(bit)) != 0 ? NSNumber(value: UInt64(1) << UInt64(bit)) : nil
        }
        customData = conversation.customData
        c2cReadTimestamp = conversation.readTimestamp
        groupReadSequence = conversation.readSeq
    }
}

/// An unread @-mention in a group conversation.
public final class V2TIMGroupAtInfo: @unchecked Sendable {
    /// The sequence of the message that mentioned.
    public private(set) var seq: UInt64 = 0
    /// What it mentioned.
    public private(set) var atType: V2TIMGroupAtType = .AT_ME

    public init() {}

    package init(seq: UInt64, atType: V2TIMGroupAtType) {
        self.seq = seq
        self.atType = atType
    }

    package convenience init(_ info: GroupAtInfo) {
        self.init(seq: info.seq, atType: V2TIMGroupAtType(rawValue: Int(info.type.rawValue)) ?? .AT_ME)
    }
}

/// A page of the conversation list, as the `async` variants return it.
public final class V2TIMConversationResult: Sendable {
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

/// Which conversations `getConversationListByFilter` returns; unset fields do not filter.
public class V2TIMConversationListFilter {
    /// Only this kind; `.UNKNOWN` (the default) means every kind.
    public var type: V2TIMConversationType = .UNKNOWN
    /// Only conversations carrying every mark of this set (0: no mark filter).
    public var markType: UInt64 = 0
    /// Only conversations with unread messages.
    public var hasUnreadCount = false
    /// Only conversations with unread @-mentions.
    public var hasGroupAtInfo = false
    /// Conversation groups are not supported yet: a non-empty value fails with 7013.
    public var conversationGroup: String?

    public init() {}
}

/// The result of a batch operation for one conversation.
public final class V2TIMConversationOperationResult: Sendable {
    /// The conversation the result is for.
    public let conversationID: String?
    /// 0 on success, else the vendor error code.
    public let resultCode: Int32
    /// A readable description of the result.
    public let resultInfo: String?

    init(conversationID: String, resultCode: Int32, resultInfo: String?) {
        self.conversationID = conversationID
        self.resultCode = resultCode
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
