import Foundation
import IMCore
import IMTransportKit

extension V2TIMManager {
    // MARK: - Unread counts of a filter

    /// The unread count of the conversations `filter` selects (its type and marks), without muted
    /// conversations, as `getTotalUnreadMessageCount` counts them. From local storage, answered in
    /// order with the listener events.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil `filter` (checked first, also before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    /// - Complexity: O(n) in the number of conversations (and the first call after login loads the
    ///   whole store from the database if it is not loaded yet).
    public func getUnreadMessageCountByFilter(
        filter: V2TIMConversationListFilter!, succ: V2TIMTotalUnreadMessageCountSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        guard let filter else {
            reportNow(IMError(.invalidParameters, "filter is nil"), to: fail)
            return
        }
        let key = ConversationFilter(filter).unreadKey
        withClient(fail: fail) { client in
            client.readCompleteInOrder({ $0.unreadTotal(where: key.matches) }) { total in callbacks.value.0?(total) }
        }
    }

    /// Starts `onUnreadMessageCountChangedByFilter` events for `filter`: after every change of the
    /// unread count of the conversations it selects, each conversation listener hears the new count
    /// with this filter object. Subscribing a filter that selects the same conversations again
    /// replaces the earlier one. Subscriptions last until unsubscribed or `unInitSDK`. Cannot fail;
    /// a nil `filter` is ignored.
    /// - Complexity: O(n) now when logged in (the current count), and O(n) per subscribed filter
    ///   after every change to the list while subscribed.
    public func subscribeUnreadMessageCountByFilter(filter: V2TIMConversationListFilter!) {
        guard let filter else { return }
        let key = ConversationFilter(filter).unreadKey
        let current = currentClient.map { client in client.readComplete { $0.unreadTotal(where: key.matches) } }
        setFilterSubscription(filter, subscribe: true, current: current)
    }

    /// Stops the events of `subscribeUnreadMessageCountByFilter` for a filter selecting the same
    /// conversations.
    public func unsubscribeUnreadMessageCountByFilter(filter: V2TIMConversationListFilter!) {
        guard let filter else { return }
        setFilterSubscription(filter, subscribe: false, current: nil)
    }
}
