import IMSQLite
import Foundation
import IMTransportKit

/// Reads the columns of the current row in order, decoding model values; a value the model cannot
/// hold (an unknown enum code, a malformed blob) throws `.corrupt`.
struct RowReader {
    private let row: SQLiteStatement
    private let path: String
    private var column: Int32 = 0

    init(_ row: SQLiteStatement, path: String) {
        self.row = row
        self.path = path
    }

    private mutating func next() -> Int32 {
        defer { column += 1 }
        return column
    }

    mutating func skip(_ count: Int32 = 1) { column += count }
    func isNull() -> Bool { row.isNull(at: column) }
    mutating func int64() -> Int64 { row.int64(at: next()) }
    mutating func uint64() -> UInt64 { row.uint64(at: next()) }
    mutating func int() -> Int { row.int(at: next()) }
    mutating func bool() -> Bool { row.bool(at: next()) }
    mutating func string() -> String? { row.string(at: next()) }
    mutating func data() -> Data? { row.data(at: next()) }

    mutating func uint64OrNil() -> UInt64? {
        defer { column += 1 }
        return row.isNull(at: column) ? nil : row.uint64(at: column)
    }

    private func corrupt(_ reason: String) -> PersistenceError {
        .corrupt(path: path, reason: reason)
    }

    private func required<T>(_ value: T?, _ what: String) throws(PersistenceError) -> T {
        guard let value else { throw corrupt("missing \(what)") }
        return value
    }

    /// The next column as an enum with an integer raw value.
    private mutating func code<R: RawRepresentable>(_ type: R.Type, _ what: String) throws(PersistenceError) -> R
    where R.RawValue: FixedWidthInteger {
        let raw = int64()
        guard let value = R.RawValue(exactly: raw).flatMap(R.init(rawValue:)) else {
            throw corrupt("unknown \(what) \(raw)")
        }
        return value
    }

    /// A conversation ID from a kind and a target column.
    mutating func conversationID() throws(PersistenceError) -> ConversationID {
        let kind = try code(ConversationID.Kind.self, "conversation kind")
        return ConversationID(kind: kind, target: try required(string(), "conversation target"))
    }

    /// A conversation from `ConversationDatabase.conversationColumns`.
    mutating func conversation() throws(PersistenceError) -> Conversation {
        let id = try conversationID()
        skip()  // sort_key: derived from pinned and order_key
        var conversation = Conversation(id: id, orderKey: uint64())
        conversation.isPinned = bool()
        conversation.lastSeq = uint64()
        conversation.readSeq = uint64()
        conversation.readTimestamp = uint64()
        conversation.unreadCount = int()
        conversation.receiveOption = try code(ReceiveOption.self, "receive option")
        conversation.marks = ConversationMarks(rawValue: uint64())
        let draftText = string()
        let draftTimestamp = uint64OrNil()
        if let draftText {
            conversation.draft = Draft(text: draftText, timestamp: try required(draftTimestamp, "draft timestamp"))
        }
        let name = string()
        let remark = string()
        let faceURL = string()
        let groupType = string()
        conversation.profile = ConversationProfile(name: name, remark: remark, faceURL: faceURL, groupType: groupType)
        conversation.customData = data()
        let atInfos = try required(data(), "@-infos")
        guard let groupAtInfos = BlobCoding.decodeAtInfos(atInfos) else { throw corrupt("malformed @-infos") }
        conversation.groupAtInfos = groupAtInfos
        conversation.lastMessage = try lastMessage()
        if let names = data() {
            guard let groups = BlobCoding.decodeStrings(names) else { throw corrupt("malformed conversation groups") }
            conversation.conversationGroups = groups
        }
        conversation.peerRead = PeerReadPoint(seq: uint64(), timestamp: uint64())
        conversation.hidesUnread = bool()  // NULL (a row from before schema version 11) is false
        if let cloudCustomData = data() { conversation.lastMessage?.cloudCustomData = cloudCustomData }
        if bool() { conversation.lastMessage?.needReadReceipt = true }  // NULL (before version 13) is false
        return conversation
    }

    /// A pending message from `ConversationDatabase.messageColumns`, `cloud_custom_data` and
    /// `need_read_receipt`.
    mutating func pendingMessage() throws(PersistenceError) -> Message {
        var message = try message()
        readTrailingColumns(into: &message)
        return message
    }

    /// A stored accepted message from `ConversationDatabase.messageColumns`, `counts_as_unread`,
    /// `cloud_custom_data` and `need_read_receipt`.
    mutating func heldMessage() throws(PersistenceError) -> HeldMessage {
        var message = try message()
        let counts = bool()
        readTrailingColumns(into: &message)
        return HeldMessage(message: message, countsAsUnread: counts)
    }

    /// The columns later schema versions added to each table of messages, last:
    /// `cloud_custom_data` (version 12) and `need_read_receipt` (13; NULL is false).
    private mutating func readTrailingColumns(into message: inout Message) {
        message.cloudCustomData = data()
        message.needReadReceipt = bool()
    }

    /// A message from the `last_message_` columns; nil when its ID is NULL (no last message).
    mutating func lastMessage() throws(PersistenceError) -> Message? {
        guard !isNull() else {
            skip(Int32(ConversationDatabase.messageColumns.count))
            return nil
        }
        return try message()
    }

    /// A message from `ConversationDatabase.messageColumns`.
    mutating func message() throws(PersistenceError) -> Message {
        let id = try required(string(), "message ID")
        let seq = uint64()
        let rawRandom = int64()
        guard let random = UInt32(exactly: rawRandom) else { throw corrupt("message random \(rawRandom)") }
        let timestamp = uint64()
        let sender = try required(string(), "message sender")
        let receiverKind = int64()
        let receiverID = try required(string(), "message receiver")
        let receiver: MessageReceiver
        switch receiverKind {
        case ConversationDatabase.ContentCode.userReceiver: receiver = .user(receiverID)
        case ConversationDatabase.ContentCode.groupReceiver: receiver = .group(receiverID)
        default: throw corrupt("unknown receiver kind \(receiverKind)")
        }
        let contentKind = int64()
        let contentType = int64()
        let contentText = string()
        let contentData = data()
        let content: MessageContent
        switch contentKind {
        case ConversationDatabase.ContentCode.text: content = .text(try required(contentText, "message text"))
        case ConversationDatabase.ContentCode.custom: content = .custom(try required(contentData, "custom payload"))
        case ConversationDatabase.ContentCode.customWithFields:
            guard let (data, desc, ext) = BlobCoding.decodeCustom(try required(contentData, "custom payload")) else {
                throw corrupt("malformed custom payload")
            }
            content = .custom(data, desc: desc, ext: ext)
        case ConversationDatabase.ContentCode.other:
            guard let type = Int32(exactly: contentType) else { throw corrupt("element type \(contentType)") }
            content = .other(type: type, payload: try required(contentData, "element payload"))
        default: throw corrupt("unknown content kind \(contentKind)")
        }
        let atUsers = try required(data(), "@-user IDs")
        guard let atUserIDs = BlobCoding.decodeStrings(atUsers) else { throw corrupt("malformed @-user IDs") }
        let atAll = bool()
        let excludedFromUnread = bool()
        let excludedFromLast = bool()
        let status = try code(MessageDeliveryStatus.self, "delivery status")
        return Message(
            id: id, seq: seq, random: random, timestamp: timestamp, sender: sender, receiver: receiver,
            content: content, atUserIDs: atUserIDs, atAll: atAll, isExcludedFromUnreadCount: excludedFromUnread,
            isExcludedFromLastMessage: excludedFromLast, status: status
        )
    }
}
