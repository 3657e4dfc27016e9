import Foundation

/// The administrative API of a server that speaks the wire protocol (`imsdk serve`), from another
/// process: what `IMReferenceServer`'s administrative methods do in process, over a socket, for a
/// UI test, a CI job or a tool that seeds data.
///
/// The client opens one administrator's connection on its first call (the hello, then the proof
/// of the secret key: `AdministratorProof`) and keeps it for the calls that follow; when it breaks
/// (a server restart), the next call opens another. Calls may run concurrently; the server answers
/// them in the order they arrive.
///
/// Errors: a call fails with the server's error and its vendor code (`unknownUser` 20003,
/// `unknownGroup` 10010, `invalidParameters` 6017, ...), exactly as the in-process method throws
/// it; with `networkFailure` (9520) when the server cannot be reached, does not answer within
/// `timeout`, or the connection breaks before the answer (the call may or may not have been carried
/// out then); with the server's refusal when it does not take the proof.
/// - Thread safety: thread-safe. Each call costs one round trip (plus the handshake on the first).
public final class IMAdminClient: Sendable {
    /// The server's host name or address.
    public let host: String
    /// The server's port.
    public let port: UInt16
    /// Seconds a connection attempt, or one call, may take before it fails with `networkFailure`.
    public let timeout: Double
    /// Quiet seconds before the connection pings the server.
    public let keepAlive: Double
    private let secretKey: String?
    private let current = Locked<AdminConnection?>(nil)

    /// A client of the server at `host`:`port`; nothing is opened before the first call.
    ///
    /// - Parameters:
    ///   - host: the server's host name or address (the loopback address by default).
    ///   - port: the server's port.
    ///   - secretKey: the app's secret key, which the server checks (nil: a server without one,
    ///     on the loopback address).
    ///   - timeout: seconds a connection attempt or a call may take.
    ///   - keepAlive: quiet seconds before a ping, which keeps the connection open between calls;
    ///     keep it below the server's idle timeout (`imsdk serve --idle-timeout`, 120 seconds by
    ///     default), or a call made just as the server closes the idle connection fails with
    ///     `networkFailure`.
    public init(
        host: String = "127.0.0.1", port: UInt16, secretKey: String? = nil, timeout: Double = 30, keepAlive: Double = 20
    ) {
        self.host = host
        self.port = port
        self.secretKey = secretKey
        self.timeout = timeout
        self.keepAlive = keepAlive
    }

    deinit {
        current.withLock { $0 }?.close()
    }

    /// Whether the client holds a connection it has not seen close (open or opening).
    package var hasConnection: Bool {
        current.withLock { $0.map { !$0.isClosed } ?? false }
    }

    /// Closes the connection; calls waiting on it fail with `networkFailure`. A later call opens a
    /// new one.
    public func close() {
        current.withLock { current in
            defer { current = nil }
            return current
        }?.close()
    }

    /// Registers a user, or updates a registered user's profile (`IMReferenceServer.registerUser`).
    public func registerUser(_ userID: String, nickname: String? = nil, faceURL: String? = nil) async throws(IMError) {
        try expectOK(await call(.registerUser(userID, nickname: nickname, faceURL: faceURL)))
    }

    /// Sets `owner`'s remark for `friend`; an empty remark clears it
    /// (`IMReferenceServer.setFriendRemark`).
    public func setFriendRemark(owner: String, friend: String, remark: String) async throws(IMError) {
        try expectOK(await call(.setFriendRemark(owner: owner, friend: friend, remark: remark)))
    }

    /// Creates a group of registered users, or replaces an existing group's profile and members
    /// (`IMReferenceServer.createGroup`).
    ///
    /// - Parameter groupType: "Work", "Public", "Meeting", "AVChatRoom" (chat rooms keep no unread count).
    public func createGroup(
        _ groupID: String, name: String? = nil, faceURL: String? = nil, groupType: String = "Work",
        members: [String]
    ) async throws(IMError) {
        try expectOK(await call(.createGroup(groupID, name: name, faceURL: faceURL, groupType: groupType, members: members)))
    }

    /// Sends a text message from `from` to user `toUser`.
    ///
    /// - Returns: the message's sequence in the pair's conversation.
    @discardableResult
    public func sendText(_ text: String, from: String, toUser: String) async throws(IMError) -> UInt64 {
        try await send(OutgoingMessage(id: "", receiver: .user(toUser), content: .text(text)), from: from).seq
    }

    /// Sends a text message from member `from` to group `toGroup`, optionally @-mentioning users or all.
    ///
    /// - Returns: the message's sequence in the group.
    @discardableResult
    public func sendText(
        _ text: String, from: String, toGroup: String, atUserIDs: [String] = [], atAll: Bool = false
    ) async throws(IMError) -> UInt64 {
        let outgoing = OutgoingMessage(id: "", receiver: .group(toGroup), content: .text(text), atUserIDs: atUserIDs, atAll: atAll)
        return try await send(outgoing, from: from).seq
    }

