import IMTransportKit

/// A conversation and its local messages: what the store keeps per conversation.
struct StoreEntry: Sendable {
    var conversation: Conversation
    var log: MessageLog

    /// Runs `body` on the entry in place.
    mutating func access<Result>(_ body: (inout StoreEntry) -> Result) -> Result {
        body(&self)
    }
}

/// The store's entries by conversation ID: a small hash map to a slot, the entries in one array.
///
/// A dictionary of entries would keep every (large) entry inline in a hash table that is at most
/// 3/4 full and grows by doubling, so at 100k conversations most of its memory would be empty
/// buckets; here the hash table holds only slot numbers. A slot found once (`slot(of:)`) is changed
/// in place through `subscript(slot:)`, with no second lookup and no copy.
/// - Complexity: lookups, inserts and removals O(1) on average.
struct EntryTable: Sendable {
    private var slots: [ConversationID: Int] = [:]
    private var storage: [StoreEntry] = []
    /// Slots of removed entries, reused first.
    private var free: [Int] = []

    /// The number of entries.
    var count: Int { slots.count }

    /// The slot of `id`'s entry, valid until the next insert or removal.
    func slot(of id: ConversationID) -> Int? { slots[id] }

    /// The entry in `slot` (from `slot(of:)`), read or changed in place.
    subscript(slot slot: Int) -> StoreEntry {
        get { storage[slot] }
        _modify { yield &storage[slot] }
    }

    /// The entry of `id`; setting nil removes it.
    subscript(id: ConversationID) -> StoreEntry? {
        get { slots[id].map { storage[$0] } }
        set {
            if let newValue { _ = insert(newValue, for: id) } else { _ = removeValue(forKey: id) }
        }
    }

    /// The conversation of `id` (without copying its messages).
    func conversation(_ id: ConversationID) -> Conversation? {
        slots[id].map { storage[$0].conversation }
    }

    /// Stores `entry` for `id` (replacing any) and returns its slot.
    mutating func insert(_ entry: StoreEntry, for id: ConversationID) -> Int {
        if let slot = slots[id] {
            storage[slot] = entry
            return slot
        }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            storage[slot] = entry
        } else {
            slot = storage.count
            storage.append(entry)
        }
        slots[id] = slot
        return slot
    }

    /// Removes and returns the entry of `id`.
    mutating func removeValue(forKey id: ConversationID) -> StoreEntry? {
        guard let slot = slots.removeValue(forKey: id) else { return nil }
        let entry = storage[slot]
        // Drop what the entry held; the slot keeps only a placeholder until it is reused.
        storage[slot] = StoreEntry(conversation: Conversation(id: .system), log: MessageLog())
        free.append(slot)
        return entry
    }

    /// Every entry with its ID, in no particular order.
    var all: some Sequence<(id: ConversationID, entry: StoreEntry)> {
        slots.lazy.map { (id: $0.key, entry: storage[$0.value]) }
    }
}
