import Foundation
import IMTransportKit

// Listener protocols. Each event has several spellings in real code: the labelled forms of the
// current headers, the unlabelled forms Swift gave the headers without `NS_SWIFT_NAME`, each with
// the parameter as `[X]`, `[X]!` or `[X]?`. Swift matches a method to a protocol requirement only
// when even the `!`/`?` of its parameters agrees, so every spelling is a requirement of its own
// (with an empty default implementation) and the SDK calls every one of them: whichever a class
// implements is called, once per event, also when it implements several. The `?` forms cannot sit
// in the same protocol as the `!` forms (Swift treats the two as one signature), so each listener is
// the composition of two protocols; adopt it by its name (`V2TIMConversationListener`) as usual.

/// Conversation events; every method is optional. Held weakly; called on the SDK's callback queue
/// (see `V2TIMSDKConfig.callbackQueue`).
///
/// Events: `onSyncServerStart`, `onSyncServerFinish`, `onSyncServerFailed`; `onNewConversation`,
/// `onConversationChanged`, `onConversationDeleted` (each in six spellings);
/// `onTotalUnreadMessageCountChanged` (after the first `getTotalUnreadMessageCount`);
/// `onUnreadMessageCountChangedByFilter` / `onUnreadMessageCountChanged(by:totalUnreadCount:)` (for
/// each filter passed to `subscribeUnreadMessageCountByFilter`), both also with the vendor's Swift
/// SDK's `totalUnreadCount: UInt`; the conversation-group events
/// `onConversationGroupCreated`, `onConversationGroupDeleted`, `onConversationGroupNameChanged`,
/// `onConversationsAddedToGroup`, `onConversationsDeletedFromGroup` (with and without `reason`),
/// each in the spellings of the current headers, of the headers without Swift names
/// (`onConversationsAdded(toGroup:conversationList:)`, ...) and of the vendor's Swift samples
/// (`groupName: String`), on every device of the user, after the `onConversationChanged` of the
/// conversations whose `conversationGroupList` changed.
public typealias V2TIMConversationListener = _V2TIMConversationListener & _V2TIMConversationListenerNullable
    & _V2TIMConversationListenerPartlyNullable


/// The `[X]` and `[X]!` spellings of `V2TIMConversationListener` (adopt `V2TIMConversationListener`).
public protocol _V2TIMConversationListener: AnyObject {
    /// A sync with the server started (after login or reconnect).
    func onSyncServerStart()
    /// The sync finished; the changes it brought arrived as new/changed/deleted events.
    func onSyncServerFinish()
    /// The sync failed (it is retried). Also called when the local database was found damaged
    /// (it is replaced and synced again), and when a change could not be written to it (a full
    /// disk, a read-only file: once per failure episode; see `V2TIMManager`).
    func onSyncServerFailed()

    /// Conversations appeared.
    func onNewConversation(conversationList: [V2TIMConversation])
    func onNewConversation(conversationList: [V2TIMConversation]!)
    func onNewConversation(_ conversationList: [V2TIMConversation])
    func onNewConversation(_ conversationList: [V2TIMConversation]!)

    /// Conversations changed (unread count, last message, pin, draft, ...).
    func onConversationChanged(conversationList: [V2TIMConversation])
    func onConversationChanged(conversationList: [V2TIMConversation]!)
    func onConversationChanged(_ conversationList: [V2TIMConversation])
    func onConversationChanged(_ conversationList: [V2TIMConversation]!)

    /// Conversations were deleted (on this device or another of the user's).
    func onConversationDeleted(conversationIDList: [String])
    func onConversationDeleted(conversationIDList: [String]!)
    func onConversationDeleted(_ conversationIDList: [String])
    func onConversationDeleted(_ conversationIDList: [String]!)

    /// The total unread count changed (only after `getTotalUnreadMessageCount` was called once).
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64)
    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64)
    /// The vendor's Swift SDK's spelling (its documentation's samples).
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt)

    /// The unread count of a subscribed filter changed (`subscribeUnreadMessageCountByFilter`).
    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter, totalUnreadCount: UInt64)
    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter!, totalUnreadCount: UInt64)
    func onUnreadMessageCountChanged(by filter: V2TIMConversationListFilter, totalUnreadCount: UInt64)
    func onUnreadMessageCountChanged(by filter: V2TIMConversationListFilter!, totalUnreadCount: UInt64)
    /// The vendor's Swift SDK's spelling (its documentation's samples).
    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter, totalUnreadCount: UInt)

    /// A conversation group was created (on this device or another of the user's), with the
    /// conversations in it that this device has.
    func onConversationGroupCreated(groupName: String, conversationList: [V2TIMConversation])
    func onConversationGroupCreated(groupName: String!, conversationList: [V2TIMConversation]!)
    func onConversationGroupCreated(_ groupName: String, conversationList: [V2TIMConversation])
    func onConversationGroupCreated(_ groupName: String!, conversationList: [V2TIMConversation]!)

    /// A conversation group was deleted.
    func onConversationGroupDeleted(groupName: String)
    func onConversationGroupDeleted(groupName: String!)
    func onConversationGroupDeleted(_ groupName: String)
    func onConversationGroupDeleted(_ groupName: String!)

    /// A conversation group was renamed.
    func onConversationGroupNameChanged(oldName: String, newName: String)
    func onConversationGroupNameChanged(oldName: String!, newName: String!)
    func onConversationGroupNameChanged(_ oldName: String, newName: String)
    func onConversationGroupNameChanged(_ oldName: String!, newName: String!)

    /// Conversations were added to a group (those this device has).
    func onConversationsAddedToGroup(groupName: String, conversationList: [V2TIMConversation])
    func onConversationsAddedToGroup(groupName: String!, conversationList: [V2TIMConversation]!)
    func onConversationsAdded(toGroup groupName: String, conversationList: [V2TIMConversation])
    func onConversationsAdded(toGroup groupName: String!, conversationList: [V2TIMConversation]!)

    /// Conversations were removed from a group (those this device has). `reason` is 0: the user
    /// removed them (`deleteConversationsFromGroup`); the vendor's 1, the oldest member evicted
    /// past 1,000, does not happen here (a 1,001st conversation fails with 51008 instead).
    func onConversationsDeletedFromGroup(groupName: String, conversationList: [V2TIMConversation], reason: UInt32)
    func onConversationsDeletedFromGroup(groupName: String!, conversationList: [V2TIMConversation]!, reason: UInt32)
    func onConversationsDeleted(fromGroup groupName: String, conversationList: [V2TIMConversation], reason: UInt32)
    func onConversationsDeleted(fromGroup groupName: String!, conversationList: [V2TIMConversation]!, reason: UInt32)
    /// The form without `reason` (deprecated in the vendor's headers; still called).
    func onConversationsDeletedFromGroup(groupName: String, conversationList: [V2TIMConversation])
    func onConversationsDeletedFromGroup(groupName: String!, conversationList: [V2TIMConversation]!)
    func onConversationsDeleted(fromGroup groupName: String, conversationList: [V2TIMConversation])
    func onConversationsDeleted(fromGroup groupName: String!, conversationList: [V2TIMConversation]!)
}

