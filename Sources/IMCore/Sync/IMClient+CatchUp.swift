import Foundation
import IMTransportKit

/// Catching up with the server on an open connection: the heartbeat that notices a lost push no
/// later push reveals, and the server state of a conversation a push started on this device.
extension IMClient {
    /// Sends a heartbeat every `heartbeatInterval` seconds until the client stops (nothing when the
    /// interval is 0). The timer holds the client weakly: it never keeps a client alive.
    ///
    /// A heartbeat asks the server for the user's current version (`.heartbeat`, answered in O(1)).
    /// An answer ahead of the store's sync version means a push was lost (pushes and answers keep
    /// the server's order on a connection, so every push before the answer has arrived): the client
    /// syncs. One behind it means the server's data went back: the sync rebuilds the store. So a lost push with no later push to reveal it is repaired within about one interval
    /// plus a sync. A heartbeat that fails (or finds the client disconnected, or syncing) is
    /// logged and changes nothing; the connection's own loss reconnects as usual.
    func scheduleHeartbeat() {
        guard heartbeatInterval > 0 else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + heartbeatInterval) { [weak self] in
            guard let self, !self.withState({ $0.isClosed }) else { return }
            self.beat()
            self.scheduleHeartbeat()
        }
    }

    /// One heartbeat: syncs when the server's version is ahead of the store's.
    private func beat() {
        guard withState({ $0.connection != nil && !$0.isSyncing }) else { return }
        perform(.heartbeat) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.version(let version)):
                let stored = read { $0.syncVersion }
                if version > stored {
                    logger.log(.debug, "the server is at version \(version), ahead of this device: a push was lost; syncing")
                    sync()
                } else if version < stored {
                    // The sync finds the server behind it and rebuilds (`sync(login:)`).
                    logger.log(.debug, "the server is at version \(version), behind this device's \(stored); syncing")
                    sync()
                }
            case .success:
                logger.log(.warning, "unexpected answer to a heartbeat")
            case .failure(let error):
                logger.log(.info, "heartbeat failed: \(error)")
            }
        }
    }

    /// Takes the server state of `id`, which the push of message `seq` just started on this device
    /// although the server had it before (it was outside the list this device synced from scratch):
    /// its pin, receive option, read cursor and older unread messages.
    ///
    /// Only what the server held up to `seq` is applied: later messages and reads come by their own
    /// pushes (or, if lost, by a sync), which announce the messages. The answer comes after every
    /// push the server sent before it, so it is not older than what this device applied. It is
    /// applied only where the list would show something else (pin, receive option, unread count;
    /// a conversation that started again after a deletion usually shows the server's state
    /// already), and not to a conversation deleted here meanwhile; so is the peer's read point,
    /// unannounced (a receipt that came while the conversation was deleted here, which the
    /// messages a legacy deletion kept show once they are its own again). A failure is logged;
    /// the conversation shows what the push brought until its next change.
    func refresh(_ id: ConversationID, upTo seq: UInt64) {
        perform(.conversations([id])) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.conversations(let conversations)):
                guard let state = conversations.first(where: { $0.id == id }) else { return }
                guard (state.omittedUnreadCount ?? 0) > 0 else {
                    applyRefreshed(state.upTo(seq: seq))
                    return
                }
                // The answer left out older unread messages (its byte budget): fetch them, then ask
                // again, so that what is applied is not older than the pushes applied meanwhile.
                fetchingOmittedUnread([state], skippingHeld: false) { [weak self] whole in
                    switch whole {
                    case .success(let states): self?.refreshAgain(id, upTo: seq, holding: states[0].unreadMessages)
                    case .failure(let error): self?.logger.log(.warning, "asking for the state of \(id) failed: \(error)")
                    }
                }
            case .success:
                logger.log(.warning, "unexpected answer to a request for the state of \(id)")
            case .failure(let error):
                logger.log(.warning, "asking for the state of \(id) failed: \(error)")
            }
        }
    }

    /// The second request of `refresh(_:upTo:)` after its first answer left out unread messages:
    /// `unread` (every message above the first answer's read cursor, oldest first) with the newest
    /// this answer carries make every unread message (messages only come on top), those above its
    /// read cursor kept.
    private func refreshAgain(_ id: ConversationID, upTo seq: UInt64, holding unread: [Message]) {
        perform(.conversations([id])) { [weak self] result in
            guard let self else { return }
            guard case .success(.conversations(let conversations)) = result,
                  var state = conversations.first(where: { $0.id == id }) else {
                logger.log(.warning, "asking again for the state of \(id) failed: \(result)")
                return
            }
            var seen = Set<UInt64>()
            state.unreadMessages = (unread + state.unreadMessages)
                .filter { $0.seq > state.readSeq && seen.insert($0.seq).inserted }
                .sorted { $0.seq < $1.seq }
            state.omittedUnreadCount = nil
            applyRefreshed(state.upTo(seq: seq))
        }
    }

    /// Applies the state `refresh(_:upTo:)` got, where the list would show something else.
    private func applyRefreshed(_ server: ServerConversation) {
        let id = server.id
        let roaming = readPolicy == .roaming
        write { store in
            // Deleted here meanwhile: stays deleted.
            guard let current = store.conversation(id) else { return }
            store.applyPeerRead(id, server.peerRead, announcing: false)
            // Showing what the server says: no change.
            guard current.isPinned != server.isPinned || current.receiveOption != server.receiveOption
                || current.unreadCount != server.unreadMessages.count
            else { return }
            store.applyServerState(server, takingReadCursor: roaming)
        }
    }
}
