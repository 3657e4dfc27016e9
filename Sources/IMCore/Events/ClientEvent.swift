import IMTransportKit

/// What an `IMClient` tells the facades, in order, on its callback queue.
package enum ClientEvent: Sendable {
    /// A sync with the server started (login, reconnect).
    case syncStarted
    /// The sync finished; the store now reflects the server.
    case syncFinished
    /// The sync failed (it is retried); also what reports the local database's troubles: a
    /// damaged file replaced (6019), and the first write of a failure episode the disk refused
    /// (`ioOperationFailed`, 6022; see `IMClient.writeState(_:)`).
    case syncFailed(IMError)
    /// One atomic batch of changes.
    case changes(ChangeBatch)
    /// The connection to the server changed state (the SDK listeners: V2 `V2TIMSDKListener`,
    /// legacy `TIMConnListener` and `TIMUserStatusListener`).
    case connection(ConnectionEvent)
    /// The user's receive option for every conversation changed, on this device or another
    /// (V2 `onAllReceiveMessageOptChanged`).
    case globalReceiveOption(GlobalReceiveOption)
    /// Receivers read messages of the user's that asked for read receipts (on any device of the
    /// user: the server pushes to all that are connected), each message's receipts after it
    /// (V2 `onRecvMessageReadReceipts`).
    case messageReadReceipts([MessageReadReceipt])
    /// An online message (`OutgoingMessage.onlineUserOnly`) from another user or from my other
    /// device, with its conversation's profile: for the new-message listeners only; stored
    /// nowhere, and no conversation changes.
    case onlineMessage(Message, profile: ConversationProfile)
}

/// What happened to the connection of a login.
package enum ConnectionEvent: Sendable, Hashable {
    /// A connection is being opened: at login (`reconnect` false) or after a loss (true).
    case connecting(reconnect: Bool)
    /// The connection is open (the sync follows).
    case connected
    /// An attempt to open a connection failed; another follows with backoff when `reconnect` (a
    /// failed first attempt fails the login instead; a reconnect refused for an expired signature
    /// is followed by `.userSigExpired`).
    case connectFailed(IMError, reconnect: Bool)
    /// An open connection was lost (network, server restart); reconnecting follows.
    case disconnected(IMError)
    /// Another login of the same user took over (the server's login policy, or an admin kick):
    /// the session is logged out.
    case kickedOffline
    /// The server expired the login's signature: the session is logged out.
    case userSigExpired
}

extension ConnectionEvent {
    /// The event that ends a login lost, or refused a reconnect, with `error`: `.kickedOffline` for
    /// `kickedOff` (6208), `.userSigExpired` for a refused credential (`userSigExpired` 6206, or
    /// the server's UserSig codes such as 70001 expired: `IMError.Code.refusesUserSig`); nil for
    /// any other error, which is worth reconnecting after.
    package init?(endingLoginWith error: IMError) {
        if error.code == .kickedOff {
            self = .kickedOffline
        } else if error.code.refusesUserSig {
            self = .userSigExpired
        } else {
            return nil
        }
    }

    /// Whether the event ends the login (the client stopped; the session is logged out).
    package var endsLogin: Bool {
        switch self {
        case .kickedOffline, .userSigExpired: true
        case .connecting, .connected, .connectFailed, .disconnected: false
        }
    }
}
