/// SplitMix64: a small seeded random number generator, so a run can be replayed from its seed
/// (test workloads, benchmarks, fault injection). Not for anything that must be unpredictable.
///
/// - Thread safety: a value type; use one variable from one thread at a time.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The SplitMix64 finalizer: scrambles `value` into a well-mixed one (also for deriving seeds).
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
