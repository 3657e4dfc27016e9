import Foundation
import IMCore
import ImSDK_Plus

/// Awaits a succ/fail API call that has no result; throws the `V2TIMError` that `fail` reported.
public func call(_ start: (@escaping V2TIMSucc, @escaping V2TIMFail) -> Void) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
        start({ continuation.resume() }, { code, desc in continuation.resume(throwing: V2TIMError(code: code, desc: desc ?? "")) })
    }
}

/// Awaits a call expected to fail and returns its code (or -1 if it succeeded).
public func failureCode(_ start: (@escaping V2TIMSucc, @escaping V2TIMFail) -> Void) async -> Int32 {
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
public final class SteppingClock: @unchecked Sendable {
    private let now: Locked<UInt64>

    public init(start: UInt64) {
        now = Locked(start)
    }

    /// The next second.
    public func next() -> UInt64 {
        now.withLock { value in
            value += 1
            return value
        }
    }
}
