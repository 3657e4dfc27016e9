/// A documented difference between legacy writes and V2 writes, asserted rather than hidden.
///
/// The aspect is left out of the agreement check between the two write APIs (at every step) and
/// its rows after the final step must be exactly `legacy` when writing through the legacy API and
/// exactly `v2` when writing through V2, whichever API reads them.
package struct ExpectedDifference: Hashable, Sendable {
    package var aspect: Aspect
    /// The final rows of `aspect` with legacy writes.
    package var legacy: [String]
    /// The final rows of `aspect` with V2 writes.
    package var v2: [String]
    /// Why they differ, with the documentation it comes from.
    package var reason: String

    package init(_ aspect: Aspect, legacy: [String], v2: [String], because reason: String) {
        self.aspect = aspect
        self.legacy = legacy
        self.v2 = v2
        self.reason = reason
    }

    /// The documented final rows for writes through `api`.
    package func rows(for api: API) -> [String] { api == .legacy ? legacy : v2 }
}
