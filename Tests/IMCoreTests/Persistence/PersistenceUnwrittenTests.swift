import Foundation
import IMCore
import IMTransportKit
import IMTestSupport
import XCTest

/// Batches a failing disk could not write, merged (`UnwrittenChanges`) and written later in one
/// transaction, store exactly what writing each batch in turn stores.
final class PersistenceUnwrittenTests: XCTestCase {
    func test_randomBatchesMergedWhileTheDiskFails_storeWhatWritingEachBatchStores() throws {
        var merges = 0
        for seed: UInt64 in 1...30 {
            var run = StoreRun(seed: seed)
            let direct = try ConversationDatabase.open(at: nil, logger: .silent)
            let merged = try ConversationDatabase.open(at: nil, logger: .silent)
            var unwritten = UnwrittenChanges()
            var failing = false
            for _ in 0..<300 {
                run.step()
                let batch = run.store.commitBatch()
                try IMClient.write(batch, to: direct)
                if run.random.chance(10) { failing.toggle() }
                guard batch.needsWriting else { continue }
                if failing || !unwritten.isEmpty { unwritten.append(batch) }
                guard !failing else { continue }
                if unwritten.isEmpty {
                    try IMClient.write(batch, to: merged)
                } else {
                    merges += 1
                    try IMClient.write(unwritten, to: merged)
                    unwritten = UnwrittenChanges()
                }
            }
            if !unwritten.isEmpty { try IMClient.write(unwritten, to: merged) }
            XCTAssertEqual(try Self.contents(of: merged), try Self.contents(of: direct), "seed \(seed)")
            XCTAssertEqual(run.deletions.keeping > 0 && run.deletions.clearing > 0, true, "seed \(seed) deletes both ways")
        }
        XCTAssertGreaterThan(merges, 100, "many merged writes")
    }

    func test_aConversationDeletedAfterAnUnwrittenChange_isNotWrittenBack_andOneAddedAgainIs() throws {
        var store = ConversationStore(selfUserID: "me")
        let database = try ConversationDatabase.open(at: nil, logger: .silent)
        let alice = ConversationID.c2c("alice"), bob = ConversationID.c2c("bob")
        store.receive(.accepted(seq: 1, from: "alice", to: .user("me")))
        store.receive(.accepted(seq: 1, from: "bob", to: .user("me")))
        try IMClient.write(store.commitBatch(), to: database)

        var unwritten = UnwrittenChanges()
        try store.setDraft(alice, Draft(text: "gone", timestamp: 2))
        try store.setDraft(bob, Draft(text: "kept", timestamp: 2))
        unwritten.append(store.commitBatch())
        store.delete(alice, keepingMessages: true)
        store.delete(bob)
        unwritten.append(store.commitBatch())
        store.receive(.accepted(seq: 2, from: "bob", to: .user("me")))
        unwritten.append(store.commitBatch())
        XCTAssertEqual(unwritten.batchCount, 3)
        try IMClient.write(unwritten, to: database)

        XCTAssertNil(try database.conversation(alice), "the deleted row is not written back")
        XCTAssertEqual(try database.messages(of: alice).map(\.message.seq), [1], "its messages were kept")
        XCTAssertEqual(try database.conversation(bob), store.conversation(bob), "added again: its newest state")
        XCTAssertEqual(try database.messages(of: bob).map(\.message.seq), [2], "the delete cleared the older message")
        XCTAssertEqual(try database.loadCounters()?.counters, store.counters)
    }

    /// Everything a database holds, as lines: each conversation with its messages, the counters
    /// and the local fields.
    private static func contents(of database: ConversationDatabase) throws -> [String] {
        var lines = try database.everything().map { stored in
            "\(stored.id): \(stored.conversation.map { "\($0)" } ?? "deleted") "
                + "messages \(stored.messages.map { "\($0.message) counts \($0.countsAsUnread)" }) pending \(stored.pending)"
        }
        lines.append("counters \(String(describing: try database.loadCounters()))")
        lines.append("local fields \(try database.allLocalFields().sorted { $0.key < $1.key })")
        lines.append("conversation groups \(try database.loadConversationGroups())")
        return lines
    }
}

