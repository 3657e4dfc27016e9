import Foundation
import IMCore
import IMTransportKit

extension V2TIMManager {
    // MARK: - Creating

    /// A text message to send; nil for a nil `text` (the header leaves it unannotated, so Swift
    /// code may pass an optional).
    public func createTextMessage(text: String!) -> V2TIMMessage! {
        guard let text else { return nil }
        let message = V2TIMMessage()
        message.setContent(.text(text))
        return message
    }

    /// A group text message that @-mentions `atUserList` (`kImSDK_MesssageAtALL` for everyone).
    public func createTextAtMessage(text: String!, atUserList: [String]) -> V2TIMMessage! {
        let message = createTextMessage(text: text)
        message?.groupAtUserList = atUserList
        return message
    }

    /// `createTextAtMessage(text:atUserList:)` with the headers' `NSMutableArray` of IDs (entries
    /// that are not strings are left out).
    public func createTextAtMessage(text: String!, atUserList: NSMutableArray?) -> V2TIMMessage! {
        createTextAtMessage(text: text, atUserList: (atUserList ?? []).compactMap { $0 as? String })
    }

    /// A group message with `message`'s content that @-mentions `atUserList` (`kImSDK_MesssageAtALL`
    /// for everyone), to send instead of it (7.0); nil for a nil message or one without content.
    public func createAtSignedGroupMessage(message: V2TIMMessage?, atUserList: [String]) -> V2TIMMessage! {
        guard let content = message?.content else { return nil }
        let signed = V2TIMMessage()
        signed.setContent(content)
        signed.groupAtUserList = atUserList
        return signed
    }

    /// `createAtSignedGroupMessage(message:atUserList:)` with the headers' `NSMutableArray` of IDs
    /// (entries that are not strings are left out).
    public func createAtSignedGroupMessage(message: V2TIMMessage?, atUserList: NSMutableArray?) -> V2TIMMessage! {
        createAtSignedGroupMessage(message: message, atUserList: (atUserList ?? []).compactMap { $0 as? String })
    }

    /// `createAtSignedGroupMessage(message:atUserList:)` as Swift imported the 7.0 header without
    /// `NS_SWIFT_NAME` (the vendor's first Swift TUIKit calls it so).
    @available(*, deprecated, renamed: "createAtSignedGroupMessage(message:atUserList:)")
    public func create(atSignedGroupMessage message: V2TIMMessage!, atUserList: NSMutableArray!) -> V2TIMMessage! {
        createAtSignedGroupMessage(message: message, atUserList: atUserList)
    }

    /// A custom message carrying `data` (nil: empty; the header leaves it unannotated, so code
    /// passes a `Data?` from `String.data(using:)`).
    public func createCustomMessage(data: Data!) -> V2TIMMessage! {
        let message = V2TIMMessage()
        message.setContent(.custom(data ?? Data()))
        return message
    }

    /// A location message: a description and a point (degrees), carried as given (a coordinate
    /// that is not finite is carried as 0). Its receivers read `locationElem`.
    public func createLocationMessage(desc: String?, longitude: Double, latitude: Double) -> V2TIMMessage! {
        let message = V2TIMMessage()
        message.setContent(.location(.init(desc: desc, longitude: longitude, latitude: latitude)))
        return message
    }

    /// A face (sticker) message: an index and data, both the app's own, carried as given. Its
    /// receivers read `faceElem`.
    public func createFaceMessage(index: Int32, data: Data?) -> V2TIMMessage! {
        let message = V2TIMMessage()
        message.setContent(.face(.init(index: index, data: data)))
        return message
    }

    /// A new message with `message`'s content, to send elsewhere (the headers: a received or sent
    /// message is not sent again; forward a copy). Its `cloudCustomData` and flags start unset;
    /// nil for a nil message or one without content.
    public func createForwardMessage(message: V2TIMMessage?) -> V2TIMMessage! {
        guard let message, let content = message.content else { return nil }
        let forward = V2TIMMessage()
        forward.setContent(content)
        return forward
    }

    // MARK: - Sending

