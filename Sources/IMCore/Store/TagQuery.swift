/// Which tags a tagged walk of an `OrderedIndex` admits: every bit of `required`, none of `excluded`.
///
/// - Thread safety: a value type, `Sendable`.
package struct TagQuery: Hashable, Sendable {
    /// Bits an entry's tags must all hold.
    package var required: UInt64
    /// Bits an entry's tags must not hold.
    package var excluded: UInt64

    /// Admits every entry.
    package static let all = TagQuery(required: 0, excluded: 0)

    package init(required: UInt64, excluded: UInt64) {
        self.required = required
        self.excluded = excluded
    }

    /// Whether an entry with `tags` is admitted.
    package func admits(_ tags: UInt64) -> Bool {
        tags & required == required && tags & excluded == 0
    }

    /// Whether a subtree whose tags have the union `any` and the intersection `all` may hold an
    /// admitted entry (false: none of its entries is admitted).
    func mayHold(any: UInt64, all: UInt64) -> Bool {
        any & required == required && all & excluded == 0
    }
}
