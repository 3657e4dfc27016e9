import IMTransportKit

/// A table of values by user or group ID that tells IDs apart by their bytes (`ExactID`), as the
/// SDK's database and `ConversationID` do: `"caf\u{E9}"` and `"cafe\u{301}"`, equal as Swift
/// strings, are two accounts. It reads like a `[String: Value]`.
///
/// - Thread safety: a value type; `ServerState` keeps it under the server's lock.
struct IDTable<Value> {
    private var storage: [ExactID: Value] = [:]

    /// - Complexity: O(1) on average, plus hashing the ID.
    subscript(id: String) -> Value? {
        get { storage[ExactID(id)] }
        _modify { yield &storage[ExactID(id)] }
        set { storage[ExactID(id)] = newValue }
    }

    /// The values, in no particular order.
    var values: Dictionary<ExactID, Value>.Values { storage.values }
}

extension IDTable: Sequence {
    /// Each ID with its value, in no particular order.
    func makeIterator() -> some IteratorProtocol<(key: String, value: Value)> {
        storage.lazy.map { (key: $0.key.string, value: $0.value) }.makeIterator()
    }
}

extension IDTable: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral elements: (String, Value)...) {
        for (id, value) in elements { self[id] = value }
    }
}

extension IDTable: Sendable where Value: Sendable {}

extension IDTable: Codable where Value: Codable {}
