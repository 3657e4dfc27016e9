import IMTransportKit

/// The administrative forms of the message operations a user makes from a device: tests and tools
/// revoke a peer's message or make a peer read without a second SDK.
///
/// Each is the request a device of that user would send, journaled as such (`ServerOperation.request`),
/// so it behaves, and is replayed, exactly like it; pushes it causes run later on the queues of the
/// connections concerned. Each throws what the request answers and changes nothing then.
extension IMReferenceServer {
    /// Revokes message `seq` that `from` sent to user `toUser` (a C2C message), as `from`'s device
    /// would: within 2 minutes of sending, by the server's clock.
    ///
    /// Every device of both users gets `.messageRevoked`.
    /// - Returns: the message, revoked.
    /// - Throws: `unknownUser` (20003) for an unregistered user, `invalidParameters` (6017) when the
    ///   pair has no message `seq` or `from` did not send it, `revokeTimeLimitExceeded` (20016) past
    ///   the time limit.
    @discardableResult
    public func revokeMessage(seq: UInt64, from: String, toUser: String) throws(IMError) -> Message {
        try revoke(seq: seq, in: .c2c(toUser), by: from)
    }

    /// Revokes message `seq` that member `from` sent to group `toGroup`, as `from`'s device would.
    ///
    /// Every device of every member who has the group's conversation gets `.messageRevoked`.
    /// - Returns: the message, revoked.
    /// - Throws: `unknownGroup` (10010), `notGroupMember` (10007) when `from` is not a member or did
    ///   not send it, `groupRevokeMessageNotFound` (10030), `groupRevokeTimeLimitExceeded` (10031).
    @discardableResult
    public func revokeMessage(seq: UInt64, from: String, toGroup: String) throws(IMError) -> Message {
        try revoke(seq: seq, in: .group(toGroup), by: from)
    }

    /// `reader` reads their C2C conversation with `peer` up to sequence `seq` (everything by default),
    /// as `reader`'s device would (`markC2CMessage(asRead:)`): `reader`'s devices get the moved
    /// cursor, and `peer`'s devices a read receipt when the read passes what they knew.
    ///
    /// - Returns: `reader`'s read cursor after it.
    /// - Throws: `unknownUser` (20003), `invalidConversation` (6004) when `reader` has no conversation
    ///   with `peer`.
    @discardableResult
    public func markC2CRead(reader: String, peer: String, upTo seq: UInt64 = .max) throws(IMError) -> UInt64 {
        try checkUser(peer)
        guard case .readSeq(let cursor) = try perform(.request(.markRead(.c2c(peer), upTo: seq), from: reader, at: 0)) else {
            preconditionFailure("a read answers with the cursor")
        }
        return cursor
    }

    /// Changes the text of message `seq` of the C2C conversation of `from` with `toUser` (anyone's
    /// message of it), as `from`'s device would (`modifyMessage`): every device of both users gets
    /// `.messageModified`. Its `cloudCustomData` stays.
    /// - Returns: the message, changed.
    /// - Throws: `unknownUser` (20003); `invalidParameters` (6017) for a missing or revoked message,
    ///   or one that is not text.
    @discardableResult
    public func modifyMessage(seq: UInt64, from: String, toUser: String, text: String) throws(IMError) -> Message {
        try modify(seq: seq, in: .c2c(toUser), by: from, text: text)
    }

    /// Changes the text of message `seq` of group `toGroup`, as member `from`'s device would.
    /// - Returns: the message, changed.
    /// - Throws: `unknownGroup` (10010), `notGroupMember` (10007), and as
    ///   `modifyMessage(seq:from:toUser:text:)`.
    @discardableResult
    public func modifyMessage(seq: UInt64, from: String, toGroup: String, text: String) throws(IMError) -> Message {
        try modify(seq: seq, in: .group(toGroup), by: from, text: text)
    }

    private func modify(seq: UInt64, in id: ConversationID, by userID: String, text: String) throws(IMError) -> Message {
        let current = try withState { state, _ throws(IMError) -> Message? in
            try state.checkUser(userID)
            try state.checkPeer(of: id)
            return state.logs[state.logKey(of: id, seenBy: userID)]?.message(seq: seq)
        }
        guard let current else { throw IMError(.invalidParameters, "no message \(seq) in \(id)") }
        let edit = MessageEdit(content: .text(text), cloudCustomData: current.cloudCustomData)
        guard case .message(let modified) = try perform(
            .request(.modifyMessage(id, seq: seq, messageID: current.id, expected: MessageEdit(of: current), edit: edit),
                     from: userID, at: 0))
        else { preconditionFailure("a change answers with its message") }
        return modified
    }

    private func revoke(seq: UInt64, in id: ConversationID, by userID: String) throws(IMError) -> Message {
        let messageID = try withState { state, _ throws(IMError) -> String in
            try state.checkUser(userID)
            try state.checkPeer(of: id)
            return state.logs[state.logKey(of: id, seenBy: userID)]?.message(seq: seq)?.id ?? ""
        }
        guard case .message(let revoked) = try perform(
            .request(.revokeMessage(id, seq: seq, messageID: messageID), from: userID, at: 0))
        else { preconditionFailure("a revoke answers with its message") }
        return revoked
    }

    private func checkUser(_ userID: String) throws(IMError) {
        try withState { state, _ throws(IMError) in try state.checkUser(userID) }
    }
}
