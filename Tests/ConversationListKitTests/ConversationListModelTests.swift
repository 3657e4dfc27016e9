import XCTest
import IMTestSupport
import IMReferenceServer
import ConversationListKit
import ImSDK_Plus

final class ConversationListModelTests: XCTestCase {
    private var session: V2TestSession!
    private var model: ConversationListModel!
    private var checker: DiffChecker!

    override func tearDown() {
        model = nil
        checker = nil
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    /// Logs in with peers p0 ..< p`count`; p0 sends first, so the list is p(count-1) ... p0.
    /// Then makes a model with `pageSize` whose every diff `checker` verifies.
    @discardableResult
    private func start(peers count: Int, silent: Int = 0, pageSize: Int32 = 3) async throws -> [String] {
        let peers = (0..<(count + silent)).map { "p\($0)" }
        session = try await V2TestSession(peers: peers)
        for peer in peers.prefix(count) { try session.server.sendText("hi from \(peer)", from: peer, toUser: session.userID) }
        await session.settle()
        model = ConversationListModel(manager: session.manager, pageSize: pageSize)
        checker = DiffChecker()
        checker.attach(to: model)
        return peers.prefix(count).reversed().map { "c2c_" + $0 }
    }

    private func loadAll() async throws -> Int {
        var pages = 0
        while try await model.loadNextPage() { pages += 1 }
        return pages + 1
    }

    private var rowIDs: [String] { model.rows.map(\.conversationID) }

    private func assertDiffsHeld(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(checker.failures, [], file: file, line: line)
        XCTAssertEqual(checker.rows, model.rows, "the last rows delivered are the model's rows", file: file, line: line)
    }

    // MARK: - Paging

    func test_loadNextPage_pagesOfThree_mergesEveryConversationOnceInListOrder() async throws {
        for n in [0, 1, 2, 3, 4, 10] {
            let expected = try await start(peers: n)
            XCTAssertEqual(model.rows, [], "n=\(n): nothing shows before the first page")
            XCTAssertFalse(model.isEmpty, "n=\(n): not known to be empty before paging")
            let pages = try await loadAll()
            XCTAssertEqual(pages, max(1, (n + 2) / 3), "n=\(n)")
            XCTAssertEqual(rowIDs, expected, "n=\(n)")
            XCTAssertEqual(Set(rowIDs).count, rowIDs.count, "n=\(n): one row per conversation")
            XCTAssertTrue(model.hasLoadedEverything)
            XCTAssertEqual(model.isEmpty, n == 0, "n=\(n)")
            let again = try await model.loadNextPage()
            XCTAssertFalse(again, "n=\(n): a finished list has no next page")
            await session.settle()
            XCTAssertEqual(checker.batches, n == 0 ? 0 : pages, "n=\(n): one diff per page that changed rows")
            assertDiffsHeld()
            session.tearDown()
        }
    }

    func test_conversationBelowTheLoadedPrefixGettingAMessage_isInsertedAtTheTopAndPagedInOnlyOnce() async throws {
        try await start(peers: 7)
        _ = try await model.loadNextPage()
        XCTAssertEqual(rowIDs, ["c2c_p6", "c2c_p5", "c2c_p4"])
        try session.server.sendText("again", from: "p0", toUser: session.userID)
        await session.settle()
        XCTAssertEqual(rowIDs, ["c2c_p0", "c2c_p6", "c2c_p5", "c2c_p4"])
        XCTAssertEqual(checker.lastDiff?.inserts, IndexSet([0]))
        _ = try await loadAll()
        XCTAssertEqual(rowIDs, ["c2c_p0", "c2c_p6", "c2c_p5", "c2c_p4", "c2c_p3", "c2c_p2", "c2c_p1"])
        assertDiffsHeld()
    }

    func test_changeToAConversationBelowTheLoadedPrefix_isIgnoredUntilPagingReachesIt() async throws {
        try await start(peers: 6)
        _ = try await model.loadNextPage()
        checker.reset()
        try await model.mute("c2c_p0", true)
        await session.settle()
        XCTAssertEqual(rowIDs, ["c2c_p5", "c2c_p4", "c2c_p3"])
        XCTAssertEqual(checker.batches, 0, "no diff for a change below the loaded rows")
        _ = try await loadAll()
        XCTAssertEqual(rowIDs.last, "c2c_p0")
        XCTAssertEqual(model.rows.last?.isMuted, true, "paged in with the change")
        XCTAssertEqual(model.rows.last?.unreadBadge, .dot)
        assertDiffsHeld()
    }

    func test_loadNextPage_afterLogout_throwsAndLeavesRowsUnchanged() async throws {
        try await start(peers: 4)
        _ = try await model.loadNextPage()
        let before = model.rows
        try await session.manager.logout()
        do {
            _ = try await model.loadNextPage()
            XCTFail("paging after logout must fail")
        } catch let error as V2TIMError {
            XCTAssertEqual(error.code, V2TIMErrorCode.ERR_SDK_NOT_LOGGED_IN)
        }
        XCTAssertEqual(model.rows, before)
    }

    func test_reload_afterLoggingInAsAnotherUser_resetsThenShowsTheirListAndTotal() async throws {
        try await start(peers: 4)
        _ = try await loadAll()
        try session.server.registerUser("other", nickname: "Other")
        try session.server.sendText("one", from: "p2", toUser: "other")
        try session.server.sendText("two", from: "p3", toUser: "other")
        try session.server.sendText("three", from: "p3", toUser: "other")
        try await session.manager.logout()
        try await session.manager.login(userID: "other", userSig: "sig")
        await session.settle()
        checker.reset()
        let more = try await model.reload()
        await session.settle()
        XCTAssertFalse(more, "two conversations fit one page of three")
        XCTAssertEqual(checker.resetsSinceReset, [true, false], "a reset (no rows), then the first page as a diff")
        XCTAssertEqual(rowIDs, ["c2c_p3", "c2c_p2"], "the new user's list only")
        XCTAssertEqual(model.totalUnread, 3, "the new user's total, read again")
        assertDiffsHeld()
    }

    func test_reload_whileLoggedOut_throwsAndLeavesNoRows() async throws {
        try await start(peers: 2)
        _ = try await loadAll()
        await session.settle()
        XCTAssertEqual(model.totalUnread, 2)
        try await session.manager.logout()
        do {
            _ = try await model.reload()
            XCTFail("reloading while logged out must fail")
        } catch let error as V2TIMError {
            XCTAssertEqual(error.code, V2TIMErrorCode.ERR_SDK_NOT_LOGGED_IN)
        }
        await session.settle()
        XCTAssertEqual(model.rows, [], "the previous user's rows are gone")
        XCTAssertEqual(model.totalUnread, 0, "and so is their total")
        XCTAssertFalse(model.hasLoadedEverything)
        assertDiffsHeld()
    }

    // MARK: - Listener merges

    func test_newMessage_movesItsRowToTheTopAsOneMove() async throws {
        try await start(peers: 4)
        _ = try await loadAll()
        try session.server.sendText("news", from: "p1", toUser: session.userID)
        await session.settle()
        XCTAssertEqual(rowIDs, ["c2c_p1", "c2c_p3", "c2c_p2", "c2c_p0"])
        let diff = try XCTUnwrap(checker.lastDiff)
        XCTAssertEqual(diff.moves.map(\.from), [2])
        XCTAssertEqual(diff.moves.map(\.to), [0])
        XCTAssertEqual(diff.inserts, [])
        XCTAssertEqual(diff.deletes, [])
        XCTAssertEqual(diff.reloads, IndexSet([0]), "the moved row's digest and badge changed")
        XCTAssertEqual(model.rows[0].lastMessageDigest, "news")
        XCTAssertEqual(model.rows[0].unreadBadge, .count(2))
        assertDiffsHeld()
    }

    func test_pinThroughTheSDK_movesTheRowToTheTop_andUnpinPutsItBackByOrderKey() async throws {
        try await start(peers: 4)
        _ = try await loadAll()
        try await session.manager.pinConversation(conversationID: "c2c_p0", isPinned: true)
        await session.settle()
        XCTAssertEqual(rowIDs, ["c2c_p0", "c2c_p3", "c2c_p2", "c2c_p1"])
        XCTAssertTrue(model.rows[0].isPinned)
        try await session.manager.pinConversation(conversationID: "c2c_p0", isPinned: false)
        await session.settle()
        XCTAssertEqual(rowIDs, ["c2c_p3", "c2c_p2", "c2c_p1", "c2c_p0"])
        assertDiffsHeld()
    }

    func test_deleteThroughTheSDK_removesTheRowAsOneDelete() async throws {
        try await start(peers: 4)
        _ = try await loadAll()
        try await session.manager.deleteConversation(conversation: "c2c_p2")
        await session.settle()
        XCTAssertEqual(rowIDs, ["c2c_p3", "c2c_p1", "c2c_p0"])
        XCTAssertEqual(checker.lastDiff?.deletes, IndexSet([1]))
        assertDiffsHeld()
    }

    func test_totalUnread_followsTheSDK() async throws {
        try await start(peers: 3)
        await session.settle()
        XCTAssertEqual(model.totalUnread, 3)
        try await model.markRead("c2c_p1")
        await session.settle()
        XCTAssertEqual(model.totalUnread, 2)
    }

    // MARK: - Filters

    func test_filters_selectByKindUnreadMarkAndMention_eachAsAReset() async throws {
        try await start(peers: 3)
        try session.server.createGroup("g1", name: "Team", members: [session.userID, "p0", "p1"])
        try session.server.sendText("@me look", from: "p0", toGroup: "g1", atUserIDs: [session.userID])
        await session.settle()
        _ = try await loadAll()
        XCTAssertEqual(rowIDs, ["group_g1", "c2c_p2", "c2c_p1", "c2c_p0"])
        try await model.markRead("c2c_p2")
        try await model.markUnread("c2c_p0")
        checker.reset()

        await model.setFilter(.init(kinds: .group))
        XCTAssertEqual(rowIDs, ["group_g1"])
        XCTAssertEqual(checker.lastDiff?.isReset, true)
        await model.setFilter(.init(kinds: .oneToOne))
        XCTAssertEqual(rowIDs, ["c2c_p2", "c2c_p1", "c2c_p0"])
        await model.setFilter(.init(unreadOnly: true))
        XCTAssertEqual(rowIDs, ["group_g1", "c2c_p1", "c2c_p0"])
        await model.setFilter(.init(markedOnly: true))
        XCTAssertEqual(rowIDs, ["c2c_p0"])
        await model.setFilter(.init(atMeOnly: true))
        XCTAssertEqual(rowIDs, ["group_g1"])
        await model.setFilter(.init(kinds: .system))
        XCTAssertEqual(rowIDs, [], "the V2 API shows no system conversations")
        await model.setFilter(.init())
        XCTAssertEqual(rowIDs, ["group_g1", "c2c_p2", "c2c_p1", "c2c_p0"])
        XCTAssertEqual(checker.batches, 7, "one reset per filter change")
        assertDiffsHeld()
    }

    func test_filteredModel_rowLeavingTheFilterIsDeletedAndOneEnteringIsInserted() async throws {
        try await start(peers: 3)
        _ = try await loadAll()
        await model.setFilter(.init(unreadOnly: true))
        try await model.markRead("c2c_p1")
        await session.settle()
        XCTAssertEqual(rowIDs, ["c2c_p2", "c2c_p0"])
        XCTAssertEqual(checker.lastDiff?.deletes, IndexSet([1]))
        try session.server.sendText("back", from: "p1", toUser: session.userID)
        await session.settle()
        XCTAssertEqual(rowIDs, ["c2c_p1", "c2c_p2", "c2c_p0"])
        XCTAssertEqual(checker.lastDiff?.inserts, IndexSet([0]))
        assertDiffsHeld()
    }

    // MARK: - Row view data

    func test_rowViewData_aRecalledLastMessage_showsWhoRecalledIt_andNoContent() async throws {
        try await start(peers: 2)
        let seq = try session.server.sendText("secret", from: "p0", toUser: session.userID)
        await session.settle()
        _ = try await loadAll()
        XCTAssertEqual(model.rows.first { $0.conversationID == "c2c_p0" }?.lastMessageDigest, "secret")
        try session.server.revokeMessage(seq: seq, from: "p0", toUser: session.userID)
        await session.settle()
        let recalled = try XCTUnwrap(model.rows.first { $0.conversationID == "c2c_p0" })
        XCTAssertEqual(recalled.lastMessageDigest, "p0 recalled a message")
        XCTAssertEqual(recalled.unreadBadge, .count(1), "the recalled message no longer counts (\"hi from p0\" does)")
    }

    func test_rowViewData_showsDraftMentionsAndMutedDot() async throws {
        try await start(peers: 2)
        try session.server.createGroup("g1", name: "Team", members: [session.userID, "p0"])
        try session.server.sendText("all hands", from: "p0", toGroup: "g1", atAll: true)
        await session.settle()
        _ = try await loadAll()
        let group = try XCTUnwrap(model.rows.first { $0.conversationID == "group_g1" })
        XCTAssertEqual(group.title, "Team")
        XCTAssertEqual(group.lastMessageDigest, "[@all] p0: all hands", "a group's preview names its sender")
        XCTAssertNotNil(group.time)

        try await session.manager.setConversationDraft(conversationID: "c2c_p1", draftText: "later")
        try await model.mute("c2c_p0", true)
        await session.settle()
        let drafted = try XCTUnwrap(model.rows.first { $0.conversationID == "c2c_p1" })
        XCTAssertEqual(drafted.lastMessageDigest, "[Draft] later")
        XCTAssertEqual(drafted.unreadBadge, .count(1))
        let muted = try XCTUnwrap(model.rows.first { $0.conversationID == "c2c_p0" })
        XCTAssertTrue(muted.isMuted)
        XCTAssertEqual(muted.unreadBadge, .dot)
        XCTAssertFalse(muted.isMarkedUnread)
        XCTAssertEqual(muted.title, "p0")
        assertDiffsHeld()
    }

    // MARK: - Actions

    func test_actionsThroughTheModel_changeTheRowsBeforeTheyReturn() async throws {
        try await start(peers: 3)
        try session.server.createGroup("g1", members: [session.userID, "p0"])
        try session.server.sendText("hello group", from: "p0", toGroup: "g1")
        await session.settle()
        _ = try await loadAll()
        XCTAssertEqual(rowIDs, ["group_g1", "c2c_p2", "c2c_p1", "c2c_p0"])

        try await model.pin("c2c_p0", true)
        XCTAssertEqual(rowIDs.first, "c2c_p0")
        try await model.mute("group_g1", true)
        XCTAssertEqual(model.rows.first { $0.conversationID == "group_g1" }?.isMuted, true)
        try await model.mute("group_g1", false)
        XCTAssertEqual(model.rows.first { $0.conversationID == "group_g1" }?.isMuted, false)
        try await model.markRead("c2c_p1")
        XCTAssertEqual(model.rows.first { $0.conversationID == "c2c_p1" }?.unreadBadge, ConversationRowViewData.UnreadBadge.none)
        try await model.markUnread("c2c_p1")
        XCTAssertEqual(model.rows.first { $0.conversationID == "c2c_p1" }?.unreadBadge, .dot)
        XCTAssertEqual(model.rows.first { $0.conversationID == "c2c_p1" }?.isMarkedUnread, true)
        try await model.markRead("c2c_p1")
        XCTAssertEqual(model.rows.first { $0.conversationID == "c2c_p1" }?.unreadBadge, ConversationRowViewData.UnreadBadge.none,
                       "marking read clears the unread mark too")
        try await model.delete("c2c_p2")
        XCTAssertEqual(rowIDs, ["c2c_p0", "group_g1", "c2c_p1"])
        await session.settle()
        assertDiffsHeld()
    }

    func test_actionOnUnknownConversation_throwsAndLeavesRowsUnchanged() async throws {
        try await start(peers: 3)
        _ = try await loadAll()
        let before = model.rows
        checker.reset()
        let actions: [(String, () async throws -> Void)] = [
            ("pin", { try await self.model.pin("c2c_nobody", true) }),
            ("mute", { try await self.model.mute("c2c_nobody", true) }),
            ("markRead", { try await self.model.markRead("c2c_nobody") }),
            ("markUnread", { try await self.model.markUnread("c2c_nobody") }),
            ("delete", { try await self.model.delete("c2c_nobody") }),
            ("malformed pin", { try await self.model.pin("nonsense", true) }),
        ]
        for (name, action) in actions {
            do {
                try await action()
                XCTFail("\(name) on an unknown conversation must throw")
            } catch let error as V2TIMError {
                XCTAssertNotEqual(error.code, 0, name)
            }
            await session.settle()
            XCTAssertEqual(model.rows, before, name)
        }
        XCTAssertEqual(checker.batches, 0)
    }

    func test_batchActions_reportOneOutcomePerID_andApplyTheGoodOnes() async throws {
        try await start(peers: 3)
        _ = try await loadAll()
        let pinned = await model.pin(["c2c_p0", "c2c_nobody", "c2c_p1"], true)
        XCTAssertEqual(pinned.map(\.conversationID), ["c2c_p0", "c2c_nobody", "c2c_p1"])
        XCTAssertEqual(pinned.map { (try? $0.result.get()) != nil }, [true, false, true])
        XCTAssertEqual(Set(rowIDs.prefix(2)), ["c2c_p0", "c2c_p1"])
        let deleted = await model.delete(["c2c_p2", "c2c_p2"])
        XCTAssertEqual(deleted.map { (try? $0.result.get()) != nil }, [true, false])
        XCTAssertFalse(rowIDs.contains("c2c_p2"))
        let read = await model.markRead(["c2c_p0", "c2c_p1"])
        XCTAssertTrue(read.allSatisfy { (try? $0.result.get()) != nil })
        XCTAssertEqual(model.rows.map(\.unreadBadge), [.none, .none])
        await session.settle()
        assertDiffsHeld()
    }

    // MARK: - Diffs

    func test_diffBetweenRandomLists_appliedToTheOldRowsGivesTheNewRows() {
        var random = SeededRandomGenerator(seed: 7)
        for n in [0, 1, 2, 10, 50] {
            for _ in 0..<50 {
                let old = (0..<n).map { row("c\($0)", digest: "a") }
                var new = old.filter { _ in !random.chance(20) }.shuffled(using: &random)
                new = new.map { random.chance(20) ? row($0.conversationID, digest: "b") : $0 }
                for extra in 0..<Int.random(in: 0...3, using: &random) {
                    new.insert(row("new\(extra)", digest: "x"), at: Int.random(in: 0...new.count, using: &random))
                }
                let diff = ConversationListDiff(from: old, to: new)
                XCTAssertEqual(ConversationListDiff.apply(diff, to: old, reading: new), new, "n=\(n) \(diff)")
                XCTAssertEqual(diff.isEmpty, old == new)
            }
        }
    }

    func test_diffOfOneRowMovingToTheTop_isOneMoveNotAShuffle() {
        let old = (0..<5).map { row("c\($0)", digest: "a") }
        let new = [old[4]] + old[0..<4]
        let diff = ConversationListDiff(from: old, to: new)
        XCTAssertEqual(diff.moves.count, 1)
        XCTAssertEqual(diff.moves.first?.from, 4)
        XCTAssertEqual(diff.moves.first?.to, 0)
        XCTAssertTrue(diff.inserts.isEmpty && diff.deletes.isEmpty && diff.reloads.isEmpty)
    }

    func test_randomServerAndUserActions_everyDiffAppliesAndRowsMatchAFreshFilteredRead() async throws {
        var seen = Set<String>()
        for seed: UInt64 in 1...8 {
            var random = SeededRandomGenerator(seed: seed)
            try await start(peers: 5, silent: 3, pageSize: 2)
            try session.server.createGroup("g1", name: "G", members: [session.userID, "p0", "p1", "p2"])
            try session.server.sendText("first", from: "p1", toGroup: "g1")
            await session.settle()
            let filters: [ConversationListModel.Filter] = [
                .init(), .init(kinds: .group), .init(kinds: .oneToOne), .init(unreadOnly: true),
                .init(markedOnly: true), .init(atMeOnly: true), .init(kinds: .oneToOne, unreadOnly: true),
            ]
            var known = try await session.listIDs()
            for step in 0..<60 {
                let id = known.isEmpty ? "c2c_p0" : known[Int.random(in: 0..<known.count, using: &random)]
                let peer = "p\(Int.random(in: 0..<8, using: &random))"
                let op = Int.random(in: 0..<10, using: &random)
                switch op {
                case 0, 1: try session.server.sendText("m\(step)", from: peer, toUser: session.userID)
                case 2:
                    let member = "p\(Int.random(in: 0..<3, using: &random))"
                    try session.server.sendText("g\(step)", from: member, toGroup: "g1",
                                                atUserIDs: random.chance(30) ? [session.userID] : [],
                                                atAll: random.chance(20))
                case 3: try? await model.markRead(id)
                case 4: try? await model.pin(id, random.chance(60))
                case 5: try? await model.mute(id, random.chance(50))
                case 6: if random.chance(50) { try? await model.delete(id) }
                case 7: await model.setFilter(filters[Int.random(in: 0..<filters.count, using: &random)])
                case 8: try? await model.markUnread(id)
                default: _ = try await model.loadNextPage()
                }
                await session.settle()
                let fresh = try await session.walk(pageSize: 3).list
                known = fresh.map(\.conversationID)
                let expected = fresh.filter(model.filter.matches).map(ConversationRowViewData.init)
                let context = "seed \(seed) step \(step) op \(op) id \(id)"
                if model.hasLoadedEverything {
                    XCTAssertEqual(model.rows, expected, context)
                } else {
                    XCTAssertEqual(Array(expected.prefix(model.rows.count)), model.rows, "a correct prefix: \(context)")
                }
                XCTAssertEqual(checker.failures, [], context)
                XCTAssertEqual(checker.rows, model.rows, context)
                if !checker.failures.isEmpty { return }
            }
            _ = try await loadAll()
            let expected = try await session.walk().list.filter(model.filter.matches).map(ConversationRowViewData.init)
            XCTAssertEqual(model.rows, expected, "seed \(seed) after paging to the end")
            assertDiffsHeld()
            seen.formUnion(checker.shapesSeen)
            session.tearDown()
        }
        XCTAssertEqual(seen, ["reset", "delete", "insert", "move", "reload"], "the random runs cover every kind of change")
    }

    private func row(_ id: String, digest: String) -> ConversationRowViewData {
        ConversationRowViewData(conversationID: id, title: id, avatarURL: nil, lastMessageDigest: digest, time: nil,
                                unreadBadge: .none, isPinned: false, isMuted: false)
    }
}

/// Follows a model's `onChange`: applies every diff to the rows it had and records any mismatch
/// with the rows delivered, or a conversation shown twice.
private final class DiffChecker: @unchecked Sendable {
    // Invariant: every stored property is only touched while `lock` is held.
    private let lock = NSLock()
    private var _rows: [ConversationRowViewData] = []
    private var _failures: [String] = []
    private var _batches = 0
    private var _lastDiff: ConversationListDiff?

