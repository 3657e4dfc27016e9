import Foundation

/// The app's own data on one message: the legacy `customInt`/`customData` and the V2
/// `localCustomInt`/`localCustomData`, which are the same two fields.
///
/// Kept on this device only (in the store and its database), keyed by message ID; never sent to the
/// server and never part of the message's wire form.
/// - Thread safety: a value type, `Sendable`.
package struct MessageLocalFields: Hashable, Sendable {
    /// The custom integer; 0 when never set.
    package var customInt: Int32
    /// The custom data; nil when never set (or cleared).
    package var customData: Data?

    package init(customInt: Int32 = 0, customData: Data? = nil) {
        self.customInt = customInt
        self.customData = customData
    }

    /// Whether both fields have their defaults (nothing to keep).
    package var isEmpty: Bool { customInt == 0 && customData == nil }
}
