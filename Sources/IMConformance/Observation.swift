/// Everything the reads API showed during one run of a scenario: one snapshot per step.
package struct Observation: Hashable, Sendable {
    package var snapshots: [Snapshot]

    package init(snapshots: [Snapshot]) {
        self.snapshots = snapshots
    }

    /// A one-line summary of the final snapshot, for tables.
    ///
    /// The conversations in list order as `name:unread` (`#g` a group; `~` a draft, `@` unread
    /// @-mentions), then `total:` their sum; `logged out` when nobody is; then every failed step;
    /// then the rows of each aspect of `extra` other than `order` and `unread`.
    /// - Complexity: O(size of the observation).
    package func digest(showing extra: [Aspect] = []) -> String {
        guard let final = snapshots.last else { return "(no steps)" }
        var parts: [String] = []
        if final[.order] == Snapshot.loggedOut {
            parts.append("logged out")
        } else {
            let unread = Self.values(final[.unread])
            let drafts = Set(Self.values(final[.drafts]).keys)
            let mentions = Set(Self.values(final[.atInfos]).keys)
            var total = 0
            for id in final[.order] {
                let count = unread[id] ?? "?"
                total += Int(count) ?? 0
                let markers = (drafts.contains(id) ? "~" : "") + (mentions.contains(id) ? "@" : "")
                parts.append("\(id.shortenedConversationIDs):\(count)\(markers)")
            }
            parts.append("total:\(total)")
        }
        for (index, snapshot) in snapshots.enumerated() where snapshot[.result] != ["ok"] {
            parts.append("(step \(index + 1): \(snapshot[.result].joined(separator: " ")))")
        }
        for aspect in extra where aspect != .order && aspect != .unread {
            let rows = final[aspect].map(\.shortenedConversationIDs)
            parts.append("| \(aspect.rawValue) " + (rows.isEmpty ? "-" : rows.joined(separator: " ")))
        }
        return parts.joined(separator: " ")
    }

    /// `id=value` rows as a dictionary.
    private static func values(_ rows: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for row in rows {
            guard let equals = row.firstIndex(of: "=") else { continue }
            result[String(row[..<equals])] = String(row[row.index(after: equals)...])
        }
        return result
    }
}
