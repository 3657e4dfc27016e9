import Foundation
import IMTransportKit

/// Marks and custom data of conversations: per user, kept with the user's conversation (they go
/// when the user deletes it), pushed to every device of the user and carried by syncs
/// (`ServerConversation.marks`, `customData`).
extension ServerState {
    /// The most conversations one request may mark, group or give custom data (51006 past it).
    static let maxConversationsPerRequest = 100
    /// The most conversations of one user that may carry marks or custom data (51008 past it).
    static let maxMarkedConversations = 1_000
    /// The most bytes of custom data a conversation may carry.
    static let maxCustomDataBytes = 256

    /// Sets (`enable`) or clears `marks` on each of `ids`; one result per ID.
    ///
    /// Setting a mark on a conversation the user lacks creates it empty, as a pin does. A change is
    /// pushed as `.marks` with the whole set; a request that changes nothing pushes nothing.
    /// - Complexity: O(k) for k IDs, plus O(c) for c conversations of the user when one of them
    ///   gets its first mark or custom data (the 1,000 limit is counted then).
    mutating func setMarks(
        _ ids: [ConversationID], _ marks: UInt64, enable: Bool, by userID: String, outbox: inout Outbox
    ) throws(IMError) -> [IMError?] {
        try Self.checkBatch(ids)
        guard marks != 0 else { throw IMError(.invalidParameters, "no mark to set or clear") }
        return ids.map { id in
            changeMarkData(id, by: userID, creating: enable, outbox: &outbox) { conversation in
                if enable { conversation.marks |= marks } else { conversation.marks &= ~marks }
            }
        }
    }

    /// Sets (nil: clears) the custom data of each of `ids`; one result per ID. As `setMarks`.
    mutating func setCustomData(
        _ ids: [ConversationID], _ data: Data?, by userID: String, outbox: inout Outbox
    ) throws(IMError) -> [IMError?] {
        try Self.checkBatch(ids)
        guard (data?.count ?? 0) <= Self.maxCustomDataBytes else {
            throw IMError(.invalidParameters, "custom data is larger than \(Self.maxCustomDataBytes) bytes")
        }
        return ids.map { id in
            changeMarkData(id, by: userID, creating: data != nil, outbox: &outbox) { $0.customData = data }
        }
    }

    /// Throws unless `ids` holds 1 to `maxConversationsPerRequest` conversations.
    static func checkBatch(_ ids: [ConversationID]) throws(IMError) {
        guard !ids.isEmpty else { throw IMError(.invalidParameters, "no conversations") }
        guard ids.count <= maxConversationsPerRequest else {
            throw IMError(.tooManyConversationsInRequest,
                          "at most \(maxConversationsPerRequest) conversations per request, got \(ids.count)")
        }
    }

    /// Applies `change` to the marks and custom data of `id` and pushes what changed: the result of
    /// one conversation of a batch (nil: success).
    private mutating func changeMarkData(
        _ id: ConversationID, by userID: String, creating: Bool, outbox: inout Outbox,
        _ change: (inout UserConversation) -> Void
    ) -> IMError? {
        do throws(IMError) {
            try checkPeer(of: id)
        } catch {
            return error
        }
        guard let account = users[userID] else { return nil }
        let existing = account.conversations[id]
        guard existing != nil || creating else { return nil }
        var changed = existing ?? UserConversation(startingAt: account.restartSeqs[id] ?? 0)
        change(&changed)
        let before = existing ?? UserConversation(startingAt: 0)
        guard changed.marks != before.marks || changed.customData != before.customData else { return nil }
        if changed.hasMarksOrCustomData && !before.hasMarksOrCustomData,
           account.conversations.values.lazy.filter(\.hasMarksOrCustomData).count >= Self.maxMarkedConversations {
            return IMError(.tooManyMarkedConversations,
                           "at most \(Self.maxMarkedConversations) conversations may carry marks or custom data")
        }
        users[userID]?.withConversation(id) { conversation in
            conversation.marks = changed.marks
            conversation.customData = changed.customData
        }
        if changed.marks != before.marks {
            announce(.marks(id, changed.marks), to: userID, in: id, outbox: &outbox)
        }
        if changed.customData != before.customData {
            announce(.customData(id, changed.customData), to: userID, in: id, outbox: &outbox)
        }
        return nil
    }
}
