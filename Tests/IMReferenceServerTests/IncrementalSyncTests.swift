import IMCore
import IMTestSupport
import IMTransportKit
import IMReferenceServer
import XCTest

/// Syncs from a version: every change after it, in pages whose version never passes what they
/// carried, with the messages delivered meanwhile; the cloud list with every pin from 0.
final class IncrementalSyncTests: ServerTestCase {
    /// Registers `count` peers `p0`, `p1`, ... and has each send `bob` one message, oldest first.
    private func crowd(_ count: Int) throws {
        for index in 0..<count {
            try server.registerUser("p\(index)")
            try server.sendText("hi", from: "p\(index)", toUser: "bob")
        }
    }

    /// The answer to `.syncChanges(since:)`.
    private func changes(since version: UInt64, on connection: any IMConnection) throws -> IMChanges {
        guard case .changes(let changes) = try answer(.syncChanges(since: version), on: connection) else {
            XCTFail("not a sync answer")
            return IMChanges(version: 0, conversations: [], deleted: [])
        }
        return changes
    }

    func test_incrementalSync_returnsAChangeOutsideTheCloudList_withTheCurrentVersion() throws {
        try crowd(150)
        let bob = try connect("bob")
        let before = try server.version(of: "bob")
        XCTAssertEqual(try answer(.markRead(.c2c("p0"), upTo: .max), on: bob), .readSeq(1))
        let later = try changes(since: before, on: bob)
        XCTAssertEqual(later.conversations.map(\.id), [.c2c("p0")], "the oldest of 150 is no longer in the cloud list")
        XCTAssertEqual(later.conversations.first?.readSeq, 1)
        XCTAssertEqual(later.conversations.first?.unreadMessages, [])
        XCTAssertEqual(later.version, before + 1)
        XCTAssertFalse(later.hasMore)
    }

    func test_incrementalSync_bringsTheMessagesDeliveredAfterTheVersion_oldestFirst() throws {
        try server.sendText("old", from: "alice", toUser: "bob")
        let bob = try connect("bob")
        let before = try server.version(of: "bob")
        try server.sendText("new 1", from: "alice", toUser: "bob")
        try server.sendText("mine", from: "bob", toUser: "alice")
        try server.sendText("new 2", from: "alice", toUser: "bob")
        let later = try changes(since: before, on: bob)
        XCTAssertEqual(later.conversations.first?.newMessages.map(\.content.text), ["new 1", "mine", "new 2"],
                       "every message delivered after the version, mine too, by sequence")
        XCTAssertEqual(try changes(since: 0, on: try connect("bob")).conversations.first?.newMessages, [],
                       "no backlog from scratch on a connection opened after them")
        XCTAssertEqual(try changes(since: later.version, on: bob).conversations, [])
    }

    func test_aDeviceThatSyncedWhenTheUserHadNothing_getsEveryChangeSince_notTheCloudList() throws {
        let bob = try connect("bob")
        let empty = try changes(since: 0, on: bob)
        XCTAssertEqual(empty.version, 1, "a synced device is never at 0, which means \"from scratch\"")
        try crowd(150)
        let later = try changes(since: empty.version, on: bob)
        XCTAssertEqual(later.conversations.count, 150)
        XCTAssertEqual(later.conversations.flatMap(\.newMessages).count, 150)
    }

    func test_incrementalSync_leavesOutMessagesBeforeADeletion() throws {
        let bob = try connect("bob")
        let before = try server.version(of: "bob")
        try server.sendText("gone", from: "alice", toUser: "bob")
        _ = try answer(.deleteConversation(.c2c("alice"), clearingMessages: false), on: bob)
        try server.sendText("back", from: "alice", toUser: "bob")
        let later = try changes(since: before, on: bob)
        XCTAssertEqual(later.conversations.first?.newMessages.map(\.content.text), ["back"])
        XCTAssertEqual(later.deleted, [])
    }

