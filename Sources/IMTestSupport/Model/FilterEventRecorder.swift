import IMTransportKit
import ImSDK_Plus

/// Records the `onUnreadMessageCountChangedByFilter` events of some subscribed filters, in order,
/// for the model-based check.
///
/// - Thread safety: listener methods may run on any queue; reads take the same lock.
package final class FilterEventRecorder: V2TIMConversationListener, @unchecked Sendable {
    /// The model's filters, in the order given.
    package let modelFilters: [ModelFilter]
    /// The V2 filter object of each, as subscribed (the events hand it back).
    package let filters: [V2TIMConversationListFilter]
    private let log = Locked<[(filter: Int, count: UInt64)]>([])

    package init(_ modelFilters: [ModelFilter]) {
        self.modelFilters = modelFilters
        self.filters = modelFilters.map { $0.makeV2Filter() }
    }

    /// The counts announced since the last `clear()` for `filter`, in order.
    package func counts(of filter: ModelFilter) -> [UInt64] {
        guard let index = modelFilters.firstIndex(of: filter) else { return [] }
        return log.withLock { $0.filter { $0.filter == index }.map(\.count) }
    }

    /// Forgets what was recorded.
    package func clear() {
        log.withLock { $0.removeAll() }
    }

    package func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter, totalUnreadCount: UInt64) {
        let index = filters.firstIndex { $0 === filter } ?? -1
        log.withLock { $0.append((index, totalUnreadCount)) }
    }
}
