import IMTransportKit

extension IMError {
    /// Calls a vendor-shaped `fail` closure with this error.
    func report(to fail: V2TIMFail?) {
        fail?(code.rawValue, message)
    }

    /// This error as the `async` variants throw it.
    var v2: V2TIMError { V2TIMError(code: code.rawValue, desc: message) }
}

extension Unchecked where Value == (V2TIMSucc?, V2TIMFail?) {
    /// Calls `succ` or `fail` for `result`.
    func finish<T>(_ result: Result<T, IMError>) {
        switch result {
        case .success: value.0?()
        case .failure(let error): error.report(to: value.1)
        }
    }
}
