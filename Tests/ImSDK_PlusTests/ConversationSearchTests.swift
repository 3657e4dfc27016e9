import XCTest
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// The local search over the conversation list (this package's addition): by remark, name or ID,
/// ignoring case and diacritics, paged as the list is.
final class ConversationSearchTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private func searchAll(_ keyword: String, pageSize: Int32) async throws -> (ids: [String], pages: Int) {
        var ids: [String] = []
        var nextSeq: UInt64 = 0
        var pages = 0
        while true {
            let page = try await session.manager.searchLocalConversations(keyword: keyword, nextSeq: nextSeq, count: pageSize)
            pages += 1
            ids += page.conversationList.map { $0.conversationID ?? "" }
            if page.isFinished { return (ids, pages) }
            nextSeq = page.nextSeq
        }
    }

    private func seed() async throws {
        session = try await V2TestSession(peers: ["zoe", "anna", "bob", "chloe", "dave"])
        try session.server.registerUser("anna", nickname: "Anna Müller", faceURL: nil)
        try session.server.registerUser("bob", nickname: "Robert", faceURL: nil)
        try session.server.setFriendRemark(owner: "me", friend: "chloe", remark: "Cousin Chlöe")
        try session.server.createGroup("hiking", name: "Hiking club", faceURL: nil, members: ["me", "anna"])
        try session.server.createGroup("annals", name: nil, faceURL: nil, members: ["me", "bob"])
        for peer in ["zoe", "anna", "bob", "chloe", "dave"] { try session.server.sendText("hi", from: peer, toUser: "me") }
        try session.server.sendText("trail", from: "anna", toGroup: "hiking")
        try session.server.sendText("ledger", from: "bob", toGroup: "annals")
        await session.settle()
    }

    func test_search_findsByNameRemarkOrID_ignoringCaseAndDiacritics_inListOrder() async throws {
        try await seed()
        let list = try await session.listIDs()
        let ann = try await searchAll("ANN", pageSize: 50)
        XCTAssertEqual(ann.ids, list.filter { ["c2c_anna", "group_annals"].contains($0) }, "name 'Anna Müller', ID 'annals'")
        let muller = try await searchAll("muller", pageSize: 50)
        XCTAssertEqual(muller.ids, ["c2c_anna"], "diacritics ignored")
        let chloe = try await searchAll("chloe", pageSize: 50)
        XCTAssertEqual(chloe.ids, ["c2c_chloe"], "remark 'Cousin Chlöe' and ID")
        let robert = try await searchAll("rob", pageSize: 50)
        XCTAssertEqual(robert.ids, ["c2c_bob"], "by nickname")
        let club = try await searchAll("Club", pageSize: 50)
        XCTAssertEqual(club.ids, ["group_hiking"], "by group name")
        let none = try await searchAll("nobody", pageSize: 50)
        XCTAssertEqual(none.ids, [])
        XCTAssertEqual(none.pages, 1)
    }

    func test_search_pagesLikeTheList_eachMatchOnce() async throws {
        try await seed()
        let all = try await searchAll("e", pageSize: 50)
        XCTAssertGreaterThan(all.ids.count, 3)
        let paged = try await searchAll("e", pageSize: 2)
        XCTAssertEqual(paged.ids, all.ids, "pages of 2 give the same matches, once each, in order")
        XCTAssertEqual(paged.pages, (all.ids.count + 1) / 2, "a page holds 2 until the last")
    }

    func test_search_leavesOutHiddenConversations_andRejectsBadInput() async throws {
        try await seed()
        _ = try await session.manager.markConversation(
            conversationIDList: ["c2c_dave"], markType: NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_HIDE.rawValue),
            enableMark: true)
        let dave = try await searchAll("dave", pageSize: 10)
        XCTAssertEqual(dave.ids, [], "hidden, as in the list")
        do {
            _ = try await session.manager.searchLocalConversations(keyword: "", nextSeq: 0, count: 10)
            XCTFail("an empty keyword")
        } catch let error as V2TIMError {
            XCTAssertEqual(error.code, 6017)
        }
        do {
            _ = try await session.manager.searchLocalConversations(keyword: "a", nextSeq: 0, count: 0)
            XCTFail("count 0")
        } catch let error as V2TIMError {
            XCTAssertEqual(error.code, 6017)
        }
        try await session.manager.logout()
        do {
            _ = try await session.manager.searchLocalConversations(keyword: "a", nextSeq: 0, count: 10)
            XCTFail("logged out")
        } catch let error as V2TIMError {
            XCTAssertEqual(error.code, 6014)
        }
    }
}
