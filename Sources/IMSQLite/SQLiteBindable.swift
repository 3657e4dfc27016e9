import Foundation

/// A value that can be bound to a statement parameter, so `execute`/`query` take a list of them.
///
/// `nil` of any `Optional` of a bindable type binds NULL.
@usableFromInline
package protocol SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError)
    /// Records the value as `bind(to:at:)` would bind it (see `SQLiteValueLog`).
    func record(into log: inout SQLiteValueLog)
}

extension Int64: SQLiteBindable {
    @inlinable
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }

    @inlinable
    package func record(into log: inout SQLiteValueLog) {
        log.record(self)
    }
}

/// Stored as the `Int64` with the same bit pattern (see `SQLiteStatement`).
extension UInt64: SQLiteBindable {
    @inlinable
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }

    @inlinable
    package func record(into log: inout SQLiteValueLog) {
        log.record(Int64(bitPattern: self))
    }
}

extension Int: SQLiteBindable {
    @inlinable
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }

    @inlinable
    package func record(into log: inout SQLiteValueLog) {
        log.record(Int64(self))
    }
}

extension Bool: SQLiteBindable {
    @inlinable
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }

    @inlinable
    package func record(into log: inout SQLiteValueLog) {
        log.record(Int64(self ? 1 : 0))
    }
}

extension String: SQLiteBindable {
    @inlinable
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }

    @inlinable
    package func record(into log: inout SQLiteValueLog) {
        log.record(self)
    }
}

extension Data: SQLiteBindable {
    @inlinable
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try statement.bind(self, at: index)
    }

    @inlinable
    package func record(into log: inout SQLiteValueLog) {
        log.record(self)
    }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    @inlinable
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        switch self {
        case .some(let value): try value.bind(to: statement, at: index)
        case .none: try statement.bindNull(at: index)
        }
    }

    @inlinable
    package func record(into log: inout SQLiteValueLog) {
        switch self {
        case .some(let value): value.record(into: &log)
        case .none: log.recordNull()
        }
    }
}

/// Bytes bind as a blob (an empty array as an empty blob, not NULL).
extension Array: SQLiteBindable where Element == UInt8 {
    @inlinable
    package func bind(to statement: SQLiteStatement, at index: Int32) throws(PersistenceError) {
        try withBytes { bytes throws(PersistenceError) in try statement.bindBlob(bytes, at: index) }
    }

    @inlinable
    package func record(into log: inout SQLiteValueLog) {
        log.record(Data(self))
    }
}
