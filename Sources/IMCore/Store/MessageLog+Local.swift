import IMTransportKit

/// Imported messages in the log: their order and their list.
extension MessageLog {
    /// The order of imported messages, oldest first: by time, then by ID.
    static func importOrder(_ first: Message, _ second: Message) -> Bool {
        (first.timestamp, first.id) < (second.timestamp, second.id)
    }

    /// The first index of `sorted` whose element satisfies `isAfter` (false for a prefix, then true).
    /// - Complexity: O(log n).
    static func partition(_ sorted: [Message], _ isAfter: (Message) -> Bool) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(sorted[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Adds an imported message in time order.
    /// - Complexity: O(log i + i) for the insertion.
    mutating func insertImported(_ message: Message) {
        let index = Self.partition(imported) { !Self.importOrder($0, message) }
        imported.insert(message, at: index)
    }

    /// Removes and returns the imported message with `id`.
    /// - Complexity: O(i).
    mutating func removeImported(id: String) -> Message? {
        guard let index = imported.firstIndex(where: { $0.id == id }) else { return nil }
        return imported.remove(at: index)
    }
}
