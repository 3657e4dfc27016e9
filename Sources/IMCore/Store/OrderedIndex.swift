/// The ordered index of the conversation store: unique `UInt64` keys mapped to values, iterated
/// from the largest key down (the top of the conversation list first).
///
/// A copy-on-write B+tree with value semantics. Copying an index (`let snapshot = index`) is O(1);
/// a later mutation copies only the nodes on the path it touches, so a paging walk can keep reading
/// an old snapshot while the live index changes, and the snapshot never sees those changes.
///
/// Leaves hold the entries; internal nodes hold, for each child, its largest key and its number of
/// entries, which gives O(log n) lookup, rank and positional access.
///
/// Each entry also carries 64 bits of *tags* (what a filter can ask about the value: see
/// `FilterTag`), and internal nodes keep, for each child, the union and the intersection of the tags
/// below it. A walk for the entries whose tags include some bits and exclude others
/// (`forEachDescending(below:matching:_:)`) skips every subtree that cannot hold one, so a selective
/// filter costs about O(log n) per match instead of a scan of the entries in between.
/// - Thread safety: a value type; `Sendable` when `Value` is. Mutate one variable from one thread
///   at a time, as with any Swift value.
package struct OrderedIndex<Value> {
    /// The most entries a leaf, or children an internal node, may hold (computed only because a
    /// generic type cannot have a stored static property).
    static var maxOccupancy: Int { 64 }
    /// The fewest entries a non-root leaf, or children a non-root internal node, may hold.
    static var minOccupancy: Int { maxOccupancy / 2 }

    private(set) var root: Node

    /// The number of entries.
    ///
    /// - Complexity: O(1).
    package private(set) var count: Int

    /// Creates an empty index.
    ///
    /// - Complexity: O(1).
    package init() {
        root = Node(leafKeys: [], values: [], tags: [])
        count = 0
    }

    /// Whether the index has no entries.
    ///
    /// - Complexity: O(1).
    package var isEmpty: Bool { count == 0 }

    /// The value stored for `key`, or `nil` if there is none.
    ///
    /// - Complexity: O(log n).
    package subscript(key: UInt64) -> Value? {
        var node = root
        while !node.isLeaf {
            let slot = node.lowerBound(key)
            guard slot < node.keys.count else { return nil }
            node = node.children[slot]
        }
        let slot = node.lowerBound(key)
        guard slot < node.keys.count, node.keys[slot] == key else { return nil }
        return node.values[slot]
    }

    /// The entry with the largest key, or `nil` if the index is empty.
    ///
    /// - Complexity: O(log n).
    package var first: (key: UInt64, value: Value)? {
        var node = root
        while !node.isLeaf {
            node = node.children[node.children.count - 1]
        }
        guard let key = node.keys.last, let value = node.values.last else { return nil }
        return (key, value)
    }

    /// Stores `value` for `key` with `tags`, replacing any value (and tags) already there.
    ///
    /// - Returns: the value that was replaced, or `nil` if `key` was new.
    /// - Complexity: O(log n); copies the O(log n) nodes on the path if they are shared with a copy.
    @discardableResult
    package mutating func insert(_ value: Value, forKey key: UInt64, tags: UInt64 = 0) -> Value? {
        makeRootUnique()
        let (old, split) = root.insert(value, forKey: key, tags: tags)
        if old == nil { count += 1 }
        if let split {
            root = Node(
                children: [root, split.node],
                counts: [count - split.count, split.count]
            )
        }
        return old
    }

    /// Removes the entry for `key`.
    ///
    /// - Returns: the removed value, or `nil` if `key` was absent (the entries are then unchanged;
    ///   shared nodes on the path may have been copied, which no copy of the index can see).
    /// - Complexity: O(log n); copies the O(log n) nodes on the path if they are shared with a copy.
    @discardableResult
    package mutating func removeValue(forKey key: UInt64) -> Value? {
        makeRootUnique()
        guard let old = root.remove(key)?.value else { return nil }
        count -= 1
        while !root.isLeaf, root.children.count == 1 {
            root = root.children[0]
        }
        return old
    }

    /// The tags of the entry for `key`, or `nil` if there is none.
    ///
    /// - Complexity: O(log n).
    package func tags(forKey key: UInt64) -> UInt64? {
        var node = root
        while !node.isLeaf {
            let slot = node.lowerBound(key)
            guard slot < node.keys.count else { return nil }
            node = node.children[slot]
        }
        let slot = node.lowerBound(key)
        guard slot < node.keys.count, node.keys[slot] == key else { return nil }
        return node.tags[slot]
    }

    /// Replaces the tags of the entry for `key`; nothing happens when there is none.
    ///
    /// - Complexity: O(log n) nodes, each summarised again in O(`maxOccupancy`); copies the nodes on
    ///   the path if they are shared with a copy.
    package mutating func setTags(_ tags: UInt64, forKey key: UInt64) {
        makeRootUnique()
        _ = root.setTags(tags, forKey: key)
    }

    /// Up to `limit` entries with keys strictly below `key` (from the largest key when `key` is `nil`),
    /// largest key first.
    ///
    /// Pass the last key of one page as `key` to get the next page.
    /// - Precondition: `limit >= 0`.
    /// - Complexity: O(log n + limit).
    package func elements(below key: UInt64?, limit: Int) -> [(key: UInt64, value: Value)] {
        precondition(limit >= 0, "OrderedIndex.elements(below:limit:): negative limit \(limit)")
        var page: [(key: UInt64, value: Value)] = []
        guard limit > 0 else { return page }
        page.reserveCapacity(Swift.min(limit, count))
        forEachDescending(below: key) { key, value in
            page.append((key, value))
            return page.count < limit
        }
        return page
    }

    /// Calls `body` for each entry with a key strictly below `key` (every entry when `key` is `nil`),
    /// largest key first, until `body` returns `false`.
    ///
    /// - Complexity: O(log n + k), where k is the number of entries visited; allocates nothing.
    package func forEachDescending(
        below key: UInt64?, _ body: (UInt64, Value) throws -> Bool
    ) rethrows {
        _ = try Self.visitDescending(root, below: key, body)
    }

    /// Calls `body` for each entry below `key` (every entry when `key` is `nil`) whose tags hold every
    /// bit of `query.required` and none of `query.excluded`, largest key first, until `body` returns
    /// `false`.
    ///
    /// - Complexity: O(log n) per entry found, plus the leaves scanned on the way: a subtree is
    ///   skipped when the union of its tags lacks a required bit or the intersection holds an
    ///   excluded one. Allocates nothing.
    package func forEachDescending(
        below key: UInt64?, matching query: TagQuery, _ body: (UInt64, Value) throws -> Bool
    ) rethrows {
        _ = try Self.visitDescending(root, below: key, matching: query, body)
    }

    /// The 0-based position of `key` in descending order (0 is the largest key), or `nil` if absent.
    ///
    /// - Complexity: O(log n).
    package func rank(of key: UInt64) -> Int? {
        var ascending = 0
        var node = root
        while !node.isLeaf {
            let slot = node.lowerBound(key)
            guard slot < node.keys.count else { return nil }
            for child in 0..<slot { ascending += node.counts[child] }
            node = node.children[slot]
        }
        let slot = node.lowerBound(key)
        guard slot < node.keys.count, node.keys[slot] == key else { return nil }
        return count - 1 - (ascending + slot)
    }

    /// The entry at `rank` in descending order (0 is the largest key).
    ///
    /// - Precondition: `0 <= rank < count`.
    /// - Complexity: O(log n).
    package func element(atRank rank: Int) -> (key: UInt64, value: Value) {
        precondition(rank >= 0 && rank < count, "OrderedIndex.element(atRank:): rank \(rank) out of 0..<\(count)")
        var ascending = count - 1 - rank
        var node = root
        while !node.isLeaf {
            var slot = 0
            while ascending >= node.counts[slot] {
                ascending -= node.counts[slot]
                slot += 1
            }
            node = node.children[slot]
        }
        return (node.keys[ascending], node.values[ascending])
    }

    /// Visits `node`'s entries below `bound` whose tags match `query`, in descending order; returns
    /// `false` once `body` stops.
    private static func visitDescending(
        _ node: Node, below bound: UInt64?, matching query: TagQuery, _ body: (UInt64, Value) throws -> Bool
    ) rethrows -> Bool {
        if node.isLeaf {
            var slot = bound.map(node.lowerBound) ?? node.keys.count
            while slot > 0 {
                slot -= 1
                guard query.admits(node.tags[slot]) else { continue }
                guard try body(node.keys[slot], node.values[slot]) else { return false }
            }
            return true
        }
        var slot = Swift.min(bound.map(node.lowerBound) ?? node.keys.count, node.keys.count - 1)
        var first = true
        while slot >= 0 {
            if query.mayHold(any: node.anyTags[slot], all: node.allTags[slot]) {
                let childBound = first ? bound : nil
                guard try visitDescending(node.children[slot], below: childBound, matching: query, body) else {
                    return false
                }
            }
            first = false
            slot -= 1
        }
        return true
    }

    private mutating func makeRootUnique() {
        if !isKnownUniquelyReferenced(&root) {
            root = root.copy()
        }
    }

    /// Visits `node`'s entries below `bound` in descending order; returns `false` once `body` stops.
    private static func visitDescending(
        _ node: Node, below bound: UInt64?, _ body: (UInt64, Value) throws -> Bool
    ) rethrows -> Bool {
        if node.isLeaf {
            var slot = bound.map(node.lowerBound) ?? node.keys.count
            while slot > 0 {
                slot -= 1
                guard try body(node.keys[slot], node.values[slot]) else { return false }
            }
            return true
        }
        // Children before the first one whose largest key reaches `bound` lie wholly below it.
        var slot = Swift.min(bound.map(node.lowerBound) ?? node.keys.count, node.keys.count - 1)
        guard try visitDescending(node.children[slot], below: bound, body) else { return false }
        while slot > 0 {
            slot -= 1
            guard try visitDescending(node.children[slot], below: nil, body) else { return false }
        }
        return true
    }
}

