import Foundation
import IMCore
import IMTransportKit
import ImSDK_Plus

/// What one call did, as a bad-input table compares it.
package enum Outcome: Hashable, Sendable, CustomStringConvertible {
    /// `fail` ran with this code (and a returned status, if the method has one, agreed).
    case failed(Int32)
    /// `succ` ran; the text describes what it got (empty when nothing).
    case succeeded(String = "")
    /// A synchronous method returned this (described).
    case returned(String)
    /// Neither callback ran before the deadline.
    case noCallback
    /// The call disagreed with itself (a returned status other than the code `fail` got).
    case inconsistent(String)

    package var description: String {
        switch self {
        case .failed(let code): return "failed \(code)"
        case .succeeded(let text): return text.isEmpty ? "succeeded" : "succeeded \(text)"
        case .returned(let text): return "returned \(text)"
        case .noCallback: return "no callback"
        case .inconsistent(let text): return "inconsistent: \(text)"
        }
    }
}

/// The kinds of argument a bad-input table tries, so its rows read as "method x argument class".
package enum ArgumentClass: String, Sendable, CaseIterable {
    case valid
    case empty
    case nilValue = "nil"
    case malformedID = "malformed ID"
    case unknownID = "unknown ID"
    case huge = "1 MB string"
    case nfd = "NFD unicode"
    case emoji
    case rtl = "right-to-left"
    case zeroWidth = "zero-width"
    case nulByte = "NUL byte"
    case sqlFragment = "SQL fragment"
    case zeroCount = "zero count"
    case negativeCount = "negative count"
    case hugeCount = "huge count"
    case tooMany = "too many"
    case invalidValue = "invalid value"
    case wrongMessage = "message of another kind"
}

/// Strings that have broken text handling somewhere: one per odd argument class.
package enum OddStrings {
    /// `text` cut for a failure message: a 1 MB string must not flood the log.
    package static func short(_ text: String) -> String {
        text.utf8.count <= 40 ? text : "\(text.prefix(20))...(\(text.utf8.count) bytes)"
    }

    /// One mebibyte of ASCII.
    package static let huge = String(repeating: "x", count: 1 << 20)
    /// "é" decomposed (e + combining acute): canonically equal to "\u{E9}", not byte-equal.
    package static let nfd = "caf\u{65}\u{301}"
    /// A family emoji (one grapheme, many scalars).
    package static let emoji = "👩‍👩‍👧‍👦"
    /// Hebrew text and a right-to-left override.
    package static let rtl = "\u{202E}שלום"
    /// A name with a zero-width space and a zero-width joiner inside.
    package static let zeroWidth = "a\u{200B}b\u{200D}"
    /// A name with a NUL byte in the middle (C strings would end there).
    package static let nulByte = "a\u{0}b"
    /// SQL that would do harm if it were ever interpolated.
    package static let sqlFragment = "'); DROP TABLE conversations;--"

    /// Each odd class with its string, for rows that try them all.
    package static let all: [(ArgumentClass, String)] = [
        (.huge, huge), (.nfd, nfd), (.emoji, emoji), (.rtl, rtl), (.zeroWidth, zeroWidth),
        (.nulByte, nulByte), (.sqlFragment, sqlFragment),
    ]
}

/// Where in the SDK's life a row's call is made.
package enum SessionPhase: String, Sendable, CaseIterable {
    case beforeInit = "before init"
    case beforeLogin = "before login"
    case loggedIn = "logged in"
    /// Right after `logout` was called, before its callback.
    case duringLogout = "during logout"
    case afterLogout = "after logout"
}

