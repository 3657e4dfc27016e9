import Foundation
import ImSDK_Plus

/// The actions a conversation list offers, each through the public V2 API.
///
/// The model never changes rows itself: the SDK announces the change to its listener before it
/// calls `succ`, so when an action returns the rows already show it; when it throws, nothing changed.
extension ConversationListModel {
    /// The result of a batch action for one conversation.
    public struct Outcome: Sendable {
        /// The conversation acted on.
        public let conversationID: String
        /// Success, or the error the single action threw.
        public let result: Result<Void, V2TIMError>
    }

    /// Pins (`on`) or unpins a conversation (`pinConversation`).
    public func pin(_ conversationID: String, _ on: Bool) async throws {
        try await manager.pinConversation(conversationID: conversationID, isPinned: on)
    }

    /// Mutes (`on`: `.RECEIVE_NOT_NOTIFY_MESSAGE`) or unmutes (`.RECEIVE_MESSAGE`) a conversation:
    /// `setC2CReceiveMessageOpt` for a C2C one, `setGroupReceiveMessageOpt` for a group.
    /// - Throws: 6004 for a conversation that does not exist.
    public func mute(_ conversationID: String, _ on: Bool) async throws {
        let conversation = try await manager.getConversation(conversationID: conversationID)
        let option: V2TIMReceiveMessageOpt = on ? .RECEIVE_NOT_NOTIFY_MESSAGE : .RECEIVE_MESSAGE
        switch conversation.type {
        case .C2C: try await manager.setC2CReceiveMessageOpt(userIDList: [conversation.userID ?? ""], opt: option)
        case .GROUP: try await manager.setGroupReceiveMessageOpt(groupID: conversation.groupID ?? "", opt: option)
        case .UNKNOWN:
            throw V2TIMError(code: V2TIMErrorCode.ERR_INVALID_PARAMETERS, desc: "\(conversationID) cannot be muted")
        }
    }

    /// Clears a conversation's unread count (`cleanConversationUnreadMessageCount`) and its
    /// unread mark, if it carries one.
    public func markRead(_ conversationID: String) async throws {
        try await manager.cleanConversationUnreadMessageCount(
            conversationID: conversationID, cleanTimestamp: 0, cleanSequence: 0)
        let unreadMark = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.bits
        if knownMarks(of: conversationID) & unreadMark != 0 { try await mark(conversationID, unreadMark, false) }
    }

    /// Marks a conversation unread (`markConversation` with `CONVERSATION_MARK_TYPE_UNREAD`).
    public func markUnread(_ conversationID: String) async throws {
        try await mark(conversationID, V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.bits, true)
    }

    /// Deletes a conversation and its messages (`deleteConversation`).
    public func delete(_ conversationID: String) async throws {
        try await manager.deleteConversation(conversation: conversationID)
    }

    // MARK: - Batches

    /// Pins or unpins each conversation; one outcome per ID, in order.
    public func pin(_ conversationIDs: [String], _ on: Bool) async -> [Outcome] {
        await each(conversationIDs) { try await self.pin($0, on) }
    }

    /// Mutes or unmutes each conversation; one outcome per ID, in order.
    public func mute(_ conversationIDs: [String], _ on: Bool) async -> [Outcome] {
        await each(conversationIDs) { try await self.mute($0, on) }
    }

    /// Marks each conversation read; one outcome per ID, in order.
    public func markRead(_ conversationIDs: [String]) async -> [Outcome] {
        await each(conversationIDs) { try await self.markRead($0) }
    }

    /// Marks each conversation unread; one outcome per ID, in order.
    public func markUnread(_ conversationIDs: [String]) async -> [Outcome] {
        await each(conversationIDs) { try await self.markUnread($0) }
    }

    /// Deletes each conversation; one outcome per ID, in order.
    public func delete(_ conversationIDs: [String]) async -> [Outcome] {
        await each(conversationIDs) { try await self.delete($0) }
    }

    // MARK: - Helpers

    /// Runs `action` for each ID in turn and collects the outcomes.
    private func each(_ ids: [String], _ action: (String) async throws -> Void) async -> [Outcome] {
        var outcomes: [Outcome] = []
        for id in ids {
            do {
                try await action(id)
                outcomes.append(Outcome(conversationID: id, result: .success(())))
            } catch let error as V2TIMError {
                outcomes.append(Outcome(conversationID: id, result: .failure(error)))
            } catch {
                outcomes.append(Outcome(conversationID: id, result: .failure(V2TIMError(code: -1, desc: "\(error)"))))
            }
        }
        return outcomes
    }

    /// Sets or clears `mark` on one conversation; throws its per-conversation failure.
    private func mark(_ conversationID: String, _ mark: UInt64, _ enable: Bool) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            manager.markConversation(
                conversationIDList: [conversationID], markType: NSNumber(value: mark), enableMark: enable,
                succ: { results in
                    if let failed = results?.first(where: { $0.resultCode != 0 }) {
                        continuation.resume(throwing: V2TIMError(code: Int32(clamping: failed.resultCode),
                                                                 desc: failed.resultInfo ?? ""))
                    } else {
                        continuation.resume()
                    }
                },
                fail: { code, desc in continuation.resume(throwing: V2TIMError(code: code, desc: desc ?? "")) })
        }
    }
}
