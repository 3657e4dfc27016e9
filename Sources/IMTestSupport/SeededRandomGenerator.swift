import IMCore
import IMTransportKit

/// A small seeded random number generator (SplitMix64), so a test draws the same "random" values on
/// every run and a failure can be replayed from its seed.
///
/// - Thread safety: a value type; use one variable from one thread at a time.
public struct SeededRandomGenerator: RandomNumberGenerator, Sendable {
    /// The seed this generator started from, for failure messages.
    public let seed: UInt64
    private var base: SplitMix64

    public init(seed: UInt64) {
        self.seed = seed
        self.base = SplitMix64(seed: seed)
    }

    public mutating func next() -> UInt64 {
        base.next()
    }

    /// Whether an event of probability `percent` / 100 happens.
    public mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &self) < percent
    }
}
