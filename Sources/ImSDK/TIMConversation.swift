import Foundation
import IMTransportKit
import TIMAdapter

/// A conversation handle: its type and receiver, of the user it was taken as. Every query reads
/// the shared store at the time of the call, so a handle kept from earlier always shows the
/// current state.
///
/// A handle belongs to the user logged in when the SDK handed it out, as the vendor's handles
/// belong to the logged-in user. After a logout and a login as another user it acts on nothing,
/// never on the new user's conversation of the same name: its getters return what they return
/// when logged out (0, nil, empty) and its calls fail with 6014 (`ERR_SDK_NOT_LOGGED_IN`),
/// changing nothing. Once its user is logged in again (or their store opened), it works again.
/// User IDs compare by their bytes.
///
/// An open `NSObject` subclass, as the vendor's. Two handles on the same conversation of the same
/// user are equal (`==`, `isEqual`) and hash alike, whichever call handed them out.
///
/// Errors and return codes follow `TIMManager`'s conventions (see there). Getters read local
/// storage at the time of the call and report no errors.
/// - Thread safety: immutable; safe to use from any thread. Callbacks run on the session's callback
///   queue, as `TIMManager` says.
open class TIMConversation: NSObject {
    let id: ConversationID
    /// The adapter, acting for the user the handle was taken as only.
    let bridge: LegacyBridge

    /// A handle on `id` of user `owner` (the user logged in, or whose store is open, now).
    init(_ id: ConversationID, owner: String) {
        self.id = id
        bridge = LegacyBridge.shared.owned(by: owner)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? TIMConversation else { return false }
        return other.id == id && other.bridge.owner.map(ExactID.init) == bridge.owner.map(ExactID.init)
    }

    open override var hash: Int { id.hashValue }

    private typealias Callbacks = (succ: TIMSucc?, fail: TIMFail?)

    // MARK: - Identity

    /// C2C, GROUP or SYSTEM.
    public func getType() -> TIMConversationType {
        TIMConversationType(rawValue: LegacyIDs.legacy(id).type) ?? .C2C
    }

    /// The peer's user ID (C2C), the group ID (GROUP), or `""` (SYSTEM).
    public func getReceiver() -> String! { LegacyIDs.legacy(id).receiver }

    /// The group's name (groups only; nil otherwise or when unknown).
    public func getGroupName() -> String! {
        bridge.state(of: id)?.groupName
    }

    /// The logged-in user: the one the handle belongs to (nil while another user is logged in).
    public func getSelfIdentifier() -> String! { bridge.selfUserID }

    // MARK: - Unread and reads

    /// The number of unread messages (0 when the conversation has none or does not exist).
    /// - Complexity: O(1), from local storage.
    public func getUnReadMessageNum() -> Int32 {
        Int32(clamping: bridge.state(of: id)?.unreadCount ?? 0)
    }