    /// Sends `message` to user `receiver` or to group `groupID` (exactly one of them).
    ///
    /// The message becomes the conversation's last message at once (status sending); on success it
    /// carries its `seq`, server `timestamp` and `MSG_STATUS_SEND_SUCC`. Priority, offline push info
    /// and progress are accepted and have no effect here. Goes to the server; `succ` runs once the
    /// server stored the message.
    ///
    /// With `onlineUserOnly` (typing notices and other hints), as the vendor documents online
    /// messages: only the receivers' devices and my other devices online now get it
    /// (`onRecvNewMessage`); a device offline never does, not after a login either; neither the
    /// server nor any device stores it, so no history (local or cloud) holds it, no conversation
    /// shows it, starts with it or counts it, on either side; `succ` runs once the server passed
    /// it on, and the message keeps `seq` 0. It needs a server of protocol version 6 (7013
    /// otherwise).
    /// - Returns: the message ID, or nil when the call fails at once (not initialised, not logged in,
    ///   invalid arguments; `fail` says why).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil message or one without a text, custom, location or
    ///     face element, one already sent, neither `receiver` nor `groupID`, or @-mentions in a C2C
    ///     message.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the message could not be written to local storage: it is
    ///     not sent, and shows as failed.
    ///   - 8001 `ERR_SDK_MSG_BODY_SIZE_LIMIT`: its body is over 12 KB (the lengths of its element's
    ///     fields together: a text's UTF-8 bytes; a custom element's data, description and
    ///     extension; ...; `cloudCustomData` does not count): it is not sent, and shows as failed.
    ///   - 20003 `IMError.Code.unknownUser` (server): `receiver` is not registered.
    ///   - 10010 `IMError.Code.unknownGroup` (server): the group does not exist.
    ///   - 10007 `IMError.Code.notGroupMember` (server): I am not a member of the group.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer (the message shows as failed, though the server may have it).
    @discardableResult
    public func sendMessage(
        message: V2TIMMessage?, receiver: String?, groupID: String?, priority: V2TIMMessagePriority,
        onlineUserOnly: Bool, offlinePushInfo: V2TIMOfflinePushInfo?, progress: V2TIMProgress?,
        succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) -> String! {
        let callbacks = Unchecked((succ, fail))
        var messageID: String?
        withClient(fail: fail) { client throws(IMError) in
            let outgoing = try Self.outgoing(message, receiver: receiver, groupID: groupID,
                                             onlineUserOnly: onlineUserOnly, client: client)
            messageID = outgoing.id
            let v2 = Unchecked(message!)
            v2.value.msgID = outgoing.id
            v2.value.sender = client.userID
            v2.value.isSelf = true
            v2.value.status = .MSG_STATUS_SENDING
            client.send(outgoing) { result in
                switch result {
                case .success(let stored):
                    v2.value.update(from: stored, selfUserID: client.userID, online: onlineUserOnly)
                    callbacks.value.0?()
                case .failure(let error):
                    v2.value.status = .MSG_STATUS_SEND_FAIL
                    error.report(to: callbacks.value.1)
                }
            }
        }
        return messageID
    }

    private static func outgoing(
        _ message: V2TIMMessage?, receiver: String?, groupID: String?, onlineUserOnly: Bool, client: IMClient
    ) throws(IMError) -> OutgoingMessage {
        guard let message, let content = message.content else {
            throw IMError(.invalidParameters, "message is nil or has no content")
        }
        guard message.seq == 0, message.status != .MSG_STATUS_SEND_SUCC else {
            throw IMError(.invalidParameters, "message was already sent")
        }
        let target: MessageReceiver
        if let groupID = groupID.nonEmpty {
            target = .group(groupID)
        } else if let receiver = receiver.nonEmpty {
            target = .user(receiver)
        } else {
            throw IMError(.invalidParameters, "set receiver (C2C) or groupID (group)")
        }
        let atList = message.groupAtUserList ?? []
        if !atList.isEmpty, case .user = target {
            throw IMError(.invalidParameters, "@-mentions are for group messages")
        }
        return client.outgoing(
            to: target, content: content,
            atUserIDs: atList.filter { $0 != kImSDK_MesssageAtALL }, atAll: atList.contains(kImSDK_MesssageAtALL),
            isExcludedFromUnreadCount: message.isExcludedFromUnreadCount,
            isExcludedFromLastMessage: message.isExcludedFromLastMessage,
            cloudCustomData: message.cloudCustomData, needReadReceipt: message.needReadReceipt, onlineUserOnly: onlineUserOnly)
    }

    // MARK: - History

    /// Up to `count` messages of the C2C conversation with `userID` older than `lastMsg` (nil: the
    /// newest), newest first: connected, from the server (one request per call; messages removed
    /// from local storage are left out, so a page may be shorter; the messages inserted on this
    /// device (`insertC2CMessageToLocalStorage`) in its span are merged in by time, so it may be
    /// longer, and once the server's history ended a last page holds the older ones); while the
    /// connection is down (or drops before the answer), from this device's storage, as the
    /// vendor's header says ("if the SDK detects no network, it returns local history"), read from
    /// the local database a page at a time.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty `userID`, or `count` 0 or less (checked first,
    ///     also before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6019 `ERR_DATABASE_OPERATE_FAILED` / 6022 `ERR_IO_OPERATION_FAILED`: the local database
    ///     could not be read (a damaged page, an I/O error): the call fails rather than answer with
    ///     what memory holds, and may be tried again.
    ///   - 20003 `IMError.Code.unknownUser` (server): `userID` is not registered.
    public func getC2CHistoryMessageList(
        userID: String!, count: Int32, lastMsg: V2TIMMessage?, succ: V2TIMMessageListSucc?, fail: V2TIMFail?
    ) {
        history(of: .c2c(userID ?? ""), count: count, lastMsg: lastMsg, succ: succ, fail: fail)
    }

