import Foundation

/// What a sample screen of the migration guide showed, in order, for tests to wait on.
///
/// The screens run on the SDK's callback queue; tests read this log from their own task.
/// - Thread safety: thread-safe; every access takes one lock.
final class ScreenLog: @unchecked Sendable {
    /// One thing a screen did.
    enum Entry: Equatable, Sendable {
        case loggedIn
        /// The table was reloaded with these rows.
        case reloaded([InboxRow])
        /// An error was shown.
        case failed(Int32)
    }

    private let lock = NSLock()
    private var entries: [Entry] = []

    /// Everything recorded so far.
    var all: [Entry] { lock.withLock { entries } }

    /// The rows of the latest reload, if any.
    var lastReload: [InboxRow]? {
        all.reversed().lazy.compactMap { entry -> [InboxRow]? in
            if case .reloaded(let rows) = entry { return rows } else { return nil }
        }.first
    }

    /// The error codes shown so far, in order.
    var failures: [Int32] {
        all.compactMap { entry in
            if case .failed(let code) = entry { return code } else { return nil }
        }
    }

    func record(_ entry: Entry) {
        lock.withLock { entries.append(entry) }
    }

    /// Forgets everything recorded so far.
    func clear() {
        lock.withLock { entries.removeAll() }
    }

    /// Waits until `condition` holds for the log (checked every 5 ms, at most `timeout` seconds).
    /// - Returns: whether it held in time.
    @discardableResult
    func wait(timeout: TimeInterval = 5, until condition: ([Entry]) -> Bool) async -> Bool {
        let deadline = DispatchTime.now() + timeout
        while DispatchTime.now() < deadline {
            if condition(all) { return true }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return condition(all)
    }

    /// Waits until a reload shows rows that satisfy `condition`; returns those rows, or nil.
    func waitForReload(timeout: TimeInterval = 5, where condition: ([InboxRow]) -> Bool) async -> [InboxRow]? {
        var found: [InboxRow]?
        await wait(timeout: timeout) { entries in
            for case .reloaded(let rows) in entries.reversed() where condition(rows) {
                found = rows
                return true
            }
            return false
        }
        return found
    }
}