/// The `[X]?` spellings of `V2TIMConversationListener` (adopt `V2TIMConversationListener`).
public protocol _V2TIMConversationListenerNullable: AnyObject {
    func onNewConversation(conversationList: [V2TIMConversation]?)
    func onNewConversation(_ conversationList: [V2TIMConversation]?)
    func onConversationChanged(conversationList: [V2TIMConversation]?)
    func onConversationChanged(_ conversationList: [V2TIMConversation]?)
    func onConversationDeleted(conversationIDList: [String]?)
    func onConversationDeleted(_ conversationIDList: [String]?)
    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter?, totalUnreadCount: UInt64)
    func onUnreadMessageCountChanged(by filter: V2TIMConversationListFilter?, totalUnreadCount: UInt64)

    func onConversationGroupCreated(groupName: String?, conversationList: [V2TIMConversation]?)
    func onConversationGroupCreated(_ groupName: String?, conversationList: [V2TIMConversation]?)
    /// The current headers' form (a nullable name, a list that is not).
    func onConversationGroupCreated(groupName: String?, conversationList: [V2TIMConversation])
    func onConversationGroupDeleted(groupName: String?)
    func onConversationGroupDeleted(_ groupName: String?)
    func onConversationGroupNameChanged(oldName: String?, newName: String?)
    func onConversationGroupNameChanged(_ oldName: String?, newName: String?)
    func onConversationsAddedToGroup(groupName: String?, conversationList: [V2TIMConversation]?)
    func onConversationsAdded(toGroup groupName: String?, conversationList: [V2TIMConversation]?)
    func onConversationsAddedToGroup(groupName: String?, conversationList: [V2TIMConversation])
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]?, reason: UInt32)
    func onConversationsDeleted(fromGroup groupName: String?, conversationList: [V2TIMConversation]?, reason: UInt32)
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation], reason: UInt32)
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]?)
    func onConversationsDeleted(fromGroup groupName: String?, conversationList: [V2TIMConversation]?)
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation])
}

extension _V2TIMConversationListener {
    public func onSyncServerStart() {}
    public func onSyncServerFinish() {}
    public func onSyncServerFailed() {}
    public func onNewConversation(conversationList: [V2TIMConversation]) {}
    public func onNewConversation(conversationList: [V2TIMConversation]!) {}
    public func onNewConversation(_ conversationList: [V2TIMConversation]) {}
    public func onNewConversation(_ conversationList: [V2TIMConversation]!) {}
    public func onConversationChanged(conversationList: [V2TIMConversation]) {}
    public func onConversationChanged(conversationList: [V2TIMConversation]!) {}
    public func onConversationChanged(_ conversationList: [V2TIMConversation]) {}
    public func onConversationChanged(_ conversationList: [V2TIMConversation]!) {}
    public func onConversationDeleted(conversationIDList: [String]) {}
    public func onConversationDeleted(conversationIDList: [String]!) {}
    public func onConversationDeleted(_ conversationIDList: [String]) {}
    public func onConversationDeleted(_ conversationIDList: [String]!) {}
    public func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) {}
    public func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) {}
    public func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt) {}
    public func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter, totalUnreadCount: UInt64) {}
    public func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter!, totalUnreadCount: UInt64) {}
    public func onUnreadMessageCountChanged(by filter: V2TIMConversationListFilter, totalUnreadCount: UInt64) {}
    public func onUnreadMessageCountChanged(by filter: V2TIMConversationListFilter!, totalUnreadCount: UInt64) {}
    public func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter, totalUnreadCount: UInt) {}
    public func onConversationGroupCreated(groupName: String, conversationList: [V2TIMConversation]) {}
    public func onConversationGroupCreated(groupName: String!, conversationList: [V2TIMConversation]!) {}
    public func onConversationGroupCreated(_ groupName: String, conversationList: [V2TIMConversation]) {}
    public func onConversationGroupCreated(_ groupName: String!, conversationList: [V2TIMConversation]!) {}
    public func onConversationGroupDeleted(groupName: String) {}
    public func onConversationGroupDeleted(groupName: String!) {}
    public func onConversationGroupDeleted(_ groupName: String) {}
    public func onConversationGroupDeleted(_ groupName: String!) {}
    public func onConversationGroupNameChanged(oldName: String, newName: String) {}
    public func onConversationGroupNameChanged(oldName: String!, newName: String!) {}
    public func onConversationGroupNameChanged(_ oldName: String, newName: String) {}
    public func onConversationGroupNameChanged(_ oldName: String!, newName: String!) {}
    public func onConversationsAddedToGroup(groupName: String, conversationList: [V2TIMConversation]) {}
    public func onConversationsAddedToGroup(groupName: String!, conversationList: [V2TIMConversation]!) {}
    public func onConversationsAdded(toGroup groupName: String, conversationList: [V2TIMConversation]) {}
    public func onConversationsAdded(toGroup groupName: String!, conversationList: [V2TIMConversation]!) {}
    public func onConversationsDeletedFromGroup(groupName: String, conversationList: [V2TIMConversation], reason: UInt32) {}
    public func onConversationsDeletedFromGroup(groupName: String!, conversationList: [V2TIMConversation]!, reason: UInt32) {}
    public func onConversationsDeleted(fromGroup groupName: String, conversationList: [V2TIMConversation], reason: UInt32) {}
    public func onConversationsDeleted(fromGroup groupName: String!, conversationList: [V2TIMConversation]!, reason: UInt32) {}
    public func onConversationsDeletedFromGroup(groupName: String, conversationList: [V2TIMConversation]) {}
    public func onConversationsDeletedFromGroup(groupName: String!, conversationList: [V2TIMConversation]!) {}
    public func onConversationsDeleted(fromGroup groupName: String, conversationList: [V2TIMConversation]) {}
    public func onConversationsDeleted(fromGroup groupName: String!, conversationList: [V2TIMConversation]!) {}
}

