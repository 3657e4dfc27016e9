import IMTransportKit

/// Collects what a batch touched while the store mutates, in first-touch order.
struct BatchRecorder: Sendable {
    /// Conversations in the order the batch first touched them.
    private(set) var touched: [ConversationID] = []
    /// The state before the batch of each touched conversation (nil: it did not exist, or the first
    /// touch was known to change it, see `changed`), by position.
    private(set) var before: [Conversation?] = []
    /// Whether the first touch of each touched conversation, which existed, was known to change it:
    /// its state before is not kept (a copy of a whole conversation), by position.
    private(set) var changed: [Bool] = []
    /// Where the entry of each touched conversation lay when it was first touched (nil: it did not
    /// exist yet), by position: closing the batch finds it there without hashing the ID again.
    private(set) var references: [EntryReference?] = []
    /// `touched` as a set, built once a batch touches more than `linearLimit` conversations.
    private var seen: Set<ConversationID> = []
    private(set) var newMessages: [Message] = []
    /// Revokes and read receipts, for the message listeners.
    private(set) var messageEvents = MessageEvents()
    /// What the batch changed in messages, for persistence (empty unless `recordsStorage`).
    private(set) var storage = StorageDelta()
    private(set) var totalUnreadBefore: Int
    /// Whether `storage` is kept (false: the store has no database to write).
    let recordsStorage: Bool

    /// Up to this many touched conversations, a linear scan is cheaper than hashing.
    private static let linearLimit = 8

    init(totalUnreadBefore: Int, recordsStorage: Bool) {
        self.totalUnreadBefore = totalUnreadBefore
        self.recordsStorage = recordsStorage
    }

    /// Adds `operation` to the batch's storage delta, when storage is recorded.
    mutating func recordStorage(_ operation: @autoclosure () -> StorageDelta.Operation) {
        if recordsStorage { storage.operations.append(operation()) }
    }

    /// Notes that `id` is about to change; `current` is its state right now (nil: it does not exist).
    /// Only the first touch in a batch counts.
    /// - Complexity: O(1).
    mutating func touch(_ id: ConversationID, current: @autoclosure () -> Conversation?) {
        if isUntouched(id) { record(id, before: current(), at: nil, changed: false) }
    }

    /// Whether the batch has not touched `id` yet.
    /// - Complexity: O(1).
    func isUntouched(_ id: ConversationID) -> Bool {
        touched.count <= Self.linearLimit ? !touched.contains(id) : !seen.contains(id)
    }

    /// Records the first touch of `id` (`isUntouched(id)` is true), with its state `before` it (nil
    /// when `changed`: the touch certainly changes it) and where its entry lies.
    mutating func record(
        _ id: ConversationID, before state: Conversation?, at reference: EntryReference?, changed isChanged: Bool
    ) {
        touched.append(id)
        before.append(state)
        references.append(reference)
        changed.append(isChanged)
        if touched.count > Self.linearLimit {
            if seen.isEmpty { seen = Set(touched) } else { seen.insert(id) }
        }
    }

    mutating func noteNewMessage(_ message: Message) { newMessages.append(message) }

    mutating func noteRevoked(_ message: Message) { messageEvents.revoked.append(message) }
    mutating func noteModified(_ message: Message) { messageEvents.modified.append(message) }

    mutating func noteReceipt(_ receipt: MessageEvents.Receipt) { messageEvents.receipts.append(receipt) }

    /// The batch's revokes and receipts, which start empty again.
    mutating func takeMessageEvents() -> MessageEvents {
        var events = MessageEvents()
        swap(&events, &messageEvents)
        return events
    }

    /// Ends the batch: returns its new messages and storage delta and starts the next batch, which
    /// reuses the first-touch bookkeeping's memory.
    mutating func close(totalUnread: Int) -> (newMessages: [Message], storage: StorageDelta) {
        touched.removeAll(keepingCapacity: true)
        before.removeAll(keepingCapacity: true)
        references.removeAll(keepingCapacity: true)
        changed.removeAll(keepingCapacity: true)
        if !seen.isEmpty { seen.removeAll(keepingCapacity: true) }
        totalUnreadBefore = totalUnread
        // Moved out, not copied (a copy would retain what the reset then releases).
        var messages: [Message] = [], delta = StorageDelta()
        swap(&messages, &newMessages)
        swap(&delta, &storage)
        return (messages, delta)
    }
}
