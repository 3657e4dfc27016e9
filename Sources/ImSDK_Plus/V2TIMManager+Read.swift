import Foundation
import IMCore
import IMTransportKit

extension V2TIMManager {
    /// Marks every message of the C2C conversation with `userID` read (nil: every C2C conversation).
    ///
    /// My unread count for it becomes 0 and the read reaches my other devices. Goes to the server:
    /// one request for a named conversation; with nil, one per conversation with unread messages (or
    /// marked unread, or whose unread messages were removed from local storage here, which my
    /// other devices still show), sent together. `succ` runs once the server answered and the reads are applied
    /// here (`onConversationChanged` comes first). With nil, a conversation another device has just
    /// deleted is skipped, not an error.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty `userID`.
    ///   - 6004 `ERR_INVALID_CONVERSATION`: the named conversation does not exist here, or no longer
    ///     on the server (another device has just deleted it).
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer (the reads that were answered are applied).
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the reads could not be written to local storage (they
    ///     stand, see `V2TIMManager`).
    /// - Complexity: the first call after login loads the whole store from the database (O(n))
    ///   if it is not loaded yet.
    public func markC2CMessage(asRead userID: String?, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        markRead(target: userID.map { .one(.c2c($0)) } ?? .all(.c2c), succ: succ, fail: fail)
    }

    /// Marks every message of group `groupID` read (nil: every group conversation); requests, timing
    /// and cost as `markC2CMessage(asRead:succ:fail:)`.
    /// - Errors: as `markC2CMessage(asRead:succ:fail:)` (6017 for an empty `groupID`).
    public func markGroupMessage(asRead groupID: String?, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        markRead(target: groupID.map { .one(.group($0)) } ?? .all(.group), succ: succ, fail: fail)
    }

    /// Marks every message of every conversation read. A conversation another device has just
    /// deleted (the server answers 6004 for it) is skipped, not an error: it is gone, and the
    /// others are read. Requests, timing and cost as `markC2CMessage(asRead:succ:fail:)` with nil.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     an answer (the reads that were answered are applied).
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the reads could not be written to local storage (they
    ///     stand, see `V2TIMManager`).
    public func markAllMessage(asRead succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        markRead(target: .all(nil), succ: succ, fail: fail)
    }

    /// Clears unread counts.
    ///
    /// - Parameters:
    ///   - conversationID: one conversation, `"c2c"` (every C2C one), `"group"` (every group one),
    ///     or nil / `""` (every conversation; for these three, a conversation another device has
    ///     just deleted is skipped, as in `markAllMessage(asRead:fail:)`).
    ///   - cleanTimestamp: C2C: clear messages sent at or before this server time (seconds); 0: all.
    ///   - cleanSequence: groups: clear messages up to this sequence; 0: all.
    /// Success shows up as `onConversationChanged` (before `succ`). Requests and cost as
    /// `markC2CMessage(asRead:succ:fail:)`.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a malformed ID (checked first, also before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6004 `ERR_INVALID_CONVERSATION`: the one conversation named does not exist here, or no
    ///     longer on the server.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     an answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the reads could not be written to local storage (they
    ///     stand, see `V2TIMManager`).
    public func cleanConversationUnreadMessageCount(
        conversationID: String?, cleanTimestamp: UInt64, cleanSequence: UInt64,
        succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) {
        switch conversationID ?? "" {
        case "": markRead(target: .all(nil), succ: succ, fail: fail)
        case "c2c": markRead(target: .all(.c2c), succ: succ, fail: fail)
        case "group": markRead(target: .all(.group), succ: succ, fail: fail)
        case let string:
            do throws(IMError) {
                let id = try ConversationID(stringForm: string)
                let limit: ReadLimit = switch id.kind {
                case .c2c: cleanTimestamp == 0 ? .everything : .timestamp(cleanTimestamp)
                default: cleanSequence == 0 ? .everything : .sequence(cleanSequence)
                }
                markRead(target: .one(id), limit: limit, succ: succ, fail: fail)
            } catch {
                reportNow(error, to: fail)
            }
        }
    }

    /// What a read covers.
    enum ReadTarget {
        case one(ConversationID)
        /// Every conversation of a kind (nil: of every kind).
        case all(ConversationID.Kind?)
    }

    /// How far a read of one conversation goes.
    enum ReadLimit: Sendable {
        case everything
        case sequence(UInt64)
        case timestamp(UInt64)
    }

    /// Reports the reads to the server, then moves the local cursors to what the server answered,
    /// all in one batch.
    func markRead(target: ReadTarget, limit: ReadLimit = .everything, succ: V2TIMSucc?, fail: V2TIMFail?) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client throws(IMError) in
            let reads = try client.readComplete { store throws(IMError) in
                try Self.reads(for: target, limit: limit, in: store)
            }
            let namedNone: Bool = if case .all = target { true } else { false }
            client.markRead(reads, skippingGone: namedNone) { callbacks.finish($0) }
        }
    }

