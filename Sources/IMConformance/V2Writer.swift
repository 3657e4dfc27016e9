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

    /// Pins or unpins `target` (`pinConversation`).
    func pin(_ target: Target, _ isPinned: Bool) async -> StepOutcome {
        await outcome { succ, fail in
            manager.pinConversation(conversationID: target.conversationID, isPinned: isPinned, succ: succ, fail: fail)
        }
    }

    /// Sets how group `groupID`'s messages are received (`setGroupReceiveMessageOpt`).
    func setReceiveOption(_ option: V2TIMReceiveMessageOpt, group groupID: String) async -> StepOutcome {
        await outcome { succ, fail in
            manager.setGroupReceiveMessageOpt(groupID: groupID, opt: option, succ: succ, fail: fail)
        }
    }
}
