/// Observes the session through one API: its listeners, and its view of the conversations.
protocol Reader: Sendable {
    /// What the API's listeners heard.
    var events: EventLog { get }
    /// Registers the listeners (after the SDK is initialised, before login).
    func attach()
    /// Unregisters the listeners.
    func detach()
    /// The state the API shows now; `targets` are the conversations whose history is counted.
    func state(of targets: [Target]) async throws -> SessionState
}
