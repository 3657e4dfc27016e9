import Foundation
import ConversationListKit
import ImSDK_Plus

/// What the interactive demo shows: the rows, which one is selected, the total unread count and a
/// status line, drawn as plain lines.
///
/// The rows change only through `apply(_:rows:)`, from the model's diffs. Until the user moves the
/// selection or acts on a row, it stays on the top row while conversations arrive; from then on it
/// follows its conversation wherever the diff moves it.
/// - Thread safety: a value type.
struct InteractiveScreen: Sendable {
    /// The key help, the last line of the screen.
    static let help = "↑/↓ move  p pin  m mute  r read  u unread  d delete  e draft  n new message  q quit"

    /// The rows, in list order, as the diffs built them.
    private(set) var rows: [ConversationRowViewData] = []
    /// The selected conversation; nil only when there are no rows.
    private(set) var selectedID: String?
    /// The total unread count shown in the title line.
    var totalUnread: UInt64 = 0
    /// The outcome of the last action; empty for none.
    var status = ""
    /// Whether the user moved the selection or acted on a row (until then it stays on the top row).
    private var hasChosen = false
    /// The connection state the title shows ("connected", "connecting", ...).
    var connection = "connected"
    /// Whether the whole list has been paged in (until then an empty list reads "loading").
    var hasLoaded = false

    /// The index of the selected row.
    var selectedIndex: Int? {
        selectedID.flatMap { id in rows.firstIndex { $0.conversationID == id } }
    }

    /// The selected row.
    var selectedRow: ConversationRowViewData? {
        selectedIndex.map { rows[$0] }
    }

    /// Applies one change of the model: `diff` turns the current rows into `newRows`.
    ///
    /// Before the user chose a row, the top row is selected. After, the selection stays on its
    /// conversation; when that conversation left, the row now at its old place (or the last row) is
    /// selected.
    /// - Precondition: `diff` was made from the current rows to `newRows`.
    /// - Complexity: O(n + m).
    mutating func apply(_ diff: ConversationListDiff, rows newRows: [ConversationRowViewData]) {
        let oldIndex = selectedIndex
        rows = ConversationListDiff.apply(diff, to: rows, reading: newRows)
        if !hasChosen {
            selectedID = rows.first?.conversationID
        } else if selectedIndex == nil {
            selectedID = rows.isEmpty ? nil : rows[min(oldIndex ?? 0, rows.count - 1)].conversationID
        }
    }

    /// Moves the selection `offset` rows down (up when negative), stopping at either end.
    mutating func moveSelection(by offset: Int) {
        guard !rows.isEmpty else { return }
        hasChosen = true
        let index = min(max(0, (selectedIndex ?? 0) + offset), rows.count - 1)
        selectedID = rows[index].conversationID
    }

    /// Keeps the selection on its conversation from now on (the user acted on it).
    mutating func holdSelection() {
        hasChosen = true
    }

    /// The screen as `height` lines of at most `width` columns: the title (with the connection
    /// state), a blank line, the rows (scrolled so the selection shows), the status and the help.
    func lines(width: Int, height: Int, now: Date = Date(), timeZone: TimeZone = .current) -> [String] {
        render(width: width, height: height, now: now, timeZone: timeZone).lines
    }

