import Foundation
import IMTransportKit

/// An in-process server with the vendor's cloud semantics: the embedded default `IMTransport`.
///
/// It keeps users, friend remarks, groups, per-conversation message logs and, per user, each
/// conversation's last message, read cursor, unread messages, pin state and receive option. Clients
/// reach it through `connect(_:sink:completion:)`; tests and tools drive it directly through the
/// administrative API (`registerUser`, `createGroup`, `sendText`, `kickOffline`, ...). Its
/// `loginPolicy` decides which logins of one user stay online together; with a `userSigKey` it
/// accepts only logins whose UserSig that key signed, and ends them when the UserSig expires.
///
/// A server lives in memory (`init(clock:loginPolicy:)`, `shared`) or keeps its state in a SQLite
/// journal (`init(persistingAt:...)`, `embedded(appID:directory:)`). Each state has an epoch
/// (`epoch`, handed to every connection): a new server, or one after `reset()`, has a new one.
///
/// - Thread safety: thread-safe. All mutable state is one `ServerState` value in a `Locked` box,
///   whose lock is never held while client code runs. Every completion and push runs asynchronously
///   on the serial queue of its connection, in the order the server produced them for that
///   connection: an operation hands its deliveries to the queues before it releases the lock. A slow
///   sink delays only its own connection's answers and pushes, never another connection's. The
///   clock is called under the lock, once per message sent and once per sync request (with a
///   `userSigKey`, also once per login and once per request of a signed login), and must not call
///   back into the server.
public final class IMReferenceServer: IMTransport, Sendable {
    /// The process-wide in-memory server an SDK uses when its configuration names no transport and
    /// keeps its store in memory (with the store on disk: `embedded(appID:directory:)`).
    public static let shared = IMReferenceServer()

    /// All mutable state, behind one lock.
    private let state: Locked<ServerState>
    /// The server time in seconds.
    let clock: @Sendable () -> UInt64
    /// Where a persisted server keeps its operations; nil in memory. Used under the state lock only.
    private let journal: ServerJournal?
    /// Where a persisted server reports a journal it can no longer write.
    private let logger: IMLogger
    /// What logins must be signed with (`userSigKey`); configuration, not state: never journaled,
    /// kept by `reset()`.
    let signing = Locked<UserSigKey?>(nil)

    /// Creates an empty server, in memory.
    ///
    /// - Parameters:
    ///   - clock: the server time in seconds, used as message timestamps.
    ///   - loginPolicy: which logins of one user stay online together (the vendor's by default).
    public init(
        clock: @escaping @Sendable () -> UInt64 = { UInt64(Date().timeIntervalSince1970) },
        loginPolicy: LoginPolicy = .vendorDefault
    ) {
        self.clock = clock
        self.state = Locked(ServerState(loginPolicy: loginPolicy))
        self.journal = nil
        self.logger = .silent
    }

    /// Opens a server that keeps its state in the SQLite file at `path` (created, with its
    /// directory, when missing): it starts as it was when the last process using the file ended,
    /// under the same epoch, so devices resume incrementally; a new file starts empty, under a new
    /// epoch. Every change is written before anything it produced reaches a device.
    ///
    /// One process at a time may open a file: another one fails with `ioOperationFailed` (6022),
    /// saying so. Opening loads the file's snapshot and replays the changes after it (O(state +
    /// changes the last process made)), then folds them into a new snapshot.
    /// - Throws: `ioOperationFailed` (6022) when the file is in use by another process or cannot be
    ///   created or written; `databaseFailure` (6019) when it is not a server's file.
    package init(
        persistingAt path: String,
        clock: @escaping @Sendable () -> UInt64 = { UInt64(Date().timeIntervalSince1970) },
        loginPolicy: LoginPolicy = .vendorDefault, logger: IMLogger = .standardError(minimumLevel: .warning)
    ) throws(IMError) {
        let journal = try ServerJournal(path: path)
        var state: ServerState
        if let epoch = try journal.storedEpoch() {
            let (snapshot, operations) = try journal.contents()
            state = snapshot.map { ServerState($0, loginPolicy: loginPolicy) } ?? ServerState(loginPolicy: loginPolicy, epoch: epoch)
            state.epoch = epoch
            var discarded = Outbox()
            for (index, operation) in operations.enumerated() {
                do throws(IMError) {
                    _ = try state.apply(operation, clock: { operation.time }, outbox: &discarded)
                } catch {
                    // It applied once; it applies again unless the file was edited by hand.
                    logger.log(.warning, "the embedded server's change \(index + 1) in \(path) no longer applies: \(error)")
                }
            }
            if !operations.isEmpty {
                do throws(IMError) {
                    try journal.compact(into: state.snapshot)
                } catch {
                    // The file is still complete (snapshot and operations); the next open tries again.
                    logger.log(.warning, "the embedded server's data at \(path) could not be compacted: \(error)")
                }
            }
        } else {
            state = ServerState(loginPolicy: loginPolicy)
            try journal.setEpoch(state.epoch)
        }
        self.clock = clock
        self.state = Locked(state)
        self.journal = journal
        self.logger = logger
    }

