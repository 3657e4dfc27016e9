import IMCore
import IMTransportKit
import IMTestSupport
import XCTest

/// Thousands of random operations against `ConversationStore`, each followed by the store's own
/// invariant check and a comparison with `StoreModel`, a deliberately simple model that keeps every
/// message in a dictionary and recounts everything from scratch.
///
/// A mismatch names the seed, the step and the operation, and ends the run of that seed. The model
/// comparison comes before `_checkInvariants()` (which traps), so drift is reported with its seed.
final class ConversationStorePropertyTests: XCTestCase {
    private static let seeds: [UInt64] = [1, 2, 0x5EED, 0xC0FF_EE15]
    private static let steps = 2_000

    func test_randomOperations_matchSimpleModelAfterEveryStep() {
        var coverage = Coverage()
        var allRunsCompleted = true
        for seed in Self.seeds {
            var run = PropertyRun(seed: seed)
            for step in 0..<Self.steps {
                guard run.step(step, coverage: &coverage) else {
                    allRunsCompleted = false
                    break
                }
            }
        }
        guard allRunsCompleted else { return }
        // Each situation the model distinguishes came up, so the comparisons above were not vacuous.
        XCTAssertGreaterThan(coverage.duplicates, 100)
        XCTAssertGreaterThan(coverage.lateArrivals, 100)
        XCTAssertGreaterThan(coverage.movedToTop, 1_000)
        XCTAssertGreaterThan(coverage.pinLimitHits, 10)
        XCTAssertGreaterThan(coverage.unknownConversationErrors, 10)
        XCTAssertGreaterThan(coverage.stepsWithMentions, 1_000)
        XCTAssertGreaterThan(coverage.stepsWithMutedUnread, 1_000)
        XCTAssertGreaterThan(coverage.stepsWithMarkedUnread, 1_000)
        XCTAssertGreaterThan(coverage.serverStates, 100)
        XCTAssertGreaterThan(coverage.deletes, 100)
    }
}

/// How often the run met the situations worth testing.
private struct Coverage {
    var duplicates = 0
    var lateArrivals = 0
    var movedToTop = 0
    var pinLimitHits = 0
    var unknownConversationErrors = 0
    var stepsWithMentions = 0
    var stepsWithMutedUnread = 0
    var stepsWithMarkedUnread = 0
    var serverStates = 0
    var deletes = 0
}

/// One store operation, as drawn.
private enum Operation {
    case receive(Message, isNew: Bool)
    case markRead(ConversationID, upTo: UInt64, clearingMark: Bool)
    case setPinned(ConversationID, Bool)
    case setReceiveOption(ConversationID, ReceiveOption)
    case setDraft(ConversationID, Draft?)
    case setMarks(ConversationID, ConversationMarks, enable: Bool)
    case delete(ConversationID)
    case applyServerState(ServerConversation)
}

/// One seeded run: the store, the model, and the "server side" that makes up messages.
private struct PropertyRun {
    /// Filters whose pages and unread counts are checked as the run goes; the first ones are
    /// subscribed, so the store keeps their counts by deltas (checked by `_checkInvariants`).
    static let filters: [ConversationFilter] = {
        var filters: [ConversationFilter] = []
        for kind in [nil, ConversationID.Kind.c2c, .group] {
            for marks in [nil, [], ConversationMarks.star, .hide, [.star, .fold], ConversationMarks(rawValue: 1 << 40)] {
                filters.append(ConversationFilter(kind: kind, marks: marks))
                filters.append(ConversationFilter(kind: kind, marks: marks, hasUnread: true, hasGroupAt: kind == .group ? true : nil))
                filters.append(ConversationFilter(kind: kind, marks: marks, hasUnread: false, hasGroupAt: false))
            }
            filters.append(ConversationFilter(kind: kind, group: ""))
            filters.append(ConversationFilter(kind: kind, group: "work"))
        }
        return filters
    }()
    static let subscribed = [
        ConversationFilter(), ConversationFilter(kind: .group), ConversationFilter(marks: .star),
        ConversationFilter(marks: []), ConversationFilter(kind: .c2c, marks: .hide), ConversationFilter(group: ""),
    ]

