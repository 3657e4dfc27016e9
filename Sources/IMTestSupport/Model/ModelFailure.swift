import Foundation

/// A failed model-based sequence: where it diverged, and the shortest sequence found that still does.
package struct ModelFailure: Error, Sendable, CustomStringConvertible {
    /// The generated sequence that failed (its seed replays it).
    package var sequence: ModelSequence
    package var divergence: ModelDivergence
    /// The sequence after shrinking: operations removed while it still failed.
    package var shrunk: ModelSequence
    /// The divergence of the shrunk sequence.
    package var shrunkDivergence: ModelDivergence
    /// How many sequences the shrinking replayed.
    package var replays: Int

    private var options: String {
        (sequence.readFaults ? " --read-faults" : sequence.storageFaults ? " --storage-faults" : "")
            + (sequence.localRemovals ? " --local-removals" : "")
            + (sequence.modifications ? " --modifications" : "")
    }

    package var description: String {
        """
        Model-based check failed: seed \(sequence.seed), \(sequence.operations.count) steps
          \(divergence.description.replacingOccurrences(of: "\n", with: "\n  "))
        Shrunk to \(shrunk.operations.count) operation(s) (\(replays) replays):
        \(shrunk.operations.isEmpty ? "  (none: it fails right after login)" : shrunk.description)
          \(shrunkDivergence.description.replacingOccurrences(of: "\n", with: "\n  "))
        Replay: imsdk check --seed \(sequence.seed) --steps \(sequence.operations.count) --sequences 1\(options)
        """
    }
}
