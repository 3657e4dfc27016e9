import Foundation
import IMCore
import IMTransportKit

/// Which members `getGroupMessageReadMemberList` lists: those who read the message, or those who
/// have not.
public enum V2TIMGroupMessageReadMembersFilter: Int, Sendable {
    case GROUP_MESSAGE_READ_MEMBERS_FILTER_READ = 0
    case GROUP_MESSAGE_READ_MEMBERS_FILTER_UNREAD = 1
}

/// The receipts `getMessageReadReceipts` reads, one per message in the order given.
public typealias V2TIMMessageReadReceiptsSucc = ([V2TIMMessageReceipt]?) -> Void
/// A page of `getGroupMessageReadMemberList`: the members (`V2TIMGroupMemberInfo`), the `nextSeq`
/// to ask from next, and whether the list ends with this page.
public typealias V2TIMGroupMessageReadMemberListSucc = (NSMutableArray?, UInt64, Bool) -> Void

/// Message read receipts (6.1 groups, 6.2 C2C): the sender sets `needReadReceipt` before sending,
/// receivers who read the message call `sendMessageReadReceipts`, and the sender hears of it
/// (`onRecvMessageReadReceipts`, on each device connected then) and can ask
/// (`getMessageReadReceipts`, `getGroupMessageReadMemberList`). The server keeps the receipts: the
/// calls go to it (wire protocol version 5; a server of an earlier version fails them with 7013).
/// They are for groups of every type but `AVChatRoom` and `Community` (7013 there), up to the
/// group's size; in the vendor's cloud a console switch and an edition enable them, here they are
/// always on.
extension V2TIMManager {
    /// The most messages one receipts call may name.
    static let maxReceiptMessages = 100
    /// The most members one page of `getGroupMessageReadMemberList` may hold.
    static let maxReadMembersPage: UInt32 = 100

