import IMCore
import IMTransportKit

/// A transport that loses pushes on request, deterministically: `loseNextPushes(_:)` drops the
/// next pushes to its connections (over all of them, in arrival order) while they stay open.
/// Everything else passes through unchanged, in the wrapped transport's order, on its threads.
///
/// For the model-based check: a device that misses pushes without a reconnect, which only its
/// heartbeat (or a later push) repairs.
/// - Thread safety: thread-safe; the count is behind a lock.
package final class PushLossTransport: IMTransport, @unchecked Sendable {
    private let inner: any IMTransport
    private let state = Locked((toLose: 0, lost: 0))

    package init(wrapping inner: any IMTransport) {
        self.inner = inner
    }

    /// Drops the next `count` pushes (added to those still to drop).
    package func loseNextPushes(_ count: Int) {
        state.withLock { $0.toLose += count }
    }

    /// How many pushes were dropped so far.
    package var lost: Int { state.withLock { $0.lost } }

    package func connect(_ login: IMLoginInfo, sink: any IMPushSink,
                         completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void) {
        inner.connect(login, sink: Sink(sink, state: state), completion: completion)
    }

    private final class Sink: IMPushSink, @unchecked Sendable {
        let outer: any IMPushSink
        let state: Locked<(toLose: Int, lost: Int)>

        init(_ outer: any IMPushSink, state: Locked<(toLose: Int, lost: Int)>) {
            self.outer = outer
            self.state = state
        }

        func receive(_ push: IMPush, version: UInt64) {
            let loses = state.withLock { state -> Bool in
                guard state.toLose > 0 else { return false }
                state.toLose -= 1
                state.lost += 1
                return true
            }
            if !loses { outer.receive(push, version: version) }
        }

        func connectionLost(_ error: IMError) { outer.connectionLost(error) }
    }
}
