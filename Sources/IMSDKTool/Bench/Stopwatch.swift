import Foundation

/// Wall-clock timing for the benchmark: single runs and means of repeated runs.
enum Stopwatch {
    /// Monotonic nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Seconds since `start` (a value of `now()`).
    static func seconds(since start: UInt64) -> Double { Double(now() - start) / 1e9 }

    /// Wall time of one run of `body`, in seconds.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return seconds(since: start)
    }

    /// Mean wall time of `body`, in seconds: it runs in rounds of doubling size until the runs
    /// together took at least `minimum` seconds (one run when that run alone took longer).
    static func mean(minimum: Double, _ body: () throws -> Void) rethrows -> Double {
        var runs = 0
        var round = 1
        let start = now()
        while true {
            for _ in 0..<round { try body() }
            runs += round
            let elapsed = seconds(since: start)
            if elapsed >= minimum { return elapsed / Double(runs) }
            round *= 2
        }
    }

    /// The median of `count` single runs of `body`, in seconds.
    static func median(of count: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<count { times.append(try time(body)) }
        return times.sorted()[count / 2]
    }
}

/// Keeps a value alive for the optimiser: a call it cannot see into, so the work that produced the
/// value is not removed.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
