import Foundation
import IMCore
import IMTransportKit

/// Ends the test process with a clear message if a test has not finished in time.
///
/// A deadlock inside the SDK holds a lock forever, so no later call (not even the test's own
/// tear-down) could return: waiting would hang the whole run. The watchdog turns that into a
/// failure that names the test. Arm it at the start of a test that could deadlock and disarm it at
/// the end (`defer { watchdog.disarm() }`).
/// - Thread safety: `disarm()` may be called from any thread.
package final class Watchdog: Sendable {
    private let disarmed = Locked(false)

    /// Starts the countdown: `what` must finish within `seconds`.
    package init(seconds: TimeInterval = 30, _ what: String) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [disarmed] in
            guard !disarmed.withLock({ $0 }) else { return }
            fatalError("\(what) did not finish within \(Int(seconds)) s: the SDK deadlocked or lost a callback")
        }
    }

    /// Stops the countdown.
    package func disarm() {
        disarmed.withLock { $0 = true }
    }
}
