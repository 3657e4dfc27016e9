import IMCore
import IMTransportKit
import XCTest

final class OrderedIndexTests: XCTestCase {
    private static let sizes = [0, 1, 2, 31, 32, 33, 63, 64, 65, 1000, 10_000]

    // MARK: - Size sweeps

    func test_insertAscending_thenIterateDescending_returnsAllInOrder() {
        for n in Self.sizes {
            let keys = Self.sweepKeys(n)
            assertSweep(n: n, insertionOrder: keys, label: "ascending")
        }
    }

    func test_insertDescending_thenIterateDescending_returnsAllInOrder() {
        for n in Self.sizes {
            let keys = Self.sweepKeys(n)
            assertSweep(n: n, insertionOrder: keys.reversed(), label: "descending")
        }
    }

    func test_insertShuffled_thenIterateDescending_returnsAllInOrder() {
        var generator = SplitMix64(seed: 0x5EED)
        for n in Self.sizes {
            let keys = Self.sweepKeys(n)
            assertSweep(n: n, insertionOrder: keys.shuffled(using: &generator), label: "shuffled")
        }
    }

    // MARK: - Single operations

    func test_insertExistingKey_replacesValueAndKeepsCount() {
        var index = OrderedIndex<Int>()
        XCTAssertNil(index.insert(1, forKey: 7))
        XCTAssertEqual(index.insert(2, forKey: 7), 1)
        XCTAssertEqual(index.count, 1)
        XCTAssertEqual(index[7], 2)
        index._checkInvariants()
    }

    func test_removeAbsentKey_returnsNilAndLeavesIndexUnchanged() {
        // 5,000 entries: three levels, so absent keys are probed below every internal node.
        var index = Self.makeIndex(keys: Array(0..<5_000).map { UInt64($0) * 2 })
        let snapshot = index
        for absent in [UInt64(3), 1_001, 4_999, 9_997, 10_000, 1_000_000] {
            XCTAssertNil(index.removeValue(forKey: absent), "key \(absent)")
        }
        XCTAssertEqual(index.count, 5_000)
        index._checkInvariants()
        snapshot._checkInvariants()
        assertEntries(Self.entries(of: index), Self.entries(of: snapshot))
        XCTAssertEqual(index.removeValue(forKey: 4), snapshot[4], "a present key is still removed")
        XCTAssertEqual(snapshot.count, 5_000, "the snapshot does not see it")
    }

    func test_emptyIndex_hasNoFirstNoRankAndNoElements() {
        let index = OrderedIndex<Int>()
        XCTAssertTrue(index.isEmpty)
        XCTAssertEqual(index.count, 0)
        XCTAssertNil(index.first)
        XCTAssertNil(index[0])
        XCTAssertNil(index.rank(of: 0))
        XCTAssertTrue(index.elements(below: nil, limit: 10).isEmpty)
        index._checkInvariants()
    }

    // MARK: - Paging and iteration bounds

    func test_elementsBelowExistingKey_excludesThatKey() {
        let index = Self.makeIndex(keys: Array(1...200).map { UInt64($0) * 10 })
        let page = index.elements(below: 1_000, limit: 3)
        XCTAssertEqual(page.map(\.key), [990, 980, 970])
        XCTAssertEqual(page.map(\.value), [990, 980, 970].map(Self.value(for:)))
    }

    func test_elementsBelowAbsentKey_startsAtNextSmallerKey() {
        let index = Self.makeIndex(keys: Array(1...200).map { UInt64($0) * 10 })
        XCTAssertEqual(index.elements(below: 1_005, limit: 2).map(\.key), [1_000, 990])
        XCTAssertEqual(index.elements(below: 5_000, limit: 2).map(\.key), [2_000, 1_990])
    }

    func test_elementsBelowSmallestKey_returnsEmpty() {
        let index = Self.makeIndex(keys: Array(1...200).map { UInt64($0) * 10 })
        XCTAssertTrue(index.elements(below: 10, limit: 5).isEmpty)
        XCTAssertTrue(index.elements(below: 0, limit: 5).isEmpty)
    }

