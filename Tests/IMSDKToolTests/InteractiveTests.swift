import ConversationListKit
import Foundation
import XCTest
import ImSDK_Plus
import IMTestSupport
@testable import IMSDKTool

/// `imsdk demo --interactive`: its parts, and the real program driven in a terminal through tmux.
final class InteractiveTests: XCTestCase {
    // MARK: - Command line

    func test_parse_demoInteractive_returnsInteractiveDemo_andKeepsTheOtherDemoOptions() throws {
        XCTAssertEqual(try Command.parse(["demo", "--interactive"]), .interactiveDemo)
        XCTAssertEqual(try Command.parse(["demo"]), .demo)
        XCTAssertEqual(try Command.parse(["demo", "--interactive", "--help"]), .help(.demo))
        XCTAssertThrowsError(try Command.parse(["demo", "--interactive", "--frob"])) { error in
            XCTAssertEqual(error as? UsageError, UsageError("unknown option '--frob'", subcommand: .demo))
        }
        XCTAssertThrowsError(try Command.parse(["demo", "--interactive", "extra"]))
    }

    func test_line_atSixtyColumns_shrinksTheTitleBeforeTheDigest_andShowsTimeAndMarks() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13:20 UTC
        var long = row("a-very-long-conversation-title", pinned: true, muted: true, digest: "bob: see you at the station")
        long.time = now.addingTimeInterval(-60)
        long.isMarkedUnread = true
        let line = InteractiveScreen.line(for: long, isSelected: false, width: 60, now: now, timeZone: TimeZone(identifier: "UTC")!)
        let shown = line.truncated(to: 60)
        for part in ["22:12", "[PMU]", "bob: see you at the s"] { XCTAssertTrue(shown.contains(part), shown) }
        let wide = InteractiveScreen.line(for: long, isSelected: false, width: 120, now: now, timeZone: TimeZone(identifier: "UTC")!)
        XCTAssertTrue(wide.contains("[pin] [mute] [unread] bob: see you at the station"), "full markers when there is room: \(wide)")
        XCTAssertFalse(shown.contains("A-VERY-LONG-CONVERSATION"), "the title gave way first: \(shown)")
    }

    func test_timeText_isTheClockTimeToday_andTheDateOtherwise() {
        let utc = TimeZone(identifier: "UTC")!
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13:20 UTC
        XCTAssertEqual(InteractiveScreen.timeText(now.addingTimeInterval(-3600), now: now, timeZone: utc), "21:13")
        XCTAssertEqual(InteractiveScreen.timeText(now.addingTimeInterval(-86_400), now: now, timeZone: utc), "11-13")
        XCTAssertEqual(InteractiveScreen.timeText(nil, now: now, timeZone: utc), "")
    }

    func test_render_reportsTheSelectedLine_andTheTitleShowsTheConnection() {
        var screen = screen(after: [[row("a"), row("b"), row("c")]])
        screen.moveSelection(by: 1)
        screen.connection = "connecting"
        let (lines, selected) = screen.render(width: 80, height: 10)
        XCTAssertEqual(selected, 3, "title, blank line, row a, then row b")
        XCTAssertTrue(lines[3].hasPrefix("> B"), lines[3])
        XCTAssertTrue(lines[0].contains("(connecting)"), lines[0])
    }

    // MARK: - Keys

    func test_parseKeys_enterBackspaceAndALoneEscape() {
        XCTAssertEqual(InteractiveKey.parse(Array("hi\r".utf8)), [.character("h"), .character("i"), .enter])
        XCTAssertEqual(InteractiveKey.parse([0x7F, 0x08, 0x0A]), [.backspace, .backspace, .enter])
        XCTAssertEqual(InteractiveKey.parse([0x1B]), [.escape], "Esc pressed on its own")
        XCTAssertEqual(InteractiveKey.parse([UInt8(ascii: "x"), 0x1B]), [.character("x"), .escape])
    }

    func test_parseKeys_arrowsLettersAndNoise_yieldsTheKeysInOrder() {
        let bytes: [UInt8] = Array("\u{1B}[Aj\u{1B}OBq\u{1B}[1;5C\u{1B}\u{03}p".utf8)
        XCTAssertEqual(InteractiveKey.parse(bytes), [.up, .character("j"), .down, .character("q"), .character("p")])
        XCTAssertEqual(InteractiveKey.parse([]), [])
        XCTAssertEqual(InteractiveKey.parse([0x1B, UInt8(ascii: "[")]), [], "a cut sequence yields nothing")
    }

    // MARK: - Screen

    private func row(_ id: String, pinned: Bool = false, muted: Bool = false, digest: String = "hi",
                     badge: ConversationRowViewData.UnreadBadge = .none) -> ConversationRowViewData {
        ConversationRowViewData(conversationID: id, title: id.uppercased(), avatarURL: nil, lastMessageDigest: digest,
                                time: nil, unreadBadge: badge, isPinned: pinned, isMuted: muted)
    }

    private func screen(after steps: [[ConversationRowViewData]]) -> InteractiveScreen {
        var screen = InteractiveScreen()
        var old: [ConversationRowViewData] = []
        for new in steps {
            screen.apply(ConversationListDiff(from: old, to: new), rows: new)
            XCTAssertEqual(screen.rows, new, "the diff rebuilds the rows")
            old = new
        }
        return screen
    }

    func test_apply_selectedRowMovesToTop_selectionFollowsIt() {
        var screen = screen(after: [[row("a"), row("b"), row("c")]])
        XCTAssertEqual(screen.selectedID, "a", "the first row is selected at first")
        screen.moveSelection(by: 2)
        XCTAssertEqual(screen.selectedID, "c")
        let moved = [row("c", pinned: true), row("a"), row("b")]
        screen.apply(ConversationListDiff(from: screen.rows, to: moved), rows: moved)
        XCTAssertEqual(screen.selectedID, "c")
        XCTAssertEqual(screen.selectedIndex, 0)
    }

    func test_apply_beforeTheUserChose_theTopRowStaysSelected_asConversationsArriveAbove() {
        var screen = screen(after: [[row("a")], [row("b"), row("a")], [row("c"), row("b"), row("a")]])
        XCTAssertEqual(screen.selectedIndex, 0, "the cursor does not ride down with the first arrival")
        XCTAssertEqual(screen.selectedID, "c")
        screen.holdSelection()
        let arrived = [row("d"), row("c"), row("b"), row("a")]
        screen.apply(ConversationListDiff(from: screen.rows, to: arrived), rows: arrived)
        XCTAssertEqual(screen.selectedID, "c", "once the user acted on a row, the selection follows it")
    }

    func test_apply_selectedRowDeleted_selectsTheRowNowInItsPlace_orNothingWhenEmpty() {
        for (count, selected, expected) in [(3, 0, "b"), (3, 1, "c"), (3, 2, "b"), (1, 0, nil)] as [(Int, Int, String?)] {
            let ids = ["a", "b", "c"].prefix(count)
            var screen = screen(after: [ids.map { row($0) }])
            screen.moveSelection(by: selected)
            let gone = ids[selected]
            let remaining = ids.filter { $0 != gone }.map { row($0) }
            screen.apply(ConversationListDiff(from: screen.rows, to: remaining), rows: remaining)
            XCTAssertEqual(screen.selectedID, expected, "\(count) rows, deleting row \(selected)")
        }
    }

    func test_moveSelection_stopsAtBothEnds() {
        var screen = screen(after: [[row("a"), row("b")]])
        screen.moveSelection(by: -1)
        XCTAssertEqual(screen.selectedID, "a")
        screen.moveSelection(by: 5)
        XCTAssertEqual(screen.selectedID, "b")
        var empty = InteractiveScreen()
        empty.moveSelection(by: 1)
        XCTAssertNil(empty.selectedID)
    }

    func test_line_showsBadgeMarkersAndTheDigestWithoutItsPrefixes() {
        let line = InteractiveScreen.line(
            for: row("g", pinned: true, muted: true, digest: "[@me] [Draft] see you", badge: .dot), isSelected: true)
        XCTAssertTrue(line.hasPrefix("> G "), line)
        for part in ["(•)", "[pin] [mute] [draft] [@me]", " see you"] { XCTAssertTrue(line.contains(part), line) }
        XCTAssertFalse(line.contains("[Draft]"), line)
        let plain = InteractiveScreen.line(for: row("b", digest: "[@all] hello", badge: .count(3)), isSelected: false)
        XCTAssertTrue(plain.hasPrefix("  B "), plain)
        XCTAssertTrue(plain.contains("(3)") && plain.contains("[@all]") && plain.hasSuffix(" hello"), plain)
    }

    func test_lines_fillTheHeight_keepTheSelectionVisible_andFitTheWidth() {
        let rows = (0..<20).map { row("r\($0)") }
        for height in [5, 8, 30] {
            var screen = screen(after: [rows])
            screen.totalUnread = 7
            screen.moveSelection(by: 15)
            let lines = screen.lines(width: 40, height: height)
            XCTAssertEqual(lines.count, height)
            XCTAssertTrue(lines[0].hasSuffix("total unread: 7"), lines[0])
            XCTAssertTrue(lines.contains { $0.hasPrefix("> R15") }, "height \(height): \(lines)")
            XCTAssertTrue(lines.allSatisfy { $0.displayWidth <= 40 })
            XCTAssertEqual(lines.last, InteractiveScreen.help.truncated(to: 40))
        }
    }

    // MARK: - The program

    func test_interactive_withoutATerminal_failsWithAMessage() throws {
        let process = Process()
        process.executableURL = try ToolProgram.url()
        process.arguments = ["demo", "--interactive"]
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(output.fileHandleForReading.readDataToEndOfFile(), Data())
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(message.contains("needs a terminal"), message)
    }

    func test_interactive_inATerminal_pinMovesTheRowFirst_newMessageChangesTheTotal_qQuits() throws {
        let tool = try ToolProgram.url()
        let tmux = try Tmux()
        let directory = try TemporaryDirectory(prefix: "imsdk-tui")
        defer { directory.remove() }
        let statusFile = directory.url.appendingPathComponent("status")
        try tmux.start("'\(tool.path)' demo --interactive; echo $? > '\(statusFile.path)'")
        defer { tmux.kill() }
        let names = ["Weekend Hike", "Carol (design)", "Bob Li"]

        // The cast's first messages: three rows, five unread, the first row selected.
        var screen = try tmux.waitForScreen("the list with its first messages") { screen in
            screen.contains("total unread: 5") && names.allSatisfy { name in screen.rowLines.contains { $0.contains(name) } }
        }
        XCTAssertEqual(screen.rowLines.first?.hasPrefix("> "), true, screen.text)
        XCTAssertTrue(screen.text.contains("↑/↓ move  p pin"), screen.text)
        XCTAssertTrue(screen.lines.first?.contains("(connected)") == true, screen.text)
        XCTAssertTrue(screen.rowLines.contains { $0.contains("carol: @Alice got the car keys?") },
                      "a group row names the sender: \(screen.text)")
        XCTAssertTrue(try tmux.selectedLineIsReversed(), "the selected row is drawn in reverse video")

        // Down twice (an arrow, then j) selects the last row; p pins it: it comes first, still selected.
        try tmux.send("Down", "j")
        screen = try tmux.waitForScreen("the third row selected") { $0.rowLines.count == 3 && $0.rowLines[2].hasPrefix("> ") }
        let pinned = try XCTUnwrap(names.first { screen.rowLines[2].contains($0) })
        XCTAssertFalse(screen.rowLines[2].contains("[pin]"))
        try tmux.send("p")
        screen = try tmux.waitForScreen("\(pinned) pinned first") { screen in
            guard let first = screen.rowLines.first else { return false }
            return first.contains(pinned) && first.contains("[pin]")
        }
        XCTAssertTrue(screen.rowLines[0].hasPrefix("> "), "the selection follows the pinned row: \(screen.text)")
        XCTAssertEqual(screen.rowLines.filter { $0.contains("[pin]") }.count, 1, screen.text)
        XCTAssertEqual(screen.totalUnread, 5)

        // n injects an incoming message: the total changes.
        try tmux.send("n")
        screen = try tmux.waitForScreen("a new total") { $0.totalUnread != nil && $0.totalUnread != 5 }
        XCTAssertEqual(screen.totalUnread, 6, screen.text)

        // e types a draft for the selected row; Enter saves it and the row shows it.
        try tmux.send("e")
        _ = try tmux.waitForScreen("the draft prompt") { $0.contains("draft for") }
        try tmux.send("-l", "soon")
        try tmux.send("Enter")
        screen = try tmux.waitForScreen("the draft on the row") { screen in
            screen.rowLines.contains { $0.contains("[draft]") && $0.contains("soon") }
        }

        // q ends the session with status 0.
        try tmux.send("q")
        try tmux.waitForExit()
        XCTAssertEqual(try String(contentsOf: statusFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "0")
    }
}

