import IMTransportKit

/// What batches the database could not write have to write still, merged: the next write stores it
/// first, in the same transaction as its own batch, so the stored state never skips one of them.
///
/// Merging is sound because a batch's storage carries values, not references to the store's
/// current state: a message operation holds the message as stored, a conversation its state
/// after the batch. So:
/// - message operations are kept in order, and replaying them in order stores what writing each
///   batch in turn would have (they touch messages, local fields and the conversation groups, a
///   whole table each time, never conversation rows);
/// - of the conversation rows, the newest state of each is kept: writing it once is writing the
///   older states and then it. A `.delete` drops the kept row of its conversation, so the row the
///   delete removes is not written back after it (a conversation added again later in the batches
///   is kept again from then on);
/// - the counters, order counter and sync version are the newest batch's.
/// - Thread safety: a value type, `Sendable`.
package struct UnwrittenChanges: Sendable {
    /// The message operations of the batches, oldest first.
    package private(set) var operations: [StorageDelta.Operation] = []
    /// The newest state of each conversation the batches added or changed and did not delete since.
    package private(set) var conversations: [ConversationID: Conversation] = [:]
    /// The counters after the newest batch.
    package private(set) var counters = UnreadCounters()
    /// The order counter and sync version after the newest batch.
    package private(set) var storage = StorageDelta()
    /// How many batches were merged.
    package private(set) var batchCount = 0

    package init() {}

    /// Whether nothing is waiting to be written.
    package var isEmpty: Bool { batchCount == 0 }

    /// Merges `batch` (newer than every batch merged so far) into the changes to write.
    /// - Complexity: O(o + c), the batch's operations and conversations.
    package mutating func append(_ batch: ChangeBatch) {
        for operation in batch.storage.operations {
            if case .delete(let id, _) = operation { conversations[id] = nil }
            operations.append(operation)
        }
        for conversation in batch.added { conversations[conversation.id] = conversation }
        for conversation in batch.changed { conversations[conversation.id] = conversation }
        counters = batch.counters
        storage.orderCounter = batch.storage.orderCounter
        storage.syncVersion = batch.storage.syncVersion
        storage.serverEpoch = batch.storage.serverEpoch
        batchCount += 1
    }
}