    static let me = "me"
    /// 30 peers and 30 groups: small enough that the pin limit of 50 is reached.
    static let universe = (0..<30).map { ConversationID.c2c("u\($0)") } + (0..<30).map { ConversationID.group("g\($0)") }
    static let members = ["m0", "m1", "m2", "m3"]

    let seed: UInt64
    var random: SeededRandomGenerator
    var store = ConversationStore(selfUserID: me)
    var model = StoreModel(me: me)
    /// Server time in seconds; never goes back, often stays within a second.
    var now: UInt64 = 100_000
    /// The next sequence the server hands out per conversation.
    var nextSeq: [ConversationID: UInt64] = [:]
    /// Sequences the server handed out but this client has not received yet (late arrivals).
    var late: [ConversationID: [UInt64]] = [:]

    /// The count the last batch carried for each subscribed filter.
    var announced: [ConversationFilter: UInt64] = [:]

    init(seed: UInt64) {
        self.seed = seed
        self.random = SeededRandomGenerator(seed: seed)
        for filter in Self.subscribed { announced[filter] = store.subscribeUnreadCount(filter) }
    }

    /// Draws, applies and checks one operation; false when a check failed.
    mutating func step(_ step: Int, coverage: inout Coverage) -> Bool {
        now += UInt64.random(in: 0...1, using: &random)
        let operation = draw(step: step)
        let target = operation.target(me: Self.me)
        let before = store.conversation(target)
        let totalBefore = store.counters.totalUnread

        let thrown = apply(operation)
        let outcome = model.apply(operation)

        var check = Checker(seed: seed, step: step, operation: operation)
        check.equal(thrown?.code, outcome.error, "error")
        let after = store.conversation(target)
        let batch = store.commitBatch()
        checkBatch(batch, before: before, after: after, totalBefore: totalBefore, operation: operation,
                   outcome: outcome, check: &check)
        if outcome.isDuplicate || outcome.error != nil { check.equal(after, before, "a rejected or duplicate operation") }
        compareWithModel(target: target, check: &check)
        checkFilterCounts(batch, check: &check)
        if step % 25 == 0 { checkFilteredPages(check: &check) }
        if outcome.movedWithNewestActivity, let entry = model.entries[target] {
            let band = store.allInOrder().filter { $0.isPinned == entry.isPinned }
            check.equal(band.first?.id, target, "the newest activity puts its conversation first in its band")
        }
        guard check.ok else { return false }
        store._checkInvariants()

        if outcome.isDuplicate { coverage.duplicates += 1 }
        if outcome.isLate { coverage.lateArrivals += 1 }
        if outcome.movedWithNewestActivity { coverage.movedToTop += 1 }
        if outcome.error == .limitExceeded { coverage.pinLimitHits += 1 }
        if outcome.error == .invalidConversation { coverage.unknownConversationErrors += 1 }
        if case .applyServerState = operation { coverage.serverStates += 1 }
        if case .delete = operation, before != nil { coverage.deletes += 1 }
        if store.allInOrder().contains(where: { !$0.groupAtInfos.isEmpty }) { coverage.stepsWithMentions += 1 }
        if store.counters.mutedUnread > 0 { coverage.stepsWithMutedUnread += 1 }
        if store.counters.conversationsToScanForReads > 0 { coverage.stepsWithMarkedUnread += 1 }
        return true
    }

    // MARK: - Drawing operations

    /// Phases of mostly pinning alternate with phases of mostly unpinning, so the pin limit is
    /// reached and left again.
    private static func isPinningPhase(_ step: Int) -> Bool { (step / 600).isMultiple(of: 2) }