    /// Sends any message as `from`, as if from a device that is not connected
    /// (`IMReferenceServer.send`). An empty `message.id` gets a server-made one.
    ///
    /// - Returns: the stored message, with its sequence and server timestamp.
    @discardableResult
    public func send(_ message: OutgoingMessage, from: String) async throws(IMError) -> Message {
        guard case .message(let sent) = try await call(.send(message, from: from)) else { throw unexpected("send") }
        return sent
    }

    /// Ends `userID`'s connections on `platform` (every platform: nil); each device gets
    /// `kickedOff` (6208).
    ///
    /// - Returns: how many connections were ended.
    @discardableResult
    public func kickOffline(userID: String, platform: IMPlatform? = nil) async throws(IMError) -> Int {
        guard case .count(let count) = try await call(.kickOffline(userID: userID, platform: platform)) else {
            throw unexpected("kickOffline")
        }
        return count
    }

    /// Expires the signatures `userID` logged in with so far: open connections end with
    /// `userSigExpired` (6206), and so do later logins with those signatures.
    public func expireUserSig(userID: String) async throws(IMError) {
        try expectOK(await call(.expireUserSig(userID: userID)))
    }

    /// Every conversation of `userID` as the server holds it, ordered by ID.
    ///
    /// - Complexity: one round trip carrying every conversation and its unread messages.
    public func conversations(of userID: String) async throws(IMError) -> [ServerConversation] {
        guard case .conversations(let conversations) = try await call(.conversations(of: userID)) else {
            throw unexpected("conversations")
        }
        return conversations
    }

    /// The user's current version (the number of their cloud state's latest change).
    public func version(of userID: String) async throws(IMError) -> UInt64 {
        guard case .version(let version) = try await call(.version(of: userID)) else { throw unexpected("version") }
        return version
    }

    /// Revokes message `seq` that `from` sent to user `toUser`, as `from`'s device would.
    ///
    /// - Returns: the message, revoked.
    /// - Throws: as `IMReferenceServer.revokeMessage(seq:from:toUser:)`: `invalidParameters` (6017)
    ///   for a message `from` did not send, `revokeTimeLimitExceeded` (20016) past the limit.
    @discardableResult
    public func revokeMessage(seq: UInt64, from: String, toUser: String) async throws(IMError) -> Message {
        try await revoke(seq: seq, from: from, in: .c2c(toUser))
    }

    /// Revokes message `seq` that member `from` sent to group `toGroup`, as `from`'s device would.
    ///
    /// - Returns: the message, revoked.
    /// - Throws: as `IMReferenceServer.revokeMessage(seq:from:toGroup:)`.
    @discardableResult
    public func revokeMessage(seq: UInt64, from: String, toGroup: String) async throws(IMError) -> Message {
        try await revoke(seq: seq, from: from, in: .group(toGroup))
    }

    /// `reader` reads their C2C conversation with `peer` up to `seq` (everything by default), as
    /// `reader`'s device would; `peer`'s devices get a read receipt.
    ///
    /// - Returns: `reader`'s read cursor after it.
    @discardableResult
    public func markC2CRead(reader: String, peer: String, upTo seq: UInt64 = .max) async throws(IMError) -> UInt64 {
        guard case .version(let cursor) = try await call(.markC2CRead(reader: reader, peer: peer, upTo: seq)) else {
            throw unexpected("markC2CRead")
        }
        return cursor
    }

    /// The server's epoch: the identity of its state, which a restart with the same data keeps.
    public func epoch() async throws(IMError) -> String {
        guard case .epoch(let epoch) = try await call(.epoch) else { throw unexpected("epoch") }
        return epoch
    }

    // MARK: - Calls

    /// Sends `request` on the open connection (opening one when there is none) and returns the
    /// server's answer.
    ///
    /// A connection found closed before the request went out (the server closed it while idle, or
    /// restarted) is replaced by a new one; the request is never sent twice.
    public func call(_ request: IMAdminRequest) async throws(IMError) -> IMAdminResponse {
        while true {
            let connection = current.withLock { current -> AdminConnection in
                if let open = current, !open.isClosed { return open }
                let made = AdminConnection(host: host, port: port, secretKey: secretKey, timeout: timeout, keepAlive: keepAlive)
                made.open()
                current = made
                return made
            }
            let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<IMAdminResponse, IMError>?, Never>) in
                if !connection.send(request, completion: { continuation.resume(returning: $0) }) {
                    continuation.resume(returning: nil)
                }
            }
            if let result { return try result.get() }
            // Closed before the request went out: a new connection fails the way this one did
            // before its welcome, or takes the request.
            if let failure = connection.failureBeforeWelcome { throw failure }
        }
    }

    private func revoke(seq: UInt64, from: String, in id: ConversationID) async throws(IMError) -> Message {
        guard case .message(let revoked) = try await call(.revokeMessage(seq: seq, from: from, in: id)) else {
            throw unexpected("revokeMessage")
        }
        return revoked
    }

    private func expectOK(_ response: IMAdminResponse) throws(IMError) {
        guard case .ok = response else { throw unexpected("the call") }
    }

    private func unexpected(_ call: String) -> IMError {
        IMError(.networkFailure, "the server answered \(call) with something else")
    }
}
