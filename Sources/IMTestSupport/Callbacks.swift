import Foundation
import IMCore
import IMTransportKit
import ImSDK_Plus

/// Awaits a succ/fail API call that has no result; throws the `V2TIMError` that `fail` reported.
package func call(_ start: (@escaping V2TIMSucc, @escaping V2TIMFail) -> Void) async throws {
    try await callValue { (succ: @escaping (()) -> Void, fail) in start({ succ(()) }, fail) }
}

/// Awaits a succ/fail API call whose `succ` delivers an optional value, as the vendor's block
/// parameters are; throws the `V2TIMError` that `fail` reported, and fails the test's expectation of
/// a value (code -1) when `succ` got nil.
@_disfavoredOverload
package func callValue<T>(_ start: (@escaping (T?) -> Void, @escaping V2TIMFail) -> Void) async throws -> T {
    try await callValue { (succ: @escaping (T) -> Void, fail: @escaping V2TIMFail) in
        start({ value in
            if let value { succ(value) } else { fail(-1, "succ was called with nil") }
        }, fail)
    }
}

/// Awaits a succ/fail API call whose `succ` delivers a value; throws the `V2TIMError` that `fail`
/// reported. The value is handed over as `handOver` does.
package func callValue<T>(_ start: (@escaping (T) -> Void, @escaping V2TIMFail) -> Void) async throws -> T {
    try await handOver { (finish: @escaping @Sendable (Result<T, V2TIMError>) -> Void) in
        start({ finish(.success($0)) }, { code, desc in finish(.failure(V2TIMError(code: code, desc: desc ?? ""))) })
    }
}

/// Awaits the one result `start` reports (on any thread) and returns it, or throws its error.
///
/// The result is handed over through a lock, not through the continuation: ThreadSanitizer sees a
/// lock's ordering but not the one the Swift concurrency runtime makes on Linux (the runtime is not
/// instrumented), and would report the caller's reads of what was built on the reporting thread as
/// races.
package func handOver<T, E: Error>(_ start: (@escaping @Sendable (Result<T, E>) -> Void) -> Void) async throws -> T {
    let outcome = HandOverSlot<Result<T, E>>()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        start { result in
            outcome.put(result)
            continuation.resume()
        }
    }
    return try outcome.take()!.get()
}

/// Awaits a call expected to fail and returns its code (or -1 if it succeeded).
package func failureCode(_ start: (@escaping V2TIMSucc, @escaping V2TIMFail) -> Void) async -> Int32 {
    do {
        try await call(start)
        return -1
    } catch let error as V2TIMError {
        return error.code
    } catch {
        return -2
    }
}

/// A server clock that advances one second on every reading, for deterministic timestamps.
package final class SteppingClock: @unchecked Sendable {
    private let now: Locked<UInt64>

    package init(start: UInt64) {
        now = Locked(start)
    }

    /// The next second.
    package func next() -> UInt64 {
        now.withLock { value in
            value += 1
            return value
        }
    }
}
