import IMTransportKit

/// A conversation and its local messages: what the store keeps per conversation.
struct StoreEntry: Sendable {
    var conversation: Conversation
    var log: MessageLog
}

/// A reference to the entry in one slot of an `EntryTable`, for as long as that entry lives there:
/// what the store's ordered index holds (8 bytes, where a conversation ID takes 24). A slot freed
/// and used again belongs to another generation, so an old reference (a page walk's snapshot)
/// resolves to nothing.
struct EntryReference: Hashable, Sendable {
    let slot: UInt32
    let generation: UInt32
}

/// The store's entries by conversation ID: the conversations in fixed-size chunks, found through a
/// small open-addressing table of slot numbers (each beside 32 bits of its ID's hash), and beside
/// each a reference to its message log while that holds anything.
///
/// Memory grows with the entries and nothing else: a chunk is allocated whole once and never
/// moves, so growing copies no entry and leaves no doubled buffer behind (an array of 100k large
/// entries, grown by doubling, would hold its older buffers' pages too); the table holds 8 bytes
/// per bucket (a `Dictionary` of IDs would hold each ID again); a conversation whose log is empty
/// (a store that keeps its messages in a database holds few) costs 8 bytes for it. A slot found
/// once (`slot(of:)`) is changed in place through `access(_:_:)`, with no second lookup of the ID
/// and no copy of the conversation.
/// - Complexity: lookups, inserts and removals O(1) on average (one hash of the ID, then the
///   entries the probe meets whose hash agrees compared by ID).
struct EntryTable: Sendable {
    private static let chunkShift = 10
    private static let chunkSize = 1 << chunkShift

    /// The conversations, `chunkSize` a chunk; a removed entry's slot holds a placeholder until reused.
    private var chunks: [[Conversation]] = []
    /// The log of each slot, in chunks as `chunks`; nil while it holds nothing. A box shared by
    /// two copies of the table is copied before it changes.
    private var logs: [[LogBox?]] = []
    /// Slots handed out so far (removed ones included).
    private var used = 0
    /// Slots of removed entries, reused first.
    private var free: [Int] = []
    /// The generation of each slot that was ever freed (the others are in generation 0).
    private var generations: [Int: UInt32] = [:]
    /// Linear probing: 0 is an empty bucket; any other value holds a slot + 1 and 32 bits of its
    /// ID's hash (`Bucket`). A power of two in size (or empty), at most three quarters full.
    ///
    /// With the hash beside the slot, a probe reads an entry only where the hashes agree (reading
    /// each other entry it passed cost a cache miss), and growing places every slot again without
    /// hashing an ID.
    private var buckets: [UInt64] = []
    /// The number of entries.
    private(set) var count = 0

    /// The slot of `id`'s entry, valid until the next insert or removal.
    func slot(of id: ConversationID) -> Int? {
        bucket(of: id).map { Bucket.slot(buckets[$0]) }
    }

    /// The slot of `id`'s entry, read from `hint` (a reference to it taken earlier) when that still
    /// holds it, else looked up: no hash of the ID when the entry stayed where it was.
    func slot(of id: ConversationID, hint: EntryReference?) -> Int? {
        if let hint, Int(hint.slot) < used, hint == reference(Int(hint.slot)) {
            let conversation = self[slot: Int(hint.slot)]
            if conversation.kind == id.kind, conversation.target == id.target { return Int(hint.slot) }
        }
        return slot(of: id)
    }

