import IMCore
import IMTransportKit
import IMTestSupport
import XCTest

/// `ConversationStore.receive(_:profile:)`, the messages of one conversation received as one change
/// (how a sync page applies them), against `receive(_:profile:isNew:)` one message at a time: two
/// stores take the same random history, one receiving each group of messages one by one, the other
/// as a group, and must agree after every group on the conversations (all but their order keys),
/// the list's order, the counters, and the batch's changes, storage writes and new messages.
final class ConversationStoreBatchReceiveTests: XCTestCase {
    private static let me = "me"
    private static let peers = (0..<6).map { ConversationID.c2c("u\($0)") }
    private static let groups = (0..<6).map { ConversationID.group("g\($0)") }

    func test_receivingAConversationsMessagesAsOneChange_endsAsReceivingThemOneByOne() {
        var coverage = Coverage()
        for seed: UInt64 in [1, 2, 3, 0xB47C4] {
            var run = Run(seed: seed)
            for step in 0..<400 {
                guard run.step(step, coverage: &coverage) else { return }
            }
        }
        // The situations where one change could differ from many came up.
        XCTAssertGreaterThan(coverage.duplicates, 50, "duplicates, held or repeated within a group")
        XCTAssertGreaterThan(coverage.acceptedPending, 20, "pending messages of mine accepted")
        XCTAssertGreaterThan(coverage.mentions, 20, "@-mentions of me")
        XCTAssertGreaterThan(coverage.created, 10, "conversations a group created")
        XCTAssertGreaterThan(coverage.lateArrivals, 50, "messages below the last sequence")
        XCTAssertGreaterThan(coverage.notNew, 50, "messages not announced as new")
    }

    func test_messagesOfAnotherConversation_areEachReceivedOnTheirOwn() {
        var batched = ConversationStore(selfUserID: Self.me)
        var single = ConversationStore(selfUserID: Self.me)
        let messages = [
            Self.text(in: .c2c("a"), seq: 1, at: 10, from: "a"),
            Self.text(in: .c2c("b"), seq: 1, at: 11, from: "b"),
            Self.text(in: .c2c("a"), seq: 2, at: 12, from: "a"),
        ]
        batched.receive(messages.map { (message: $0, isNew: true) })
        for message in messages { single.receive(message) }
        XCTAssertEqual(batched.allInOrder(), single.allInOrder())
        XCTAssertEqual(batched.commitBatch().newMessages, single.commitBatch().newMessages)
        XCTAssertEqual(batched.conversation(.c2c("a"))?.unreadCount, 2)
    }

    private struct Coverage {
        var duplicates = 0
        var acceptedPending = 0
        var mentions = 0
        var created = 0
        var lateArrivals = 0
        var notNew = 0
    }

    private struct Run {
        let seed: UInt64
        var random: SeededRandomGenerator
        var single = ConversationStore(selfUserID: me)
        var batched = ConversationStore(selfUserID: me)
        var now: UInt64 = 50_000
        var nextSeq: [ConversationID: UInt64] = [:]
        /// Messages handed out and not delivered yet, per conversation (delivered late, or never).
        var held: [ConversationID: [Message]] = [:]
        var counter = 0

        init(seed: UInt64) {
            self.seed = seed
            random = SeededRandomGenerator(seed: seed)
        }

        /// Draws one step, applies it to both stores and compares them; false on a mismatch.
        mutating func step(_ step: Int, coverage: inout Coverage) -> Bool {
            now += UInt64.random(in: 0...1, using: &random)
            let id = (random.chance(50) ? peers : groups).randomElement(using: &random)!
            if random.chance(20) {
                sendPending(in: id)
            } else if random.chance(10) {
                let cursor = UInt64.random(in: 0...(nextSeq[id] ?? 1), using: &random)
                single.markRead(id, upTo: cursor)
                batched.markRead(id, upTo: cursor)
            } else {
                receiveGroup(in: id, coverage: &coverage)
            }
            return compare(step: step, id: id)
        }

        /// A message of mine being sent: pending in both stores until the server's copy arrives.
        mutating func sendPending(in id: ConversationID) {
            let seq = (nextSeq[id] ?? 1)
            nextSeq[id] = seq + 1
            var message = message(in: id, seq: seq, from: me)
            held[id, default: []].append(message)
            message.seq = 0
            message.status = .sending
            single.addSending(message)
            batched.addSending(message)
        }