extension _V2TIMConversationListenerNullable {
    public func onNewConversation(conversationList: [V2TIMConversation]?) {}
    public func onNewConversation(_ conversationList: [V2TIMConversation]?) {}
    public func onConversationChanged(conversationList: [V2TIMConversation]?) {}
    public func onConversationChanged(_ conversationList: [V2TIMConversation]?) {}
    public func onConversationDeleted(conversationIDList: [String]?) {}
    public func onConversationDeleted(_ conversationIDList: [String]?) {}
    public func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter?, totalUnreadCount: UInt64) {}
    public func onUnreadMessageCountChanged(by filter: V2TIMConversationListFilter?, totalUnreadCount: UInt64) {}
    public func onConversationGroupCreated(groupName: String?, conversationList: [V2TIMConversation]?) {}
    public func onConversationGroupCreated(_ groupName: String?, conversationList: [V2TIMConversation]?) {}
    public func onConversationGroupCreated(groupName: String?, conversationList: [V2TIMConversation]) {}
    public func onConversationGroupDeleted(groupName: String?) {}
    public func onConversationGroupDeleted(_ groupName: String?) {}
    public func onConversationGroupNameChanged(oldName: String?, newName: String?) {}
    public func onConversationGroupNameChanged(_ oldName: String?, newName: String?) {}
    public func onConversationsAddedToGroup(groupName: String?, conversationList: [V2TIMConversation]?) {}
    public func onConversationsAdded(toGroup groupName: String?, conversationList: [V2TIMConversation]?) {}
    public func onConversationsAddedToGroup(groupName: String?, conversationList: [V2TIMConversation]) {}
    public func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]?, reason: UInt32) {}
    public func onConversationsDeleted(fromGroup groupName: String?, conversationList: [V2TIMConversation]?, reason: UInt32) {}
    public func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation], reason: UInt32) {}
    public func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]?) {}
    public func onConversationsDeleted(fromGroup groupName: String?, conversationList: [V2TIMConversation]?) {}
    public func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]) {}
}

/// The spellings of `V2TIMConversationListener` whose parameters mix `X?` and `[X]!` (adopt
/// `V2TIMConversationListener`): the conversation-group events as the 8.7 headers import them
/// (`groupName` marked `nullable`, the list not). They have the types of the other protocols'
/// spellings with other marks, so they need a protocol of their own.
public protocol _V2TIMConversationListenerPartlyNullable: AnyObject {
    func onConversationGroupCreated(groupName: String?, conversationList: [V2TIMConversation]!)
    func onConversationsAddedToGroup(groupName: String?, conversationList: [V2TIMConversation]!)
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]!, reason: UInt32)
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]!)
}

extension _V2TIMConversationListenerPartlyNullable {
    public func onConversationGroupCreated(groupName: String?, conversationList: [V2TIMConversation]!) {}
    public func onConversationsAddedToGroup(groupName: String?, conversationList: [V2TIMConversation]!) {}
    public func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]!, reason: UInt32) {}
    public func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]!) {}
}

/// Message events; every method is optional. Held weakly; called on the SDK's callback queue.
///
/// `onRecvNewMessage` (six spellings) hears messages from other users and messages the user sent
/// from another device (`isSelf` true), once each, whether a push or a sync (after a lost push, a
/// reconnect, a login that keeps the store) brought them; never those sent from this device, nor
/// the history a device starting from nothing gets (it shows in the conversations).
///
/// `onRecvMessageRevoked` (the `msgID` forms and the 7.4 `msgID:operateUser:reason:` forms, each in
/// every spelling) hears every revoke of a message of a conversation the user has, made by its
/// sender on any device (or by a peer or member), once, whether a push or a sync after a missed
/// push brought it; never a revoke made on this device (its `succ` says so). `operateUser` is the
/// sender (only its `userID`), `reason` nil.
///
/// `onRecvC2CReadReceipt` (every spelling) hears that the peer of a C2C conversation read it further
/// (`markC2CMessage(asRead:)`, `cleanConversationUnreadMessageCount`, the legacy `setReadMessage`),
/// on every device of the user, once per read: one `V2TIMMessageReceipt` with the peer's `userID`
/// and the `timestamp` up to which they read. Messages handed out afterwards show `isPeerRead`.
///
/// `onRecvMessageReadReceipts` (every spelling, and the pre-annotation `onRecvMessageRead`) hears
/// that receivers read messages of the user's that asked for read receipts (`needReadReceipt`,
/// `sendMessageReadReceipts`), on every device of the user connected then: one
/// `V2TIMMessageReceipt` per message a reader read for the first time, with the message's counts
/// after it. A device offline then does not hear of it; `getMessageReadReceipts` reads the counts.
///
/// `onRecvMessageModified` (every spelling) hears that a message of a conversation the user has
/// was changed (`modifyMessage`, by anyone in it, from any device but this one), once, whether a
/// push or a sync after a missed push brought it: the message as it is now.
public typealias V2TIMAdvancedMsgListener = _V2TIMAdvancedMsgListener & _V2TIMAdvancedMsgListenerNullable
    & _V2TIMAdvancedMsgListenerPartlyNullable

