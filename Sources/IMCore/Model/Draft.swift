/// A conversation draft: text plus the time (seconds) it was saved. Local only.
public struct Draft: Hashable, Sendable {
    public var text: String
    public var timestamp: UInt64

    public init(text: String, timestamp: UInt64) {
        self.text = text
        self.timestamp = timestamp
    }
}
