/// Values attached to objects the table does not own, held until each object is released: what
/// the facades keep for objects they cannot give a stored property (the apps' local fields of a
/// message object not stored yet, for one).
///
/// Entries of released objects are dropped on the next change.
/// - Thread safety: safe from any thread (one lock). The objects are handed out only to the
///   closures of `drain(_:)`, on the caller's thread.
package final class WeakKeyedTable<Value: Sendable & Equatable>: @unchecked Sendable {
    private struct Entry {
        weak var object: AnyObject?
        var value: Value
    }

    // Invariant: `entries` is only touched inside `lock.withLock`.
    private let lock = Locked<[ObjectIdentifier: Entry]>([:])

    package init() {}

    /// The value attached to `object`, if any.
    /// - Complexity: O(1).
    package func value(for object: AnyObject) -> Value? {
        lock.withLock { entries in
            guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return nil }
            return entry.value
        }
    }

    /// Attaches `value` to `object` (nil detaches it).
    /// - Complexity: O(n) when released objects are dropped on the way, else O(1).
    package func set(_ value: Value?, for object: AnyObject) {
        lock.withLock { entries in
            if entries.count > 16 { entries = entries.filter { $0.value.object != nil } }
            entries[ObjectIdentifier(object)] = value.map { Entry(object: object, value: $0) }
        }
    }

    /// Whether no live object has a value.
    package var isEmpty: Bool {
        lock.withLock { entries in !entries.values.contains { $0.object != nil } }
    }

    /// Offers every live object's value to `take`, outside the lock; an object for which it returns
    /// true is detached (unless its value changed meanwhile).
    /// - Complexity: O(n) plus the calls.
    package func drain(_ take: (AnyObject, Value) -> Bool) {
        let live = lock.withLock { entries in
            entries.values.compactMap { entry in entry.object.map { ($0, entry.value) } }
        }
        for (object, value) in live where take(object, value) {
            lock.withLock { entries in
                let key = ObjectIdentifier(object)
                if let entry = entries[key], entry.object === object, entry.value == value { entries[key] = nil }
            }
        }
    }
}