    /// Tells the senders of the messages of `messageList` (1 to 100, all of one conversation, each
    /// received from another user and asking for read receipts) that I read them. Each sender's
    /// connected devices hear of it (`onRecvMessageReadReceipts`) the first time I read a message;
    /// sending a receipt again changes nothing. The conversation's unread count does not change
    /// (mark it read for that).
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil or empty list, more than 100 messages, one the SDK
    ///     did not receive or send (a new message not sent) (checked first, also before
    ///     `initSDK`); messages of several conversations; from the server, a message of mine, one
    ///     that does not ask for receipts, or one no longer in my cloud history.
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`, 6014 `ERR_SDK_NOT_LOGGED_IN`.
    ///   - 7013 `ERR_SDK_INTERFACE_NOT_SUPPORT`: a group of type `AVChatRoom` or `Community`, or a
    ///     server without read receipts (protocol version before 5).
    ///   - 10007 (server): I am not a member of the group.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before the answer.
    public func sendMessageReadReceipts(messageList: [V2TIMMessage]!, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        let callbacks = Unchecked((succ, fail))
        receiptTarget(of: messageList, fail: fail) { client, id, seqs in
            client.sendReadReceipts(id, seqs: seqs) { callbacks.finish($0) }
        }
    }

    /// `sendMessageReadReceipts(messageList:succ:fail:)` under its pre-annotation name (Swift's
    /// import of `sendMessageReadReceipts:succ:fail:` without `NS_SWIFT_NAME`, as the vendor's
    /// Flutter plugin calls it).
    /// - Errors: as `sendMessageReadReceipts(messageList:succ:fail:)`.
    @available(*, deprecated, renamed: "sendMessageReadReceipts(messageList:succ:fail:)")
    @_disfavoredOverload
    public func sendMessageReadReceipts(_ messageList: [V2TIMMessage]!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        sendMessageReadReceipts(messageList: messageList, succ: succ, fail: fail)
    }

    /// The read receipts of the messages of `messageList` (1 to 100, all of one conversation), one
    /// per message in the order given, from the server: for a group message how many members read
    /// it (`readCount`) and how many of its members now have not (`unreadCount`); for a C2C message
    /// whether the peer sent their receipt (`isPeerRead`) and when (`timestamp`). A message that
    /// did not ask for receipts has every count 0.
    /// - Errors: as `sendMessageReadReceipts(messageList:succ:fail:)`, but any message of the
    ///   conversation may be asked about (mine, others', with or without receipts).
    public func getMessageReadReceipts(
        messageList: [V2TIMMessage]!, succ: V2TIMMessageReadReceiptsSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        receiptTarget(of: messageList, fail: fail) { client, id, seqs in
            client.readReceipts(id, seqs: seqs) { result in
                switch result {
                case .success(let receipts): callbacks.value.0?(receipts.map(V2TIMMessageReceipt.init))
                case .failure(let error): error.report(to: callbacks.value.1)
                }
            }
        }
    }

    /// `getMessageReadReceipts(messageList:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `getMessageReadReceipts(messageList:succ:fail:)`.
    @available(*, deprecated, renamed: "getMessageReadReceipts(messageList:succ:fail:)")
    @_disfavoredOverload
    public func getMessageReadReceipts(
        _ messageList: [V2TIMMessage]!, succ: V2TIMMessageReadReceiptsSucc?, fail: V2TIMFail?
    ) {
        getMessageReadReceipts(messageList: messageList, succ: succ, fail: fail)
    }

    /// A page of the members of a group message's group who read it (`..._FILTER_READ`, in the
    /// order they read) or have not (`..._FILTER_UNREAD`, its members now, in member order; the
    /// sender is in neither), from the server: up to `count` (1 to 100) from `nextSeq` (0: the
    /// start), as `V2TIMGroupMemberInfo` with `userID`, `nickName`, `faceURL` and my
    /// `friendRemark` for them; then the `nextSeq` to ask from next, and whether the list ends.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil message, one the SDK did not receive or send, a C2C
    ///     message, `count` 0 or above 100 (checked first, also before `initSDK`); from the server,
    ///     a message that does not ask for receipts or is no longer in my cloud history.
    ///   - 6013, 6014, 7013, 10007, 9520: as `sendMessageReadReceipts(messageList:succ:fail:)`.
    public func getGroupMessageReadMemberList(
        message: V2TIMMessage!, filter: V2TIMGroupMessageReadMembersFilter, nextSeq: UInt64, count: UInt32,
        succ: V2TIMGroupMessageReadMemberListSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        guard let core = message?.core, core.seq != 0, case .group(let groupID) = core.receiver else {
            reportNow(IMError(.invalidParameters, "a group message the SDK received or sent"), to: fail)
            return
        }
        guard (1...Self.maxReadMembersPage).contains(count) else {
            reportNow(IMError(.invalidParameters, "count must be 1 to \(Self.maxReadMembersPage), not \(count)"), to: fail)
            return
        }
        withClient(fail: fail) { client in
            client.readMembers(
                .group(groupID), seq: core.seq, read: filter == .GROUP_MESSAGE_READ_MEMBERS_FILTER_READ, after: nextSeq,
                count: Int(count)
            ) { result in
                switch result {
                case .success(let page):
                    let members = NSMutableArray()
                    for member in page.members {
                        let info = V2TIMGroupMemberInfo(userID: member.userID)
                        (info.nickName, info.faceURL, info.friendRemark) = (member.nickname, member.faceURL, member.remark)
                        members.add(info)
                    }
                    callbacks.value.0?(members, page.next, page.isFinished)
                case .failure(let error): error.report(to: callbacks.value.1)
                }
            }
        }
    }

    /// `getGroupMessageReadMemberList(message:filter:nextSeq:count:succ:fail:)` under its
    /// pre-annotation name (the vendor's Flutter plugin).
    /// - Errors: as `getGroupMessageReadMemberList(message:filter:nextSeq:count:succ:fail:)`.
    @available(*, deprecated, renamed: "getGroupMessageReadMemberList(message:filter:nextSeq:count:succ:fail:)")
    @_disfavoredOverload
    public func getGroupMessageReadMemberList(
        _ message: V2TIMMessage!, filter: V2TIMGroupMessageReadMembersFilter, nextSeq: UInt64, count: UInt32,
        succ: V2TIMGroupMessageReadMemberListSucc?, fail: V2TIMFail?
    ) {
        getGroupMessageReadMemberList(message: message, filter: filter, nextSeq: nextSeq, count: count, succ: succ, fail: fail)
    }

    /// Checks a receipts call's list and runs `body` with the client, the messages' conversation
    /// and their sequences; reports what is wrong to `fail` instead.
    private func receiptTarget(
        of messageList: [V2TIMMessage]?, fail: V2TIMFail?,
        _ body: (IMClient, ConversationID, [UInt64]) -> Void
    ) {
        let list = messageList ?? []
        let messages = list.compactMap(\.core).filter { $0.seq != 0 }
        guard !list.isEmpty, list.count <= Self.maxReceiptMessages, messages.count == list.count else {
            reportNow(IMError(.invalidParameters, "name 1 to \(Self.maxReceiptMessages) messages the SDK received or sent"), to: fail)
            return
        }
        withClient(fail: fail) { client throws(IMError) in
            let ids = Set(messages.map { $0.conversationID(selfUserID: client.userID) })
            guard ids.count == 1, let id = ids.first else {
                throw IMError(.invalidParameters, "the messages must be of one conversation")
            }
            body(client, id, messages.map(\.seq))
        }
    }
}

// MARK: - Async forms

extension V2TIMManager {
    /// Sends read receipts; see `sendMessageReadReceipts(messageList:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func sendMessageReadReceipts(messageList: [V2TIMMessage]) async throws {
        let boxed = Unchecked(messageList)
        try await withCallbacks { succ, fail in
            sendMessageReadReceipts(messageList: boxed.value, succ: { succ(()) }, fail: fail)
        }
    }

    /// Reads receipts; see `getMessageReadReceipts(messageList:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getMessageReadReceipts(messageList: [V2TIMMessage]) async throws -> [V2TIMMessageReceipt] {
        let boxed = Unchecked(messageList)
        return try await withCallbacks { succ, fail in
            getMessageReadReceipts(messageList: boxed.value, succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    /// A page of readers; see `getGroupMessageReadMemberList(message:filter:nextSeq:count:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getGroupMessageReadMemberList(
        message: V2TIMMessage, filter: V2TIMGroupMessageReadMembersFilter, nextSeq: UInt64, count: UInt32
    ) async throws -> (members: [V2TIMGroupMemberInfo], nextSeq: UInt64, isFinished: Bool) {
        let boxed = Unchecked(message)
        return try await withCallbacks { succ, fail in
            getGroupMessageReadMemberList(
                message: boxed.value, filter: filter, nextSeq: nextSeq, count: count,
                succ: { members, next, isFinished in
                    succ(((members as? [V2TIMGroupMemberInfo]) ?? [], next, isFinished))
                }, fail: fail)
        }
    }
}
