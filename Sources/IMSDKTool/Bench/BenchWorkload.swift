import IMCore
import IMTransportKit

/// The benchmark's incoming messages, generated one at a time (nothing is pre-built, so a memory
/// probe measures the subject, not the workload).
///
/// Conversation `i` is the C2C conversation with user `u<i>`. The first `conversations` messages
/// give every conversation one message; every later one goes to a random conversation with a skew:
/// 80% of them land in the hottest 1%. Timestamps never decrease (100 messages per second), so many
/// messages share a second and the order inside a second is the order of arrival.
struct BenchWorkload: Sequence {
    /// How many conversations the messages create.
    let conversations: Int
    /// How many messages the sequence yields: `2 * conversations` unless told otherwise.
    let count: Int

    /// - Precondition: `conversations >= 1`.
    init(conversations: Int, count: Int? = nil) {
        precondition(conversations >= 1, "a workload needs a conversation")
        self.conversations = conversations
        self.count = count ?? 2 * conversations
    }

    /// The conversation of user `u<index>`.
    static func conversationID(_ index: Int) -> ConversationID { .c2c("u\(index)") }

    func makeIterator() -> Iterator { Iterator(conversations: conversations, count: count) }

    /// Generates the messages; the state is the random generator and a sequence number per conversation.
    struct Iterator: IteratorProtocol {
        private var generator = SplitMix64(seed: 42)
        private var seqs: [UInt64]
        private let hot: Int
        private var index = 0
        private let count: Int

        fileprivate init(conversations: Int, count: Int) {
            seqs = [UInt64](repeating: 0, count: conversations)
            hot = Swift.max(1, conversations / 100)
            self.count = count
        }

        mutating func next() -> Message? {
            guard index < count else { return nil }
            defer { index += 1 }
            let peer: Int
            if index < seqs.count {
                peer = index
            } else {
                let roll = generator.next() % 10
                let range = UInt64(roll < 8 ? hot : seqs.count)
                peer = Int(generator.next() % range)
            }
            seqs[peer] += 1
            return Message(
                id: "m\(index)", seq: seqs[peer], timestamp: 1_700_000_000 + UInt64(index / 100),
                sender: "u\(peer)", receiver: .user(BenchWorkload.selfUserID), content: .text("message \(index)"))
        }
    }

    /// The user who receives every message (the logged-in user of each subject).
    static let selfUserID = "me"
}
