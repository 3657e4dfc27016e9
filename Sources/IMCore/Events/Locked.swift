import Foundation

/// A value behind a lock: the one way shared mutable state is kept in this package.
///
/// Never call user code inside `withLock`.
/// - Thread safety: safe from any thread; the lock is not reentrant.
package final class Locked<Value>: @unchecked Sendable {
    // Invariant: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
