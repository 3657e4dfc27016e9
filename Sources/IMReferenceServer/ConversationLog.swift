import IMTransportKit

/// The messages of one conversation, shared by both sides of a C2C pair or by all group members.
///
/// Invariant: `messages[i].seq == i + 1`, so a sequence is also an index.
struct ConversationLog: Codable {
    /// Which conversation a log belongs to, independent of whose side it is seen from. IDs compare
    /// by their bytes, as users and groups do.
    enum Key: Hashable, Codable {
        /// A user pair, the smaller ID (in byte order) first.
        case pair(ExactID, ExactID)
        case group(ExactID)

        /// The log of the C2C conversation between `a` and `b`.
        static func c2c(_ a: String, _ b: String) -> Key {
            let a = ExactID(a), b = ExactID(b)
            return a <= b ? .pair(a, b) : .pair(b, a)
        }

        /// The log of group `groupID`.
        static func group(_ groupID: String) -> Key { .group(ExactID(groupID)) }
    }

    private(set) var messages: [Message] = []
    /// The readers of each message that asked for read receipts and has had one, by sequence.
    /// Optional, so that a snapshot written before read receipts existed still reads.
    private(set) var receipts: [UInt64: Readers]?

    /// Who read a message (their receipts, in the order they came) and when the newest came.
    struct Readers: Codable {
        private(set) var userIDs: [String] = []
        private var set: Set<ExactID> = []
        private(set) var timestamp: UInt64 = 0

        /// - Complexity: O(1).
        func contains(_ userID: String) -> Bool { set.contains(ExactID(userID)) }

        /// Adds `userID`, read at `time`; false (nothing changed) when they had read it.
        mutating func add(_ userID: String, at time: UInt64) -> Bool {
            guard set.insert(ExactID(userID)).inserted else { return false }
            userIDs.append(userID)
            timestamp = max(timestamp, time)
            return true
        }
    }

    /// The sequence of the newest message (0 when empty).
    var lastSeq: UInt64 { UInt64(messages.count) }

    /// The sequence the next message gets.
    var nextSeq: UInt64 { lastSeq + 1 }

    /// Appends a message whose `seq` is `nextSeq`.
    ///
    /// - Complexity: O(1) amortized.
    mutating func append(_ message: Message) {
        precondition(message.seq == nextSeq, "a log's sequences are contiguous from 1")
        messages.append(message)
    }

    /// Marks the message `seq` revoked (status `.revoked`, everything else kept) and returns it; nil
    /// when there is no such message.
    ///
    /// - Complexity: O(1).
    mutating func revoke(seq: UInt64) -> Message? {
        guard seq >= 1, seq <= lastSeq else { return nil }
        messages[Int(seq - 1)].status = .revoked
        return messages[Int(seq - 1)]
    }

    /// Gives message `seq` the content and cloud data of `edit` (everything else kept) and returns
    /// it; nil when there is no such message.
    ///
    /// - Complexity: O(1).
    mutating func modify(seq: UInt64, to edit: MessageEdit) -> Message? {
        guard seq >= 1, seq <= lastSeq else { return nil }
        messages[Int(seq - 1)].content = edit.content
        messages[Int(seq - 1)].cloudCustomData = edit.cloudCustomData
        return messages[Int(seq - 1)]
    }

    /// The message with sequence `seq`, if there is one.
    ///
    /// - Complexity: O(1).
    func message(seq: UInt64) -> Message? {
        guard seq >= 1, seq <= lastSeq else { return nil }
        return messages[Int(seq - 1)]
    }

    /// Up to `count` messages with `seq > afterSeq`, oldest first.
    ///
    /// - Complexity: O(`count`).
    func page(after afterSeq: UInt64, count: Int) -> [Message] {
        guard afterSeq < lastSeq, count > 0 else { return [] }
        let upper = afterSeq + min(UInt64(count), lastSeq - afterSeq)
        return Array(messages[Int(afterSeq)..<Int(upper)])
    }

    /// Up to `count` messages with `floor < seq < beforeSeq` (`nil`: no upper bound), newest first.
    ///
    /// - Complexity: O(`count`).
    func page(before beforeSeq: UInt64?, above floor: UInt64, count: Int) -> [Message] {
        let upper = min(beforeSeq.map { $0 &- 1 } ?? lastSeq, lastSeq)
        guard beforeSeq != 0, upper > floor, count > 0 else { return [] }
        let lower = max(floor + 1, upper >= UInt64(count) ? upper - UInt64(count) + 1 : 1)
        return messages[Int(lower - 1)..<Int(upper)].reversed()
    }

    /// Who read message `seq` (no one: empty).
    ///
    /// - Complexity: O(1).
    func readers(of seq: UInt64) -> Readers { receipts?[seq] ?? Readers() }

    /// Records that `userID` read message `seq` at `time`; false when they had (nothing changed).
    ///
    /// - Complexity: O(1) amortized.
    mutating func addReader(_ userID: String, of seq: UInt64, at time: UInt64) -> Bool {
        var readers = readers(of: seq)
        guard readers.add(userID, at: time) else { return false }
        receipts = receipts ?? [:]
        receipts![seq] = readers
        return true
    }
}
