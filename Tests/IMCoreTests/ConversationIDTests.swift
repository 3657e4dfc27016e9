import XCTest
import IMCore

final class ConversationIDTests: XCTestCase {
    func test_canonicallyEquivalentTargets_areDifferentConversations_asOnTheServer() {
        let composed = ConversationID.c2c("caf\u{E9}"), decomposed = ConversationID.c2c("cafe\u{301}")
        XCTAssertEqual("caf\u{E9}", "cafe\u{301}", "Swift strings call them equal")
        XCTAssertNotEqual(composed, decomposed)
        XCTAssertEqual(Set([composed, decomposed]).count, 2)
        XCTAssertTrue((composed < decomposed) != (decomposed < composed), "ordered, not equal")
    }

    func test_ordering_isByKindThenTargetBytes() {
        let ids: [ConversationID] = [.group("a"), .c2c("b"), .system, .c2c("a"), .group("B")]
        XCTAssertEqual(ids.sorted(), [.c2c("a"), .c2c("b"), .group("B"), .group("a"), .system])
        XCTAssertEqual(ConversationID.c2c("x"), ConversationID(kind: .c2c, target: "x"))
    }
}
