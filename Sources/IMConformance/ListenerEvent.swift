/// A listener call, as the suite records it from either API.
enum ListenerEvent: Hashable, Sendable {
    /// A conversation was announced (new or changed), by its V2 conversation ID.
    case conversation(String)
    /// A sync with the server finished.
    case syncFinished
    /// A message arrived, by its text.
    case message(String)
    /// A message was revoked, by its ID.
    case revoked(String)
    /// A C2C peer read my messages (a read receipt), by the peer's user ID.
    case receipt(String)
    /// A message was changed, by its text after the change.
    case modified(String)
}
