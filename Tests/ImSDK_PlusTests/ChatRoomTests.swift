import XCTest
import IMReferenceServer
import IMTestSupport
import ImSDK
@testable import ImSDK_Plus

/// Messages of an AVChatRoom group never count as unread, on the device as on the server.
final class ChatRoomTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_chatRoomMessages_neverCount_atALoginFromScratch_norLive_butAreHeard() async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        try server.createGroup("room", groupType: "AVChatRoom", members: ["me", "a"])
        try server.createGroup("work", members: ["me", "a"])
        try server.sendText("before", from: "a", toGroup: "room")
        try server.sendText("w1", from: "a", toGroup: "work")

        session = try await V2TestSession(server: server)
        let room = try await session.manager.getConversation(conversationID: "group_room")
        XCTAssertEqual(room.unreadCount, 0, "the last message of a fresh login does not count")
        XCTAssertEqual(room.lastMessage?.textElem?.text, "before")
        let total = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 1, "the work group's message only")

        try server.sendText("live", from: "a", toGroup: "room", atUserIDs: ["me"])
        await session.settle()
        let live = try await session.manager.getConversation(conversationID: "group_room")
        XCTAssertEqual(live.unreadCount, 0, "a live message does not count")
        XCTAssertEqual(live.lastMessage?.textElem?.text, "live")
        XCTAssertEqual(live.groupAtInfolist?.count ?? 0, 0, "nor does its @")
        XCTAssertEqual(session.recorder.received.compactMap(\.text), ["live"], "but it is heard")
        let after = try await session.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(after, 1)
        XCTAssertEqual(TIMManager.sharedInstance().getConversation(.GROUP, receiver: "room").getUnReadMessageNum(), 0)
        session.checkInvariants()
    }
}
