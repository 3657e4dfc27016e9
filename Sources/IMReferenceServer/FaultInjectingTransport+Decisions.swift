import IMTransportKit

extension FaultInjectingTransport {
    /// The faults decided for one push.
    struct PushDecision {
        var disconnect: Bool
        var drop: Bool
        var duplicate: Bool
        var reorder: Bool
        /// Milliseconds, 0 for none.
        var delay: Int
    }

    /// The faults decided for one request.
    struct RequestDecision {
        var disconnect: Bool
        var requestLost: Bool
        var responseLost: Bool
        /// Milliseconds the response is held, 0 for none.
        var delay: Int
    }

    /// Draws fault decisions from a SplitMix64 stream: a fixed number of draws per push and per
    /// request, whatever the rates, so one decision never shifts the draws of the next.
    ///
    /// - Thread safety: a value type; use one variable from one thread at a time.
    struct Decider {
        private let faults: IMFaults
        private var random: SplitMix64

        /// The decider of connection `number` of a transport injecting `faults`.
        init(faults: IMFaults, connection number: UInt64) {
            self.faults = faults
            self.random = SplitMix64(seed: SplitMix64.mix(faults.seed &+ SplitMix64.mix(number &+ 1)))
        }

        mutating func nextPush() -> PushDecision {
            PushDecision(
                disconnect: happens(faults.disconnect), drop: happens(faults.drop),
                duplicate: happens(faults.duplicate), reorder: happens(faults.reorder),
                delay: delay())
        }

        mutating func nextRequest() -> RequestDecision {
            RequestDecision(
                disconnect: happens(faults.disconnect), requestLost: happens(faults.requestLost),
                responseLost: happens(faults.responseLost), delay: delay())
        }

        /// Two draws: whether to delay, and by how much.
        private mutating func delay() -> Int {
            let delayed = happens(faults.delay)
            let amount = next()
            guard delayed, faults.maxDelay > 0 else { return 0 }
            return 1 + Int(amount % UInt64(faults.maxDelay))
        }

        private mutating func happens(_ rate: Double) -> Bool {
            Double(next() >> 11) * 0x1p-53 < rate
        }

        private mutating func next() -> UInt64 {
            random.next()
        }
    }
}
