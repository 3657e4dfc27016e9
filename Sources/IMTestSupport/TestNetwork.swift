import Foundation
import IMReferenceServer
import IMTransportKit

/// How tests reach a reference server: in process (the server is the transport) or over loopback
/// TCP (an `IMNetworkServer` serving it, reached through `IMSocketTransport`), so that one suite runs
/// over both transports: the suite's class reaches servers through `transport(to:)`, and a subclass
/// calls `routeOverSocket { addTeardownBlock($0) }` in `setUp`.
///
/// - Thread safety: thread-safe (one lock); tests of one process run one at a time.
package enum TestNetwork {
    /// A way to reach the server.
    package enum Route: Sendable {
        case inProcess
        case socket
    }

    private struct State {
        var route = Route.inProcess
        var served: [(server: IMReferenceServer, network: IMNetworkServer, transport: IMSocketTransport)] = []
    }

    private static let state = Locked(State())

    /// The route `transport(to:)` takes; in process unless a test sets it.
    package static var route: Route {
        get { state.withLock { $0.route } }
        set { state.withLock { $0.route = newValue } }
    }

    /// The transport to `server` by the current route: the server itself, or a socket transport to
    /// a network server serving it on a free loopback port (one per server, kept until `reset()`).
    package static func transport(to server: IMReferenceServer) -> any IMTransport {
        state.withLock { state -> any IMTransport in
            guard state.route == .socket else { return server }
            if let served = state.served.first(where: { $0.server === server }) { return served.transport }
            do {
                let network = try IMNetworkServer(serving: server)
                let transport = IMSocketTransport(port: network.port, connectTimeout: 5, keepAlive: 5)
                state.served.append((server, network, transport))
                return transport
            } catch {
                preconditionFailure("cannot serve a test server on loopback: \(error)")
            }
        }
    }

    /// Routes the rest of a test over the socket, and back (`reset()`) when it ends: `atTeardown`
    /// is the test's `addTeardownBlock` (this target does not link XCTest: the tool uses it too).
    package static func routeOverSocket(atTeardown: (@escaping @Sendable () -> Void) -> Void) {
        route = .socket
        atTeardown { reset() }
    }

    /// Stops every network server `transport(to:)` started and goes back to the in-process route.
    package static func reset() {
        let served = state.withLock { state in
            defer { state = State() }
            return state.served
        }
        for entry in served {
            entry.network.stop()
        }
    }
}
