import Foundation
import IMCore
import IMTransportKit
import XCTest

/// A push sink that records, in arrival order, the pushes it receives, the loss of its connection
/// (as the note `lost <code>`) and the notes a test adds (for example "the response arrived"), and
/// fulfils expectations when enough pushes came in or the connection was lost.
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
    private var waiters: [(condition: ([Event]) -> Bool, expectation: XCTestExpectation)] = []
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

    func connectionLost(_ error: IMError) {
        append(.note("lost \(error.code.rawValue)"))
    }

    /// The codes of the losses recorded so far.
    var losses: [Int32] {
        events.compactMap { event in
            guard case .note(let text) = event, text.hasPrefix("lost ") else { return nil }
            return Int32(text.dropFirst(5))
        }
    }

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
        expect("\(count) pushes") { events in
            events.count { if case .push = $0 { true } else { false } } >= count
        }
    }

    /// An expectation fulfilled once the connection was lost.
    func expectLoss() -> XCTestExpectation {
        expect("connection lost") { events in
            events.contains { if case .note(let text) = $0 { text.hasPrefix("lost ") } else { false } }
        }
    }

    private func expect(_ description: String, _ condition: @escaping ([Event]) -> Bool) -> XCTestExpectation {
        let expectation = XCTestExpectation(description: description)
        let alreadyThere = lock.withLock {
            if condition(recorded) { return true }
            waiters.append((condition, expectation))
            return false
        }
        if alreadyThere { expectation.fulfill() }
        return expectation
    }

    private func append(_ event: Event) {
        let ready = lock.withLock {
            recorded.append(event)
            let ready = waiters.filter { $0.condition(recorded) }.map(\.expectation)
            waiters.removeAll { $0.condition(recorded) }
            return ready
        }
        ready.forEach { $0.fulfill() }
    }
}
