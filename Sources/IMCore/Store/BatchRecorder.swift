/// Collects what a batch touched while the store mutates, in first-touch order.
struct BatchRecorder: Sendable {
    /// Conversations in the order the batch first touched them.
    private(set) var touched: [ConversationID] = []
    private var seen: Set<ConversationID> = []
    /// The state before the batch of each touched conversation that existed then.
    private(set) var before: [ConversationID: Conversation] = [:]
    private(set) var newMessages: [Message] = []
    /// What the batch changed in messages, for persistence.
    var storage = StorageDelta()
    let totalUnreadBefore: Int

    init(totalUnreadBefore: Int) {
        self.totalUnreadBefore = totalUnreadBefore
    }

    /// Notes that `id` is about to change; `current` is its state right now (nil: it does not exist).
    /// - Complexity: O(1).
    mutating func touch(_ id: ConversationID, current: Conversation?) {
        if seen.insert(id).inserted {
            touched.append(id)
            if let current { before[id] = current }
        }
    }

    mutating func noteNewMessage(_ message: Message) { newMessages.append(message) }
}
