/// Waits for a call in the vendors' `succ` / `fail` shape and returns its outcome.
///
/// `start` makes the call, passing on the two closures; exactly one of them must be called once.
func outcome(
    of start: (_ succ: @escaping () -> Void, _ fail: @escaping (Int32, String?) -> Void) -> Void
) async -> StepOutcome {
    await withCheckedContinuation { continuation in
        start({ continuation.resume(returning: .ok) }, { code, _ in continuation.resume(returning: .failed(code)) })
    }
}
