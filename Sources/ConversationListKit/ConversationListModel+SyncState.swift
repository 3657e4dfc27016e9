import ImSDK_Plus

extension ConversationListModel {
    /// Where the list stands with the server, for a header line ("Connecting...", "Updating...").
    public enum SyncState: Equatable, Sendable {
        /// Nothing heard yet (the model was made after the login's sync).
        case unknown
        /// A connection to the server is being opened (a login, a reconnect).
        case connecting
        /// Connected; the list is being brought up to date.
        case syncing
        /// Connected, and the last sync finished: the list is what the server says.
        case upToDate
        /// The last sync failed; the SDK retries with backoff. The rows are the local ones.
        case syncFailed
        /// The connection failed or was lost with the vendor `code`; the SDK reconnects.
        case disconnected(code: Int32)
        /// The login ended (another device took over, or the signature expired): log in again.
        case loggedOut
    }

    /// Where the list stands with the server, from the SDK's connection and sync events since the
    /// model was made.
    public var syncState: SyncState { state.withLock { $0.syncState } }

    /// Called on the callback queue when `syncState` changes.
    public var onSyncStateChange: ((SyncState) -> Void)? {
        get { state.withLock { $0.onSyncStateChange } }
        set { state.withLock { $0.onSyncStateChange = newValue } }
    }
}