// Nodes are reference types with mutable arrays, so the compiler cannot prove this. It holds because
// a node is never mutated once it is reachable from more than one index: every mutation first checks
// `isKnownUniquelyReferenced` on the root and on each child along its path and copies shared nodes.
extension OrderedIndex: @unchecked Sendable where Value: Sendable {}

extension OrderedIndex {
    /// A tree node: a leaf holds entries (`keys`, `values`); an internal node holds children, with
    /// `keys` the largest key and `counts` the number of entries of each child.
    ///
    /// A node is mutated only while its index holds the sole reference to it.
    final class Node {
        let isLeaf: Bool
        // No dynamic exclusivity checks: a node is mutated only by the one index that holds it
        // uniquely (see above), never re-entrantly, and the checks cost ~15% of an ingest.
        @exclusivity(unchecked) var keys: [UInt64]
        @exclusivity(unchecked) var values: [Value]
        @exclusivity(unchecked) var children: [Node]
        @exclusivity(unchecked) var counts: [Int]
        /// A leaf's tags, one per entry.
        @exclusivity(unchecked) var tags: [UInt64]
        /// An internal node's union and intersection of the tags of each child's subtree.
        @exclusivity(unchecked) var anyTags: [UInt64]
        @exclusivity(unchecked) var allTags: [UInt64]

