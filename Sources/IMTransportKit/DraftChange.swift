/// A draft as devices that sync drafts exchange it: the text (nil: cleared) and when it was set.
/// The newest timestamp wins (last writer wins; in the same second, the later to reach the server);
/// the server keeps only the newest.
public struct DraftChange: Hashable, Codable, Sendable {
    public var text: String?
    public var timestamp: UInt64

    public init(text: String?, timestamp: UInt64) {
        self.text = text
        self.timestamp = timestamp
    }

    /// The local draft this change stands for.
    public var draft: Draft? { text.map { Draft(text: $0, timestamp: timestamp) } }
}
