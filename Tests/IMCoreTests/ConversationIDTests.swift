import XCTest
import IMCore
import IMTransportKit

final class ConversationIDTests: XCTestCase {
    func test_canonicallyEquivalentTargets_areDifferentConversations_asOnTheServer() {
        let composed = ConversationID.c2c("caf\u{E9}"), decomposed = ConversationID.c2c("cafe\u{301}")
        XCTAssertEqual("caf\u{E9}", "cafe\u{301}", "Swift strings call them equal")
        XCTAssertNotEqual(composed, decomposed)
        XCTAssertEqual(Set([composed, decomposed]).count, 2)
        XCTAssertTrue((composed < decomposed) != (decomposed < composed), "ordered, not equal")
    }

    func test_equalIDsBuiltDifferently_areEqualAndHashAlike_andDifferentOnesAreNot() {
        let long = String(repeating: "user-", count: 10)  // not a small string
        let pairs: [(String, String)] = [
            ("alice", String("xalice".dropFirst())),
            (long + "1", long + String(1)),
            ("", String("a".dropFirst())),
            ("名前🙂", "名" + "前" + "🙂"),
        ]
        for (a, b) in pairs {
            XCTAssertEqual(ConversationID.c2c(a), .c2c(b))
            XCTAssertEqual(ConversationID.c2c(a).hashValue, ConversationID.c2c(b).hashValue, a)
            XCTAssertNotEqual(ConversationID.c2c(a), .group(b), "the kind counts")
        }
        XCTAssertNotEqual(ConversationID.c2c(long + "1"), .c2c(long + "2"))
        XCTAssertNotEqual(ConversationID.c2c("ab"), .c2c("abc"), "a prefix is not equal")
        XCTAssertEqual(Set([ConversationID.c2c("a"), .c2c(String("ba".dropFirst())), .group("a")]).count, 2)
    }

    func test_ordering_isByKindThenTargetBytes() {
        let ids: [ConversationID] = [.group("a"), .c2c("b"), .system, .c2c("a"), .group("B")]
        XCTAssertEqual(ids.sorted(), [.c2c("a"), .c2c("b"), .group("B"), .group("a"), .system])
        XCTAssertEqual(ConversationID.c2c("x"), ConversationID(kind: .c2c, target: "x"))
    }
}
