import IMTransportKit

/// Messages beyond memory: a store with a message archive (its database) keeps accepted messages
/// there and holds in memory only those not written yet and a bounded cache of recent ones
/// (`MessageCache`), so its memory grows with conversations, not messages.
///
/// What the archive shows lags behind the store until the batch that changed it is written (and,
/// for a batch in the database's batch log, folded into its tables): new and changed messages wait
/// in the logs (a log wins over the archive, see `ArchiveView`), deleted and removed ones in
/// `archiveMasks`. The owner calls `noteWritten(batchLogFolded:)` once the database holds every
/// committed batch: the masks go, and once the batch log is folded the cache forgets messages past
/// its limit. A store without an archive (storage in memory) holds every message; there is nothing else
/// to hold them.
extension ConversationStore {
    /// How many written accepted messages a store keeps in memory unless told otherwise (a few
    /// hundred KB of messages).
    package static let defaultMessageCacheLimit = 2_000

    /// The messages of `id` as this store sees them (see `ArchiveView`).
    func archiveView(_ id: ConversationID) -> ArchiveView {
        ArchiveView(id: id, archive: archive?.archive, mask: archiveMasks.isEmpty ? ArchiveMask() : archiveMasks[id] ?? ArchiveMask())
    }

    /// Those of `messages` (the server's unread messages of `id`, in any order) this store may not
    /// hold yet: a message past the conversation's last sequence, or held neither in its log nor
    /// stored as counting unread above its read cursor.
    ///
    /// The cloud list, a `.conversations` answer and the older unread messages fetched for them
    /// carry messages the device may hold already (a sync page after a version carries only those
    /// delivered after it): those in memory are told apart in memory, the stored ones with one
    /// read of the archive for the conversation, made only when some message is neither new nor in
    /// the log (a lookup each took a read transaction of its own). What it leaves in may still be
    /// held (a message stored as not counting); `receive` tells.
    /// - Complexity: O(k log m) for k messages and m in the log, plus one archive read.
    func unreadMessagesNotHeld(_ messages: [Message], of id: ConversationID) -> [Message] {
        guard let slot = entries.slot(of: id) else { return messages }
        let (lastSeq, readSeq) = (entries[slot: slot].lastSeq, entries[slot: slot].readSeq)
        let log = entries.log(slot: slot)
        let notInLog = messages.filter { $0.seq > lastSeq || log.held(seq: $0.seq) == nil }
        let view = archiveView(id)
        guard let archive = view.archive, notInLog.contains(where: { $0.seq <= lastSeq }) else { return notInLog }
        let stored = Set(archive.unreadSequences(in: id, above: max(readSeq, view.mask.unreadFloor)))
        return notInLog.filter { $0.seq > lastSeq || !stored.contains($0.seq) }
    }

    /// Makes `archive` where this store's accepted messages live beyond memory, keeping at most
    /// `cacheLimit` of them in memory once written; `kept` are the conversations deleted with their
    /// messages kept in it.
    mutating func attach(_ archive: any MessageArchive, cacheLimit: Int, kept: Set<ConversationID>) {
        self.archive = ArchiveReference(archive: archive)
        messageCache = MessageCache(limit: cacheLimit)
        keptIDs = kept
    }

    /// Stops reading the archive (its database was abandoned): what is in memory is all there is.
    package mutating func detachArchive() {
        archive = nil
        archiveMasks = [:]
        keptIDs = []
        messageCache = MessageCache(limit: messageCache.limit)
    }

    /// The accepted messages held in memory as last accounted (at most the cache's limit after every
    /// write; without an archive, 0: nothing is accounted, the logs hold everything).
    package var cachedMessageCount: Int { messageCache.count }

    /// The most accepted messages held in memory once written.
    package var messageCacheLimit: Int { messageCache.limit }

    /// The accepted messages the store's logs hold right now, counted (every message, without an
    /// archive; with one, the cache and what is not written yet), for tests and diagnostics.
    /// - Complexity: O(n).
    package var acceptedMessagesInMemory: Int {
        entries.logsHeld.values.reduce(0) { $0 + $1.messages.count } + keptLogs.values.reduce(0) { $0 + $1.messages.count }
    }

