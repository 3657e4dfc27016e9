import IMTransportKit
import TIMAdapter

/// The legacy group manager: here, the group receive option (how legacy apps mute a group).
/// Groups themselves are managed on the server (`IMReferenceServer` for this package).
public final class TIMGroupManager: Sendable {
    private static let instance = TIMGroupManager()

    /// The process-wide group manager (over the session `TIMManager` drives).
    public static func sharedInstance() -> TIMGroupManager! { instance }

    private var bridge: LegacyBridge { .shared }

    /// Sets how the messages of group `groupId` are received; kept on the server and applied to the
    /// group's conversation on every device of the user (the V2 `setGroupReceiveMessageOpt`).
    /// `GROUP_NOT_RECEIVE_MESSAGE` stops the group's messages; `GROUP_RECEIVE_NOT_NOTIFY_MESSAGE`
    /// receives them without offline push, and they no longer count in the V2 total.
    /// - Returns: 0 when the request went out, else the error code (also reported to `fail`).
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS` (returned): a nil or empty `groupId`.
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN` (returned): not logged in.
    ///   - 10010 `IMError.Code.unknownGroup` (server): the group does not exist.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the option could not be written to local storage (it
    ///     stands).
    @discardableResult
    public func modifyReceiveMessageOpt(
        _ groupId: String!, opt: TIMGroupReceiveMessageOpt, succ: TIMSucc!, fail: TIMFail!
    ) -> Int32 {
        let callbacks = Unchecked((succ as TIMSucc?, fail as TIMFail?))
        return bridge.setGroupReceiveOption(groupId, legacy: opt.rawValue) { callbacks.finish($0) }
    }

    /// `modifyReceiveMessageOpt(_:opt:succ:fail:)` under its name before SDK 4.4.716, misspelled
    /// as the headers had it.
    /// - Errors: as `modifyReceiveMessageOpt(_:opt:succ:fail:)`.
    @discardableResult
    public func modifyReciveMessageOpt(
        _ groupId: String!, opt: TIMGroupReceiveMessageOpt, succ: TIMSucc!, fail: TIMFail!
    ) -> Int32 {
        modifyReceiveMessageOpt(groupId, opt: opt, succ: succ, fail: fail)
    }

    /// Reads how the messages of group `groupId` are received, as the server keeps it for the user
    /// (what `modifyReceiveMessageOpt` set on any of the user's devices, or the V2
    /// `setGroupReceiveMessageOpt`); a V2 "except @" option reads as the option it extends.
    /// - Returns: 0 when the request went out, else the error code (also reported to `fail`).
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS` (returned): a nil or empty `groupId`.
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN` (returned): not logged in.
    ///   - 10010 `IMError.Code.unknownGroup` (server): the group does not exist.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    @discardableResult
    public func getReceiveMessageOpt(_ groupId: String!, succ: TIMGroupReciveMessageOptSucc!, fail: TIMFail!) -> Int32 {
        let callbacks = Unchecked((succ as TIMGroupReciveMessageOptSucc?, fail as TIMFail?))
        return bridge.groupReceiveOption(groupId) { result in
            switch result {
            case .success(let raw): callbacks.value.0?(TIMGroupReceiveMessageOpt(rawValue: raw) ?? .GROUP_RECEIVE_MESSAGE)
            case .failure(let error): callbacks.value.1?(error.code.rawValue, error.message)
            }
        }
    }

    /// `getReceiveMessageOpt(_:succ:fail:)` under its name in the 3.x and 4.x headers, misspelled.
    /// - Errors: as `getReceiveMessageOpt(_:succ:fail:)`.
    @discardableResult
    public func getReciveMessageOpt(_ groupId: String!, succ: TIMGroupReciveMessageOptSucc!, fail: TIMFail!) -> Int32 {
        getReceiveMessageOpt(groupId, succ: succ, fail: fail)
    }
}
