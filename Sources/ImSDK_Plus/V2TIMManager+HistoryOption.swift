import Foundation
import IMCore
import IMTransportKit

/// What `getHistoryMessageList(option:succ:fail:)` reads.
open class V2TIMMessageListGetOption: NSObject {
    /// Where and in which direction (default: older messages from the server).
    public var getType: V2TIMMessageGetType = .GET_CLOUD_OLDER_MSG
    /// The C2C conversation's peer (set this or `groupID`).
    public var userID: String?
    /// The group (set this or `userID`).
    public var groupID: String?
    /// How many messages (above 0).
    public var count: UInt = 0
    /// Local reads only: the element types (`V2TIMElemType` raw values) to keep; nil: all.
    public var messageTypeList: [NSNumber]?
    /// The page starts before this message (it is not returned); nil: from the newest.
    public var lastMsg: V2TIMMessage?
    /// Groups, when `lastMsg` is nil: the page starts at this sequence (its message is returned).
    public var lastMsgSeq: UInt = 0
    /// The time range, in seconds: messages sent in [`getTimeBegin` - `getTimePeriod`,
    /// `getTimeBegin`] (0: now; a period of 0: no limit). The range filters the page: messages
    /// outside it are left out.
    public var getTimeBegin: UInt = 0
    public var getTimePeriod: UInt = 0

    public override init() {}
}

extension V2TIMManager {
    /// A page of a conversation's history as `option` describes it.
    ///
    /// Older messages come newest first: from the server (`GET_CLOUD_OLDER_MSG`, as
    /// `getC2CHistoryMessageList` / `getGroupHistoryMessageList` read it: this device's storage
    /// while the connection is down, the messages inserted on this device merged in) or from this
    /// device's storage (`GET_LOCAL_OLDER_MSG`, with `messageTypeList`). Newer messages come oldest
    /// first, as the header says (TUIKit opens a chat at a found message and pages down with
    /// them): from the server (`GET_CLOUD_NEWER_MSG`; this device's storage while the connection
    /// is down) or from this device's storage (`GET_LOCAL_NEWER_MSG`), after `lastMsg` (a sent or
    /// received message), or from `lastMsgSeq` on (groups, that message included), or, with
    /// neither, from the first message when a time range begins (`getTimeBegin`, looking forward
    /// `getTimePeriod`), else none (nothing is newer than the newest). Messages inserted on this
    /// device and those still being sent are in newer pages only from local storage (the latter
    /// after every accepted one).
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil option, neither or both of `userID` and `groupID`,
    ///     or `count` 0 (checked first, also before `initSDK`); a newer page after a `lastMsg`
    ///     that was never sent.
    ///   - 7013 `ERR_SDK_INTERFACE_NOT_SUPPORT`: `GET_CLOUD_NEWER_MSG` from a server of a protocol
    ///     version before 6.
    ///   - 6013, 6014, 6019, 6022 and the server's codes, as `getC2CHistoryMessageList`.
    public func getHistoryMessageList(
        option: V2TIMMessageListGetOption?, succ: V2TIMMessageListSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        guard let option, option.count > 0 else {
            reportNow(IMError(.invalidParameters, "the option is nil or its count is 0"), to: fail)
            return
        }
        let id: ConversationID
        switch (option.userID.nonEmpty, option.groupID.nonEmpty) {
        case (let userID?, nil): id = .c2c(userID)
        case (nil, let groupID?): id = .group(groupID)
        default:
            reportNow(IMError(.invalidParameters, "set userID (C2C) or groupID (group), not both"), to: fail)
            return
        }
        let local = option.getType == .GET_LOCAL_OLDER_MSG || option.getType == .GET_LOCAL_NEWER_MSG
        let newer = option.getType == .GET_CLOUD_NEWER_MSG || option.getType == .GET_LOCAL_NEWER_MSG
        let count = Int(clamping: option.count)
        let types = local ? option.messageTypeList.map { Set($0.map(\.intValue)) } : nil
        let (begin, period) = (option.getTimeBegin, option.getTimePeriod)
        let lastMsg = option.lastMsg?.core
        let lastMsgSeq = id.kind == .group && lastMsg == nil ? UInt64(option.lastMsgSeq) : 0
        if newer {
            if option.lastMsg != nil, (lastMsg?.seq ?? 0) == 0 {
                reportNow(IMError(.invalidParameters, "a page of newer messages starts after a sent or received message"),
                          to: fail)
                return
            }
            newerPage(of: id, local: local, count: count, after: lastMsg?.seq, fromSeq: lastMsgSeq,
                      begin: begin, period: period, types: types, callbacks: callbacks, fail: fail)
            return
        }
        withClient(fail: fail) { client throws(IMError) in
            let range = Self.timeRange(begin: begin, period: period, now: client.clock())
            // From a sequence: before the next one, so that its own message is in the page.
            let cursor = lastMsg ?? (lastMsgSeq > 0 ? Self.cursor(atSeq: lastMsgSeq, of: id, in: client) : nil)
            let finish = Self.pageFinisher(of: id, on: client, range: range, types: types, callbacks)
            if local {
                Self.deliverLocal(try client.localHistory(id, before: cursor, count: count), of: id, on: client, finish)
            } else {
                client.history(id, before: cursor, count: count, mergingImports: true, completion: finish)
            }
        }
    }