    /// Pages from a version, for page limits from 1 to more than everything, with changes made
    /// between pages: every page keeps to the limit and holds something, versions grow, the last
    /// page ends at the user's version, the pages applied to the state at the version give the
    /// server's state, and every message delivered after it comes exactly once, in order.
    func test_pages_sweepOfLimits_coverEveryChangeAndMessageOnce_andNeverPassWhatTheyCarry() throws {
        var leftOut = 0
        for limit in [1, 2, 3, 7, 50, 10_000] {
            for seed: UInt64 in [1, 2, 3] {
                leftOut += try checkPages(limit: limit, seed: seed)
            }
        }
        XCTAssertGreaterThan(leftOut, 0, "some pages leave out unread messages the device holds")
    }

    /// - Returns: how many of the pages' states left out unread messages.
    private func checkPages(limit: Int, seed: UInt64) throws -> Int {
        server = IMReferenceServer(clock: { Self.now }, loginPolicy: .unlimited)
        server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        server.syncPageLimit = limit
        let peers = (0..<12).map { "p\($0)" }
        for user in ["bob"] + peers { try server.registerUser(user) }
        try server.createGroup("g", members: ["bob"] + peers)
        let sink = RecordingSink()
        let bob = try connect("bob", sink: sink)
        var random = SeededRandomGenerator(seed: seed)
        /// One random change; `paging`: while the pages are being asked (no clear then: it would
        /// take back messages a page already carried from what the test expects).
        func act(paging: Bool = false) throws {
            let peer = peers.randomElement(using: &random)!
            let id = ConversationID.c2c(peer)
            switch Int.random(in: 0..<13, using: &random) {
            case 0...3: try server.sendText("x", from: peer, toUser: "bob")
            case 4: try server.sendText("g", from: peer, toGroup: "g")
            case 5: try server.sendText("mine", from: "bob", toUser: peer)
            case 6: _ = send(.markRead(id, upTo: .max), on: bob)
            case 7: _ = send(.setPinned(id, Bool.random(using: &random)), on: bob)
            case 8: _ = send(.deleteConversation(id, clearingMessages: Bool.random(using: &random)), on: bob)
            case 9: _ = send(.setReceiveOption([id], Bool.random(using: &random) ? .receive : .doNotReceive), on: bob)
            // A message of the pair the peer may have sent (or not: then nothing happens).
            case 10: _ = try? server.revokeMessage(seq: UInt64.random(in: 1...6, using: &random), from: peer, toUser: "bob")
            case 11 where !paging: _ = send(.clearHistory(id), on: bob)
            default: _ = try? server.markC2CRead(reader: peer, peer: "bob")
            }
        }
        for _ in 0..<40 { try act() }
        let since = try server.version(of: "bob")
        var device = Dictionary(uniqueKeysWithValues: try server.conversations(of: "bob").map { ($0.id, $0) })
        // The messages the device holds: those of the state at `since`, and every one a page brings.
        var leftOut = 0
        var held = device.mapValues { Dictionary($0.unreadMessages.map { ($0.seq, $0) }, uniquingKeysWith: { $1 }) }
        for _ in 0..<60 { try act() }
        var carried: [ConversationID: [UInt64]] = [:]
        var carriedRevokes: [ConversationID: [UInt64]] = [:]
        var version = since
        var pages = 0
        while true {
            let page = try changes(since: version, on: bob)
            let messages = page.conversations.map(\.newMessages.count).reduce(0, +)
            XCTAssertLessThanOrEqual(messages, limit, "limit \(limit) seed \(seed): messages in a page")
            XCTAssertLessThanOrEqual(page.conversations.count + page.deleted.count, limit,
                                     "limit \(limit) seed \(seed): conversations and tombstones in a page")
            XCTAssertGreaterThan(page.conversations.count + page.deleted.count, 0,
                                 "limit \(limit) seed \(seed): an empty page")
            XCTAssertGreaterThan(page.version, version, "limit \(limit) seed \(seed): versions grow")
            for conversation in page.conversations {
                let id = conversation.id
                carried[id, default: []] += conversation.newMessages.map(\.seq)
                carriedRevokes[id, default: []] += conversation.revokedMessages.map(\.seq)
                for message in conversation.newMessages + conversation.unreadMessages { held[id, default: [:]][message.seq] = message }
                var state = conversation
                state.newMessages = []
                state.revokedMessages = []
                // The unread messages the page left out are those delivered by the version asked,
                // which the device holds: the newest it holds that still count, below those carried.
                if let omitted = conversation.omittedUnreadCount, omitted > 0 {
                    leftOut += 1
                    let below = conversation.unreadMessages.first?.seq ?? .max
                    let stillUnread = (held[id] ?? [:]).values.filter { message in
                        message.seq > max(state.readSeq, state.clearedSeq) && message.seq < below && message.sender != "bob"
                            && !(carriedRevokes[id] ?? []).contains(message.seq)
                    }.sorted { $0.seq < $1.seq }
                    XCTAssertEqual(stillUnread.count, omitted,
                                   "limit \(limit) seed \(seed): the unread messages \(id) left out are held")
                    state.unreadMessages = stillUnread.suffix(omitted) + state.unreadMessages
                    state.omittedUnreadCount = nil
                }
                device[id] = state
            }
            for id in page.deleted { device[id] = nil }
            version = page.version
            pages += 1
            guard page.hasMore else { break }
            if pages % 3 == 0 { try act(paging: true) }
        }
        drain(bob)
        XCTAssertEqual(version, try server.version(of: "bob"),
                       "limit \(limit) seed \(seed): the last page ends at the user's version")
        let final = try server.conversations(of: "bob")
        XCTAssertEqual(device.values.sorted { $0.id < $1.id }, final,
                       "limit \(limit) seed \(seed): the pages give the server's state")
        // What was delivered (and revoked) after `since`, and after the conversation's last
        // deletion; messages of a cleared history leave it.
        var expected: [ConversationID: [UInt64]] = [:]
        var expectedRevokes: [ConversationID: [UInt64]] = [:]
        for (push, pushVersion) in zip(sink.pushes, sink.versions) where pushVersion > since {
            switch push {
            case .newMessage(let message, _):
                expected[message.conversationID(selfUserID: "bob"), default: []].append(message.seq)
            case .conversationDeleted(let id, _):
                expected[id] = nil
                expectedRevokes[id] = nil
            case .messageRevoked(let message):
                expectedRevokes[message.conversationID(selfUserID: "bob"), default: []].append(message.seq)
            case .historyCleared(let id, let upTo): expected[id]?.removeAll { $0 <= upTo }
            default: break
            }
        }
        for id in final.map(\.id) {
            XCTAssertEqual(carried[id] ?? [], expected[id] ?? [],
                           "limit \(limit) seed \(seed): messages of \(id), once each, in order")
            XCTAssertEqual(carriedRevokes[id] ?? [], expectedRevokes[id] ?? [],
                           "limit \(limit) seed \(seed): revokes of \(id), once each, in order")
        }
        if limit == 1 { XCTAssertGreaterThan(pages, 5, "seed \(seed): small limits page") }
        return leftOut
    }

