/// A deliberate mistake the reference model can be told to make, so tests can show that the
/// model-based check notices a wrong expectation and shrinks it to a short sequence.
package enum ModelFlaw: String, Hashable, Sendable, CaseIterable {
    /// Pinning counts as activity (the pinned band would no longer keep its activity order).
    case pinBumpsActivity
    /// Muted conversations count in the total unread.
    case mutedCountInTotal
    /// My own messages count as unread.
    case ownMessagesAreUnread
    /// The device that sends a message hears of it as a new message too (the echo the SDK once had).
    case ownSendsAreAnnounced
    /// Deleting a conversation takes it out of its conversation groups (the vendor's cloud keeps
    /// groups apart from the conversation list: it stays in them).
    case deletionLeavesGroups
}
