/// A conversation draft: text plus the time (seconds) it was saved. Kept on the device that saved
/// it, unless the client syncs drafts (`IMClient.syncsDrafts`).
public struct Draft: Hashable, Codable, Sendable {
    public var text: String
    public var timestamp: UInt64

    public init(text: String, timestamp: UInt64) {
        self.text = text
        self.timestamp = timestamp
    }
}