/// The `X` and `X!` spellings of `V2TIMAdvancedMsgListener` (adopt `V2TIMAdvancedMsgListener`).
public protocol _V2TIMAdvancedMsgListener: AnyObject {
    /// A message arrived (from another user, or sent by me on another device).
    func onRecvNewMessage(msg: V2TIMMessage)
    func onRecvNewMessage(msg: V2TIMMessage!)
    func onRecvNewMessage(_ msg: V2TIMMessage)
    func onRecvNewMessage(_ msg: V2TIMMessage!)

    /// A message was revoked (the form the vendor deprecated in 7.4; still called).
    func onRecvMessageRevoked(msgID: String)
    func onRecvMessageRevoked(msgID: String!)
    func onRecvMessageRevoked(_ msgID: String)
    func onRecvMessageRevoked(_ msgID: String!)

    /// A message was revoked, by `operateUser` (7.4).
    func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserFullInfo, reason: String?)
    func onRecvMessageRevoked(msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String!)
    func onRecvMessageRevoked(_ msgID: String, operateUser: V2TIMUserFullInfo, reason: String?)
    func onRecvMessageRevoked(_ msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String!)
    /// The vendor's first Swift TUIKit's spellings: the ID plain, the revoker and reason optional
    /// (`TUIMessageBaseDataProvider`), or all three plain (`TUIChatPopMenu`).
    func onRecvMessageRevoked(_ msgID: String, operateUser: V2TIMUserFullInfo?, reason: String?)
    func onRecvMessageRevoked(_ msgID: String, operateUser: V2TIMUserFullInfo, reason: String)
    /// The vendor's Swift SDK's spelling (its revoker a `V2TIMUserInfo`).
    func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserInfo, reason: String?)

    /// The peer of a C2C conversation read it (a read receipt).
    func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt])
    func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]!)
    func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt])
    func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]!)

    /// Receivers read messages of mine that asked for read receipts (6.1).
    func onRecvMessageReadReceipts(receiptList: [V2TIMMessageReceipt])
    func onRecvMessageReadReceipts(receiptList: [V2TIMMessageReceipt]!)
    func onRecvMessageReadReceipts(_ receiptList: [V2TIMMessageReceipt])
    func onRecvMessageReadReceipts(_ receiptList: [V2TIMMessageReceipt]!)
    /// The same under the name Swift gives `onRecvMessageReadReceipts:` without `NS_SWIFT_NAME`
    /// (the trailing `Receipts` pruned against the element type; the vendor's Flutter plugin).
    func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt])
    func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt]!)

    /// A message was changed (6.2; `modifyMessage`).
    func onRecvMessageModified(msg: V2TIMMessage)
    func onRecvMessageModified(msg: V2TIMMessage!)
    func onRecvMessageModified(_ msg: V2TIMMessage)
    func onRecvMessageModified(_ msg: V2TIMMessage!)
}

/// The `X?` spellings of `V2TIMAdvancedMsgListener` (adopt `V2TIMAdvancedMsgListener`).
public protocol _V2TIMAdvancedMsgListenerNullable: AnyObject {
    func onRecvNewMessage(msg: V2TIMMessage?)
    func onRecvNewMessage(_ msg: V2TIMMessage?)
    func onRecvMessageRevoked(msgID: String?)
    func onRecvMessageRevoked(_ msgID: String?)
    func onRecvMessageRevoked(msgID: String?, operateUser: V2TIMUserFullInfo?, reason: String?)
    func onRecvMessageRevoked(_ msgID: String?, operateUser: V2TIMUserFullInfo?, reason: String?)
    func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]?)
    func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]?)
    func onRecvMessageReadReceipts(receiptList: [V2TIMMessageReceipt]?)
    func onRecvMessageReadReceipts(_ receiptList: [V2TIMMessageReceipt]?)
    func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt]?)
    func onRecvMessageModified(msg: V2TIMMessage?)
    func onRecvMessageModified(_ msg: V2TIMMessage?)
}

/// The spellings of `V2TIMAdvancedMsgListener` whose parameters mix `X!` and `X?` (adopt
/// `V2TIMAdvancedMsgListener`): the 7.4 revoke as a header that marks only `reason` nullable
/// imports it. A Swift method is called for a requirement only when each parameter's `!`, `?` or
/// neither matches, and these have the types of the other protocols' spellings, so they need a
/// protocol of their own.
public protocol _V2TIMAdvancedMsgListenerPartlyNullable: AnyObject {
    func onRecvMessageRevoked(msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String?)
    func onRecvMessageRevoked(_ msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String?)
}

extension _V2TIMAdvancedMsgListenerPartlyNullable {
    public func onRecvMessageRevoked(msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String?) {}
    public func onRecvMessageRevoked(_ msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String?) {}
}

extension _V2TIMAdvancedMsgListener {
    public func onRecvNewMessage(msg: V2TIMMessage) {}
    public func onRecvNewMessage(msg: V2TIMMessage!) {}
    public func onRecvNewMessage(_ msg: V2TIMMessage) {}
    public func onRecvNewMessage(_ msg: V2TIMMessage!) {}
    public func onRecvMessageRevoked(msgID: String) {}
    public func onRecvMessageRevoked(msgID: String!) {}
    public func onRecvMessageRevoked(_ msgID: String) {}
    public func onRecvMessageRevoked(_ msgID: String!) {}
    public func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserFullInfo, reason: String?) {}
    public func onRecvMessageRevoked(msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String!) {}
    public func onRecvMessageRevoked(_ msgID: String, operateUser: V2TIMUserFullInfo, reason: String?) {}
    public func onRecvMessageRevoked(_ msgID: String!, operateUser: V2TIMUserFullInfo!, reason: String!) {}
    public func onRecvMessageRevoked(_ msgID: String, operateUser: V2TIMUserFullInfo?, reason: String?) {}
    public func onRecvMessageRevoked(_ msgID: String, operateUser: V2TIMUserFullInfo, reason: String) {}
    public func onRecvMessageRevoked(msgID: String, operateUser: V2TIMUserInfo, reason: String?) {}
    public func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]) {}
    public func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]!) {}
    public func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]) {}
    public func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]!) {}
    public func onRecvMessageReadReceipts(receiptList: [V2TIMMessageReceipt]) {}
    public func onRecvMessageReadReceipts(receiptList: [V2TIMMessageReceipt]!) {}
    public func onRecvMessageReadReceipts(_ receiptList: [V2TIMMessageReceipt]) {}
    public func onRecvMessageReadReceipts(_ receiptList: [V2TIMMessageReceipt]!) {}
    public func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt]) {}
    public func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt]!) {}
    public func onRecvMessageModified(msg: V2TIMMessage) {}
    public func onRecvMessageModified(msg: V2TIMMessage!) {}
    public func onRecvMessageModified(_ msg: V2TIMMessage) {}
    public func onRecvMessageModified(_ msg: V2TIMMessage!) {}
}

