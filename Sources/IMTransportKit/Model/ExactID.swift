import Foundation

/// A user, group or conversation ID as the server and the database see it: its UTF-8 bytes.
///
/// `String` compares by Unicode canonical equivalence, so `"caf\u{E9}"` and `"cafe\u{301}"` are equal
/// strings; as IDs they are two users. Key tables by `ExactID`, and compare two ID strings with
/// `isSameID(as:)`, wherever an ID names an account, a group or a conversation.
/// - Thread safety: a value type, `Sendable`.
package struct ExactID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The ID as given.
    package let string: String

    package init(_ string: String) {
        self.string = string
    }

    /// - Complexity: O(n) in the shorter ID's length (O(1) when the lengths differ).
    package static func == (lhs: ExactID, rhs: ExactID) -> Bool {
        let left = lhs.string.utf8, right = rhs.string.utf8
        guard left.count == right.count else { return false }
        let equal = left.withContiguousStorageIfAvailable { a in
            right.withContiguousStorageIfAvailable { b in
                a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
            }
        }
        if let equal = equal ?? nil { return equal }
        var a = lhs.string, b = rhs.string  // not contiguous (bridged): make both so
        return a.withUTF8 { a in b.withUTF8 { b in a.elementsEqual(b) } }
    }

    package func hash(into hasher: inout Hasher) {
        let hashed: Void? = string.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil {
            var string = string  // not contiguous (bridged): make it so
            string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Byte order (the order of SQLite's `BINARY` collation).
    package static func < (lhs: ExactID, rhs: ExactID) -> Bool {
        lhs.string.utf8.lexicographicallyPrecedes(rhs.string.utf8)
    }

    package var description: String { string }
}

extension String {
    /// Whether this ID and `other` are the same ID: the same UTF-8 bytes (`==` would also call two
    /// canonically equivalent spellings, such as NFC and NFD, equal).
    package func isSameID(as other: String) -> Bool { ExactID(self) == ExactID(other) }
}
