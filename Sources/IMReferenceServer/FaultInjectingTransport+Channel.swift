import Foundation
import IMTransportKit

extension FaultInjectingTransport {
    /// One connection through a `FaultInjectingTransport`: decides the faults of its pushes and
    /// requests, and hands what survives to its sink and completions through one timed FIFO.
    ///
    /// Every delivery (connect completion, push, response, failure, loss) is appended to `outgoing`
    /// with a due time no earlier than the one before it, so a delay holds back everything after it
    /// and never changes the order. `pump()` runs on `queue` and hands out the due head, one at a time.
    /// A request's completion stays in `pending` until it is handed out or failed; whoever removes it
    /// calls it, so it runs exactly once.
    ///
    /// - Thread safety: thread-safe; all mutable state is in `state`, whose lock is never held while
    ///   calling the wrapped connection, the sink or a completion. Sink calls go through `gate`, so
    ///   `close()` can wait for one in progress.
    final class Channel: Sendable {
        let userID: String
        private let sink: any IMPushSink
        private let faults: IMFaults
        private let counts: Locked<IMFaults.Counts>
        private let onEnd: @Sendable () -> Void
        private let queue: DispatchQueue
        private let gate = DeliveryGate()
        private let state: Locked<State>

        /// - Parameters:
        ///   - number: the connection's number on its transport (names its queue).
        ///   - onEnd: called when the channel is dropped, closed or failed to connect (possibly more
        ///     than once: dropped, then closed).
        init(
            number: UInt64, userID: String, sink: any IMPushSink, faults: IMFaults,
            counts: Locked<IMFaults.Counts>, onEnd: @escaping @Sendable () -> Void
        ) {
            self.userID = userID
            self.sink = sink
            self.faults = faults
            self.counts = counts
            self.onEnd = onEnd
            self.queue = DispatchQueue(label: "FaultInjectingTransport.connection.\(number)")
            self.state = Locked(State(decider: Decider(faults: faults, connection: number)))
        }

        // MARK: From the wrapped transport

        /// The wrapped `connect` completed.
        func connected(
            _ result: Result<any IMConnection, IMError>,
            completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
        ) {
            let (due, stray, ended) = state.withLock { state in
                var stray: (any IMConnection)?
                var ended = false
                let handedOut: Result<any IMConnection, IMError>
                switch (result, state.phase) {
                case (.success(let inner), .connecting):
                    state.phase = .open(inner)
                    handedOut = .success(Connection(self, serverEpoch: inner.serverEpoch, protocolVersion: inner.protocolVersion))
                case (.success(let inner), _):
                    // Lost while connecting: the caller gets a connection whose requests fail.
                    stray = inner
                    handedOut = .success(Connection(self, serverEpoch: inner.serverEpoch, protocolVersion: inner.protocolVersion))
                case (.failure(let error), _):
                    state.phase = .closed
                    ended = true
                    handedOut = .failure(error)
                }
                return (state.enqueue(.connected(handedOut, completion), after: 0), stray, ended)
            }
            if ended { onEnd() }
            stray?.close()
            schedulePump(at: due)
        }

        /// A push from the wrapped connection.
        func receive(_ push: IMPush, version: UInt64) {
            enum Outcome {
                case ignored
                case scheduled(DispatchTime)
                case held(token: UInt64)
                case ended(Ending)
            }
            let outcome = state.withLock { state -> Outcome in
                guard state.phase.takesPushes else { return .ignored }
                let decision = state.decider.nextPush()
                if decision.disconnect, case .open = state.phase {
                    count(\.disconnects)
                    return .ended(state.end(as: .lost, failingRequestsWith: .injectedDisconnect))
                }
                if decision.drop {
                    count(\.dropped)
                    return .ignored
                }
                let copies = decision.duplicate ? 2 : 1
                if decision.duplicate { count(\.duplicated) }
                if decision.delay > 0 { count(\.delayed) }
                let item = DecidedPush(push: push, version: version, copies: copies, delay: decision.delay)
                if decision.reorder, state.held == nil {
                    count(\.reordered)
                    state.holds += 1
                    state.held = (state.holds, item)
                    return .held(token: state.holds)
                }
                var due = state.enqueue(item)
                if let held = state.held?.item {
                    state.held = nil
                    due = state.enqueue(held)
                }
                return .scheduled(due)
            }
            switch outcome {
            case .ignored:
                break
            case .scheduled(let due):
                schedulePump(at: due)
            case .held(let token):
                queue.asyncAfter(deadline: .now() + .milliseconds(faults.reorderWindow)) {
                    self.release(token)
                }
            case .ended(let ending):
                finish(ending, closingWrapped: true)
            }
        }

