/// How order keys are built: activity time in seconds in the high bits, an arrival counter below.
///
/// A key is `seconds << 31 | counter << 3` (63 bits); bit 63 is reserved for the pinned band in
/// sort keys, so a sort key and the V2 `nextSeq` cursor fit one `UInt64`. Later activity gets a
/// larger key; activity in the same second is ordered by arrival. Keys are multiples of `spacing`:
/// the values between two keys are all the same position in the list, which lets page walks that
/// stop at the same conversation return different `nextSeq` values (see `PageWalks`).
package enum OrderKey {
    /// The bit that puts a sort key into the pinned band.
    package static let pinnedBand: UInt64 = 1 << 63
    /// Every key is a multiple of this; `spacing - 1` values below each key are free.
    static let spacing: UInt64 = 8
    static let secondsShift: UInt64 = 31
    static let counterMask: UInt64 = (1 << (secondsShift - 3)) - 1
    static let maxSeconds: UInt64 = (1 << 32) - 1

    /// A key for activity at `seconds`, the `counter`-th activity of the store.
    static func make(seconds: UInt64, counter: UInt64) -> UInt64 {
        min(seconds, maxSeconds) << secondsShift | (counter & counterMask) * spacing
    }

    /// The counter a key was made with (its place among the store's activities, modulo the range).
    static func counter(of key: UInt64) -> UInt64 { (key & ~pinnedBand) >> 3 & counterMask }

    /// The activity time, in seconds, a key stands for.
    package static func seconds(of key: UInt64) -> UInt64 { (key & ~pinnedBand) >> secondsShift }
}
