import Foundation

/// A value that can be bound to a statement parameter, so `execute`/`query` take a list of them.
///
/// `nil` of any `Optional` of a bindable type binds NULL.
package protocol SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError)
}

extension Int64: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }
}

/// Stored as the `Int64` with the same bit pattern (see `SQLiteStatement`).
extension UInt64: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }
}

extension Int: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }
}

extension Bool: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }
}

extension String: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }
}

extension Data: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        switch self {
        case .some(let value): try value.bind(to: statement, at: index)
        case .none: try statement.bindNull(at: index)
        }
    }
}
