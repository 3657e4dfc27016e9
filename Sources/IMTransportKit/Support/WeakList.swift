
/// Listeners held weakly, in the order added, each once: what both facades keep of the objects
/// apps register (the vendor's SDK holds listeners weakly too).
///
/// - Thread safety: a value type to keep behind the owner's lock. It is `Sendable` because it holds
///   only weak references and hands the objects out only to be called on the callback queue.
package struct WeakList<Element>: @unchecked Sendable {
    private struct Entry {
        weak var object: AnyObject?
    }

    private var entries: [Entry] = []

    package init() {}

    /// Adds `object` unless it is already in the list (released entries are dropped on the way).
    package mutating func add(_ object: AnyObject) {
        entries.removeAll { $0.object == nil }
        if !entries.contains(where: { $0.object === object }) { entries.append(Entry(object: object)) }
    }

    /// Removes `object` (and released entries).
    package mutating func remove(_ object: AnyObject) {
        entries.removeAll { $0.object == nil || $0.object === object }
    }

    /// Removes everything.
    package mutating func removeAll() {
        entries.removeAll()
    }

    /// The listeners still alive, in the order added.
    package var elements: [Element] {
        entries.compactMap { $0.object as? Element }
    }
}