        /// The wrapped connection reports its loss: pass `error` on to the sink (pending requests fail
        /// with `networkFailure`), without counting it as injected.
        func wrappedConnectionLost(_ error: IMError) {
            let ending = state.withLock { state -> Ending? in
                guard state.phase.takesPushes else { return nil }
                return state.end(as: .lost, failingRequestsWith: .connectionLost, loss: error)
            }
            if let ending { finish(ending, closingWrapped: false) }
        }

        // MARK: From the caller

        /// Sends `request` with request faults applied; `completion` runs once, on `queue`.
        func send(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void) {
            enum Outcome {
                case scheduled(DispatchTime)
                case forward(any IMConnection, id: UInt64, RequestDecision)
                case ended(Ending)
            }
            let outcome = state.withLock { state -> Outcome in
                guard case .open(let inner) = state.phase else {
                    return .scheduled(state.enqueue(.fail([completion], .connectionClosed), after: 0))
                }
                let decision = state.decider.nextRequest()
                let id = state.requests
                state.requests += 1
                state.pending[id] = completion
                if decision.disconnect {
                    count(\.disconnects)
                    return .ended(state.end(as: .lost, failingRequestsWith: .injectedDisconnect))
                }
                if decision.requestLost {
                    count(\.requestsLost)
                    return .scheduled(state.enqueue(.response(id, .failure(.injectedRequestLoss)), after: 0))
                }
                return .forward(inner, id: id, decision)
            }
            switch outcome {
            case .scheduled(let due):
                schedulePump(at: due)
            case .forward(let inner, let id, let decision):
                inner.send(request) { result in
                    self.answer(id, with: result, decision)
                }
            case .ended(let ending):
                finish(ending, closingWrapped: true)
            }
        }

        /// Closes the wrapped connection; nothing more reaches the sink, pending requests fail.
        ///
        /// Waits for a sink call in progress, unless called from inside it.
        func close() {
            let ending = state.withLock { state -> Ending? in
                if case .closed = state.phase { return nil }
                return state.end(as: .closed, failingRequestsWith: .connectionClosed)
            }
            gate.markClosed()
            if let ending { finish(ending, closingWrapped: true) }
            gate.waitUntilIdle()
        }

        /// Drops the connection if it is open (`disconnectAll()`).
        func drop() {
            let ending = state.withLock { state -> Ending? in
                guard case .open = state.phase else { return nil }
                count(\.disconnects)
                return state.end(as: .lost, failingRequestsWith: .injectedDisconnect)
            }
            if let ending { finish(ending, closingWrapped: true) }
        }

        // MARK: Internals

        /// The wrapped connection answered request `id`.
        private func answer(_ id: UInt64, with result: Result<IMResponse, IMError>, _ decision: RequestDecision) {
            let due = state.withLock { state -> DispatchTime? in
                guard state.pending[id] != nil else { return nil }
                var result = result
                if decision.responseLost {
                    count(\.responsesLost)
                    result = .failure(.injectedResponseLoss)
                }
                if decision.delay > 0 { count(\.delayed) }
                return state.enqueue(.response(id, result), after: decision.delay)
            }
            if let due { schedulePump(at: due) }
        }

