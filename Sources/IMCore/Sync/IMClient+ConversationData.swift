import Foundation
import IMTransportKit

/// Marks, custom data and conversation groups: kept by the server and roaming to every device of
/// the user. Each operation asks the server, which pushes the change to every device (this one
/// too); the answer's batch applies it here only when that push has not been applied yet (it was
/// lost: the store's version is behind the answer's), so a later change from another device that
/// came first is never undone.
extension IMClient {
    /// Sets (`enable`) or clears `marks` on conversations; each gets its own result: 6004
    /// (`invalidConversation`) for one this store lacks (no request is sent for it), else the
    /// server's (51008 past the 1,000 conversations with marks or custom data).
    /// - Parameter completion: on the callback queue, after the batch's event; fails as a whole
    ///   with the request's error (9520 when not connected, 6022 when the change could not be stored).
    package func setMarks(
        _ ids: [ConversationID], _ marks: ConversationMarks, enable: Bool,
        completion: @escaping @Sendable (Result<[Result<Void, IMError>], IMError>) -> Void
    ) {
        changeExisting(ids, request: { .setMarks($0, marks: marks.rawValue, enable: enable) }, apply: { store, id in
            try? store.setMarks(id, marks, enable: enable)
        }, completion: completion)
    }

    /// Sets (nil: clears) the custom data of conversations; results as `setMarks`.
    package func setCustomData(
        _ ids: [ConversationID], _ data: Data?,
        completion: @escaping @Sendable (Result<[Result<Void, IMError>], IMError>) -> Void
    ) {
        changeExisting(ids, request: { .setCustomData($0, data) }, apply: { store, id in
            try? store.setCustomData(id, data)
        }, completion: completion)
    }

    /// Creates conversation group `name` with the conversations `ids` this store has (6004 for the
    /// others, which are not sent); the server's errors for the group (50002 a group of that name
    /// exists, 51010 a 21st group, 51011 a bad name) fail the call.
    package func createConversationGroup(
        _ name: String, _ ids: [ConversationID],
        completion: @escaping @Sendable (Result<[Result<Void, IMError>], IMError>) -> Void
    ) {
        let known = read { store in ids.map { store.conversation($0) != nil } }
        let requested = zip(ids, known).filter(\.1).map(\.0)
        changeConversationGroup(.createConversationGroup(name, requested), asked: ids, sent: known, completion: completion)
    }

    /// Adds the conversations `ids` this store has to group `name` (6004 for the others); 51009
    /// when the server has no such group.
    package func addToConversationGroup(
        _ name: String, _ ids: [ConversationID],
        completion: @escaping @Sendable (Result<[Result<Void, IMError>], IMError>) -> Void
    ) {
        let known = read { store in ids.map { store.conversation($0) != nil } }
        let requested = zip(ids, known).filter(\.1).map(\.0)
        // Sent even when empty: the server says whether the group exists (51009).
        changeConversationGroup(.addToConversationGroup(name, requested), asked: ids, sent: known, completion: completion)
    }

    /// Removes `ids` from group `name`, whether this store has them or not (a deleted conversation
    /// stays in its groups).
    package func removeFromConversationGroup(
        _ name: String, _ ids: [ConversationID],
        completion: @escaping @Sendable (Result<[Result<Void, IMError>], IMError>) -> Void
    ) {
        changeConversationGroup(
            .removeFromConversationGroup(name, ids), asked: ids, sent: ids.map { _ in true }, completion: completion)
    }

    /// Deletes group `name` (51009 when the server has none).
    package func deleteConversationGroup(_ name: String, completion: @escaping @Sendable (Result<Void, IMError>) -> Void) {
        changeConversationGroup(.deleteConversationGroup(name), asked: [], sent: []) { completion($0.map { _ in }) }
    }

    /// Renames group `name` to `newName` (51009 when the server has no `name`; 50002 when it has a
    /// `newName`).
    package func renameConversationGroup(
        _ name: String, to newName: String, completion: @escaping @Sendable (Result<Void, IMError>) -> Void
    ) {
        changeConversationGroup(.renameConversationGroup(name, to: newName), asked: [], sent: []) {
            completion($0.map { _ in })
        }
    }

    // MARK: - Helpers

    private static func unknown(_ id: ConversationID) -> IMError {
        IMError(.invalidConversation, "conversation \(id) does not exist")
    }

    private static func unexpectedAnswer() -> IMError {
        IMError(.networkFailure, "unexpected answer from the server")
    }

    /// Sends `request` for those of `ids` this store has and applies each success with `apply`
    /// unless the store has the change already; 6004 for the others.
    private func changeExisting(
        _ ids: [ConversationID], request: ([ConversationID]) -> IMRequest,
        apply: @escaping @Sendable (inout ConversationStore, ConversationID) -> Void,
        completion: @escaping @Sendable (Result<[Result<Void, IMError>], IMError>) -> Void
    ) {
        let known = read { store in ids.map { store.conversation($0) != nil } }
        let requested = zip(ids, known).filter(\.1).map(\.0)
        guard !requested.isEmpty else {
            deliver { completion(.success(ids.map { .failure(Self.unknown($0)) })) }
            return
        }
        execute([request(requested)], apply: { store, results throws(IMError) in
            guard case .results(let answers, let version) = try results[0].get(), answers.count == requested.count else {
                throw Self.unexpectedAnswer()
            }
            let isBehind = store.syncVersion < version
            let outcomes = Self.outcomes(ids, sent: known, answers: answers)
            if isBehind {
                for (id, outcome) in zip(ids, outcomes) where (try? outcome.get()) != nil { apply(&store, id) }
            }
            return outcomes
        }, completion: completion)
    }

    /// Sends a request that changes one conversation group and applies the group the server
    /// answers with, unless the store has that change already.
    /// - Parameters:
    ///   - asked: the conversations the caller named, each with its result.
    ///   - sent: for each of `asked`, whether the request carries it (6004 for the others).
    private func changeConversationGroup(
        _ request: IMRequest, asked: [ConversationID], sent: [Bool],
        completion: @escaping @Sendable (Result<[Result<Void, IMError>], IMError>) -> Void
    ) {
        execute([request], apply: { store, results throws(IMError) in
            guard case .conversationGroup(let id, let group, let answers, let version) = try results[0].get(),
                  answers.count == sent.filter({ $0 }).count else {
                throw Self.unexpectedAnswer()
            }
            if store.syncVersion < version { store.applyConversationGroup(id, group) }
            return Self.outcomes(asked, sent: sent, answers: answers)
        }, completion: completion)
    }

    /// One outcome per asked conversation: 6004 for one not sent, else the server's answer for it.
    private static func outcomes(
        _ asked: [ConversationID], sent: [Bool], answers: [IMError?]
    ) -> [Result<Void, IMError>] {
        var remaining = answers.makeIterator()
        return zip(asked, sent).map { id, wasSent in
            guard wasSent else { return .failure(unknown(id)) }
            return remaining.next().flatMap { $0 }.map { .failure($0) } ?? .success(())
        }
    }
}
