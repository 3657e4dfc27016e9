import Foundation
import IMTransportKit

/// Messages that exist on this device only.
extension Message {
    /// Whether this is a message imported into local storage (`TIMConversation.importMessages`):
    /// it has no server sequence yet counts as delivered. Messages of mine still being sent (or
    /// failed) have no sequence either, but their status says so.
    package var isLocalImport: Bool { seq == 0 && status == .sent }

    /// Whether the message was removed from local storage (`TIMMessage.remove()`): the store keeps
    /// its sequence, with the content erased, so that a later delivery of it is recognised as a
    /// duplicate; history never returns it.
    package var isRemoved: Bool { status == .deleted }

    /// Whether its sender revoked it: it stays (history shows it, as revoked) but never counts as
    /// unread nor as an @-mention.
    package var isRevoked: Bool { status == .revoked }

    /// This message as a removal leaves it: the same identity (ID, sequence, random, time, sender,
    /// receiver), no content, no mentions, status `.deleted`.
    package var removed: Message {
        var tombstone = self
        tombstone.content = .custom(Data())
        tombstone.atUserIDs = []
        tombstone.atAll = false
        tombstone.cloudCustomData = nil
        tombstone.needReadReceipt = false
        tombstone.status = .deleted
        return tombstone
    }
}
