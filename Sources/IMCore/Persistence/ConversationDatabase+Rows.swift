import IMSQLite
import Foundation
import IMTransportKit

/// How conversations and messages map to rows: column lists, the values bound, and decoding.
extension ConversationDatabase {
    /// The columns of a message, in the order `bind(_:to:)` binds them and `RowReader.message()`
    /// reads them; `messages`, `pending_messages` and the `last_message_` columns share them. Its
    /// `cloudCustomData` and `needReadReceipt` are in columns each table has last
    /// (`trailingMessageColumns`; `last_message_` ones in `conversations`), bound and read after
    /// the others: schema versions 12 and 13 added them, and a batch logged before binds its
    /// columns by position.
    static let messageColumns = [
        "id", "seq", "random", "timestamp", "sender", "receiver_kind", "receiver_id",
        "content_kind", "content_type", "content_text", "content_data",
        "at_user_ids", "at_all", "excluded_from_unread", "excluded_from_last", "status",
    ]

    /// The columns of a conversation row, in the order `bind(_:to:)` binds them.
    static let conversationColumns = [
        "kind", "target", "sort_key", "order_key", "pinned", "last_seq", "read_seq", "read_timestamp",
        "unread_count", "receive_option", "marks", "draft_text", "draft_timestamp",
        "name", "remark", "face_url", "group_type", "custom_data", "at_infos",
    ] + messageColumns.map { "last_message_" + $0 }
        + ["conversation_groups", "peer_read_seq", "peer_read_timestamp", "hides_unread"]
        + trailingMessageColumns.map { "last_message_" + $0 }

    /// The columns of a message that later schema versions added, last in each table, in order.
    static let trailingMessageColumns = ["cloud_custom_data", "need_read_receipt"]
    /// `trailingMessageColumns` for a SELECT.
    static let trailing = trailingMessageColumns.joined(separator: ", ")

    /// The `sort_key` column for a sort key: bit 63 flipped, so signed order is unsigned order.
    static func sortKeyColumn(_ sortKey: UInt64) -> Int64 {
        Int64(bitPattern: sortKey ^ OrderKey.pinnedBand)
    }

    /// Binds the values of `conversationColumns` for `conversation`.
    static func bind<Row: SQLiteRow>(_ conversation: Conversation, to row: inout Row) throws(PersistenceError) {
        let profile = conversation.profile
        try bindKey(conversation.id, to: &row)
        try row.append(sortKeyColumn(conversation.sortKey))
        try row.append(conversation.orderKey)
        try row.append(conversation.isPinned)
        try row.append(conversation.lastSeq)
        try row.append(conversation.readSeq)
        try row.append(conversation.readTimestamp)
        try row.append(conversation.unreadCount)
        try row.append(Int64(conversation.receiveOption.rawValue))
        try row.append(conversation.marks.rawValue)
        try row.append(conversation.draft?.text)
        try row.append(conversation.draft?.timestamp)
        try row.append(profile.name)
        try row.append(profile.remark)
        try row.append(profile.faceURL)
        try row.append(profile.groupType)
        try row.append(conversation.customData)
        try row.append(BlobCoding.encode(conversation.groupAtInfos))
        try bind(conversation.lastMessage, to: &row)
        try row.append(conversation.conversationGroups.isEmpty ? nil : BlobCoding.encode(conversation.conversationGroups))
        try row.append(conversation.peerRead.seq)
        try row.append(conversation.peerRead.timestamp)
        try row.append(conversation.hidesUnread)
        try row.append(conversation.lastMessage?.cloudCustomData)
        try row.append(conversation.lastMessage?.needReadReceipt ?? false)
    }

    /// Binds the key columns (kind, target) of `id`.
    static func bindKey<Row: SQLiteRow>(_ id: ConversationID, to row: inout Row) throws(PersistenceError) {
        try row.append(Int64(id.kind.rawValue))
        try row.append(id.target)
    }

    /// Binds the values of `messageColumns` for `message`; all NULL for nil.
    static func bind<Row: SQLiteRow>(_ message: Message?, to row: inout Row) throws(PersistenceError) {
        guard let message else {
            for _ in messageColumns { try row.append(Int64?.none) }
            return
        }
        let receiver: (kind: Int64, id: String)
        switch message.receiver {
        case .user(let userID): receiver = (ContentCode.userReceiver, userID)
        case .group(let groupID): receiver = (ContentCode.groupReceiver, groupID)
        }
        let content: (kind: Int64, type: Int64?, text: String?, data: Data?)
        switch message.content {
        case .text(let text): content = (ContentCode.text, nil, text, nil)
        case .custom(let data, let desc, let ext):
            content = desc == nil && ext == nil
                ? (ContentCode.custom, nil, nil, data)
                : (ContentCode.customWithFields, nil, nil, BlobCoding.encodeCustom(data, desc: desc, ext: ext))
        case .other(let type, let payload): content = (ContentCode.other, Int64(type), nil, payload)
        }
        try row.append(message.id)
        try row.append(message.seq)
        try row.append(Int64(message.random))
        try row.append(message.timestamp)
        try row.append(message.sender)
        try row.append(receiver.kind)
        try row.append(receiver.id)
        try row.append(content.kind)
        try row.append(content.type)
        try row.append(content.text)
        try row.append(content.data)
        try row.append(BlobCoding.encode(message.atUserIDs))
        try row.append(message.atAll)
        try row.append(message.isExcludedFromUnreadCount)
        try row.append(message.isExcludedFromLastMessage)
        try row.append(Int64(message.status.rawValue))
    }

    /// The integer codes of the message columns `receiver_kind` and `content_kind`.
    enum ContentCode {
        static let userReceiver: Int64 = 1
        static let groupReceiver: Int64 = 2
        static let text: Int64 = 1
        static let custom: Int64 = 2
        /// Custom content with a description or an extension: `content_data` is
        /// `BlobCoding.encodeCustom(_:desc:ext:)` (schema version 10).
        static let customWithFields: Int64 = 4
        static let other: Int64 = 3
    }
}
