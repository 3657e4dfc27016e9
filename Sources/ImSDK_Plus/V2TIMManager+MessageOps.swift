import Foundation
import IMCore
import IMTransportKit

/// Message operations that change a conversation's row: revoking, deleting and clearing; and the
/// message listeners' revoke and read-receipt events.
///
/// What the conversation shows afterwards (`onConversationChanged` comes before `succ`):
/// - a revoked message stays in the history (status `MSG_STATUS_LOCAL_REVOKED`) and stays the last
///   message when it was, shown revoked; it no longer counts as unread (nor as an @-mention), so
///   the unread count and the total drop when it was unread;
/// - a deleted message leaves the history; when it was the last message, the newest remaining one
///   takes its place (none when nothing is left); an unread one no longer counts;
/// - a cleared conversation stays in the list, in its place, with no last message and nothing
///   unread.
/// None of them moves a conversation in the list.
extension V2TIMManager {
    /// Revokes `msg`, a message I sent, for everyone: within 2 minutes of sending (the server's
    /// clock), in C2C only my own messages, in groups my own (this package has no group admins).
    ///
    /// The peer's (or the members') devices and my other devices hear `onRecvMessageRevoked`; this
    /// device does not (`succ` says so). Goes to the server; `succ` runs once the server revoked it
    /// and it shows revoked here, and `msg.status` is `MSG_STATUS_LOCAL_REVOKED` by then. Revoking a
    /// message revoked already succeeds and changes nothing.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil `msg`, one never sent (made by `create...Message`
    ///     and not sent, being sent, failed), or, in C2C, one I did not send (checked first, also
    ///     before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 20016 `ERR_SVR_MSG_REVOKE_TIME_LIMIT` (server): a C2C message sent more than 2 minutes ago.
    ///   - 10031 `ERR_SVR_GROUP_REVOKE_MSG_TIME_LIMIT` (server): a group message sent more than 2
    ///     minutes ago.
    ///   - 10030 `ERR_SVR_GROUP_REVOKE_MSG_NOT_FOUND` (server): the group has no such message.
    ///   - 10007 `ERR_SVR_GROUP_PERMISSION_DENY` (server): a group message of another member, or I
    ///     am not a member.
    ///   - 20003 `IMError.Code.unknownUser`, 10010 `IMError.Code.unknownGroup` (server): the peer
    ///     or group no longer exists.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before the
    ///     answer (the server may have revoked it; the revoke then reaches this device with the
    ///     next sync, announced as one made elsewhere unless its push came before the drop).
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the revoke could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func revokeMessage(msg: V2TIMMessage!, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        let callbacks = Unchecked((succ, fail))
        guard let msg, let message = msg.core, message.seq > 0 else {
            reportNow(IMError(.invalidParameters, "only a sent message can be revoked"), to: fail)
            return
        }
        let boxed = Unchecked(msg)
        withClient(fail: fail) { client throws(IMError) in
            guard message.receiver.isGroup || message.sender.isSameID(as: client.userID) else {
                throw IMError(.invalidParameters, "only your own C2C messages can be revoked")
            }
            client.revoke(message) { result in
                if case .success(let revoked) = result { boxed.value.takeRevoked(revoked) }
                callbacks.finish(result.map { _ in })
            }
        }
    }

    /// Deletes `msg` from this device's storage only: local history (`findMessages`, the history
    /// calls) no longer shows it, a later sync does not bring it back, the server's history and the
    /// user's other devices keep it. An unread message stops counting; when it was the last
    /// message, the newest remaining local one takes its place. Local; no server request.
    /// `msg.status` is `MSG_STATUS_HAS_DELETED` by `succ`.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil `msg`, one the SDK did not make (a new message not
    ///     sent), one still being sent, or deleted already (checked first, also before `initSDK`
    ///     for the first two).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6004 `ERR_INVALID_CONVERSATION`: its conversation is not in the list (deleted).
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the deletion could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func deleteMessageFromLocalStorage(msg: V2TIMMessage!, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        let callbacks = Unchecked((succ, fail))
        guard let msg, let message = msg.core else {
            reportNow(IMError(.invalidParameters, "the message is not one the SDK stored"), to: fail)
            return
        }
        let boxed = Unchecked(msg)
        withClient(fail: fail) { client throws(IMError) in
            let id = message.conversationID(selfUserID: client.userID)
            try client.forgetMessage(message, in: id)
            client.deliver {
                boxed.value.status = .MSG_STATUS_HAS_DELETED
                callbacks.finish(.success(()))
            }
        }
    }