    /// A page of newer messages, oldest first (see `getHistoryMessageList(option:succ:fail:)`):
    /// after sequence `after`, or from `fromSeq` on (0: neither), or from the first message when
    /// the time range begins somewhere, else none.
    private func newerPage(
        of id: ConversationID, local: Bool, count: Int, after: UInt64?, fromSeq: UInt64, begin: UInt, period: UInt,
        types: Set<Int>?, callbacks: Unchecked<(V2TIMMessageListSucc?, V2TIMFail?)>, fail: V2TIMFail?
    ) {
        withClient(fail: fail) { client throws(IMError) in
            // Looking forward: [begin, begin + period] (a begin of 0: now; a period of 0: no limit).
            let from = begin == 0 ? (period == 0 ? 0 : client.clock()) : UInt64(begin)
            let range = from...(period == 0 ? UInt64.max : from + UInt64(period))
            let afterSeq: UInt64
            if let after {
                afterSeq = after
            } else if fromSeq > 0 {
                afterSeq = fromSeq - 1
            } else if begin > 0 {
                afterSeq = 0
            } else {
                // Nothing is newer than the newest message.
                client.deliver { callbacks.value.0?([]) }
                return
            }
            let finish = Self.pageFinisher(of: id, on: client, range: range, types: types, callbacks)
            if local {
                Self.deliverLocal(try client.localNewerHistory(id, after: afterSeq, count: count), of: id, on: client, finish)
            } else {
                client.newerHistory(id, after: afterSeq, count: count, completion: finish)
            }
        }
    }

    /// What hands a page (older or newer) to `callbacks`: the messages within `range` and of
    /// `types` (nil: all), as V2 messages of `id`.
    private static func pageFinisher(
        of id: ConversationID, on client: IMClient, range: ClosedRange<UInt64>, types: Set<Int>?,
        _ callbacks: Unchecked<(V2TIMMessageListSucc?, V2TIMFail?)>
    ) -> @Sendable (Result<(messages: [Message], readSeq: UInt64, peerRead: PeerReadPoint), IMError>) -> Void {
        { result in
            finishHistory(result, of: id, on: client, callbacks) { message in
                range.contains(message.timestamp)
                    && types.map { $0.contains(V2TIMMessage.elementType(of: message.content).rawValue) } ?? true
            }
        }
    }

    /// Hands a page read from local storage to `finish`, with the conversation's read cursor and
    /// the peer's read point now, on the callback queue.
    private static func deliverLocal(
        _ messages: [Message], of id: ConversationID, on client: IMClient,
        _ finish: @escaping @Sendable (Result<(messages: [Message], readSeq: UInt64, peerRead: PeerReadPoint), IMError>) -> Void
    ) {
        let (readSeq, peerRead) = client.read { store in
            (store.conversation(id)?.readSeq ?? 0, store.conversation(id)?.peerRead ?? .none)
        }
        client.deliver { finish(.success((messages, readSeq, peerRead))) }
    }

    /// `getHistoryMessageList(option:succ:fail:)` as Swift imported it without `NS_SWIFT_NAME`.
    @available(*, deprecated, renamed: "getHistoryMessageList(option:succ:fail:)")
    public func getHistoryMessageList(
        _ option: V2TIMMessageListGetOption!, succ: V2TIMMessageListSucc?, fail: V2TIMFail?
    ) {
        getHistoryMessageList(option: option, succ: succ, fail: fail)
    }

    /// The seconds `getTimeBegin` and `getTimePeriod` select, looking back (a begin of 0: `now`,
    /// the device's clock).
    private static func timeRange(begin: UInt, period: UInt, now: UInt64) -> ClosedRange<UInt64> {
        let upper = begin == 0 ? UInt64.max : UInt64(begin)
        guard period > 0 else { return 0...upper }
        let from = begin == 0 ? now : UInt64(begin)
        return (from - min(UInt64(period), from))...upper
    }

    /// A cursor for history before sequence `seq + 1` of `id`: its own message (if this device has
    /// it, for its time) or a message standing for it.
    private static func cursor(atSeq seq: UInt64, of id: ConversationID, in client: IMClient) -> Message {
        let held = client.read { $0.message(in: id, seq: seq, random: nil, messageID: nil) }
        var cursor = Message(
            id: "", seq: seq + 1, timestamp: held?.timestamp ?? .max, sender: "",
            receiver: id.kind == .group ? .group(id.target) : .user(id.target), content: .text(""))
        cursor.status = .sent
        return cursor
    }
}
