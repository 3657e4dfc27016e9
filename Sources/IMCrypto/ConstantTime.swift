/// Comparisons whose time does not depend on the contents compared (for secrets and codes).
///
/// - Thread safety: stateless, `Sendable`.
public enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes; the time depends on their lengths only.
    ///
    /// - Complexity: O(max(a, b)).
    public static func equal(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count) | (a.count == b.count ? 0 : 1)
        var left = a.makeIterator()
        var right = b.makeIterator()
        for _ in 0..<max(a.count, b.count) {
            difference |= (left.next() ?? 0) ^ (right.next() ?? 0)
        }
        return difference == 0
    }
}
