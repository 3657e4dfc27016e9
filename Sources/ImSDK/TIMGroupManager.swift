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
}
