import Dispatch
import IMReferenceServer
import ImSDK_Plus

/// Makes a scenario's calls through the V2 API (`V2TIMManager`).
///
/// Also the writer of the calls the legacy API lacks (`pin`, `setReceiveOption`) in every mode.
struct V2Writer: Writer {
    private var manager: V2TIMManager { V2TIMManager.sharedInstance() }

    func initialise(server: IMReferenceServer, callbackQueue: DispatchQueue, legacyLogin: Scenario.LegacyLogin) throws {
        let config = V2TIMSDKConfig()
        config.transport = server
        config.callbackQueue = callbackQueue
        config.storage = .memory  // every run starts from an empty private server
        config.logLevel = .LOG_NONE
        guard manager.initSDK(Self.appID, config: config) else { throw RunError("initSDK returned false") }
    }

    func login() async -> StepOutcome {
        await outcome { succ, fail in manager.login(userID: Scenario.me, userSig: "sig", succ: succ, fail: fail) }
    }

    func logout() async -> StepOutcome {
        await outcome { succ, fail in manager.logout(succ: succ, fail: fail) }
    }

    func send(_ text: String, to target: Target) async throws -> StepOutcome {
        let message = manager.createTextMessage(text: text)
        return await outcome { succ, fail in
            manager.sendMessage(
                message: message, receiver: target.userID, groupID: target.groupID, priority: .PRIORITY_DEFAULT,
                onlineUserOnly: false, offlinePushInfo: nil, progress: nil, succ: succ, fail: fail)
        }
    }

    func read(_ target: Target, upToMessage n: Int) async throws -> StepOutcome {
        let messages: [(seq: UInt64, timestamp: UInt64)]
        do {
            messages = try await manager.history(of: target).reversed()
        } catch let error as V2TIMError {
            return .failed(error.code)
        }
        guard messages.indices.contains(n - 1) else { throw Self.noMessage(n, in: target, count: messages.count) }
        let message = messages[n - 1]
        let timestamp = message.timestamp
        return await outcome { succ, fail in
            manager.cleanConversationUnreadMessageCount(
                conversationID: target.conversationID,
                cleanTimestamp: target.userID == nil ? 0 : timestamp,
                cleanSequence: target.groupID == nil ? 0 : message.seq,
                succ: succ, fail: fail)
        }
    }

    func readAll(_ target: Target) async throws -> StepOutcome {
        await outcome { succ, fail in
            switch target {
            case .c2c(let userID): manager.markC2CMessage(asRead: userID, succ: succ, fail: fail)
            case .group(let groupID): manager.markGroupMessage(asRead: groupID, succ: succ, fail: fail)
            }
        }
    }

    func setDraft(_ text: String?, for target: Target) async throws -> StepOutcome {
        await outcome { succ, fail in
            manager.setConversationDraft(conversationID: target.conversationID, draftText: text, succ: succ, fail: fail)
        }
    }

    func delete(_ target: Target) async throws -> StepOutcome {
        await outcome { succ, fail in
            manager.deleteConversation(conversation: target.conversationID, succ: succ, fail: fail)
        }
    }

    func revokeMine(_ target: Target) async throws -> StepOutcome {
        try await onNewestMessage(of: target, mine: true, toDo: "revoke") { message, succ, fail in
            manager.revokeMessage(msg: message, succ: succ, fail: fail)
        }
    }

    func deleteNewest(_ target: Target) async throws -> StepOutcome {
        try await onNewestMessage(of: target, mine: false, toDo: "delete") { message, succ, fail in
            manager.deleteMessages(msgList: [message], succ: succ, fail: fail)
        }
    }

    func clearHistory(_ target: Target) async throws -> StepOutcome {
        await outcome { succ, fail in
            switch target {
            case .c2c(let userID): manager.clearC2CHistoryMessage(userID: userID, succ: succ, fail: fail)
            case .group(let groupID): manager.clearGroupHistoryMessage(groupID: groupID, succ: succ, fail: fail)
            }
        }
    }

    /// Finds the newest message of `target` in its cloud history (mine only, with `mine`) and makes
    /// `call` with it, on the callback queue (the message object stays there).
    private func onNewestMessage(
        of target: Target, mine: Bool, toDo action: String,
        _ call: @escaping (V2TIMMessage, @escaping V2TIMSucc, @escaping V2TIMFail) -> Void
    ) async throws -> StepOutcome {
        try await withCheckedThrowingContinuation { continuation in
            let succ: V2TIMMessageListSucc = { messages in
                guard let message = (messages ?? []).first(where: { !mine || $0.isSelf }) else {
                    continuation.resume(throwing: Self.noMessage(to: action, in: target))
                    return
                }
                call(message, { continuation.resume(returning: .ok) }, { code, _ in
                    continuation.resume(returning: .failed(code))
                })
            }
            let fail: V2TIMFail = { code, _ in continuation.resume(returning: .failed(code)) }
            switch target {
            case .c2c(let userID):
                manager.getC2CHistoryMessageList(userID: userID, count: 100, lastMsg: nil, succ: succ, fail: fail)
            case .group(let groupID):
                manager.getGroupHistoryMessageList(groupID: groupID, count: 100, lastMsg: nil, succ: succ, fail: fail)
            }
        }
    }

    /// Pins or unpins `target` (`pinConversation`).
    func pin(_ target: Target, _ isPinned: Bool) async -> StepOutcome {
        await outcome { succ, fail in
            manager.pinConversation(conversationID: target.conversationID, isPinned: isPinned, succ: succ, fail: fail)
        }
    }

    /// Sets how group `groupID`'s messages are received (`setGroupReceiveMessageOpt`).
    func setGroupReceiveOption(muted: Bool, group groupID: String) async -> StepOutcome {
        await setReceiveOption(muted ? .RECEIVE_NOT_NOTIFY_MESSAGE : .NOT_RECEIVE_MESSAGE, group: groupID)
    }

    func setReceiveOption(_ option: V2TIMReceiveMessageOpt, group groupID: String) async -> StepOutcome {
        await outcome { succ, fail in
            manager.setGroupReceiveMessageOpt(groupID: groupID, opt: option, succ: succ, fail: fail)
        }
    }
}