    private mutating func draw(step: Int) -> Operation {
        let id = Self.universe.randomElement(using: &random)!
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<43:
            return .receive(drawReceivedMessage(in: id), isNew: random.chance(80))
        case 43..<55:
            let lastSeq = model.entries[id]?.lastSeq ?? 3
            let seq: UInt64
            switch Int.random(in: 0..<10, using: &random) {
            case 0: seq = .max
            case 1, 2: seq = lastSeq
            default: seq = UInt64.random(in: 0...lastSeq + 3, using: &random)
            }
            return .markRead(id, upTo: seq, clearingMark: random.chance(70))
        case 55..<71:
            guard Self.isPinningPhase(step) else { return .setPinned(id, random.chance(30)) }
            let unpinned = model.entries.filter { !$0.value.isPinned }.keys.sorted()
            return .setPinned(random.chance(80) ? unpinned.randomElement(using: &random) ?? id : id, true)
        case 71..<77:
            return .setReceiveOption(id, ReceiveOption.allCases.randomElement(using: &random)!)
        case 77..<84:
            let draft = random.chance(70)
                ? Draft(text: "draft \(step)", timestamp: now - UInt64.random(in: 0...5, using: &random)) : nil
            return .setDraft(id, draft)
        case 84..<91:
            var marks: ConversationMarks = []
            for mark in [ConversationMarks.star, .unread, .fold, .hide, ConversationMarks(rawValue: 1 << 40)]
            where random.chance(40) {
                marks.insert(mark)
            }
            return .setMarks(id, marks, enable: random.chance(60))
        case 91..<94:
            return .delete(id)
        default:
            return .applyServerState(drawServerState(of: id, step: step))
        }
    }

    /// A duplicate of a held message, a late one (below sequences already handed out) or the next one.
    private mutating func drawReceivedMessage(in id: ConversationID) -> Message {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 12, var held = model.entries[id]?.messages.values.randomElement(using: &random) {
            if random.chance(50) {
                held.id += "-again"
                held.content = .text("another body")
            }
            return held
        }
        if roll < 30, let pool = late[id], !pool.isEmpty {
            let index = Int.random(in: pool.indices, using: &random)
            let seq = late[id]!.remove(at: index)
            return drawMessage(in: id, seq: seq, at: now - UInt64.random(in: 0...30, using: &random))
        }
        let seq = nextSeq[id, default: 1]
        let skipped = UInt64.random(in: 0...2, using: &random)
        late[id, default: []] += (0..<skipped).map { seq + 1 + $0 }
        nextSeq[id] = seq + 1 + skipped
        return drawMessage(in: id, seq: seq, at: now)
    }

    /// A message with sequence `seq` in `id`: sometimes mine, excluded, or @-mentioning me or all.
    private mutating func drawMessage(in id: ConversationID, seq: UInt64, at timestamp: UInt64) -> Message {
        let mine = random.chance(20)
        let sender: String
        let receiver: MessageReceiver
        var atUserIDs: [String] = []
        var atAll = false
        switch id.kind {
        case .group:
            sender = mine ? Self.me : Self.members.randomElement(using: &random)!
            receiver = .group(id.target)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<12: atUserIDs = [Self.me]
            case 12..<18: atUserIDs = ["m1"]
            case 18..<22: atUserIDs = ["m2", Self.me]
            default: break
            }
            atAll = random.chance(8)
        case .c2c, .system:
            sender = mine ? Self.me : id.target
            receiver = .user(mine ? id.target : Self.me)
        }
        return Message.accepted(
            seq: seq, from: sender, to: receiver, at: timestamp, atUserIDs: atUserIDs, atAll: atAll,
            excludedFromUnread: random.chance(10), excludedFromLast: random.chance(10)
        )
    }

    /// The server's view of `id` with up to three new messages; its read cursor may lie above every
    /// message it sends along.
    private mutating func drawServerState(of id: ConversationID, step: Int) -> ServerConversation {
        var fresh: [Message] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let seq = nextSeq[id, default: 1]
            nextSeq[id] = seq + 1
            fresh.append(drawMessage(in: id, seq: seq, at: now))
        }
        let local = model.entries[id]
        let localLast = random.chance(70) ? local.flatMap { model.lastMessage($0) } : nil
        let lastMessage = fresh.last(where: { !$0.isExcludedFromLastMessage }) ?? localLast
        let lastSeq = max(local?.lastSeq ?? 0, lastMessage?.seq ?? 0, fresh.last?.seq ?? 0)
            + UInt64.random(in: 0...2, using: &random)
        let readSeq = UInt64.random(in: 0...lastSeq, using: &random)
        let unread = fresh.filter { $0.seq > readSeq && $0.sender != Self.me && !$0.isExcludedFromUnreadCount }
        // What the server handed out but does not send along can still arrive later.
        let delivered = Set(unread.map(\.seq) + [lastMessage?.seq].compactMap { $0 })
        late[id, default: []] += fresh.map(\.seq).filter { !delivered.contains($0) }
        let firstUnissued = nextSeq[id, default: 1]
        if lastSeq >= firstUnissued { late[id, default: []] += Array(firstUnissued...lastSeq) }
        nextSeq[id] = max(firstUnissued, lastSeq + 1)
        // Marks roam: the server's set, often the one the store has, else another.
        let marks = random.chance(60)
            ? local?.marks.rawValue ?? 0 : [0, 0x1, 0x2, 0x8, 0x3, 0xA, 1 << 40].randomElement(using: &random)!
        return ServerConversation(
            id: id, profile: ConversationProfile(name: "name \(step)"), lastMessage: lastMessage, lastSeq: lastSeq,
            readSeq: readSeq, unreadMessages: unread, isPinned: random.chance(Self.isPinningPhase(step) ? 85 : 10),
            receiveOption: ReceiveOption.allCases.randomElement(using: &random)!, marks: marks
        )
    }

    // MARK: - Applying and checking

    /// Applies `operation` to the store; returns what it threw.
    private mutating func apply(_ operation: Operation) -> IMError? {
        do throws(IMError) {
            switch operation {
            case .receive(let message, let isNew): store.receive(message, isNew: isNew)
            case .markRead(let id, let seq, let clearingMark): store.markRead(id, upTo: seq, clearingMark: clearingMark)
            case .setPinned(let id, let pinned): try store.setPinned(id, pinned)
            case .setReceiveOption(let id, let option): store.setReceiveOption(id, option)
            case .setDraft(let id, let draft): try store.setDraft(id, draft)
            case .setMarks(let id, let marks, let enable): try store.setMarks(id, marks, enable: enable)
            case .delete(let id): store.delete(id)
            case .applyServerState(let server): store.applyServerState(server)
            }
            return nil
        } catch {
            return error
        }
    }

    /// The batch of one operation: at most the one conversation it targets, classified by its state
    /// before and after; the message only for a new, non-duplicate receive.
    private func checkBatch(
        _ batch: ChangeBatch, before: Conversation?, after: Conversation?, totalBefore: Int,
        operation: Operation, outcome: StoreModel.Outcome, check: inout Checker
    ) {
        var added: [Conversation] = [], changed: [Conversation] = [], deleted: [ConversationID] = []
        switch (before, after) {
        case (nil, let after?): added = [after]
        case (let before?, nil): deleted = [before.id]
        case (let before?, let after?) where before != after: changed = [after]
        default: break
        }
        check.equal(batch.added, added, "batch.added")
        check.equal(batch.changed, changed, "batch.changed")
        check.equal(batch.deleted, deleted, "batch.deleted")
        check.equal(batch.counters, store.counters, "batch.counters")
        check.equal(batch.totalUnreadChanged, store.counters.totalUnread != totalBefore, "batch.totalUnreadChanged")
        var newMessages: [Message] = []
        if case .receive(let message, isNew: true) = operation, !outcome.isDuplicate { newMessages = [message] }
        check.equal(batch.newMessages, newMessages, "batch.newMessages")
    }

    /// A batch carries a subscribed filter's count exactly when it differs from what the last
    /// batch carried, and each count is the recount.
    private mutating func checkFilterCounts(_ batch: ChangeBatch, check: inout Checker) {
        var carried: [FilterUnreadCount] = []
        for filter in Self.subscribed {
            let recount = Self.unreadRecount(of: filter, in: store.allInOrder())
            check.equal(store.unreadTotal(of: filter), recount, "unread count of \(filter)")
            if announced[filter] != recount {
                carried.append(FilterUnreadCount(filter: filter, count: recount))
                announced[filter] = recount
            }
        }
        check.equal(batch.filterUnreadCounts, carried, "batch.filterUnreadCounts")
    }

    /// Every filter's walk, in pages of a random size, gives what the header's rules select.
    private mutating func checkFilteredPages(check: inout Checker) {
        let all = store.allInOrder()
        for filter in Self.filters {
            let expected = all.filter { Self.selects(filter, $0) }
            var walked: [Conversation] = []
            var nextSeq: UInt64 = 0
            let size = Int.random(in: 1...12, using: &random)
            while walked.count <= all.count {
                let page = store.page(after: nextSeq, count: size, filter: filter)
                walked += page.conversations
                nextSeq = page.nextSeq
                if page.isFinished { break }
            }
            check.equal(walked.map(\.id), expected.map(\.id), "pages of \(filter)")
            check.equal(store.unreadTotal(of: filter), Self.unreadRecount(of: filter, in: all), "unread count of \(filter)")
        }
    }

    /// What the vendor's header says `filter` selects, written out plainly (no conversation is in
    /// a conversation group yet).
    static func selects(_ filter: ConversationFilter, _ conversation: Conversation) -> Bool {
        guard conversation.id.kind != .system else { return false }
        if let kind = filter.kind, conversation.id.kind != kind { return false }
        let marks = conversation.marks.rawValue
        if marks & ConversationMarks.hide.rawValue != 0, !(filter.marks?.contains(.hide) ?? false) { return false }
        if let wanted = filter.marks?.rawValue {
            if wanted == 0 ? marks != 0 : marks & wanted != wanted { return false }
        }
        if let hasUnread = filter.hasUnread, hasUnread != (conversation.unreadCount > 0) { return false }
        if let hasAt = filter.hasGroupAt, hasAt == conversation.groupAtInfos.isEmpty { return false }
        if let group = filter.group, !group.isEmpty { return false }
        return true
    }

    /// The unread messages of what `filter`'s unread key selects, without muted conversations.
    static func unreadRecount(of filter: ConversationFilter, in all: [Conversation]) -> UInt64 {
        let key = ConversationFilter(kind: filter.kind, marks: filter.marks, group: filter.group)
        return all.filter { selects(key, $0) && $0.receiveOption.countsInTotalUnread }
            .reduce(0) { $0 + UInt64($1.unreadCount) }
    }

    private func compareWithModel(target: ConversationID, check: inout Checker) {
        check.equal(store.count, model.entries.count, "conversation count")
        var fetched: [Conversation] = []
        var counters = UnreadCounters()
        for id in Self.universe {
            let conversation = store.conversation(id)
            let expected = model.conversation(id, orderKey: conversation?.orderKey ?? 0)
            check.equal(conversation, expected, "conversation \(id)")
            if let conversation { fetched.append(conversation) }
            guard let expected else { continue }
            let unread = expected.unreadCount
            if expected.receiveOption.countsInTotalUnread { counters.totalUnread += unread } else { counters.mutedUnread += unread }
            counters.unreadConversations += unread > 0 ? 1 : 0
            counters.conversationsToScanForReads += expected.marks.contains(.unread) ? 1 : 0
            counters.pinnedConversations += expected.isPinned ? 1 : 0
            counters.conversations += 1
        }
        check.equal(fetched.count, store.count, "conversations outside the universe")
        check.equal(store.counters, counters, "counters")

        let listed = store.allInOrder()
        let bySortKey = fetched.sorted { $0.isPinned != $1.isPinned ? $0.isPinned : $0.orderKey > $1.orderKey }
        check.equal(listed, bySortKey, "allInOrder against (isPinned, orderKey) descending")
        check.equal(listed.map(\.id), model.order(), "allInOrder against the model's activity order")
        check.equal(Set(fetched.map(\.orderKey)).count, fetched.count, "orderKey uniqueness")

        let held = store.messages(of: target, before: nil, count: .max)
        let expected = model.entries[target]?.messages.values.sorted { $0.seq > $1.seq } ?? []
        check.equal(held, expected, "messages of \(target)")
    }
}

