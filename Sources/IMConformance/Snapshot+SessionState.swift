extension Snapshot {
    /// The normalised snapshot of a step: its outcome, the state read afterwards, and the events
    /// heard while it ran.
    init(title: String, outcome: StepOutcome, state: SessionState, events: [ListenerEvent]) {
        var rows: [Aspect: [String]] = [.result: [outcome.description]]
        if let list = state.conversations {
            rows[.order] = list.map(\.id)
            rows[.unread] = list.map { "\($0.id)=\($0.unread)" }
            rows[.lastMessage] = list.map { "\($0.id)=" + ($0.lastMessage.map { "\($0.sender): \($0.text)" } ?? "-") }
            rows[.readFlag] = list.map { "\($0.id)=" + ($0.lastMessage.map { $0.isRead ? "read" : "unread" } ?? "-") }
            rows[.drafts] = list.compactMap { conversation in conversation.draft.map { "\(conversation.id)=\($0)" } }
            rows[.atInfos] = list.filter { !$0.mentions.isEmpty }.map {
                "\($0.id)=" + $0.mentions.joined(separator: ",")
            }
            rows[.history] = state.history
            rows[.revoked] = list.filter { $0.lastMessage?.isRevoked == true }.map { "\($0.id)=revoked" }
            rows[.peerRead] = list.filter { $0.lastMessage?.isPeerRead == true }.map { "\($0.id)=peer-read" }
            rows[.filtered] = state.filtered
        } else {
            rows[.order] = Snapshot.loggedOut
        }
        rows[.conversationEvents] = events.compactMap { event in
            switch event {
            case .conversation(let id): return id
            case .syncFinished: return "(sync)"
            case .message, .revoked, .receipt, .modified: return nil
            }
        }
        rows[.messageEvents] = events.compactMap { event in
            if case .message(let text) = event { return text }
            return nil
        }
        rows[.revokeEvents] = events.compactMap { event in
            if case .revoked(let id) = event { return id }
            return nil
        }
        rows[.receiptEvents] = events.compactMap { event in
            if case .receipt(let peer) = event { return peer }
            return nil
        }
        rows[.modifyEvents] = events.compactMap { event in
            if case .modified(let text) = event { return text }
            return nil
        }
        self.init(title: title, rows: rows)
    }
}
