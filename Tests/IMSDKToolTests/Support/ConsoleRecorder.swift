import Foundation
@testable import IMSDKTool

/// Records what the tool writes, line by line, from any thread.
final class ConsoleRecorder: @unchecked Sendable {
    // Invariant: `out` and `err` are only touched with `lock` held.
    private let lock = NSLock()
    private var out: [String] = []
    private var err: [String] = []

    /// A console that writes into this recorder.
    var console: Console {
        Console(out: { [self] line in lock.withLock { out.append(line) } },
                err: { [self] line in lock.withLock { err.append(line) } })
    }

    /// Everything written to standard output, one element per line.
    var outLines: [String] { Self.lines(lock.withLock { out }) }

    /// Everything written to standard error, one element per line.
    var errLines: [String] { Self.lines(lock.withLock { err }) }

    /// Splits multi-line writes (the usage text) into lines.
    private static func lines(_ writes: [String]) -> [String] {
        writes.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }
}