    /// The conversation in `slot` (from `slot(of:)`), read or changed in place.
    subscript(slot slot: Int) -> Conversation {
        // Borrowed, not copied: a lookup compares the ID of each entry its probe meets.
        _read { yield chunks[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)] }
        _modify { yield &chunks[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)] }
    }

    /// A reference to the entry in `slot` (occupied).
    func reference(_ slot: Int) -> EntryReference {
        EntryReference(slot: UInt32(slot), generation: generations.isEmpty ? 0 : generations[slot] ?? 0)
    }

    /// The conversation `reference` names, nil when its entry was removed since.
    /// - Complexity: O(1).
    func conversation(_ reference: EntryReference) -> Conversation? {
        let slot = Int(reference.slot)
        guard reference == self.reference(slot) else { return nil }
        return self[slot: slot]
    }

    /// Copies of the conversations in `slots` (occupied), in their order, each copied once,
    /// straight into the array's storage.
    func conversations(inSlots slots: UnsafeBufferPointer<Int>) -> [Conversation] {
        // Made with capacity 0, the array is the runtime's shared empty storage, whose count the
        // initializer writes (the same 0): ThreadSanitizer reported that write racing with another
        // thread's read of an empty array (`ModelBasedTests` under `.ci/run`, 2026-11-28).
        guard !slots.isEmpty else { return [] }
        return [Conversation](unsafeUninitializedCapacity: slots.count) { page, initialized in
            chunks.withUnsafeBufferPointer { chunks in
                for slot in slots {
                    chunks[slot >> Self.chunkShift].withUnsafeBufferPointer { chunk in
                        (page.baseAddress! + initialized).initialize(
                            from: chunk.baseAddress! + (slot & (Self.chunkSize - 1)), count: 1)
                    }
                    initialized += 1
                }
            }
        }
    }

    /// Whether `reference` names a live entry.
    func isLive(_ reference: EntryReference) -> Bool {
        reference == self.reference(Int(reference.slot))
    }

    /// How many accepted messages the log of the entry in `slot` holds (without copying the log).
    func acceptedCount(slot: Int) -> Int {
        logs[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)]?.log.messages.count ?? 0
    }

    /// The log of the entry in `slot` (empty when it holds nothing).
    func log(slot: Int) -> MessageLog {
        logs[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)]?.log ?? MessageLog()
    }

    /// Runs `body` on the conversation and the log in `slot`, both changed in place.
    mutating func access<Result>(_ slot: Int, _ body: (inout Conversation, inout MessageLog) -> Result) -> Result {
        let (chunk, index) = (slot >> Self.chunkShift, slot & (Self.chunkSize - 1))
        guard logs[chunk][index] != nil else {
            var log = MessageLog()
            let result = body(&chunks[chunk][index], &log)
            if !log.isEmpty { logs[chunk][index] = LogBox(log) }
            return result
        }
        if !isKnownUniquelyReferenced(&logs[chunk][index]!) { logs[chunk][index] = LogBox(logs[chunk][index]!.log) }
        let box = logs[chunk][index]!
        let result = body(&chunks[chunk][index], &box.log)
        if box.log.isEmpty { logs[chunk][index] = nil }
        return result
    }

    /// The entry of `id`; setting nil removes it.
    subscript(id: ConversationID) -> StoreEntry? {
        get { slot(of: id).map { StoreEntry(conversation: self[slot: $0], log: log(slot: $0)) } }
        set {
            if let newValue { _ = insert(newValue, for: id) } else { _ = removeValue(forKey: id) }
        }
    }

    /// The conversation of `id` (without its messages).
    func conversation(_ id: ConversationID) -> Conversation? {
        slot(of: id).map { self[slot: $0] }
    }

    /// Stores `entry` for `id` (replacing any) and returns its slot.
    mutating func insert(_ entry: StoreEntry, for id: ConversationID) -> Int {
        let hash = id.hashValue
        if let bucket = bucket(of: id, hash: hash) {
            let slot = Bucket.slot(buckets[bucket])
            self[slot: slot] = entry.conversation
            setLog(entry.log, slot: slot)
            return slot
        }
        if (count + 1) * 4 > buckets.count * 3 { grow() }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            self[slot: slot] = entry.conversation
        } else {
            slot = used
            used += 1
            if slot & (Self.chunkSize - 1) == 0 {
                var chunk: [Conversation] = []
                chunk.reserveCapacity(Self.chunkSize)
                chunks.append(chunk)
                logs.append([LogBox?](repeating: nil, count: Self.chunkSize))
            }
            chunks[slot >> Self.chunkShift].append(entry.conversation)
        }
        setLog(entry.log, slot: slot)
        place(Bucket.make(slot: slot, hash: hash))
        count += 1
        return slot
    }

    /// Removes and returns the entry of `id`.
    mutating func removeValue(forKey id: ConversationID) -> StoreEntry? {
        guard let bucket = bucket(of: id) else { return nil }
        let slot = Bucket.slot(buckets[bucket])
        let entry = StoreEntry(conversation: self[slot: slot], log: log(slot: slot))
        setLog(MessageLog(), slot: slot)
        // Drop what the entry held; the slot keeps only a placeholder until it is reused, in the
        // next generation.
        self[slot: slot] = Conversation(id: .system)
        free.append(slot)
        generations[slot, default: 0] &+= 1
        count -= 1
        // Backward-shift deletion: move each later entry of the run into the hole when its home
        // bucket allows, so that no probe meets an empty bucket before its entry.
        let mask = buckets.count - 1
        var hole = bucket
        var next = (hole + 1) & mask
        buckets[hole] = 0
        while buckets[next] != 0 {
            let home = Bucket.home(buckets[next], mask: mask)
            let fromHomeToHole = (hole - home) & mask
            let fromHomeToNext = (next - home) & mask
            if fromHomeToHole < fromHomeToNext {
                buckets[hole] = buckets[next]
                buckets[next] = 0
                hole = next
            }
            next = (next + 1) & mask
        }
        return entry
    }

    /// Every entry with its ID, in no particular order.
    var all: some Sequence<(id: ConversationID, entry: StoreEntry)> {
        buckets.lazy.filter { $0 != 0 }.map { value in
            let slot = Bucket.slot(value)
            let conversation = self[slot: slot]
            return (id: conversation.id, entry: StoreEntry(conversation: conversation, log: log(slot: slot)))
        }
    }

    /// Every slot whose log holds anything, with that log.
    /// - Complexity: O(n).
    var logsHeld: [Int: MessageLog] {
        var held: [Int: MessageLog] = [:]
        for value in buckets where value != 0 {
            let slot = Bucket.slot(value)
            if let box = logs[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)] { held[slot] = box.log }
        }
        return held
    }

    private mutating func setLog(_ log: MessageLog, slot: Int) {
        logs[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)] = log.isEmpty ? nil : LogBox(log)
    }

    // MARK: - The table

    /// What a bucket holds: a slot + 1 in the low 32 bits (0: empty), the low 32 bits of the hash
    /// of its entry's ID above them.
    private enum Bucket {
        static func make(slot: Int, hash: Int) -> UInt64 {
            UInt64(UInt32(truncatingIfNeeded: hash)) << 32 | UInt64(slot + 1)
        }

        static func slot(_ value: UInt64) -> Int { Int(value & 0xFFFF_FFFF) - 1 }

        /// Whether the entry in `value` (not empty) may be of an ID with `hash`.
        static func matches(_ value: UInt64, hash: Int) -> Bool {
            UInt32(truncatingIfNeeded: value >> 32) == UInt32(truncatingIfNeeded: hash)
        }

        /// The bucket a probe for the entry in `value` starts at, in a table of `mask + 1` buckets.
        static func home(_ value: UInt64, mask: Int) -> Int { Int(value >> 32) & mask }
    }

    /// The bucket holding `id`'s slot (`hash`: `id.hashValue`, when the caller has it).
    private func bucket(of id: ConversationID, hash: Int? = nil) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let hash = hash ?? id.hashValue
        let mask = buckets.count - 1
        var bucket = hash & mask
        while true {
            let value = buckets[bucket]
            if value == 0 { return nil }
            if Bucket.matches(value, hash: hash), holds(Bucket.slot(value), id) { return bucket }
            bucket = (bucket + 1) & mask
        }
    }

    /// Whether the conversation in `slot` is `id`'s (see `lying(at:_:)`).
    private func holds(_ slot: Int, _ id: ConversationID) -> Bool {
        lying(at: slot) { $0.pointee.kind == id.kind && ExactID($0.pointee.target) == ExactID(id.target) }
    }

    /// `body` given the conversation in `slot` where it lies, to read a field or two: a probe tests
    /// the ID of the entry it finds, and reading one through `self[slot:]` (or borrowing it into a
    /// closure) copied the whole conversation, retaining each of its strings.
    private func lying<Result>(at slot: Int, _ body: (UnsafePointer<Conversation>) -> Result) -> Result {
        chunks.withUnsafeBufferPointer { chunks in
            chunks[slot >> Self.chunkShift].withUnsafeBufferPointer { chunk in
                body(chunk.baseAddress! + (slot & (Self.chunkSize - 1)))
            }
        }
    }

    /// Puts `value` into the first empty bucket from its home.
    private mutating func place(_ value: UInt64) {
        let mask = buckets.count - 1
        var bucket = Bucket.home(value, mask: mask)
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = value
    }

    /// Doubles the table (16 buckets at first) and places every slot again, from the hashes kept.
    private mutating func grow() {
        let old = buckets
        buckets = [UInt64](repeating: 0, count: max(16, old.count * 2))
        for value in old where value != 0 { place(value) }
    }
}

/// A log held by reference from an `EntryTable` slot (8 bytes there, where the log takes 24).
///
/// - Thread safety: mutated only by the table that holds its one reference (it copies a shared box
///   first), hence `@unchecked Sendable`.
final class LogBox: @unchecked Sendable {
    // No dynamic exclusivity checks: the table changes a box only through `access(_:_:)`, once.
    @exclusivity(unchecked) var log: MessageLog

    init(_ log: MessageLog) {
        self.log = log
    }
}
