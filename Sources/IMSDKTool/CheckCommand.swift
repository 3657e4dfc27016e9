import Foundation
import IMTestSupport

/// The options of `imsdk check`.
struct CheckOptions: Equatable, Sendable {
    /// Sequences to run; nil: until the time limit.
    var sequences: Int? = 1000
    /// Operations per sequence.
    var steps = 20
    /// The first seed; nil: one drawn at random (and printed).
    var seed: UInt64?
    /// Seconds to run for (`--long`).
    var seconds: Double?
    /// A deliberately wrong model, to see what a failure looks like.
    var flaw: ModelFlaw?
    /// Whether the device stores on disk and the disk fails (`ModelSequence.storageFaults`).
    var storageFaults = false
    /// Whether the disk may also become unreadable (`ModelSequence.readFaults`; implies `storageFaults`).
    var readFaults = false
    /// Whether the sequences also remove local messages (`ModelSequence.localRemovals`).
    var localRemovals = false
    /// Whether peers also change messages (`ModelSequence.modifications`).
    var modifications = false

    /// Parses the arguments after `check`; nil when they ask for the help.
    ///
    /// `--long SECONDS` without `--sequences` runs until the time is up; with it, until either limit.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> CheckOptions? {
        var options = CheckOptions()
        var sequencesGiven = false
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--storage-faults":
                options.storageFaults = true
            case "--read-faults":
                options.storageFaults = true
                options.readFaults = true
            case "--local-removals":
                options.localRemovals = true
            case "--modifications":
                options.modifications = true
            case "--sequences", "--steps", "--seed", "--long", "--flaw":
                guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a value") }
                switch argument {
                case "--seed":
                    guard let seed = UInt64(value) else {
                        throw UsageError("--seed needs a whole number from 0 to \(UInt64.max), not '\(value)'")
                    }
                    options.seed = seed
                case "--flaw":
                    guard let flaw = ModelFlaw(rawValue: value) else {
                        let names = ModelFlaw.allCases.map(\.rawValue).joined(separator: ", ")
                        throw UsageError("--flaw needs one of \(names), not '\(value)'")
                    }
                    options.flaw = flaw
                default:
                    guard let number = Int(value), number > 0 else {
                        throw UsageError("\(argument) needs a positive number, not '\(value)'")
                    }
                    switch argument {
                    case "--sequences":
                        options.sequences = number
                        sequencesGiven = true
                    case "--steps": options.steps = number
                    default: options.seconds = Double(number)
                    }
                }
            case let option where option.hasPrefix("-"):
                throw UsageError("unknown option '\(option)'")
            default:
                throw UsageError("unexpected argument '\(argument)'")
            }
        }
        if options.seconds != nil && !sequencesGiven { options.sequences = nil }
        return options
    }
}

/// `imsdk check`: the model-based check of both APIs (`ModelCheckRun`), for as long as asked.
///
/// Prints the seed first, a progress line every 10 seconds, and the figures at the end (sequences,
/// steps, seconds). On a divergence it prints the seed, the step, what differed and the shrunk
/// sequence, and the tool exits 1.
struct CheckCommand {
    let options: CheckOptions
    let console: Console

    /// Runs the sequences; true when every one agreed with the model.
    func run() async throws -> Bool {
        let seed = options.seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let limits = [options.sequences.map { "\($0) sequences" }, options.seconds.map { "\(Int($0)) s" }]
            .compactMap { $0 }.joined(separator: " or ")
        console.out("imsdk check: \(limits) of \(options.steps) steps, seeds \(seed), \(seed &+ 1), ..."
            + (options.readFaults ? " (with storage and read faults)" : options.storageFaults ? " (with storage faults)" : "")
            + (options.localRemovals ? " (with local removals)" : "")
            + (options.modifications ? " (with changed messages)" : "")
            + (options.flaw.map { " (deliberately wrong model: \($0.rawValue))" } ?? ""))
        let run = ModelCheckRun(options: ModelCheckRun.Options(
            seed: seed, steps: options.steps, sequences: options.sequences, timeLimit: options.seconds,
            flaw: options.flaw, storageFaults: options.storageFaults, readFaults: options.readFaults,
            localRemovals: options.localRemovals, modifications: options.modifications))
        var printedAt = 0.0
        let summary = try await run.run { summary in
            guard summary.failure == nil, summary.seconds - printedAt >= 10 else { return }
            printedAt = summary.seconds
            console.out("  \(figures(summary))")
        }
        if let failure = summary.failure {
            console.out(failure.description)
            console.out("FAILED after \(figures(summary))")
            return false
        }
        console.out("passed: \(figures(summary))")
        return true
    }

    private func figures(_ summary: ModelCheckRun.Summary) -> String {
        let rate = summary.seconds > 0 ? Double(summary.steps) / summary.seconds : 0
        return "\(summary.sequences) sequences, \(summary.steps) steps in "
            + String(format: "%.1f s (%.0f steps/s)", summary.seconds, rate)
            + (options.storageFaults ? ", \(summary.storage.failedCalls) calls failed with 6022 while the disk failed" : "")
            + (options.readFaults ? ", \(summary.storage.failedReads) reads failed with 6019, the database dropped "
                + "\(summary.storage.databaseDrops) times" : "")
    }
}