/// One row of a bad-input table: a call with one kind of bad argument, in one phase, and what it
/// must do. The runner also checks that the SDK's state is unchanged and that every callback-based
/// call ended in exactly one callback.
package struct BadInputRow: Sendable, CustomStringConvertible {
    package let method: String
    package let argument: ArgumentClass
    package let phase: SessionPhase
    package let expected: Outcome
    package let run: @Sendable (CallRecorder) async -> Outcome
    package let file: StaticString
    package let line: UInt

    package init(
        _ method: String, _ argument: ArgumentClass, _ phase: SessionPhase = .loggedIn, expect expected: Outcome,
        file: StaticString = #filePath, line: UInt = #line, _ run: @escaping @Sendable (CallRecorder) async -> Outcome
    ) {
        self.method = method
        self.argument = argument
        self.phase = phase
        self.expected = expected
        self.run = run
        self.file = file
        self.line = line
    }

    package var description: String { "\(method) [\(argument.rawValue), \(phase.rawValue)]" }
}

/// Runs succ/fail calls for table rows: waits for the first callback (with a deadline, so a lost
/// callback fails a row instead of hanging the suite) and counts every callback, so a runner can
/// check afterwards that each call ended exactly once.
///
/// - Thread safety: callbacks may run on any queue.
package final class CallRecorder: @unchecked Sendable {
    private let probes = Locked<[Probe]>([])
    private let timeout: TimeInterval

    package init(timeout: TimeInterval = 5) {
        self.timeout = timeout
    }

    /// How many times each call so far ended (succ or fail), in call order.
    package var callbackCounts: [Int] { probes.withLock { $0 }.map(\.count) }

    /// Calls `start` with a `succ` that takes a description of its result and a `fail`; returns the
    /// first of them to run.
    package func callback(
        _ start: (_ succ: @escaping (String) -> Void, _ fail: @escaping (Int32, String?) -> Void) -> Void
    ) async -> Outcome {
        let probe = Probe()
        probes.withLock { $0.append(probe) }
        start({ probe.record(.succeeded($0)) }, { code, _ in probe.record(.failed(code)) })
        return await probe.first(timeout: timeout)
    }

    /// As `callback`, for a call without a result.
    package func void(_ start: (_ succ: @escaping () -> Void, _ fail: @escaping (Int32, String?) -> Void) -> Void) async -> Outcome {
        await callback { succ, fail in start({ succ("") }, fail) }
    }

    /// A legacy call that returns a status and also reports to succ/fail: 0 when the call was
    /// accepted (the result still goes to succ or fail), else the code `fail` also gets.
    package func status(
        _ start: (_ succ: @escaping (String) -> Void, _ fail: @escaping (Int32, String?) -> Void) -> Int32
    ) async -> Outcome {
        var returned: Int32 = 0
        let outcome = await callback { succ, fail in returned = start(succ, fail) }
        switch outcome {
        case .failed(let code) where returned == 0 || code == returned: return outcome
        case .succeeded where returned == 0: return outcome
        case .noCallback: return returned == 0 ? .noCallback : .inconsistent("returned \(returned), no callback")
        default: return .inconsistent("returned \(returned), then \(outcome)")
        }
    }

    /// One call's callbacks.
    private final class Probe: @unchecked Sendable {
        private struct State {
            var count = 0
            var outcome: Outcome?
            var waiter: CheckedContinuation<Outcome, Never>?
        }

        private let state = Locked(State())

        var count: Int { state.withLock { $0.count } }

        func record(_ outcome: Outcome) {
            let waiter = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
                state.count += 1
                guard state.outcome == nil else { return nil }
                state.outcome = outcome
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: outcome)
        }

        func first(timeout: TimeInterval) async -> Outcome {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Outcome? in
                    if let outcome = state.outcome { return outcome }
                    state.waiter = continuation
                    return nil
                }
                if let ready {
                    continuation.resume(returning: ready)
                    return
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
                    let waiter = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
                        defer { state.waiter = nil }
                        return state.waiter
                    }
                    waiter?.resume(returning: .noCallback)
                }
            }
        }
    }
}

extension CallRecorder {
    /// An `async throws` call: its result described, or the code of the `V2TIMError` it threw.
    package func throwing(_ body: () async throws -> String) async -> Outcome {
        do {
            return .succeeded(try await body())
        } catch let error as V2TIMError {
            return .failed(error.code)
        } catch {
            return .inconsistent("threw \(error)")
        }
    }
}
