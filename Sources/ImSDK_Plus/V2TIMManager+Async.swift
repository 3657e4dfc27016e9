import Foundation
import IMCore
import IMTransportKit

/// `async throws` forms of the calls, so Swift callers need no continuations. Each throws the
/// `V2TIMError` (code and description) that `fail` would have received.
extension V2TIMManager {
    /// One page of the conversation list; see `getConversationList(nextSeq:count:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getConversationList(nextSeq: UInt64, count: Int32) async throws -> V2TIMConversationResult {
        try await withCallbacks { succ, fail in
            getConversationList(nextSeq: nextSeq, count: count, succ: { list, next, finished in
                succ(V2TIMConversationResult(conversationList: list ?? [], nextSeq: next, isFinished: finished))
            }, fail: fail)
        }
    }

    /// One page of the filtered list; see `getConversationListByFilter(filter:nextSeq:count:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getConversationListByFilter(
        filter: V2TIMConversationListFilter, nextSeq: UInt64, count: UInt32
    ) async throws -> V2TIMConversationResult {
        let boxed = Unchecked(filter)
        return try await withCallbacks { succ, fail in
            getConversationListByFilter(filter: boxed.value, nextSeq: nextSeq, count: count, succ: { list, next, finished in
                succ(V2TIMConversationResult(conversationList: list ?? [], nextSeq: next, isFinished: finished))
            }, fail: fail)
        }
    }

    /// One conversation; see `getConversation(conversationID:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getConversation(conversationID: String) async throws -> V2TIMConversation {
        try await withCallbacks { succ, fail in
            getConversation(conversationID: conversationID, succ: { succ($0!) }, fail: fail)
        }
    }

    /// Several conversations; see `getConversationList(conversationIDList:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getConversationList(conversationIDList: [String]) async throws -> [V2TIMConversation] {
        try await withCallbacks { succ, fail in
            getConversationList(conversationIDList: conversationIDList, succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    /// The total unread count; see `getTotalUnreadMessageCount(succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getTotalUnreadMessageCount() async throws -> UInt64 {
        try await withCallbacks { succ, fail in getTotalUnreadMessageCount(succ: succ, fail: fail) }
    }

    /// Logs in; see `login(userID:userSig:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func login(userID: String, userSig: String) async throws {
        try await withCallbacks { succ, fail in login(userID: userID, userSig: userSig, succ: { succ(()) }, fail: fail) }
    }

    /// Pins or unpins; see `pinConversation(conversationID:isPinned:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func pinConversation(conversationID: String, isPinned: Bool) async throws {
        try await withCallbacks { succ, fail in
            pinConversation(conversationID: conversationID, isPinned: isPinned, succ: { succ(()) }, fail: fail)
        }
    }

    /// Deletes a conversation; see `deleteConversation(conversation:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func deleteConversation(conversation conversationID: String) async throws {
        try await withCallbacks { succ, fail in
            deleteConversation(conversation: conversationID, succ: { succ(()) }, fail: fail)
        }
    }

    /// Saves or clears a draft; see `setConversationDraft(conversationID:draftText:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func setConversationDraft(conversationID: String, draftText: String?) async throws {
        try await withCallbacks { succ, fail in
            setConversationDraft(conversationID: conversationID, draftText: draftText, succ: { succ(()) }, fail: fail)
        }
    }

    /// Clears unread counts; see `cleanConversationUnreadMessageCount(conversationID:cleanTimestamp:cleanSequence:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func cleanConversationUnreadMessageCount(
        conversationID: String?, cleanTimestamp: UInt64, cleanSequence: UInt64
    ) async throws {
        try await withCallbacks { succ, fail in
            cleanConversationUnreadMessageCount(
                conversationID: conversationID, cleanTimestamp: cleanTimestamp, cleanSequence: cleanSequence,
                succ: { succ(()) }, fail: fail)
        }
    }

    /// Logs out; see `logout(succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func logout() async throws {
        try await withCallbacks { succ, fail in logout(succ: { succ(()) }, fail: fail) }
    }

    /// Sets the C2C receive option; see `setC2CReceiveMessageOpt(userIDList:opt:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func setC2CReceiveMessageOpt(userIDList: [String], opt: V2TIMReceiveMessageOpt) async throws {
        try await withCallbacks { succ, fail in
            setC2CReceiveMessageOpt(userIDList: userIDList, opt: opt, succ: { succ(()) }, fail: fail)
        }
    }

    /// Sets a group's receive option; see `setGroupReceiveMessageOpt(groupID:opt:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func setGroupReceiveMessageOpt(groupID: String, opt: V2TIMReceiveMessageOpt) async throws {
        try await withCallbacks { succ, fail in
            setGroupReceiveMessageOpt(groupID: groupID, opt: opt, succ: { succ(()) }, fail: fail)
        }
    }

    /// Sends a message and returns its ID once the server accepted it; see `sendMessage(message:...)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func sendMessage(message: V2TIMMessage, receiver: String?, groupID: String?) async throws -> String {
        let boxed = Unchecked(message)
        return try await withCallbacks { succ, fail in
            sendMessage(message: boxed.value, receiver: receiver, groupID: groupID, priority: .PRIORITY_DEFAULT,
                        onlineUserOnly: false, offlinePushInfo: nil, progress: nil,
                        succ: { succ(boxed.value.msgID ?? "") }, fail: fail)
        }
    }

    /// Marks every message of a C2C conversation read; see `markC2CMessage(asRead:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func markC2CMessage(asRead userID: String?) async throws {
        try await withCallbacks { succ, fail in markC2CMessage(asRead: userID, succ: { succ(()) }, fail: fail) }
    }

    /// Marks every message of a group conversation read; see `markGroupMessage(asRead:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func markGroupMessage(asRead groupID: String?) async throws {
        try await withCallbacks { succ, fail in markGroupMessage(asRead: groupID, succ: { succ(()) }, fail: fail) }
    }

    /// Marks every conversation read; see `markAllMessage(asRead:fail:)` (whose first parameter is
    /// its `succ` block, hence this name).
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func markAllMessageAsRead() async throws {
        try await withCallbacks { succ, fail in markAllMessage(asRead: { succ(()) }, fail: fail) }
    }

    /// A page of C2C history, newest first; see `getC2CHistoryMessageList(userID:count:lastMsg:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getC2CHistoryMessageList(userID: String, count: Int32, lastMsg: V2TIMMessage?) async throws -> [V2TIMMessage] {
        let boxed = Unchecked(lastMsg)
        return try await withCallbacks { succ, fail in
            getC2CHistoryMessageList(userID: userID, count: count, lastMsg: boxed.value, succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    /// A page of group history, newest first; see `getGroupHistoryMessageList(groupID:count:lastMsg:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getGroupHistoryMessageList(groupID: String, count: Int32, lastMsg: V2TIMMessage?) async throws -> [V2TIMMessage] {
        let boxed = Unchecked(lastMsg)
        return try await withCallbacks { succ, fail in
            getGroupHistoryMessageList(groupID: groupID, count: count, lastMsg: boxed.value, succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    /// Messages by ID; see `findMessages(messageIDList:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func findMessages(messageIDList: [String]) async throws -> [V2TIMMessage] {
        try await withCallbacks { succ, fail in findMessages(messageIDList: messageIDList, succ: { succ($0 ?? []) }, fail: fail) }
    }

    /// Marks or unmarks conversations, one result each; see
    /// `markConversation(conversationIDList:markType:enableMark:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func markConversation(
        conversationIDList: [String], markType: NSNumber, enableMark: Bool
    ) async throws -> [V2TIMConversationOperationResult] {
        let boxed = Unchecked(markType)
        return try await withCallbacks { succ, fail in
            markConversation(conversationIDList: conversationIDList, markType: boxed.value, enableMark: enableMark,
                             succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    /// Deletes conversations, one result each; see `deleteConversationList(conversationIDList:clearMessage:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func deleteConversationList(
        conversationIDList: [String], clearMessage: Bool
    ) async throws -> [V2TIMConversationOperationResult] {
        try await withCallbacks { succ, fail in
            deleteConversationList(conversationIDList: conversationIDList, clearMessage: clearMessage,
                                   succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    /// Sets (nil: clears) the custom data of conversations, one result each; see
    /// `setConversationCustomData(conversationIDList:customData:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func setConversationCustomData(
        conversationIDList: [String], customData: Data?
    ) async throws -> [V2TIMConversationOperationResult] {
        try await withCallbacks { succ, fail in
            setConversationCustomData(conversationIDList: conversationIDList, customData: customData,
                                      succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    /// The unread total of the conversations a filter selects; see
    /// `getUnreadMessageCountByFilter(filter:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getUnreadMessageCountByFilter(filter: V2TIMConversationListFilter) async throws -> UInt64 {
        let boxed = Unchecked(filter)
        return try await withCallbacks { succ, fail in
            getUnreadMessageCountByFilter(filter: boxed.value, succ: succ, fail: fail)
        }
    }

    /// Bridges one succ/fail call to `async`: exactly one of the two resumes the continuation.
    ///
    /// The outcome is handed over through a lock, not through the continuation: the objects it holds
    /// were built on the callback queue, and a lock is an ordering that ThreadSanitizer sees (it does
    /// not see the one the Swift concurrency runtime makes on Linux, so it would report a race).
    func withCallbacks<T>(
        _ start: (_ succ: @escaping (T) -> Void, _ fail: @escaping V2TIMFail) -> Void
    ) async throws -> T {
        let outcome = HandOverSlot<Result<T, V2TIMError>>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            start(
                { value in
                    outcome.put(.success(value))
                    continuation.resume()
                },
                { code, desc in
                    outcome.put(.failure(V2TIMError(code: code, desc: desc ?? "")))
                    continuation.resume()
                })
        }
        return try outcome.take()!.get()
    }

    /// The C2C receive options of these users; see `getC2CReceiveMessageOpt(userIDList:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getC2CReceiveMessageOpt(userIDList: [String]) async throws -> [V2TIMReceiveMessageOptInfo] {
        try await withCallbacks { succ, fail in
            getC2CReceiveMessageOpt(userIDList: userIDList, succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    /// Sets the global receive option with a daily window; see
    /// `setAllReceiveMessageOpt(opt:startHour:startMinute:startSecond:duration:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func setAllReceiveMessageOpt(
        opt: V2TIMReceiveMessageOpt, startHour: Int32, startMinute: Int32, startSecond: Int32, duration: UInt32
    ) async throws {
        try await withCallbacks { succ, fail in
            setAllReceiveMessageOpt(
                opt: opt, startHour: startHour, startMinute: startMinute, startSecond: startSecond, duration: duration,
                succ: { succ(()) }, fail: fail)
        }
    }

    /// Sets the global receive option from a timestamp; see
    /// `setAllReceiveMessageOpt(opt:startTimeStamp:duration:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func setAllReceiveMessageOpt(opt: V2TIMReceiveMessageOpt, startTimeStamp: UInt32, duration: UInt32) async throws {
        try await withCallbacks { succ, fail in
            setAllReceiveMessageOpt(opt: opt, startTimeStamp: startTimeStamp, duration: duration, succ: { succ(()) }, fail: fail)
        }
    }

    /// The global receive option; see `getAllReceiveMessageOpt(succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getAllReceiveMessageOpt() async throws -> V2TIMReceiveMessageOptInfo {
        try await withCallbacks { succ, fail in
            getAllReceiveMessageOpt(succ: { succ($0 ?? V2TIMReceiveMessageOptInfo()) }, fail: fail)
        }
    }

    /// One page of the local search; see `searchLocalConversations(keyword:nextSeq:count:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func searchLocalConversations(keyword: String, nextSeq: UInt64, count: Int32) async throws -> V2TIMConversationResult {
        try await withCallbacks { succ, fail in
            searchLocalConversations(keyword: keyword, nextSeq: nextSeq, count: count, succ: { list, next, finished in
                succ(V2TIMConversationResult(conversationList: list ?? [], nextSeq: next, isFinished: finished))
            }, fail: fail)
        }
    }
}
