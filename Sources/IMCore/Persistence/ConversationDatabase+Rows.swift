import Foundation

/// How conversations and messages map to rows: column lists, the values bound, and decoding.
extension ConversationDatabase {
    /// The columns of a message, in the order `values(of:)` binds them and `RowReader.message()`
    /// reads them; `messages`, `pending_messages` and the `last_message_` columns share them.
    static let messageColumns = [
        "id", "seq", "random", "timestamp", "sender", "receiver_kind", "receiver_id",
        "content_kind", "content_type", "content_text", "content_data",
        "at_user_ids", "at_all", "excluded_from_unread", "excluded_from_last", "status",
    ]

    /// The columns of a conversation row, in the order `values(of:)` binds them.
    static let conversationColumns = [
        "kind", "target", "sort_key", "order_key", "pinned", "last_seq", "read_seq", "read_timestamp",
        "unread_count", "receive_option", "marks", "draft_text", "draft_timestamp",
        "name", "remark", "face_url", "group_type", "custom_data", "at_infos",
    ] + messageColumns.map { "last_message_" + $0 }

    /// The `sort_key` column for a sort key: bit 63 flipped, so signed order is unsigned order.
    static func sortKeyColumn(_ sortKey: UInt64) -> Int64 {
        Int64(bitPattern: sortKey ^ OrderKey.pinnedBand)
    }

    /// The values of `conversationColumns` for `conversation`.
    static func values(of conversation: Conversation) -> [any SQLiteBindable] {
        let id = conversation.id
        let profile = conversation.profile
        let row: [any SQLiteBindable] = [
            Int64(id.kind.rawValue), id.target, sortKeyColumn(conversation.sortKey), conversation.orderKey,
            conversation.isPinned, conversation.lastSeq, conversation.readSeq, conversation.readTimestamp,
            conversation.unreadCount, Int64(conversation.receiveOption.rawValue), conversation.marks.rawValue,
            conversation.draft?.text, conversation.draft?.timestamp,
            profile.name, profile.remark, profile.faceURL, profile.groupType,
            conversation.customData, BlobCoding.encode(conversation.groupAtInfos),
        ]
        return row + values(of: conversation.lastMessage)
    }

    /// The values of `messageColumns` for `message`; all NULL for nil.
    static func values(of message: Message?) -> [any SQLiteBindable] {
        guard let message else { return Array(repeating: Int64?.none, count: messageColumns.count) }
        let receiver: (kind: Int64, id: String)
        switch message.receiver {
        case .user(let userID): receiver = (ContentCode.userReceiver, userID)
        case .group(let groupID): receiver = (ContentCode.groupReceiver, groupID)
        }
        let content: (kind: Int64, type: Int64?, text: String?, data: Data?)
        switch message.content {
        case .text(let text): content = (ContentCode.text, nil, text, nil)
        case .custom(let data): content = (ContentCode.custom, nil, nil, data)
        case .other(let type, let payload): content = (ContentCode.other, Int64(type), nil, payload)
        }
        return [
            message.id, message.seq, Int64(message.random), message.timestamp, message.sender,
            receiver.kind, receiver.id, content.kind, content.type, content.text, content.data,
            BlobCoding.encode(message.atUserIDs), message.atAll,
            message.isExcludedFromUnreadCount, message.isExcludedFromLastMessage, Int64(message.status.rawValue),
        ]
    }

    /// The integer codes of the message columns `receiver_kind` and `content_kind`.
    enum ContentCode {
        static let userReceiver: Int64 = 1
        static let groupReceiver: Int64 = 2
        static let text: Int64 = 1
        static let custom: Int64 = 2
        static let other: Int64 = 3
    }
}
