/// Renders conversation rows as an aligned plain-text table for a terminal.
///
/// Columns: position, name, unread badge, markers, preview. Column widths stay fixed from table to
/// table unless a value needs more room; names and previews are cut with "..." so that every line
/// fits `width` terminal columns (wide characters such as CJK and emoji count as two), as long as
/// `width` leaves the preview at least as wide as its header.
struct ConversationTable: Sendable {
    /// The terminal width every line must fit.
    var width = 80
    /// The narrowest the name column gets, and the widest before names are cut.
    var nameColumn = (min: 14, max: 20)
    /// The narrowest the markers column gets.
    var markersMinWidth = 14

    private static let headers = (position: "#", name: "Conversation", unread: "Unread", markers: "Markers",
                                  preview: "Last message")
    private static let gap = "  "
    private static let emptyText = "(no conversations)"

    /// The table's lines, header first.
    /// - Complexity: O(total length of the rows' text).
    func lines(for rows: [ConversationRow]) -> [String] {
        guard !rows.isEmpty else { return [Self.emptyText] }
        let headers = Self.headers
        let cells = rows.enumerated().map { index, row in
            (position: String(index + 1),
             name: row.name,
             unread: row.unreadCount > 0 ? "(\(row.unreadCount))" : "",
             markers: row.markers.joined(separator: " "),
             preview: row.preview)
        }
        let positionWidth = max(headers.position.displayWidth, cells.map(\.position.displayWidth).max() ?? 0)
        let nameWidth = min(nameColumn.max, max(nameColumn.min, cells.map(\.name.displayWidth).max() ?? 0))
        let unreadWidth = max(headers.unread.displayWidth, cells.map(\.unread.displayWidth).max() ?? 0)
        let markersWidth = max(markersMinWidth, headers.markers.displayWidth,
                               cells.map(\.markers.displayWidth).max() ?? 0)
        let fixed = positionWidth + nameWidth + unreadWidth + markersWidth + 4 * Self.gap.count
        let previewWidth = max(width - fixed, headers.preview.displayWidth)

        func line(_ position: String, _ name: String, _ unread: String, _ markers: String, _ preview: String) -> String {
            let columns = [
                position.padded(toLeft: positionWidth),
                name.truncated(to: nameWidth).padded(toRight: nameWidth),
                unread.padded(toLeft: unreadWidth),
                markers.padded(toRight: markersWidth),
                preview.truncated(to: previewWidth),
            ]
            return columns.joined(separator: Self.gap).trimmingTrailingSpaces
        }
        return [line(headers.position, headers.name, headers.unread, headers.markers, headers.preview)]
            + cells.map { line($0.position, $0.name, $0.unread, $0.markers, $0.preview) }
    }
}

extension String {
    /// The number of terminal columns the string takes: two for wide characters, else one.
    var displayWidth: Int {
        reduce(0) { $0 + $1.displayWidth }
    }

    /// The string cut to at most `width` columns, ending in "..." when something was cut.
    func truncated(to width: Int) -> String {
        guard displayWidth > width else { return self }
        let ellipsis = "..."
        guard width > ellipsis.count else { return String(repeating: ".", count: max(0, width)) }
        var kept = ""
        var used = 0
        for character in self {
            let next = character.displayWidth
            if used + next > width - ellipsis.count { break }
            kept.append(character)
            used += next
        }
        return kept + ellipsis
    }

    /// The string without the spaces at its end.
    var trimmingTrailingSpaces: String {
        var trimmed = self
        while trimmed.last == " " { trimmed.removeLast() }
        return trimmed
    }

    /// Spaces after the string, up to `width` columns.
    func padded(toRight width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - displayWidth))
    }

    /// Spaces before the string, up to `width` columns.
    func padded(toLeft width: Int) -> String {
        String(repeating: " ", count: max(0, width - displayWidth)) + self
    }
}

extension Character {
    /// Two for emoji shown as pictures and East Asian wide characters, zero for control
    /// characters, else one.
    var displayWidth: Int {
        guard let scalar = unicodeScalars.first else { return 0 }
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation || unicodeScalars.contains("\u{FE0F}") { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
