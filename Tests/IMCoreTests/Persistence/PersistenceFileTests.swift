import IMSQLite
import Foundation
import IMCore
import IMTransportKit
import IMTestSupport
import XCTest

/// Database files: per-user paths, permissions, WAL, reopening, recovery from corruption (an empty
/// file included), the refusal of a newer schema, and the storage faults tests inject.
final class PersistenceFileTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "imcore-persistence")
    }

    override func tearDown() {
        directory?.remove()
        super.tearDown()
    }

    private var files: FileManager { .default }

    private func permissions(_ path: String) throws -> Int {
        try XCTUnwrap(files.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).intValue & 0o777
    }

    private func siblings(of path: String) throws -> [String] {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return try files.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(name) }.sorted()
    }

    /// A logger that keeps its lines.
    private final class LogLines: @unchecked Sendable {
        private let lines = Locked<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        var logger: IMLogger { IMLogger(minimumLevel: .debug) { _, line in self.lines.withLock { $0.append(line) } } }
    }

    // MARK: - Paths

    func test_pathsOfDifferentUsersOrApps_differ() {
        let ids = PersistenceFixtures.hostileStrings + ["user", "User", "user_1", "user-1", "user%2F1", "user/1"]
        var paths = Set<String>()
        for id in ids {
            paths.insert(ConversationDatabase.path(directory: "/data", appID: 1, userID: id))
            paths.insert(ConversationDatabase.path(directory: "/data", appID: 2, userID: id))
        }
        XCTAssertEqual(paths.count, ids.count * 2)
        let lowercased = Set(paths.map { $0.lowercased() })
        XCTAssertEqual(lowercased.count, paths.count, "case-insensitive file systems keep them apart too")
        XCTAssertEqual(
            ConversationDatabase.path(directory: "/data", appID: 1, userID: "alice"),
            ConversationDatabase.path(directory: "/data", appID: 1, userID: "alice"), "stable"
        )
    }

    func test_pathsOfHostileIDs_stayOneSafeFileInTheDirectory() {
        for id in PersistenceFixtures.hostileStrings + [String(repeating: "../", count: 200), "a\u{0}/../../etc/passwd"] {
            let path = ConversationDatabase.path(directory: "/data/ImSDK", appID: 1400000000, userID: id)
            let url = URL(fileURLWithPath: path)
            XCTAssertEqual(url.deletingLastPathComponent().path, "/data/ImSDK", id)
            let name = url.lastPathComponent
            XCTAssertLessThanOrEqual(name.utf8.count, 255, id)
            XCTAssertTrue(name.hasPrefix("im_1400000000_") && name.hasSuffix(".sqlite"), name)
            XCTAssertFalse(name.contains("/") || name.contains("..") || name.contains("'") || name.contains("\0"), name)
        }
    }

    func test_longIDsSharingAPrefix_getDifferentPaths() {
        let prefix = String(repeating: "a", count: 400)
        XCTAssertNotEqual(
            ConversationDatabase.path(directory: "/d", appID: 1, userID: prefix + "1"),
            ConversationDatabase.path(directory: "/d", appID: 1, userID: prefix + "2")
        )
    }

    func test_defaultDirectory_isAnAbsolutePerUserImSDKDirectory() {
        let path = ConversationDatabase.defaultDirectory()
        XCTAssertTrue(path.hasPrefix("/"), path)
        XCTAssertEqual(URL(fileURLWithPath: path).lastPathComponent, "ImSDK")
    }

    // MARK: - Creating and reopening

    func test_openInMissingDirectory_createsDirectory0700AndFile0600() throws {
        let path = directory.file("nested/im.sqlite")
        let database = try ConversationDatabase.open(at: path, logger: .silent)
        try database.upsert(Conversation(id: .c2c("alice")))

        XCTAssertEqual(try permissions(directory.file("nested")), 0o700)
        XCTAssertEqual(try permissions(path), 0o600)
        XCTAssertEqual(try permissions(path + "-wal"), 0o600, "SQLite copies the file's permissions")
        let mode = try database.connection.prepare("PRAGMA journal_mode").query { $0.string(at: 0) }
        XCTAssertEqual(mode, ["wal"])
        XCTAssertEqual(try Schema.version(of: database.connection), Schema.currentVersion)
    }

    func test_reopenedFile_keepsEverythingWritten() throws {
        let path = directory.file("im.sqlite")
        var fixtures = PersistenceFixtures(seed: 3)
        let conversations = fixtures.distinctConversations(20)
        let message = fixtures.message(seq: 5)
        do {
            let database = try ConversationDatabase.open(at: path, logger: .silent)
            try database.transaction { () throws(PersistenceError) in
                for conversation in conversations { try database.upsert(conversation) }
                try database.upsert(message, in: conversations[0].id, countsAsUnread: true)
                try database.saveCounters(UnreadCounters(), orderCounter: 42)
            }
        }
        let (database, recovered) = try ConversationDatabase.openOrRecover(at: path, logger: .silent)
        XCTAssertNil(recovered)
        XCTAssertEqual(try database.allConversations(), conversations.sorted { $0.sortKey > $1.sortKey })
        XCTAssertEqual(try database.messages(of: conversations[0].id).map(\.message), [message])
        XCTAssertEqual(try database.loadCounters()?.orderCounter, 42)
    }

    func test_openWithoutPath_usesAPrivateInMemoryDatabase() throws {
        let first = try ConversationDatabase.open(at: nil, logger: .silent)
        let second = try ConversationDatabase.open(at: nil, logger: .silent)
        try first.upsert(Conversation(id: .c2c("alice")))
        XCTAssertEqual(try first.conversationCount(), 1)
        XCTAssertEqual(try second.conversationCount(), 0)
        XCTAssertEqual(try first.connection.path, ":memory:")
    }

    func test_firstOpen_logsThatItCreatedTheDatabase_notAMigrationFromZero() throws {
        let log = LogLines()
        _ = try ConversationDatabase.open(at: nil, logger: log.logger)
        XCTAssertEqual(log.all, ["created the local database at :memory: (schema version \(Schema.currentVersion))"])
    }

    // MARK: - Corruption

    func test_garbageFiles_openAsCorrupt_withoutCrashing() throws {
        var random = SeededRandomGenerator(seed: 11)
        for size in [1, 50, 99, 100, 512, 4096, 100_000] {
            let path = directory.file("garbage-\(size).sqlite")
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            XCTAssertTrue(files.createFile(atPath: path, contents: Data(bytes)))
            XCTAssertThrowsError(try ConversationDatabase.open(at: path, logger: .silent), "size \(size)") { error in
                guard case .corrupt(let errorPath, _) = error as? PersistenceError else { return XCTFail("\(size): \(error)") }
                XCTAssertEqual(errorPath, path)
            }
        }
    }

    func test_garbageFile_isMovedAsideWithItsWAL_andAFreshDatabaseOpens() throws {
        let path = directory.file("im.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        XCTAssertTrue(files.createFile(atPath: path, contents: garbage))
        XCTAssertTrue(files.createFile(atPath: path + "-wal", contents: Data("wal garbage".utf8)))
        let log = LogLines()

        let (database, recovered) = try ConversationDatabase.openOrRecover(at: path, logger: log.logger)

        guard case .corrupt(let errorPath, _) = recovered else { return XCTFail("\(String(describing: recovered))") }
        XCTAssertEqual(errorPath, path)
        XCTAssertEqual(try database.conversationCount(), 0)
        try database.upsert(Conversation(id: .c2c("alice")))
        let aside = try XCTUnwrap(try siblings(of: path).first { $0.contains(".corrupt-") && !$0.hasSuffix("-wal") })
        XCTAssertEqual(files.contents(atPath: directory.file(aside)), garbage, "the bad file is kept for inspection")
        XCTAssertEqual(files.contents(atPath: directory.file(aside) + "-wal"), Data("wal garbage".utf8))
        XCTAssertTrue(log.all.contains { $0.contains("corrupt") && $0.contains(aside) }, "\(log.all)")
    }

    func test_databaseWithADamagedPage_isRecovered() throws {
        let path = directory.file("im.sqlite")
        do {
            let database = try ConversationDatabase.open(at: path, logger: .silent)
            var fixtures = PersistenceFixtures(seed: 5)
            try database.transaction { () throws(PersistenceError) in
                for conversation in fixtures.distinctConversations(500) { try database.upsert(conversation) }
            }
        }
        // Keep the 100-byte header, overwrite the rest of the first pages with garbage.
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 100)
        handle.write(Data(repeating: 0xA5, count: 16_000))
        try handle.close()

        let (database, recovered) = try ConversationDatabase.openOrRecover(at: path, logger: .silent)
        guard case .corrupt = recovered else { return XCTFail("\(String(describing: recovered))") }
        XCTAssertEqual(try database.conversationCount(), 0)
        XCTAssertEqual(try siblings(of: path).filter { $0.contains(".corrupt-") }.count, 1)
    }

    func test_aZeroByteFile_opensAsCorrupt_andIsMovedAsideWithItsWAL() throws {
        let path = directory.file("im.sqlite")
        XCTAssertTrue(files.createFile(atPath: path, contents: Data()))
        XCTAssertTrue(files.createFile(atPath: path + "-wal", contents: Data("wal".utf8)))
        XCTAssertThrowsError(try ConversationDatabase.open(at: path, logger: .silent)) { error in
            guard case .corrupt(let errorPath, let reason) = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertEqual(errorPath, path)
            XCTAssertTrue(reason.contains("0 bytes"), reason)
        }
        XCTAssertEqual(try siblings(of: path), ["im.sqlite", "im.sqlite-wal"], "open moved nothing")

        let (database, recovered) = try ConversationDatabase.openOrRecover(at: path, logger: .silent)
        guard case .corrupt = recovered else { return XCTFail("\(String(describing: recovered))") }
        try database.upsert(Conversation(id: .c2c("alice")))
        let aside = try siblings(of: path).filter { $0.contains(".corrupt-") }
        XCTAssertEqual(aside.count, 2, "the empty file and its WAL are kept aside: \(aside)")
    }

    func test_openingWithoutCreating_aMissingDatabase_throwsCannotOpen_andCreatesNothing() throws {
        let gone = directory.file("gone")
        let path = URL(fileURLWithPath: gone).appendingPathComponent("im.sqlite").path
        XCTAssertThrowsError(try ConversationDatabase.open(at: path, logger: .silent, creating: false)) { error in
            guard case .cannotOpen = error as? PersistenceError else { return XCTFail("\(error)") }
        }
        XCTAssertFalse(files.fileExists(atPath: gone), "no directory")
        try files.createDirectory(atPath: gone, withIntermediateDirectories: false)
        XCTAssertThrowsError(try ConversationDatabase.open(at: path, logger: .silent, creating: false))
        XCTAssertEqual(try files.contentsOfDirectory(atPath: gone), [], "no file")
        _ = try ConversationDatabase.open(at: path, logger: .silent)
        _ = try ConversationDatabase.open(at: path, logger: .silent, creating: false)
    }

    func test_aNewDatabase_isNeverLeftEmpty_soItsNextOpenIsNoDamage() throws {
        let path = directory.file("im.sqlite")
        _ = try ConversationDatabase.open(at: path, logger: .silent)
        XCTAssertGreaterThan(try XCTUnwrap(files.attributesOfItem(atPath: path)[.size] as? NSNumber).intValue, 0)
        let (_, recovered) = try ConversationDatabase.openOrRecover(at: path, logger: .silent)
        XCTAssertNil(recovered)
    }

    // MARK: - Storage faults

    func test_injectedFullDisk_failsWritesThatNeedANewPage_withDiskFailure_untilCleared() throws {
        let database = try ConversationDatabase.open(at: directory.file("im.sqlite"), logger: .silent)
        try database.upsert(Conversation(id: .c2c("small")))
        try database.inject(.diskFull)
        try database.checkWritable()
        var large = Conversation(id: .c2c("large"))
        large.draft = Draft(text: String(repeating: "x", count: 20_000), timestamp: 1)
        XCTAssertThrowsError(try database.transaction { () throws(PersistenceError) in try database.upsert(large) }) { error in
            guard case .diskFailure(_, let reason) = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("full"), reason)
        }
        XCTAssertTrue(try database.connection.isAutocommit, "the transaction is over")
        XCTAssertNil(try database.conversation(large.id))

        try database.inject(nil)
        try database.transaction { () throws(PersistenceError) in try database.upsert(large) }
        XCTAssertEqual(try database.conversation(large.id), large)
    }

    func test_injectedReadOnly_failsEveryWrite_andCheckWritable_withDiskFailure_untilCleared() throws {
        let database = try ConversationDatabase.open(at: directory.file("im.sqlite"), logger: .silent)
        try database.inject(.readOnly)
        for (name, write) in [
            ("checkWritable", { try database.checkWritable() }),
            ("upsert", { try database.upsert(Conversation(id: .c2c("a"))) }),
            ("saveCounters", { try database.saveCounters(UnreadCounters(), orderCounter: 1) }),
        ] as [(String, () throws -> Void)] {  // not `throws(PersistenceError)`: an array of those needs macOS 15
            XCTAssertThrowsError(try write(), name) { error in
                guard case .diskFailure(_, let reason) = error as? PersistenceError else { return XCTFail("\(name): \(error)") }
                XCTAssertTrue(reason.contains("readonly"), reason)
                XCTAssertEqual((error as? PersistenceError)?.imError.code.rawValue, 6022)
            }
        }
        XCTAssertEqual(try database.conversationCount(), 0, "reads still work")
        try database.inject(nil)
        try database.checkWritable()
        try database.upsert(Conversation(id: .c2c("a")))
        XCTAssertEqual(try database.conversationCount(), 1)
    }

    func test_newerSchema_isRefusedAndTheFileLeftAsItIs() throws {
        let path = directory.file("im.sqlite")
        do {
            let database = try ConversationDatabase.open(at: path, logger: .silent)
            try database.upsert(Conversation(id: .c2c("alice")))
            try database.connection.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
        }
        let before = try XCTUnwrap(files.contents(atPath: path))
        let namesBefore = try siblings(of: path)

        XCTAssertThrowsError(try ConversationDatabase.openOrRecover(at: path, logger: .silent)) { error in
            XCTAssertEqual(
                error as? PersistenceError, .newerSchema(found: Schema.currentVersion + 1, known: Schema.currentVersion)
            )
        }
        XCTAssertThrowsError(try ConversationDatabase.open(at: path, logger: .silent))

        XCTAssertEqual(files.contents(atPath: path), before, "not a byte changed")
        XCTAssertEqual(try siblings(of: path), namesBefore, "nothing moved aside")
        let connection = try SQLiteConnection(path: path)
        XCTAssertEqual(try connection.prepare("SELECT target FROM conversations").query { $0.string(at: 0) }, ["alice"])
    }

    func test_aDirectoryThatCannotBeCreated_isADiskFailure_6022() throws {
        // A regular file where a directory should be: fails even for root, unlike permissions.
        XCTAssertTrue(files.createFile(atPath: directory.file("plain"), contents: Data("x".utf8)))
        let path = URL(fileURLWithPath: directory.file("plain")).appendingPathComponent("sub/im.sqlite").path
        XCTAssertThrowsError(try ConversationDatabase.openOrRecover(at: path, logger: .silent)) { error in
            guard let error = error as? PersistenceError, case .diskFailure = error else { return XCTFail("\(error)") }
            XCTAssertEqual(error.imError.code, .ioOperationFailed)
        }
    }

    func test_unopenablePath_throwsCannotOpenAndMovesNothing() throws {
        try files.createDirectory(atPath: directory.file("a-directory"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try ConversationDatabase.openOrRecover(at: directory.file("a-directory"), logger: .silent)) { error in
            guard case .cannotOpen = error as? PersistenceError else { return XCTFail("\(error)") }
        }
        XCTAssertTrue(files.fileExists(atPath: directory.file("a-directory")))
    }
}
