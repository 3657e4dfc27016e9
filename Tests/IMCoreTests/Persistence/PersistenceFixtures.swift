import Foundation
import IMCore
import IMTransportKit
import IMTestSupport

/// Random model values that reach every field and edge the database must keep: nil and empty,
/// `UInt64` values with bit 63 set, unicode, NUL characters, quotes and SQL fragments.
///
/// (Test-only; it could move to IMTestSupport if other suites want it.)
struct PersistenceFixtures {
    var random: SeededRandomGenerator

    init(seed: UInt64) {
        random = SeededRandomGenerator(seed: seed)
    }

    /// Strings a careless layer would mangle.
    static let hostileStrings = [
        "", " ", "'", "\"", "''; DROP TABLE conversations; --", "a' OR '1'='1", "..", "../..", "/", "a/b",
        "nul\u{0}inside", "%", "%2F", "😀 emoji", "中文", "e\u{301}", "\\", "\n\t", "Alice", "alice",
        String(repeating: "x", count: 300),
    ]

    mutating func uint64() -> UInt64 {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return 0
        case 1: return UInt64.max
        case 2: return UInt64(Int64.max) + UInt64.random(in: 0...1, using: &random)
        case 3: return UInt64.random(in: 0...1_000, using: &random)
        default: return random.next()
        }
    }

    mutating func string() -> String {
        if random.chance(30) { return Self.hostileStrings.randomElement(using: &random)! }
        let scalars = (0..<Int.random(in: 0...12, using: &random)).map { _ -> Character in
            let pool: [UInt32] = [0x41, 0x7A, 0x30, 0x27, 0x22, 0x0, 0xE9, 0x4E2D, 0x1F600, 0x2F]
            return Character(Unicode.Scalar(pool.randomElement(using: &random)!)!)
        }
        return String(scalars)
    }

    mutating func optionalString() -> String? {
        random.chance(30) ? nil : string()
    }

    mutating func data() -> Data {
        Data((0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    mutating func conversationID() -> ConversationID {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return .system
        case 1, 2: return .c2c(string())
        default: return .group(string())
        }
    }

    mutating func message(seq: UInt64? = nil) -> Message {
        let content: MessageContent
        switch Int.random(in: 0..<3, using: &random) {
        case 0: content = .text(string())
        case 1:
            // The description and extension follow from the payload, without draws of their own,
            // so that every other fixture stays what its seed gave.
            let payload = data()
            let text = "é\0\(payload.count)"
            switch payload.count % 4 {
            case 0: content = .custom(payload)
            case 1: content = .custom(payload, desc: text)
            case 2: content = .custom(payload, ext: "")
            default: content = .custom(payload, desc: "", ext: text)
            }
        default: content = .other(type: Int32.random(in: .min ... .max, using: &random), payload: data())
        }
        let atUserIDs = (0..<Int.random(in: 0...3, using: &random)).map { _ in string() }
        return Message(
            id: string(), seq: seq ?? uint64(), random: UInt32.random(in: .min ... .max, using: &random),
            timestamp: uint64(), sender: string(),
            receiver: random.chance(50) ? .user(string()) : .group(string()), content: content,
            atUserIDs: atUserIDs, atAll: random.chance(50), isExcludedFromUnreadCount: random.chance(50),
            isExcludedFromLastMessage: random.chance(50),
            status: [.sending, .sent, .failed, .deleted].randomElement(using: &random)!
        )
    }

    mutating func conversation(id: ConversationID? = nil, orderKey: UInt64? = nil) -> Conversation {
        var conversation = Conversation(
            id: id ?? conversationID(),
            profile: ConversationProfile(
                name: optionalString(), remark: optionalString(), faceURL: optionalString(), groupType: optionalString()
            ),
            orderKey: orderKey ?? uint64()
        )
        conversation.lastMessage = random.chance(70) ? message() : nil
        conversation.lastSeq = uint64()
        conversation.readSeq = uint64()
        conversation.readTimestamp = uint64()
        conversation.unreadCount = Int.random(in: 0...500, using: &random)
        conversation.groupAtInfos = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            GroupAtInfo(seq: uint64(), type: [.atMe, .atAll, .atAllAtMe].randomElement(using: &random)!)
        }
        conversation.isPinned = random.chance(30)
        conversation.draft = random.chance(50) ? Draft(text: string(), timestamp: uint64()) : nil
        conversation.receiveOption = ReceiveOption.allCases.randomElement(using: &random)!
        conversation.marks = ConversationMarks(rawValue: uint64())
        conversation.customData = random.chance(40) ? nil : data()
        return conversation
    }

    /// `count` conversations with distinct IDs and distinct order keys below bit 63 (as the store
    /// makes them), about a third of them pinned.
    mutating func distinctConversations(_ count: Int) -> [Conversation] {
        var orderKeys = Set<UInt64>()
        while orderKeys.count < count { orderKeys.insert(random.next() >> 1) }
        return orderKeys.enumerated().map { index, orderKey in
            conversation(id: index.isMultiple(of: 2) ? .c2c("user \(index)") : .group("group \(index)"), orderKey: orderKey)
        }
    }
}
