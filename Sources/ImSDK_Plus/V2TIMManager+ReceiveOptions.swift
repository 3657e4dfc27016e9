import Foundation
import IMCore
import IMTransportKit

/// The receive options of C2C users, read back; one list element per user.
public typealias V2TIMReceiveMessageOptListSucc = ([V2TIMReceiveMessageOptInfo]?) -> Void
/// The global receive option.
public typealias V2TIMReceiveMessageOptSucc = (V2TIMReceiveMessageOptInfo?) -> Void

/// A receive option as the server keeps it: a C2C user's (`userID`, `receiveOpt`), or the logged-in
/// user's global one (`receiveOpt` and its do-not-disturb window).
open class V2TIMReceiveMessageOptInfo: NSObject {
    /// The user the option is for (C2C options; nil for the global option).
    public var userID: String!
    /// The window's daily start: hour, minute, second (when `startTimeStamp` is 0).
    public var startHour: Int = 0
    public var startMinute: Int = 0
    public var startSecond: Int = 0
    /// The window's start as a UTC timestamp in seconds; 0: use the daily start.
    public var startTimeStamp: Int = 0
    /// The window's length in seconds.
    public var duration: Int = 0
    /// The receive option.
    public var receiveOpt: V2TIMReceiveMessageOpt = .RECEIVE_MESSAGE

    public override init() {}

    /// The V2 view of the global receive option.
    init(_ option: GlobalReceiveOption) {
        receiveOpt = V2TIMReceiveMessageOpt(rawValue: Int(option.option.rawValue)) ?? .RECEIVE_MESSAGE
        startHour = Int(option.startHour)
        startMinute = Int(option.startMinute)
        startSecond = Int(option.startSecond)
        startTimeStamp = Int(option.startTimestamp)
        duration = Int(option.duration)
        super.init()
    }
}

extension V2TIMManager {
    /// The receive option of C2C messages from each of these users (1 to 30), from the server: what
    /// `setC2CReceiveMessageOpt(userIDList:opt:succ:fail:)` set, also for users with no
    /// conversation here. One server request; the list is in the order asked.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty list, more than 30 IDs, or an empty ID (checked
    ///     first, also before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 20003 `IMError.Code.unknownUser` (server): a user ID that is not registered.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    public func getC2CReceiveMessageOpt(
        userIDList: [String]!, succ: V2TIMReceiveMessageOptListSucc?, fail: V2TIMFail?
    ) {
        let userIDList = userIDList ?? []
        guard Self.isValidC2CUserIDList(userIDList) else {
            reportNow(Self.invalidC2CUserIDList, to: fail)
            return
        }
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client in
            client.receiveOptions(of: userIDList.map { .c2c($0) }) { result in
                switch result {
                case .success(let options):
                    callbacks.value.0?(zip(userIDList, options).map { userID, option in
                        let info = V2TIMReceiveMessageOptInfo()
                        info.userID = userID
                        info.receiveOpt = V2TIMReceiveMessageOpt(rawValue: Int(option.rawValue)) ?? .RECEIVE_MESSAGE
                        return info
                    })
                case .failure(let error):
                    error.report(to: callbacks.value.1)
                }
            }
        }
    }

    /// Sets the receive option of every conversation, with a daily do-not-disturb window: from
    /// `startHour:startMinute:startSecond` each day for `duration` seconds (86,400 or more: from
    /// then on, for good). Online messages arrive as always; what the window stops is offline push
    /// notifications, so no unread count or event changes. Kept on the server, for every device of
    /// the user. One server request.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an option other than `RECEIVE_MESSAGE` and
    ///     `RECEIVE_NOT_NOTIFY_MESSAGE`, an hour outside 0-23, a minute or second outside 0-59
    ///     (checked first, also before `initSDK`).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    public func setAllReceiveMessageOpt(
        opt: V2TIMReceiveMessageOpt, startHour: Int32, startMinute: Int32, startSecond: Int32, duration: UInt32,
        succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) {
        setGlobalReceiveOption(opt, succ: succ, fail: fail) { option in
            GlobalReceiveOption(
                option: option, startHour: startHour, startMinute: startMinute, startSecond: startSecond,
                duration: duration)
        }
    }

    /// Sets the receive option of every conversation, with a do-not-disturb window from the UTC
    /// timestamp `startTimeStamp` (seconds) for `duration` seconds; otherwise as
    /// `setAllReceiveMessageOpt(opt:startHour:startMinute:startSecond:duration:succ:fail:)`.
    /// - Errors: as that call (6017 for an option other than `RECEIVE_MESSAGE` and
    ///   `RECEIVE_NOT_NOTIFY_MESSAGE`).
    public func setAllReceiveMessageOpt(
        opt: V2TIMReceiveMessageOpt, startTimeStamp: UInt32, duration: UInt32, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) {
        setGlobalReceiveOption(opt, succ: succ, fail: fail) { option in
            GlobalReceiveOption(option: option, startTimestamp: startTimeStamp, duration: duration)
        }
    }

    /// `setAllReceiveMessageOpt(opt:startTimeStamp:duration:succ:fail:)` with `Int` values, as the
    /// vendor's Swift-SDK samples pass them.
    /// - Errors: as that call; 6017 also for a value outside 0...`UInt32.max`.
    public func setAllReceiveMessageOpt(
        opt: V2TIMReceiveMessageOpt, startTimeStamp: Int, duration: Int, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) {
        guard let start = UInt32(exactly: startTimeStamp), let length = UInt32(exactly: duration) else {
            reportNow(IMError(.invalidParameters, "startTimeStamp and duration are 0...\(UInt32.max)"), to: fail)
            return
        }
        setAllReceiveMessageOpt(opt: opt, startTimeStamp: start, duration: length, succ: succ, fail: fail)
    }

    /// The receive option of every conversation and its do-not-disturb window, from the server
    /// (`RECEIVE_MESSAGE` with no window until one is set). One server request.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    public func getAllReceiveMessageOpt(succ: V2TIMReceiveMessageOptSucc?, fail: V2TIMFail?) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client in
            client.globalReceiveOption { result in
                switch result {
                case .success(let option):
                    callbacks.value.0?(V2TIMReceiveMessageOptInfo(option))
                case .failure(let error):
                    error.report(to: callbacks.value.1)
                }
            }
        }
    }

    /// Validates and sends a global receive option that `make` builds from the core option.
    private func setGlobalReceiveOption(
        _ opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail?,
        _ make: (ReceiveOption) -> GlobalReceiveOption
    ) {
        guard let option = ReceiveOption(rawValue: Int32(opt.rawValue)), make(option).isValid else {
            reportNow(IMError(.invalidParameters, "the global option is RECEIVE_MESSAGE or RECEIVE_NOT_NOTIFY_MESSAGE, "
                + "with an hour 0-23 and a minute and second 0-59"), to: fail)
            return
        }
        let global = make(option)
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client in
            client.setGlobalReceiveOption(global) { callbacks.finish($0) }
        }
    }
}