    var rows: [ConversationRowViewData] { lock.withLock { _rows } }
    var failures: [String] { lock.withLock { _failures } }
    var batches: Int { lock.withLock { _batches } }
    var lastDiff: ConversationListDiff? { lock.withLock { _lastDiff } }
    /// For each batch since `reset()`, whether it was a reset diff.
    var resetsSinceReset: [Bool] { lock.withLock { _resets } }
    private var _resets: [Bool] = []
    /// Which kinds of change the diffs so far held ("reset", "delete", "insert", "move", "reload").
    var shapesSeen: Set<String> { lock.withLock { _shapesSeen } }
    private var _shapesSeen = Set<String>()

    func attach(to model: ConversationListModel) {
        model.onChange = { [self] diff, rows in record(diff, rows) }
    }

    /// Forgets the batch count and the last diff (the rows stay: later diffs apply to them).
    func reset() {
        lock.withLock {
            _batches = 0
            _lastDiff = nil
            _resets = []
        }
    }

    private func record(_ diff: ConversationListDiff, _ rows: [ConversationRowViewData]) {
        lock.withLock {
            let applied = ConversationListDiff.apply(diff, to: _rows, reading: rows)
            if applied != rows { _failures.append("\(diff) turned \(_rows.map(\.conversationID)) into \(applied.map(\.conversationID))") }
            if Set(rows.map(\.conversationID)).count != rows.count { _failures.append("duplicate rows \(rows.map(\.conversationID))") }
            _rows = rows
            _batches += 1
            _lastDiff = diff
            _resets.append(diff.isReset)
            if diff.isReset { _shapesSeen.insert("reset") }
            if !diff.deletes.isEmpty { _shapesSeen.insert("delete") }
            if !diff.inserts.isEmpty { _shapesSeen.insert("insert") }
            if !diff.moves.isEmpty { _shapesSeen.insert("move") }
            if !diff.reloads.isEmpty { _shapesSeen.insert("reload") }
        }
    }
}
