import ImSDK

/// Observes the session through the legacy API.
///
/// The refresh, revoke and receipt listeners can only be registered through `TIMUserConfig`:
/// attaching sets them (and `enableReadReceipt`) on the user configuration already given (legacy
/// writes), or on a new one with `disableAutoReport = true` (V2 writes, whose logins do not auto
/// report).
struct LegacyReader: Reader {
    let events = EventLog()
    private let listener: LegacyListener

    init() {
        listener = LegacyListener(log: events)
    }

    private var manager: TIMManager { TIMManager.sharedInstance() }

    func attach() {
        let config = manager.getUserConfig() ?? {
            let config = TIMUserConfig()
            config.disableAutoReport = true
            config.disableStorage = true
            return config
        }()
        config.refreshListener = listener
        config.messageRevokeListener = listener
        config.messageReceiptListener = listener
        config.messageUpdateListener = listener
        config.enableReadReceipt = true
        manager.setUserConfig(config)
        manager.add(listener)
    }

    func detach() {
        manager.remove(listener)
    }

    func state(of targets: [Target]) async throws -> SessionState {
        guard manager.getLoginStatus() == .STATUS_LOGINED else { return .loggedOut }
        let conversations = (manager.getConversationList() ?? []).compactMap { conversation -> ConversationState? in
            guard let target = Target(legacy: conversation) else { return nil }
            let last = conversation.getLastMsg().map { message in
                ConversationState.LastMessage(sender: message.sender() ?? "", text: Self.text(of: message),
                                              isRead: message.isReaded(),
                                              isRevoked: message.status() == .MSG_STATUS_LOCAL_REVOKED,
                                              isPeerRead: message.isPeerReaded())
            }
            return ConversationState(
                id: target.conversationID, unread: Int(conversation.getUnReadMessageNum()), lastMessage: last,
                draft: conversation.getDraft().map(Self.text(of:)),
                mentions: (conversation.getGroupAtInfoList() ?? []).map {
                    "\($0.seq):" + ConversationState.mentionName(rawValue: $0.atType.rawValue)
                })
        }
        var history: [String] = []
        for target in targets {
            history.append("\(target.conversationID)=\(await historyCount(of: target))")
        }
        let filtered = FilterProbe.all.map { probe in
            FilterProbe.row(probe.name, conversations.filter(probe.selects).map(\.id))
        }
        return SessionState(conversations: conversations, history: history, filtered: filtered)
    }

    /// The number of cloud messages of `target` (`getMessage`, up to 100), or the error.
    private func historyCount(of target: Target) async -> String {
        guard let conversation = manager.getConversation(target.legacyType, receiver: target.receiver) else {
            return "no conversation"
        }
        return await withCheckedContinuation { continuation in
            conversation.getMessage(100, last: nil, succ: { messages in
                continuation.resume(returning: String(messages?.count ?? 0))
            }, fail: { code, _ in
                continuation.resume(returning: "error \(code)")
            })
        }
    }

    /// The text of a message's text elements.
    static func text(of message: TIMMessage) -> String {
        (0..<message.elemCount()).compactMap { (message.getElem($0) as? TIMTextElem)?.text }.joined()
    }

    /// The text of a draft's text elements.
    static func text(of draft: TIMMessageDraft) -> String {
        (0..<draft.elemCount()).compactMap { (draft.getElem($0) as? TIMTextElem)?.text }.joined()
    }
}