    /// Deletes the messages of `msgList` (1 to 50, all of one conversation) here and from my cloud
    /// history: the history calls and a device syncing from nothing no longer show them, and a
    /// later sync does not bring them back; my other devices keep their copies (the vendor's
    /// "deletion is not synced across devices"). Messages never sent (failed) are deleted here only.
    /// Goes to the server once; `succ` runs after the deletion shows here.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil or empty list, more than 50 messages, messages of
    ///     several conversations, one the SDK did not make (a new message not sent) or one still
    ///     being sent (checked first, also before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 20003 `IMError.Code.unknownUser`, 10010 `IMError.Code.unknownGroup` (server): the peer
    ///     or group no longer exists.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before the
    ///     answer (nothing is deleted here).
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the deletion could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    /// - Complexity: O(k log m) for k messages.
    public func deleteMessages(msgList: [V2TIMMessage]!, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        let callbacks = Unchecked((succ, fail))
        let list = msgList ?? []
        let messages = list.compactMap(\.core)
        guard !list.isEmpty, list.count <= IMClient.maxDeletedMessages, messages.count == list.count,
              !messages.contains(where: { $0.status == .sending }) else {
            reportNow(IMError(.invalidParameters, "delete 1 to \(IMClient.maxDeletedMessages) messages the SDK stored, "
                + "none being sent"), to: fail)
            return
        }
        let boxed = Unchecked(list)
        withClient(fail: fail) { client throws(IMError) in
            let ids = Set(messages.map { $0.conversationID(selfUserID: client.userID) })
            guard ids.count == 1, let id = ids.first else {
                throw IMError(.invalidParameters, "the messages must be of one conversation")
            }
            client.deleteMessages(messages, in: id) { result in
                if case .success = result { boxed.value.forEach { $0.status = .MSG_STATUS_HAS_DELETED } }
                callbacks.finish(result)
            }
        }
    }

    /// Deletes every message of my C2C conversation with `userID`, here and from my cloud history,
    /// keeping the conversation in the list, in its place, with no last message and nothing unread;
    /// my other devices drop them too. Messages being sent stay. Goes to the server; `succ` runs
    /// after the change shows here (`onConversationChanged` first).
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil or empty `userID` (checked first, also before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6004 `ERR_INVALID_CONVERSATION`: there is no conversation with `userID` here, or no
    ///     longer on the server (another device has just deleted it).
    ///   - 20003 `IMError.Code.unknownUser` (server): `userID` is not registered.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before the
    ///     answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the change could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func clearC2CHistoryMessage(userID: String!, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        clearHistory(of: userID.nonEmpty.map { .c2c($0) }, succ: succ, fail: fail)
    }

    /// Deletes every message of group `groupID`'s conversation, here and from my cloud history;
    /// as `clearC2CHistoryMessage(userID:succ:fail:)`.
    /// - Errors: as `clearC2CHistoryMessage(userID:succ:fail:)` (6017 for a nil or empty
    ///   `groupID`; 10010 `IMError.Code.unknownGroup` (server) for a group that does not exist).
    public func clearGroupHistoryMessage(groupID: String!, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        clearHistory(of: groupID.nonEmpty.map { .group($0) }, succ: succ, fail: fail)
    }

    private func clearHistory(of id: ConversationID?, succ: V2TIMSucc?, fail: V2TIMFail?) {
        let callbacks = Unchecked((succ, fail))
        guard let id else {
            reportNow(IMError(.invalidParameters, "the user or group ID is empty"), to: fail)
            return
        }
        withClient(fail: fail) { client in
            client.clearHistory(id) { callbacks.finish($0) }
        }
    }

    // MARK: - Listener events

    /// The revokes, read receipts and changed messages of one batch as message-listener calls,
    /// every spelling once; `client` reads a changed message's read cursor.
    static func tell(_ listeners: [any V2TIMAdvancedMsgListener], _ events: MessageEvents, from client: IMClient) {
        guard !listeners.isEmpty, !events.isEmpty else { return }
        for message in events.revoked {
            let revoker = V2TIMUserFullInfo()
            revoker.userID = message.sender
            listeners.forEach { Spellings.messageRevoked(message.id, by: revoker, to: $0) }
        }
        let receipts = events.receipts.map { V2TIMMessageReceipt(peer: $0.conversationID.target, timestamp: $0.point.timestamp) }
        if !receipts.isEmpty { listeners.forEach { Spellings.c2cReadReceipts(receipts, to: $0) } }
        for message in events.modified {
            let id = message.conversationID(selfUserID: client.userID)
            let v2 = V2TIMMessage(message, selfUserID: client.userID, in: client.read { $0.conversation(id) })
            listeners.forEach { Spellings.messageModified(v2, to: $0) }
        }
    }
}

