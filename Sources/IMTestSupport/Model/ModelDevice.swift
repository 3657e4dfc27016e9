/// A device of the logged-in user in the model-based check: the shared session, driven through
/// both APIs, or the second one (`V2TIMManager.makeInstance()`).
package enum ModelDevice: Hashable, Sendable, CaseIterable {
    case main
    case second
}
