/// The first place where the SDK disagreed with the reference model.
package struct ModelDivergence: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step after which it was seen: 1 for the first operation; 0 right after login.
    package var step: Int
    /// The operation of that step (nil at step 0).
    package var operation: ModelOperation?
    /// What was compared: "V2 list order (pages of 3)", "legacy getUnReadMessageNum() of p0", ...
    package var observable: String
    /// What the model says.
    package var expected: String
    /// What the SDK showed.
    package var actual: String

    package init(step: Int, operation: ModelOperation?, observable: String, expected: String, actual: String) {
        self.step = step
        self.operation = operation
        self.observable = observable
        self.expected = expected
        self.actual = actual
    }

    package var description: String {
        let after = operation.map { "step \(step) (\($0))" } ?? "login"
        return "after \(after): \(observable)\n    expected: \(expected)\n    actual:   \(actual)"
    }
}

/// A comparison that failed, before the checker knows the step (thrown by the comparisons).
struct ModelMismatch: Error {
    let observable: String
    let expected: String
    let actual: String
}

/// Throws a `ModelMismatch` unless `expected == actual`.
func expectEqual<T: Equatable>(
    _ observable: @autoclosure () -> String, _ expected: T, _ actual: T
) throws(ModelMismatch) {
    guard expected != actual else { return }
    throw ModelMismatch(observable: observable(), expected: "\(expected)", actual: "\(actual)")
}
