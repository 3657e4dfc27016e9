import Foundation
import IMCore
import IMTransportKit

/// The reference server's clock during a run: it starts an hour behind the device clock and moves
/// one second per message sent.
///
/// One second per message gives every message its own timestamp, so a C2C read "up to the N-th
/// message" is exact through the V2 API, which takes a C2C read limit as a time in seconds. Running
/// behind the device clock makes the order deterministic: what the device itself does (drafts,
/// messages being sent, both stamped with the device clock) is always newer than anything stored on
/// the server before, and server messages order among themselves by sequence.
/// - Thread safety: thread-safe.
struct ServerClock: Sendable {
    private let seconds: Locked<UInt64>

    init(start: UInt64 = UInt64(Date().timeIntervalSince1970) - 3600) {
        seconds = Locked(start)
    }

    /// The next second.
    func now() -> UInt64 {
        seconds.withLock { seconds in
            seconds += 1
            return seconds
        }
    }
}
