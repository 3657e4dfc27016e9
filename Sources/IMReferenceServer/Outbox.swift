import IMTransportKit

/// The completions and pushes one server operation produced, in production order.
///
/// The server fills an outbox while it holds its lock and hands it, still under the lock, to the
/// serial queues of the connections concerned, one block per connection, so each connection gets its
/// deliveries in the order operations produced them (and no connection waits for another's).
struct Outbox {
    /// One thing to hand to a client.
    enum Delivery: Sendable {
        case push(IMPush, version: UInt64, to: ServerConnection)
        case response(
            Result<IMResponse, IMError>, on: ServerConnection,
            completion: @Sendable (Result<IMResponse, IMError>) -> Void)
        case connected(ServerConnection, completion: @Sendable (Result<any IMConnection, IMError>) -> Void)
        case connectFailed(IMError, ServerConnection, completion: @Sendable (Result<any IMConnection, IMError>) -> Void)
        /// The server ended the connection (`connectionLost` with the error).
        case lost(ServerConnection, IMError)

        /// The connection whose queue runs the delivery.
        var connection: ServerConnection {
            switch self {
            case .push(_, _, let connection), .response(_, let connection, _), .connected(let connection, _),
                 .connectFailed(_, let connection, _), .lost(let connection, _):
                connection
            }
        }

        /// Hands the delivery to the client; runs on the connection's queue.
        func run() {
            switch self {
            case .push(let push, let version, let connection):
                connection.deliver(push, version: version)
            case .response(let result, let connection, let completion):
                connection.complete(with: result, completion)
            case .connected(let connection, let completion):
                connection.complete(with: .success(connection), completion)
            case .connectFailed(let error, _, let completion):
                completion(.failure(error))
            case .lost(let connection, let error):
                connection.lose(error)
            }
        }
    }

    private(set) var deliveries: [Delivery] = []

    /// Queues `push`, numbered `version`, for each of `connections`.
    ///
    /// - Complexity: O(`connections.count`).
    mutating func push(_ push: IMPush, version: UInt64, to connections: [ServerConnection]) {
        for connection in connections {
            deliveries.append(.push(push, version: version, to: connection))
        }
    }

    mutating func respond(
        _ result: Result<IMResponse, IMError>, on connection: ServerConnection,
        completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void
    ) {
        deliveries.append(.response(result, on: connection, completion: completion))
    }

    mutating func connected(
        _ connection: ServerConnection,
        completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
    ) {
        deliveries.append(.connected(connection, completion: completion))
    }

    /// Queues the failure of the connect that made `connection` (which the server never opened).
    mutating func connectFailed(
        _ error: IMError, _ connection: ServerConnection,
        completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void
    ) {
        deliveries.append(.connectFailed(error, connection, completion: completion))
    }

    /// The deliveries grouped by connection, each group in production order; groups in the order of
    /// their first delivery.
    ///
    /// - Complexity: O(deliveries).
    func byConnection() -> [(ServerConnection, [Delivery])] {
        var groups: [(ServerConnection, [Delivery])] = []
        var index: [ObjectIdentifier: Int] = [:]
        for delivery in deliveries {
            let key = ObjectIdentifier(delivery.connection)
            if let at = index[key] {
                groups[at].1.append(delivery)
            } else {
                index[key] = groups.count
                groups.append((delivery.connection, [delivery]))
            }
        }
        return groups
    }

    /// Queues the end of `connection`, which the server forgot: its sink gets `connectionLost(error)`
    /// after everything queued for it before.
    mutating func lose(_ connection: ServerConnection, _ error: IMError) {
        deliveries.append(.lost(connection, error))
    }
}
