import Foundation

/// Many model-based sequences in a row: seeds `seed`, `seed + 1`, ... until a count of sequences
/// or a time budget is reached, or one fails (it is shrunk, and the run stops).
///
/// The XCTest target runs a fixed count from a fixed seed (the same operations on every run); the
/// long mode, `imsdk check --long SECONDS`, runs from a fresh seed until the time is up:
/// ```
/// swift run imsdk check                         # 1000 sequences of 20 steps from a random seed
/// swift run imsdk check --long 600 --steps 40   # ten minutes of 40-step sequences
/// swift run imsdk check --seed 7 --sequences 1  # replay one seed
/// swift run imsdk check --storage-faults        # with a failing disk, recoveries and restarts
/// swift run imsdk check --read-faults           # the same, the disk unreadable at times too
/// ```
package struct ModelCheckRun: Sendable {
    /// What to run.
    package struct Options: Hashable, Sendable {
        /// The first seed; sequence `i` uses `seed + i`.
        package var seed: UInt64
        /// Operations per sequence.
        package var steps: Int
        /// Stop after this many sequences (nil: only the time limit stops the run).
        package var sequences: Int?
        /// Stop once this many seconds have passed (checked between sequences).
        package var timeLimit: Double?
        /// A deliberate model mistake (tests of the check itself).
        package var flaw: ModelFlaw?
        /// Whether the sequences run the main device on disk and fail its disk
        /// (`ModelSequence.storageFaults`).
        package var storageFaults: Bool
        /// Whether its disk may also become unreadable (`ModelSequence.readFaults`; implies
        /// `storageFaults`).
        package var readFaults: Bool
        /// Whether the sequences also remove local messages (`ModelSequence.localRemovals`).
        package var localRemovals: Bool
        /// Whether peers also change messages (`ModelSequence.modifications`).
        package var modifications: Bool

        package init(
            seed: UInt64, steps: Int = 20, sequences: Int? = 1000, timeLimit: Double? = nil, flaw: ModelFlaw? = nil,
            storageFaults: Bool = false, readFaults: Bool = false, localRemovals: Bool = false, modifications: Bool = false
        ) {
            self.seed = seed
            self.steps = steps
            self.sequences = sequences
            self.timeLimit = timeLimit
            self.flaw = flaw
            self.storageFaults = storageFaults || readFaults
            self.readFaults = readFaults
            self.localRemovals = localRemovals
            self.modifications = modifications
        }
    }

    /// How far a run got.
    package struct Summary: Sendable {
        /// Sequences run (the failing one included).
        package var sequences = 0
        /// Operations applied and checked, over all sequences (shrinking replays not counted).
        package var steps = 0
        /// Wall-clock seconds so far.
        package var seconds = 0.0
        /// What the storage faults did (storage faults only).
        package var storage = ModelStorageCounts()
        /// The first failure, shrunk; nil when every sequence agreed with the model.
        package var failure: ModelFailure?
    }

    package let options: Options

    package init(options: Options) {
        self.options = options
    }

    /// Runs the sequences; `progress` gets the summary after each one.
    /// - Throws: when a session cannot be set up (not a divergence).
    package func run(progress: (Summary) -> Void = { _ in }) async throws -> Summary {
        let checker = ModelChecker(flaw: options.flaw)
        let start = Date()
        var summary = Summary()
        var index: UInt64 = 0
        while options.sequences.map({ summary.sequences < $0 }) ?? true {
            if let limit = options.timeLimit, Date().timeIntervalSince(start) >= limit { break }
            let sequence = ModelSequence(
                seed: options.seed &+ index, steps: options.steps, storageFaults: options.storageFaults,
                readFaults: options.readFaults, localRemovals: options.localRemovals, modifications: options.modifications)
            index += 1
            let failure = try await checker.run(sequence, counts: &summary.storage)
            summary.sequences += 1
            summary.steps += failure.map { $0.divergence.step } ?? sequence.operations.count
            summary.seconds = Date().timeIntervalSince(start)
            summary.failure = failure
            progress(summary)
            if failure != nil { break }
        }
        summary.seconds = Date().timeIntervalSince(start)
        return summary
    }
}
