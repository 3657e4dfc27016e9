import Foundation
import IMTransportKit
import TIMAdapter

/// The conversation's calls that change its messages: revoke, delete (here and in the cloud) and
/// delete the local messages.
///
/// Header facts (ImSDK 4.x `TIMConversation+MsgExt.h`, 5.x `TIMConversation.h` 4.1 and 4.2):
/// `- (int)revokeMessage:(TIMMessage*)msg succ:(TIMSucc)succ fail:(TIMFail)fail;`,
/// `- (int)deleteMessages:(NSArray<TIMMessage *>*)msgList succ:(TIMSucc)succ fail:(TIMFail)fail;`
/// (at most 30), `- (int)deleteLocalMessage:(TIMSucc)succ fail:(TIMFail)fail;`.
extension TIMConversation {
    /// Revokes `msg`, a message I sent in this conversation, for everyone: within 2 minutes of
    /// sending (the server's clock). The peer's (or the members') devices and my other devices hear
    /// `TIMMessageRevokeListener.onRevokeMessage`; this device does not (`succ` says so). Afterwards
    /// the message's `status()` is `MSG_STATUS_LOCAL_REVOKED`; it stays in the history and stays
    /// the last message when it was, and no longer counts as unread anywhere.
    /// - Returns: 0 when accepted; else the error's code.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS` (returned): a nil `msg`, one never sent, one of another
    ///     conversation, or, in C2C, one I did not send.
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN` (returned): not logged in, or logged in as another user than
    ///     the handle's.
    ///   - 20016 `ERR_SVR_MSG_REVOKE_TIME_LIMIT` (server): a C2C message sent more than 2 minutes ago.
    ///   - 10031 `ERR_SVR_GROUP_REVOKE_MSG_TIME_LIMIT`, 10030 `ERR_SVR_GROUP_REVOKE_MSG_NOT_FOUND`,
    ///     10007 `ERR_SVR_GROUP_PERMISSION_DENY` (server): a group message sent more than 2 minutes
    ///     ago, unknown, or another member's.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before the
    ///     answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the revoke could not be written to local storage (it
    ///     stands; written once the disk recovers).
    @discardableResult
    public func revokeMessage(_ msg: TIMMessage!, succ: TIMSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        guard let msg, let message = msg.stored else {
            return bridge.reject(IMError(.invalidParameters, "only a sent message can be revoked"), fail: callbacks)
        }
        let boxed = Unchecked(msg)
        return bridge.revoke(message, in: id) { result in
            switch result {
            case .success(let revoked):
                boxed.value.stored = revoked
                callbacks.value.0?()
            case .failure(let error):
                callbacks.value.1?(error.code.rawValue, error.message)
            }
        }
    }

    /// Deletes the messages of `msgList` (1 to 30, of this conversation) here and from my cloud
    /// history: the history (`getMessage`, `getLocalMessage`) no longer returns them, not after a
    /// reinstall either; my other devices keep their copies (deletion is not synced across
    /// devices). An unread message stops counting; a deleted last message gives way to the newest
    /// remaining one. Goes to the server; `succ` runs after the deletion shows here.
    /// - Returns: 0 when accepted; else the error's code.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS` (returned): a nil or empty list, more than 30 messages, one
    ///     that was never sent or received (or is still being sent), or one of another conversation.
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN` (returned): not logged in, or logged in as another user than
    ///     the handle's.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before the
    ///     answer (nothing is deleted here).
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the deletion could not be written to local storage (it
    ///     stands; written once the disk recovers).
    @discardableResult
    public func deleteMessages(_ msgList: [TIMMessage]!, succ: TIMSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        let list = msgList ?? []
        let boxed = Unchecked(list)
        return bridge.deleteMessages(list.map(\.stored), in: id) { error in
            if error == nil { boxed.value.forEach { $0.stored?.status = .deleted } }
            callbacks.finish(error)
        }
    }

    /// Deletes every message of this conversation from this device's storage only, as `remove()`
    /// deletes one: the conversation stays, in its place, with nothing unread and no last message;
    /// this device's history (`getLocalMessage`, `getMessage`) no longer returns them, nor does a
    /// later sync bring them back; the server and the user's other devices keep them. Messages
    /// being sent stay. Local (also on a store `initStorage` opened); `succ` runs on the
    /// callback queue after the change's `onRefreshConversations`.
    /// - Returns: 0 when accepted; else the error's code.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN` (returned): no store is open (logged out, no
    ///     `initStorage`), or it is another user's than the handle's.
    ///   - 6022 `ERR_IO_OPERATION_FAILED` (returned): the deletion could not be written to local
    ///     storage (it stands; written once the disk recovers).
    @discardableResult
    public func deleteLocalMessage(_ succ: TIMSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        return bridge.deleteLocalMessages(of: id) { callbacks.finish($0) }
    }
}

extension TIMMessageLocator {
    /// The locator of `message` as a revoke notice names it (`isFromRevokeNotify`).
    convenience init(revoked message: Message, selfUserID: String) {
        self.init()
        let legacy = LegacyIDs.legacy(message.conversationID(selfUserID: selfUserID))
        msgId = message.id
        sessId = legacy.receiver
        sessType = TIMConversationType(rawValue: legacy.type) ?? .C2C
        seq = message.seq
        rand = UInt64(message.random)
        time = Int(message.timestamp)
        isSelf = message.sender.isSameID(as: selfUserID)
        isFromRevokeNotify = true
    }
}