extension _V2TIMAdvancedMsgListenerNullable {
    public func onRecvNewMessage(msg: V2TIMMessage?) {}
    public func onRecvNewMessage(_ msg: V2TIMMessage?) {}
    public func onRecvMessageRevoked(msgID: String?) {}
    public func onRecvMessageRevoked(_ msgID: String?) {}
    public func onRecvMessageRevoked(msgID: String?, operateUser: V2TIMUserFullInfo?, reason: String?) {}
    public func onRecvMessageRevoked(_ msgID: String?, operateUser: V2TIMUserFullInfo?, reason: String?) {}
    public func onRecvC2CReadReceipt(receiptList: [V2TIMMessageReceipt]?) {}
    public func onRecvC2CReadReceipt(_ receiptList: [V2TIMMessageReceipt]?) {}
    public func onRecvMessageReadReceipts(receiptList: [V2TIMMessageReceipt]?) {}
    public func onRecvMessageReadReceipts(_ receiptList: [V2TIMMessageReceipt]?) {}
    public func onRecvMessageRead(_ receiptList: [V2TIMMessageReceipt]?) {}
    public func onRecvMessageModified(msg: V2TIMMessage?) {}
    public func onRecvMessageModified(_ msg: V2TIMMessage?) {}
}

/// SDK and connection events; every method is optional. Held weakly (`addIMSDKListener(listener:)`
/// or the 5.x `initSDK(_:config:listener:)`); called on the SDK's callback queue.
///
/// They follow the connection of the login: `onConnecting` when a connection is being opened (at
/// login and at every reconnect), `onConnectSuccess` when it is open, `onConnectFailed` when an
/// attempt failed or an open connection was lost (the SDK retries), `onKickedOffline` when another
/// login of the user on the same platform took over, `onUserSigExpired` when the UserSig expired
/// while online or the server refused it at a reconnect (after either of the last two the SDK is
/// logged out: log in again with a new UserSig). A login refused for its UserSig fails with the
/// code instead (70001 expired, ...), without the event. `onAllReceiveMessageOptChanged` comes when
/// the user's receive option for every conversation changes (`setAllReceiveMessageOpt`), on every
/// device of the user online then, the one that set it included (before its `succ`).
/// `onSelfInfoUpdated` and the user-status events are not called: user profiles are not part of
/// this package yet.
public typealias V2TIMSDKListener = _V2TIMSDKListener & _V2TIMSDKListenerNullable

/// The main spellings of `V2TIMSDKListener` (adopt `V2TIMSDKListener`).
public protocol _V2TIMSDKListener: AnyObject {
    /// A connection to the server is being opened.
    func onConnecting()
    /// The connection is open.
    func onConnectSuccess()
    /// Opening the connection failed, or an open one was lost; the SDK retries.
    func onConnectFailed(_ code: Int32, err: String!)
    /// The vendor's Swift SDK's spelling.
    func onConnectFailed(code: Int32, err: String)
    /// The vendor's first Swift TUIKit's spelling (`ConversationController`).
    func onConnectFailed(_ code: Int32, err: String)
    /// The current Swift TUIKit demo's spelling (`TUIKitDemo/AppDelegate`, the code an `Int`).
    func onConnectFailed(code: Int, err: String)
    /// The user's receive option for every conversation changed, on this device or another one
    /// online then (`setAllReceiveMessageOpt`): the option after it.
    func onAllReceiveMessageOptChanged(receiveMessageOptInfo: V2TIMReceiveMessageOptInfo)
    func onAllReceiveMessageOptChanged(_ receiveMessageOptInfo: V2TIMReceiveMessageOptInfo!)
    func onAllReceiveMessageOptChanged(receiveMessageOptInfo: V2TIMReceiveMessageOptInfo!)
    /// Another login of this user took over; the SDK is logged out.
    func onKickedOffline()
    /// The signature expired while online; the SDK is logged out.
    func onUserSigExpired()
}

/// The `String?` spelling of `onConnectFailed` (current headers; adopt `V2TIMSDKListener`).
public protocol _V2TIMSDKListenerNullable: AnyObject {
    func onConnectFailed(_ code: Int32, err: String?)
}

extension _V2TIMSDKListener {
    public func onConnecting() {}
    public func onConnectSuccess() {}
    public func onConnectFailed(_ code: Int32, err: String!) {}
    public func onConnectFailed(code: Int32, err: String) {}
    public func onConnectFailed(_ code: Int32, err: String) {}
    public func onConnectFailed(code: Int, err: String) {}
    public func onAllReceiveMessageOptChanged(receiveMessageOptInfo: V2TIMReceiveMessageOptInfo) {}
    public func onAllReceiveMessageOptChanged(_ receiveMessageOptInfo: V2TIMReceiveMessageOptInfo!) {}
    public func onAllReceiveMessageOptChanged(receiveMessageOptInfo: V2TIMReceiveMessageOptInfo!) {}
    public func onKickedOffline() {}
    public func onUserSigExpired() {}
}

extension _V2TIMSDKListenerNullable {
    public func onConnectFailed(_ code: Int32, err: String?) {}
}