    /// The epoch of the server's current state (`IMConnection.serverEpoch`): new with every server
    /// and after every `reset()`.
    public var epoch: String { withState { state, _ in state.epoch } }

    /// Which logins of one user stay online together; a change applies to later logins.
    public var loginPolicy: LoginPolicy {
        get { withState { state, _ in state.loginPolicy } }
        set { withState { state, _ in state.loginPolicy = newValue } }
    }

    /// How many changes (delivered messages, other conversation changes, tombstones) one page of an
    /// incremental sync covers at most (at least 1); 5,000 unless set. A change applies to later syncs.
    public var syncPageLimit: Int {
        get { withState { state, _ in state.syncPageLimit } }
        set { withState { state, _ in state.syncPageLimit = max(1, newValue) } }
    }

    /// About how many bytes of messages (bodies, IDs, senders, and a fixed share of each message's
    /// other fields) one page of an incremental sync carries at most; 4 MiB unless set. A page
    /// ends before the message (or the state of a conversation, with its last message) that would
    /// pass it, but always covers at least one change. The unread messages of the conversations
    /// an answer lists (a sync page, the cloud list, a `.conversations` answer) share another
    /// budget of this size (the newest kept, the rest counted in `omittedUnreadCount`, which the
    /// SDK fetches through the history), and a history answer keeps within it too. So every
    /// answer stays well inside a socket frame (32 MiB) whatever the messages weigh. A change
    /// applies to later syncs.
    public var syncPageByteBudget: Int {
        get { withState { state, _ in state.syncPageByteBudget } }
        set { withState { state, _ in state.syncPageByteBudget = max(0, newValue) } }
    }

    /// How many of the most recently active conversations a device starting from nothing gets (the
    /// cloud list; pinned ones come besides); 100 unless set, as the vendor documents. Tests set
    /// it lower to have more conversations than the cloud list cheaply. Applies to later syncs.
    public var cloudListLimit: Int {
        get { withState { state, _ in state.cloudListLimit } }
        set { withState { state, _ in state.cloudListLimit = max(0, newValue) } }
    }

    /// Seconds after sending within which a message may be revoked: 120 unless set, as the vendor
    /// documents. Tests whose clock runs faster than time set it higher. Applies to later revokes.
    public var revokeTimeLimit: UInt64 {
        get { withState { state, _ in state.revokeTimeLimit } }
        set { withState { state, _ in state.revokeTimeLimit = newValue } }
    }

    /// Whether deleting a conversation on one device deletes it on the user's other devices (a
    /// push, and a tombstone for incremental syncs). Off unless set, as the vendor ships its
    /// console switch ("deletion is not synced across clients"): the deleting device deletes it,
    /// the cloud list no longer has it, other devices keep it until they delete it themselves.
    /// A change applies to later deletions.
    public var syncsConversationDeletion: Bool {
        get { withState { state, _ in state.syncsConversationDeletion } }
        set { withState { state, _ in state.syncsConversationDeletion = newValue } }
    }

    /// Opens a connection (one device) for a registered user; a user may have many, as the login
    /// policy allows.
    ///
    /// Fails with `invalidParameters` for an empty user ID, `unknownUser` for an unregistered one and
    /// `userSigExpired` for an empty `userSig` or one that `expireUserSig(userID:)` expired. With a
    /// `userSigKey`, the UserSig is verified first and a login with one that does not verify fails
    /// with the vendor's code (70001 expired, 70002 empty, 70003 unreadable, 70009 forged or
    /// signed with another key, 70013 made for another user, 70014 for another app; see
    /// `UserSig.verify`); the connection then ends when the UserSig expires. A login
    /// beyond the policy's connections per platform ends the user's oldest connection on
    /// `login.platform`: its sink gets `connectionLost` with `kickedOff` (6208) before this
    /// completion runs.
    /// - Thread safety: `completion` and the pushes to `sink` run on the new connection's serial
    ///   queue; the completion comes before any push for the new connection.
    public func connect(
        _ login: IMLoginInfo, sink: any IMPushSink,
        completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
    ) {
        let key = signing.withLock { $0 }
        withState { state, outbox in
            let verified = Result { () throws(IMError) in try verifiedUserSig(of: login, with: key) }
            let connection = ServerConnection(
                login: login, sink: sink, server: self, epoch: state.epoch, signedUntil: (try? verified.get())?.expiresAt)
            do throws(IMError) {
                _ = try verified.get()
                if try state.connect(connection, outbox: &outbox) {
                    record(.signIn(login.userID, userSig: login.userSig))
                }
                outbox.connected(connection, completion: completion)
            } catch {
                outbox.connectFailed(error, connection, completion: completion)
            }
        }
    }

