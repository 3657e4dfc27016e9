import IMCore
import IMTransportKit

/// The listener calls heard since the last `drain()`, in order.
/// - Thread safety: thread-safe; listeners append on the callback queue.
final class EventLog: Sendable {
    private let events = Locked<[ListenerEvent]>([])

    func append(_ new: [ListenerEvent]) {
        events.withLock { $0 += new }
    }

    /// The events heard so far, forgetting them.
    func drain() -> [ListenerEvent] {
        events.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}