/// One tmux session on a private server, 100 by 30, for driving a program as a person would.
private struct Tmux {
    /// How long any wait may take.
    static let timeout: TimeInterval = 10

    /// What the pane shows.
    struct Screen {
        let text: String
        var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }
        /// The conversation rows: the lines starting with the selection marker or its blank.
        var rowLines: [Substring] {
            lines.filter { $0.hasPrefix("> ") || ($0.hasPrefix("  ") && !$0.allSatisfy { $0 == " " }) }
        }
        /// The total in the title line.
        var totalUnread: Int? {
            guard let range = text.range(of: "total unread: ") else { return nil }
            return Int(text[range.upperBound...].prefix { $0.isNumber })
        }
        func contains(_ part: String) -> Bool { text.contains(part) }
    }

    private let executable: URL
    private let socket = "imsdk-test-\(UUID().uuidString)"
    private let session = "interactive"

    init() throws {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let found = paths.map({ URL(fileURLWithPath: String($0)).appendingPathComponent("tmux") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else { throw XCTSkip("tmux is not installed") }
        executable = found
    }

    func start(_ command: String) throws {
        let status = try run(["new-session", "-d", "-s", session, "-x", "100", "-y", "30", command])
        XCTAssertEqual(status.code, 0, "tmux new-session: \(status.output)")
    }

    func send(_ keys: String...) throws {
        _ = try run(["send-keys", "-t", session] + keys)
    }

    /// Polls the pane until `condition` holds; fails with the last screen after the timeout.
    func waitForScreen(_ what: String, until condition: (Screen) -> Bool) throws -> Screen {
        let deadline = Date().addingTimeInterval(Self.timeout)
        var screen = Screen(text: "")
        while Date() < deadline {
            screen = Screen(text: try run(["capture-pane", "-p", "-t", session]).output)
            if condition(screen) { return screen }
            usleep(20_000)
        }
        XCTFail("timed out waiting for \(what); the screen:\n\(screen.text)")
        throw CancellationError()
    }

    /// Whether the pane's line drawn in reverse video (SGR 7) is the one with the selection marker.
    func selectedLineIsReversed() throws -> Bool {
        let text = try run(["capture-pane", "-p", "-e", "-t", session]).output
        return text.split(separator: "\n").contains { $0.contains("\u{1B}[7m> ") }
    }

    /// Polls until the session has ended.
    func waitForExit() throws {
        let deadline = Date().addingTimeInterval(Self.timeout)
        while Date() < deadline {
            if try run(["has-session", "-t", session]).code != 0 { return }
            usleep(20_000)
        }
        XCTFail("the session did not end")
    }

    func kill() {
        _ = try? run(["kill-server"])
    }

    /// Runs tmux and waits for it, its output going to a file.
    ///
    /// Not `Process`: on Linux it waits until every descendant closes an inherited descriptor, and
    /// the tmux server that `new-session` leaves behind never does.
    @discardableResult
    private func run(_ arguments: [String]) throws -> (code: Int32, output: String) {
        let directory = try TemporaryDirectory(prefix: "tmux")
        defer { directory.remove() }
        let outputPath = directory.file("output")
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable.path, "-u", "-f", "/dev/null", "-L", socket] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv + [nil], environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
        return (code, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }
}
