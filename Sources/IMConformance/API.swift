/// One of the two public API generations over the shared session.
package enum API: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `ImSDK`: `TIMManager`, `TIMConversation`, `TIMMessage`, `TIMRefreshListener`, ...
    case legacy
    /// `ImSDK_Plus`: `V2TIMManager`, `V2TIMConversation`, `V2TIMConversationListener`, ...
    case v2

    package var description: String { self == .legacy ? "legacy" : "V2" }
}
