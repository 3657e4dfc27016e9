import Foundation

/// A value behind a lock: the one way shared mutable state is kept in this package.
///
/// Never call user code inside `withLock`.
/// - Thread safety: safe from any thread; the lock is not reentrant. `Sendable` when the value is:
///   a lock does not make a non-`Sendable` value safe to hand out of `withLock`.
package final class Locked<Value> {
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

extension Locked: @unchecked Sendable where Value: Sendable {}

/// Carries a value that is not `Sendable` (a user's closure, a vendor-shaped object) to another
/// thread, usually the callback queue.
///
/// Sound only when the value is used on one thread at a time after being handed over: the package
/// hands user closures and the objects they get to the callback queue, and touches them nowhere else.
package struct Unchecked<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

/// Hands one value, `Sendable` or not, from the thread that produces it to the one waiting for it,
/// through a lock: the ordering ThreadSanitizer sees (it does not see the one a resumed
/// continuation makes on Linux).
///
/// Sound because the value moves once: `put` by the producer, then `take` by the consumer, which
/// owns it from then on; nobody else touches it.
package final class HandOverSlot<Value>: @unchecked Sendable {
    // Invariant: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value?

    package init() {}

    /// Puts the value (the last put wins).
    package func put(_ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        self.value = value
    }

    /// Takes the value out; nil when none was put.
    package func take() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        defer { value = nil }
        return value
    }
}
