import Foundation
import IMCore
import IMTransportKit

/// Counts API calls made from many threads and the callbacks they end in: each call must end in
/// exactly one (`succ` or `fail`).
///
/// - Thread safety: thread-safe; calls may begin on any thread and end on any queue.
package final class CallLedger: @unchecked Sendable {
    // Invariant: mutable state lives in `state`.
    private struct State {
        var names: [String] = []
        var endings: [Int] = []
        var failures: [String: Int] = [:]
    }

    private let state = Locked(State())

    package init() {}

    /// One call: `end` it from its callback; `wait` for it from a thread that needs its outcome.
    package final class Call: @unchecked Sendable {
        // Invariant: `index` and `ledger` are immutable; `outcome` is behind a lock, `done` is
        // signalled at the first ending.
        fileprivate let index: Int
        fileprivate unowned let ledger: CallLedger
        private let outcome = Locked<Int32?>(nil)
        private let done = DispatchSemaphore(value: 0)

        fileprivate init(index: Int, ledger: CallLedger) {
            self.index = index
            self.ledger = ledger
        }

        /// Records that the call ended: successfully (`code` 0) or with the error `code`.
        package func end(code: Int32 = 0) {
            ledger.state.withLock { state in
                state.endings[index] += 1
                if code != 0 { state.failures["\(state.names[index]) \(code)", default: 0] += 1 }
            }
            let first = outcome.withLock { outcome -> Bool in
                defer { outcome = outcome ?? code }
                return outcome == nil
            }
            if first { done.signal() }
        }

        /// `end()` as a `succ` that has no result.
        package var succ: @Sendable () -> Void { { self.end() } }

        /// `end(code:)` as a `fail`.
        package var fail: @Sendable (Int32, String?) -> Void { { code, _ in self.end(code: code) } }

        /// Blocks until the call ended, at most `seconds`.
        /// - Returns: the code it ended with (0: success); nil if it did not end in time.
        package func wait(seconds: Double) -> Int32? {
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            done.signal()
            return outcome.withLock { $0 }
        }
    }

    /// Records the start of a call named `name` (for failure messages).
    package func begin(_ name: String) -> Call {
        let index = state.withLock { state -> Int in
            state.names.append(name)
            state.endings.append(0)
            return state.names.count - 1
        }
        return Call(index: index, ledger: self)
    }

    /// The number of calls begun so far.
    package var begun: Int { state.withLock { $0.names.count } }

    /// The number of calls that ended at least once.
    package var ended: Int { state.withLock { $0.endings.filter { $0 > 0 }.count } }

    /// The calls that have not ended (yet), by name.
    package var open: [String] {
        state.withLock { state in state.names.indices.filter { state.endings[$0] == 0 }.map { state.names[$0] } }
    }

    /// The calls that ended more than once, by name.
    package var repeated: [String] {
        state.withLock { state in state.names.indices.filter { state.endings[$0] > 1 }.map { state.names[$0] } }
    }

    /// How often each call name ended with each error code ("name code": count).
    package var failures: [String: Int] { state.withLock { $0.failures } }
}
