/// How far the peer of a C2C conversation has read: what a read receipt tells the other side.
///
/// `seq` is the peer's read cursor in the pair's conversation (my messages with a sequence up to it
/// are read by the peer); `timestamp` is the server time of the message at that cursor, the time
/// the vendor's receipts carry (every message sent at or before it is read).
/// - Thread safety: a value type, `Sendable`.
public struct PeerReadPoint: Hashable, Codable, Sendable {
    public var seq: UInt64
    public var timestamp: UInt64

    public init(seq: UInt64, timestamp: UInt64) {
        self.seq = seq
        self.timestamp = timestamp
    }

    /// Nothing read yet.
    public static let none = PeerReadPoint(seq: 0, timestamp: 0)
}
