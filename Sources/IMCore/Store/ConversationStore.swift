import Foundation
import IMTransportKit

/// All conversations of one logged-in user, their messages, the one ordered index and the counters.
///
/// Pure data: no locks and no I/O of its own. Every mutation is recorded into the open batch;
/// `commitBatch()` returns it as one `ChangeBatch`. Each mutating operation validates its input
/// before changing anything, so a rejected operation leaves the store as it was.
///
/// A store restored from a database may start *cold*: it holds the stored counters and loads each
/// conversation from a `ColdSource` the first time an operation touches it, until
/// `completeWarmUp(with:)` hands it every other one. While cold, the ordered index holds only the
/// loaded conversations, so the owner serves the list from the database (`isComplete`).
///
/// Every operation that changes a conversation runs as the body of `touching(_:_:)`, which loads
/// that conversation first; the body gets the store as its `inout` parameter, so the operation
/// cannot reach the store before the load. The mutation core (`create`, `modify`) asserts that the
/// conversation was touched, so a mutation that bypasses `touching(_:_:)` traps in debug builds on
/// a cold store. Reads do not touch: they `peek`, looking into the cold source without keeping what
/// they find, so the warm-up still restores what was only read.
///
/// The mutation core (`touching`, `modify`, `entries`, `recorder`) is internal rather than private
/// only for the store's extension files (`ConversationStore+LocalMessages.swift`), which follow the
/// same rules.
/// - Thread safety: a value type; the owner (`IMClient`) serialises access behind its lock.
package struct ConversationStore: Sendable {
    /// The user whose conversations these are.
    package let selfUserID: String
    /// Each conversation with its messages: one hash lookup finds both.
    var entries = EntryTable()
    /// Sort key (pinned band | order key) to conversation (its entry), iterated from the largest
    /// key; each entry tagged with what filters ask about it (`FilterTag`).
    var order = OrderedIndex<EntryReference>()
    /// Receive options set for conversations that do not exist yet (C2C options are per user).
    private var presetReceiveOptions: [ConversationID: ReceiveOption] = [:]
    /// Messages of conversations deleted with their messages kept, as held in memory (with an
    /// archive, the rest is stored there); a revived conversation gets them back.
    var keptLogs: [ConversationID: MessageLog] = [:]
    /// Where accepted messages live beyond the logs (nil: the logs hold every message; see
    /// `MessageLog` and `ConversationStore+Archive.swift`).
    var archive: ArchiveReference?
    /// The stored messages each conversation's batches deleted or removed that are not written yet.
    var archiveMasks: [ConversationID: ArchiveMask] = [:]
    /// With an archive: the conversations deleted with their messages kept whose messages may be
    /// stored (the database keeps them in `kept_conversations`), so a conversation created anew
    /// reads the archive only when it has kept messages there.
    var keptIDs: Set<ConversationID> = []
    /// Which accepted messages stay in memory once written (used only with an archive).
    var messageCache = MessageCache()
    /// The apps' local fields of messages, by message ID (any conversation; loaded whole, they are few).
    var localFields: [String: MessageLocalFields] = [:]
    /// The user's conversation groups (loaded whole, they are few; see `ConversationStore+ConversationGroups.swift`).
    var conversationGroupTable = ConversationGroupTable()
    /// The groups as they were before the open batch first changed them (nil: it did not).
    var conversationGroupsBeforeBatch: ConversationGroupTable?
    /// Whether the open batch's group events match groups by name rather than by server ID (a
    /// rebuild from another server state, whose IDs mean other groups).
    var conversationGroupsMatchByName = false
    package private(set) var counters = UnreadCounters()
    /// The tag bits of the conversation groups (`FilterTag`).
    var groupSlots = GroupSlots()
    /// The unread counts of the subscribed filters (`subscribeUnreadCount(_:)`).
    var filterUnread = FilterUnreadCounts()
    private(set) var orderCounter: UInt64 = 0
    /// At least every order key of the store's conversations (issued here or restored): a new key
    /// above it is unique with no lookup in the index. Used only while the store is complete (the
    /// conversations a cold store has not loaded have keys it has not seen).
    private var orderKeyCeiling: UInt64 = 0
    /// The order keys of the conversations a rebuild forgot (`forgetServerState(takingEpoch:keepingOrder:)`),
    /// each taken again when the rebuild brings the conversation back, and kept from every new
    /// key until the rebuild ends (`endRebuild(moved:)`), which puts back any a message of the rebuild moved.
    private var forgottenOrderKeys: [ConversationID: UInt64] = [:]
    private var reservedOrderKeys: Set<UInt64> = []
    /// The tombstones of messages removed from local storage that a rebuild forgot
    /// (`forgetServerState(takingEpoch:keepingOrder:keeping:keepingRemovals:)`), by conversation,
    /// with the last message it showed then, until the server's answer brings the conversation
    /// back (`reapplyRemovals(in:clearedSeq:)`).
    private var removalsToReapply: [ConversationID: (removed: [Message], shown: Message?)] = [:]
    /// The server version this store reflects: the next sync asks for the changes after it.
    package private(set) var syncVersion: UInt64 = 0
    /// The epoch of the server state `syncVersion` counts in (`IMConnection.serverEpoch`); nil
    /// before the first sync (and in a store written before epochs were kept).
    package private(set) var serverEpoch: String?
    /// The order counter, sync version and epoch as the last batch left them (a batch that moved
    /// only these still has something to store).
    private var committedCounters: (order: UInt64, sync: UInt64, epoch: String?) = (0, 0, nil)
    var walks = PageWalks()
    var recorder: BatchRecorder
    /// Where conversations not loaded yet come from while the store is cold; nil once complete.
    private var coldSource: ColdSource?
    /// The conversations the cold store already looked up (loaded, found missing, created or deleted
    /// since): the warm-up must not replace them with stored rows.
    private var coldTouched: Set<ConversationID> = []
    /// The first failure to load a conversation an operation was about to change, since the owner
    /// last took it (`takeFailedRead()`): the operation went on as if the conversation did not
    /// exist, so what the store holds of it must not be written over the stored state.
    private var failedColdLoad: (any Error)?
    /// What changed on this device alone since the session stopped using its database (nil while
    /// it uses one; see `ConversationStore+LeftBehind.swift`).
    var leftBehind: LeftBehindChanges?

    /// The most pinned conversations a user may have.
    package static let maxPinned = 50

    /// An empty, complete store.
    /// - Parameter recordsStorage: whether batches carry what a database must write
    ///   (`ChangeBatch.storage`); a session that keeps nothing on disk skips that work.
    package init(selfUserID: String, recordsStorage: Bool = true) {
        self.selfUserID = selfUserID
        self.recorder = BatchRecorder(totalUnreadBefore: 0, recordsStorage: recordsStorage)
    }

    /// A cold store: the stored counters, and conversations loaded from `source` on first use.
    package init(
        selfUserID: String, counters: UnreadCounters, orderCounter: UInt64, syncVersion: UInt64,
        serverEpoch: String?, source: ColdSource
    ) {
        self.selfUserID = selfUserID
        self.counters = counters
        self.orderCounter = orderCounter
        self.syncVersion = syncVersion
        self.serverEpoch = serverEpoch
        self.committedCounters = (orderCounter, syncVersion, serverEpoch)
        self.coldSource = source
        self.recorder = BatchRecorder(totalUnreadBefore: counters.totalUnread, recordsStorage: true)
        self.filterUnread.forget()
    }

    /// Whether every conversation is in memory (the ordered index and paging are usable).
    package var isComplete: Bool { coldSource == nil }

    // MARK: - Restoring

    /// Puts a stored conversation (or the kept messages of a deleted one) back, as it was: no
    /// batch, no event. With `counting`, the counters include it afterwards (a store built row by
    /// row); without, they already did (a cold store's stored counters).
    /// - Complexity: O(log n + m log m).
    package mutating func restore(_ stored: StoredConversation, counting: Bool = true) {
        guard let conversation = stored.conversation else {
            if !stored.messages.isEmpty {
                keptLogs[stored.id] = MessageLog(restoring: stored.messages, pending: [])
            }
            return
        }
        if let old = entries.conversation(conversation.id) {
            counters -= UnreadCounters(contributionOf: old)
            order.removeValue(forKey: old.sortKey)
            groupSlots.remove(old.filterGroupNames)
            filterUnread.move(from: old, to: nil)
        }
        var restored = conversation
        orderKeyCeiling = max(orderKeyCeiling, restored.orderKey)
        let log = MessageLog(restoring: stored.messages, pending: stored.pending)
        // Without an archive the log holds every message: count them. With one, the row's count
        // stands (its messages stay stored).
        if archive == nil { restored.unreadCount = archiveView(stored.id).countUnread(above: conversation.readSeq, in: log) }
        let slot = entries.insert(StoreEntry(conversation: restored, log: log), for: restored.id)
        groupSlots.add(restored.filterGroupNames)
        order.insert(entries.reference(slot), forKey: restored.sortKey, tags: FilterTag.tags(of: restored, slots: groupSlots))
        if counting {
            counters += UnreadCounters(contributionOf: restored)
            filterUnread.move(from: nil, to: restored)
        }
    }

    /// Continues the order counter from a stored value, so new order keys stay unique.
    package mutating func restoreOrderCounter(_ value: UInt64) {
        orderCounter = max(orderCounter, value)
    }

    /// Records that the store reflects the server up to `version` (never goes back). Part of the
    /// open batch, so it is stored with the changes that brought it.
    package mutating func advanceSyncVersion(to version: UInt64) {
        syncVersion = max(syncVersion, version)
    }

    /// Forgets the sync version, so the next sync asks for everything (after local data was lost).
    package mutating func restartSync() {
        syncVersion = 0
    }

    /// Restores the epoch of a store loaded row by row (no batch).
    package mutating func restoreServerEpoch(_ epoch: String?) {
        serverEpoch = epoch
        committedCounters.epoch = epoch
    }

    /// Ends the cold phase: puts back every stored conversation the store has not looked up yet
    /// and recounts. Returns the recount when it disagreed with the stored counters (they are then
    /// replaced by it), else nil.
    /// - Complexity: O(n + m log m).
    package mutating func completeWarmUp(with stored: [StoredConversation]) -> UnreadCounters? {
        guard coldSource != nil else { return nil }
        for entry in stored where !coldTouched.contains(entry.id) { restore(entry, counting: false) }
        coldSource = nil
        coldTouched = []
        filterUnread.recount(unreadConversations())
        var recount = UnreadCounters()
        for (_, entry) in entries.all { recount += UnreadCounters(contributionOf: entry.conversation) }
        guard recount != counters else { return nil }
        counters = recount
        _ = recorder.close(totalUnread: counters.totalUnread)
        return recount
    }

    /// Brings `id` into memory from the cold source, once. A failed read leaves it out, as if it did
    /// not exist, and is kept for the owner (`takeFailedRead()`).
    private mutating func load(_ id: ConversationID) {
        guard let coldSource, coldTouched.insert(id).inserted else { return }
        let stored: StoredConversation?
        do {
            stored = try coldSource.load(id)
        } catch {
            failedColdLoad = failedColdLoad ?? error
            return
        }
        guard let stored else { return }
        restore(stored, counting: false)
    }

    /// The first failure to read the database since the last call, nil when none: loading a
    /// conversation that an operation then changed as if it did not exist, or reading stored
    /// messages an operation then did without (`MessageArchive.takeFailure()`: a revoke of a
    /// message it could not find, a recount short of it). The owner must not write the store's
    /// state over the stored one after such a failure.
    package mutating func takeFailedRead() -> (any Error)? {
        let archiveFailure = takeFailedArchiveRead()
        defer { failedColdLoad = nil }
        return failedColdLoad ?? archiveFailure
    }

    /// The first failure to read stored messages since the last call (`MessageArchive.takeFailure()`),
    /// nil when none: for a read made for the app, which then fails rather than answering with what
    /// memory holds (`IMClient.readingStored(_:_:)`).
    package func takeFailedArchiveRead() -> (any Error)? {
        archive?.archive.takeFailure()
    }

    /// Runs `body`, an operation that changes `id`, on this store after loading `id` into it: the
    /// one entry point of every mutation by ID (see the type's notes on cold stores).
    ///
    /// Loading is no change (no batch, no counter moves), so it comes first even when `body` then
    /// rejects the operation; `body` validates before it changes anything.
    /// - Complexity: O(1) when the store is complete, else one `ColdSource` lookup the first time.
    mutating func touching<Result, Failure: Error>(
        _ id: ConversationID, _ body: (inout Self) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        load(id)
        return try body(&self)
    }

    /// Whether an operation may change `id`: the store is complete, or `touching(_:_:)` loaded it.
    private func isTouched(_ id: ConversationID) -> Bool {
        coldSource == nil || coldTouched.contains(id)
    }

    /// The state of `id`, looking into the cold source without keeping what it finds.
    func peek(_ id: ConversationID) -> (conversation: Conversation, log: MessageLog)? {
        if let entry = entries[id] { return (entry.conversation, entry.log) }
        // A failed read is a read that finds nothing: the store keeps none of it.
        guard let coldSource, !coldTouched.contains(id), let stored = try? coldSource.load(id),
              let conversation = stored.conversation else { return nil }
        return (conversation, MessageLog(restoring: stored.messages, pending: stored.pending))
    }

    // MARK: - Reading

    /// The conversation with `id`, if it exists.
    /// - Complexity: O(1).
    package func conversation(_ id: ConversationID) -> Conversation? { peek(id)?.conversation }

    /// The conversation with `id`, if it exists, brought into memory from the cold source and kept
    /// there (loading is no change, as in `touching(_:_:)`): for a caller about to change it, so
    /// that the database is read once, not once to look and once to change.
    /// - Complexity: O(1) when the store is complete, else one `ColdSource` lookup the first time.
    package mutating func loadedConversation(_ id: ConversationID) -> Conversation? {
        load(id)
        return entries.conversation(id)
    }

    /// The number of conversations.
    package var count: Int { counters.conversations }

    /// The sequence of the newest local message of `id` sent at or before `seconds`.
    package func newestSeq(of id: ConversationID, atOrBefore seconds: UInt64) -> UInt64? {
        guard let log = peek(id)?.log else { return nil }
        return archiveView(id).newestSeq(atOrBefore: seconds, in: log)
    }

    /// The conversations with unread messages (those the ordered index tags unread), in list order.
    /// - Complexity: O(u log n) for u such conversations.
    func unreadConversations() -> [Conversation] {
        var result: [Conversation] = []
        order.forEachDescending(below: nil, matching: TagQuery(required: FilterTag.unread, excluded: 0)) { _, entry in
            result.append(entries.conversation(entry)!)
            return true
        }
        return result
    }

    /// The conversations a "read everything" of `kind` (nil: every kind) has to touch: those with
    /// unread messages, the "marked unread" mark, or unread messages removed from local storage
    /// that the server still counts (`Conversation.hidesUnread`).
    /// - Complexity: O(u log n) when no conversation is marked unread or hides unread messages,
    ///   O(n) otherwise.
    package func conversationsToMarkRead(kind: ConversationID.Kind?) -> [ConversationID] {
        precondition(isComplete, "a cold store does not know every unread conversation")
        var ids = Set(unreadConversations().map(\.id))
        if counters.conversationsToScanForReads > 0 {
            for (id, entry) in entries.all where entry.conversation.marks.contains(.unread) || entry.conversation.hidesUnread {
                ids.insert(id)
            }
        }
        return ids.filter { kind == nil || $0.kind == kind }.sorted()
    }

    /// Checks that `id` exists and that pinning it would not pass `maxPinned`, changing nothing.
    ///
    /// Past the limit it throws what the server answers for a pin it refuses, `limitExceeded`
    /// (50002, `ERR_SVR_CONV_INVALID_PARAMETERS`): a 51st pin fails with one code whether this
    /// store or only the server knows of the other 50 (pinned on another device a moment ago).
    package func checkCanPin(_ id: ConversationID, _ pinned: Bool) throws(IMError) {
        guard let current = conversation(id) else { throw Self.unknown(id) }
        if pinned && !current.isPinned && counters.pinnedConversations >= Self.maxPinned {
            throw IMError(.limitExceeded, "at most \(Self.maxPinned) conversations can be pinned")
        }
    }

    /// Every conversation in list order, from the top.
    /// - Complexity: O(n).
    package func allInOrder() -> [Conversation] {
        precondition(isComplete, "a cold store's index holds only the loaded conversations")
        var result: [Conversation] = []
        result.reserveCapacity(entries.count)
        order.forEachDescending(below: nil) { _, entry in
            result.append(entries.conversation(entry)!)
            return true
        }
        return result
    }

    /// Each conversation's last sequence, those above 0: how far this device heard it (what a
    /// rebuild or a later login must not announce again).
    /// - Precondition: the store is complete (`isComplete`).
    /// - Complexity: O(n).
    package func lastSequences() -> [ConversationID: UInt64] {
        precondition(isComplete, "a cold store holds only the loaded conversations")
        var result: [ConversationID: UInt64] = [:]
        result.reserveCapacity(entries.count)
        for (id, entry) in entries.all where entry.conversation.lastSeq > 0 { result[id] = entry.conversation.lastSeq }
        return result
    }

    // MARK: - Batches

    /// Closes the open batch and returns what it changed.
    /// - Complexity: O(t), t being the conversations the batch touched.
    package mutating func commitBatch() -> ChangeBatch {
        var batch = ChangeBatch()
        commit(into: &batch)
        return batch
    }

    /// Fills `batch`, the one `commitBatch` returns, in place: built in `commitBatch` itself, the
    /// whole batch was copied on return (each of its arrays retained, then released).
    private mutating func commit(into batch: inout ChangeBatch) {
        (batch.added, batch.changed, batch.deleted) = touchedConversations()
        batch.counters = counters
        batch.totalUnreadChanged = counters.totalUnread != recorder.totalUnreadBefore
        batch.messageEvents = recorder.takeMessageEvents()
        batch.filterUnreadCounts = filterUnread.takeChanges()
        batch.conversationGroupEvents = closeConversationGroupChanges()
        (batch.newMessages, batch.storage) = recorder.close(totalUnread: counters.totalUnread)
        batch.storage.orderCounter = orderCounter
        batch.storage.syncVersion = syncVersion
        batch.storage.serverEpoch = serverEpoch
        batch.storage.movesCounters = committedCounters != (orderCounter, syncVersion, serverEpoch)
        committedCounters = (orderCounter, syncVersion, serverEpoch)
    }

    /// The conversations the open batch touched that it added, changed and deleted, in first-touch
    /// order; tells the message cache which ones it touched.
    private mutating func touchedConversations() -> (added: [Conversation], changed: [Conversation], deleted: [ConversationID]) {
        var added: [Conversation] = [], changed: [Conversation] = [], deleted: [ConversationID] = []
        // Each state before and after is compared where it lies; only what the batch reports is copied.
        recorder.before.withUnsafeBufferPointer { befores in
            for (index, id) in recorder.touched.enumerated() {
                let existed = recorder.changed[index] || befores[index] != nil
                guard let slot = entries.slot(of: id, hint: recorder.references[index]) else {
                    if existed { deleted.append(id) }
                    continue
                }
                if archive != nil { messageCache.noteTouched(entries.reference(slot)) }
                if !existed {
                    added.append(entries[slot: slot])
                } else if recorder.changed[index] {
                    changed.append(entries[slot: slot])
                } else if entries[slot: slot].differs(from: befores[index].unsafelyUnwrapped) {
                    changed.append(entries[slot: slot])
                }
            }
        }
        return (added, changed, deleted)
    }

    // MARK: - Messages

    /// Adds a message that arrived from the server (a push or a sync), once.
    ///
    /// Creates the conversation when needed. A duplicate delivery (same sequence) changes nothing.
    /// My own messages never count as unread; a message at or below the read cursor is read.
    /// - Parameters:
    ///   - message: an accepted message (`seq > 0`).
    ///   - profile: the conversation's profile as the server sent it along, if any.
    ///   - isNew: whether listeners hear of it as a new message (`ChangeBatch.newMessages`); the
    ///     owner says no for a sync from scratch, a send's answer, and a message this device sent
    ///     (one still pending here is never new, whatever `isNew` says).
    /// - Complexity: O(log n) for an in-order arrival.
    package mutating func receive(_ message: Message, profile: ConversationProfile? = nil, isNew: Bool = true) {
        let id = message.conversationID(selfUserID: selfUserID)
        touching(id) { store in
            let slot: Int
            let created: Bool
            // A message past the last sequence moves `lastSeq`: it certainly changes the conversation.
            var isPastLast = true
            if let existing = store.entries.slot(of: id) {
                // Every message held has a sequence up to `lastSeq`: one past it is new, with no lookup
                // (and no view of the archive made).
                isPastLast = message.seq > store.entries[slot: existing].lastSeq
                let isDuplicate = !isPastLast
                    && store.archiveView(id).held(seq: message.seq, in: store.entries.log(slot: existing)) != nil
                if isDuplicate { return }
                (slot, created) = (existing, false)
            } else {
                // Entered in the ordered index by `modify`, once the message is in it.
                (slot, created) = (store.create(id, profile: profile, activity: message.timestamp, indexed: false), true)
            }
            let arrival = store.arrival(of: message, in: store.arrivalContext(at: slot, profile: profile))
            let me = store.selfUserID
            var acceptedPending = false
            store.modify(id, at: slot, certainlyChanging: isPastLast, indexing: created) { conversation, log in
                if let profile { conversation.profile = profile }
                let (activity, accepted) = Self.take(message, arrival, me: me, into: &conversation, &log)
                acceptedPending = accepted
                // A conversation this message created has a key for its time already, the newest
                // there is: another would only move it out of the index and back to the same place.
                return created ? nil : activity
            }
            store.recordArrival(message, in: id, arrival, acceptedPending: acceptedPending, isNew: isNew)
        }
    }

    /// Adds messages of one conversation that arrived together (a sync page's new messages of it),
    /// in order, as `receive(_:profile:isNew:)` would one at a time, but as one change of the
    /// conversation: its counters, summary and place in the ordered index are updated once.
    ///
    /// The conversation ends in the same state, and the batch records the same messages, storage
    /// and new-message events in the same order. Its order key may count fewer steps (it moves once
    /// to the newest activity among the messages that became its last message), which keeps its
    /// place among the others.
    /// - Parameter messages: each message with whether listeners hear of it as new (see
    ///   `receive(_:profile:isNew:)`); when they are not all of one conversation, each is received
    ///   on its own.
    /// - Complexity: O(k + log n) for k in-order arrivals.
    package mutating func receive(_ messages: [(message: Message, isNew: Bool)], profile: ConversationProfile? = nil) {
        guard let first = messages.first?.message else { return }
        let id = first.conversationID(selfUserID: selfUserID)
        guard messages.count > 1, messages.allSatisfy({ $0.message.conversationID(selfUserID: selfUserID) == id }) else {
            for (message, isNew) in messages { receive(message, profile: profile, isNew: isNew) }
            return
        }
        touching(id) { store in
            var slot = store.entries.slot(of: id)
            let created = slot == nil
            let view = store.archiveView(id)
            // Each message as `receive` takes it: a duplicate (held already, or earlier in `messages`)
            // is left out; the first one creates the conversation when it does not exist yet.
            var arrivals: [(index: Int, arrival: Arrival)] = []
            arrivals.reserveCapacity(messages.count)
            var lastSeq = slot.map { store.entries[slot: $0].lastSeq } ?? 0
            var context: ArrivalContext?
            for (index, (message, _)) in messages.enumerated() {
                if let existing = slot {
                    // Past the last sequence is new, with no lookup (as in `receive`); below it, held
                    // in the log or archive, or taken earlier in `messages` (rare: a scan of those).
                    let isDuplicate = message.seq <= lastSeq
                        && (view.held(seq: message.seq, in: store.entries.log(slot: existing)) != nil
                            || arrivals.contains { messages[$0.index].message.seq == message.seq })
                    if isDuplicate { continue }
                } else {
                    // Entered in the ordered index by `modify`, once the messages are in it.
                    slot = store.create(id, profile: profile, activity: message.timestamp, indexed: false)
                }
                guard let slot else { continue }
                lastSeq = max(lastSeq, message.seq)
                let current = context ?? store.arrivalContext(at: slot, profile: profile)
                context = current
                arrivals.append((index, store.arrival(of: message, in: current)))
            }
            guard let slot, !arrivals.isEmpty else { return }
            let me = store.selfUserID
            var acceptedPending: [Bool] = []
            acceptedPending.reserveCapacity(arrivals.count)
            store.modify(id, at: slot, indexing: created) { conversation, log in
                if let profile { conversation.profile = profile }
                var activity: UInt64?
                for (index, arrival) in arrivals {
                    let (moved, accepted) = Self.take(messages[index].message, arrival, me: me, into: &conversation, &log)
                    acceptedPending.append(accepted)
                    if let moved { activity = max(activity ?? 0, moved) }
                }
                return activity
            }
            for ((index, arrival), accepted) in zip(arrivals, acceptedPending) {
                let (message, isNew) = messages[index]
                store.recordArrival(message, in: id, arrival, acceptedPending: accepted, isNew: isNew)
            }
        }
    }

    /// What `receive` decides about a message before changing its conversation.
    struct Arrival {
        var isMine: Bool
        var countsAsUnread: Bool
    }

    /// What `arrival(of:in:)` reads of the conversation, which receiving messages does not change.
    struct ArrivalContext {
        var readSeq: UInt64
        var keepsUnreadCount: Bool
    }

    /// The context of messages arriving in the conversation in `slot` (`profile`: the one the
    /// server sent along, if any).
    private func arrivalContext(at slot: Int, profile: ConversationProfile?) -> ArrivalContext {
        // Chat rooms (AVChatRoom) keep no unread count, on the device as on the server.
        ArrivalContext(
            readSeq: entries[slot: slot].readSeq,
            keepsUnreadCount: profile?.keepsUnreadCount ?? entries[slot: slot].keepsUnreadCount)
    }

    /// What `message` is to its conversation: mine or not, counting as unread or not.
    private func arrival(of message: Message, in context: ArrivalContext) -> Arrival {
        let isMine = message.sender.isSameID(as: selfUserID)
        let isUnread = !isMine && message.seq > context.readSeq
        let countsAsUnread = isUnread && !message.isExcludedFromUnreadCount && !message.isRevoked
            && context.keepsUnreadCount
        return Arrival(isMine: isMine, countsAsUnread: countsAsUnread)
    }

    /// Adds `message` to a conversation and its log, inside `modify` (`me`: this store's user).
    /// - Returns: the activity the message counts as (nil when it does not become the last
    ///   message), and whether it was a pending message of mine, now accepted.
    private static func take(
        _ message: Message, _ arrival: Arrival, me: String, into conversation: inout Conversation, _ log: inout MessageLog
    ) -> (activity: UInt64?, acceptedPending: Bool) {
        var acceptedPending = false
        if arrival.isMine, log.removePending(id: message.id) != nil {
            acceptedPending = true
            if conversation.lastMessage?.id == message.id { conversation.lastMessage = nil }
        }
        _ = log.insert(HeldMessage(message: message, countsAsUnread: arrival.countsAsUnread))
        if arrival.countsAsUnread { conversation.unreadCount += 1 }
        conversation.lastSeq = max(conversation.lastSeq, message.seq)
        // An @ is an unread mention: a message that does not count as unread makes none.
        if arrival.countsAsUnread, case .group = message.receiver, let type = message.atType(for: me) {
            conversation.groupAtInfos.append(GroupAtInfo(seq: message.seq, type: type))
            conversation.groupAtInfos.sort { $0.seq < $1.seq }
        }
        guard !message.isExcludedFromLastMessage, isNewer(message, than: conversation.lastMessage) else {
            return (nil, acceptedPending)
        }
        conversation.lastMessage = message
        conversation.marks.remove(.hide)
        return (message.timestamp, acceptedPending)
    }

    /// Records a message `take` added to `id`: for the database, and as a new message for listeners.
    private mutating func recordArrival(
        _ message: Message, in id: ConversationID, _ arrival: Arrival, acceptedPending: Bool, isNew: Bool
    ) {
        if acceptedPending { recorder.recordStorage(.removePending(id: message.id)) }
        recorder.recordStorage(.store(message, in: id, countsAsUnread: arrival.countsAsUnread))
        // A message of mine that was pending here was sent here: never new on this device. One
        // that arrives revoked (a sync after the revoke) has nothing to show.
        if isNew && !acceptedPending && !message.isRevoked { recorder.noteNewMessage(message) }
    }

    /// Whether `message` should replace `current` as the last message.
    static func isNewer(_ message: Message, than current: Message?) -> Bool {
        guard let current else { return true }
        if current.seq == 0 { return message.timestamp >= current.timestamp }
        return message.seq > current.seq
    }

    /// Adds a message of mine that is being sent: it becomes the last message at once.
    /// - Complexity: O(log n).
    package mutating func addSending(_ message: Message) {
        let id = message.conversationID(selfUserID: selfUserID)
        touching(id) { store in
            store.createIfNeeded(id, profile: nil, activity: message.timestamp)
            store.modify(id) { conversation, log in
                log.addPending(message)
                guard !message.isExcludedFromLastMessage else { return nil }
                conversation.lastMessage = message
                conversation.marks.remove(.hide)
                return message.timestamp
            }
            store.recorder.recordStorage(.store(message, in: id, countsAsUnread: false))
        }
    }

    /// Records that sending the pending message `message.id` failed.
    ///
    /// Nothing changes when it is no longer pending: the server accepted it after all (its push
    /// arrived before the failed answer, which was lost on the way back).
    package mutating func failSending(_ message: Message) {
        let id = message.conversationID(selfUserID: selfUserID)
        touching(id) { store in
            guard let slot = store.entries.slot(of: id),
                  store.entries.log(slot: slot).pending.contains(where: { $0.id == message.id })
            else { return }
            var failed = message
            failed.status = .failed
            store.modify(id) { conversation, log in
                log.updatePending(failed)
                if conversation.lastMessage?.id == failed.id { conversation.lastMessage = failed }
                return nil
            }
            store.recorder.recordStorage(.store(failed, in: id, countsAsUnread: false))
        }
    }

    // MARK: - Read state

    /// Moves the read cursor of `id` up to `seq` (never down; `UInt64.max`: everything).
    ///
    /// - Parameter clearingMark: whether the read also clears the "marked unread" mark, as a read
    ///   the user makes does in the V2 API (a cursor synced from the server does not).
    /// - Complexity: O(log m + a), a being the @-infos dropped.
    package mutating func markRead(_ id: ConversationID, upTo seq: UInt64, clearingMark: Bool = true) {
        touching(id) { store in
            guard let current = store.entries.conversation(id) else { return }
            let cursor = min(seq, current.lastSeq)
            if cursor <= current.readSeq && !(clearingMark && current.marks.contains(.unread)) { return }
            let view = store.archiveView(id)
            store.modify(id) { conversation, log in
                if cursor > conversation.readSeq {
                    conversation.readSeq = cursor
                    conversation.forgetHiddenUnreadIfAllRead()
                    conversation.readTimestamp = view.newest(atOrBelow: cursor, in: log)?.timestamp ?? conversation.readTimestamp
                    // Reading up to the newest message reads everything, with no recount.
                    conversation.unreadCount = cursor >= conversation.lastSeq ? 0 : view.countUnread(above: cursor, in: log)
                    conversation.groupAtInfos.removeAll { $0.seq <= cursor }
                }
                if clearingMark { conversation.marks.remove(.unread) }
                return nil
            }
        }
    }

    // MARK: - Settings

    /// Pins or unpins `id`. Throws `limitExceeded` past `maxPinned`, `invalidConversation` when unknown.
    /// - Complexity: O(log n).
    package mutating func setPinned(_ id: ConversationID, _ pinned: Bool) throws(IMError) {
        try touching(id) { store throws(IMError) in
            try store.checkCanPin(id, pinned)
            store.modify(id) { conversation, _ in
                conversation.isPinned = pinned
                return nil
            }
        }
    }

    /// Applies a pin state the server already accepted (another device pinned): the server enforces
    /// the limit, so none is checked here. Unknown conversations are ignored; the next sync brings them.
    package mutating func applyServerPin(_ id: ConversationID, _ pinned: Bool) {
        touching(id) { store in
            store.modify(id) { conversation, _ in
                conversation.isPinned = pinned
                return nil
            }
        }
    }

    /// Sets the receive option of `id`; kept for later when the conversation does not exist yet.
    package mutating func setReceiveOption(_ id: ConversationID, _ option: ReceiveOption) {
        touching(id) { store in
            guard store.entries.slot(of: id) != nil else {
                store.presetReceiveOptions[id] = option
                return
            }
            store.modify(id) { conversation, _ in
                conversation.receiveOption = option
                return nil
            }
        }
    }

    /// Sets or clears the draft of `id`; setting one counts as activity.
    package mutating func setDraft(_ id: ConversationID, _ draft: Draft?) throws(IMError) {
        try touching(id) { store throws(IMError) in
            guard store.entries.slot(of: id) != nil else { throw Self.unknown(id) }
            store.modify(id) { conversation, _ in
                conversation.draft = draft
                return draft?.timestamp
            }
        }
    }

    /// Takes a draft change from another device (drafts synced), creating the conversation when
    /// needed; a change that shows the same draft changes nothing.
    package mutating func applyRemoteDraft(_ id: ConversationID, _ change: DraftChange) {
        touching(id) { store in
            if store.entries.slot(of: id) == nil {
                guard change.text != nil else { return }
                store.createIfNeeded(id, profile: nil, activity: 0)
            }
            guard store.entries.conversation(id)?.draft != change.draft else { return }
            store.modify(id) { conversation, _ in
                conversation.draft = change.draft
                return change.draft?.timestamp
            }
        }
    }

    /// Sets (`enable`) or clears the marks `marks` on `id`.
    package mutating func setMarks(_ id: ConversationID, _ marks: ConversationMarks, enable: Bool) throws(IMError) {
        try touching(id) { store throws(IMError) in
            guard store.entries.slot(of: id) != nil else { throw Self.unknown(id) }
            store.modify(id) { conversation, _ in
                if enable { conversation.marks.formUnion(marks) } else { conversation.marks.subtract(marks) }
                return nil
            }
        }
    }

    /// Sets (nil: clears) the custom data of `id`.
    package mutating func setCustomData(_ id: ConversationID, _ data: Data?) throws(IMError) {
        try touching(id) { store throws(IMError) in
            guard store.entries.slot(of: id) != nil else { throw Self.unknown(id) }
            store.modify(id) { conversation, _ in
                conversation.customData = data
                return nil
            }
        }
    }

    /// Replaces the profile of `id` (nickname, remark, group name, face URL).
    package mutating func setProfile(_ id: ConversationID, _ profile: ConversationProfile) {
        touching(id) { store in
            guard store.entries.slot(of: id) != nil else { return }
            store.modify(id) { conversation, _ in
                conversation.profile = profile
                return nil
            }
        }
    }

    /// Deletes `id`, and its local messages unless `keepingMessages`.
    ///
    /// Kept messages come back, all read, when the conversation is created again (a new message).
    /// While the session goes on without its database, the deletion is noted for the file it left
    /// behind (`LeftBehindChanges`), unless not `noting` (a rebuild, which creates it again).
    /// - Complexity: O(log n).
    package mutating func delete(_ id: ConversationID, keepingMessages: Bool = false, noting: Bool = true) {
        touching(id) { store in
            guard let slot = store.entries.slot(of: id) else { return }
            if store.archive != nil { store.messageCache.forget(store.entries.reference(slot)) }
            guard let current = store.entries.removeValue(forKey: id) else { return }
            store.recorder.touch(id, current: current.conversation)
            store.counters -= UnreadCounters(contributionOf: current.conversation)
            store.order.removeValue(forKey: current.conversation.sortKey)
            store.groupSlots.remove(current.conversation.filterGroupNames)
            store.filterUnread.move(from: current.conversation, to: nil)
            store.recorder.recordStorage(.delete(id, keepingMessages: keepingMessages))
            // The receive option belongs to the peer or group, not to the conversation: a conversation
            // that comes back gets it again (in memory; after a restart the server's push brings it).
            if current.conversation.receiveOption != .receive {
                store.presetReceiveOptions[id] = current.conversation.receiveOption
            }
            if keepingMessages {
                store.keptLogs[id] = current.log
                if store.archive != nil { store.keptIDs.insert(id) }
            } else {
                store.keptLogs[id] = nil
                store.forgetLocalFields(of: id, current.log)
                store.hideStoredMessages(of: id, upTo: .max)
                store.keptIDs.remove(id)
            }
            if noting {
                store.leftBehind?.noteDeleted(
                    id, keepingMessages: keepingMessages, keptMessages: keepingMessages ? current.log.messages : [])
            }
        }
    }

    /// Forgets everything that came from the server, to take the state of a server with another
    /// epoch (`IMConnection.serverEpoch`) by a sync from 0, which the caller applies in the same
    /// batch: the sync version goes back to 0 and the store takes `epoch` (nil: a server that
    /// keeps none). Also how a store that stopped using its database rebuilds from its server.
    ///
    /// What is local by nature stays: the SYSTEM conversation, drafts, messages imported on this
    /// device, messages of mine still being sent (or that failed), and the local fields of the
    /// messages that stay. A conversation that holds any of them stays in the list with only those
    /// (no server messages, nothing unread, not pinned, the default receive option, no marks, no
    /// custom data, in no conversation group: all of these roam, and come with the server's sync;
    /// its profile until the server's comes); every other conversation is deleted, with its
    /// messages. The conversation groups go too (the sync brings the server's). The batch
    /// announces what the sync after it leaves changed, deleted or new.
    ///
    /// With `keepingOrder` (a rebuild from the same server), each conversation that comes back
    /// takes its place in the list again (its order key) until `endRebuild(moved:)`: a server's answer
    /// tells each conversation's last message, not where a conversation whose history was
    /// cleared, one with a draft, or two active in the same second stood. The conversations of
    /// `keeping` (a rebuild's, that the server no longer has: deleted on another device, a deletion
    /// the server does not sync) stay as they are, as they would without the rebuild. With
    /// `keepingRemovals` (a rebuild from the same server), the messages removed from local storage
    /// that memory holds stay removed: the server's answer brings them back, and each is removed
    /// again as it comes (`reapplyRemovals(in:clearedSeq:)`); those only the database held cannot be known.
    /// - Precondition: the store is complete (`isComplete`).
    /// - Complexity: O(n + m) for n conversations and m messages.
    package mutating func forgetServerState(
        takingEpoch epoch: String?, keepingOrder: Bool = false, keeping: Set<ConversationID> = [],
        keepingRemovals: Bool = false
    ) {
        precondition(isComplete, "a cold store cannot forget what it has not loaded")
        if keepingOrder {
            for (id, entry) in entries.all where id.kind != .system {
                forgottenOrderKeys[id] = entry.conversation.orderKey
                reservedOrderKeys.insert(entry.conversation.orderKey)
            }
        }
        // First, while every conversation still has its row: the stored messages that have none.
        forgetKeptStoredMessages()
        replaceConversationGroups(with: [])
        conversationGroupsMatchByName = true
        for id in entries.all.map({ $0.id }) where id.kind != .system && !keeping.contains(id) {
            guard let (current, log) = peek(id) else { continue }
            if keepingRemovals {
                let removed = log.messages.map(\.message).filter(\.isRemoved)
                let shown = current.lastMessage.flatMap { $0.seq > 0 ? $0 : nil }
                if !removed.isEmpty { removalsToReapply[id] = (removed, shown) }
            }
            let kept = log.imported + log.pending
            let keptFields = kept.compactMap { message in localFields[message.id].map { (message.id, $0) } }
            delete(id, keepingMessages: false, noting: false)
            guard current.draft != nil || !kept.isEmpty else { continue }
            touching(id) { $0.createIfNeeded(id, profile: current.profile, activity: 0) }
            importMessages(log.imported, into: id)
            for message in log.pending { addSending(message) }
            for (messageID, fields) in keptFields { setLocalFields(fields, ofMessage: messageID) }
            if let draft = current.draft {
                // In its place again, or placed by the draft's time.
                touching(id) { store in
                    store.modify(id) { conversation, _ in
                        conversation.draft = draft
                        return keepingOrder ? nil : draft.timestamp
                    }
                }
            }
        }
        for id in keptLogs.keys { recorder.recordStorage(.delete(id, keepingMessages: false)) }
        keptLogs = [:]
        presetReceiveOptions = [:]
        syncVersion = 0
        serverEpoch = epoch
    }

    /// Removes from local storage again the messages of `id` removed before a rebuild forgot them
    /// (`forgetServerState(takingEpoch:keepingOrder:keeping:keepingRemovals:)`), now that the
    /// server's answer brought the conversation back: each goes as `forgetMessage(_:in:)` takes
    /// it (one the answer did not bring is kept as its tombstone). The last message the
    /// conversation showed comes back first, as an old one: the answer carries the server's last
    /// message (a removed one, here) and those delivered since the connection opened, so not
    /// necessarily the one that became the last when the server's was removed. Messages up to
    /// `clearedSeq` (the history the server's answer says is cleared) are left out. Nothing for
    /// any other conversation.
    /// - Complexity: O(r log m) for r such messages, one lookup when there are none.
    package mutating func reapplyRemovals(in id: ConversationID, clearedSeq: UInt64) {
        guard !removalsToReapply.isEmpty, let (removed, shown) = removalsToReapply.removeValue(forKey: id) else { return }
        if let shown, shown.seq > clearedSeq { receive(shown, isNew: false) }
        for message in removed where message.seq > clearedSeq {
            // Removed already (by the user, since): nothing to do.
            try? forgetMessage(message, in: id)
        }
    }

    /// Ends a rebuild (`forgetServerState(takingEpoch:keepingOrder:)`), in its batch: each
    /// conversation it brought back stands where it stood before, even when a message of the
    /// rebuild's answer moved it (a message the device had: the order between two conversations
    /// active in the same second is not in the answer), unless it is in `moved`, a message new to
    /// the device having arrived in it; the places of those it did not bring back are forgotten.
    /// - Complexity: O(n log n) for the n conversations the rebuild forgot.
    package mutating func endRebuild(moved: Set<ConversationID>) {
        let keys = forgottenOrderKeys
        forgottenOrderKeys = [:]
        reservedOrderKeys = []
        for (id, key) in keys where !moved.contains(id) {
            guard let slot = entries.slot(of: id), entries[slot: slot].orderKey != key else { continue }
            touching(id) { store in
                store.modify(id) { conversation, _ in
                    conversation.orderKey = key
                    return nil
                }
            }
        }
    }

    /// The IDs of the conversations in the list (every one, SYSTEM too).
    /// - Precondition: the store is complete (`isComplete`).
    /// - Complexity: O(n).
    package var conversationIDs: [ConversationID] {
        precondition(isComplete, "a cold store holds only the loaded conversations")
        return entries.all.map(\.id)
    }

    /// Takes `epoch` as the epoch of the server this store reflects (a store that had none).
    package mutating func adoptServerEpoch(_ epoch: String) {
        serverEpoch = epoch
    }

    /// Applies the server's view of one conversation (at login or reconnect).
    ///
    /// Server-owned state (pin, receive option, profile, marks, custom data) is taken from the
    /// server; messages are merged once each. The read cursor only moves forward, and only to the
    /// server's when `takingReadCursor` or when the conversation is new here (a device that owns its
    /// cursors keeps them).
    package mutating func applyServerState(_ server: ServerConversation, takingReadCursor: Bool = true) {
        touching(server.id) { store in
            let isNew = store.entries.slot(of: server.id) == nil
            let activity = server.lastMessage?.timestamp ?? server.activityTimestamp ?? 0
            store.createIfNeeded(server.id, profile: server.profile, activity: activity)
            store.modify(server.id) { conversation, _ in
                // Messages this device never saw, cleared since: the last one's time moves the
                // conversation as its arrival would have (a message the server still has comes
                // below, and moves it itself).
                let missedCleared = !isNew && server.lastSeq > conversation.lastSeq && server.lastMessage == nil
                conversation.profile = server.profile
                conversation.receiveOption = server.receiveOption
                conversation.lastSeq = max(conversation.lastSeq, server.lastSeq)
                conversation.isPinned = server.isPinned
                return missedCleared ? server.activityTimestamp : nil
            }
            for message in store.unreadMessagesNotHeld(server.unreadMessages, of: server.id) {
                store.receive(message, isNew: false)
            }
            if let last = server.lastMessage { store.receive(last, isNew: false) }
            if takingReadCursor || isNew { store.markRead(server.id, upTo: server.readSeq, clearingMark: false) }
            // After the messages: one of them may unhide the conversation here, which the server's
            // marks already account for.
            store.modify(server.id) { conversation, _ in
                conversation.marks = ConversationMarks(rawValue: server.marks)
                conversation.customData = server.customData
                return nil
            }
        }
    }

    // MARK: - Mutation core

    static func unknown(_ id: ConversationID) -> IMError {
        IMError(.invalidConversation, "conversation \(id) does not exist")
    }

    /// Creates `id` empty, with no messages, when it does not exist (a legacy conversation handle
    /// that gets a draft before any message).
    package mutating func createIfMissing(_ id: ConversationID) {
        touching(id) { $0.createIfNeeded(id, profile: nil, activity: 0) }
    }

    mutating func createIfNeeded(_ id: ConversationID, profile: ConversationProfile?, activity: UInt64) {
        guard entries.slot(of: id) == nil else { return }
        _ = create(id, profile: profile, activity: activity)
    }

    /// Creates `id`, which does not exist, and returns the position of its entry.
    ///
    /// With `indexed` false it is not entered in the ordered index: the caller changes it at once
    /// through `modify(_:at:certainlyChanging:indexing:_:)` with `indexing`, which enters it with
    /// its key and tags after the change (entering it now would make that change walk the index
    /// to it again, for the tags of its first message).
    private mutating func create(
        _ id: ConversationID, profile: ConversationProfile?, activity: UInt64, indexed: Bool = true
    ) -> Int {
        assert(isTouched(id), "\(id) created outside touching(_:_:)")
        let firstTouch = recorder.isUntouched(id)
        var conversation = Conversation(id: id, profile: profile ?? ConversationProfile())
        // (Both maps are almost always empty: skip hashing the ID then.)
        if !presetReceiveOptions.isEmpty, let option = presetReceiveOptions.removeValue(forKey: id) {
            conversation.receiveOption = option
        }
        if !forgottenOrderKeys.isEmpty, let key = forgottenOrderKeys[id] {
            conversation.orderKey = key
        } else {
            conversation.orderKey = nextOrderKey(seconds: activity, above: 0)
        }
        if !conversationGroupTable.isEmpty {
            conversation.conversationGroups = conversationGroupTable.names(containing: id)
        }
        let log = keptLogs.isEmpty ? MessageLog() : keptLogs.removeValue(forKey: id) ?? MessageLog()
        // Kept messages (held, or stored when the store has an archive) come back read.
        if let newest = takeKeptMessages(of: id, log) {
            conversation.lastSeq = newest.seq
            conversation.readSeq = newest.seq
            conversation.readTimestamp = newest.timestamp
        }
        let slot = entries.insert(StoreEntry(conversation: conversation, log: log), for: id)
        if firstTouch { recorder.record(id, before: nil, at: entries.reference(slot), changed: false) }
        groupSlots.add(conversation.filterGroupNames)
        if indexed {
            order.insert(entries.reference(slot), forKey: conversation.sortKey, tags: FilterTag.tags(of: conversation, slots: groupSlots))
        }
        counters += UnreadCounters(contributionOf: conversation)
        return slot
    }

    /// The one path every change to an existing conversation takes: counters by delta, the ordered
    /// index moved when the sort key changed, the batch told.
    ///
    /// `body` returns the activity time (seconds) the change counts as, or nil when it is no activity.
    mutating func modify(_ id: ConversationID, _ body: (inout Conversation, inout MessageLog) -> UInt64?) {
        guard let slot = entries.slot(of: id) else { return }
        modify(id, at: slot, body)
    }

    /// `modify(_:_:)` for the entry of `id` in `slot`, changed in place (no second lookup).
    ///
    /// With `certainlyChanging` (the caller knows `body` changes the conversation), a first touch
    /// of a conversation without an extras box keeps no copy of the state before for the batch to
    /// compare. One with a box keeps it, so that a change to the box copies it (copy-on-write): the
    /// box is never changed in place after a copy handed out earlier (a page) may have been read
    /// on another thread. That in-place change synchronises with the other thread's release only
    /// inside the Swift runtime, where ThreadSanitizer does not see it, and it reported a race
    /// (`MixedAPIConcurrencyTests`). With `indexing`, the entry is
    /// not in the ordered index yet (`create(_:profile:activity:indexed:)`) and is entered after
    /// the change.
    ///
    /// Inlined into its three callers: called, it took `body`'s context (the message being
    /// received, the profile) as copies, and an incoming message measured about a fifth slower.
    @inline(__always)
    private mutating func modify(
        _ id: ConversationID, at slot: Int, certainlyChanging: Bool = false, indexing: Bool = false,
        _ body: (inout Conversation, inout MessageLog) -> UInt64?
    ) {
        assert(isTouched(id), "\(id) changed outside touching(_:_:)")
        // Every access below changes the entry in place: reading it through the dictionary would copy it.
        let firstTouch = recorder.isUntouched(id)
        // The conversation as it was, for the per-filter unread counts (only while any is subscribed).
        let countsFilters = !filterUnread.isEmpty
        var before: Conversation?
        var previous: Conversation?
        let (old, oldKey, oldTags, oldGroups, activity, orderKey) = entries.access(slot) { conversation, log in
            if firstTouch && (!certainlyChanging || conversation.hasExtras) { before = conversation }
            if countsFilters { previous = conversation }
            let old = UnreadCounters(contributionOf: conversation)
            let oldKey = conversation.sortKey
            let oldTags = FilterTag.baseTags(of: conversation)
            let oldGroups = conversation.filterGroupNames
            let activity = body(&conversation, &log)
            return (old, oldKey, oldTags, oldGroups, activity, conversation.orderKey)
        }
        if firstTouch {
            recorder.record(id, before: before, at: entries.reference(slot), changed: certainlyChanging && before == nil)
        }
        // Activity not older than the current one gets a larger order key; a late delivery does not move.
        if let activity, activity >= OrderKey.seconds(of: orderKey) {
            let key = nextOrderKey(seconds: activity, above: orderKey)
            entries[slot: slot].orderKey = key
        }
        let (new, newKey, newTags, newGroups, current) = Self.summary(of: entries[slot: slot], keeping: countsFilters)
        // Unchanged groups keep their bits (this conversation holds them): only the base tags can differ.
        let groupsChanged = newGroups != oldGroups
        if groupsChanged {
            groupSlots.add(newGroups)
            groupSlots.remove(oldGroups)
        }
        let tags = newGroups.isEmpty ? newTags : newTags | groupSlots.tags(of: newGroups)
        counters -= old
        counters += new
        if countsFilters { filterUnread.move(from: previous, to: current) }
        if indexing {
            order.insert(entries.reference(slot), forKey: newKey, tags: tags)
        } else if newKey != oldKey {
            order.removeValue(forKey: oldKey)
            order.insert(entries.reference(slot), forKey: newKey, tags: tags)
        } else if groupsChanged || newTags != oldTags {
            order.setTags(tags, forKey: newKey)
        }
    }

    /// What `modify` compares before and after a change (the conversation itself too when `keeping`),
    /// read from the borrowed entry.
    private static func summary(
        of conversation: Conversation, keeping: Bool
    ) -> (UnreadCounters, UInt64, UInt64, [String], Conversation?) {
        (UnreadCounters(contributionOf: conversation), conversation.sortKey, FilterTag.baseTags(of: conversation),
         conversation.filterGroupNames, keeping ? conversation : nil)
    }

    /// A fresh order key for activity at `seconds`, larger than `current`, unique in the store.
    /// - Complexity: O(1) when it is past every key so far (the usual case: keys grow with time
    ///   and arrival), else O(log n).
    private mutating func nextOrderKey(seconds: UInt64, above current: UInt64) -> UInt64 {
        orderCounter &+= 1
        var key = max(OrderKey.make(seconds: seconds, counter: orderCounter), current + OrderKey.spacing)
        if key <= orderKeyCeiling || !isComplete {
            while order[key] != nil || order[key | OrderKey.pinnedBand] != nil
                    || !reservedOrderKeys.isEmpty && reservedOrderKeys.contains(key) {
                key += OrderKey.spacing
            }
        }
        orderKeyCeiling = max(orderKeyCeiling, key)
        return key
    }

    // MARK: - Checks

    /// Recomputes every counter and per-conversation unread count from scratch and checks them, the
    /// ordered index and the order keys against the incrementally maintained state.
    /// - Complexity: O(n + m), for tests and debug checks.
    package func _checkInvariants() {
        order._checkInvariants()
        precondition(order.count == entries.count, "index holds \(order.count), store \(entries.count)")
        var recount = UnreadCounters()
        var keys = Set<UInt64>()
        for (id, entry) in entries.all {
            let conversation = entry.conversation
            precondition(
                order[conversation.sortKey].flatMap(entries.conversation)?.id == id, "\(id) is not at its sort key in the index")
            precondition(keys.insert(conversation.orderKey).inserted, "order key of \(id) is not unique")
            precondition(conversation.orderKey & OrderKey.pinnedBand == 0, "order key of \(id) uses the band bit")
            precondition(conversation.orderKey % OrderKey.spacing == 0, "order key of \(id) is not spaced")
            // Every accepted message above the cursor, held or stored, by the rules and by its flag.
            var unread: [UInt64] = [], flagged: [UInt64] = []
            archiveView(id).forEachDescending(below: nil, in: entry.log, chunk: 256) { held in
                let message = held.message
                guard message.seq > conversation.readSeq else { return false }
                precondition(message.seq <= conversation.lastSeq, "\(id) holds a message past its last sequence")
                if conversation.keepsUnreadCount && !message.sender.isSameID(as: selfUserID)
                    && !message.isExcludedFromUnreadCount && !message.isRemoved && !message.isRevoked {
                    unread.append(message.seq)
                }
                if held.counts { flagged.append(message.seq) }
                return true
            }
            precondition(unread == flagged, "unread flags of \(id) drifted")
            precondition(conversation.unreadCount == unread.count, "unread count of \(id) drifted")
            precondition(conversation.groupAtInfos.allSatisfy { $0.seq > conversation.readSeq }, "stale @ of \(id)")
            precondition(!conversation.hidesUnread || conversation.readSeq < conversation.lastSeq, "\(id) hides unread but is read")
            precondition(
                order.tags(forKey: conversation.sortKey) == FilterTag.tags(of: conversation, slots: groupSlots),
                "filter tags of \(id) drifted")
            recount += UnreadCounters(contributionOf: conversation)
        }
        // A cold store holds only some conversations; its counters cover all of them.
        guard isComplete else { return }
        precondition(recount == counters, "counters drifted: kept \(counters), recounted \(recount)")
        precondition(unreadConversations().count == counters.unreadConversations, "unread tags drifted")
        _checkFilterCounts()
    }
}

/// One page of the conversation list.
package struct ConversationPage: Sendable {
    package var conversations: [Conversation]
    /// The position to pass for the next page.
    package var nextSeq: UInt64
    /// Whether the walk reached the end of the list.
    package var isFinished: Bool
}