        mutating func receiveGroup(in id: ConversationID, coverage: inout Coverage) {
            // Two groups are chat rooms (no unread count); the server sends their profile along.
            let profile = id == groups[0] || id == groups[1]
                ? ConversationProfile(name: "room", groupType: ConversationProfile.chatRoomGroupType) : nil
            if single.conversation(id) == nil { coverage.created += 1 }
            var group: [(message: Message, isNew: Bool)] = []
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let message: Message
                if random.chance(15), let delivered = single.conversation(id)?.lastSeq, delivered > 0 {
                    // Again: one the store may hold already.
                    let seq = UInt64.random(in: 1...delivered, using: &random)
                    message = self.message(in: id, seq: seq, from: "x")
                } else if random.chance(10), let again = group.last?.message {
                    message = again
                } else if var late = held[id], !late.isEmpty, random.chance(40) {
                    message = late.remove(at: Int.random(in: 0..<late.count, using: &random))
                    held[id] = late
                    if message.sender == me { coverage.acceptedPending += 1 }
                } else {
                    let seq = nextSeq[id] ?? 1
                    nextSeq[id] = seq + 1
                    let sender = id.kind == .c2c ? (random.chance(15) ? me : id.target) : "m\(Int.random(in: 0...2, using: &random))"
                    let fresh = self.message(in: id, seq: seq, from: sender)
                    if random.chance(20) {
                        held[id, default: []].append(fresh)
                        continue
                    }
                    message = fresh
                }
                if let last = single.conversation(id)?.lastSeq, message.seq <= last { coverage.lateArrivals += 1 }
                if message.atUserIDs.contains(me) { coverage.mentions += 1 }
                let isNew = random.chance(80)
                if !isNew { coverage.notNew += 1 }
                group.append((message, isNew))
            }
            let before = single.conversation(id)?.lastSeq ?? 0
            let duplicates = group.enumerated().filter { index, arrival in
                arrival.message.seq <= before || group[..<index].contains { $0.message.seq == arrival.message.seq }
            }
            coverage.duplicates += duplicates.count
            for (message, isNew) in group { single.receive(message, profile: profile, isNew: isNew) }
            batched.receive(group, profile: profile)
        }

        func message(in id: ConversationID, seq: UInt64, from sender: String) -> Message {
            var random = SeededRandomGenerator(seed: seed &+ seq &* 7_919 &+ UInt64(id.target.utf8.count))
            let receiver: MessageReceiver = id.kind == .group ? .group(id.target) : .user(sender == me ? id.target : me)
            let mentions = id.kind == .group && random.chance(20) ? [me] : []
            return Message(
                id: "\(id.target)-\(seq)", seq: seq, timestamp: now - UInt64.random(in: 0...2, using: &random),
                sender: sender, receiver: receiver, content: .text("#\(seq)"), atUserIDs: mentions,
                atAll: id.kind == .group && random.chance(5),
                isExcludedFromUnreadCount: random.chance(8), isExcludedFromLastMessage: random.chance(8),
                status: random.chance(5) ? .revoked : .sent)
        }

        /// Compares the two stores and their batches; false (with a failure) when they differ.
        mutating func compare(step: Int, id: ConversationID) -> Bool {
            let where_ = "seed \(seed), step \(step), \(id)"
            let one = single.commitBatch(), many = batched.commitBatch()
            var ok = true
            func check(_ equal: Bool, _ what: String) {
                if !equal {
                    XCTFail("\(where_): \(what) differ")
                    ok = false
                }
            }
            check(single.allInOrder().map(\.id) == batched.allInOrder().map(\.id), "the list orders")
            check(single.allInOrder().map(Self.unordered) == batched.allInOrder().map(Self.unordered), "the conversations")
            check(single.counters == batched.counters, "the counters")
            check(one.newMessages == many.newMessages, "the new messages")
            check(one.added.map(Self.unordered) == many.added.map(Self.unordered), "the added conversations")
            check(one.changed.map(Self.unordered) == many.changed.map(Self.unordered), "the changed conversations")
            check(one.counters == many.counters, "the batches' counters")
            check("\(one.storage.operations)" == "\(many.storage.operations)", "the storage operations")
            check(single.messages(of: id, before: nil, count: 1_000) == batched.messages(of: id, before: nil, count: 1_000), "the messages")
            single._checkInvariants()
            batched._checkInvariants()
            return ok
        }

        /// `conversation` with its order key left out (one change moves it in fewer steps).
        static func unordered(_ conversation: Conversation) -> Conversation {
            var conversation = conversation
            conversation.orderKey = 0
            return conversation
        }
    }

    private static func text(in id: ConversationID, seq: UInt64, at timestamp: UInt64, from sender: String) -> Message {
        Message(id: "\(id.target)-\(seq)", seq: seq, timestamp: timestamp, sender: sender,
                receiver: id.kind == .group ? .group(id.target) : .user(me), content: .text("#\(seq)"))
    }
}