    func test_elementsWithLimitZero_returnsEmpty() {
        let index = Self.makeIndex(keys: Array(1...200).map { UInt64($0) })
        XCTAssertTrue(index.elements(below: nil, limit: 0).isEmpty)
    }

    func test_elementsWithLimitAboveCount_returnsEverythingBelow() {
        let index = Self.makeIndex(keys: Array(1...200).map { UInt64($0) })
        let page = index.elements(below: 101, limit: 1_000)
        XCTAssertEqual(page.map(\.key), Array(1...100).reversed().map { UInt64($0) })
    }

    func test_forEachDescending_whenBodyReturnsFalse_stopsAtThatEntry() {
        let index = Self.makeIndex(keys: Array(1...1_000).map { UInt64($0) })
        var visited: [UInt64] = []
        index.forEachDescending(below: 500) { key, _ in
            visited.append(key)
            return visited.count < 70
        }
        XCTAssertEqual(visited, Array(430...499).reversed().map { UInt64($0) })
    }

    func test_forEachDescending_whenBodyThrows_rethrowsAndStops() {
        struct Stop: Error {}
        let index = Self.makeIndex(keys: Array(1...1_000).map { UInt64($0) })
        var visited = 0
        XCTAssertThrowsError(
            try index.forEachDescending(below: nil) { key, _ in
                visited += 1
                if key == 900 { throw Stop() }
                return true
            }
        ) { error in
            XCTAssertTrue(error is Stop)
        }
        XCTAssertEqual(visited, 101)
    }

    // MARK: - Random operations against a model

    func test_randomOperations_smallKeyRange_matchModelAfterEveryOperation() {
        var generator = SplitMix64(seed: 1)
        runRandomOperations(count: 4_000, keyRange: 0...300, prefill: 0, generator: &generator)
    }

    func test_randomOperations_largeKeyRange_matchModelAfterEveryOperation() {
        var generator = SplitMix64(seed: 2)
        // Prefilled past 65 full leaves, so the tree starts three levels deep and internal nodes split and merge.
        runRandomOperations(count: 3_000, keyRange: 0...UInt64.max, prefill: 4_000, generator: &generator)
    }

    // MARK: - Snapshots

    func test_snapshot_afterManyMutationsOfLiveIndex_keepsOriginalContents() {
        var generator = SplitMix64(seed: 3)
        var index = OrderedIndex<Int>()
        var model: [UInt64: Int] = [:]
        for _ in 0..<5_000 {
            let key = UInt64.random(in: 0...20_000, using: &generator)
            let value = Int.random(in: 0...1_000_000, using: &generator)
            index.insert(value, forKey: key)
            model[key] = value
        }
        let snapshot = index
        let snapshotModel = model

        for _ in 0..<5_000 {
            let key = UInt64.random(in: 0...20_000, using: &generator)
            if Bool.random(using: &generator) {
                let value = Int.random(in: 0...1_000_000, using: &generator)
                XCTAssertEqual(index.insert(value, forKey: key), model.updateValue(value, forKey: key))
            } else {
                XCTAssertEqual(index.removeValue(forKey: key), model.removeValue(forKey: key))
            }
        }

        snapshot._checkInvariants()
        XCTAssertEqual(snapshot.count, snapshotModel.count)
        assertEntries(Self.entries(of: snapshot), Self.entries(of: snapshotModel))
        index._checkInvariants()
        XCTAssertEqual(index.count, model.count)
        assertEntries(Self.entries(of: index), Self.entries(of: model))
        XCTAssertNotEqual(Self.entries(of: index), Self.entries(of: snapshot))
    }

