import IMCore
import IMTransportKit

/// The connection of a test transport that wraps another (`FailingSyncTransport`,
/// `HeldSyncTransport`): each sync request goes to `intercept` first, which either takes it (and
/// answers it, now or later: true) or lets it through to the wrapped connection (false); every
/// other request goes straight through.
///
/// - Thread safety: as thread-safe as `intercept`; the rest is immutable.
final class SyncInterceptingConnection: IMConnection, @unchecked Sendable {
    typealias Completion = @Sendable (Result<IMResponse, IMError>) -> Void

    private let inner: any IMConnection
    private let intercept: @Sendable (IMRequest, any IMConnection, @escaping Completion) -> Bool

    init(_ inner: any IMConnection, intercept: @escaping @Sendable (IMRequest, any IMConnection, @escaping Completion) -> Bool) {
        self.inner = inner
        self.intercept = intercept
    }

    var userID: String { inner.userID }
    var serverEpoch: String { inner.serverEpoch }
    var protocolVersion: Int { inner.protocolVersion }
    func close() { inner.close() }

    func send(_ request: IMRequest, completion: @escaping Completion) {
        if case .syncChanges = request, intercept(request, inner, completion) { return }
        inner.send(request, completion: completion)
    }
}