    /// Up to `count` messages of group `groupID` older than `lastMsg`, newest first, from the server,
    /// or from this device's storage while the connection is down; as
    /// `getC2CHistoryMessageList(userID:count:lastMsg:succ:fail:)`.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty `groupID`, or `count` 0 or less (checked first,
    ///     also before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6019 `ERR_DATABASE_OPERATE_FAILED` / 6022 `ERR_IO_OPERATION_FAILED`: the local database
    ///     could not be read (a damaged page, an I/O error): the call fails rather than answer with
    ///     what memory holds, and may be tried again.
    ///   - 10010 `IMError.Code.unknownGroup` (server): the group does not exist.
    ///   - 10007 `IMError.Code.notGroupMember` (server): I am not a member of the group.
    public func getGroupHistoryMessageList(
        groupID: String!, count: Int32, lastMsg: V2TIMMessage?, succ: V2TIMMessageListSucc?, fail: V2TIMFail?
    ) {
        history(of: .group(groupID ?? ""), count: count, lastMsg: lastMsg, succ: succ, fail: fail)
    }

    private func history(
        of id: ConversationID, count: Int32, lastMsg: V2TIMMessage?, succ: V2TIMMessageListSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        guard !id.target.isEmpty, count > 0 else {
            reportNow(IMError(.invalidParameters, "the ID is empty or count is not greater than 0"), to: fail)
            return
        }
        let before = lastMsg?.core
        withClient(fail: fail) { client in
            client.history(id, before: before, count: Int(count), mergingImports: true) { result in
                Self.finishHistory(result, of: id, on: client, callbacks)
            }
        }
    }

    /// Hands a page of history to `succ` as V2 messages (read as the page's cursor and peer read
    /// point say, C2C ones from the peer with the conversation's profile), or its error to `fail`;
    /// `keeping` chooses which messages stay.
    static func finishHistory(
        _ result: Result<(messages: [Message], readSeq: UInt64, peerRead: PeerReadPoint), IMError>,
        of id: ConversationID, on client: IMClient, _ callbacks: Unchecked<(V2TIMMessageListSucc?, V2TIMFail?)>,
        keeping isKept: (Message) -> Bool = { _ in true }
    ) {
        switch result {
        case .success(let (messages, readSeq, peerRead)):
            let profile = client.read { $0.conversation(id)?.profile }
            callbacks.value.0?(messages.filter(isKept).map {
                V2TIMMessage($0, selfUserID: client.userID, readSeq: readSeq, peerRead: peerRead, profile: profile)
            })
        case .failure(let error):
            error.report(to: callbacks.value.1)
        }
    }
}

extension V2TIMManager {
    /// The local messages with these IDs, in the order asked; IDs of no local message are left out
    /// (not an error). From local storage; no server request.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil or empty list.
    ///   - 6019 `ERR_DATABASE_OPERATE_FAILED` / 6022 `ERR_IO_OPERATION_FAILED`: the local database
    ///     could not be read (a damaged page, an I/O error): the call fails rather than answer with
    ///     what memory holds, and may be tried again.
    /// - Complexity: per ID, O(n) over the conversations plus one lookup of the local database's
    ///   index by message ID; the first call after login loads the whole list if it is not loaded yet.
    public func findMessages(messageIDList: [String]!, succ: V2TIMMessageListSucc?, fail: V2TIMFail?) {
        let callbacks = Unchecked((succ, fail))
        let ids = messageIDList ?? []
        withClient(fail: fail) { client throws(IMError) in
            guard !ids.isEmpty else { throw IMError(.invalidParameters, "messageIDList is empty") }
            let found = try client.findMessages(withIDs: ids)
            let me = client.userID
            let list = Unchecked(found.map { V2TIMMessage($0.0, selfUserID: me, in: $0.1) })
            client.deliver { callbacks.value.0?(list.value) }
        }
    }

    /// `findMessages(messageIDList:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `findMessages(messageIDList:succ:fail:)`.
    @available(*, deprecated, renamed: "findMessages(messageIDList:succ:fail:)")
    @_disfavoredOverload
    public func findMessages(_ messageIDList: [String]!, succ: V2TIMMessageListSucc?, fail: V2TIMFail?) {
        findMessages(messageIDList: messageIDList, succ: succ, fail: fail)
    }
}
