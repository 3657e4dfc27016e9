import IMCore
import IMTestSupport
import IMTransportKit
import XCTest

/// The tags of `OrderedIndex` entries and the tagged walk: after any mix of inserts, replacements,
/// removals and tag changes the summaries stay exact (`_checkInvariants`), and a tagged walk from
/// any position returns exactly the entries a scan with the same test returns.
final class OrderedIndexTagTests: XCTestCase {
    /// Six bits are enough to make selective and unselective queries, required and excluded bits.
    private static let bits: UInt64 = 0b11_1111

    private static let queries: [TagQuery] = [
        .all,
        TagQuery(required: 0b1, excluded: 0),
        TagQuery(required: 0b10_0000, excluded: 0),
        TagQuery(required: 0b11, excluded: 0),
        TagQuery(required: 0, excluded: 0b1),
        TagQuery(required: 0b100, excluded: 0b1000),
        TagQuery(required: 0, excluded: 0b11_1110),
        TagQuery(required: 0b11_1111, excluded: 0),
    ]

    func test_randomOperations_sweepingSizes_keepSummariesExact_andWalksMatchAScan() {
        for n in [0, 1, 2, 63, 64, 65, 200, 1_000, 5_000] {
            var random = SeededRandomGenerator(seed: UInt64(n) + 1)
            var index = OrderedIndex<Int>()
            var model: [UInt64: (value: Int, tags: UInt64)] = [:]
            let keyRange: ClosedRange<UInt64> = 0...UInt64(max(1, 2 * n))
            for step in 0..<(3 * n + 10) {
                let key = UInt64.random(in: keyRange, using: &random)
                // Rare tags (bit 5 on about 1 in 32 entries) make the walks skip subtrees.
                let tags = UInt64.random(in: 0...Self.bits, using: &random) & (random.chance(3) ? Self.bits : 0b1_1111)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5:
                    XCTAssertEqual(index.insert(step, forKey: key, tags: tags), model[key]?.value)
                    model[key] = (step, tags)
                case 5..<8:
                    XCTAssertEqual(index.removeValue(forKey: key), model[key]?.value)
                    model[key] = nil
                default:
                    index.setTags(tags, forKey: key)
                    if model[key] != nil { model[key]!.tags = tags }
                }
                if step % max(1, n / 4) == 0 { index._checkInvariants() }
            }
            index._checkInvariants()
            XCTAssertEqual(index.count, model.count, "n=\(n)")
            for key in model.keys { XCTAssertEqual(index.tags(forKey: key), model[key]!.tags) }
            let bounds: [UInt64?] = [nil, 0, keyRange.upperBound / 2, keyRange.upperBound + 1]
            for query in Self.queries {
                for bound in bounds {
                    XCTAssertEqual(
                        Self.walk(index, below: bound, query), Self.scan(model, below: bound, query),
                        "n=\(n), query \(query), below \(String(describing: bound))")
                }
            }
        }
    }

    func test_taggedWalk_whenBodyReturnsFalse_stopsAtThatEntry() {
        var index = OrderedIndex<Int>()
        for key in 0..<1_000 { index.insert(key, forKey: UInt64(key), tags: key % 10 == 0 ? 1 : 0) }
        var seen: [Int] = []
        index.forEachDescending(below: nil, matching: TagQuery(required: 1, excluded: 0)) { _, value in
            seen.append(value)
            return seen.count < 3
        }
        XCTAssertEqual(seen, [990, 980, 970])
    }

    func test_snapshot_keepsItsTags_whileTheLiveIndexRetags() {
        var index = OrderedIndex<Int>()
        for key in 0..<2_000 { index.insert(key, forKey: UInt64(key), tags: key.isMultiple(of: 100) ? 1 : 0) }
        let snapshot = index
        for key in 0..<2_000 { index.setTags(key.isMultiple(of: 50) ? 1 : 0, forKey: UInt64(key)) }
        for key in stride(from: 0, to: 2_000, by: 7) { index.removeValue(forKey: UInt64(key)) }
        index._checkInvariants()
        snapshot._checkInvariants()
        let query = TagQuery(required: 1, excluded: 0)
        var old: [Int] = []
        snapshot.forEachDescending(below: nil, matching: query) { _, value in old.append(value); return true }
        XCTAssertEqual(old, stride(from: 1_900, through: 0, by: -100).map { $0 })
        var live: [Int] = []
        index.forEachDescending(below: nil, matching: query) { _, value in live.append(value); return true }
        XCTAssertEqual(live, stride(from: 1_950, through: 0, by: -50).filter { !$0.isMultiple(of: 7) })
    }

    func test_setTagsOfAbsentKey_changesNothing() {
        var index = OrderedIndex<Int>()
        for key in 0..<500 { index.insert(key, forKey: UInt64(key) * 2, tags: 1) }
        index.setTags(0, forKey: 3)
        index.setTags(0, forKey: 10_000)
        index._checkInvariants()
        var count = 0
        index.forEachDescending(below: nil, matching: TagQuery(required: 1, excluded: 0)) { _, _ in count += 1; return true }
        XCTAssertEqual(count, 500)
    }

    private static func walk(_ index: OrderedIndex<Int>, below bound: UInt64?, _ query: TagQuery) -> [Int] {
        var result: [Int] = []
        index.forEachDescending(below: bound, matching: query) { _, value in
            result.append(value)
            return true
        }
        return result
    }

    private static func scan(
        _ model: [UInt64: (value: Int, tags: UInt64)], below bound: UInt64?, _ query: TagQuery
    ) -> [Int] {
        model.filter { key, entry in (bound.map { key < $0 } ?? true) && query.admits(entry.tags) }
            .sorted { $0.key > $1.key }
            .map(\.value.value)
    }
}