extension MessageReceiver {
    /// Whether the message went to a group.
    var isGroup: Bool {
        if case .group = self { return true }
        return false
    }
}

// MARK: - Pre-annotation names and async forms

extension V2TIMManager {
    /// `revokeMessage(msg:succ:fail:)` under its pre-annotation name (Swift's import of
    /// `revokeMessage:succ:fail:` without `NS_SWIFT_NAME`, as the vendor's Flutter plugin calls it).
    /// - Errors: as `revokeMessage(msg:succ:fail:)`.
    @available(*, deprecated, renamed: "revokeMessage(msg:succ:fail:)")
    @_disfavoredOverload
    public func revokeMessage(_ msg: V2TIMMessage!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        revokeMessage(msg: msg, succ: succ, fail: fail)
    }

    /// `deleteMessageFromLocalStorage(msg:succ:fail:)` under its pre-annotation name (the
    /// preposition split off: `deleteMessage(fromLocalStorage:)`).
    /// - Errors: as `deleteMessageFromLocalStorage(msg:succ:fail:)`.
    @available(*, deprecated, renamed: "deleteMessageFromLocalStorage(msg:succ:fail:)")
    public func deleteMessage(fromLocalStorage msg: V2TIMMessage!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        deleteMessageFromLocalStorage(msg: msg, succ: succ, fail: fail)
    }

    /// `deleteMessages(msgList:succ:fail:)` under its pre-annotation name (the type word pruned:
    /// `delete(_:succ:fail:)`).
    /// - Errors: as `deleteMessages(msgList:succ:fail:)`.
    @available(*, deprecated, renamed: "deleteMessages(msgList:succ:fail:)")
    public func delete(_ msgList: [V2TIMMessage]!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        deleteMessages(msgList: msgList, succ: succ, fail: fail)
    }

    /// `clearC2CHistoryMessage(userID:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `clearC2CHistoryMessage(userID:succ:fail:)`.
    @available(*, deprecated, renamed: "clearC2CHistoryMessage(userID:succ:fail:)")
    @_disfavoredOverload
    public func clearC2CHistoryMessage(_ userID: String!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        clearC2CHistoryMessage(userID: userID, succ: succ, fail: fail)
    }

    /// `clearGroupHistoryMessage(groupID:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `clearGroupHistoryMessage(groupID:succ:fail:)`.
    @available(*, deprecated, renamed: "clearGroupHistoryMessage(groupID:succ:fail:)")
    @_disfavoredOverload
    public func clearGroupHistoryMessage(_ groupID: String!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        clearGroupHistoryMessage(groupID: groupID, succ: succ, fail: fail)
    }

    /// Revokes a message; see `revokeMessage(msg:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func revokeMessage(msg: V2TIMMessage) async throws {
        let boxed = Unchecked(msg)
        try await withCallbacks { succ, fail in revokeMessage(msg: boxed.value, succ: { succ(()) }, fail: fail) }
    }

    /// Deletes a message from local storage; see `deleteMessageFromLocalStorage(msg:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func deleteMessageFromLocalStorage(msg: V2TIMMessage) async throws {
        let boxed = Unchecked(msg)
        try await withCallbacks { succ, fail in
            deleteMessageFromLocalStorage(msg: boxed.value, succ: { succ(()) }, fail: fail)
        }
    }

    /// Deletes messages here and from the cloud history; see `deleteMessages(msgList:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func deleteMessages(msgList: [V2TIMMessage]) async throws {
        let boxed = Unchecked(msgList)
        try await withCallbacks { succ, fail in deleteMessages(msgList: boxed.value, succ: { succ(()) }, fail: fail) }
    }

    /// Clears a C2C conversation's history; see `clearC2CHistoryMessage(userID:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func clearC2CHistoryMessage(userID: String) async throws {
        try await withCallbacks { succ, fail in clearC2CHistoryMessage(userID: userID, succ: { succ(()) }, fail: fail) }
    }

    /// Clears a group conversation's history; see `clearGroupHistoryMessage(groupID:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func clearGroupHistoryMessage(groupID: String) async throws {
        try await withCallbacks { succ, fail in clearGroupHistoryMessage(groupID: groupID, succ: { succ(()) }, fail: fail) }
    }
}
