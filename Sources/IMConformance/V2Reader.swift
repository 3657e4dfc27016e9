import ImSDK_Plus

/// Observes the session through the V2 API.
struct V2Reader: Reader {
    /// The page size of list walks: small, so that every observation walks several pages.
    static let pageSize: Int32 = 2

    let events = EventLog()
    private let listener: V2Listener

    init() {
        listener = V2Listener(log: events)
    }

    private var manager: V2TIMManager { V2TIMManager.sharedInstance() }

    func attach() {
        manager.addConversationListener(listener: listener)
        manager.addAdvancedMsgListener(listener: listener)
    }

    func detach() {
        manager.removeConversationListener(listener: listener)
        manager.removeAdvancedMsgListener(listener: listener)
    }

    func state(of targets: [Target]) async throws -> SessionState {
        guard manager.getLoginStatus() == .STATUS_LOGINED else { return .loggedOut }
        var list: [V2TIMConversation] = []
        var nextSeq: UInt64 = 0
        while true {
            let page = try await manager.getConversationList(nextSeq: nextSeq, count: Self.pageSize)
            list += page.conversationList
            if page.isFinished { break }
            nextSeq = page.nextSeq
        }
        let conversations = list.map { conversation in
            ConversationState(
                id: conversation.conversationID, unread: Int(conversation.unreadCount),
                lastMessage: conversation.lastMessage.map {
                    ConversationState.LastMessage(
                        sender: $0.sender ?? "", text: $0.textElem?.text ?? "", isRead: $0.isRead,
                        isRevoked: $0.status == .MSG_STATUS_LOCAL_REVOKED, isPeerRead: $0.isPeerRead)
                },
                draft: conversation.draftText,
                mentions: (conversation.groupAtInfolist ?? []).map {
                    "\($0.seq):" + ConversationState.mentionName(rawValue: $0.atType.rawValue)
                })
        }
        var history: [String] = []
        for target in targets {
            let count: String
            do {
                count = String(try await manager.history(of: target).count)
            } catch let error as V2TIMError {
                count = "error \(error.code)"
            }
            history.append("\(target.conversationID)=\(count)")
        }
        var filtered: [String] = []
        for probe in FilterProbe.all {
            let filter = V2TIMConversationListFilter()
            probe.configure(filter)
            filtered.append(FilterProbe.row(probe.name, try await walk(filter).map(\.conversationID)))
        }
        return SessionState(conversations: conversations, history: history, filtered: filtered)
    }

    /// Every conversation `filter` selects, by a `getConversationListByFilter` walk of small pages.
    private func walk(_ filter: V2TIMConversationListFilter) async throws -> [V2TIMConversation] {
        var list: [V2TIMConversation] = []
        var nextSeq: UInt64 = 0
        while true {
            let page = try await manager.getConversationListByFilter(
                filter: filter, nextSeq: nextSeq, count: UInt32(Self.pageSize))
            list += page.conversationList
            if page.isFinished { return list }
            nextSeq = page.nextSeq
        }
    }
}

extension V2TIMManager {
    /// Up to 100 cloud messages of `target`, newest first (`getC2CHistoryMessageList` /
    /// `getGroupHistoryMessageList`), as the sequence and server time of each, read on the callback
    /// queue (the message objects stay there); throws the `V2TIMError`.
    func history(of target: Target) async throws -> [(seq: UInt64, timestamp: UInt64)] {
        try await withCheckedThrowingContinuation { continuation in
            let succ: V2TIMMessageListSucc = { messages in
                continuation.resume(returning: (messages ?? []).map { ($0.seq, UInt64($0.timestamp?.timeIntervalSince1970 ?? 0)) })
            }
            let fail: V2TIMFail = { code, desc in
                continuation.resume(throwing: V2TIMError(code: code, desc: desc ?? ""))
            }
            switch target {
            case .c2c(let userID):
                getC2CHistoryMessageList(userID: userID, count: 100, lastMsg: nil, succ: succ, fail: fail)
            case .group(let groupID):
                getGroupHistoryMessageList(groupID: groupID, count: 100, lastMsg: nil, succ: succ, fail: fail)
            }
        }
    }
}