        init(
            isLeaf: Bool, keys: [UInt64], values: [Value], tags: [UInt64], children: [Node], counts: [Int],
            anyTags: [UInt64], allTags: [UInt64]
        ) {
            self.isLeaf = isLeaf
            self.keys = keys
            self.values = values
            self.tags = tags
            self.children = children
            self.counts = counts
            self.anyTags = anyTags
            self.allTags = allTags
        }

        convenience init(leafKeys keys: [UInt64], values: [Value], tags: [UInt64]) {
            self.init(
                isLeaf: true, keys: keys, values: values, tags: tags, children: [], counts: [], anyTags: [], allTags: [])
        }

        /// An internal node over `children`, summarising each.
        convenience init(children: [Node], counts: [Int]) {
            let keys = children.map { $0.keys[$0.keys.count - 1] }
            let summaries = children.map(\.summary)
            self.init(
                isLeaf: false, keys: keys, values: [], tags: [], children: children, counts: counts,
                anyTags: summaries.map(\.any), allTags: summaries.map(\.all))
        }

        /// A shallow copy: the arrays are shared copy-on-write, the children are shared nodes.
        func copy() -> Node {
            Node(
                isLeaf: isLeaf, keys: keys, values: values, tags: tags, children: children, counts: counts,
                anyTags: anyTags, allTags: allTags)
        }

        /// The union and the intersection of the tags in this subtree (all bits set when empty).
        /// - Complexity: O(`maxOccupancy`).
        var summary: (any: UInt64, all: UInt64) {
            var any: UInt64 = 0
            var all: UInt64 = ~0
            if isLeaf {
                for tag in tags {
                    any |= tag
                    all &= tag
                }
            } else {
                for slot in anyTags.indices {
                    any |= anyTags[slot]
                    all &= allTags[slot]
                }
            }
            return (any, all)
        }

        /// Summarises the child at `slot` again; returns whether its summary changed.
        @discardableResult
        func refreshSummary(_ slot: Int) -> Bool {
            let summary = children[slot].summary
            guard summary.any != anyTags[slot] || summary.all != allTags[slot] else { return false }
            anyTags[slot] = summary.any
            allTags[slot] = summary.all
            return true
        }

        /// The first slot whose key is at least `key` (`keys.count` if none).
        ///
        /// A search without a branch on the comparison (it compiles to a conditional move): the keys
        /// of a node are in no pattern a branch predictor could learn, and every change of the index
        /// runs one search per level.
        func lowerBound(_ key: UInt64) -> Int {
            keys.withUnsafeBufferPointer { keys in
                var base = 0, remaining = keys.count
                guard remaining > 0 else { return 0 }
                // The answer lies in base...base + remaining.
                while remaining > 1 {
                    let half = remaining / 2
                    base = keys[base + half] < key ? base + half : base
                    remaining -= half
                }
                return base + (keys[base] < key ? 1 : 0)
            }
        }
    }
}
