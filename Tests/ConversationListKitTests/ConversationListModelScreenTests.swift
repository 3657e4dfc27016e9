import XCTest
import IMTestSupport
import IMReferenceServer
import ConversationListKit
import ImSDK_Plus

/// What a list screen has besides rows: favourites apart from marked-unread, the sync state for a
/// header line, and an edit mode with a selection for the batch actions.
final class ConversationListModelScreenTests: XCTestCase {
    private var session: V2TestSession!
    private var model: ConversationListModel!

    override func tearDown() {
        model = nil
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private func start() async throws {
        session = try await V2TestSession(peers: ["a", "b", "c", "d"])
        for peer in ["a", "b", "c", "d"] { try session.server.sendText("hi", from: peer, toUser: "me") }
        await session.settle()
        model = ConversationListModel(manager: session.manager, pageSize: 10)
        while try await model.loadNextPage() {}
    }

    private var ids: [String] { model.rows.map(\.conversationID) }

    func test_favouritesOnly_showsStarredConversations_notOnesMarkedUnread() async throws {
        try await start()
        try await model.markRead("c2c_a")
        try await model.markUnread("c2c_a")
        _ = try await session.manager.markConversation(
            conversationIDList: ["c2c_b"], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_STAR.rawValue),
            enableMark: true)
        await session.settle()
        await model.setFilter(.init(starredOnly: true))
        XCTAssertEqual(ids, ["c2c_b"], "the star only")
        await model.setFilter(.init(markedOnly: true))
        XCTAssertEqual(Set(ids), ["c2c_a", "c2c_b"], "marked: star or marked unread")
    }

    func test_aSelectiveFilter_showsItsRowAfterOneLoadNextPage_evenAtTheBottomOfTheList() async throws {
        let peers = (0..<30).map { "p\($0)" }
        session = try await V2TestSession(peers: peers)
        for peer in peers { try session.server.sendText("hi", from: peer, toUser: "me") }
        await session.settle()
        _ = try await session.manager.markConversation(
            conversationIDList: ["c2c_p0"], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_STAR.rawValue),
            enableMark: true)
        await session.settle()
        model = ConversationListModel(manager: session.manager, pageSize: 3)
        await model.setFilter(.init(starredOnly: true))
        let more = try await model.loadNextPage()
        XCTAssertEqual(ids, ["c2c_p0"], "p0 is last in the list: one call pages down to it")
        XCTAssertFalse(more)
        XCTAssertTrue(model.hasLoadedEverything)

        // The starred walk loaded nothing else: the whole list starts over from its first page.
        await model.setFilter(.init())
        XCTAssertEqual(ids, ["c2c_p29", "c2c_p28", "c2c_p27"], "the first page of the whole list")
        XCTAssertFalse(model.hasLoadedEverything)
        while try await model.loadNextPage() {}
        XCTAssertEqual(ids.count, 30)

        // From the whole list loaded, a kind filter re-filters at once (no paging needed).
        try session.server.createGroup("g", members: ["me", "p1"])
        try session.server.sendText("in g", from: "p1", toGroup: "g")
        await session.settle()
        await model.setFilter(.init(kinds: .group))
        XCTAssertEqual(ids, ["group_g"])
        XCTAssertTrue(model.hasLoadedEverything)
    }

    func test_aFilterTheSDKCannotWalk_unreadOrMarkedUnread_stillPagesOnUntilARowShows() async throws {
        let peers = (0..<20).map { "p\($0)" }
        session = try await V2TestSession(peers: peers)
        for peer in peers { try session.server.sendText("hi", from: peer, toUser: "me") }
        await session.settle()
        try await call { self.session.manager.markAllMessage(asRead: $0, fail: $1) }
        // Marked unread without unread messages, at the bottom of the list: only an OR finds it.
        _ = try await session.manager.markConversation(
            conversationIDList: ["c2c_p0"], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_UNREAD.rawValue),
            enableMark: true)
        await session.settle()
        model = ConversationListModel(manager: session.manager, pageSize: 2)
        await model.setFilter(.init(unreadOnly: true))
        let more = try await model.loadNextPage()
        XCTAssertEqual(ids, ["c2c_p0"], "one call pages down to it")
        XCTAssertFalse(more)
    }

    func test_syncState_followsTheConnectionAndTheSyncs() async throws {
        try await start()
        var heard: [ConversationListModel.SyncState] = []
        let lock = NSLock()
        model.onSyncStateChange = { state in lock.withLock { heard.append(state) } }
        try await session.manager.logout()
        try await session.manager.login(userID: "me", userSig: "sig")
        await session.settle()
        XCTAssertEqual(model.syncState, .upToDate)
        XCTAssertEqual(lock.withLock { heard }, [.connecting, .syncing, .upToDate])

        try session.server.kickOffline(userID: "me")
        await session.settle()
        let kicked = await waitUntil { self.model.syncState == .loggedOut }
        XCTAssertTrue(kicked, "a kick ends the login: \(model.syncState)")
    }

    func test_editMode_selectsShownRows_andItsBatchActionsActOnTheSelection() async throws {
        try await start()
        XCTAssertFalse(model.setSelected("c2c_a", true), "no selection outside edit mode")
        model.setEditing(true)
        XCTAssertTrue(model.setSelected("c2c_a", true))
        XCTAssertTrue(model.setSelected("c2c_c", true))
        XCTAssertFalse(model.setSelected("c2c_nobody", true), "only shown rows")
        XCTAssertEqual(model.selection, ids.filter { ["c2c_a", "c2c_c"].contains($0) }, "in row order")

        let pinned = await model.pinSelection(true)
        XCTAssertEqual(pinned.count, 2)
        await session.settle()
        XCTAssertEqual(Set(ids.prefix(2)), ["c2c_a", "c2c_c"], "pinned to the top")

        let deleted = await model.deleteSelection()
        XCTAssertEqual(deleted.count, 2)
        await session.settle()
        XCTAssertEqual(Set(ids), ["c2c_b", "c2c_d"])
        XCTAssertEqual(model.selection, [], "deleted rows leave the selection")

        model.selectAll()
        XCTAssertEqual(Set(model.selection), ["c2c_b", "c2c_d"])
        await model.setFilter(.init(kinds: .group))
        XCTAssertEqual(model.selection, [], "rows filtered out leave it too")
        await model.setFilter(.init())
        model.selectAll()
        model.setEditing(false)
        XCTAssertEqual(model.selection, [], "leaving edit mode clears it")
        XCTAssertFalse(model.isEditing)
    }

    private func waitUntil(_ condition: @escaping () -> Bool) async -> Bool {
        for _ in 0..<400 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return condition()
    }
}
