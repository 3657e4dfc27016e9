import Foundation
import IMCore
import IMTransportKit

extension V2TIMManager {
    // MARK: - Unread counts of a filter

    /// The unread count of the conversations `filter` selects by its type, marks and conversation
    /// group (`hasUnreadCount` and `hasGroupAtInfo` do not count here, as the vendor tells filters
    /// apart by those three), without muted conversations (receive option
    /// `NOT_RECEIVE_MESSAGE`, `RECEIVE_NOT_NOTIFY_MESSAGE` or `RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT`),
    /// as `getTotalUnreadMessageCount` counts them; hidden conversations count only when
    /// `markType` asks for the hide mark, as in the filtered list. From local storage, answered in
    /// order with the listener events.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil `filter` (checked first, also before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    /// - Complexity: O(1) for a subscribed filter (a count kept by deltas), else O(u) in the
    ///   conversations with unread messages (the first call after a login may wait for the store
    ///   to finish loading from the database).
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
            client.readCompleteInOrder({ $0.unreadTotal(of: key) }) { total in callbacks.value.0?(total) }
        }
    }

    /// Starts `onUnreadMessageCountChangedByFilter` events for `filter`: each conversation listener
    /// hears the new count, with this filter object, once after every batch of changes that changes
    /// the count `getUnreadMessageCountByFilter` gives for it, after that batch's conversation
    /// events and `onTotalUnreadMessageCountChanged`. Filters with the same type, marks and
    /// conversation group are one subscription (a later one replaces the object handed back).
    /// Subscriptions last until unsubscribed or `unInitSDK` (through either API), across logouts
    /// and logins: a login's first change event carries the count of its user. Cannot fail; a nil
    /// `filter` is ignored.
    /// - Complexity: O(u) now when logged in (the current count, over the conversations with unread
    ///   messages); afterwards O(1) per conversation change and subscribed filter: the count is kept
    ///   by deltas.
    public func subscribeUnreadMessageCountByFilter(filter: V2TIMConversationListFilter!) {
        guard let filter else { return }
        let key = ConversationFilter(filter).unreadKey
        setFilterSubscription(filter, subscribe: true)
        let current = session.setUnreadCountSubscription(key, subscribed: true)
        announceFilterSubscription(key, current: current)
    }

    /// Stops the events of `subscribeUnreadMessageCountByFilter` for the filter with the same type,
    /// marks and conversation group. Cannot fail; a nil `filter` is ignored.
    public func unsubscribeUnreadMessageCountByFilter(filter: V2TIMConversationListFilter!) {
        guard let filter else { return }
        setFilterSubscription(filter, subscribe: false)
        session.setUnreadCountSubscription(ConversationFilter(filter).unreadKey, subscribed: false)
    }
}
