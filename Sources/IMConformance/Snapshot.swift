/// What the reads API showed after one step, normalised so that both APIs give equal values.
package struct Snapshot: Hashable, Sendable {
    /// The step's title.
    package var title: String
    /// The rows of each aspect; an aspect with no rows may be missing.
    package var rows: [Aspect: [String]]

    /// The `order` rows while nobody is logged in (the other list aspects are then left out).
    package static let loggedOut = ["(logged out)"]

    package init(title: String, rows: [Aspect: [String]]) {
        self.title = title
        self.rows = rows
    }

    /// The rows of `aspect` (empty when there are none).
    package subscript(aspect: Aspect) -> [String] { rows[aspect] ?? [] }

    /// The aspects where `self` and `other` differ, in aspect order, leaving out `ignored`.
    func differingAspects(from other: Snapshot, ignoring ignored: Set<Aspect>) -> [Aspect] {
        Aspect.allCases.filter { !ignored.contains($0) && self[$0] != other[$0] }
    }
}
