import Dispatch
import IMReferenceServer
import ImSDK

/// Makes a scenario's calls through the legacy API (`TIMManager`, `TIMConversation`).
struct LegacyWriter: Writer {
    private var manager: TIMManager { TIMManager.sharedInstance() }

    func initialise(server: IMReferenceServer, callbackQueue: DispatchQueue, legacyLogin: Scenario.LegacyLogin) throws {
        let config = TIMSdkConfig()
        config.sdkAppId = Self.appID
        config.transport = server
        config.callbackQueue = callbackQueue
        config.disableLogPrint = true
        let code = manager.initSdk(config)
        guard code == 0 else { throw RunError("initSdk returned \(code)") }
        let user = TIMUserConfig()
        user.disableAutoReport = legacyLogin == .disableAutoReport
        user.disableStorage = true  // every run starts from an empty private server
        let userCode = manager.setUserConfig(user)
        guard userCode == 0 else { throw RunError("setUserConfig returned \(userCode)") }
    }

    func login() async -> StepOutcome {
        let param = TIMLoginParam()
        param.identifier = Scenario.me
        param.userSig = "sig"
        return await outcome { succ, fail in manager.login(param, succ: succ, fail: fail) }
    }

    func logout() async -> StepOutcome {
        await outcome { succ, fail in manager.logout(succ, fail: fail) }
    }

    func send(_ text: String, to target: Target) async throws -> StepOutcome {
        let conversation = try handle(target)
        let message = TIMMessage()
        let elem = TIMTextElem()
        elem.text = text
        message.add(elem)
        return await outcome { succ, fail in conversation.send(message, succ: succ, fail: fail) }
    }

    func read(_ target: Target, upToMessage n: Int) async throws -> StepOutcome {
        let conversation = try handle(target)
        return try await withCheckedThrowingContinuation { continuation in
            conversation.getMessage(100, last: nil, succ: { list in
                let messages = Array((list ?? []).compactMap { $0 as? TIMMessage }.reversed())
                guard messages.indices.contains(n - 1) else {
                    continuation.resume(throwing: Self.noMessage(n, in: target, count: messages.count))
                    return
                }
                conversation.setReadMessage(messages[n - 1], succ: {
                    continuation.resume(returning: .ok)
                }, fail: { code, _ in
                    continuation.resume(returning: .failed(code))
                })
            }, fail: { code, _ in
                continuation.resume(returning: .failed(code))
            })
        }
    }

    func readAll(_ target: Target) async throws -> StepOutcome {
        let conversation = try handle(target)
        return await outcome { succ, fail in conversation.setReadMessage(nil, succ: succ, fail: fail) }
    }

    func setDraft(_ text: String?, for target: Target) async throws -> StepOutcome {
        let draft = text.map { text in
            let draft = TIMMessageDraft()
            let elem = TIMTextElem()
            elem.text = text
            draft.add(elem)
            return draft
        }
        let code = try handle(target).setDraft(draft)
        return code == 0 ? .ok : .failed(code)
    }

    func delete(_ target: Target) async throws -> StepOutcome {
        manager.deleteConversation(target.legacyType, receiver: target.receiver) ? .ok : .returnedFalse
    }

    func revokeMine(_ target: Target) async throws -> StepOutcome {
        let conversation = try handle(target)
        return try await onNewestMessage(of: conversation, target: target, mine: true, toDo: "revoke") { message, succ, fail in
            conversation.revokeMessage(message, succ: succ, fail: fail)
        }
    }

    func deleteNewest(_ target: Target) async throws -> StepOutcome {
        let conversation = try handle(target)
        return try await onNewestMessage(of: conversation, target: target, mine: false, toDo: "delete") { message, succ, fail in
            conversation.deleteMessages([message], succ: succ, fail: fail)
        }
    }

    func setGroupReceiveOption(muted: Bool, group groupID: String) async -> StepOutcome {
        let option: TIMGroupReceiveMessageOpt = muted ? .GROUP_RECEIVE_NOT_NOTIFY_MESSAGE : .GROUP_NOT_RECEIVE_MESSAGE
        return await outcome { succ, fail in
            TIMGroupManager.sharedInstance().modifyReceiveMessageOpt(groupID, opt: option, succ: succ, fail: fail)
        }
    }

    func clearHistory(_ target: Target) async throws -> StepOutcome {
        let conversation = try handle(target)
        return await outcome { succ, fail in conversation.deleteLocalMessage(succ, fail: fail) }
    }

    /// Finds the newest message of `conversation` in its cloud history (`getMessage`; mine only,
    /// with `mine`) and makes `call` with it, on the callback queue.
    private func onNewestMessage(
        of conversation: TIMConversation, target: Target, mine: Bool, toDo action: String,
        _ call: @escaping (TIMMessage, @escaping TIMSucc, @escaping TIMFail) -> Int32
    ) async throws -> StepOutcome {
        try await withCheckedThrowingContinuation { continuation in
            conversation.getMessage(100, last: nil, succ: { list in
                let messages = (list ?? []).compactMap { $0 as? TIMMessage }
                guard let message = messages.first(where: { !mine || $0.isSelf() }) else {
                    continuation.resume(throwing: Self.noMessage(to: action, in: target))
                    return
                }
                _ = call(message, { continuation.resume(returning: .ok) }, { code, _ in
                    continuation.resume(returning: .failed(code))
                })
            }, fail: { code, _ in
                continuation.resume(returning: .failed(code))
            })
        }
    }

    /// The legacy handle on `target` (nil only when logged out, which no scenario writes in).
    private func handle(_ target: Target) throws -> TIMConversation {
        guard let conversation = manager.getConversation(target.legacyType, receiver: target.receiver) else {
            throw RunError("getConversation returned nil for \(target.conversationID)")
        }
        return conversation
    }
}