        /// The reorder window of hold `token` passed: deliver the push if it is still held.
        private func release(_ token: UInt64) {
            let due = state.withLock { state -> DispatchTime? in
                guard let held = state.held, held.token == token else { return nil }
                state.held = nil
                return state.enqueue(held.item)
            }
            if let due { schedulePump(at: due) }
        }

        /// After the state ended: stop tracking the channel, close the wrapped connection, and hand
        /// out the failures and the loss.
        private func finish(_ ending: Ending, closingWrapped: Bool) {
            onEnd()
            if closingWrapped { ending.wrapped?.close() }
            schedulePump(at: ending.due)
        }

        private func schedulePump(at due: DispatchTime) {
            if due <= .now() {
                queue.async { self.pump() }
            } else {
                queue.asyncAfter(deadline: due) { self.pump() }
            }
        }

        /// Hands out every due delivery, in order; runs on `queue`.
        private func pump() {
            while let step = state.withLock({ $0.popDue() }) {
                switch step {
                case .skip:
                    break
                case .push(let push, let version):
                    _ = gate.deliver { sink.receive(push, version: version) }
                case .complete(let completion, let result):
                    completion(result)
                case .connected(let completion, let result):
                    completion(result)
                case .fail(let completions, let error):
                    for completion in completions {
                        completion(.failure(error))
                    }
                case .lost(let error):
                    _ = gate.deliver { sink.connectionLost(error) }
                    gate.markClosed()
                }
            }
        }

        private func count(_ kind: WritableKeyPath<IMFaults.Counts, Int>) {
            counts.withLock { $0[keyPath: kind] += 1 }
        }
    }
}

extension FaultInjectingTransport.Channel {
    typealias RequestCompletion = @Sendable (Result<IMResponse, IMError>) -> Void
    typealias ConnectCompletion = @Sendable (Result<any IMConnection, IMError>) -> Void

    enum Phase {
        /// The wrapped `connect` has not completed.
        case connecting
        case open(any IMConnection)
        /// Dropped; the sink gets `connectionLost` and nothing else.
        case lost
        /// Closed by the caller, or the connect failed.
        case closed

        var takesPushes: Bool {
            switch self {
            case .connecting, .open: true
            case .lost, .closed: false
            }
        }
    }

    /// A push to deliver, as decided.
    struct DecidedPush {
        var push: IMPush
        var version: UInt64
        var copies: Int
        /// Milliseconds.
        var delay: Int
    }

    /// Something to hand to the sink or a completion.
    enum Outgoing {
        case push(IMPush, version: UInt64)
        /// The answer to pending request `id`.
        case response(UInt64, Result<IMResponse, IMError>)
        case connected(Result<any IMConnection, IMError>, ConnectCompletion)
        /// Completions taken out of `pending`, to fail.
        case fail([RequestCompletion], IMError)
        case lost(IMError)

        /// Whether a close discards it (its completion, if any, is failed instead).
        var isDiscardedOnClose: Bool {
            switch self {
            case .push, .response: true
            case .connected, .fail, .lost: false
            }
        }
    }

    /// One step of `pump()`, run outside the lock.
    enum Step {
        /// A response whose request was already failed.
        case skip
        case push(IMPush, version: UInt64)
        case complete(RequestCompletion, Result<IMResponse, IMError>)
        case connected(ConnectCompletion, Result<any IMConnection, IMError>)
        case fail([RequestCompletion], IMError)
        case lost(IMError)
    }

    /// What a drop or close leaves to do outside the lock.
    struct Ending {
        /// The wrapped connection, if it was open.
        var wrapped: (any IMConnection)?
        /// When the failures (and the loss) are due.
        var due: DispatchTime
    }

    struct State {
        var phase = Phase.connecting
        var decider: FaultInjectingTransport.Decider
        /// In due order (each due no earlier than the one before).
        var outgoing: [(due: DispatchTime, item: Outgoing)] = []
        /// The completions of requests not answered yet, by request ID.
        var pending: [UInt64: RequestCompletion] = [:]
        var requests: UInt64 = 0
        /// The push held back by a reorder, with its hold's token.
        var held: (token: UInt64, item: DecidedPush)?
        var holds: UInt64 = 0