/// Collects mismatches of one step and reports each with the seed, step and operation.
private struct Checker {
    let seed: UInt64
    let step: Int
    let operation: Operation
    private(set) var ok = true

    init(seed: UInt64, step: Int, operation: Operation) {
        self.seed = seed
        self.step = step
        self.operation = operation
    }

    mutating func equal<T: Equatable>(
        _ actual: T, _ expected: T, _ what: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard actual != expected else { return }
        ok = false
        XCTFail(
            "seed \(seed) step \(step) after \(operation): \(what())\n  store: \(actual)\n  model: \(expected)",
            file: file, line: line
        )
    }
}

extension Operation {
    /// The one conversation the operation is about.
    func target(me: String) -> ConversationID {
        switch self {
        case .receive(let message, _): return StoreModel.conversationID(of: message, me: me)
        case .markRead(let id, _, _), .setPinned(let id, _), .setReceiveOption(let id, _), .setDraft(let id, _),
             .setMarks(let id, _, _), .delete(let id):
            return id
        case .applyServerState(let server): return server.id
        }
    }
}

/// The conversation store as plain data: every message in a dictionary, every count recomputed when
/// asked, the order derived from when each conversation last had activity. No indexes, no deltas.
private struct StoreModel {
    struct Entry {
        var messages: [UInt64: Message] = [:]
        var lastSeq: UInt64 = 0
        var readSeq: UInt64 = 0
        var readTimestamp: UInt64 = 0
        var isPinned = false
        var receiveOption = ReceiveOption.receive
        var draft: Draft?
        var marks: ConversationMarks = []
        var profile = ConversationProfile()
        /// The time (seconds) of the activity that last moved the conversation.
        var activitySeconds: UInt64
        /// Which activity of the whole store that was (1 for the first).
        var activityNumber: Int
    }