// MARK: - Calling every spelling

/// Calls every spelling of one event on one listener, each once. Each half of a listener is
/// addressed through its own protocol, so the `!` and `?` forms never compete in overload resolution.
enum Spellings {
    static func newConversations(_ list: [V2TIMConversation], to listener: any V2TIMConversationListener) {
        let main: any _V2TIMConversationListener = listener, nullable: any _V2TIMConversationListenerNullable = listener
        let optional: [V2TIMConversation]? = list
        main.onNewConversation(conversationList: list)
        main.onNewConversation(conversationList: optional)
        main.onNewConversation(list)
        main.onNewConversation(optional)
        nullable.onNewConversation(conversationList: optional)
        nullable.onNewConversation(optional)
    }

    static func changedConversations(_ list: [V2TIMConversation], to listener: any V2TIMConversationListener) {
        let main: any _V2TIMConversationListener = listener, nullable: any _V2TIMConversationListenerNullable = listener
        let optional: [V2TIMConversation]? = list
        main.onConversationChanged(conversationList: list)
        main.onConversationChanged(conversationList: optional)
        main.onConversationChanged(list)
        main.onConversationChanged(optional)
        nullable.onConversationChanged(conversationList: optional)
        nullable.onConversationChanged(optional)
    }

    static func deletedConversations(_ list: [String], to listener: any V2TIMConversationListener) {
        let main: any _V2TIMConversationListener = listener, nullable: any _V2TIMConversationListenerNullable = listener
        let optional: [String]? = list
        main.onConversationDeleted(conversationIDList: list)
        main.onConversationDeleted(conversationIDList: optional)
        main.onConversationDeleted(list)
        main.onConversationDeleted(optional)
        nullable.onConversationDeleted(conversationIDList: optional)
        nullable.onConversationDeleted(optional)
    }

    static func totalUnread(_ total: UInt64, to listener: any V2TIMConversationListener) {
        listener.onTotalUnreadMessageCountChanged(totalUnreadCount: total)
        listener.onTotalUnreadMessageCountChanged(total)
        listener.onTotalUnreadMessageCountChanged(totalUnreadCount: UInt(clamping: total))
    }

    static func filterUnread(
        _ filter: V2TIMConversationListFilter, _ total: UInt64, to listener: any V2TIMConversationListener
    ) {
        let main: any _V2TIMConversationListener = listener, nullable: any _V2TIMConversationListenerNullable = listener
        let optional: V2TIMConversationListFilter? = filter
        main.onUnreadMessageCountChangedByFilter(filter: filter, totalUnreadCount: total)
        main.onUnreadMessageCountChangedByFilter(filter: optional, totalUnreadCount: total)
        main.onUnreadMessageCountChanged(by: filter, totalUnreadCount: total)
        main.onUnreadMessageCountChanged(by: optional, totalUnreadCount: total)
        main.onUnreadMessageCountChangedByFilter(filter: filter, totalUnreadCount: UInt(clamping: total))
        nullable.onUnreadMessageCountChangedByFilter(filter: optional, totalUnreadCount: total)
        nullable.onUnreadMessageCountChanged(by: optional, totalUnreadCount: total)
    }

    static func newMessage(_ message: V2TIMMessage, to listener: any V2TIMAdvancedMsgListener) {
        let main: any _V2TIMAdvancedMsgListener = listener, nullable: any _V2TIMAdvancedMsgListenerNullable = listener
        let optional: V2TIMMessage? = message
        main.onRecvNewMessage(msg: message)
        main.onRecvNewMessage(msg: optional)
        main.onRecvNewMessage(message)
        main.onRecvNewMessage(optional)
        nullable.onRecvNewMessage(msg: optional)
        nullable.onRecvNewMessage(optional)
    }

    static func messageRevoked(
        _ msgID: String, by revoker: V2TIMUserFullInfo, to listener: any V2TIMAdvancedMsgListener
    ) {
        let main: any _V2TIMAdvancedMsgListener = listener, nullable: any _V2TIMAdvancedMsgListenerNullable = listener
        let partly: any _V2TIMAdvancedMsgListenerPartlyNullable = listener
        let optional: String? = msgID, optionalRevoker: V2TIMUserFullInfo? = revoker, reason: String? = nil
        main.onRecvMessageRevoked(msgID: msgID)
        main.onRecvMessageRevoked(msgID: optional)
        main.onRecvMessageRevoked(msgID)
        main.onRecvMessageRevoked(optional)
        nullable.onRecvMessageRevoked(msgID: optional)
        nullable.onRecvMessageRevoked(optional)
        main.onRecvMessageRevoked(msgID: msgID, operateUser: revoker, reason: reason)
        main.onRecvMessageRevoked(msgID: optional, operateUser: optionalRevoker, reason: reason)
        main.onRecvMessageRevoked(msgID, operateUser: revoker, reason: reason)
        main.onRecvMessageRevoked(optional, operateUser: optionalRevoker, reason: reason)
        main.onRecvMessageRevoked(msgID: msgID, operateUser: revoker as V2TIMUserInfo, reason: reason)
        main.onRecvMessageRevoked(msgID, operateUser: optionalRevoker, reason: reason)
        main.onRecvMessageRevoked(msgID, operateUser: revoker, reason: "")
        nullable.onRecvMessageRevoked(msgID: optional, operateUser: optionalRevoker, reason: reason)
        nullable.onRecvMessageRevoked(optional, operateUser: optionalRevoker, reason: reason)
        partly.onRecvMessageRevoked(msgID: optional, operateUser: optionalRevoker, reason: reason)
        partly.onRecvMessageRevoked(optional, operateUser: optionalRevoker, reason: reason)
    }

