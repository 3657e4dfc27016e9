/// How order keys are built: activity time in seconds in the high bits, an arrival counter below.
///
/// A key is `seconds << 31 | counter` (63 bits); bit 63 is reserved for the pinned band in sort keys,
/// so a sort key and the V2 `nextSeq` cursor fit one `UInt64`. Later activity gets a larger key;
/// activity in the same second is ordered by arrival.
public enum OrderKey {
    /// The bit that puts a sort key into the pinned band.
    public static let pinnedBand: UInt64 = 1 << 63
    static let counterBits: UInt64 = 31
    static let counterMask: UInt64 = (1 << counterBits) - 1
    static let maxSeconds: UInt64 = (1 << 32) - 1

    /// The smallest key for activity at `seconds`.
    static func base(seconds: UInt64) -> UInt64 { min(seconds, maxSeconds) << counterBits }

    /// The activity time, in seconds, a key stands for.
    public static func seconds(of key: UInt64) -> UInt64 { (key & ~pinnedBand) >> counterBits }
}
