/// Renders scenario reports as an aligned plain-text table, with notes under it.
///
/// Columns: scenario, legacy result (legacy writes and reads), V2 result (V2 writes and reads),
/// agree (`yes` / `NO`). A scenario with expected differences gets a note number after its name;
/// the notes say what differs and why. Every discrepancy of a scenario that does not agree is listed
/// after the notes.
package enum ReportTable {
    private static let headers = (scenario: "Scenario", legacy: "Legacy", v2: "V2", agree: "Agree")
    private static let gap = "  "

    /// The table's lines, header first, then the notes and discrepancies.
    /// - Complexity: O(total length of the reports' text).
    package static func lines(for reports: [ScenarioReport]) -> [String] {
        var notes: [String] = []
        var noteCount = 0
        let cells = reports.map { report -> (scenario: String, legacy: String, v2: String, agree: String) in
            var name = report.scenario.name
            if !report.scenario.expectedDifferences.isEmpty {
                noteCount += 1
                notes += note(number: noteCount, for: report.scenario)
                name += " [\(noteCount)]"
            }
            return (name, report.legacyDigest, report.v2Digest, report.agrees ? "yes" : "NO")
        }
        let widths = (
            scenario: ([headers.scenario] + cells.map(\.scenario)).map(\.count).max()!,
            legacy: ([headers.legacy] + cells.map(\.legacy)).map(\.count).max()!,
            v2: ([headers.v2] + cells.map(\.v2)).map(\.count).max()!)

        func line(_ scenario: String, _ legacy: String, _ v2: String, _ agree: String) -> String {
            [scenario.padded(to: widths.scenario), legacy.padded(to: widths.legacy), v2.padded(to: widths.v2), agree]
                .joined(separator: gap)
        }
        var lines = [line(headers.scenario, headers.legacy, headers.v2, headers.agree)]
        lines += cells.map { line($0.scenario, $0.legacy, $0.v2, $0.agree) }
        if !notes.isEmpty {
            lines.append("")
            lines += notes
        }
        for report in reports where !report.agrees {
            lines.append("")
            lines.append("\(report.scenario.name): does not agree")
            lines += report.discrepancies.map { "  - \($0)" }
        }
        return lines
    }

    /// The legend of the digests.
    package static let legend = "Results: conversations in list order as name:unread (#g a group, ~ a draft, "
        + "@ unread @-mentions), total: their sum."

    /// The note of a scenario with expected differences: one line per difference.
    private static func note(number: Int, for scenario: Scenario) -> [String] {
        let lines = scenario.expectedDifferences.map { difference in
            "expected difference in \(difference.aspect.rawValue): \(difference.reason)."
        }
        return lines.enumerated().map { index, text in (index == 0 ? "[\(number)] " : "    ") + text }
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    fileprivate func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