    /// What the model expects of one operation.
    struct Outcome {
        var error: IMError.Code?
        var isDuplicate = false
        var isLate = false
        /// The conversation moved for activity not older than any other activity in the model.
        var movedWithNewestActivity = false
    }

    static let maxPinned = 50

    let me: String
    var entries: [ConversationID: Entry] = [:]
    var presetOptions: [ConversationID: ReceiveOption] = [:]
    private var activities = 0

    init(me: String) {
        self.me = me
    }

    static func conversationID(of message: Message, me: String) -> ConversationID {
        switch message.receiver {
        case .group(let groupID): return .group(groupID)
        case .user(let userID): return .c2c(message.sender == me ? userID : message.sender)
        }
    }

    // MARK: Derived state, recounted on every call

    func lastMessage(_ entry: Entry) -> Message? {
        var last: Message?
        for message in entry.messages.values where !message.isExcludedFromLastMessage {
            if message.seq > last?.seq ?? 0 { last = message }
        }
        return last
    }

    /// The conversation the store should hold for `id` (its order key taken from the store).
    func conversation(_ id: ConversationID, orderKey: UInt64) -> Conversation? {
        guard let entry = entries[id] else { return nil }
        var conversation = Conversation(id: id, profile: entry.profile, orderKey: orderKey)
        for message in entry.messages.values {
            if !message.isExcludedFromLastMessage && message.seq > conversation.lastMessage?.seq ?? 0 {
                conversation.lastMessage = message
            }
            guard message.sender != me && message.seq > entry.readSeq else { continue }
            guard !message.isExcludedFromUnreadCount else { continue }
            conversation.unreadCount += 1
            // Only an unread (counted) message is an unread mention.
            guard case .group = message.receiver else { continue }
            switch (message.atUserIDs.contains(me), message.atAll) {
            case (true, true): conversation.groupAtInfos.append(GroupAtInfo(seq: message.seq, type: .atAllAtMe))
            case (true, false): conversation.groupAtInfos.append(GroupAtInfo(seq: message.seq, type: .atMe))
            case (false, true): conversation.groupAtInfos.append(GroupAtInfo(seq: message.seq, type: .atAll))
            case (false, false): break
            }
        }
        conversation.groupAtInfos.sort { $0.seq < $1.seq }
        conversation.lastSeq = entry.lastSeq
        conversation.readSeq = entry.readSeq
        conversation.readTimestamp = entry.readTimestamp
        conversation.isPinned = entry.isPinned
        conversation.draft = entry.draft
        conversation.receiveOption = entry.receiveOption
        conversation.marks = entry.marks
        return conversation
    }

