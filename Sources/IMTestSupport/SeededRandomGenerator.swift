/// A small seeded random number generator (SplitMix64), so a test draws the same "random" values on
/// every run and a failure can be replayed from its seed.
///
/// - Thread safety: a value type; use one variable from one thread at a time.
public struct SeededRandomGenerator: RandomNumberGenerator, Sendable {
    /// The seed this generator started from, for failure messages.
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        self.state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Whether an event of probability `percent` / 100 happens.
    public mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &self) < percent
    }
}