    func test_pages_endBeforeTheirMessagesPassTheByteBudget_butCarryAMessageLargerThanIt_andEveryMessageOnce() throws {
        server.syncPageByteBudget = 7_500
        let bob = try connect("bob")
        let since = try server.version(of: "bob")
        let peers = ["alice", "carol", "dave"]
        try server.registerUser("dave")
        // A message body is at most 12 KB (`MessageContent.maxBodyBytes`): the largest one is 12,000.
        let body = String(repeating: "x", count: 1_500)
        var sent: [ConversationID: [UInt64]] = [:]
        for index in 0..<30 {
            let peer = peers[index % peers.count]
            try server.sendText(index == 17 ? String(repeating: "y", count: 12_000) : body, from: peer, toUser: "bob")
            sent[.c2c(peer), default: []].append(UInt64(index / peers.count + 1))
        }
        var carried: [ConversationID: [UInt64]] = [:]
        var version = since
        var pages: [[Int]] = []
        while true {
            let page = try changes(since: version, on: bob)
            let sizes = page.conversations.flatMap(\.newMessages).map { $0.content.text?.utf8.count ?? 0 }
            XCTAssertFalse(sizes.isEmpty, "a page carries at least one change")
            XCTAssertTrue(sizes.count == 1 || sizes.reduce(0, +) <= 7_500,
                          "a page of more than one message stays within the budget: \(sizes)")
            for conversation in page.conversations {
                carried[conversation.id, default: []] += conversation.newMessages.map(\.seq)
            }
            pages.append(sizes)
            version = page.version
            guard page.hasMore else { break }
        }
        XCTAssertEqual(carried, sent, "every message once, in order")
        XCTAssertTrue(pages.contains([12_000]), "the message larger than the budget comes alone: \(pages)")
        // Each message is to another conversation than the one before, whose state (its last
        // message, another 1,500) counts with it: two fit 7,500, three do not.
        XCTAssertEqual(pages.filter { $0.count == 2 }.count, 14, "two bodies of 1,500 and their states fill a page: \(pages)")
        XCTAssertEqual(pages.filter { $0.count > 2 }, [], "\(pages)")
        XCTAssertEqual(version, try server.version(of: "bob"))
        drain(bob)

        server.syncPageByteBudget = 4 << 20
        let again = try changes(since: since, on: bob)
        XCTAssertEqual(again.conversations.flatMap(\.newMessages).count, 30, "within the default budget: one page")
        XCTAssertFalse(again.hasMore)
    }

