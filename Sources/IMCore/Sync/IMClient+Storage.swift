/// The client's database: loading the store at login and writing every batch.
extension IMClient {
    /// Opens the user's database (when there is one) and loads the store from it.
    ///
    /// A corrupt file is moved aside and replaced by an empty database; the client logs it and
    /// reports a failed sync, and the sync that follows fills the store from the server again. A
    /// database written by a newer SDK is refused (`databaseFailure`), never wiped.
    func openDatabase() throws(IMError) {
        guard let databasePath else { return }
        do throws(PersistenceError) {
            let (database, recovered) = try ConversationDatabase.openOrRecover(at: databasePath, logger: logger)
            let store = try Self.loadStore(from: database, userID: userID, logger: logger)
            withState { state in
                state.store = store
                state.database = database
                if let recovered { emit(.syncFailed(recovered.imError)) }
            }
        } catch {
            logger.log(.error, "cannot use the local database: \(error)")
            throw error.imError
        }
    }

    /// A store of `userID` holding everything `database` holds.
    /// - Complexity: O(n + m log m).
    package static func loadStore(
        from database: ConversationDatabase, userID: String, logger: IMLogger
    ) throws(PersistenceError) -> ConversationStore {
        var store = ConversationStore(selfUserID: userID)
        for conversation in try database.allConversations() {
            store.restore(conversation, messages: try database.messages(of: conversation.id),
                          pending: try database.pendingMessages(of: conversation.id))
        }
        for id in try database.keptConversationIDs() {
            store.restoreKept(id, messages: try database.messages(of: id))
        }
        if let stored = try database.loadCounters() {
            store.restoreOrderCounter(stored.orderCounter)
            if stored.counters != store.counters {
                logger.log(.warning, "stored counters \(stored.counters) disagree with the stored conversations "
                    + "\(store.counters); using the recount")
            }
        }
        return store
    }

    /// Writes one batch to `database` in one transaction: a crash keeps all of it or none.
    ///
    /// Called with the state lock held, before the batch's event, so whatever a caller was told
    /// is on disk.
    func persist(_ batch: ChangeBatch, to database: ConversationDatabase) {
        guard !batch.isEmpty || !batch.storage.operations.isEmpty else { return }
        do throws(PersistenceError) {
            try database.transaction { () throws(PersistenceError) in
                for operation in batch.storage.operations {
                    switch operation {
                    case .store(let message, let id, let countsAsUnread):
                        try database.upsert(message, in: id, countsAsUnread: countsAsUnread)
                    case .removePending(let messageID):
                        try database.deletePendingMessage(id: messageID)
                    case .delete(let id, let keepingMessages):
                        try database.deleteConversation(id)
                        if !keepingMessages { try database.deleteMessages(of: id) }
                    }
                }
                for conversation in batch.added { try database.upsert(conversation) }
                for conversation in batch.changed { try database.upsert(conversation) }
                try database.saveCounters(batch.counters, orderCounter: batch.storage.orderCounter)
            }
        } catch {
            logger.log(.error, "writing a change to the local database failed: \(error)")
        }
    }
}
