import XCTest
@testable import IMSDKTool

final class ConversationTableTests: XCTestCase {
    private func row(_ index: Int) -> ConversationRow {
        ConversationRow(name: "user \(index)", unreadCount: index % 3, markers: index % 2 == 0 ? ["[pin]"] : [],
                        preview: String(repeating: "x", count: index % 90))
    }

    func test_lines_withNoRows_sayThereAreNone() {
        XCTAssertEqual(ConversationTable().lines(for: []), ["(no conversations)"])
    }

    func test_lines_forAnyNumberOfRows_haveAHeader_fitTheWidth_andEndWithoutSpaces() {
        for n in [1, 2, 9, 10, 11, 100] {
            for width in [60, 78, 80, 120] {
                let lines = ConversationTable(width: width).lines(for: (0..<n).map(row))
                XCTAssertEqual(lines.count, n + 1, "n=\(n)")
                XCTAssertTrue(lines[0].contains("Conversation"), "n=\(n)")
                for line in lines {
                    XCTAssertLessThanOrEqual(line.displayWidth, width, "n=\(n) width=\(width): \(line)")
                    XCTAssertFalse(line.hasSuffix(" "), "n=\(n): \(line)")
                }
            }
        }
    }

    func test_lines_alignEveryColumn() {
        let rows = [
            ConversationRow(name: "Carol (design)", unreadCount: 12, markers: ["[pin]"], preview: "hi"),
            ConversationRow(name: "Bob", unreadCount: 0, markers: [], preview: "yo"),
            ConversationRow(name: "Weekend Hike", unreadCount: 3, markers: ["[mute]", "[@me]"], preview: "ok"),
        ]
        let lines = ConversationTable().lines(for: rows)
        let previewColumn = lines[0].range(of: "Last message")!.lowerBound.utf16Offset(in: lines[0])
        for (line, preview) in zip(lines.dropFirst(), ["hi", "yo", "ok"]) {
            XCTAssertEqual(line.range(of: preview)?.lowerBound.utf16Offset(in: line), previewColumn, line)
        }
        XCTAssertEqual(lines[1], "1  Carol (design)    (12)  [pin]           hi")
        XCTAssertEqual(lines[2], "2  Bob" + String(repeating: " ", count: 37) + "yo")
        XCTAssertEqual(lines[3], "3  Weekend Hike       (3)  [mute] [@me]    ok")
    }

    func test_lines_cutLongNamesAndPreviews_withAnEllipsis() {
        let rows = [ConversationRow(name: String(repeating: "n", count: 40), unreadCount: 1,
                                    preview: String(repeating: "p", count: 200))]
        let line = ConversationTable(width: 80).lines(for: rows)[1]
        XCTAssertEqual(line.displayWidth, 80)
        XCTAssertTrue(line.contains(String(repeating: "n", count: 17) + "..."), line)
        XCTAssertTrue(line.hasSuffix("p..."), line)
    }

    func test_displayWidth_countsWideCharactersTwice() {
        XCTAssertEqual("abc".displayWidth, 3)
        XCTAssertEqual("周末".displayWidth, 4)
        XCTAssertEqual("📌".displayWidth, 2)
        XCTAssertEqual("é".displayWidth, 1)
        XCTAssertEqual("周末远足群聊天".truncated(to: 9), "周末远...")
    }
}
