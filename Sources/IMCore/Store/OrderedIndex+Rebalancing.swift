/// Changing a uniquely referenced subtree: insertion and removal, and the splits, borrows and merges
/// that keep every node within its occupancy bounds.
extension OrderedIndex.Node {
    /// Inserts or replaces (value and tags) in this uniquely referenced subtree; returns the
    /// replaced value and, if the node overflowed, the new right sibling split off it with its
    /// entry count. The summaries on the path stay exact.
    func insert(
        _ value: Value, forKey key: UInt64, tags tag: UInt64
    ) -> (old: Value?, split: (node: OrderedIndex.Node, count: Int)?) {
        if isLeaf {
            let slot = lowerBound(key)
            if slot < keys.count, keys[slot] == key {
                let old = values[slot]
                values[slot] = value
                tags[slot] = tag
                return (old, nil)
            }
            keys.insert(key, at: slot)
            values.insert(value, at: slot)
            tags.insert(tag, at: slot)
            return (nil, splitIfOverfull())
        }
        let slot = Swift.min(lowerBound(key), keys.count - 1)
        makeChildUnique(slot)
        let (old, childSplit) = children[slot].insert(value, forKey: key, tags: tag)
        if old == nil { counts[slot] += 1 }
        if let childSplit {
            children.insert(childSplit.node, at: slot + 1)
            keys.insert(childSplit.node.keys[childSplit.node.keys.count - 1], at: slot + 1)
            counts.insert(childSplit.count, at: slot + 1)
            anyTags.insert(0, at: slot + 1)
            allTags.insert(0, at: slot + 1)
            counts[slot] -= childSplit.count
            refreshSummary(slot)
            refreshSummary(slot + 1)
        } else if old == nil {
            // A new entry only widens the union and narrows the intersection.
            anyTags[slot] |= tag
            allTags[slot] &= tag
        } else {
            refreshSummary(slot)
        }
        keys[slot] = children[slot].keys[children[slot].keys.count - 1]
        return (old, splitIfOverfull())
    }

    /// Replaces the tags of `key` in this uniquely referenced subtree (nothing when absent) and
    /// summarises the path again, up to the first node whose summary did not change.
    /// - Returns: whether this subtree's tags may have changed (its parent summarises it again).
    func setTags(_ tag: UInt64, forKey key: UInt64) -> Bool {
        let slot = lowerBound(key)
        guard slot < keys.count else { return false }
        if isLeaf {
            guard keys[slot] == key, tags[slot] != tag else { return false }
            tags[slot] = tag
            return true
        }
        makeChildUnique(slot)
        return children[slot].setTags(tag, forKey: key) && refreshSummary(slot)
    }

    /// Removes `key` from this uniquely referenced subtree and returns its value (nil when absent:
    /// nothing changes but copies of shared nodes on the path); a child left below minimum
    /// occupancy borrows from or merges with a neighbour. The summaries on the path stay exact;
    /// a node stops summarising its parent's path once a child's summary came out unchanged.
    /// - Returns: the removed value, and whether this subtree's tags may have changed.
    func remove(_ key: UInt64) -> (value: Value, tagsChanged: Bool)? {
        let slot = lowerBound(key)
        if isLeaf {
            guard slot < keys.count, keys[slot] == key else { return nil }
            keys.remove(at: slot)
            tags.remove(at: slot)
            return (values.remove(at: slot), true)
        }
        guard slot < keys.count else { return nil }
        makeChildUnique(slot)
        guard let (old, childChanged) = children[slot].remove(key) else { return nil }
        counts[slot] -= 1
        let child = children[slot]
        keys[slot] = child.keys[child.keys.count - 1]
        if child.keys.count < OrderedIndex.minOccupancy {
            rebalanceChild(at: slot)
            return (old, true)
        }
        return (old, childChanged && refreshSummary(slot))
    }

    private func makeChildUnique(_ slot: Int) {
        if !isKnownUniquelyReferenced(&children[slot]) {
            children[slot] = children[slot].copy()
        }
    }

    /// Splits off the upper half if this node holds more than the maximum.
    ///
    /// Both halves get arrays of their own size: the lower half drops the capacity the full node's
    /// arrays grew to (twice the maximum), which a node filled in key order (conversations move to
    /// the top of the list) would otherwise keep for good, holding a quarter of it.
    private func splitIfOverfull() -> (node: OrderedIndex.Node, count: Int)? {
        guard keys.count > OrderedIndex.maxOccupancy else { return nil }
        let middle = keys.count / 2
        let upperKeys = Array(keys[middle...])
        keys = Array(keys[..<middle])
        if isLeaf {
            let upperValues = Array(values[middle...])
            let upperTags = Array(tags[middle...])
            values = Array(values[..<middle])
            tags = Array(tags[..<middle])
            return (OrderedIndex.Node(leafKeys: upperKeys, values: upperValues, tags: upperTags), upperKeys.count)
        }
        let upperChildren = Array(children[middle...])
        let upperCounts = Array(counts[middle...])
        let upperAny = Array(anyTags[middle...])
        let upperAll = Array(allTags[middle...])
        children = Array(children[..<middle])
        counts = Array(counts[..<middle])
        anyTags = Array(anyTags[..<middle])
        allTags = Array(allTags[..<middle])
        let upper = OrderedIndex.Node(
            isLeaf: false, keys: upperKeys, values: [], tags: [], children: upperChildren, counts: upperCounts,
            anyTags: upperAny, allTags: upperAll)
        return (upper, upperCounts.reduce(0, +))
    }

    /// Restores minimum occupancy of the uniquely referenced child at `slot` from a neighbour, and
    /// summarises the children that changed.
    private func rebalanceChild(at slot: Int) {
        if slot > 0 {
            let left = slot - 1
            makeChildUnique(left)
            if children[left].keys.count > OrderedIndex.minOccupancy {
                moveLastEntry(from: left, to: slot)
                refreshSummary(left)
                refreshSummary(slot)
            } else {
                mergeChild(at: slot, into: left)
                refreshSummary(left)
            }
        } else {
            let right = slot + 1
            if children[right].keys.count > OrderedIndex.minOccupancy {
                makeChildUnique(right)
                moveFirstEntry(from: right, to: slot)
                refreshSummary(slot)
                refreshSummary(right)
            } else {
                mergeChild(at: right, into: slot)
                refreshSummary(slot)
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
            receiver.tags.insert(donor.tags.removeLast(), at: 0)
            moved = 1
        } else {
            receiver.children.insert(donor.children.removeLast(), at: 0)
            moved = donor.counts.removeLast()
            receiver.counts.insert(moved, at: 0)
            receiver.anyTags.insert(donor.anyTags.removeLast(), at: 0)
            receiver.allTags.insert(donor.allTags.removeLast(), at: 0)
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
            receiver.tags.append(donor.tags.removeFirst())
            moved = 1
        } else {
            receiver.children.append(donor.children.removeFirst())
            moved = donor.counts.removeFirst()
            receiver.counts.append(moved)
            receiver.anyTags.append(donor.anyTags.removeFirst())
            receiver.allTags.append(donor.allTags.removeFirst())
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
        receiver.tags.append(contentsOf: donor.tags)
        receiver.children.append(contentsOf: donor.children)
        receiver.counts.append(contentsOf: donor.counts)
        receiver.anyTags.append(contentsOf: donor.anyTags)
        receiver.allTags.append(contentsOf: donor.allTags)
        keys[target] = keys[source]
        counts[target] += counts[source]
        keys.remove(at: source)
        counts.remove(at: source)
        children.remove(at: source)
        anyTags.remove(at: source)
        allTags.remove(at: source)
    }
}
