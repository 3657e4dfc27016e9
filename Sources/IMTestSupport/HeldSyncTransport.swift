import Foundation
import IMCore
import IMTransportKit

/// A transport that holds sync requests on request: after `holdSyncs()`, every sync request waits
/// without reaching the server until `failHeld()` answers the held ones with `networkFailure`, or
/// `releaseHeld()` sends them on (either lets later ones through); after `holdSyncAnswers()`, every
/// sync request reaches the server at once and its answer waits until `releaseHeld()` hands it
/// over (or `failHeld()` replaces it with `networkFailure`). Everything else passes through. For
/// tests of what happens while a sync is under way.
///
/// - Thread safety: thread-safe; the held requests are behind a lock. A failure's completion runs
///   on a global queue.
package final class HeldSyncTransport: IMTransport, @unchecked Sendable {
    private struct State {
        var holding = false
        var holdingAnswers = false
        var held: [(send: @Sendable () -> Void, fail: @Sendable () -> Void)] = []
    }

    private let inner: any IMTransport
    private let state = Locked(State())

    package init(wrapping inner: any IMTransport) {
        self.inner = inner
    }

    /// Holds every sync request from now until `failHeld()` or `releaseHeld()`.
    package func holdSyncs() {
        state.withLock { $0.holding = true }
    }

    /// Holds the answer of every sync request from now until `failHeld()` or `releaseHeld()`; the
    /// request itself reaches the server at once (an answer held counts once it arrived).
    package func holdSyncAnswers() {
        state.withLock { $0.holdingAnswers = true }
    }

    /// How many sync requests (or answers) wait.
    package var heldCount: Int { state.withLock { $0.held.count } }

    /// Answers every held sync request with `networkFailure` and stops holding.
    package func failHeld() {
        for request in takeHeld() { DispatchQueue.global().async(execute: request.fail) }
    }

    /// Sends every held sync request on to the server, in order, and stops holding.
    package func releaseHeld() {
        for request in takeHeld() { request.send() }
    }

    private func takeHeld() -> [(send: @Sendable () -> Void, fail: @Sendable () -> Void)] {
        state.withLock { state in
            defer { state = State() }
            return state.held
        }
    }

    package func connect(_ login: IMLoginInfo, sink: any IMPushSink,
                         completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void) {
        inner.connect(login, sink: sink) { [state] result in
            completion(result.map { connection in
                SyncInterceptingConnection(connection) { request, inner, completion in
                    let holdsAnswer = state.withLock { state -> Bool? in
                        if state.holdingAnswers { return true }
                        guard state.holding else { return nil }
                        state.held.append((
                            send: { inner.send(request, completion: completion) },
                            fail: { completion(.failure(IMError(.networkFailure, "injected after holding"))) }))
                        return false
                    }
                    guard let holdsAnswer else { return false }
                    if holdsAnswer {
                        inner.send(request) { result in
                            state.withLock { state in
                                state.held.append((
                                    send: { completion(result) },
                                    fail: { completion(.failure(IMError(.networkFailure, "injected after holding"))) }))
                            }
                        }
                    }
                    return true
                }
            })
        }
    }
}