        /// Appends `item`, due `delay` milliseconds from now but not before the last one.
        ///
        /// - Returns: its due time.
        mutating func enqueue(_ item: Outgoing, after delay: Int) -> DispatchTime {
            var due = DispatchTime.now() + .milliseconds(delay)
            if let last = outgoing.last?.due, last > due { due = last }
            outgoing.append((due, item))
            return due
        }

        /// Appends the copies of a decided push.
        mutating func enqueue(_ push: DecidedPush) -> DispatchTime {
            var due = enqueue(.push(push.push, version: push.version), after: push.delay)
            for _ in 1..<push.copies {
                due = enqueue(.push(push.push, version: push.version), after: 0)
            }
            return due
        }

        /// Moves to `phase` (`.lost` or `.closed`) and queues what the end hands out.
        ///
        /// A drop (`.lost`) happens at a point in the call sequence: what the wrapped connection
        /// produced before it is still handed out (a held push too, at once), then the requests it had
        /// not answered fail with `error`, then the loss (`loss`, or `error` when `nil`) is queued. So
        /// what the caller sees depends on the calls, not on how far the queue had got. A close
        /// discards the pushes and responses not handed out and fails every request not completed.
        ///
        /// - Complexity: O(outgoing + pending).
        mutating func end(as phase: Phase, failingRequestsWith error: IMError, loss: IMError? = nil) -> Ending {
            var wrapped: (any IMConnection)?
            if case .open(let inner) = self.phase { wrapped = inner }
            self.phase = phase
            var answered: Set<UInt64> = []
            if case .lost = phase {
                if let held = held?.item { _ = enqueue(held) }
                for case (_, .response(let id, _)) in outgoing { answered.insert(id) }
            } else {
                outgoing.removeAll { $0.item.isDiscardedOnClose }
            }
            held = nil
            let failed = pending.keys.filter { !answered.contains($0) }.sorted()
            if !failed.isEmpty {
                _ = enqueue(.fail(failed.compactMap { pending.removeValue(forKey: $0) }, error), after: 0)
            }
            if case .lost = phase {
                _ = enqueue(.lost(loss ?? error), after: 0)
            }
            return Ending(wrapped: wrapped, due: outgoing.last?.due ?? .now())
        }

        /// Takes the head of `outgoing` if it is due.
        mutating func popDue() -> Step? {
            guard let head = outgoing.first, head.due <= .now() else { return nil }
            outgoing.removeFirst()
            switch head.item {
            case .push(let push, let version):
                return .push(push, version: version)
            case .response(let id, let result):
                guard let completion = pending.removeValue(forKey: id) else { return .skip }
                return .complete(completion, result)
            case .connected(let result, let completion):
                return .connected(completion, result)
            case .fail(let completions, let error):
                return .fail(completions, error)
            case .lost(let error):
                return .lost(error)
            }
        }
    }
}

extension IMError {
    /// A connect failed by `FaultInjectingTransport.failNextConnects(_:with:)`.
    static var injectedConnectFailure: IMError { IMError(.networkFailure, "injected fault: the connect failed") }
    /// A connection dropped by a `disconnect` fault or `FaultInjectingTransport.disconnectAll()`.
    static var injectedDisconnect: IMError { IMError(.networkFailure, "injected fault: the connection dropped") }
    /// A request failed by a `requestLost` fault.
    static var injectedRequestLoss: IMError { IMError(.networkFailure, "injected fault: the request was lost") }
    /// A request pending when the wrapped connection reported its loss.
    static var connectionLost: IMError { IMError(.networkFailure, "the connection was lost") }
    /// A response replaced by a `responseLost` fault.
    static var injectedResponseLoss: IMError { IMError(.networkFailure, "injected fault: the response was lost") }
}
