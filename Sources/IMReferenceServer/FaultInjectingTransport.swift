import Foundation
import IMTransportKit

/// An `IMTransport` that wraps another one and injects network faults (lost, duplicated, reordered
/// and delayed pushes; lost requests and responses; dropped connections), seeded and replayable, for
/// multi-device convergence tests.
///
/// Each connection it opens decides its faults with its own generator, derived from `faults.seed` and
/// the connection's number (0, 1, 2, ... in the order `connect` is called on this transport), one
/// fixed set of draws per push and per request. So the same seed and the same sequence of pushes and
/// requests on a connection give the same faults. Thread timing can still vary that sequence (which
/// of a concurrent push and request comes first), and whether a reordered push meets a successor
/// within `reorderWindow` or is delivered on its own.
///
/// A drop (a `disconnect` decision, `disconnectAll()`, or the wrapped connection reporting its loss)
/// happens at a point in that sequence: the wrapper closes the wrapped connection and ignores whatever
/// it sends afterwards; what it sent before is still delivered (with its faults), then every request
/// it had not answered fails with `networkFailure` exactly once, then the sink's `connectionLost` is
/// called once (with the wrapped connection's own error when it reported the loss: a server's kick
/// passes through as `kickedOff`) and nothing reaches the sink after it. After `close()` returns
/// nothing reaches the sink and `connectionLost` is not called; requests not completed yet fail with
/// `networkFailure`. Requests on a dropped or closed connection fail with `networkFailure` without
/// reaching the server. `connect` is passed through without random faults; `failNextConnects(_:with:)`
/// makes the next ones fail.
///
/// - Thread safety: thread-safe; every mutable state is behind a lock that is never held while calling
///   the wrapped transport, a sink or a completion. Each connection has its own serial queue, owned by
///   this transport: its connect completion, request completions and pushes run there, one at a time,
///   asynchronously, in the order the wrapped transport produced them (except injected reorders).
public final class FaultInjectingTransport: IMTransport, Sendable {
    /// The transport faults are injected into.
    public let wrapped: any IMTransport
    /// The faults every connection opened from now on injects.
    public let faults: IMFaults

    private let counts = Locked(IMFaults.Counts())
    private let registry = Locked(Registry())

    /// The connections opened so far and those not yet ended.
    private struct Registry {
        var opened: UInt64 = 0
        var live: [UInt64: Channel] = [:]
        /// How many of the next connects fail, and with what.
        var failingConnects = 0
        var connectError = IMError.injectedConnectFailure
    }

    /// Wraps `transport`, injecting `faults` into every connection opened through the wrapper.
    public init(wrapping transport: any IMTransport, faults: IMFaults) {
        self.wrapped = transport
        self.faults = faults
    }

    /// How many faults of each kind were injected so far, over all connections.
    public var injected: IMFaults.Counts {
        counts.withLock { $0 }
    }

    /// Opens a connection through the wrapped transport, with faults injected into it; fails without
    /// reaching the wrapped transport while `failNextConnects(_:with:)` says so.
    ///
    /// - Thread safety: `completion` runs on the new connection's queue, before any push to `sink`
    ///   that the wrapped transport produced after its own completion.
    public func connect(
        _ login: IMLoginInfo, sink: any IMPushSink,
        completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
    ) {
        let (number, failure) = registry.withLock { registry -> (UInt64, IMError?) in
            defer { registry.opened += 1 }
            guard registry.failingConnects > 0 else { return (registry.opened, nil) }
            registry.failingConnects -= 1
            return (registry.opened, registry.connectError)
        }
        let channel = Channel(
            number: number, userID: login.userID, sink: sink, faults: faults, counts: counts,
            onEnd: { [weak self] in self?.forget(number) })
        registry.withLock { $0.live[number] = channel }
        if let failure {
            count(\.connectsFailed)
            channel.connected(.failure(failure), completion: completion)
            return
        }
        wrapped.connect(login, sink: ChannelSink(channel)) { result in
            channel.connected(result, completion: completion)
        }
    }

    /// Makes the next `count` calls of `connect` fail with `error`, without reaching the wrapped
    /// transport (each counts as one `connectsFailed`); replaces what an earlier call left.
    ///
    /// - Parameters:
    ///   - count: how many connects fail; 0 lets them through again.
    ///   - error: what they fail with (a network failure unless given).
    public func failNextConnects(
        _ count: Int, with error: IMError = IMError(.networkFailure, "injected fault: the connect failed")
    ) {
        registry.withLock { registry in
            registry.failingConnects = max(0, count)
            registry.connectError = error
        }
    }

    /// Drops every open connection, as a `disconnect` fault would (each counts as one).
    ///
    /// Connections whose `connect` has not completed yet are left alone.
    /// - Complexity: O(open connections), plus closing each wrapped connection.
    public func disconnectAll() {
        let channels = registry.withLock { registry in
            registry.live.sorted { $0.key < $1.key }.map(\.value)
        }
        for channel in channels {
            channel.drop()
        }
    }

    private func forget(_ number: UInt64) {
        registry.withLock { _ = $0.live.removeValue(forKey: number) }
    }

    private func count(_ kind: WritableKeyPath<IMFaults.Counts, Int>) {
        counts.withLock { $0[keyPath: kind] += 1 }
    }
}
