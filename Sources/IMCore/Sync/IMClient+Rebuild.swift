import IMTransportKit

/// The rebuild of a session that stopped using its database (`IMClient.detachDatabase(_:)`):
/// its sync from 0 answers with the cloud list, and the conversations this device holds beyond it
/// are asked for by ID, so that the rebuild keeps them.
extension IMClient {
    /// How many conversations one request of the rebuild asks for.
    static let rebuildRequestSize = 500

    /// `conversations` (an answer to a sync after `since`), and, for the sync from 0 that rebuilds
    /// the store after it stopped using its database, the server's states of the other
    /// conversations held here (but the SYSTEM one), to `completion`: a conversation the server no
    /// longer has is not among them, and the rebuild keeps it as it is (deleted on another device,
    /// a deletion the server does not sync to this one). Any other sync gets `conversations` as
    /// they are, at once.
    /// - Complexity: one `.conversations` request per `rebuildRequestSize` conversations held
    ///   beyond the answer, one after the other.
    func addingHeldConversations(
        to conversations: [ServerConversation], since: UInt64,
        completion: @escaping @Sendable (Result<[ServerConversation], IMError>) -> Void
    ) {
        let missing = withState { state -> [ConversationID] in
            guard since == 0, state.rebuildsFromServer else { return [] }
            completeNow(&state)
            let listed = Set(conversations.map(\.id))
            return state.store.conversationIDs.filter { $0.kind != .system && !listed.contains($0) }
        }
        guard !missing.isEmpty else {
            completion(.success(conversations))
            return
        }
        logger.log(.info, "the rebuild asks for the \(missing.count) conversations held here beyond the cloud list")
        fetchStates(of: missing[...], collected: [conversations], completion: completion)
    }

    /// Asks for the states of `ids`, a request per `rebuildRequestSize`, then hands `collected`
    /// and them to `completion`, or the first error.
    private func fetchStates(
        of ids: ArraySlice<ConversationID>, collected: [[ServerConversation]],
        completion: @escaping @Sendable (Result<[ServerConversation], IMError>) -> Void
    ) {
        guard !ids.isEmpty else {
            completion(.success(Array(collected.joined())))
            return
        }
        let chunk = ids.prefix(Self.rebuildRequestSize)
        perform(.conversations(Array(chunk))) { [self] result in
            switch result {
            case .success(.conversations(let states)):
                fetchStates(of: ids.dropFirst(chunk.count), collected: collected + [states], completion: completion)
            case .success:
                completion(.failure(IMError(.networkFailure, "unexpected answer to a conversations request")))
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }
}
