import Dispatch
import IMCore

/// Carries a value that is not `Sendable` (a user's closure, a vendor-shaped object) to the
/// callback queue. Sound because the value is only used there, after being handed over once.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension IMError {
    /// Calls a vendor-shaped `fail` closure with this error.
    func report(to fail: V2TIMFail?) {
        fail?(code.rawValue, message)
    }

    /// This error as the `async` variants throw it.
    var v2: V2TIMError { V2TIMError(code: code.rawValue, desc: message) }
}
