import Foundation
import IMCore
import IMTransportKit

/// The legacy API's behaviour over the shared core: the one place that maps legacy calls to the
/// process-wide `IMSession` (the session `V2TIMManager.sharedInstance()` drives too) and its operations.
///
/// A login through either API is the login of both. The legacy facade calls only this type.
/// Conventions: methods that return an `Int32` status return 0 when the call was accepted and the
/// error code otherwise, in which case `fail` also hears of it; completions and events run on the
/// session's callback queue.
/// - Thread safety: thread-safe; state behind one lock, never held while calling out.
package final class LegacyBridge: Sendable {
    /// The bridge over the process-wide session.
    package static let shared = LegacyBridge(session: .shared)

    /// The session (internal for the bridge's extension files).
    let session: IMSession

    /// The user this bridge acts for: nil for the shared bridge (whoever is logged in, or whose
    /// local store is open); a user ID for a conversation handle's bridge (`owned(by:)`).
    package let owner: String?

    private struct State: Sendable {
        var userOptions: LegacyUserOptions?
        var logger: IMLogger = .silent
        var databaseDirectory: String?
        weak var sink: (any LegacyEventSink)?
        var observing = false
    }

    // Invariant: mutable state lives in `state` (one box, shared with the bridges `owned(by:)` makes).
    private let state: Locked<State>

    convenience init(session: IMSession) {
        self.init(session: session, owner: nil, state: Locked(State()))
    }

    private init(session: IMSession, owner: String?, state: Locked<State>) {
        self.session = session
        self.owner = owner
        self.state = state
    }

    /// This bridge, acting for `userID` only: what a legacy conversation handle taken as `userID`
    /// uses. While the session's store is another user's (after a logout and a login as someone
    /// else) it acts on nothing: reads find no store (0, nil, empty) and calls fail with 6014 as
    /// when logged out; once `userID` is logged in again it works again. User IDs compare by
    /// their bytes.
    package func owned(by userID: String) -> LegacyBridge {
        LegacyBridge(session: session, owner: userID, state: state)
    }

    // MARK: - Session

    /// Sets where legacy events go, and starts routing the session's events there (before the V2
    /// listeners hear of them).
    package func setEventSink(_ sink: any LegacyEventSink) {
        let install = state.withLock { state -> Bool in
            state.sink = sink
            defer { state.observing = true }
            return !state.observing
        }
        if install {
            session.addObserver(first: true) { [weak self] client, event in self?.route(event, from: client) }
            session.addUnInitObserver { [weak self] in self?.didUnInit() }
        }
    }

    /// Initialises the shared SDK (`initSdk`). Returns 0, or 1 when the app ID is not positive or
    /// another app ID is in use.
    package func initSDK(_ options: LegacySDKOptions) -> Int32 {
        guard session.initialize(appID: options.appID, IMSession.Options(
            transport: options.transport, callbackQueue: options.callbackQueue,
            storage: .disk(directory: options.databaseDirectory), logger: options.logger))
        else { return 1 }
        state.withLock { state in
            state.logger = options.logger
            state.databaseDirectory = options.databaseDirectory
        }
        applySessionOptions(currentUserOptions)
        return 0
    }

    /// Logs out and forgets the SDK's settings (`unInit`), as `unInitSDK` does.
    package func unInit() {
        session.unInitialize()
    }

    /// Forgets the legacy settings after an `unInitSDK` through either API.
    private func didUnInit() {
        let sink = state.withLock { state -> (any LegacyEventSink)? in
            state.userOptions = nil
            state.logger = .silent
            state.databaseDirectory = nil
            return state.sink
        }
        sink?.legacyDidUnInit()
    }

    private var currentUserOptions: LegacyUserOptions { state.withLock { $0.userOptions } ?? LegacyUserOptions() }

    /// Takes the user options for the next login (`setUserConfig`): 6013 before `initSdk`. Set
    /// during a session, they wait for the next login, and the log says so.
    package func setUserOptions(_ options: LegacyUserOptions) -> Int32 {
        guard session.isInitialized else { return IMError.Code.notInitialized.rawValue }
        let logger = state.withLock { state -> IMLogger in
            state.userOptions = options
            return state.logger
        }
        if session.hasClient {
            logger.log(.warning, "TIMUserConfig set while logged in: it takes effect at the next login "
                + "(disableAutoReport, disableStorage and the listeners must be set before login)")
        }
        applySessionOptions(options)
        return 0
    }

    /// Hands the session options that `options` decide to the shared session (for its next login).
    private func applySessionOptions(_ options: LegacyUserOptions) {
        let (logger, directory) = state.withLock { ($0.logger, $0.databaseDirectory) }
        session.configureNextLogin(
            readPolicy: options.readPolicy, logger: logger,
            storage: options.disableStorage ? .memory : .disk(directory: directory))
    }

    /// Logs in through the shared session, with the user options set so far (legacy defaults when
    /// none: auto report on).
    package func login(userID: String?, userSig: String?, completion: @escaping @Sendable (IMError?) -> Void) -> Int32 {
        guard session.isInitialized else {
            return fail(IMError(.notInitialized, "call initSdk before login"), completion)
        }
        guard let userID, !userID.isEmpty else {
            return fail(IMError(.invalidParameters, "TIMLoginParam.identifier is empty"), completion)
        }
        applySessionOptions(currentUserOptions)
        session.login(userID: userID, userSig: userSig ?? "") { completion($0.error) }
        return 0
    }

    /// Logs out the shared session.
    package func logout(completion: @escaping @Sendable (IMError?) -> Void) -> Int32 {
        guard session.isInitialized else {
            return fail(IMError(.notInitialized, "call initSdk before logout"), completion)
        }
        session.logout { completion($0.error) }
        return 0
    }

    /// The logged-in user, or nil.
    package var loginUser: String? { session.loginUser }

    /// The legacy login status: LOGINED 1, LOGINING 2, LOGOUT 3 (the V2 values are the same).
    package var loginStatus: Int { session.status.rawValue }

    // MARK: - Conversations

    /// The logged-in client, if any (and if it is the owner's): what calls that need the server use.
    var client: IMClient? { session.loggedInClient().client.flatMap(ownersClient) }

    /// The client whose store local calls read and change: the logged-in one, or the one
    /// `initStorage` opened without a login (see `IMSession.localClient()`); nil when it is not
    /// the owner's.
    var localClient: IMClient? { session.localClient().client.flatMap(ownersClient) }

    private func ownersClient(_ client: IMClient) -> IMClient? {
        guard let owner else { return client }
        return client.userID.isSameID(as: owner) ? client : nil
    }

    /// What a call that needs a session gets without one (or without its owner's): 6013 before
    /// `initSdk`, else 6014.
    var noSession: IMError {
        guard session.isInitialized else { return IMError(.notInitialized, "call initSdk first") }
        guard let owner else { return IMError(.notLoggedIn, "log in first") }
        return IMError(.notLoggedIn, "this conversation handle belongs to \(owner), who is not logged in")
    }

    /// The identity of `(type, receiver)` when logged in (or the local store is open) and valid,
    /// else nil (`getConversation`).
    package func conversationID(type: Int, receiver: String?) -> ConversationID? {
        guard localClient != nil else { return nil }
        return LegacyIDs.conversationID(type: type, receiver: receiver)
    }

    /// Every conversation, SYSTEM included, in list order (`getConversationList`): the legacy API
    /// has no hide mark, so hidden ones are listed too (`Conversation.isListed(includingHidden:)`
    /// with true; MIGRATION.md). Empty when logged out (and no local store is open).
    /// - Complexity: O(n).
    package func conversations() -> [Conversation] {
        localClient?.allConversations() ?? []
    }

    /// The number of conversations (`conversationCount`).
    package func conversationCount() -> Int32 {
        Int32(clamping: localClient?.read { $0.count } ?? 0)
    }

    /// What the legacy API shows of `id` now, or nil when it does not exist (or no store is open).
    package func state(of id: ConversationID) -> LegacyConversationState? {
        localClient?.read { $0.conversation(id) }.map(LegacyConversationState.init)
    }

    /// The logged-in user (or the user whose local store is open), for messages' `isSelf`.
    package var selfUserID: String? { localClient?.userID }

    /// Whether the message `message` of `id` is read by me, from the conversation's cursor now.
    package func isRead(_ message: Message, in id: ConversationID) -> Bool {
        guard let client = localClient else { return false }
        let readSeq = client.read { $0.conversation(id)?.readSeq } ?? 0
        return message.isRead(by: client.userID, readSeq: readSeq)
    }

    /// Marks `id` read up to `seq` (nil: everything) (`setReadMessage`): 6013 before `initSdk`,
    /// 6014 when logged out, 6004 when the conversation does not exist.
    package func setRead(_ id: ConversationID, upTo seq: UInt64?, completion: @escaping @Sendable (IMError?) -> Void) -> Int32 {
        guard let client else { return fail(noSession, completion) }
        guard client.read({ $0.conversation(id) }) != nil else {
            return fail(IMError(.invalidConversation, "conversation \(id) does not exist"), completion)
        }
        client.markRead([(id, seq ?? .max)]) { completion($0.error) }
        return 0
    }

    /// Deletes `id` from the list at once (`deleteConversation` keeps its local messages,
    /// `deleteConversationAndMessages` does not); the server drops it from the user's list but keeps
    /// its cloud messages either way. Returns false when logged out, when it does not exist, or
    /// when the deletion could not be stored (it stands in memory; written once the disk recovers).
    package func delete(_ id: ConversationID, keepingMessages: Bool) -> Bool {
        guard let client, client.read({ $0.conversation(id) }) != nil else { return false }
        do throws(IMError) {
            let results = try client.deleteConversationsNow(
                [id], keepingLocalMessages: keepingMessages, clearingCloudMessages: false)
            return (try? results[0].get()) != nil
        } catch {
            return false
        }
    }

    /// Sets or clears the draft of `id` (`setDraft`), creating the conversation locally when needed
    /// (clearing creates nothing): 6013 before `initSdk`, 6014 when logged out, 6022 when the draft
    /// could not be stored (it stands in memory; written once the disk recovers).
    package func setDraft(_ id: ConversationID, text: String?) -> Int32 {
        guard let client else { return noSession.code.rawValue }
        do throws(IMError) {
            try client.saveDraft(id, text, creating: true)
            return 0
        } catch {
            return error.code.rawValue
        }
    }

    /// Sends `content` in `id` (`sendMessage`; `onlineOnly`: `sendOnlineMessage`, an online message
    /// stored nowhere, see `IMClient.send`): `willSend` gets the message being sent before the request
    /// leaves; then the local fields the app set on the object before sending are stored with it.
    /// Returns 0, 6013 before `initSdk`, or 6014 when logged out.
    package func send(
        _ content: MessageContent, in id: ConversationID, onlineOnly: Bool, willSend: (Message) -> Void,
        completion: @escaping @Sendable (Result<Message, IMError>) -> Void
    ) -> Int32 {
        guard let client else {
            return fail(noSession) { completion(.failure($0!)) }
        }
        let receiver: MessageReceiver = id.kind == .group ? .group(id.target) : .user(id.target)
        let outgoing = client.outgoing(to: receiver, content: content, onlineUserOnly: onlineOnly)
        client.send(outgoing, willSend: { pending in
            willSend(pending)
            flushPendingLocalFields()
        }, completion: completion)
        return 0
    }

    /// Up to `count` messages of `id` older than `before` (nil: the newest), newest first
    /// (`getMessage`: the server's history, logged in only, this device's while the connection is
    /// down; `getLocalMessage`: this device's, also from a store `initStorage` opened, with imported
    /// messages placed by time). A read of the local database that fails fails the call: 6019, or
    /// 6022 for an I/O error (returned at once by `getLocalMessage`).
    package func messages(
        of id: ConversationID, count: Int32, before: Message?, local: Bool,
        completion: @escaping @Sendable (Result<[Message], IMError>) -> Void
    ) -> Int32 {
        guard let client = local ? localClient : client else {
            return fail(noSession) { completion(.failure($0!)) }
        }
        guard count > 0 else {
            return fail(IMError(.invalidParameters, "count must be greater than 0")) { completion(.failure($0!)) }
        }
        if local {
            let messages: [Message]
            do throws(IMError) {
                messages = try client.localHistory(id, before: before, count: Int(count))
            } catch {
                return fail(error) { completion(.failure($0!)) }
            }
            client.deliver { completion(.success(messages)) }
        } else {
            client.history(id, before: before, count: Int(count)) { completion($0.map(\.messages)) }
        }
        return 0
    }

    /// The app went to the background or came back (`doBackground` / `doForeground`). The vendor's
    /// server uses them to start and stop offline push, with the badge the app reports; this
    /// package has no push, so the call only checks the session: 6013 before `initSdk`, 6014 when
    /// logged out, else success on the callback queue. Messages keep arriving either way.
    package func noteAppState(completion: @escaping @Sendable (IMError?) -> Void) -> Int32 {
        guard let client else { return fail(noSession, completion) }
        client.deliver { completion(nil) }
        return 0
    }

    /// Reports `error` to `completion` on the callback queue and returns its code (what a legacy
    /// call that fails at once does: it returns the code and `fail` hears of it too).
    package func fail(_ error: IMError, _ completion: @escaping @Sendable (IMError?) -> Void) -> Int32 {
        session.report(error) { completion($0) }
        return error.code.rawValue
    }

    // MARK: - Events

    /// Turns one core event into legacy events (runs on the callback queue).
    private func route(_ event: ClientEvent, from client: IMClient) {
        guard let sink = state.withLock({ $0.sink }) else { return }
        switch event {
        case .syncFinished:
            sink.legacyRefresh()
        case .changes(let batch):
            if !batch.newMessages.isEmpty { sink.legacyNewMessages(batch.newMessages, selfUserID: client.userID) }
            if !batch.messageEvents.isEmpty { sink.legacyMessageEvents(batch.messageEvents, selfUserID: client.userID) }
            let refreshed = batch.added + batch.changed
            if !refreshed.isEmpty { sink.legacyRefresh(conversations: refreshed.map(\.id), selfUserID: client.userID) }
        case .connection(let connection):
            LegacyConnectionEvent.events(of: connection).forEach(sink.legacyConnection)
        case .onlineMessage(let message, _):
            sink.legacyNewMessages([message], selfUserID: client.userID)
        case .syncStarted, .syncFailed, .globalReceiveOption, .messageReadReceipts:
            break  // the legacy API has no listener for them
        }
    }
}

extension Result where Failure == IMError {
    /// The error, or nil on success.
    var error: IMError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