    /// Unread messages count against a budget of their own in every answer that lists
    /// conversations (the cloud list, a sync page, a `.conversations` answer): each keeps its newest
    /// ones that fit and counts the older ones left out, and a history answer stays within the budget
    /// too, so a device can fetch them; the state's unread count stays whole.
    func test_unreadMessages_stayWithinTheBudget_theNewestKept_theRestCounted_andHistoryPagesThemBack() throws {
        server.syncPageByteBudget = 20_000
        let bob = try connect("bob")
        let since = try server.version(of: "bob")
        let body = String(repeating: "u", count: 1_000)
        for _ in 0..<50 { try server.sendText(body, from: "alice", toUser: "bob") }
        for _ in 0..<30 { try server.sendText(body, from: "carol", toUser: "bob") }
        let bytes = { (messages: [Message]) in messages.reduce(0) { $0 + 128 + $1.content.text!.utf8.count + $1.id.utf8.count + $1.sender.utf8.count } }
        let other = try connect("bob")
        var answers: [(String, [ServerConversation])] = [("cloud list", try changes(since: 0, on: other).conversations)]
        var version = since
        while true {
            let page = try changes(since: version, on: bob)
            answers.append(("page after \(version)", page.conversations))
            version = page.version
            guard page.hasMore else { break }
        }
        guard case .conversations(let asked) = try answer(.conversations([.c2c("alice"), .c2c("carol")]), on: bob) else {
            return XCTFail("not a conversations answer")
        }
        answers.append(("conversations", asked))
        for (what, states) in answers {
            XCTAssertLessThanOrEqual(bytes(states.flatMap(\.unreadMessages)), 20_000, "\(what): the unread messages carried fit the budget")
            for state in states {
                XCTAssertEqual(state.unreadMessages.map(\.seq), Array(state.unreadMessages.map(\.seq).sorted()), what)
                let omitted = UInt64(state.omittedUnreadCount ?? 0)
                XCTAssertEqual(state.unreadMessages.first?.seq ?? state.lastSeq + 1, state.readSeq + omitted + 1,
                               "\(what): the newest are kept, the older ones counted")
                XCTAssertEqual(state.unreadMessages.last?.seq ?? state.lastSeq, state.lastSeq, what)
            }
        }
        let whole = try XCTUnwrap(answers.last?.1.first { $0.id == .c2c("alice") })
        XCTAssertEqual(whole.unreadCount, 50)
        XCTAssertGreaterThan(whole.omittedUnreadCount ?? 0, 0, "fifty messages of 1,000 do not fit 20,000")

        // The history pages back within the budget: every left-out message, once.
        var fetched: [UInt64] = []
        var before = whole.unreadMessages.first?.seq
        while let next = before, next > 1 {
            guard case .messages(let page) = try answer(.history(.c2c("alice"), beforeSeq: next, count: 500), on: bob) else {
                return XCTFail("not a history answer")
            }
            XCTAssertFalse(page.isEmpty)
            XCTAssertLessThanOrEqual(bytes(page), 20_000, "a history answer stays within the budget")
            fetched += page.map(\.seq)
            before = page.last?.seq
        }
        XCTAssertEqual(fetched.sorted(), Array(1...UInt64(whole.omittedUnreadCount ?? 0)))
        drain(bob)
        drain(other)
    }