    private static func reads(
        for target: ReadTarget, limit: ReadLimit, in store: ConversationStore
    ) throws(IMError) -> [(ConversationID, UInt64)] {
        switch target {
        case .all(let kind):
            return store.conversationsToMarkRead(kind: kind).map { ($0, UInt64.max) }
        case .one(let id):
            guard !id.target.isEmpty else { throw IMError(.invalidParameters, "the user or group ID is empty") }
            guard store.conversation(id) != nil else {
                throw IMError(.invalidConversation, "conversation \(id) does not exist")
            }
            switch limit {
            case .everything: return [(id, .max)]
            case .sequence(let seq): return [(id, seq)]
            case .timestamp(let seconds): return [(id, store.newestSeq(of: id, atOrBefore: seconds) ?? 0)]
            }
        }
    }

    // MARK: - Receive options

    /// Sets how C2C messages from these users (1 to 30 of them) are received; roams.
    ///
    /// One server request; `succ` runs after the server agreed and the option is applied here. A
    /// user with no conversation yet gets the option too (it applies when one starts).
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty list, more than 30 IDs, or an empty ID (checked
    ///     first, also before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 20003 `IMError.Code.unknownUser` (server): a user ID that is not registered (nothing
    ///     changes).
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the option could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func setC2CReceiveMessageOpt(
        userIDList: [String]!, opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) {
        let userIDList = userIDList ?? []
        guard Self.isValidC2CUserIDList(userIDList) else {
            reportNow(Self.invalidC2CUserIDList, to: fail)
            return
        }
        setReceiveOption(userIDList.map { .c2c($0) }, opt, succ: succ, fail: fail)
    }

    /// Whether a C2C receive-option call may take `userIDList`: 1 to 30 non-empty user IDs.
    static func isValidC2CUserIDList(_ userIDList: [String]) -> Bool {
        !userIDList.isEmpty && userIDList.count <= 30 && userIDList.allSatisfy { !$0.isEmpty }
    }

    /// The error of a list `isValidC2CUserIDList` refuses.
    static var invalidC2CUserIDList: IMError {
        IMError(.invalidParameters, "userIDList must hold 1 to 30 non-empty user IDs")
    }

    /// Sets how messages of group `groupID` are received; roams. One server request, as
    /// `setC2CReceiveMessageOpt(userIDList:opt:succ:fail:)`.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty `groupID` (checked first, also before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 10010 `IMError.Code.unknownGroup` (server): the group does not exist.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the option could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func setGroupReceiveMessageOpt(
        groupID: String!, opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) {
        let groupID = groupID ?? ""
        guard !groupID.isEmpty else {
            reportNow(IMError(.invalidParameters, "groupID is empty"), to: fail)
            return
        }
        setReceiveOption([.group(groupID)], opt, succ: succ, fail: fail)
    }

    private func setReceiveOption(
        _ ids: [ConversationID], _ opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        guard let option = ReceiveOption(rawValue: Int32(opt.rawValue)) else {
            reportNow(IMError(.invalidParameters, "unknown receive option \(opt.rawValue)"), to: fail)
            return
        }
        withClient(fail: fail) { client in
            client.setReceiveOption(ids, option) { callbacks.finish($0) }
        }
    }
}
