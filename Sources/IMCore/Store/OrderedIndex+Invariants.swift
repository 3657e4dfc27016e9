/// Checking the structural invariants of the tree, for tests and debug checks.
extension OrderedIndex {
    /// Checks every structural invariant of the tree and traps on the first violation.
    ///
    /// Keys strictly increase within and across nodes, each internal node's per-child largest keys
    /// and counts match its children, every non-root node is within its occupancy bounds, all leaves
    /// are at the same depth, the entries add up to `count`, and each child's tag summaries are the
    /// exact union and intersection of the tags below it.
    /// - Complexity: O(n).
    package func _checkInvariants() {
        if root.isLeaf {
            precondition(root.keys.count <= Self.maxOccupancy, "root leaf overfull")
        } else {
            precondition(
                (2...Self.maxOccupancy).contains(root.children.count),
                "internal root has \(root.children.count) children"
            )
        }
        let summary = Self.checkSubtree(root, isRoot: true, above: nil)
        precondition(summary.count == count, "count is \(count), tree holds \(summary.count)")
    }

    /// Checks the subtree at `node`, whose keys must all be above `above`; returns its entry count,
    /// largest key, height and the union and intersection of its tags.
    private static func checkSubtree(
        _ node: Node, isRoot: Bool, above: UInt64?
    ) -> (count: Int, maxKey: UInt64?, height: Int, any: UInt64, all: UInt64) {
        let occupancy = node.keys.count
        if !isRoot {
            precondition(
                (minOccupancy...maxOccupancy).contains(occupancy),
                "non-root node holds \(occupancy), outside \(minOccupancy)...\(maxOccupancy)"
            )
        }
        for slot in node.keys.indices.dropFirst() {
            precondition(node.keys[slot - 1] < node.keys[slot], "keys not strictly increasing in a node")
        }
        if let above, let smallest = node.keys.first {
            precondition(above < smallest, "keys not strictly increasing across nodes")
        }
        if node.isLeaf {
            precondition(node.values.count == occupancy, "leaf has \(node.values.count) values, \(occupancy) keys")
            precondition(node.tags.count == occupancy, "leaf has \(node.tags.count) tags, \(occupancy) keys")
            precondition(node.children.isEmpty && node.counts.isEmpty, "leaf has children")
            precondition(node.anyTags.isEmpty && node.allTags.isEmpty, "leaf has summaries")
            let summary = node.summary
            return (occupancy, node.keys.last, 0, summary.any, summary.all)
        }
        precondition(node.values.isEmpty && node.tags.isEmpty, "internal node has values")
        precondition(
            node.anyTags.count == occupancy && node.allTags.count == occupancy,
            "internal node has \(node.anyTags.count)/\(node.allTags.count) summaries, \(occupancy) keys")
        precondition(node.children.count == occupancy, "\(node.children.count) children, \(occupancy) keys")
        precondition(node.counts.count == occupancy, "internal node has \(node.counts.count) counts, \(occupancy) keys")
        var total = 0
        var height: Int?
        var previous = above
        var any: UInt64 = 0
        var all: UInt64 = ~0
        for slot in node.children.indices {
            let child = checkSubtree(node.children[slot], isRoot: false, above: previous)
            precondition(child.maxKey == node.keys[slot], "separator key differs from the child's largest key")
            precondition(child.count == node.counts[slot], "subtree count \(node.counts[slot]), actual \(child.count)")
            precondition(height == nil || height == child.height, "leaves at different depths")
            precondition(child.any == node.anyTags[slot], "tag union of a child is not exact")
            precondition(child.all == node.allTags[slot], "tag intersection of a child is not exact")
            height = child.height
            total += child.count
            previous = child.maxKey
            any |= child.any
            all &= child.all
        }
        return (total, node.keys.last, (height ?? 0) + 1, any, all)
    }
}
