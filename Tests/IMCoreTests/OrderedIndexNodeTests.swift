@testable import IMCore
import XCTest

/// The ordered index's node search, on its own: every node size an index can have, every place a
/// key can fall.
final class OrderedIndexNodeTests: XCTestCase {
    func test_lowerBound_isTheFirstSlotWhoseKeyIsAtLeastTheKey_forEveryNodeSizeAndEveryPlace() {
        for size in 0...(2 * OrderedIndex<Int>.maxOccupancy + 1) {
            // Keys 10, 20, ...: each probe below, at and between them, and past the last.
            let keys = (0..<size).map { UInt64($0 + 1) * 10 }
            let node = OrderedIndex<Int>.Node(leafKeys: keys, values: Array(0..<size), tags: Array(repeating: 0, count: size))
            for probe in UInt64(0)...UInt64(size + 1) * 10 + 1 {
                let expected = keys.firstIndex { $0 >= probe } ?? size
                XCTAssertEqual(node.lowerBound(probe), expected, "size \(size), key \(probe)")
            }
            XCTAssertEqual(node.lowerBound(.max), size, "size \(size), the largest key there is")
        }
    }
}
