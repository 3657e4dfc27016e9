/// The network faults a `FaultInjectingTransport` injects: a rate per kind of fault, and a seed.
///
/// Each rate is the probability, decided independently per push or per request, that the fault
/// happens (0: never, 1: always; values outside 0...1 act as the nearest bound). The same seed and
/// the same sequence of calls on a connection give the same decisions.
/// - Thread safety: a value type, `Sendable`.
public struct IMFaults: Sendable, Hashable {
    /// Per push: the push is lost.
    public var drop: Double
    /// Per push: the push is delivered twice in a row (with the same version).
    public var duplicate: Double
    /// Per push: the push is held back and delivered right after the connection's next push, or on
    /// its own after `reorderWindow` milliseconds if no push comes meanwhile.
    public var reorder: Double
    /// Per push and per response: it is delivered between 1 and `maxDelay` milliseconds later.
    /// Later deliveries wait for it, so delays never change the order.
    public var delay: Double
    /// The longest injected delay, in milliseconds.
    public var maxDelay: Int
    /// How long a reordered push waits for a successor before it is delivered anyway, in milliseconds.
    public var reorderWindow: Int
    /// Per request: the request fails with `networkFailure` without reaching the server.
    public var requestLost: Double
    /// Per request: the server receives and applies the request, but the caller gets `networkFailure`.
    public var responseLost: Double
    /// Per push and per request: the connection drops (see `FaultInjectingTransport`); the push is not
    /// delivered and the request does not reach the server.
    public var disconnect: Double
    /// Seeds the decisions; connection n of a transport draws from a generator derived from it and n.
    public var seed: UInt64

    /// Faults with the given rates (each 0 unless given).
    ///
    /// - Parameters:
    ///   - maxDelay: the longest injected delay, in milliseconds.
    ///   - reorderWindow: how long a reordered push waits for a successor, in milliseconds.
    public init(
        drop: Double = 0, duplicate: Double = 0, reorder: Double = 0, delay: Double = 0,
        maxDelay: Int = 50, reorderWindow: Int = 20,
        requestLost: Double = 0, responseLost: Double = 0, disconnect: Double = 0,
        seed: UInt64 = 0
    ) {
        self.drop = drop
        self.duplicate = duplicate
        self.reorder = reorder
        self.delay = delay
        self.maxDelay = maxDelay
        self.reorderWindow = reorderWindow
        self.requestLost = requestLost
        self.responseLost = responseLost
        self.disconnect = disconnect
        self.seed = seed
    }

    /// No faults: the transport passes everything through unchanged.
    public static let none = IMFaults()

    /// Every kind of fault at `rate`.
    ///
    /// - Parameters:
    ///   - rate: the probability of each fault, in 0...1.
    ///   - maxDelay: the longest injected delay, in milliseconds.
    ///   - seed: seeds the decisions.
    public static func uniform(_ rate: Double, maxDelay: Int = 50, seed: UInt64) -> IMFaults {
        IMFaults(
            drop: rate, duplicate: rate, reorder: rate, delay: rate, maxDelay: maxDelay,
            requestLost: rate, responseLost: rate, disconnect: rate, seed: seed)
    }
}

extension IMFaults {
    /// How many faults of each kind a `FaultInjectingTransport` injected so far.
    ///
    /// - Thread safety: a value type, `Sendable`.
    public struct Counts: Sendable, Hashable {
        /// Pushes lost.
        public var dropped = 0
        /// Pushes delivered a second time.
        public var duplicated = 0
        /// Pushes held back to be delivered after the next one (or after the reorder window).
        public var reordered = 0
        /// Pushes and responses delivered late.
        public var delayed = 0
        /// Requests failed without reaching the server.
        public var requestsLost = 0
        /// Requests applied by the server whose responses were replaced by `networkFailure`.
        public var responsesLost = 0
        /// Connections dropped, by a `disconnect` decision or by `disconnectAll()`.
        public var disconnects = 0
        /// Connects failed by `failNextConnects(_:with:)`.
        public var connectsFailed = 0

        public init() {}
    }
}