    func test_aSyncFromZero_bringsTheMessagesDeliveredSinceItsConnectionOpened_andOnlyThose() throws {
        try server.sendText("old", from: "alice", toUser: "bob")
        let bob = try connect("bob")
        try server.sendText("new", from: "alice", toUser: "bob")
        try server.sendText("new", from: "carol", toUser: "bob")
        let fresh = try changes(since: 0, on: bob)
        XCTAssertEqual(fresh.conversations.map { $0.newMessages.map(\.seq) }, [[1], [2]], "carol's, then alice's second")
        let other = try connect("bob")
        XCTAssertEqual(try changes(since: 0, on: other).conversations.flatMap(\.newMessages), [], "nothing since it opened")
    }

    func test_freshSync_listsEveryPinnedConversation_outsideTheCloudListAndIdle() throws {
        let now = Locked<UInt64>(1_700_000_000)
        server = IMReferenceServer(clock: { now.withLock { $0 } })
        server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        try server.registerUser("bob")
        for index in 0..<120 {
            try server.registerUser("p\(index)")
            now.withLock { $0 += 1 }
            try server.sendText("hi", from: "p\(index)", toUser: "bob")
        }
        let bob = try connect("bob")
        _ = try answer(.setPinned(.c2c("p0"), true), on: bob)
        _ = try answer(.setPinned(.c2c("p50"), true), on: bob)
        let fresh = try changes(since: 0, on: bob)
        XCTAssertEqual(fresh.conversations.count, 101, "the 100 most recent, and the older pin")
        XCTAssertEqual(fresh.conversations.filter(\.isPinned).map(\.id), [.c2c("p50"), .c2c("p0")], "most recent first")
        XCTAssertEqual(fresh.conversations.last?.unreadMessages.count, 1)

        now.withLock { $0 += 8 * 24 * 60 * 60 }
        let idle = try changes(since: 0, on: bob)
        XCTAssertEqual(Set(idle.conversations.map(\.id)), [.c2c("p0"), .c2c("p50")], "pins roam however idle")
    }

    func test_receiveOptionOfADeletedConversation_keepsItsTombstone() throws {
        server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        try server.sendText("x", from: "alice", toUser: "bob")
        let bob = try connect("bob")
        let before = try server.version(of: "bob")
        _ = try answer(.deleteConversation(.c2c("alice"), clearingMessages: false), on: bob)
        _ = try answer(.setReceiveOption([.c2c("alice")], .doNotReceive), on: bob)
        let later = try changes(since: before, on: bob)
        XCTAssertEqual(later.deleted, [.c2c("alice")], "a device that missed the deletion still learns of it")
        XCTAssertEqual(later.conversations, [])
    }

    func test_heartbeat_answersTheUsersCurrentVersion() throws {
        let bob = try connect("bob")
        XCTAssertEqual(try answer(.heartbeat, on: bob), .version(1), "an account starts at 1")
        try server.sendText("x", from: "alice", toUser: "bob")
        _ = try answer(.setPinned(.c2c("alice"), true), on: bob)
        XCTAssertEqual(try answer(.heartbeat, on: bob), .version(3))
    }

    func test_conversationsRequest_returnsTheCurrentStateOfThoseTheUserHas_inTheOrderAsked() throws {
        for _ in 0..<3 { try server.sendText("x", from: "alice", toUser: "bob") }
        try server.sendText("y", from: "carol", toUser: "bob")
        let bob = try connect("bob")
        _ = try answer(.markRead(.c2c("alice"), upTo: 1), on: bob)
        _ = try answer(.setPinned(.c2c("carol"), true), on: bob)
        let asked: [ConversationID] = [.c2c("carol"), .c2c("nobody"), .c2c("alice")]
        guard case .conversations(let states) = try answer(.conversations(asked), on: bob) else {
            return XCTFail("not a list of conversations")
        }
        XCTAssertEqual(states.map(\.id), [.c2c("carol"), .c2c("alice")])
        XCTAssertEqual(states.map(\.isPinned), [true, false])
        XCTAssertEqual(states.last?.unreadMessages.map(\.seq), [2, 3])
        XCTAssertEqual(states.flatMap(\.newMessages), [])
    }
}
