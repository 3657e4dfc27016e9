import Foundation
import IMCore
import IMTransportKit
import XCTest

/// A push sink that records, in arrival order, the pushes it receives and the notes a test adds
/// (for example "the response arrived"), and fulfils expectations when enough pushes came in.
///
/// - Thread safety: thread-safe; all state is behind `lock`, which is not held while fulfilling.
final class RecordingSink: IMPushSink, @unchecked Sendable {
    /// Something that arrived.
    enum Event: Hashable {
        case push(IMPush)
        case note(String)
    }

    private let lock = NSLock()
    private var recorded: [Event] = []
    private var waiters: [(pushCount: Int, expectation: XCTestExpectation)] = []
    private var callback: (@Sendable (IMPush) -> Void)?
    private var versionLog: [UInt64] = []

    /// Called after each push is recorded, outside the lock.
    var onReceive: (@Sendable (IMPush) -> Void)? {
        get { lock.withLock { callback } }
        set { lock.withLock { callback = newValue } }
    }

    func receive(_ push: IMPush, version: UInt64) {
        lock.withLock { versionLog.append(version) }
        append(.push(push))
        onReceive?(push)
    }

    /// The versions of the pushes received so far, in arrival order.
    var versions: [UInt64] { lock.withLock { versionLog } }

    /// Records a marker between pushes.
    func note(_ text: String) { append(.note(text)) }

    /// Everything recorded so far, in arrival order.
    var events: [Event] { lock.withLock { recorded } }

    /// The pushes recorded so far, in arrival order.
    var pushes: [IMPush] {
        events.compactMap { event in
            if case .push(let push) = event { return push }
            return nil
        }
    }

    /// An expectation fulfilled once `count` pushes in total have arrived.
    func expectPushes(_ count: Int) -> XCTestExpectation {
        let expectation = XCTestExpectation(description: "\(count) pushes")
        let alreadyThere = lock.withLock {
            if pushCount(recorded) >= count { return true }
            waiters.append((count, expectation))
            return false
        }
        if alreadyThere { expectation.fulfill() }
        return expectation
    }

    private func append(_ event: Event) {
        let ready = lock.withLock {
            recorded.append(event)
            let count = pushCount(recorded)
            let ready = waiters.filter { $0.pushCount <= count }.map(\.expectation)
            waiters.removeAll { $0.pushCount <= count }
            return ready
        }
        ready.forEach { $0.fulfill() }
    }

    private func pushCount(_ events: [Event]) -> Int {
        events.count { if case .push = $0 { true } else { false } }
    }
}
