import XCTest
import IMReferenceServer
@testable import IMSDKTool

/// Runs the whole demo against a private server and checks the transcript.
///
/// Uses the process-wide `V2TIMManager` like the other SDK tests (XCTest runs them one at a time);
/// the demo uninitialises it when it ends.
final class DemoCommandTests: XCTestCase {
    private func runDemo() async throws -> [String] {
        let recorder = ConsoleRecorder()
        try await DemoCommand(console: recorder.console, server: IMReferenceServer()).run()
        XCTAssertEqual(recorder.errLines, [])
        return recorder.outLines
    }

    func test_run_printsEveryTotalChange_inOrder() async throws {
        let lines = try await runDemo()
        let totals = lines.filter { $0.hasPrefix("  total unread: ") }
            .map { $0.dropFirst("  total unread: ".count).prefix { $0.isNumber } }
        XCTAssertEqual(totals, ["0", "1", "2", "3", "4", "5", "3", "1", "0"], "the last one: the tablet's read")
    }

    func test_run_endsWithCarolPinnedAndRead_BobDrafted_theGroupMutedWithItsCount() async throws {
        let lines = try await runDemo()
        let secondDevice = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Second device") })
        XCTAssertEqual(Array(lines[..<secondDevice].suffix(6).prefix(4)), [
            "  #  Conversation    Unread  Markers         Last message",
            "  1  Carol (design)          [pin]           Can you review them today?",
            "  2  Bob Li             (1)  [draft]         [Draft] Shall I book a table?",
            "  3  Weekend Hike       (2)  [mute] [@me]    @Alice got the car keys?",
        ])
    }

    func test_run_printsBothAPIsTotals_theLegacySumCountsTheMutedGroup() async throws {
        let lines = try await runDemo()
        let totals = lines.filter { $0.hasPrefix("  V2 total: ") }
        XCTAssertEqual(totals.count, 6, "one per step")
        XCTAssertEqual(totals.first, "  V2 total: 5   legacy sum of getUnReadMessageNum(): 5")
        XCTAssertEqual(totals.last, "  V2 total: 1   legacy sum of getUnReadMessageNum(): 3",
                       "the muted group's 2 count in the legacy sum only")
    }

    func test_run_showsTheTabletsReadOnThePhone_andTheDraftOnlyOnThePhone() async throws {
        let lines = try await runDemo()
        XCTAssertEqual(Array(lines.suffix(4)), [
            "  phone                                 tablet",
            "  Carol (design)       [pin]            Carol (design)       [pin]",
            "  Bob Li               [draft]          Bob Li               ",
            "  Weekend Hike    (2)  [mute] [@me]     Weekend Hike    (2)  [mute] [@me]",
        ])
    }

    func test_run_printsTheSameTranscriptEveryTime_within80Columns() async throws {
        let first = try await runDemo()
        for _ in 0..<3 {
            let again = try await runDemo()
            XCTAssertEqual(again, first)
        }
        XCTAssertEqual(first.filter { $0.hasPrefix("[") }.count, 6, "one title per step")
        for line in first { XCTAssertLessThanOrEqual(line.displayWidth, 80, line) }
    }
}
