import Foundation
import ImSDK_Plus

/// The V2 calls of marks, custom data and conversation groups, which the legacy API lacks: every
/// mode makes them through V2. A batch call's outcome is `ok` when every conversation succeeded,
/// else the first conversation's error code.
extension V2Writer {
    private var manager: V2TIMManager { V2TIMManager.sharedInstance() }

    /// `markConversation` of one mark on `target`.
    func mark(_ target: Target, _ mark: Step.Mark, _ enable: Bool) async -> StepOutcome {
        await batchOutcome { succ, fail in
            manager.markConversation(
                conversationIDList: [target.conversationID], markType: NSNumber(value: mark.rawValue), enableMark: enable,
                succ: succ, fail: fail)
        }
    }

    /// `setConversationCustomData` of `text`'s UTF-8 bytes (nil clears).
    func setCustomData(_ text: String?, for target: Target) async -> StepOutcome {
        await batchOutcome { succ, fail in
            manager.setConversationCustomData(
                conversationIDList: [target.conversationID], customData: text.map { Data($0.utf8) }, succ: succ, fail: fail)
        }
    }

    func createConversationGroup(_ name: String, _ targets: [Target]) async -> StepOutcome {
        await batchOutcome { succ, fail in
            manager.createConversationGroup(
                groupName: name, conversationIDList: targets.map(\.conversationID), succ: succ, fail: fail)
        }
    }

    func renameConversationGroup(_ name: String, to newName: String) async -> StepOutcome {
        await outcome { succ, fail in manager.renameConversationGroup(oldName: name, newName: newName, succ: succ, fail: fail) }
    }

    func addToConversationGroup(_ name: String, _ targets: [Target]) async -> StepOutcome {
        await batchOutcome { succ, fail in
            manager.addConversationsToGroup(
                groupName: name, conversationIDList: targets.map(\.conversationID), succ: succ, fail: fail)
        }
    }

    func removeFromConversationGroup(_ name: String, _ targets: [Target]) async -> StepOutcome {
        await batchOutcome { succ, fail in
            manager.deleteConversationsFromGroup(
                groupName: name, conversationIDList: targets.map(\.conversationID), succ: succ, fail: fail)
        }
    }

    func deleteConversationGroup(_ name: String) async -> StepOutcome {
        await outcome { succ, fail in manager.deleteConversationGroup(groupName: name, succ: succ, fail: fail) }
    }

    /// The outcome of a call that answers one result per conversation.
    private func batchOutcome(
        _ start: (_ succ: @escaping V2TIMConversationOperationResultSucc, _ fail: @escaping V2TIMFail) -> Void
    ) async -> StepOutcome {
        await withCheckedContinuation { continuation in
            start({ results in
                let failed = (results ?? []).first { $0.resultCode != 0 }
                continuation.resume(returning: failed.map { .failed(Int32($0.resultCode)) } ?? .ok)
            }, { code, _ in continuation.resume(returning: .failed(code)) })
        }
    }
}
