import IMSQLite
import Foundation
import IMCore
import IMTestSupport
import XCTest

/// The connection and statement layer: caching, configuration, transactions, binding and errors.
final class PersistenceConnectionTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "imcore-persistence")
    }

    override func tearDown() {
        directory?.remove()
        super.tearDown()
    }

    private func scalar(_ connection: SQLiteConnection, _ sql: String) throws -> String? {
        try connection.prepare(sql).query { $0.string(at: 0) }.first ?? nil
    }

    func test_prepareSameSQLTwice_returnsTheCachedStatement() throws {
        let connection = try SQLiteConnection(path: nil)
        let first = try connection.prepare("SELECT ?")
        let second = try connection.prepare("SELECT ?")
        XCTAssertTrue(first === second)
        XCTAssertFalse(first === (try connection.prepare("SELECT ? + 1")))
    }

    func test_fileConnection_usesWALNormalSyncAndForeignKeys() throws {
        let connection = try SQLiteConnection(path: directory.file("wal.sqlite"))
        XCTAssertEqual(try scalar(connection, "PRAGMA journal_mode"), "wal")
        XCTAssertEqual(try scalar(connection, "PRAGMA synchronous"), "1", "NORMAL")
        XCTAssertEqual(try scalar(connection, "PRAGMA foreign_keys"), "1")
        XCTAssertEqual(try scalar(connection, "PRAGMA busy_timeout"), "\(SQLiteConnection.busyTimeoutMilliseconds)")
    }

    func test_inMemoryConnection_opensWithoutAFile() throws {
        let connection = try SQLiteConnection(path: nil)
        XCTAssertEqual(connection.path, ":memory:")
        XCTAssertEqual(try scalar(connection, "PRAGMA journal_mode"), "memory")
    }

    func test_transactionThatThrows_rollsBackEveryWriteAndRethrows() throws {
        let connection = try SQLiteConnection(path: nil)
        try connection.execute("CREATE TABLE t (x INTEGER)")
        let insert = try connection.prepare("INSERT INTO t (x) VALUES (?)")

        XCTAssertThrowsError(try connection.transaction { () throws(PersistenceError) in
            try insert.execute([1])
            try insert.execute([2])
            throw PersistenceError.io("abort")
        }) { XCTAssertEqual($0 as? PersistenceError, .io("abort")) }

        XCTAssertEqual(try scalar(connection, "SELECT count(*) FROM t"), "0")
        XCTAssertTrue(connection.isAutocommit, "no transaction is left open")
        try connection.transaction { () throws(PersistenceError) in try insert.execute([3]) }
        XCTAssertEqual(try scalar(connection, "SELECT count(*) FROM t"), "1")
    }

    func test_transactionInsideTransaction_failsAndRollsBackTheOuterOne() throws {
        let connection = try SQLiteConnection(path: nil)
        try connection.execute("CREATE TABLE t (x INTEGER)")
        XCTAssertThrowsError(try connection.transaction { () throws(PersistenceError) in
            try connection.prepare("INSERT INTO t (x) VALUES (?)").execute([1])
            try connection.transaction { () throws(PersistenceError) in }
        })
        XCTAssertEqual(try scalar(connection, "SELECT count(*) FROM t"), "0")
    }

    func test_boundValues_roundTripExactlyWithNullApartFromEmpty() throws {
        let connection = try SQLiteConnection(path: nil)
        let select = try connection.prepare("SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?")
        let text = "quote ' \" nul \u{0} end 😀"
        let rows = try select.query([
            UInt64.max, UInt64(1) << 63, Int64.min, Int.max, true, "", text, Data(), Data([0, 1, 255]),
            String?.none, Data?.none,
        ]) { row in
            (row.uint64(at: 0), row.uint64(at: 1), row.int64(at: 2), row.int(at: 3), row.bool(at: 4),
             row.string(at: 5), row.string(at: 6), row.data(at: 7), row.data(at: 8), row.string(at: 9), row.data(at: 10))
        }
        let row = try XCTUnwrap(rows.first)
        XCTAssertEqual(row.0, UInt64.max)
        XCTAssertEqual(row.1, UInt64(1) << 63)
        XCTAssertEqual(row.2, Int64.min)
        XCTAssertEqual(row.3, Int.max)
        XCTAssertEqual(row.4, true)
        XCTAssertEqual(row.5, "")
        XCTAssertEqual(row.6, text)
        XCTAssertEqual(row.7, Data())
        XCTAssertEqual(row.8, Data([0, 1, 255]))
        XCTAssertNil(row.9)
        XCTAssertNil(row.10)
    }

    func test_statementAfterUse_isResetWithBindingsCleared() throws {
        let connection = try SQLiteConnection(path: nil)
        let select = try connection.prepare("SELECT ?")
        XCTAssertEqual(try select.query(["first"]) { $0.string(at: 0) }, ["first"])
        XCTAssertEqual(try select.query { $0.string(at: 0) }, [nil], "the old binding was cleared")
        XCTAssertEqual(try select.query(["second"]) { $0.string(at: 0) }, ["second"])
    }

    func test_statementAfterFailedStep_isResetAndUsable() throws {
        let connection = try SQLiteConnection(path: nil)
        try connection.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
        let insert = try connection.prepare("INSERT INTO t (x) VALUES (?)")
        try insert.execute([1])
        XCTAssertThrowsError(try insert.execute([1]), "duplicate key")
        try insert.execute([2])
        XCTAssertEqual(try scalar(connection, "SELECT count(*) FROM t"), "2")
    }

    func test_invalidSQL_throwsIOErrorWithSQLiteMessage() throws {
        let connection = try SQLiteConnection(path: nil)
        XCTAssertThrowsError(try connection.prepare("SELEC 1")) { error in
            guard case .io(let reason) = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("syntax error"), reason)
        }
    }

    func test_persistenceError_mapsToDatabaseFailureCode6019_butADiskFailureTo6022() {
        let errors: [PersistenceError] = [
            .cannotOpen(path: "p", reason: "r"), .corrupt(path: "p", reason: "r"),
            .newerSchema(found: 9, known: 1), .io("busy"),
        ]
        for error in errors {
            XCTAssertEqual(error.imError.code, .databaseFailure)
            XCTAssertEqual(error.imError.code.rawValue, 6019)
            XCTAssertEqual(error.imError.message, error.description)
        }
        XCTAssertTrue(PersistenceError.newerSchema(found: 9, known: 1).description.contains("9"))
        let disk = PersistenceError.diskFailure(path: "p", reason: "database or disk is full")
        XCTAssertEqual(disk.imError.code, .ioOperationFailed)
        XCTAssertEqual(disk.imError.code.rawValue, 6022)
        XCTAssertEqual(disk.imError.message, disk.description)
        XCTAssertTrue(disk.description.contains("whether the disk is full"), disk.description)
    }
}
