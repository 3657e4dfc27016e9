import IMCore
import IMTransportKit
import IMReferenceServer
import XCTest

final class SyncTests: ServerTestCase {
    func test_sync_userWithoutMessages_returnsNoConversations() throws {
        try server.createGroup("g", members: ["alice", "bob"])
        XCTAssertEqual(try sync(try connect("alice")).count, 0, "a group conversation needs a delivered message")
    }

    func test_sync_afterMessages_reportsProfilesLastMessageUnreadAndCursor() throws {
        try server.setFriendRemark(owner: "bob", friend: "alice", remark: "Al")
        try server.createGroup("g", name: "Team", faceURL: "https://face/g", members: ["alice", "bob", "carol"])
        try server.sendText("a1", from: "alice", toUser: "bob")
        try server.sendText("a2", from: "alice", toUser: "bob")
        try server.sendText("c1", from: "carol", toUser: "bob")
        try server.sendText("g1", from: "carol", toGroup: "g")
        let bob = try connect("bob")
        let conversations = try sync(bob)
        XCTAssertEqual(Set(conversations.keys), [.c2c("alice"), .c2c("carol"), .group("g")])

        let alice = try XCTUnwrap(conversations[.c2c("alice")])
        XCTAssertEqual(alice.profile, ConversationProfile(name: "Alice", remark: "Al", faceURL: "https://face/alice"))
        XCTAssertEqual(alice.lastMessage?.content, .text("a2"))
        XCTAssertEqual(alice.lastSeq, 2)
        XCTAssertEqual(alice.readSeq, 0)
        XCTAssertEqual(alice.unreadMessages.map(\.content), [.text("a1"), .text("a2")], "oldest first")
        XCTAssertFalse(alice.isPinned)
        XCTAssertEqual(alice.receiveOption, .receive)

        let carol = try XCTUnwrap(conversations[.c2c("carol")])
        XCTAssertEqual(carol.profile, ConversationProfile(), "no nickname, no remark: the facade falls back to the ID")
        XCTAssertEqual(carol.unreadMessages.count, 1)

        let group = try XCTUnwrap(conversations[.group("g")])
        XCTAssertEqual(group.profile, ConversationProfile(name: "Team", faceURL: "https://face/g", groupType: "Work"))
        XCTAssertEqual(group.lastMessage?.sender, "carol")
        XCTAssertEqual(group.lastMessage?.timestamp, Self.now)

        XCTAssertEqual(try answer(.markRead(.c2c("alice"), upTo: 1), on: bob), .readSeq(1))
        let afterRead = try XCTUnwrap(try sync(bob)[.c2c("alice")])
        XCTAssertEqual(afterRead.readSeq, 1)
        XCTAssertEqual(afterRead.unreadMessages.map(\.seq), [2])
    }

    func test_sync_conversationsAreOrderedByID() throws {
        try server.createGroup("g", members: ["alice", "bob"])
        try server.sendText("x", from: "bob", toGroup: "g")
        try server.sendText("x", from: "carol", toUser: "alice")
        try server.sendText("x", from: "bob", toUser: "alice")
        guard case .changes(let changes) = try answer(.syncChanges(since: 0), on: try connect("alice")) else {
            return XCTFail("not a list")
        }
        let list = changes.conversations
        XCTAssertEqual(list.map(\.id), [.c2c("bob"), .c2c("carol"), .group("g")])
    }

    func test_sync_ownMessages_areNeverUnread_butAreTheLastMessage() throws {
        try server.createGroup("g", members: ["alice", "bob"])
        try server.sendText("in", from: "bob", toUser: "alice")
        try server.sendText("out", from: "alice", toUser: "bob")
        try server.sendText("mine", from: "alice", toGroup: "g")
        let conversations = try sync(try connect("alice"))
        XCTAssertEqual(conversations[.c2c("bob")]?.unreadMessages.map(\.content), [.text("in")])
        XCTAssertEqual(conversations[.c2c("bob")]?.lastMessage?.content, .text("out"))
        XCTAssertEqual(conversations[.group("g")]?.unreadMessages, [])
        XCTAssertEqual(conversations[.group("g")]?.lastMessage?.content, .text("mine"))
    }

    func test_sync_unreadCountSweep_matchesMessagesAboveTheCursor() throws {
        for (index, count) in [0, 1, 2, 49, 50, 51].enumerated() {
            let sender = "sender\(index)"
            try server.registerUser(sender)
            for _ in 0..<count {
                try server.sendText("x", from: sender, toUser: "bob")
            }
        }
        let bob = try connect("bob")
        for (index, count) in [0, 1, 2, 49, 50, 51].enumerated() where count > 0 {
            _ = try answer(.markRead(.c2c("sender\(index)"), upTo: UInt64(count / 2)), on: bob)
        }
        let conversations = try sync(bob)
        for (index, count) in [0, 1, 2, 49, 50, 51].enumerated() {
            let conversation = conversations[.c2c("sender\(index)")]
            if count == 0 {
                XCTAssertNil(conversation)
                continue
            }
            XCTAssertEqual(conversation?.unreadMessages.count, count - count / 2, "n = \(count)")
            XCTAssertEqual(conversation?.unreadMessages.first?.seq, UInt64(count / 2 + 1), "n = \(count)")
        }
    }

    func test_sync_excludedMessages_skipUnreadCountAndLastMessage() throws {
        try server.sendText("counted", from: "alice", toUser: "bob")
        try server.send(
            OutgoingMessage(id: "quiet", receiver: .user("bob"), content: .text("quiet"), isExcludedFromUnreadCount: true),
            from: "alice")
        try server.send(
            OutgoingMessage(id: "hidden", receiver: .user("bob"), content: .text("hidden"), isExcludedFromLastMessage: true),
            from: "alice")
        let conversation = try XCTUnwrap(try sync(try connect("bob"))[.c2c("alice")])
        XCTAssertEqual(conversation.unreadMessages.map(\.id), ["server-1", "hidden"])
        XCTAssertEqual(conversation.lastMessage?.id, "quiet")
        XCTAssertEqual(conversation.lastSeq, 3)
    }

    func test_sync_chatRoomMessages_areNeverUnread() throws {
        try server.createGroup("room", groupType: "AVChatRoom", members: ["alice", "bob"])
        try server.sendText("live", from: "alice", toGroup: "room")
        let conversation = try XCTUnwrap(try sync(try connect("bob"))[.group("room")])
        XCTAssertEqual(conversation.unreadMessages, [])
        XCTAssertEqual(conversation.lastMessage?.content, .text("live"))
    }
}
