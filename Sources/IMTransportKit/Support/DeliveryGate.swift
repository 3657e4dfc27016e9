import Foundation

/// Lets deliveries through to one connection until it closes, and lets `close()` wait for the one
/// delivery that may be running at that moment.
///
/// - Thread safety: thread-safe; all mutable state is guarded by `condition`. `deliver(_:)` runs its
///   body without holding the lock, so the body may call back into the gate or the server.
package final class DeliveryGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var open = true

    package init() {}
    /// The thread running a delivery through this gate right now, if any.
    private var deliveringThread: pthread_t?

    /// Whether deliveries still go through.
    package var isOpen: Bool {
        condition.lock()
        defer { condition.unlock() }
        return open
    }

    /// Stops every later delivery; does not wait for one in progress (see `waitUntilIdle()`).
    package func markClosed() {
        condition.lock()
        open = false
        condition.unlock()
    }

    /// Runs `body` if the gate is open, marking the calling thread as delivering meanwhile.
    ///
    /// - Returns: whether `body` ran.
    package func deliver(_ body: () -> Void) -> Bool {
        condition.lock()
        guard open else {
            condition.unlock()
            return false
        }
        deliveringThread = pthread_self()
        condition.unlock()
        body()
        condition.lock()
        deliveringThread = nil
        condition.broadcast()
        condition.unlock()
        return true
    }

    /// Waits until no delivery is running through this gate, unless the caller is that delivery
    /// (a sink or completion that closes its own connection), which would wait for itself.
    package func waitUntilIdle() {
        condition.lock()
        defer { condition.unlock() }
        while let thread = deliveringThread, pthread_equal(thread, pthread_self()) == 0 {
            condition.wait()
        }
    }
}
