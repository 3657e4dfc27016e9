/// One situation `imsdk converge` measures: a user with many conversations on two devices, A
/// online on a perfect network and B losing pushes, offline, or both; traffic from peers and
/// reads on A.
struct ConvergeScenario: Equatable, Sendable {
    /// How B misses changes.
    enum Kind: Equatable, Sendable {
        /// B stays online (no reconnect) and loses each push with probability `loss`.
        case onlineBehindLoss
        /// B is disconnected (its reconnects fail) while the messages arrive, then reconnects.
        case offlineThenReconnect
        /// A reads a conversation with 3 unread messages; the one push to B is lost, and nothing
        /// else happens.
        case lostLastPush
    }

    let name: String
    let kind: Kind
    /// Peers, each with a C2C conversation with the user.
    let conversations: Int
    /// Messages from peers during the scenario (every conversation gets at least one).
    let messages: Int
    /// The probability that a push to B is lost.
    let loss: Double

    /// The scenarios of a run: the figures, or small ones for `--smoke`.
    static func all(smoke: Bool) -> [ConvergeScenario] {
        [
            ConvergeScenario(name: "online, push loss, no reconnect", kind: .onlineBehindLoss,
                             conversations: smoke ? 30 : 250, messages: smoke ? 200 : 2_000,
                             loss: smoke ? 0.05 : 0.02),
            ConvergeScenario(name: "online, heavy push loss, no reconnect", kind: .onlineBehindLoss,
                             conversations: smoke ? 30 : 250, messages: smoke ? 200 : 2_000, loss: 0.2),
            ConvergeScenario(name: "offline, then reconnect", kind: .offlineThenReconnect,
                             conversations: smoke ? 20 : 200, messages: smoke ? 300 : 10_000, loss: 0),
            ConvergeScenario(name: "lost last push", kind: .lostLastPush, conversations: 1, messages: 3, loss: 1),
        ]
    }
}

/// What one scenario measured.
struct ConvergeResult: Sendable {
    let scenario: ConvergeScenario
    /// Pushes to B that were lost.
    let pushesLost: Int
    /// Conversations B showed differently from the server when the traffic ended (when it was
    /// let reconnect, for B offline).
    let differing: Int
    /// Seconds from the end of the traffic (or from letting B reconnect) until A, B and the server
    /// showed the same list; nil when they did not within the time limit.
    let seconds: Double?
    /// Messages B announced (`onRecvNewMessage`), each counted once.
    let heard: Int
    /// Announcements beyond the first of a message.
    let duplicates: Int
    /// Messages delivered to the user while B was logged in.
    let sent: Int
    /// Whether A, B and the server show the same conversations at the end.
    let agree: Bool

    /// Whether the scenario converged in time, with every message heard once.
    var passed: Bool { seconds != nil && agree && heard == sent && duplicates == 0 }
}
