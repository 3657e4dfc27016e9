import Foundation
import IMTransportKit

/// Reads a pipe line by line on a thread of its own, so that a process writing to it never blocks
/// on a full pipe, and keeps the lines for the test to look at.
/// - Thread safety: thread-safe.
final class LineReader: @unchecked Sendable {
    private let state = Locked<State>(State())
    private struct State {
        var lines: [String] = []
        var partial = Data()
        var ended = false
    }

    /// Starts reading `handle` until its end.
    init(_ handle: FileHandle, name: String) {
        let thread = Thread { [state] in
            while true {
                let chunk = handle.availableData
                let ended = state.withLock { state -> Bool in
                    guard !chunk.isEmpty else {
                        if !state.partial.isEmpty { state.lines.append(String(decoding: state.partial, as: UTF8.self)) }
                        state.partial = Data()
                        state.ended = true
                        return true
                    }
                    state.partial.append(chunk)
                    while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
                        state.lines.append(String(decoding: state.partial[state.partial.startIndex..<newline], as: UTF8.self))
                        state.partial = Data(state.partial[(newline + 1)...])
                    }
                    return false
                }
                if ended { return }
            }
        }
        thread.name = name
        thread.start()
    }

    /// Every complete line so far.
    var lines: [String] { state.withLock { $0.lines } }

    /// How many lines came so far.
    var count: Int { state.withLock { $0.lines.count } }

    /// Whether the pipe ended (the process closed it or exited).
    var ended: Bool { state.withLock { $0.ended } }

    /// The first line from index `start` on that satisfies `predicate`, waiting up to `timeout`
    /// seconds; nil when none came (or the pipe ended without one).
    func waitForLine(from start: Int = 0, timeout: Double, where predicate: (String) -> Bool) async -> (index: Int, line: String)? {
        let deadline = Date().addingTimeInterval(timeout)
        var next = start
        while true {
            let (lines, ended) = state.withLock { state in (Array(state.lines.dropFirst(next)), state.ended) }
            for (offset, line) in lines.enumerated() where predicate(line) {
                return (next + offset, line)
            }
            next += lines.count
            if ended || Date() > deadline { return nil }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}
