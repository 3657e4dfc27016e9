import Foundation
import IMCore
import IMTransportKit

/// The outcome of `modifyMessage`: the code (0: success), its description, and the message as it
/// is now (changed on success; on a conflict as someone else changed it; otherwise as the SDK holds
/// it).
public typealias V2TIMMessageModifyCompletion = (Int32, String?, V2TIMMessage?) -> Void

/// Changing a sent message (6.2): its text (a text message), its data, description and extension
/// (a custom message), its description and point (a location), its index and data (a face) and its
/// `cloudCustomData`, for everyone who has it.
extension V2TIMManager {
    /// Changes `msg`, a sent message of a conversation I am in (mine or anyone's), to what it holds
    /// now: edit `msg.textElem.text`, `msg.customElem`, `msg.locationElem`, `msg.faceElem` or
    /// `msg.cloudCustomData` in place, then call
    /// this. Goes to the server, which keeps the change: the history and a device syncing from
    /// nothing show it, and every other device of everyone who has the conversation hears
    /// `onRecvMessageModified` (also after a missed push, with the next sync); this device does not
    /// (`completion` says so). The message stays where it is: no new unread message, no move in the
    /// list; when it is a conversation's last message, `onConversationChanged` shows it changed.
    /// `completion` runs on the callback queue with 0 and `msg`, changed, once the change shows here.
    /// - Errors (the code in `completion`, with the message as it is now):
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil `msg`, one never sent (made by `create...Message` and
    ///     not sent, being sent, failed, imported), one that is neither text, custom, location nor
    ///     face (checked first, also before `initSDK`); from the server, a revoked message, one
    ///     deleted from my cloud history, one changed into another kind (a text made custom, ...).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`, 6014 `ERR_SDK_NOT_LOGGED_IN`.
    ///   - 8001 `ERR_SDK_MSG_BODY_SIZE_LIMIT`: the changed body is over 12 KB (as `sendMessage`).
    ///   - 8006 `ERR_SDK_MSG_MODIFY_CONFLICT`: someone changed the message first; the message in
    ///     `completion` is the server's, as they changed it (edit that one and try again).
    ///   - 7013 `ERR_SDK_INTERFACE_NOT_SUPPORT`: a message of an `AVChatRoom` group, or a server of
    ///     a protocol version before 5.
    ///   - 10007 (server): I am not a member of the group. 20003, 10010: the peer or group is gone.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before the
    ///     answer (the server may have changed it; the change then reaches this device with the
    ///     next sync, announced as one made elsewhere unless its push came before the drop).
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the change could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func modifyMessage(msg: V2TIMMessage!, completion: V2TIMMessageModifyCompletion?) {
        let callback = Unchecked(completion), boxed = Unchecked(msg)
        let fail: V2TIMFail = { code, desc in callback.value?(code, desc, boxed.value) }
        guard let msg, let message = msg.core, message.seq > 0, !message.isLocalImport, let content = msg.content,
              message.status != .sending else {
            reportNow(IMError(.invalidParameters, "only a sent text, custom, location or face message can be changed"), to: fail)
            return
        }
        let edit = MessageEdit(content: content, cloudCustomData: msg.cloudCustomData)
        withClient(fail: fail) { client in
            client.modify(message, to: edit) { result, current in
                switch result {
                case .success(let modified):
                    boxed.value?.takeModified(modified)
                    callback.value?(0, "", boxed.value)
                case .failure(let error):
                    // As the server holds it after a conflict, else as this device does (unchanged).
                    let latest = current ?? message
                    let id = latest.conversationID(selfUserID: client.userID)
                    let shown = V2TIMMessage(latest, selfUserID: client.userID, in: client.read { $0.conversation(id) })
                    callback.value?(error.code.rawValue, error.message, shown)
                }
            }
        }
    }

    /// `modifyMessage(msg:completion:)` under its pre-annotation name (Swift's import of
    /// `modifyMessage:completion:` without `NS_SWIFT_NAME`, as the vendor's Flutter plugin calls it).
    /// - Errors: as `modifyMessage(msg:completion:)`.
    @available(*, deprecated, renamed: "modifyMessage(msg:completion:)")
    @_disfavoredOverload
    public func modifyMessage(_ msg: V2TIMMessage!, completion: V2TIMMessageModifyCompletion?) {
        modifyMessage(msg: msg, completion: completion)
    }

    /// `modifyMessage(msg:completion:)` as Swift imports the header's `completion:` method for
    /// `await`: the completion's three values, returned (code 0 on success), never thrown.
    public func modifyMessage(msg: V2TIMMessage!) async -> (Int32, String?, V2TIMMessage?) {
        let boxed = Unchecked(msg)
        // Handed over through a lock, as `withCallbacks` does (the message was built on the
        // callback queue).
        let outcome = HandOverSlot<(Int32, String?, V2TIMMessage?)>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            modifyMessage(msg: boxed.value) { code, desc, message in
                outcome.put((code, desc, message))
                continuation.resume()
            }
        }
        return outcome.take()!
    }
}