    /// Marks `fromMsg` and everything before it read; nil marks everything up to the newest message.
    /// One message cannot be marked alone.
    ///
    /// Goes to the server (the SYSTEM conversation, which is not there, is marked here only);
    /// `succ` runs once the server answered and the read is applied here (`onRefreshConversations`
    /// comes first).
    /// - Returns: 0 when accepted; else the error's code.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS` (returned): `fromMsg` is not a sent or received message
    ///     of this conversation (checked first).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN` (returned): not logged in (a store `initStorage` opened is
    ///     not enough), or logged in as another user than the handle's.
    ///   - 6004 `ERR_INVALID_CONVERSATION` (returned): the conversation does not exist; (to `fail`)
    ///     the server no longer has it (another device has just deleted it).
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the read could not be written to local storage (it
    ///     stands; written once the disk recovers).
    @discardableResult
    public func setReadMessage(_ fromMsg: TIMMessage?, succ: TIMSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        var seq: UInt64?
        if let fromMsg {
            guard let stored = fromMsg.stored, stored.seq > 0, fromMsg.conversationID == id else {
                return bridge.reject(IMError(.invalidParameters, "the message is not a sent message of this conversation"),
                                     fail: callbacks)
            }
            seq = stored.seq
        }
        return bridge.setRead(id, upTo: seq) { error in callbacks.finish(error) }
    }

    /// `setReadMessage(_:succ:fail:)` under the name Swift gives the ObjC method.
    /// - Errors: as `setReadMessage(_:succ:fail:)`.
    @discardableResult
    public func setRead(_ fromMsg: TIMMessage?, succ: TIMSucc?, fail: TIMFail?) -> Int32 {
        setReadMessage(fromMsg, succ: succ, fail: fail)
    }

    // MARK: - Messages

    /// The newest message, or nil.
    public func getLastMsg() -> TIMMessage! {
        guard let selfUserID = bridge.selfUserID, let last = bridge.state(of: id)?.lastMessage else { return nil }
        return TIMMessage(last, selfUserID: selfUserID)
    }

    /// Up to `count` messages older than `last` (nil: from the newest), newest first, from the
    /// server's history (one request per call; messages removed with `remove()` are left out, so
    /// a page may be shorter); while the connection is down (or drops before the answer), from
    /// local storage, as `getLocalMessage` pages it.
    /// - Returns: 0 when accepted; else the error's code.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN` (returned): not logged in (a store `initStorage` opened is
    ///     not enough), or logged in as another user than the handle's.
    ///   - 6017 `ERR_INVALID_PARAMETERS` (returned): `count` is 0 or less.
    ///   - 6019 `ERR_DATABASE_OPERATE_FAILED` / 6022 `ERR_IO_OPERATION_FAILED`: the local database
    ///     could not be read (a damaged page, an I/O error), for the local history or to leave out
    ///     the messages removed from it.
    ///   - 6004 `ERR_INVALID_CONVERSATION` (server): the SYSTEM conversation (it has no history
    ///     there).
    ///   - 20003 `IMError.Code.unknownUser` (server): the C2C peer is not registered.
    ///   - 10010 `IMError.Code.unknownGroup` (server): the group does not exist.
    ///   - 10007 `IMError.Code.notGroupMember` (server): I am not a member of the group.
    @discardableResult
    public func getMessage(_ count: Int32, last: TIMMessage?, succ: TIMGetMsgSucc?, fail: TIMFail?) -> Int32 {
        messages(count, last: last, local: false, succ: succ, fail: fail)
    }

    /// As `getMessage(_:last:succ:fail:)`, from this device's storage only (no server request; also
    /// from a store `initStorage` opened). Messages being sent come first; imported messages are
    /// placed by time.
    /// - Returns: 0 when accepted; else the error's code.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN` (returned): no store is open (logged out, no
    ///     `initStorage`), or it is another user's than the handle's.
    ///   - 6017 `ERR_INVALID_PARAMETERS` (returned): `count` is 0 or less.
    ///   - 6019 `ERR_DATABASE_OPERATE_FAILED` / 6022 `ERR_IO_OPERATION_FAILED` (returned): the local
    ///     database could not be read (a damaged page, an I/O error): the call fails rather than
    ///     answer with what memory holds, and may be tried again.
    /// - Complexity: O(log m + count) in the common case, m the conversation's local messages.
    @discardableResult
    public func getLocalMessage(_ count: Int32, last: TIMMessage?, succ: TIMGetMsgSucc?, fail: TIMFail?) -> Int32 {
        messages(count, last: last, local: true, succ: succ, fail: fail)
    }

    private func messages(_ count: Int32, last: TIMMessage?, local: Bool, succ: TIMGetMsgSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        let me = bridge.selfUserID ?? ""
        return bridge.messages(of: id, count: count, before: last?.stored, local: local) { result in
            switch result {
            case .success(let messages): callbacks.value.0?(messages.map { TIMMessage($0, selfUserID: me) })
            case .failure(let error): callbacks.value.1?(error.code.rawValue, error.message)
            }
        }
    }

    /// Sends `msg` in this conversation; it reaches the peer (or the group) and the user's other
    /// devices, not this device's `TIMMessageListener`. It shows as the last message at once
    /// (sending); `succ` runs once the server stored it.
    /// - Returns: 0 when accepted; else the error's code.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS` (returned): a nil `msg`, one already sent (or received,
    ///     or converted for import), one without a text, custom, location or face element, or the
    ///     SYSTEM conversation (checked first).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN` (returned): not logged in, or logged in as another user
    ///     than the handle's.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the message could not be written to local storage: it
    ///     is not sent, and shows as failed.
    ///   - 8001 `ERR_SDK_MSG_BODY_SIZE_LIMIT`: its body is over 12 KB (its element's fields
    ///     together): it is not sent, and shows as failed.
    ///   - 20003 `IMError.Code.unknownUser` (server): the C2C peer is not registered.
    ///   - 10010 `IMError.Code.unknownGroup` (server): the group does not exist.
    ///   - 10007 `IMError.Code.notGroupMember` (server): I am not a member of the group.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer (the message shows as failed, though the server may have it).
    @discardableResult
    public func send(_ msg: TIMMessage!, succ: TIMSucc?, fail: TIMFail?) -> Int32 {
        send(msg, onlineOnly: false, succ: succ, fail: fail)
    }

    /// Sends `msg` to whoever is online now (the receivers, my other devices): a device offline
    /// never gets it, not after a login either; neither the server nor any device stores it (no history returns it, no
    /// conversation shows it, starts with it or counts it). It needs a server of protocol version 6.
    /// - Errors: as `send(_:succ:fail:)`; 7013 `ERR_SDK_INTERFACE_NOT_SUPPORT` from a server of an
    ///   earlier protocol version.
    @discardableResult
    public func sendOnlineMessage(_ msg: TIMMessage!, succ: TIMSucc?, fail: TIMFail?) -> Int32 {
        send(msg, onlineOnly: true, succ: succ, fail: fail)
    }

    private func send(_ msg: TIMMessage?, onlineOnly: Bool, succ: TIMSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        guard let msg, msg.stored == nil, let content = msg.content, id.kind != .system else {
            return bridge.reject(IMError(.invalidParameters, "nothing to send, already sent, or a SYSTEM conversation"),
                                 fail: callbacks)
        }
        let boxed = Unchecked(msg)
        let owner = bridge.owner
        return bridge.send(content, in: id, onlineOnly: onlineOnly, willSend: { pending in
            msg.stored = pending
            msg.conversationID = id
            msg.owner = owner
        }, completion: { result in
            switch result {
            case .success(let stored):
                boxed.value.stored = stored
                callbacks.value.0?()
            case .failure(let error):
                boxed.value.stored?.status = .failed
                callbacks.value.1?(error.code.rawValue, error.message)
            }
        })
    }

    // MARK: - Drafts and @-mentions

    /// Saves `draft` (nil clears it). Kept on this device (and across restarts); with
    /// `V2TIMSDKConfig.syncsDrafts` on the shared session, synced to the user's other devices.
    /// Synchronous and local (with drafts synced, the server is told afterwards). Clearing the draft
    /// of a conversation that does not exist creates nothing; saving one creates the conversation.
    /// - Returns: 0; else the error's code.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN` (returned): not logged in (a store `initStorage` opened is
    ///     not enough), or logged in as another user than the handle's.
    ///   - 6022 `ERR_IO_OPERATION_FAILED` (returned): the draft could not be written to local
    ///     storage (a full disk, a read-only database: it is saved all the same, and written once
    ///     the disk recovers).
    @discardableResult
    public func setDraft(_ draft: TIMMessageDraft?) -> Int32 {
        let code = bridge.setDraft(id, text: draft?.text)
        if code == 0, let draft {
            draft.savedAt = bridge.state(of: id)?.draft.map { Date(timeIntervalSince1970: TimeInterval($0.timestamp)) }
        }
        return code
    }

    /// The saved draft, or nil.
    public func getDraft() -> TIMMessageDraft! {
        guard let draft = bridge.state(of: id)?.draft else { return nil }
        let result = TIMMessageDraft()
        let elem = TIMTextElem()
        elem.text = draft.text
        result.add(elem)
        result.savedAt = Date(timeIntervalSince1970: TimeInterval(draft.timestamp))
        return result
    }

    /// The unread @-mentions (groups), oldest first.
    public func getGroupAtInfoList() -> [TIMGroupAtInfo]! {
        (bridge.state(of: id)?.mentions ?? []).map { mention in
            let legacy = TIMGroupAtInfo()
            legacy.seq = mention.seq
            legacy.atType = TIMGroupAtType(rawValue: mention.type) ?? .AT_ME
            return legacy
        }
    }

    /// Deletes a conversation and its local messages (the 5.0 headers put it here); cloud messages
    /// stay. As `TIMManager.deleteConversationAndMessages(_:receiver:)`.
    /// - Returns: true when deleted; false as there, and, deleting nothing, while another user than
    ///   the handle's is logged in.
    @discardableResult
    public func deleteConversationAndMessages(_ type: TIMConversationType, receiver: String!) -> Bool {
        guard bridge.selfUserID != nil else { return false }
        return TIMManager.sharedInstance().deleteConversationAndMessages(type, receiver: receiver)
    }
}

extension Unchecked where Value == (TIMSucc?, TIMFail?) {
    /// Calls `succ` when `error` is nil, else `fail`.
    func finish(_ error: IMError?) {
        if let error { value.1?(error.code.rawValue, error.message) } else { value.0?() }
    }
}

extension LegacyBridge {
    /// Reports `error` to `fail` on the callback queue and returns its code.
    func reject(_ error: IMError, fail callbacks: Unchecked<(TIMSucc?, TIMFail?)>) -> Int32 {
        fail(error) { callbacks.finish($0) }
    }
}