    /// Records that the database holds every batch committed so far: what the archive did not show
    /// it shows now, and, once the database's batch log is folded, the cache forgets the messages
    /// past its limit, written longest ago first.
    ///
    /// - Parameter batchLogFolded: whether the database's batch log is empty (every batch is in its
    ///   tables). While it holds batches, memory keeps every message written since the last fold
    ///   (at most a log's worth past the cache's limit: see `ConversationDatabase.logFoldThreshold`),
    ///   because the archive reads the tables without folding the log (a fold writes, which a full
    ///   or read-only disk refuses): with what memory holds laid over them, the tables show exactly
    ///   what the log would have left.
    /// - Complexity: O(t + e) for t conversations touched since the last write and e forgotten.
    package mutating func noteWritten(batchLogFolded: Bool) {
        guard archive != nil else { return }
        if !archiveMasks.isEmpty { archiveMasks = [:] }
        for entry in messageCache.takeTouched() where entries.isLive(entry) {
            messageCache.account(entry, holding: entries.acceptedCount(slot: Int(entry.slot)))
        }
        guard batchLogFolded else { return }
        while let victim = messageCache.nextVictim() {
            _ = entries.access(Int(victim.slot)) { _, log in log.evictAccepted() }
        }
        // Deleted conversations keep in memory only what the archive lacks: their unsent messages.
        for (id, var log) in keptLogs where !log.messages.isEmpty {
            _ = log.evictAccepted()
            keptLogs[id] = log.isEmpty ? nil : log
        }
    }

    /// Hides the stored messages of `id` with `seq <= upTo` until the batch deleting them is written.
    mutating func hideStoredMessages(of id: ConversationID, upTo seq: UInt64) {
        guard archive != nil else { return }
        archiveMasks[id, default: ArchiveMask()].hiddenUpTo = max(archiveMasks[id]?.hiddenUpTo ?? 0, seq)
    }

    /// Shows the stored messages of `id` with `seq <= upTo` as tombstones until the batch removing
    /// them is written.
    mutating func removeStoredMessages(of id: ConversationID, upTo seq: UInt64) {
        guard archive != nil else { return }
        archiveMasks[id, default: ArchiveMask()].removedUpTo = max(archiveMasks[id]?.removedUpTo ?? 0, seq)
    }

    /// Deletes the stored messages of every conversation deleted with its messages kept (those with
    /// no row), recorded for the database. Call it while every conversation of the store still has
    /// its row.
    mutating func forgetKeptStoredMessages() {
        recorder.recordStorage(.deleteKeptMessages)
        keptIDs = []
    }

    /// The newest kept message of `id` (deleted with its messages kept) as it is created again,
    /// held in `log` or stored; the stored ones are its own again from now on.
    /// - Complexity: O(1), plus one archive lookup when the archive keeps messages of `id`.
    mutating func takeKeptMessages(of id: ConversationID, _ log: MessageLog) -> Message? {
        guard archive != nil, keptIDs.remove(id) != nil else { return log.messages.last?.message }
        recorder.recordStorage(.reviveKeptMessages(id))
        return archiveView(id).newest(atOrBelow: .max, in: log)
    }

    /// Forgets the local fields of every message of `id`, held in `log` or stored (its conversation
    /// was deleted with its messages; the database deletes their rows with the messages).
    /// - Complexity: O(m) for the held messages, plus one archive read when any fields are kept.
    mutating func forgetLocalFields(of id: ConversationID, _ log: MessageLog) {
        guard !localFields.isEmpty else { return }
        for messageID in log.allIDs { localFields[messageID] = nil }
        for messageID in archiveView(id).storedIDsWithLocalFields(upTo: .max, anyLocalFields: true) {
            localFields[messageID] = nil
        }
    }

    /// Checks what the cache accounted against the logs, after a write (for `_checkInvariants`).
    package func _checkMessageCache(batchLogFolded: Bool) {
        guard archive != nil, messageCache.touched.isEmpty else { return }
        var held: [EntryReference: Int] = [:]
        for (slot, log) in entries.logsHeld where !log.messages.isEmpty { held[entries.reference(slot)] = log.messages.count }
        precondition(held == messageCache.accounted, "the message cache's accounting drifted")
        // Until the batch log is folded, memory keeps what it wrote (see `noteWritten(batchLogFolded:)`).
        guard batchLogFolded else { return }
        precondition(keptLogs.values.allSatisfy(\.messages.isEmpty), "a deleted conversation holds written messages")
        precondition(messageCache.count <= messageCache.limit, "the message cache holds more than its limit")
    }
}
