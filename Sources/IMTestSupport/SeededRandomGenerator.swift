import IMCore
import IMTransportKit

/// A small seeded random number generator (SplitMix64), so a test draws the same "random" values on
/// every run and a failure can be replayed from its seed.
///
/// - Thread safety: a value type; use one variable from one thread at a time.
package struct SeededRandomGenerator: RandomNumberGenerator, Sendable {
    /// The seed this generator started from, for failure messages.
    package let seed: UInt64
    private var base: SplitMix64

    package init(seed: UInt64) {
        self.seed = seed
        self.base = SplitMix64(seed: seed)
    }

    package mutating func next() -> UInt64 {
        base.next()
    }

    /// Whether an event of probability `percent` / 100 happens.
    package mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &self) < percent
    }
}
