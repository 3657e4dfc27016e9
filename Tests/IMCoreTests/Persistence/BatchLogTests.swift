import IMSQLite
import Foundation
@testable import IMCore
import IMTransportKit
import IMTestSupport
import XCTest

/// The batch log (`ConversationDatabase+BatchLog.swift`): whatever goes through it, a read sees
/// exactly what writing rows would have left, across folds, reopenings and a full disk.
final class BatchLogTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "imcore-batch-log")
    }

    override func tearDown() {
        directory?.remove()
        super.tearDown()
    }

    /// One batch as the store hands it to the database.
    private struct Batch {
        var operations: [StorageDelta.Operation] = []
        var conversations: [Conversation] = []
        var counters = UnreadCounters()
        var storage = StorageDelta()
    }

    private func write(_ batch: Batch, to database: ConversationDatabase) throws {
        try database.write(batch.operations, batch.conversations, counters: batch.counters, storage: batch.storage)
    }

    /// The reference: each operation, then each conversation, then the counters, in the order
    /// given, one statement at a time, in one transaction (what writing rows meant before the log).
    private func writeInOrder(_ batch: Batch, to database: ConversationDatabase) throws {
        try database.transaction { () throws(PersistenceError) in
            for operation in batch.operations {
                switch operation {
                case .store(let message, let id, let countsAsUnread):
                    try database.upsert(message, in: id, countsAsUnread: countsAsUnread)
                case .removePending(let messageID):
                    try database.deletePendingMessage(id: messageID)
                case .delete(let id, let keepingMessages):
                    try database.deleteConversation(id)
                    if keepingMessages { try database.keepMessages(of: id) } else { try database.deleteMessages(of: id) }
                case .clearMessages(let id, let upToSeq, let includingLocal):
                    try database.clearMessages(of: id, upToSeq: upToSeq, includingLocal: includingLocal)
                default:
                    XCTFail("not made by randomBatches: \(operation)")
                }
            }
            for conversation in batch.conversations { try database.upsert(conversation) }
            try database.saveCounters(
                batch.counters, orderCounter: batch.storage.orderCounter, syncVersion: batch.storage.syncVersion,
                serverEpoch: batch.storage.serverEpoch)
        }
    }

    /// Everything a database holds, as text: rows, messages with their flags, unsent messages in
    /// their order, counters.
    private func contents(_ database: ConversationDatabase) throws -> [String] {
        let stored = try database.everything().map { stored in
            "\(stored.id) \(String(describing: stored.conversation)) "
                + "\(stored.messages.map { "\($0.message) \($0.countsAsUnread)" }) \(stored.pending)"
        }
        let counters = try database.loadCounters().map { "\($0)" } ?? "no counters"
        return stored.sorted() + [counters, "\(try database.keptConversations().sorted { "\($0)" < "\($1)" })"]
    }

    /// Random batches over few conversations and sequences, so records repeat keys: a message
    /// stored then changed, a conversation in many batches, a pending message stored, changed and
    /// accepted; now and then a batch with a change that cannot be logged, or more messages than
    /// the log takes.
    private func randomBatches(seed: UInt64, count: Int) -> [Batch] {
        var fixtures = PersistenceFixtures(seed: seed)
        let ids = (0..<6).map { _ in fixtures.conversationID() }
        var batches: [Batch] = []
        var pending: [(String, ConversationID)] = []
        for index in 0..<count {
            var batch = Batch()
            let size = Int.random(in: 0...(index % 9 == 8 ? 12 : 4), using: &fixtures.random)
            for _ in 0..<size {
                let id = ids.randomElement(using: &fixtures.random)!
                switch Int.random(in: 0..<10, using: &fixtures.random) {
                case 0...5:
                    let message = fixtures.message(seq: UInt64.random(in: 1...8, using: &fixtures.random))
                    batch.operations.append(.store(message, in: id, countsAsUnread: fixtures.random.chance(50)))
                case 6, 7:
                    var message = fixtures.message(seq: 0)
                    if let (messageID, _) = pending.randomElement(using: &fixtures.random), fixtures.random.chance(50) {
                        message.id = messageID
                    } else {
                        message.id = "pending \(index) \(pending.count)"
                        pending.append((message.id, id))
                    }
                    batch.operations.append(.store(message, in: id, countsAsUnread: false))
                default:
                    if let (messageID, _) = pending.randomElement(using: &fixtures.random) {
                        batch.operations.append(.removePending(id: messageID))
                    }
                }
            }
            if index % 7 == 6 {
                let id = ids.randomElement(using: &fixtures.random)!
                batch.operations.append(fixtures.random.chance(50)
                    ? .clearMessages(id, upToSeq: UInt64.random(in: 0...8, using: &fixtures.random), includingLocal: true)
                    : .delete(id, keepingMessages: fixtures.random.chance(50)))
            }
            for _ in 0..<Int.random(in: 0...3, using: &fixtures.random) {
                batch.conversations.append(fixtures.conversation(id: ids.randomElement(using: &fixtures.random)!))
            }
            batch.counters.totalUnread = index
            batch.counters.conversations = Int.random(in: 0...6, using: &fixtures.random)
            batch.storage.orderCounter = UInt64(index) * 3
            batch.storage.syncVersion = fixtures.uint64()
            batch.storage.serverEpoch = fixtures.optionalString()
            batches.append(batch)
        }
        return batches
    }

    func test_batchesThroughTheLog_leaveWhatRowsLeave_readAfterEveryBatch_andOnlyAtTheEnd() throws {
        for seed: UInt64 in [1, 2, 3, 0x5EED] {
            let batches = randomBatches(seed: seed, count: 80)
            let rows = try ConversationDatabase.open(at: nil, logger: .silent)
            let eachRead = try ConversationDatabase.open(at: nil, logger: .silent)
            eachRead.logBatchLimit = 8
            let endRead = try ConversationDatabase.open(at: nil, logger: .silent)
            endRead.logBatchLimit = 8
            endRead.logFoldThreshold = .max
            var logged = 0
            for (index, batch) in batches.enumerated() {
                try writeInOrder(batch, to: rows)
                try write(batch, to: eachRead)
                try write(batch, to: endRead)
                logged += try eachRead.loggedCounts().batches
                XCTAssertEqual(try contents(eachRead), try contents(rows), "seed \(seed), batch \(index)")
                XCTAssertEqual(try eachRead.loggedCounts().batches, 0, "a read folds the log")
            }
            XCTAssertGreaterThan(logged, 40, "seed \(seed): most batches went to the log")
            XCTAssertGreaterThan(try endRead.loggedCounts().batches, 1, "seed \(seed): batches since the last row write")
            XCTAssertEqual(try contents(endRead), try contents(rows), "seed \(seed), one fold at the end")
        }
    }

    func test_aNegativeLimit_logsNothing_andLeavesWhatRowsInTheOrderGivenLeave() throws {
        for seed: UInt64 in [5, 6] {
            let rows = try ConversationDatabase.open(at: nil, logger: .silent)
            let sorted = try ConversationDatabase.open(at: nil, logger: .silent)
            sorted.logBatchLimit = -1
            for (index, batch) in randomBatches(seed: seed, count: 60).enumerated() {
                try writeInOrder(batch, to: rows)
                try write(batch, to: sorted)
                XCTAssertEqual(try sorted.loggedCounts().batches, 0, "a negative limit logs nothing")
                XCTAssertEqual(try contents(sorted), try contents(rows), "seed \(seed), batch \(index)")
            }
        }
    }

    func test_theLog_isFoldedWhenItReachesItsThresholdOfBytes_inTheTransactionOfTheBatchThatReachedIt() throws {
        let database = try ConversationDatabase.open(at: nil, logger: .silent)
        database.logFoldThreshold = .max
        let id = ConversationID.c2c("alice")
        let message = { (seq: Int) in
            Batch(operations: [.store(.accepted(seq: UInt64(seq), from: "alice", to: .user("me")), in: id, countsAsUnread: true)])
        }
        for seq in 1...4 { try write(message(seq), to: database) }
        let four = try database.loggedCounts()
        XCTAssertEqual(four.batches, 4)
        XCTAssertGreaterThan(four.bytes, 4 * 20, "each batch's message and counters")
        database.logFoldThreshold = four.bytes + 1
        try write(message(5), to: database)
        XCTAssertEqual(try database.loggedCounts().batches, 0, "the fifth batch reached the threshold")
        XCTAssertEqual(try database.messages(of: id).map(\.message.seq), [1, 2, 3, 4, 5])

        // Batches without messages (a read report, a pin) count too: the log stays bounded.
        database.logFoldThreshold = four.bytes
        var fixtures = PersistenceFixtures(seed: 8)
        var most = 0
        for _ in 0..<40 {
            try write(Batch(conversations: [fixtures.conversation(id: id)]), to: database)
            most = max(most, try database.loggedCounts().bytes)
        }
        XCTAssertLessThan(most, four.bytes, "folded whenever it reached the threshold")
    }

    func test_aBatchOfMoreMessagesThanTheLimit_foldsTheLogAndWritesRows() throws {
        let database = try ConversationDatabase.open(at: nil, logger: .silent)
        let id = ConversationID.group("g")
        let message = { (seq: Int) in StorageDelta.Operation.store(.accepted(seq: UInt64(seq), from: "bob", to: .group("g")), in: id, countsAsUnread: true) }
        try write(Batch(operations: [message(1)]), to: database)
        XCTAssertEqual(try database.loggedCounts().batches, 1)
        let large = (2...(ConversationDatabase.defaultLogBatchLimit + 2)).map(message)
        try write(Batch(operations: large), to: database)
        XCTAssertEqual(try database.loggedCounts().batches, 0)
        XCTAssertEqual(try database.messages(of: id).count, ConversationDatabase.defaultLogBatchLimit + 2)
    }

    func test_aDatabaseClosedWithBatchesInItsLog_showsThemWhenOpenedAgain() throws {
        let path = directory.file("log.sqlite")
        let batches = randomBatches(seed: 9, count: 30)
        let rows = try ConversationDatabase.open(at: nil, logger: .silent)
        do {
            let database = try ConversationDatabase.open(at: path, logger: .silent)
            database.logFoldThreshold = .max
            for batch in batches {
                try write(batch, to: database)
                try writeInOrder(batch, to: rows)
            }
            XCTAssertGreaterThan(try database.loggedCounts().batches, 0)
        }
        let reopened = try ConversationDatabase.open(at: path, logger: .silent)
        XCTAssertGreaterThan(try reopened.loggedCounts().batches, 0, "closing does not fold")
        XCTAssertEqual(try contents(reopened), try contents(rows))
        XCTAssertEqual(try reopened.loggedCounts().batches, 0)
    }

    func test_aFullDisk_failsTheFoldAndTheRead_losesNothing_andTheReadWorksOnceTheDiskRecovers() throws {
        let path = directory.file("full.sqlite")
        let database = try ConversationDatabase.open(at: path, logger: .silent)
        let id = ConversationID.c2c("alice")
        // Rows enough that the fold needs new pages.
        var conversations: [Conversation] = []
        var fixtures = PersistenceFixtures(seed: 4)
        for seq in 1...60 {
            var conversation = fixtures.conversation(id: .c2c("peer \(seq)"))
            conversation.customData = Data(repeating: UInt8(seq), count: 2_000)
            conversations.append(conversation)
            try write(Batch(
                operations: [.store(.accepted(seq: UInt64(seq), from: "alice", to: .user("me")), in: id, countsAsUnread: true)],
                conversations: [conversation]), to: database)
        }
        XCTAssertEqual(try database.loggedCounts().batches, 60)
        try database.inject(.diskFull)
        XCTAssertThrowsError(try database.messages(of: id)) { error in
            guard case .diskFailure = error as? PersistenceError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try database.loggedCounts().batches, 60, "the failed fold rolled back; the log is whole")
        try database.inject(nil)
        XCTAssertEqual(try database.messages(of: id).map(\.message.seq), Array(1...60))
        XCTAssertEqual(try database.conversation(.c2c("peer 60")), conversations.last)
        XCTAssertEqual(try database.loggedCounts().batches, 0)
    }

    /// The reads a store makes of conversation rows (`stored(_:)`, `listRows()`) read the tables as
    /// they are, without the fold, so a full disk does not fail them (a store holds in memory
    /// every conversation the log changed); `IMClient.loadStore`, which reads a database no store
    /// ran over, folds first.
    func test_theStoresReadsOfRows_needNoFold_evenOnAFullDisk_andLoadingAWholeStoreFoldsFirst() throws {
        let path = directory.file("rows.sqlite")
        let database = try ConversationDatabase.open(at: path, logger: .silent)
        let rows = try ConversationDatabase.open(at: nil, logger: .silent)
        database.logFoldThreshold = .max
        for batch in randomBatches(seed: 21, count: 40) {
            try write(batch, to: database)
            try writeInOrder(batch, to: rows)
        }
        let logged = try database.loggedCounts().batches
        XCTAssertGreaterThan(logged, 0)
        let someID = try XCTUnwrap(try rows.allConversations().first?.id)

        try database.inject(.diskFull)
        XCTAssertNoThrow(try database.listRows())
        XCTAssertNoThrow(try database.stored(someID))
        XCTAssertEqual(try database.loggedCounts().batches, logged, "neither read folded the log")

        try database.inject(nil)
        let loaded = try IMClient.loadStore(from: database, userID: "me", logger: .silent)
        XCTAssertEqual(try database.loggedCounts().batches, 0, "folded first")
        let reference = try IMClient.loadStore(from: rows, userID: "me", logger: .silent)
        XCTAssertEqual(loaded.allInOrder(), reference.allInOrder())
        XCTAssertEqual(loaded.counters, reference.counters)
    }

    func test_aDamagedLogRecord_isReportedCorrupt_notRunHalfway() throws {
        let database = try ConversationDatabase.open(at: nil, logger: .silent)
        let id = ConversationID.c2c("alice")
        try write(Batch(operations: [.store(.accepted(seq: 1, from: "alice", to: .user("me")), in: id, countsAsUnread: true)]), to: database)
        var log = SQLiteValueLog()
        log.beginRecord(1)
        try log.append(Int64(1))
        var damaged = log.finish()
        damaged.removeLast(3)
        try database.insertLogBodyForTesting(damaged)
        XCTAssertThrowsError(try database.messages(of: id)) { error in
            guard case .corrupt(_, let reason) = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("truncated"), reason)
        }
        XCTAssertEqual(try database.loggedCounts().batches, 2, "nothing of the fold stayed")
    }
}