    static func c2cReadReceipts(_ list: [V2TIMMessageReceipt], to listener: any V2TIMAdvancedMsgListener) {
        let main: any _V2TIMAdvancedMsgListener = listener, nullable: any _V2TIMAdvancedMsgListenerNullable = listener
        let optional: [V2TIMMessageReceipt]? = list
        main.onRecvC2CReadReceipt(receiptList: list)
        main.onRecvC2CReadReceipt(receiptList: optional)
        main.onRecvC2CReadReceipt(list)
        main.onRecvC2CReadReceipt(optional)
        nullable.onRecvC2CReadReceipt(receiptList: optional)
        nullable.onRecvC2CReadReceipt(optional)
    }

    static func messageModified(_ message: V2TIMMessage, to listener: any V2TIMAdvancedMsgListener) {
        let main: any _V2TIMAdvancedMsgListener = listener, nullable: any _V2TIMAdvancedMsgListenerNullable = listener
        let optional: V2TIMMessage? = message
        main.onRecvMessageModified(msg: message)
        main.onRecvMessageModified(msg: optional)
        main.onRecvMessageModified(message)
        main.onRecvMessageModified(optional)
        nullable.onRecvMessageModified(msg: optional)
        nullable.onRecvMessageModified(optional)
    }

    static func messageReadReceipts(_ list: [V2TIMMessageReceipt], to listener: any V2TIMAdvancedMsgListener) {
        let main: any _V2TIMAdvancedMsgListener = listener, nullable: any _V2TIMAdvancedMsgListenerNullable = listener
        let optional: [V2TIMMessageReceipt]? = list
        main.onRecvMessageReadReceipts(receiptList: list)
        main.onRecvMessageReadReceipts(receiptList: optional)
        main.onRecvMessageReadReceipts(list)
        main.onRecvMessageReadReceipts(optional)
        main.onRecvMessageRead(list)
        main.onRecvMessageRead(optional)
        nullable.onRecvMessageReadReceipts(receiptList: optional)
        nullable.onRecvMessageReadReceipts(optional)
        nullable.onRecvMessageRead(optional)
    }

    static func allReceiveOptionChanged(_ info: V2TIMReceiveMessageOptInfo, to listener: any V2TIMSDKListener) {
        let optional: V2TIMReceiveMessageOptInfo? = info
        listener.onAllReceiveMessageOptChanged(receiveMessageOptInfo: info)
        listener.onAllReceiveMessageOptChanged(optional)
        listener.onAllReceiveMessageOptChanged(receiveMessageOptInfo: optional)
    }

    static func connectFailed(_ code: Int32, _ message: String, to listener: any V2TIMSDKListener) {
        let main: any _V2TIMSDKListener = listener, nullable: any _V2TIMSDKListenerNullable = listener
        let optional: String? = message
        main.onConnectFailed(code, err: optional)
        main.onConnectFailed(code: code, err: message)
        main.onConnectFailed(code, err: message)
        main.onConnectFailed(code: Int(code), err: message)
        nullable.onConnectFailed(code, err: optional)
    }
}

// MARK: - Simple messages

/// Text and custom messages, the "simple" ones; every method is optional. Held weakly
/// (`addSimpleMsgListener(listener:)`); called on the SDK's callback queue, for the same messages
/// as `V2TIMAdvancedMsgListener.onRecvNewMessage` (from other users, and mine sent from another
/// device), after it. Each method in the spelling of the current headers (`msgID: String!` and the
/// sender implicitly unwrapped, the group ID, text or data optional), of the vendor's Swift SDK (the
/// same with the ID and sender plain), of the headers without Swift names (`_ msgID: String!`, every
/// parameter implicitly unwrapped) and with plain non-optional parameters, labelled or not; and the
/// C2C methods as the vendor's Flutter and React Native plugins spell them (`_ msgID: String!`, the
/// rest plain). The sender shows its `userID`.
public protocol V2TIMSimpleMsgListener: AnyObject {
    /// A C2C text message arrived.
    func onRecvC2CTextMessage(msgID: String, sender info: V2TIMUserInfo, text: String?)
    func onRecvC2CTextMessage(msgID: String!, sender info: V2TIMUserInfo!, text: String?)
    func onRecvC2CTextMessage(msgID: String, sender info: V2TIMUserInfo, text: String)
    func onRecvC2CTextMessage(_ msgID: String!, sender info: V2TIMUserInfo!, text: String!)
    func onRecvC2CTextMessage(_ msgID: String, sender info: V2TIMUserInfo, text: String)
    func onRecvC2CTextMessage(_ msgID: String!, sender info: V2TIMUserInfo, text: String)
    /// A C2C custom message arrived.
    func onRecvC2CCustomMessage(msgID: String, sender info: V2TIMUserInfo, customData data: Data?)
    func onRecvC2CCustomMessage(msgID: String!, sender info: V2TIMUserInfo!, customData data: Data?)
    func onRecvC2CCustomMessage(msgID: String, sender info: V2TIMUserInfo, customData data: Data)
    func onRecvC2CCustomMessage(_ msgID: String!, sender info: V2TIMUserInfo!, customData data: Data!)
    func onRecvC2CCustomMessage(_ msgID: String, sender info: V2TIMUserInfo, customData data: Data)
    func onRecvC2CCustomMessage(_ msgID: String!, sender info: V2TIMUserInfo, customData data: Data)
    /// A group text message arrived.
    func onRecvGroupTextMessage(msgID: String, groupID: String?, sender info: V2TIMGroupMemberInfo, text: String?)
    func onRecvGroupTextMessage(msgID: String!, groupID: String?, sender info: V2TIMGroupMemberInfo!, text: String?)
    func onRecvGroupTextMessage(msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, text: String)
    func onRecvGroupTextMessage(_ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, text: String!)
    func onRecvGroupTextMessage(_ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, text: String)
    /// A group custom message arrived.
    func onRecvGroupCustomMessage(msgID: String, groupID: String?, sender info: V2TIMGroupMemberInfo, customData data: Data?)
    func onRecvGroupCustomMessage(msgID: String!, groupID: String?, sender info: V2TIMGroupMemberInfo!, customData data: Data?)
    func onRecvGroupCustomMessage(msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, customData data: Data)
    func onRecvGroupCustomMessage(
        _ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, customData data: Data!)
    func onRecvGroupCustomMessage(_ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, customData data: Data)
    /// The vendor's TUILiveKit's spelling (gifts and likes): plain, but for the data.
    func onRecvGroupCustomMessage(_ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, customData data: Data!)
}

