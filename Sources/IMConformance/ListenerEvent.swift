/// A listener call, as the suite records it from either API.
enum ListenerEvent: Hashable, Sendable {
    /// A conversation was announced (new or changed), by its V2 conversation ID.
    case conversation(String)
    /// A sync with the server finished.
    case syncFinished
    /// A message arrived, by its text.
    case message(String)
}
