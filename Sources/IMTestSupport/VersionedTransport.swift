import IMCore
import IMTransportKit

/// A transport whose connections say they speak protocol `version` (a server of an earlier SDK),
/// and that records every request.
package final class VersionedTransport: IMTransport, @unchecked Sendable {
    private let inner: any IMTransport
    private let version: Int
    private let log = Locked<[IMRequest]>([])

    package init(wrapping inner: any IMTransport, version: Int) {
        self.inner = inner
        self.version = version
    }

    /// Every request sent, in order.
    package var sent: [IMRequest] { log.withLock { $0 } }

    package func connect(_ login: IMLoginInfo, sink: any IMPushSink,
                 completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void) {
        inner.connect(login, sink: sink) { [self] result in
            completion(result.map { Connection(inner: $0, owner: self) })
        }
    }

    private final class Connection: IMConnection, @unchecked Sendable {
        let inner: any IMConnection
        let owner: VersionedTransport

        init(inner: any IMConnection, owner: VersionedTransport) {
            self.inner = inner
            self.owner = owner
        }

        var userID: String { inner.userID }
        var serverEpoch: String { inner.serverEpoch }
        var protocolVersion: Int { owner.version }
        func close() { inner.close() }

        func send(_ request: IMRequest, completion: @escaping @Sendable (Result<IMResponse, IMError>) -> Void) {
            owner.log.withLock { $0.append(request) }
            inner.send(request, completion: completion)
        }
    }
}
