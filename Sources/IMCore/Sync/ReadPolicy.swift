/// Who owns a device's read cursors: the server (reads roam between devices) or the device.
package enum ReadPolicy: Sendable, Hashable {
    /// The server's read cursor is the device's: reads made anywhere arrive as pushes and at every
    /// sync. The V2 API's behaviour, and the legacy API's with `disableAutoReport = true`.
    case roaming
    /// The legacy default ("auto report"): every message the device receives is reported to the
    /// server as read at once, so other devices and later logins see it read, while this device keeps
    /// its own cursor, moved only by its own reads.
    case autoReport
}
