import Foundation
import XCTest
import IMTestSupport
import IMReferenceServer
@testable import ImSDK_Plus

/// The `async throws` forms: each gives what its callback form's `succ` gets, and throws what its
/// `fail` gets.
final class AsyncFormTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private func unread(_ id: String) async throws -> Int32 {
        try await session.manager.getConversation(conversationID: id).unreadCount
    }

    func test_markForms_clearTheUnreadCounts_andThrowTheVendorCode() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        try session.server.createGroup("g", members: ["me", "a"])
        try session.server.sendText("1", from: "a", toUser: "me")
        try session.server.sendText("2", from: "a", toGroup: "g")
        try session.server.sendText("3", from: "b", toUser: "me")
        await session.settle()
        let totalBefore = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(totalBefore, 3)

        try await session.manager.markC2CMessage(asRead: "a")
        let unreadA = try await unread("c2c_a")
        XCTAssertEqual(unreadA, 0)
        try await session.manager.markGroupMessage(asRead: "g")
        let unreadGroup = try await unread("group_g")
        XCTAssertEqual(unreadGroup, 0)
        let unreadB = try await unread("c2c_b")
        XCTAssertEqual(unreadB, 1)
        try await session.manager.markAllMessageAsRead()
        let totalAfter = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(totalAfter, 0)

        do {
            try await session.manager.markC2CMessage(asRead: "")
            XCTFail("an empty user ID must throw")
        } catch let error as V2TIMError {
            XCTAssertEqual(error.code, 6017)
        }
    }

    func test_historyForms_pageNewestFirst() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.createGroup("g", members: ["me", "a"])
        for text in ["1", "2", "3"] {
            try session.server.sendText(text, from: "a", toUser: "me")
            try session.server.sendText("g" + text, from: "a", toGroup: "g")
        }
        await session.settle()
        let c2c = try await session.manager.getC2CHistoryMessageList(userID: "a", count: 2, lastMsg: nil)
        XCTAssertEqual(c2c.map { $0.textElem?.text }, ["3", "2"])
        let older = try await session.manager.getC2CHistoryMessageList(userID: "a", count: 2, lastMsg: c2c.last)
        XCTAssertEqual(older.map { $0.textElem?.text }, ["1"])
        let group = try await session.manager.getGroupHistoryMessageList(groupID: "g", count: 5, lastMsg: nil)
        XCTAssertEqual(group.map { $0.textElem?.text }, ["g3", "g2", "g1"])

        let found = try await session.manager.findMessages(messageIDList: [c2c[0].msgID, "no such ID"])
        XCTAssertEqual(found.map(\.msgID), [c2c[0].msgID])
    }

    func test_listOperationForms_returnOneResultPerConversation() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        try session.server.sendText("x", from: "a", toUser: "me")
        try session.server.sendText("y", from: "b", toUser: "me")
        await session.settle()

        let star = NSNumber(value: V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_STAR.rawValue)
        let marked = try await session.manager.markConversation(
            conversationIDList: ["c2c_a", "c2c_nobody"], markType: star, enableMark: true)
        XCTAssertEqual(marked.map(\.resultCode), [0, 6004])
        let marks = try await session.manager.getConversation(conversationID: "c2c_a").markList
        XCTAssertEqual(marks, [star])

        let custom = try await session.manager.setConversationCustomData(
            conversationIDList: ["c2c_a"], customData: Data("d".utf8))
        XCTAssertEqual(custom.map(\.resultCode), [0])
        let customData = try await session.manager.getConversation(conversationID: "c2c_a").customData
        XCTAssertEqual(customData, Data("d".utf8))

        let filter = V2TIMConversationListFilter()
        filter.markType = V2TIMConversationMarkType.CONVERSATION_MARK_TYPE_STAR.rawValue
        let starredUnread = try await session.manager.getUnreadMessageCountByFilter(filter: filter)
        XCTAssertEqual(starredUnread, 1)

        let deleted = try await session.manager.deleteConversationList(conversationIDList: ["c2c_b"], clearMessage: true)
        XCTAssertEqual(deleted.map(\.resultCode), [0])
        let totalLeft = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(totalLeft, 1)
    }
}