extension V2TIMSimpleMsgListener {
    public func onRecvC2CTextMessage(msgID: String!, sender info: V2TIMUserInfo!, text: String?) {}
    public func onRecvC2CCustomMessage(msgID: String!, sender info: V2TIMUserInfo!, customData data: Data?) {}
    public func onRecvGroupTextMessage(msgID: String!, groupID: String?, sender info: V2TIMGroupMemberInfo!, text: String?) {}
    public func onRecvGroupCustomMessage(msgID: String!, groupID: String?, sender info: V2TIMGroupMemberInfo!, customData data: Data?) {}
    public func onRecvC2CTextMessage(msgID: String, sender info: V2TIMUserInfo, text: String?) {}
    public func onRecvC2CTextMessage(msgID: String, sender info: V2TIMUserInfo, text: String) {}
    public func onRecvC2CTextMessage(_ msgID: String!, sender info: V2TIMUserInfo!, text: String!) {}
    public func onRecvC2CTextMessage(_ msgID: String, sender info: V2TIMUserInfo, text: String) {}
    public func onRecvC2CTextMessage(_ msgID: String!, sender info: V2TIMUserInfo, text: String) {}
    public func onRecvC2CCustomMessage(msgID: String, sender info: V2TIMUserInfo, customData data: Data?) {}
    public func onRecvC2CCustomMessage(msgID: String, sender info: V2TIMUserInfo, customData data: Data) {}
    public func onRecvC2CCustomMessage(_ msgID: String!, sender info: V2TIMUserInfo!, customData data: Data!) {}
    public func onRecvC2CCustomMessage(_ msgID: String, sender info: V2TIMUserInfo, customData data: Data) {}
    public func onRecvC2CCustomMessage(_ msgID: String!, sender info: V2TIMUserInfo, customData data: Data) {}
    public func onRecvGroupTextMessage(msgID: String, groupID: String?, sender info: V2TIMGroupMemberInfo, text: String?) {}
    public func onRecvGroupTextMessage(msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, text: String) {}
    public func onRecvGroupTextMessage(_ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, text: String!) {}
    public func onRecvGroupTextMessage(_ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, text: String) {}
    public func onRecvGroupCustomMessage(
        msgID: String, groupID: String?, sender info: V2TIMGroupMemberInfo, customData data: Data?) {}
    public func onRecvGroupCustomMessage(
        msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, customData data: Data) {}
    public func onRecvGroupCustomMessage(
        _ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, customData data: Data!) {}
    public func onRecvGroupCustomMessage(
        _ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, customData data: Data) {}
    public func onRecvGroupCustomMessage(
        _ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, customData data: Data!) {}
}

extension Spellings {
    /// A text or custom message as every spelling of the simple listener's method (other contents
    /// are not simple messages).
    static func simpleMessage(_ message: Message, to listener: any V2TIMSimpleMsgListener) {
        let id = message.id
        switch (message.receiver, message.content) {
        case (.user, .text(let text)):
            let sender = V2TIMUserInfo(userID: message.sender), optional: String? = text
            listener.onRecvC2CTextMessage(msgID: id, sender: sender, text: optional)
            listener.onRecvC2CTextMessage(msgID: Optional(id), sender: Optional(sender), text: optional)
            listener.onRecvC2CTextMessage(msgID: id, sender: sender, text: text)
            listener.onRecvC2CTextMessage(Optional(id), sender: Optional(sender), text: optional)
            listener.onRecvC2CTextMessage(id, sender: sender, text: text)
            listener.onRecvC2CTextMessage(Optional(id), sender: sender, text: text)
        case (.user, .custom(let data, _, _)):
            let sender = V2TIMUserInfo(userID: message.sender), optional: Data? = data
            listener.onRecvC2CCustomMessage(msgID: id, sender: sender, customData: optional)
            listener.onRecvC2CCustomMessage(msgID: Optional(id), sender: Optional(sender), customData: optional)
            listener.onRecvC2CCustomMessage(msgID: id, sender: sender, customData: data)
            listener.onRecvC2CCustomMessage(Optional(id), sender: Optional(sender), customData: optional)
            listener.onRecvC2CCustomMessage(id, sender: sender, customData: data)
            listener.onRecvC2CCustomMessage(Optional(id), sender: sender, customData: data)
        case (.group(let groupID), .text(let text)):
            let sender = V2TIMGroupMemberInfo(userID: message.sender), optional: String? = text
            listener.onRecvGroupTextMessage(msgID: id, groupID: Optional(groupID), sender: sender, text: optional)
            listener.onRecvGroupTextMessage(msgID: Optional(id), groupID: Optional(groupID), sender: Optional(sender), text: optional)
            listener.onRecvGroupTextMessage(msgID: id, groupID: groupID, sender: sender, text: text)
            listener.onRecvGroupTextMessage(Optional(id), groupID: Optional(groupID), sender: Optional(sender), text: optional)
            listener.onRecvGroupTextMessage(id, groupID: groupID, sender: sender, text: text)
        case (.group(let groupID), .custom(let data, _, _)):
            let sender = V2TIMGroupMemberInfo(userID: message.sender), optional: Data? = data
            listener.onRecvGroupCustomMessage(msgID: id, groupID: Optional(groupID), sender: sender, customData: optional)
            listener.onRecvGroupCustomMessage(msgID: Optional(id), groupID: Optional(groupID), sender: Optional(sender), customData: optional)
            listener.onRecvGroupCustomMessage(msgID: id, groupID: groupID, sender: sender, customData: data)
            listener.onRecvGroupCustomMessage(
                Optional(id), groupID: Optional(groupID), sender: Optional(sender), customData: optional)
            listener.onRecvGroupCustomMessage(id, groupID: groupID, sender: sender, customData: data)
            listener.onRecvGroupCustomMessage(id, groupID: groupID, sender: sender, customData: optional)
        case (_, .other):
            return
        }
    }
}
