/// One reason a scenario does not agree across modes.
package enum Discrepancy: Hashable, Sendable, CustomStringConvertible {
    /// The scenario could not be run in this mode.
    case runFailed(Mode, RunError)
    /// Two modes that must agree recorded different numbers of steps.
    case stepCountsDiffer(Mode, Int, Mode, Int)
    /// Two modes that must agree show different rows of `aspect` after step `step` (1-based).
    case differs(step: Int, title: String, aspect: Aspect, Mode, [String], Mode, [String])
    /// A documented difference did not show: the final rows of its aspect in this mode are not the
    /// documented ones.
    case expectationUnmet(Mode, aspect: Aspect, expected: [String], actual: [String])
    /// An expected difference whose two sides are the same is no difference: a mistake in the
    /// scenario.
    case notADifference(Aspect)
    /// A step's API call failed in this mode, and the scenario does not document it.
    case stepFailed(Mode, step: Int, title: String, outcome: String)

    package var description: String {
        switch self {
        case .runFailed(let mode, let error):
            return "\(mode): could not run: \(error)"
        case .stepCountsDiffer(let left, let leftCount, let right, let rightCount):
            return "\(left) recorded \(leftCount) steps, \(right) \(rightCount)"
        case .differs(let step, let title, let aspect, let left, let leftRows, let right, let rightRows):
            return "step \(step) (\(title)), \(aspect.rawValue): \(left) \(Self.list(leftRows))"
                + " but \(right) \(Self.list(rightRows))"
        case .expectationUnmet(let mode, let aspect, let expected, let actual):
            return "\(mode): final \(aspect.rawValue) is \(Self.list(actual)), documented \(Self.list(expected))"
        case .notADifference(let aspect):
            return "the expected difference in \(aspect.rawValue) has the same rows on both sides"
        case .stepFailed(let mode, let step, let title, let outcome):
            return "\(mode): step \(step) (\(title)) failed: \(outcome)"
        }
    }

    private static func list(_ rows: [String]) -> String { "[" + rows.joined(separator: ", ") + "]" }
}