    /// `lines(width:height:now:timeZone:)`, and the index of the selected row's line (drawn in
    /// reverse video), if it shows.
    func render(width: Int, height: Int, now: Date = Date(), timeZone: TimeZone = .current) -> (lines: [String], selected: Int?) {
        let total = "total unread: \(totalUnread)"
        // The longest title that leaves room for the total.
        let titles = ["Conversations of alice (\(connection))", "alice (\(connection))", "alice"]
        let title = titles.first { $0.displayWidth + 2 + total.displayWidth <= width } ?? titles.last!
        let gap = max(2, width - title.displayWidth - total.displayWidth)
        var lines = [title + String(repeating: " ", count: gap) + total, ""]
        var selected: Int?
        let visible = max(1, height - 4)
        if rows.isEmpty {
            lines.append(hasLoaded ? "  (no conversations)" : "  loading...")
        } else {
            let first = max(0, (selectedIndex ?? 0) - visible + 1)
            for index in rows.indices.dropFirst(first).prefix(visible) {
                let isSelected = rows[index].conversationID == selectedID
                if isSelected { selected = lines.count }
                lines.append(Self.line(for: rows[index], isSelected: isSelected, width: width, now: now, timeZone: timeZone))
            }
        }
        while lines.count < height - 2 { lines.append("") }
        lines += [status, Self.help]
        return (lines.map { $0.truncated(to: width) }, selected)
    }

    /// One row: selection marker, title, unread badge, time, markers and the last-message digest.
    ///
    /// The title takes at most 20 columns and shrinks (to 8) on narrow screens before the digest is
    /// cut; markers take only the room they need, and shrink to one letter each (`[PMU]`) when they
    /// would leave the digest fewer than 24 columns.
    static func line(
        for row: ConversationRowViewData, isSelected: Bool, width: Int = 100, now: Date = Date(),
        timeZone: TimeZone = .current
    ) -> String {
        let badge = switch row.unreadBadge {
        case .none: ""
        case .count(let count): "(\(count))"
        case .dot: "(•)"
        }
        let (markers, text) = markersAndText(of: row)
        let fixed = 2 + 1 + 5 + 1 + 5 + 1
        let titleWidth = min(20, max(8, (width - fixed) / 3))
        var line = (isSelected ? "> " : "  ") + row.title.truncated(to: titleWidth).padded(toRight: titleWidth) + " "
            + badge.padded(toLeft: 5) + " " + timeText(row.time, now: now, timeZone: timeZone).padded(toLeft: 5) + " "
        if !markers.isEmpty {
            let full = markers.joined(separator: " ")
            let roomLeft = width - line.displayWidth - full.displayWidth - 1
            line += (roomLeft >= 24 ? full : "[" + markers.map(Self.letter).joined() + "]") + " "
        }
        return line + text
    }

    /// The one-letter form of a marker: P pin, M mute, U unread, D draft, @ mention, A @all.
    private static func letter(_ marker: String) -> String {
        switch marker {
        case "[pin]": "P"
        case "[mute]": "M"
        case "[unread]": "U"
        case "[draft]": "D"
        case "[@me]": "@"
        default: "A"
        }
    }

    /// When a row was last active, in five columns: `HH:mm` on the day of `now`, else `MM-dd`.
    static func timeText(_ date: Date?, now: Date, timeZone: TimeZone) -> String {
        guard let date else { return "" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        if calendar.isDate(date, inSameDayAs: now) {
            return "\(two(parts.hour)):\(two(parts.minute))"
        }
        return "\(two(parts.month))-\(two(parts.day))"
    }

    /// The markers `[pin]`, `[mute]`, `[unread]` (marked unread), `[draft]`, `[@me]` or `[@all]` of
    /// `row`, and its digest without the prefixes the markers stand for.
    static func markersAndText(of row: ConversationRowViewData) -> (markers: [String], text: String) {
        var markers: [String] = []
        if row.isPinned { markers.append("[pin]") }
        if row.isMuted { markers.append("[mute]") }
        if row.isMarkedUnread { markers.append("[unread]") }
        var text = Substring(row.lastMessageDigest)
        var mention: String?
        for prefix in ["[@me] ", "[@all] "] where text.hasPrefix(prefix) {
            mention = String(prefix.dropLast())
            text = text.dropFirst(prefix.count)
        }
        let draft = "[Draft] "
        if text.hasPrefix(draft) {
            markers.append("[draft]")
            text = text.dropFirst(draft.count)
        }
        if let mention { markers.append(mention) }
        return (markers, String(text))
    }
}
