import IMTransportKit

/// Where a store's accepted messages live beyond the ones it holds in memory: the database the
/// store's batches are written to (`DatabaseMessageArchive`), read back by sequence or by ID.
///
/// It answers what was written; the store lays over it what it changed since
/// (`ConversationStore.ArchiveView`). Sequences are compared unsigned. A read that fails answers as
/// if nothing were stored (the implementation logs it) and is kept until the owner takes it
/// (`takeFailure()`): what the store decided without it cannot be trusted.
/// - Thread safety: not thread-safe (a database connection); the store calls it only under its
///   owner's lock, like every other use of that connection.
protocol MessageArchive: AnyObject {
    /// The stored accepted message `seq` of `id`.
    func message(in id: ConversationID, seq: UInt64) -> HeldMessage?
    /// Up to `limit` stored accepted messages of `id` with `floor < seq < ceiling` (nil: no upper
    /// bound), newest first.
    func messages(in id: ConversationID, above floor: UInt64, below ceiling: UInt64?, limit: Int) -> [HeldMessage]
    /// Up to `limit` stored accepted messages of `id` with `seq > floor`, oldest first.
    func messages(in id: ConversationID, above floor: UInt64, ascendingLimit limit: Int) -> [HeldMessage]
    /// The sequences above `floor` of the stored messages of `id` that count as unread.
    func unreadSequences(in id: ConversationID, above floor: UInt64) -> [UInt64]
    /// The sequence of the newest stored message of `id` above `floor` sent at or before `seconds`.
    func newestSequence(in id: ConversationID, above floor: UInt64, atOrBefore seconds: UInt64) -> UInt64?
    /// The stored accepted message of `id` with ID `messageID`.
    func message(in id: ConversationID, messageID: String) -> HeldMessage?
    /// The stored accepted message with ID `messageID`, in whichever conversation.
    func message(withID messageID: String) -> (id: ConversationID, held: HeldMessage)?
    /// The IDs of the stored accepted messages of `id` with `seq <= upTo` that have local fields.
    func messageIDsWithLocalFields(in id: ConversationID, upTo seq: UInt64) -> [String]
    /// The first read that failed since the last call (answered as if nothing were stored); nil
    /// when none did.
    func takeFailure() -> (any Error)?
}

/// A store's reference to its archive.
///
/// - Thread safety: `@unchecked Sendable` because the archive is a database connection, used only
///   under the store owner's lock (see `MessageArchive`).
struct ArchiveReference: @unchecked Sendable {
    let archive: any MessageArchive
}

/// What a store changed in the archive of one conversation that the archive does not show yet
/// (written with a batch that is not on disk yet): rows deleted or turned into tombstones.
struct ArchiveMask: Sendable, Equatable {
    /// Stored messages with `seq <= hiddenUpTo` are gone (history cleared, conversation deleted).
    var hiddenUpTo: UInt64 = 0
    /// Stored messages with `seq <= removedUpTo` are tombstones (every message removed locally).
    var removedUpTo: UInt64 = 0

    /// The lowest sequence above which a stored message may still count as unread.
    var unreadFloor: UInt64 { max(hiddenUpTo, removedUpTo) }

    /// `held` as the store sees it: a tombstone when the mask removed it.
    func apply(_ held: HeldMessage) -> HeldMessage {
        guard held.message.seq <= removedUpTo, !held.message.isRemoved else { return held }
        return HeldMessage(message: held.message.removed, countsAsUnread: false)
    }
}
