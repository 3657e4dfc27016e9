import XCTest
import IMTestSupport
import IMReferenceServer
@testable import ImSDK_Plus

final class ConversationListPagingTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    /// Makes `count` C2C conversations; peer `p0` sends first, so the list order is p(count-1) ... p0.
    private func makeConversations(_ count: Int) async throws -> [String] {
        let peers = (0..<count).map { "p\($0)" }
        session = try await V2TestSession(peers: peers)
        for peer in peers { try session.server.sendText("hi", from: peer, toUser: session.userID) }
        await session.settle()
        return peers.reversed().map { "c2c_" + $0 }
    }

    func test_pageWalkWithCount50_returnsEveryConversationOnceInOrder_finishedExactlyAtTheEnd() async throws {
        for n in [0, 1, 49, 50, 51, 1000] {
            let expected = try await makeConversations(n)
            var seen: [String] = []
            var nextSeq: UInt64 = 0
            var pages = 0
            while true {
                let page = try await session.manager.getConversationList(nextSeq: nextSeq, count: 50)
                pages += 1
                XCTAssertLessThanOrEqual(page.conversationList.count, 50)
                seen += page.conversationList.map(\.conversationID)
                XCTAssertEqual(page.isFinished, seen.count == n, "n=\(n): isFinished must be true exactly at the end")
                if page.isFinished { break }
                XCTAssertEqual(page.conversationList.count, 50, "n=\(n): only the last page may be short")
                nextSeq = page.nextSeq
            }
            XCTAssertEqual(seen, expected, "n=\(n)")
            XCTAssertEqual(pages, max(1, (n + 49) / 50), "n=\(n)")
            session.tearDown()
        }
    }

    func test_pinExampleFromTheDocs_oneToFiveWithTwoAndThreePinned_gives2_3_1_4_5() async throws {
        session = try await V2TestSession(peers: ["u1", "u2", "u3", "u4", "u5"])
        for peer in ["u5", "u4", "u3", "u2", "u1"] {
            try session.server.sendText("hello", from: peer, toUser: session.userID)
        }
        await session.settle()
        let before = try await session.listIDs()
        XCTAssertEqual(before, ["c2c_u1", "c2c_u2", "c2c_u3", "c2c_u4", "c2c_u5"])
        try await session.manager.pinConversation(conversationID: "c2c_u2", isPinned: true)
        try await session.manager.pinConversation(conversationID: "c2c_u3", isPinned: true)
        let after = try await session.listIDs()
        XCTAssertEqual(after, ["c2c_u2", "c2c_u3", "c2c_u1", "c2c_u4", "c2c_u5"])
        let pinned = try await session.walk().list.map(\.isPinned)
        XCTAssertEqual(pinned, [true, true, false, false, false])

        try await session.manager.pinConversation(conversationID: "c2c_u2", isPinned: false)
        let unpinned = try await session.listIDs()
        XCTAssertEqual(unpinned, ["c2c_u3", "c2c_u1", "c2c_u2", "c2c_u4", "c2c_u5"])
    }

    func test_newMessage_movesConversationToTheTopOfTheUnpinnedBand() async throws {
        let expected = try await makeConversations(4)
        let before = try await session.listIDs()
        XCTAssertEqual(before, expected)
        try await session.manager.pinConversation(conversationID: "c2c_p1", isPinned: true)
        try session.server.sendText("again", from: "p0", toUser: session.userID)
        await session.settle()
        let after = try await session.listIDs()
        XCTAssertEqual(after, ["c2c_p1", "c2c_p0", "c2c_p3", "c2c_p2"])
        let orderKeys = try await session.walk().list.dropFirst().map(\.orderKey)
        XCTAssertEqual(orderKeys, orderKeys.sorted(by: >), "unpinned conversations come by orderKey descending")
    }

    func test_pageWalkWhileMessagesArrive_returnsEveryEarlierConversationExactlyOnce() async throws {
        let expected = try await makeConversations(300)
        // The oldest conversation is pinned, so the first page returns it; unpinning it later drops
        // it below the walk's position.
        try await session.manager.pinConversation(conversationID: "c2c_p0", isPinned: true)
        var seen: [String] = []
        var nextSeq: UInt64 = 0
        var round = 0
        while true {
            let page = try await session.manager.getConversationList(nextSeq: nextSeq, count: 20)
            seen += page.conversationList.map(\.conversationID)
            if page.isFinished { break }
            nextSeq = page.nextSeq
            // Between pages: conversations not yet returned jump to the top, returned ones too,
            // new ones appear, one is pinned and one unpinned.
            round += 1
            try session.server.sendText("bump", from: "p\(round * 3 % 300)", toUser: session.userID)
            try session.server.sendText("bump", from: "p\(299 - round)", toUser: session.userID)
            try session.server.registerUser("new\(round)", nickname: nil, faceURL: nil)
            try session.server.sendText("new", from: "new\(round)", toUser: session.userID)
            await session.settle()
            if round == 2 { try await session.manager.pinConversation(conversationID: "c2c_p0", isPinned: false) }
            if round == 3 { try await session.manager.pinConversation(conversationID: "c2c_p5", isPinned: true) }
            if round == 6 { try await session.manager.pinConversation(conversationID: "c2c_p5", isPinned: false) }
        }
        XCTAssertEqual(seen.count, Set(seen).count, "no conversation may be returned twice")
        XCTAssertEqual(Set(seen).intersection(expected).count, expected.count, "every earlier conversation is returned")
        XCTAssertFalse(seen.contains { $0.hasPrefix("c2c_new") }, "conversations created during the walk come by events")
    }

    func test_arbitraryNextSeq_returnsAConsistentPage() async throws {
        let expected = try await makeConversations(60)
        for nextSeq: UInt64 in [1, 42, UInt64.max, UInt64.max / 2, 1 << 62] {
            let page = try await session.manager.getConversationList(nextSeq: nextSeq, count: 50)
            let ids = page.conversationList.map { $0.conversationID ?? "" }
            XCTAssertEqual(ids.count, Set(ids).count)
            XCTAssertTrue(ids.allSatisfy(expected.contains))
            let positions = ids.compactMap { expected.firstIndex(of: $0) }
            XCTAssertEqual(positions, positions.sorted(), "a page is a run of the list in order")
        }
    }

    func test_getConversationListByFilter_selectsByTypeUnreadAndMark() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        try session.server.createGroup("g1", name: "Group One", faceURL: nil, members: ["me", "a"])
        try session.server.sendText("to group", from: "a", toGroup: "g1")
        try session.server.sendText("to me", from: "b", toUser: "me")
        try session.server.sendText("to me", from: "a", toUser: "me")
        await session.settle()
        try await session.manager.cleanConversationUnreadMessageCount(conversationID: "c2c_a", cleanTimestamp: 0, cleanSequence: 0)

        let groups = V2TIMConversationListFilter()
        groups.type = .GROUP
        let groupIDs = try await session.manager.getConversationListByFilter(filter: groups, nextSeq: 0, count: 10)
        XCTAssertEqual(groupIDs.conversationList.map(\.conversationID), ["group_g1"])

        let unread = V2TIMConversationListFilter()
        unread.hasUnreadCount = true
        let unreadIDs = try await session.manager.getConversationListByFilter(filter: unread, nextSeq: 0, count: 10)
        XCTAssertEqual(unreadIDs.conversationList.map(\.conversationID), ["c2c_b", "group_g1"])

        let marked = V2TIMConversationListFilter()
        marked.markType = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_STAR.rawValue
        let markResults = try await markConversations(["c2c_a"], mark: UInt64(marked.markType), enable: true)
        XCTAssertEqual(markResults.map(\.resultCode), [0])
        let markedIDs = try await session.manager.getConversationListByFilter(filter: marked, nextSeq: 0, count: 10)
        XCTAssertEqual(markedIDs.conversationList.map(\.conversationID), ["c2c_a"])
    }

    func test_hiddenConversation_isLeftOutUntilANewMessageArrives() async throws {
        let expected = try await makeConversations(3)
        let hide = UInt64(V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue)
        _ = try await markConversations(["c2c_p1"], mark: hide, enable: true)
        let hidden = try await session.listIDs()
        XCTAssertEqual(hidden, expected.filter { $0 != "c2c_p1" })
        try session.server.sendText("back", from: "p1", toUser: session.userID)
        await session.settle()
        let back = try await session.listIDs()
        XCTAssertEqual(back, ["c2c_p1", "c2c_p2", "c2c_p0"])
    }

    private func markConversations(_ ids: [String], mark: UInt64, enable: Bool) async throws -> [V2TIMConversationOperationResult] {
        let manager = session.manager
        return try await callValue { succ, fail in
            manager.markConversation(conversationIDList: ids, markType: NSNumber(value: mark), enableMark: enable,
                                     succ: succ, fail: fail)
        }
    }
}
