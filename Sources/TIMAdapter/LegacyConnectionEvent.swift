import IMCore

/// A connection event as the legacy listeners know it (`TIMConnListener`, `TIMUserStatusListener`).
package enum LegacyConnectionEvent: Sendable, Hashable {
    /// `TIMConnListener.onConnecting`.
    case connecting
    /// `TIMConnListener.onConnSucc`.
    case connected
    /// `TIMConnListener.onConnFailed`: an attempt to connect failed.
    case connectFailed(code: Int32, message: String)
    /// `TIMUserStatusListener.onReConnFailed`: an attempt to reconnect after a loss failed.
    case reconnectFailed(code: Int32, message: String)
    /// `TIMConnListener.onDisconnect`: an open connection was lost.
    case disconnected(code: Int32, message: String)
    /// `TIMUserStatusListener.onForceOffline`: another login took over; logged out.
    case forceOffline
    /// `TIMUserStatusListener.onUserSigExpired`: the signature expired; logged out.
    case userSigExpired

    /// The legacy events of one core connection event, in the order the listeners hear them: a
    /// failed reconnect is both a failed connect and a failed reconnect.
    static func events(of event: ConnectionEvent) -> [LegacyConnectionEvent] {
        switch event {
        case .connecting: return [.connecting]
        case .connected: return [.connected]
        case .connectFailed(let error, let reconnect):
            let failed = LegacyConnectionEvent.connectFailed(code: error.code.rawValue, message: error.message)
            return reconnect ? [failed, .reconnectFailed(code: error.code.rawValue, message: error.message)] : [failed]
        case .disconnected(let error): return [.disconnected(code: error.code.rawValue, message: error.message)]
        case .kickedOffline: return [.forceOffline]
        case .userSigExpired: return [.userSigExpired]
        }
    }
}
