import IMTransportKit
import ImSDK

/// Records every legacy `onNewMessage` call, in order, for tests to inspect.
///
/// - Thread safety: the listener method may run on any queue; reads take the same lock.
package final class LegacyMessageRecorder: TIMMessageListener, @unchecked Sendable {
    private let log = Locked<(calls: Int, received: [ReceivedMessage])>((0, []))

    package init() {}

    /// Every message handed to `onNewMessage` so far, in order.
    package var received: [ReceivedMessage] { log.withLock { $0.received } }

    /// How many times `onNewMessage` was called.
    package var calls: Int { log.withLock { $0.calls } }

    /// Forgets what was recorded.
    package func clear() { log.withLock { $0 = (0, []) } }

    package func onNewMessage(_ msgs: [Any]!) {
        let messages = (msgs ?? []).compactMap { $0 as? TIMMessage }.map(ReceivedMessage.init)
        log.withLock { log in
            log.calls += 1
            log.received += messages
        }
    }
}
