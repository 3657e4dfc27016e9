import IMTransportKit

/// What an `IMClient` tells the facades, in order, on its callback queue.
package enum ClientEvent: Sendable {
    /// A sync with the server started (login, reconnect).
    case syncStarted
    /// The sync finished; the store now reflects the server.
    case syncFinished
    /// The sync failed.
    case syncFailed(IMError)
    /// One atomic batch of changes.
    case changes(ChangeBatch)
}
