import IMTransportKit

/// The unread messages an answer left out: a sync page, the cloud list or a `.conversations`
/// answer carries each conversation's newest unread messages within a byte budget and counts the
/// older ones (`ServerConversation.omittedUnreadCount`), so that it stays inside a socket frame; a
/// sync page after version v also leaves out (and counts) those delivered by v, which the device
/// holds. The device fetches what it lacks with `.deliveredHistory` (only the messages the server
/// delivered to the user: not those of a group its receive option kept from them, which no device
/// counts, though the group's history holds them) before it applies the state, so it
/// holds every unread message and counts them as before: for a sync page only those above its own
/// last sequence of the conversation and below the page's first new message (usually none: a
/// catch-up page's left-out messages came with earlier pages or their pushes).
extension IMClient {
    /// How many messages one `.deliveredHistory` request for left-out unread messages asks for (the server
    /// may answer fewer, within its byte budget).
    static let omittedUnreadRequestCount = 500

    /// `states` with the unread messages each left out fetched (`omittedUnreadCount` nil), in order,
    /// one conversation after the other; or the first failure (the caller retries as it would
    /// after a failed answer).
    ///
    /// - Parameters:
    ///   - skippingHeld: whether the messages up to this device's last sequence of each
    ///     conversation are held already, so only those above it and below the state's first new
    ///     message are fetched: true for a sync page (the device got them with earlier pages or
    ///     their pushes, and the page's new messages are all those delivered since; a conversation a
    ///     push started here gets the rest from its own refresh), false for that refresh.
    ///   - first: the state to start at (those before it are done).
    /// - Complexity: one request per `omittedUnreadRequestCount` messages fetched (fewer when they
    ///   are large), nothing for states that left none out or whose left-out messages are held.
    func fetchingOmittedUnread(
        _ states: [ServerConversation], skippingHeld: Bool, from first: Int = 0,
        completion: @escaping @Sendable (Result<[ServerConversation], IMError>) -> Void
    ) {
        var states = states
        for index in states.indices.dropFirst(first) where (states[index].omittedUnreadCount ?? 0) > 0 {
            let state = states[index]
            // (Kept in memory: the page applies to it next.)
            let held = skippingHeld ? withState { $0.store.loadedConversation(state.id)?.lastSeq ?? 0 } : 0
            let floor = max(state.readSeq, held)
            // A sync page's new messages are every message delivered since the version asked: none
            // from the first of them up is missing.
            let ceiling = skippingHeld ? state.newMessages.first?.seq ?? .max : .max
            let before = min(state.unreadMessages.first?.seq ?? state.lastSeq + 1, ceiling)
            guard before > floor + 1 else {
                // Nothing left out is missing here (a sync page: those delivered before it, held).
                states[index].omittedUnreadCount = nil
                continue
            }
            fetchOlderUnread(of: state, above: floor, before: before, fetched: []) { [self, states] result in
                switch result {
                case .success(let whole):
                    var next = states
                    next[index] = whole
                    fetchingOmittedUnread(next, skippingHeld: skippingHeld, from: index + 1, completion: completion)
                case .failure(let error):
                    completion(.failure(error))
                }
            }
            return
        }
        completion(.success(states))
    }

    /// Pages back through the messages of `state` delivered to the user, from sequence `before` (its
    /// oldest unread message carried, or a sync page's first new message) down to sequence `floor`
    /// (its read cursor, or the newest message this device holds); `fetched` holds what earlier
    /// pages brought, oldest first. The state it completes with carries every delivered message
    /// between them (those that do not count as unread too: the store tells, as for a push) before
    /// those it carried.
    private func fetchOlderUnread(
        of state: ServerConversation, above floor: UInt64, before: UInt64, fetched: [Message],
        completion: @escaping @Sendable (Result<ServerConversation, IMError>) -> Void
    ) {
        let done: @Sendable ([Message]) -> Void = { all in
            var whole = state
            whole.unreadMessages = all + state.unreadMessages
            whole.omittedUnreadCount = nil
            completion(.success(whole))
        }
        guard before > floor + 1 else {
            done(fetched)
            return
        }
        // A server of protocol version 1 knows no `.deliveredHistory`: its history has to do.
        let request: IMRequest = withState({ $0.connection?.protocolVersion ?? 1 }) >= 2
            ? .deliveredHistory(state.id, beforeSeq: before, count: Self.omittedUnreadRequestCount)
            : .history(state.id, beforeSeq: before, count: Self.omittedUnreadRequestCount)
        perform(request) { [self] result in
            switch result {
            case .success(.messages(let page)):
                // Newest first: what is above the floor, oldest first, goes before what came already.
                let above = page.filter { $0.seq > floor && $0.seq < before }
                let all = above.reversed() + fetched
                if page.isEmpty || page.contains(where: { $0.seq <= floor }) || all.isEmpty {
                    done(all)
                } else {
                    fetchOlderUnread(of: state, above: floor, before: all[0].seq, fetched: all, completion: completion)
                }
            case .success:
                completion(.failure(IMError(.networkFailure, "unexpected answer to a history request")))
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }
}
