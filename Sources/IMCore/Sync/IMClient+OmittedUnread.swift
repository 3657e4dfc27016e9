import IMTransportKit

/// The unread messages an answer left out: a sync page, the cloud list or a `.conversations`
/// answer carries each conversation's newest unread messages within a byte budget and counts the
/// older ones (`ServerConversation.omittedUnreadCount`), so that it stays inside a socket frame. The
/// device fetches them with `.history` before it applies the state, so it holds every unread
/// message and counts them as before; for a sync page only those above its own last sequence of
/// the conversation (a catch-up page, whose left-out messages came with earlier pages, fetches
/// none).
extension IMClient {
    /// How many messages one `.history` request for left-out unread messages asks for (the server
    /// may answer fewer, within its byte budget).
    static let omittedUnreadRequestCount = 500

    /// `states` with the unread messages each left out fetched (`omittedUnreadCount` nil), in order,
    /// one conversation after the other; or the first failure (the caller retries as it would
    /// after a failed answer).
    ///
    /// - Parameter skippingHeld: whether the messages up to this device's last sequence of each
    ///   conversation are held already, so only those above it are fetched: true for a sync page
    ///   (the device got them with earlier pages or their pushes; a conversation a push started here
    ///   gets the rest from its own refresh), false for that refresh.
    /// - Complexity: one request per `omittedUnreadRequestCount` messages fetched (fewer when they
    ///   are large), nothing for states that left none out.
    func fetchingOmittedUnread(
        _ states: [ServerConversation], skippingHeld: Bool,
        completion: @escaping @Sendable (Result<[ServerConversation], IMError>) -> Void
    ) {
        guard let index = states.firstIndex(where: { ($0.omittedUnreadCount ?? 0) > 0 }) else {
            completion(.success(states))
            return
        }
        let held = skippingHeld ? read { $0.conversation(states[index].id)?.lastSeq ?? 0 } : 0
        fetchOlderUnread(of: states[index], above: max(states[index].readSeq, held), fetched: []) { [self] result in
            switch result {
            case .success(let whole):
                var next = states
                next[index] = whole
                fetchingOmittedUnread(next, skippingHeld: skippingHeld, completion: completion)
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    /// Pages back through the history of `state` from its oldest unread message carried down to
    /// sequence `floor` (its read cursor, or the newest message this device holds); `fetched` holds
    /// what earlier pages brought, oldest first. The state it completes with carries every message
    /// above `floor` the history holds (those that do not count as unread too: the store tells, as
    /// for a push).
    private func fetchOlderUnread(
        of state: ServerConversation, above floor: UInt64, fetched: [Message],
        completion: @escaping @Sendable (Result<ServerConversation, IMError>) -> Void
    ) {
        let before = (fetched.first ?? state.unreadMessages.first)?.seq ?? state.lastSeq + 1
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
        perform(.history(state.id, beforeSeq: before, count: Self.omittedUnreadRequestCount)) { [self] result in
            switch result {
            case .success(.messages(let page)):
                // Newest first: what is above the floor, oldest first, goes before what came already.
                let above = page.filter { $0.seq > floor && $0.seq < before }
                let all = above.reversed() + fetched
                if page.isEmpty || page.contains(where: { $0.seq <= floor }) {
                    done(all)
                } else {
                    fetchOlderUnread(of: state, above: floor, fetched: all, completion: completion)
                }
            case .success:
                completion(.failure(IMError(.networkFailure, "unexpected answer to a history request")))
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }
}