    /// Pinned first, then by the time of the last activity, then by which activity came later.
    func order() -> [ConversationID] {
        let positions = entries.map { id, entry in (id, entry.isPinned, entry.activitySeconds, entry.activityNumber) }
        return positions.sorted { lhs, rhs in
            if lhs.1 != rhs.1 { return lhs.1 }
            if lhs.2 != rhs.2 { return lhs.2 > rhs.2 }
            return lhs.3 > rhs.3
        }.map(\.0)
    }

    // MARK: Operations

    mutating func apply(_ operation: Operation) -> Outcome {
        var outcome = Outcome()
        switch operation {
        case .receive(let message, _):
            outcome = receive(message)
        case .markRead(let id, let seq, let clearingMark):
            markRead(id, upTo: seq, clearingMark: clearingMark)
        case .setPinned(let id, let pinned):
            guard let entry = entries[id] else { outcome.error = .invalidConversation; break }
            if pinned && !entry.isPinned && entries.values.filter(\.isPinned).count >= Self.maxPinned {
                outcome.error = .limitExceeded
                break
            }
            entries[id]!.isPinned = pinned
        case .setReceiveOption(let id, let option):
            if entries[id] != nil { entries[id]!.receiveOption = option } else { presetOptions[id] = option }
        case .setDraft(let id, let draft):
            guard var entry = entries[id] else { outcome.error = .invalidConversation; break }
            entry.draft = draft
            if let draft { outcome.movedWithNewestActivity = noteActivity(&entry, at: draft.timestamp) }
            entries[id] = entry
        case .setMarks(let id, let marks, let enable):
            guard entries[id] != nil else { outcome.error = .invalidConversation; break }
            if enable { entries[id]!.marks.formUnion(marks) } else { entries[id]!.marks.subtract(marks) }
        case .delete(let id):
            // The receive option outlives the conversation (it belongs to the peer or group).
            if let option = entries[id]?.receiveOption, option != .receive { presetOptions[id] = option }
            entries[id] = nil
        case .applyServerState(let server):
            if entries[server.id] == nil { create(server.id, activity: server.lastMessage?.timestamp ?? 0) }
            for message in server.unreadMessages + [server.lastMessage].compactMap({ $0 }) { _ = receive(message) }
            entries[server.id]!.lastSeq = max(entries[server.id]!.lastSeq, server.lastSeq)
            markRead(server.id, upTo: server.readSeq, clearingMark: false)
            entries[server.id]!.profile = server.profile
            entries[server.id]!.receiveOption = server.receiveOption
            entries[server.id]!.isPinned = server.isPinned
            // After the messages, which may have cleared the hide mark: the server's marks win.
            entries[server.id]!.marks = ConversationMarks(rawValue: server.marks)
        }
        return outcome
    }