    /// Drops all state (the login policy, the sync and cloud list limits, the deletion switch and
    /// the UserSig key stay) and closes every
    /// connection; after it returns, no old connection gets anything (not even `connectionLost`).
    /// The server takes a new epoch: a device whose store came from before the reset rebuilds it
    /// from the empty server when it next connects (see `IMConnection.serverEpoch`).
    public func reset() {
        let connections = withState { state, _ in
            let connections = state.allConnections
            let (pageLimit, pageBudget, cloudLimit, syncsDeletion) =
                (state.syncPageLimit, state.syncPageByteBudget, state.cloudListLimit, state.syncsConversationDeletion)
            state = ServerState(loginPolicy: state.loginPolicy)
            state.syncsConversationDeletion = syncsDeletion
            if let journal, let error = journal.reset(epoch: state.epoch) {
                logger.log(.error, "\(error); the embedded server's data at \(journal.path) no longer follows its state")
            }
            state.syncPageLimit = pageLimit
            state.syncPageByteBudget = pageBudget
            state.cloudListLimit = cloudLimit
            for connection in connections {
                connection.gate.markClosed()
            }
            return connections
        }
        for connection in connections {
            connection.gate.waitUntilIdle()
        }
    }

    /// Applies a request from `connection` and queues its response after the pushes it produced.
    func handle(
        _ request: IMRequest, from connection: ServerConnection,
        completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void
    ) {
        withState { state, outbox in
            let result: Result<IMResponse, IMError>
            if state.isOpen(connection) {
                if let expiry = userSigExpiry(of: connection) {
                    outbox.respond(.failure(expiry), on: connection, completion: completion)
                    state.end([connection], with: expiry, outbox: &outbox)
                    return
                }
                do throws(IMError) {
                    let userID = connection.userID
                    try Self.refuseOversizedBody(of: .request(request, from: userID, at: 0))
                    if request.changesState {
                        result = .success(try apply(.request(request, from: userID, at: 0), to: &state, &outbox))
                    } else {
                        let openedAt = state.users[userID]?.openedAt[ObjectIdentifier(connection)]
                        result = .success(try state.handle(request, from: userID, openedAt: openedAt, clock: clock, outbox: &outbox))
                    }
                } catch {
                    result = .failure(error)
                }
            } else {
                result = .failure(.connectionClosed)
            }
            outbox.respond(result, on: connection, completion: completion)
        }
    }

    /// Applies a change of the state, reading the clock at most once, and journals it with the
    /// time it read (a persisted server), under the lock.
    ///
    /// A message body over `MessageContent.maxBodyBytes` (12 KB), sent or changed, is refused here
    /// (80002), as the vendor's cloud refuses it, and not in `ServerState.apply`: a journal written
    /// before the limit still replays whole.
    func apply(_ operation: ServerOperation, to state: inout ServerState, _ outbox: inout Outbox) throws(IMError) -> IMResponse {
        try Self.refuseOversizedBody(of: operation)
        var time: UInt64 = 0
        let response = try state.apply(operation, clock: { time = clock(); return time }, outbox: &outbox)
        // An online message changes no lasting state: nothing to journal.
        if case .send(let outgoing, _, _) = operation, outgoing.onlineUserOnly { return response }
        record(operation.at(time))
        return response
    }

    /// Refuses a message body over `MessageContent.maxBodyBytes`, sent or changed (80002).
    private static func refuseOversizedBody(of operation: ServerOperation) throws(IMError) {
        let body: MessageContent? = switch operation {
        case .send(let outgoing, _, _), .request(.sendMessage(let outgoing), _, _): outgoing.content
        case .request(.modifyMessage(_, _, _, _, let edit), _, _): edit.content
        default: nil
        }
        if let bytes = body?.bodyBytes, bytes > MessageContent.maxBodyBytes {
            throw IMError(.serverMessageBodyTooLarge, "the message body is \(bytes) bytes; at most \(MessageContent.maxBodyBytes) are allowed")
        }
    }

    /// Applies `operation` under the lock, journals it and queues what it produced.
    func perform(_ operation: ServerOperation) throws(IMError) -> IMResponse {
        try withState { state, outbox throws(IMError) in
            try apply(operation, to: &state, &outbox)
        }
    }

    /// Journals `operation`, which applied (a persisted server); logs the first failure.
    private func record(_ operation: ServerOperation) {
        guard let journal, let error = journal.append(operation) else { return }
        logger.log(.error, "\(error); the embedded server's data at \(journal.path) no longer follows its state "
            + "(it goes on in memory; the next process starts it under a new epoch)")
    }

    /// Forgets `connection` and stops its deliveries (the caller waits for one in progress).
    func disconnect(_ connection: ServerConnection) {
        withState { state, _ in
            state.disconnect(connection)
            connection.gate.markClosed()
        }
    }

    /// Runs `body` on the state under the lock, then queues what it produced on the queues of the
    /// connections concerned, still under the lock so that each queue sees operations in the order
    /// they happened.
    func withState<T, E: Error>(_ body: (inout ServerState, inout Outbox) throws(E) -> T) throws(E) -> T {
        let result = state.withLock { state in
            var outbox = Outbox()
            let result = Result { () throws(E) in try body(&state, &outbox) }
            for (connection, deliveries) in outbox.byConnection() {
                connection.queue.async {
                    for delivery in deliveries {
                        delivery.run()
                    }
                }
            }
            return result
        }
        return try result.get()
    }
}
