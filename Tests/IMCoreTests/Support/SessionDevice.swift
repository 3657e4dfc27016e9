import Foundation
import IMCore
import IMTransportKit
import XCTest

/// One SDK instance (a device) driven through the core's session, recording, in order, every event
/// its observers get and the outcome of each login, with the session's status at each.
///
/// Events are recorded as short words: `connecting`, `reconnecting`, `connected`,
/// `connectFailed <code>`, `reconnectFailed <code>`, `disconnected <code>`, `kickedOffline`,
/// `userSigExpired`, `syncStarted`, `syncFinished`, `syncFailed`, `changes`, and the login
/// outcomes `login ok` and `login failed <code>`.
/// - Thread safety: thread-safe; state is behind `lock`, which is not held while fulfilling or
///   calling `onEvent`. Observers and completions run on the device's callback queue.
final class SessionDevice: @unchecked Sendable {
    let session = IMSession()
    let callbackQueue = DispatchQueue(label: "IMCoreTests.SessionDevice")

    private let lock = NSLock()
    private var recorded: [(entry: String, status: IMSession.Status)] = []
    private var waiters: [(condition: ([String]) -> Bool, expectation: XCTestExpectation)] = []
    private var eventHook: (@Sendable (ClientEvent) -> Void)?
    private var reporter: IMClient?

    /// Initialises the session on `transport`, logging in from `platform`, keeping nothing on disk.
    init(transport: any IMTransport, platform: IMPlatform) {
        let initialized = session.initialize(appID: 1_400_000_001, IMSession.Options(
            transport: transport, callbackQueue: callbackQueue, checksInvariants: true, storage: .memory,
            platform: platform, logger: .silent))
        precondition(initialized)
        session.addObserver { [weak self] client, event in
            guard let self else { return }
            self.lock.withLock { self.reporter = client }
            self.record(Self.word(for: event))
            self.onEvent?(event)
        }
    }

    /// Called after each event is recorded, on the callback queue.
    var onEvent: (@Sendable (ClientEvent) -> Void)? {
        get { lock.withLock { eventHook } }
        set { lock.withLock { eventHook = newValue } }
    }

    /// The client that reported the last event (kept after the session dropped it).
    var lastClient: IMClient? { lock.withLock { reporter } }

    /// Everything recorded so far.
    var events: [String] { lock.withLock { recorded.map(\.entry) } }

    /// What was recorded after the last `login ok`.
    var eventsSinceLogin: [String] {
        let events = events
        guard let last = events.lastIndex(of: "login ok") else { return events }
        return Array(events[(last + 1)...])
    }

    /// The session's status when `entry` was last recorded.
    func status(at entry: String) -> IMSession.Status? {
        lock.withLock { recorded.last { $0.entry == entry }?.status }
    }

    /// Logs in and returns the outcome (recorded as `login ok` or `login failed <code>`).
    func login(_ userID: String = "me", userSig: String = "sig") async -> Result<Void, IMError> {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, IMError>, Never>) in
            session.login(userID: userID, userSig: userSig) { result in
                self.record(Self.word(for: result))
                continuation.resume(returning: result)
            }
        }
    }

    /// Starts a login without waiting for it (from inside an observer, say); its outcome is recorded.
    func startLogin(_ userID: String = "me", userSig: String = "sig") {
        session.login(userID: userID, userSig: userSig) { self.record(Self.word(for: $0)) }
    }

    /// The code a call made now would fail with (6014 when logged out), or nil.
    var gateError: IMError.Code? { session.loggedInClient().error?.code }

    /// An expectation fulfilled once `condition` holds for the events so far.
    func expect(_ description: String, _ condition: @escaping ([String]) -> Bool) -> XCTestExpectation {
        let expectation = XCTestExpectation(description: description)
        let holds = lock.withLock {
            if condition(recorded.map(\.entry)) { return true }
            waiters.append((condition, expectation))
            return false
        }
        if holds { expectation.fulfill() }
        return expectation
    }

    /// An expectation fulfilled once `entry` was recorded `count` times.
    func expect(_ entry: String, count: Int = 1) -> XCTestExpectation {
        expect("\(count) × \(entry)") { $0.count { $0 == entry } >= count }
    }

    private func record(_ entry: String) {
        let status = session.status
        let ready = lock.withLock {
            recorded.append((entry, status))
            let events = recorded.map(\.entry)
            let ready = waiters.filter { $0.condition(events) }.map(\.expectation)
            waiters.removeAll { $0.condition(events) }
            return ready
        }
        ready.forEach { $0.fulfill() }
    }

    private static func word(for result: Result<Void, IMError>) -> String {
        switch result {
        case .success: "login ok"
        case .failure(let error): "login failed \(error.code.rawValue)"
        }
    }

    private static func word(for event: ClientEvent) -> String {
        switch event {
        case .syncStarted: "syncStarted"
        case .syncFinished: "syncFinished"
        case .syncFailed: "syncFailed"
        case .changes: "changes"
        case .connection(.connecting(let reconnect)): reconnect ? "reconnecting" : "connecting"
        case .connection(.connected): "connected"
        case .connection(.connectFailed(let error, let reconnect)):
            "\(reconnect ? "reconnectFailed" : "connectFailed") \(error.code.rawValue)"
        case .connection(.disconnected(let error)): "disconnected \(error.code.rawValue)"
        case .connection(.kickedOffline): "kickedOffline"
        case .connection(.userSigExpired): "userSigExpired"
        case .globalReceiveOption: "globalReceiveOption"
        case .messageReadReceipts: "messageReadReceipts"
        case .onlineMessage: "onlineMessage"
        }
    }
}
