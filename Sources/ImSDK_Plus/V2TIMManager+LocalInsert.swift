import Foundation
import IMCore
import IMTransportKit

extension V2TIMManager {
    /// Adds `msg` to this device's storage of the C2C conversation with `userID`, as sent by
    /// `sender` (me or `userID`; nil or empty: me), without sending it: a prompt the chat shows
    /// ("you have sent the file") that the other party need not get. It is a local import: no server
    /// sequence, never unread, status `MSG_STATUS_LOCAL_IMPORTED`, the local time (or a second past
    /// the last message's, if that is not older); it becomes the last message and the conversation
    /// moves up (created if needed), and it stays on this device only (other devices and the
    /// server never see it).
    /// `getC2CHistoryMessageList` shows it: merged by time into the server's pages while connected,
    /// from local storage while not (legacy: `getLocalMessage`). `msg` takes its ID, sender and time.
    /// `succ` runs once it is stored (after `onNewConversation` or `onConversationChanged`).
    /// - Returns: the message ID, or nil when the call fails at once (`fail` says why).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil message or one without a text, custom, location or
    ///     face element, one already sent or inserted, an empty `userID`, or a `sender` who is
    ///     neither party.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: it could not be written to local storage (it stands in
    ///     memory, see `V2TIMManager`).
    @discardableResult
    public func insertC2CMessageToLocalStorage(
        msg: V2TIMMessage?, to userID: String?, sender: String?, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) -> String! {
        insert(msg, into: userID.nonEmpty.map(ConversationID.c2c), sender: sender, succ: succ, fail: fail)
    }

    /// Adds `msg` to this device's storage of group `groupID`, as sent by `sender` (nil or empty:
    /// me), without sending it ("you left the group"); as
    /// `insertC2CMessageToLocalStorage(msg:to:sender:succ:fail:)`.
    /// - Errors: as `insertC2CMessageToLocalStorage(msg:to:sender:succ:fail:)` (6017 for an empty
    ///   `groupID`).
    @discardableResult
    public func insertGroupMessageToLocalStorage(
        msg: V2TIMMessage?, to groupID: String?, sender: String?, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) -> String! {
        insert(msg, into: groupID.nonEmpty.map(ConversationID.group), sender: sender, succ: succ, fail: fail)
    }

    /// `insertC2CMessageToLocalStorage(msg:to:sender:succ:fail:)` as Swift imported it without
    /// `NS_SWIFT_NAME`.
    @available(*, deprecated, renamed: "insertC2CMessageToLocalStorage(msg:to:sender:succ:fail:)")
    @discardableResult
    public func insertC2CMessage(
        toLocalStorage msg: V2TIMMessage!, to userID: String!, sender: String!, succ: V2TIMSucc?, fail: V2TIMFail?
    ) -> String! {
        insertC2CMessageToLocalStorage(msg: msg, to: userID, sender: sender, succ: succ, fail: fail)
    }

    /// `insertGroupMessageToLocalStorage(msg:to:sender:succ:fail:)` as Swift imported it without
    /// `NS_SWIFT_NAME`.
    @available(*, deprecated, renamed: "insertGroupMessageToLocalStorage(msg:to:sender:succ:fail:)")
    @discardableResult
    public func insertGroupMessage(
        toLocalStorage msg: V2TIMMessage!, to groupID: String!, sender: String!, succ: V2TIMSucc?, fail: V2TIMFail?
    ) -> String! {
        insertGroupMessageToLocalStorage(msg: msg, to: groupID, sender: sender, succ: succ, fail: fail)
    }

    private func insert(
        _ message: V2TIMMessage?, into id: ConversationID?, sender: String?, succ: V2TIMSucc?, fail: V2TIMFail?
    ) -> String? {
        let callbacks = Unchecked((succ, fail))
        var messageID: String?
        withClient(fail: fail) { client throws(IMError) in
            guard let message, let content = message.content else {
                throw IMError(.invalidParameters, "message is nil or has no content")
            }
            guard message.seq == 0, message.status != .MSG_STATUS_SEND_SUCC,
                  message.status != .MSG_STATUS_LOCAL_IMPORTED else {
                throw IMError(.invalidParameters, "message was already sent or inserted")
            }
            guard let id else { throw IMError(.invalidParameters, "the conversation's ID is empty") }
            var imported = client.importable(content)
            imported.sender = sender.nonEmpty ?? client.userID
            imported.timestamp = client.timeForNewImport(in: id)
            imported.cloudCustomData = message.cloudCustomData
            let stored: Message
            var failure: IMError?
            do throws(IMError) {
                stored = try client.importMessages([imported], into: id)[0]
            } catch where error.code == .ioOperationFailed {
                // Not on disk, but in memory: the message stands (see `IMClient.writeDurably`).
                (stored, failure) = (imported, error)
            }
            message.update(from: stored, selfUserID: client.userID)
            messageID = stored.id
            client.deliver { [failure] in
                if let failure { failure.report(to: callbacks.value.1) } else { callbacks.value.0?() }
            }
        }
        return messageID
    }
}
