import IMTransportKit

/// Wraps a transport and stages the races between a message send's answer and the push of the
/// sent message, for tests of what the sending device makes of its own message.
///
/// The embedded server pushes a sent message to the sender's devices before it answers the send.
/// This wrapper can hold that push (and every push after it) back until the answer has been
/// delivered, and can lose the answer (the server applied the send; the sender gets
/// `networkFailure`). Other requests and pushes pass through.
///
/// - Thread safety: thread-safe; meant for a wrapped transport that delivers a connection's pushes
///   and answers one at a time (the embedded server does). Held pushes are handed to the sink from
///   the answer's thread, never after `close()`.
package final class SendRaceTransport: IMTransport, Sendable {
    /// The transport the races are staged on.
    package let wrapped: any IMTransport
    /// Whether the push of a message sent through this transport waits for the send's answer.
    package let holdsPushUntilAnswered: Bool
    /// Whether the answer to every send is replaced by `networkFailure`.
    package let losesAnswer: Bool
    private let held = Locked(0)

    package init(wrapping transport: any IMTransport, holdsPushUntilAnswered: Bool, losesAnswer: Bool) {
        wrapped = transport
        self.holdsPushUntilAnswered = holdsPushUntilAnswered
        self.losesAnswer = losesAnswer
    }

    /// How many times a push was held back so far (every connection).
    package var heldPushes: Int { held.withLock { $0 } }

    package func connect(
        _ login: IMLoginInfo, sink: any IMPushSink,
        completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
    ) {
        let relay = Relay(sink: sink, holds: holdsPushUntilAnswered, heldCount: held)
        wrapped.connect(login, sink: relay) { [losesAnswer] result in
            completion(result.map { Connection(inner: $0, relay: relay, losesAnswer: losesAnswer) })
        }
    }

    /// Passes pushes on, holding them back from the push of an unanswered send until its answer.
    private final class Relay: IMPushSink, Sendable {
        struct State {
            /// IDs of the messages sent and not answered yet.
            var unanswered: Set<String> = []
            /// The send whose answer the held pushes wait for.
            var awaited: String?
            var held: [(push: IMPush, version: UInt64)] = []
            var isClosed = false
        }

        let sink: any IMPushSink
        let holds: Bool
        let heldCount: Locked<Int>
        let state = Locked(State())

        init(sink: any IMPushSink, holds: Bool, heldCount: Locked<Int>) {
            self.sink = sink
            self.holds = holds
            self.heldCount = heldCount
        }

        func receive(_ push: IMPush, version: UInt64) {
            let passes = state.withLock { state in hold(push, version, in: &state) }
            if passes { sink.receive(push, version: version) }
        }

        func connectionLost(_ error: IMError) {
            sink.connectionLost(error)
        }

        /// Holds `push` when pushes are held already or it is the push of an unanswered send;
        /// returns whether it passes now.
        private func hold(_ push: IMPush, _ version: UInt64, in state: inout State) -> Bool {
            if state.awaited == nil, holds, case .newMessage(let message, _) = push,
               state.unanswered.contains(message.id) {
                state.awaited = message.id
            }
            guard state.awaited != nil else { return true }
            state.held.append((push, version))
            heldCount.withLock { $0 += 1 }
            return false
        }

        func sending(_ id: String) {
            state.withLock { _ = $0.unanswered.insert(id) }
        }

        /// The answer to the send of `id` was delivered: hands on the pushes held for it.
        func answered(_ id: String) {
            let released = state.withLock { state -> [(push: IMPush, version: UInt64)] in
                state.unanswered.remove(id)
                guard state.awaited == id, !state.isClosed else { return [] }
                let held = state.held
                state.held = []
                state.awaited = nil
                return held.filter { hold($0.push, $0.version, in: &state) }
            }
            for (push, version) in released { sink.receive(push, version: version) }
        }

        func close() {
            state.withLock { $0.isClosed = true }
        }
    }

    private final class Connection: IMConnection, Sendable {
        let inner: any IMConnection
        let relay: Relay
        let losesAnswer: Bool

        init(inner: any IMConnection, relay: Relay, losesAnswer: Bool) {
            self.inner = inner
            self.relay = relay
            self.losesAnswer = losesAnswer
        }

        var userID: String { inner.userID }
        var serverEpoch: String { inner.serverEpoch }
        var protocolVersion: Int { inner.protocolVersion }

        func send(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void) {
            guard case .sendMessage(let outgoing) = request else {
                inner.send(request, completion: completion)
                return
            }
            relay.sending(outgoing.id)
            inner.send(request) { [relay, losesAnswer] result in
                completion(losesAnswer ? .failure(IMError(.networkFailure, "the answer was lost")) : result)
                relay.answered(outgoing.id)
            }
        }

        func close() {
            relay.close()
            inner.close()
        }
    }
}
