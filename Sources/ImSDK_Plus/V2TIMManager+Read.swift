import Foundation
import IMCore
import IMTransportKit

extension V2TIMManager {
    /// Marks every message of the C2C conversation with `userID` read (nil: every C2C conversation).
    ///
    /// My unread count for it becomes 0 and the read reaches my other devices. Fails with 6004 when
    /// the named conversation does not exist (also when another device has just deleted it); with
    /// nil, a conversation another device has just deleted is skipped, not an error.
    public func markC2CMessage(asRead userID: String?, succ: V2TIMSucc?, fail: V2TIMFail?) {
        markRead(target: userID.map { .one(.c2c($0)) } ?? .all(.c2c), succ: succ, fail: fail)
    }

    /// Marks every message of group `groupID` read (nil: every group conversation); errors as
    /// `markC2CMessage(asRead:succ:fail:)`.
    public func markGroupMessage(asRead groupID: String?, succ: V2TIMSucc?, fail: V2TIMFail?) {
        markRead(target: groupID.map { .one(.group($0)) } ?? .all(.group), succ: succ, fail: fail)
    }

    /// Marks every message of every conversation read. A conversation another device has just
    /// deleted (the server answers 6004 for it) is skipped, not an error: it is gone, and the
    /// others are read.
    public func markAllMessage(asRead succ: V2TIMSucc?, fail: V2TIMFail?) {
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
    /// Success shows up as `onConversationChanged`.
    public func cleanConversationUnreadMessageCount(
        conversationID: String?, cleanTimestamp: UInt64, cleanSequence: UInt64,
        succ: V2TIMSucc?, fail: V2TIMFail?
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
    public func setC2CReceiveMessageOpt(
        userIDList: [String], opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail?
    ) {
        guard !userIDList.isEmpty, userIDList.count <= 30, userIDList.allSatisfy({ !$0.isEmpty }) else {
            reportNow(IMError(.invalidParameters, "userIDList must hold 1 to 30 non-empty user IDs"), to: fail)
            return
        }
        setReceiveOption(userIDList.map { .c2c($0) }, opt, succ: succ, fail: fail)
    }

    /// Sets how messages of group `groupID` are received; roams.
    public func setGroupReceiveMessageOpt(
        groupID: String, opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail?
    ) {
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
