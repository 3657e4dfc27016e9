import Foundation
import IMCore
import IMTransportKit

/// What an experimental call hands its `succ`: the call's result, or nil.
public typealias V2TIMCallExperimentalAPISucc = (NSObject?) -> Void

/// The vendor's experimental calls (`callExperimentalAPI`), as its own code makes them: the Flutter
/// plugin calls `"setUIPlatform"` before `initSDK` and initialises inside its `succ`, and writes
/// its logs through `"writeLog"`.
extension V2TIMManager {
    /// The experimental calls answered here, each on the callback queue, also before `initSDK`:
    /// - `"setUIPlatform"`, `"reportTUIComponentUsage"`, `"setTestEnvironment"`: accepted, with no
    ///   effect here (they tell the vendor's cloud about the app); `succ(nil)`.
    /// - `"writeLog"`: `param` (a `String`) goes to the SDK's log at info level; `succ(nil)`.
    /// - `"isCommercialAbilityEnabled"`: `succ(NSNumber(true))`: every feature here is available.
    ///
    /// - Errors: 6017 `ERR_INVALID_PARAMETERS` for any other `api` (or a nil one), and for a
    ///   `"writeLog"` whose `param` is not a string.
    public func callExperimentalAPI(
        api: String!, param: NSObject?, succ: V2TIMCallExperimentalAPISucc?, fail: V2TIMFail? = nil
    ) {
        let result: NSObject?
        switch api ?? "" {
        case "setUIPlatform", "reportTUIComponentUsage", "setTestEnvironment":
            result = nil
        case "writeLog":
            guard let text = param as? String ?? (param as? NSString).map({ $0 as String }) else {
                reportNow(IMError(.invalidParameters, "writeLog takes a string"), to: fail)
                return
            }
            session.logger.log(.info, text)
            result = nil
        case "isCommercialAbilityEnabled":
            result = NSNumber(value: true)
        default:
            reportNow(IMError(.invalidParameters, "unknown experimental API '\(api ?? "")'"), to: fail)
            return
        }
        let answer = Unchecked((succ, result))
        callbackQueue.async { answer.value.0?(answer.value.1) }
    }

    /// `callExperimentalAPI(api:param:succ:fail:)` under its pre-annotation name (the vendor's
    /// Flutter plugin calls it so, also with `succ` as a trailing closure).
    @available(*, deprecated, renamed: "callExperimentalAPI(api:param:succ:fail:)")
    @_disfavoredOverload
    public func callExperimentalAPI(
        _ api: String!, param: NSObject?, succ: V2TIMCallExperimentalAPISucc?, fail: V2TIMFail? = nil
    ) {
        callExperimentalAPI(api: api, param: param, succ: succ, fail: fail)
    }
}
