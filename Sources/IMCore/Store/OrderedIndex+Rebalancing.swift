/// Changing a uniquely referenced subtree: insertion and removal, and the splits, borrows and merges
/// that keep every node within its occupancy bounds.
extension OrderedIndex.Node {
    /// Inserts or replaces in this uniquely referenced subtree; returns the replaced value and,
    /// if the node overflowed, the new right sibling split off it with its entry count.
    func insert(_ value: Value, forKey key: UInt64) -> (old: Value?, split: (node: OrderedIndex.Node, count: Int)?) {
        if isLeaf {
            let slot = lowerBound(key)
            if slot < keys.count, keys[slot] == key {
                let old = values[slot]
                values[slot] = value
                return (old, nil)
            }
            keys.insert(key, at: slot)
            values.insert(value, at: slot)
            return (nil, splitIfOverfull())
        }
        let slot = Swift.min(lowerBound(key), keys.count - 1)
        makeChildUnique(slot)
        let (old, childSplit) = children[slot].insert(value, forKey: key)
        if old == nil { counts[slot] += 1 }
        if let childSplit {
            children.insert(childSplit.node, at: slot + 1)
            keys.insert(childSplit.node.keys[childSplit.node.keys.count - 1], at: slot + 1)
            counts.insert(childSplit.count, at: slot + 1)
            counts[slot] -= childSplit.count
        }
        keys[slot] = children[slot].keys[children[slot].keys.count - 1]
        return (old, splitIfOverfull())
    }

    /// Removes `key` from this uniquely referenced subtree and returns its value (nil when absent:
    /// nothing changes but copies of shared nodes on the path); a child left below minimum
    /// occupancy borrows from or merges with a neighbour.
    func remove(_ key: UInt64) -> Value? {
        let slot = lowerBound(key)
        if isLeaf {
            guard slot < keys.count, keys[slot] == key else { return nil }
            keys.remove(at: slot)
            return values.remove(at: slot)
        }
        guard slot < keys.count else { return nil }
        makeChildUnique(slot)
        guard let old = children[slot].remove(key) else { return nil }
        counts[slot] -= 1
        let child = children[slot]
        keys[slot] = child.keys[child.keys.count - 1]
        if child.keys.count < OrderedIndex.minOccupancy {
            rebalanceChild(at: slot)
        }
        return old
    }

    private func makeChildUnique(_ slot: Int) {
        if !isKnownUniquelyReferenced(&children[slot]) {
            children[slot] = children[slot].copy()
        }
    }

    /// Splits off the upper half if this node holds more than the maximum.
    private func splitIfOverfull() -> (node: OrderedIndex.Node, count: Int)? {
        guard keys.count > OrderedIndex.maxOccupancy else { return nil }
        let middle = keys.count / 2
        let upperKeys = Array(keys[middle...])
        keys.removeSubrange(middle...)
        if isLeaf {
            let upperValues = Array(values[middle...])
            values.removeSubrange(middle...)
            return (OrderedIndex.Node(leafKeys: upperKeys, values: upperValues), upperKeys.count)
        }
        let upperChildren = Array(children[middle...])
        let upperCounts = Array(counts[middle...])
        children.removeSubrange(middle...)
        counts.removeSubrange(middle...)
        let upper = OrderedIndex.Node(
            isLeaf: false, keys: upperKeys, values: [], children: upperChildren, counts: upperCounts)
        return (upper, upperCounts.reduce(0, +))
    }

    /// Restores minimum occupancy of the uniquely referenced child at `slot` from a neighbour.
    private func rebalanceChild(at slot: Int) {
        if slot > 0 {
            let left = slot - 1
            makeChildUnique(left)
            if children[left].keys.count > OrderedIndex.minOccupancy {
                moveLastEntry(from: left, to: slot)
            } else {
                mergeChild(at: slot, into: left)
            }
        } else {
            let right = slot + 1
            if children[right].keys.count > OrderedIndex.minOccupancy {
                makeChildUnique(right)
                moveFirstEntry(from: right, to: slot)
            } else {
                mergeChild(at: right, into: slot)
            }
        }
    }

    /// Moves the last entry (or child) of the child at `source` to the front of its right neighbour.
    private func moveLastEntry(from source: Int, to target: Int) {
        let donor = children[source]
        let receiver = children[target]
        let moved: Int
        receiver.keys.insert(donor.keys.removeLast(), at: 0)
        if donor.isLeaf {
            receiver.values.insert(donor.values.removeLast(), at: 0)
            moved = 1
        } else {
            receiver.children.insert(donor.children.removeLast(), at: 0)
            moved = donor.counts.removeLast()
            receiver.counts.insert(moved, at: 0)
        }
        counts[source] -= moved
        counts[target] += moved
        keys[source] = donor.keys[donor.keys.count - 1]
    }

    /// Moves the first entry (or child) of the child at `source` to the end of its left neighbour.
    private func moveFirstEntry(from source: Int, to target: Int) {
        let donor = children[source]
        let receiver = children[target]
        let moved: Int
        receiver.keys.append(donor.keys.removeFirst())
        if donor.isLeaf {
            receiver.values.append(donor.values.removeFirst())
            moved = 1
        } else {
            receiver.children.append(donor.children.removeFirst())
            moved = donor.counts.removeFirst()
            receiver.counts.append(moved)
        }
        counts[source] -= moved
        counts[target] += moved
        keys[target] = receiver.keys[receiver.keys.count - 1]
    }

    /// Appends the child at `source` to its left neighbour at `target` and drops it.
    private func mergeChild(at source: Int, into target: Int) {
        let donor = children[source]
        let receiver = children[target]
        receiver.keys.append(contentsOf: donor.keys)
        receiver.values.append(contentsOf: donor.values)
        receiver.children.append(contentsOf: donor.children)
        receiver.counts.append(contentsOf: donor.counts)
        keys[target] = keys[source]
        counts[target] += counts[source]
        keys.remove(at: source)
        counts.remove(at: source)
        children.remove(at: source)
    }
}