    func test_pagingOverSnapshot_whileLiveIndexChanges_seesOnlySnapshotContents() {
        var generator = SplitMix64(seed: 4)
        var index = Self.makeIndex(keys: Array(0..<3_000).map { UInt64($0) * 4 })
        let snapshot = index
        let expected = Self.entries(of: snapshot)

        var walked: [Entry] = []
        var cursor: UInt64?
        while true {
            let page = snapshot.elements(below: cursor, limit: 50)
            walked += page.map { Entry(key: $0.key, value: $0.value) }
            guard let last = page.last, page.count == 50 else { break }
            cursor = last.key
            for _ in 0..<40 {
                let key = UInt64.random(in: 0..<12_000, using: &generator)
                if Bool.random(using: &generator) {
                    index.insert(-1, forKey: key)
                } else {
                    index.removeValue(forKey: key)
                }
            }
        }

        assertEntries(walked, expected)
        snapshot._checkInvariants()
        index._checkInvariants()
    }

    func test_snapshot_thenLiveIndexRemovesEverything_keepsSnapshotIntact() {
        // Each insertion order leaves differently filled nodes, and each removal order makes underfull
        // nodes borrow from or merge with a different neighbour, while all of them are still shared.
        var generator = SplitMix64(seed: 6)
        let keys = Self.sweepKeys(3_000)
        let orders = [keys, keys.reversed(), keys.shuffled(using: &generator)]
        for (insertion, insertionOrder) in orders.enumerated() {
            for (removal, removalOrder) in orders.enumerated() {
                var index = Self.makeIndex(keys: insertionOrder)
                let snapshot = index
                for key in removalOrder { index.removeValue(forKey: key) }

                let context = "insertion order \(insertion), removal order \(removal)"
                index._checkInvariants()
                XCTAssertTrue(index.isEmpty, context)
                snapshot._checkInvariants()
                XCTAssertEqual(snapshot.count, keys.count, context)
                assertEntries(Self.entries(of: snapshot), Self.entries(of: keys), context)
            }
        }
    }

    func test_mutatingCopy_leavesOriginalUnchanged() {
        let original = Self.makeIndex(keys: Array(0..<2_000).map { UInt64($0) })
        var copy = original
        for key in stride(from: UInt64(0), to: 2_000, by: 3) { copy.removeValue(forKey: key) }
        for key in UInt64(5_000)..<6_000 { copy.insert(0, forKey: key) }
        copy.insert(-1, forKey: 1)

        original._checkInvariants()
        copy._checkInvariants()
        XCTAssertEqual(original.count, 2_000)
        assertEntries(Self.entries(of: original), Self.entries(of: Array(0..<2_000).map { UInt64($0) }))
        XCTAssertEqual(copy.count, 2_000 - 667 + 1_000)
        XCTAssertEqual(copy[1], -1)
        XCTAssertNil(copy[0])
        XCTAssertEqual(original[1], Self.value(for: 1))
    }

    // MARK: - Shrinking

    func test_removeAscending_downToEmpty_thenRegrow_matchesModel() {
        for n in [1, 65, 1_000, 10_000] {
            let keys = Self.sweepKeys(n)
            assertRemoveAllThenRegrow(n: n, removalOrder: keys, label: "ascending")
        }
    }

    func test_removeDescending_downToEmpty_thenRegrow_matchesModel() {
        for n in [1, 65, 1_000, 10_000] {
            let keys = Self.sweepKeys(n)
            assertRemoveAllThenRegrow(n: n, removalOrder: keys.reversed(), label: "descending")
        }
    }

    func test_removeShuffled_downToEmpty_thenRegrow_matchesModel() {
        var generator = SplitMix64(seed: 5)
        for n in [1, 65, 1_000, 10_000] {
            let keys = Self.sweepKeys(n)
            assertRemoveAllThenRegrow(n: n, removalOrder: keys.shuffled(using: &generator), label: "shuffled")
        }
    }

    // MARK: - Helpers

    private struct Entry: Equatable {
        var key: UInt64
        var value: Int
    }