/// Random operations on a store of four conversations: messages from peers and from me, sends
/// that are accepted or fail, reads, deletions both ways, drafts, pins, receive options, local
/// fields, imports, removals, and conversation groups and marks as the server pushes them.
private struct StoreRun {
    var store = ConversationStore(selfUserID: "me")
    var random: SeededRandomGenerator
    var deletions = (keeping: 0, clearing: 0)
    private var seqs: [ConversationID: UInt64] = [:]
    private var sending: [(Message, ConversationID)] = []
    private var clock: UInt64 = 1_000
    private var sent = 0

    private static let ids: [ConversationID] = [.c2c("a"), .c2c("b"), .group("g"), .group("h")]

    init(seed: UInt64) {
        random = SeededRandomGenerator(seed: seed)
    }

    mutating func step() {
        clock += 1
        let id = Self.ids.randomElement(using: &random)!
        let receiver: MessageReceiver = id.kind == .group ? .group(id.target) : .user("me")
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<30:
            let sender = id.kind == .group ? ["a", "b"].randomElement(using: &random)! : id.target
            store.receive(.accepted(seq: nextSeq(id), from: sender, to: receiver, at: clock))
        case 30..<38:
            sent += 1
            let message = Message.sending(
                id: "mine-\(sent)", from: "me", to: id.kind == .group ? receiver : .user(id.target), at: clock)
            store.addSending(message)
            sending.append((message, id))
        case 38..<46 where !sending.isEmpty:
            let (message, id) = sending.remove(at: Int.random(in: 0..<sending.count, using: &random))
            if random.chance(75) {
                store.receive(message.acknowledged(seq: nextSeq(id), at: clock), isNew: false)
            } else {
                store.failSending(message)
            }
        case 46..<56:
            store.markRead(id, upTo: UInt64.random(in: 0...(seqs[id] ?? 0) + 1, using: &random))
        case 56..<64:
            let keeping = random.chance(50)
            if store.conversation(id) != nil {
                if keeping { deletions.keeping += 1 } else { deletions.clearing += 1 }
            }
            store.delete(id, keepingMessages: keeping)
        case 64..<72:
            try? store.setDraft(id, random.chance(70) ? Draft(text: "draft \(clock)", timestamp: clock) : nil)
        case 72..<78:
            try? store.setPinned(id, random.chance(60))
        case 78..<82:
            store.setReceiveOption(id, ReceiveOption.allCases.randomElement(using: &random)!)
        case 82..<90:
            let seq = UInt64.random(in: 1...max(1, seqs[id] ?? 1), using: &random)
            guard let message = store.message(in: id, seq: seq, random: nil, messageID: nil) else { return }
            let fields = random.chance(80)
                ? MessageLocalFields(customInt: Int32(clock % 1_000), customData: Data("local \(clock)".utf8))
                : MessageLocalFields()
            store.setLocalFields(fields, ofMessage: message.id)
        case 90..<93:
            let members = Self.ids.filter { _ in random.chance(50) }
            let groupID = UInt64.random(in: 1...3, using: &random)
            let group = random.chance(20) ? nil : ConversationGroup(id: groupID, name: "g\(clock % 5)", conversations: members)
            store.applyConversationGroup(groupID, group)
        case 93..<95:
            store.applyServerMarks(id, ConversationMarks(rawValue: UInt64.random(in: 0...3, using: &random)))
        case 95..<97:
            var imported = IMClient.importable(.text("imported \(clock)"), sender: "me", now: clock)
            imported.receiver = id.kind == .group ? receiver : .user(id.target)
            store.importMessages([imported], into: id)
        default:
            let newest = store.messages(of: id, before: nil, count: 3)
            guard let message = newest.randomElement(using: &random) else { return }
            try? store.removeMessage(message, in: id)
        }
    }

    private mutating func nextSeq(_ id: ConversationID) -> UInt64 {
        seqs[id, default: 0] += 1
        return seqs[id]!
    }
}