    private mutating func receive(_ message: Message) -> Outcome {
        var outcome = Outcome()
        let id = Self.conversationID(of: message, me: me)
        if entries[id]?.messages[message.seq] != nil {
            outcome.isDuplicate = true
            return outcome
        }
        if entries[id] == nil { create(id, activity: message.timestamp) }
        var entry = entries[id]!
        let previousLast = lastMessage(entry)
        outcome.isLate = message.seq < entry.lastSeq
        entry.messages[message.seq] = message
        entry.lastSeq = max(entry.lastSeq, message.seq)
        if !message.isExcludedFromLastMessage, previousLast.map({ message.seq > $0.seq }) ?? true {
            entry.marks.remove(.hide)
            outcome.movedWithNewestActivity = noteActivity(&entry, at: message.timestamp)
        }
        entries[id] = entry
        return outcome
    }

    private mutating func markRead(_ id: ConversationID, upTo seq: UInt64, clearingMark: Bool) {
        guard var entry = entries[id] else { return }
        let cursor = min(seq, entry.lastSeq)
        if cursor > entry.readSeq {
            entry.readSeq = cursor
            if let newest = entry.messages.values.filter({ $0.seq <= cursor }).max(by: { $0.seq < $1.seq }) {
                entry.readTimestamp = newest.timestamp
            }
        }
        if clearingMark { entry.marks.remove(.unread) }
        entries[id] = entry
    }

    private mutating func create(_ id: ConversationID, activity: UInt64) {
        activities += 1
        var entry = Entry(activitySeconds: activity, activityNumber: activities)
        entry.receiveOption = presetOptions.removeValue(forKey: id) ?? .receive
        entries[id] = entry
    }

    /// Moves `entry` for activity at `seconds` unless it already had later activity; returns whether
    /// it moved for activity at least as new as every other conversation's.
    private mutating func noteActivity(_ entry: inout Entry, at seconds: UInt64) -> Bool {
        guard seconds >= entry.activitySeconds else { return false }
        let newest = entries.values.allSatisfy { $0.activitySeconds <= seconds }
        activities += 1
        entry.activitySeconds = seconds
        entry.activityNumber = activities
        return newest
    }
}