    /// Keys with gaps between them, so that absent keys can be probed: 1, 4, 7, ...
    /// Fails with the first differing position rather than dumping both arrays.
    private func assertEntries(
        _ actual: [Entry], _ expected: [Entry], _ message: @autoclosure () -> String = "", line: UInt = #line
    ) {
        guard actual != expected else { return }
        let shared = min(actual.count, expected.count)
        let position = (0..<shared).first { actual[$0] != expected[$0] } ?? shared
        let found = position < actual.count ? "\(actual[position])" : "nothing"
        let wanted = position < expected.count ? "\(expected[position])" : "nothing"
        XCTFail(
            "\(message()) \(actual.count) entries, expected \(expected.count); "
                + "at \(position) found \(found), expected \(wanted)",
            line: line
        )
    }

    private static func sweepKeys(_ n: Int) -> [UInt64] {
        (0..<n).map { UInt64($0) * 3 + 1 }
    }

    private static func value(for key: UInt64) -> Int {
        Int(truncatingIfNeeded: key &* 31 &+ 7)
    }

    private static func makeIndex(keys: [UInt64]) -> OrderedIndex<Int> {
        var index = OrderedIndex<Int>()
        for key in keys { index.insert(value(for: key), forKey: key) }
        return index
    }

    private static func entries(of index: OrderedIndex<Int>) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(index.count)
        index.forEachDescending(below: nil) { key, value in
            entries.append(Entry(key: key, value: value))
            return true
        }
        return entries
    }

    private static func entries(of model: [UInt64: Int]) -> [Entry] {
        model.sorted { $0.key > $1.key }.map { Entry(key: $0.key, value: $0.value) }
    }

    private static func entries(of keys: [UInt64]) -> [Entry] {
        keys.sorted(by: >).map { Entry(key: $0, value: value(for: $0)) }
    }

    private func assertSweep(n: Int, insertionOrder: [UInt64], label: String, line: UInt = #line) {
        let context = "n=\(n) \(label)"
        var index = OrderedIndex<Int>()
        for key in insertionOrder {
            XCTAssertNil(index.insert(Self.value(for: key), forKey: key), context, line: line)
        }
        index._checkInvariants()
        XCTAssertEqual(index.count, n, context, line: line)
        XCTAssertEqual(index.isEmpty, n == 0, context, line: line)

        let expected = Self.entries(of: insertionOrder)
        assertEntries(Self.entries(of: index), expected, context, line: line)
        XCTAssertEqual(index.first?.key, expected.first?.key, context, line: line)

        let keys = expected.map(\.key)
        XCTAssertEqual(keys.map { index[$0] }, expected.map(\.value), context, line: line)
        XCTAssertEqual(keys.map { index.rank(of: $0) }, (0..<n).map { Optional($0) }, context, line: line)
        XCTAssertEqual((0..<n).map { index.element(atRank: $0).key }, keys, context, line: line)
        XCTAssertEqual((0..<n).map { index.element(atRank: $0).value }, expected.map(\.value), context, line: line)

        let absent = [0] + keys.map { $0 + 1 }
        XCTAssertTrue(absent.allSatisfy { index[$0] == nil && index.rank(of: $0) == nil }, context, line: line)

        var paged: [Entry] = []
        var cursor: UInt64?
        var pages = 0
        while true {
            let page = index.elements(below: cursor, limit: 50)
            XCTAssertLessThanOrEqual(page.count, 50, context, line: line)
            paged += page.map { Entry(key: $0.key, value: $0.value) }
            pages += 1
            guard let last = page.last, page.count == 50 else { break }
            cursor = last.key
        }
        assertEntries(paged, expected, context, line: line)
        XCTAssertEqual(pages, n / 50 + 1, context, line: line)
    }

    private func runRandomOperations(
        count: Int, keyRange: ClosedRange<UInt64>, prefill: Int, generator: inout SplitMix64, line: UInt = #line
    ) {
        var index = OrderedIndex<Int>()
        var model: [UInt64: Int] = [:]
        while model.count < prefill {
            let key = UInt64.random(in: keyRange, using: &generator)
            index.insert(Self.value(for: key), forKey: key)
            model[key] = Self.value(for: key)
        }
        // The model's entries sorted once, then kept in descending order alongside it.
        var ordered = Self.entries(of: model)
        var peak = model.count
        for step in 0..<count {
            // Grow for the first two thirds, then shrink, so both splits and merges are exercised.
            let insertPercent = step < count * 2 / 3 ? 70 : 25
            let insertNext = Int.random(in: 0..<100, using: &generator) < insertPercent
            let key: UInt64
            if !insertNext, let present = ordered.randomElement(using: &generator), Bool.random(using: &generator) {
                key = present.key
            } else {
                key = UInt64.random(in: keyRange, using: &generator)
            }
            let slot = ordered.partitioningIndex { $0.key <= key }
            let isPresent = slot < ordered.count && ordered[slot].key == key
            if insertNext {
                let value = Int.random(in: Int.min...Int.max, using: &generator)
                let replaced = model.updateValue(value, forKey: key)
                XCTAssertEqual(index.insert(value, forKey: key), replaced, "step \(step)", line: line)
                if isPresent {
                    ordered[slot].value = value
                } else {
                    ordered.insert(Entry(key: key, value: value), at: slot)
                }
            } else {
                let removed = model.removeValue(forKey: key)
                XCTAssertEqual(index.removeValue(forKey: key), removed, "step \(step)", line: line)
                if isPresent { ordered.remove(at: slot) }
            }

            index._checkInvariants()
            XCTAssertEqual(index.count, model.count, "step \(step)", line: line)
            XCTAssertEqual(index[key], model[key], "step \(step)", line: line)
            assertEntries(Self.entries(of: index), ordered, "step \(step)", line: line)
            XCTAssertEqual(index.first?.key, ordered.first?.key, "step \(step)", line: line)
            if !ordered.isEmpty {
                let rank = Int.random(in: 0..<ordered.count, using: &generator)
                XCTAssertEqual(index.rank(of: ordered[rank].key), rank, "step \(step)", line: line)
                XCTAssertEqual(index.element(atRank: rank).key, ordered[rank].key, "step \(step)", line: line)
            }
            peak = max(peak, model.count)
        }
        assertEntries(ordered, Self.entries(of: model), "the ordered model drifted from the dictionary", line: line)
        XCTAssertGreaterThan(peak, 200, "the walk should grow past a few leaves", line: line)
        XCTAssertLessThan(model.count, peak, "the walk should shrink again", line: line)
    }

    private func assertRemoveAllThenRegrow(n: Int, removalOrder: [UInt64], label: String, line: UInt = #line) {
        let context = "n=\(n) \(label)"
        var index = Self.makeIndex(keys: Self.sweepKeys(n))
        var remaining = n
        // Checking every step is O(n^2) for the largest size; every 97th step still crosses each level.
        let checkEvery = n > 1_000 ? 97 : 1
        for (step, key) in removalOrder.enumerated() {
            XCTAssertEqual(index.removeValue(forKey: key), Self.value(for: key), context, line: line)
            remaining -= 1
            XCTAssertEqual(index.count, remaining, context, line: line)
            XCTAssertNil(index[key], context, line: line)
            if step % checkEvery == 0 || remaining < 200 { index._checkInvariants() }
        }
        index._checkInvariants()
        XCTAssertTrue(index.isEmpty, context, line: line)
        XCTAssertNil(index.first, context, line: line)
        XCTAssertTrue(index.elements(below: nil, limit: 10).isEmpty, context, line: line)

        let regrown = (0..<n).map { UInt64($0) * 5 + 2 }
        for key in regrown.reversed() {
            XCTAssertNil(index.insert(Self.value(for: key), forKey: key), context, line: line)
        }
        index._checkInvariants()
        XCTAssertEqual(index.count, n, context, line: line)
        assertEntries(Self.entries(of: index), Self.entries(of: regrown), context, line: line)
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, for a predicate that is false then true.
    fileprivate func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
