import Foundation

/// Wall-clock timing for the benchmark (single runs and means of repeated runs), the demo's step
/// deadlines and the conformance run: `DispatchTime`, where `ContinuousClock` would need macOS 13.
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
            if elapsed >= minimum || runs >= 1 << 40 { return elapsed / Double(runs) }
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

/// Keeps a value for the optimiser: its bytes go to a call it cannot see into (`clobber`), so the
/// work that produced the value is not removed. (An empty function is not enough: the optimiser
/// drops an argument the callee never reads, and then the work.) It takes the value over
/// (`consuming`), so keeping it copies nothing: a copy would retain every reference in it and
/// release them again (a `ChangeBatch`'s arrays, a page's rows), work the subject measured never did.
@inline(never)
func blackHole<T>(_ value: consuming T) {
    clobber(&value)
}

/// Tells the optimiser that `value` may have changed, so a computation on it inside a timing loop
/// is not hoisted out of the loop and done once (a sum over an array would otherwise be).
///
/// The call goes through `opaqueWriter`, a closure chosen at run time, so the optimiser has to
/// assume it writes through the pointer; it never does.
@inline(never)
func clobber<T>(_ value: inout T) {
    withUnsafeMutableBytes(of: &value) { bytes in
        if let address = bytes.baseAddress { opaqueWriter(address) }
    }
}

/// A closure the optimiser cannot see through: the branch that writes is never taken (the argument
/// count is never negative), but that is only known at run time.
private let opaqueWriter: @Sendable (UnsafeMutableRawPointer) -> Void = {
    if CommandLine.argc < 0 { return { address in address.storeBytes(of: 0, as: UInt8.self) } }
    return { _ in }
}()
