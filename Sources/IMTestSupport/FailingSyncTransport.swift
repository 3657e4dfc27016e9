import Foundation
import IMCore
import IMTransportKit

/// A transport whose first `failures` sync requests fail with `networkFailure` without reaching
/// the server (over all its connections); everything else passes through. For tests of retried
/// syncs and of what arrives before a sync succeeds.
///
/// - Thread safety: thread-safe; the count is behind a lock. A failure's completion runs on a
///   global queue.
package final class FailingSyncTransport: IMTransport, @unchecked Sendable {
    private let inner: any IMTransport
    private let remaining: Locked<Int>

    package init(wrapping inner: any IMTransport, failures: Int) {
        self.inner = inner
        remaining = Locked(failures)
    }

    package func connect(_ login: IMLoginInfo, sink: any IMPushSink,
                         completion: @escaping @Sendable (Result<any IMConnection, IMError>) -> Void) {
        inner.connect(login, sink: sink) { [remaining] result in
            completion(result.map { connection in
                SyncInterceptingConnection(connection) { _, _, completion in
                    guard remaining.withLock({ value -> Bool in
                        defer { value -= 1 }
                        return value > 0
                    }) else { return false }
                    DispatchQueue.global().async { completion(.failure(IMError(.networkFailure, "injected"))) }
                    return true
                }
            })
        }
    }
}
