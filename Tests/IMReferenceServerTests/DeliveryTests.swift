import IMCore
import IMTransportKit
import IMReferenceServer
import XCTest

final class DeliveryTests: ServerTestCase {
    private func newMessages(_ sink: RecordingSink) -> [(Message, ConversationProfile)] {
        sink.pushes.compactMap { push in
            if case .newMessage(let message, let profile) = push { return (message, profile) }
            return nil
        }
    }

    func test_c2cSendRequest_pushesToRecipientWithSenderProfile_andToSendersOtherDeviceOnly() throws {
        try server.setFriendRemark(owner: "bob", friend: "alice", remark: "Al")
        let sendingSink = RecordingSink(), otherDeviceSink = RecordingSink(), bobSink = RecordingSink()
        let sending = try connect("alice", sink: sendingSink)
        _ = try connect("alice", sink: otherDeviceSink)
        _ = try connect("bob", sink: bobSink)
        let response = try answer(
            .sendMessage(OutgoingMessage(id: "m1", receiver: .user("bob"), content: .text("hi"))), on: sending)
        wait(for: [otherDeviceSink.expectPushes(1), bobSink.expectPushes(1)], timeout: 5)
        guard case .message(let stored) = response else { return XCTFail("\(response)") }
        XCTAssertEqual(stored.id, "m1")
        XCTAssertEqual(stored.seq, 1)

        let bobGot = try XCTUnwrap(newMessages(bobSink).first)
        XCTAssertEqual(bobGot.0, stored)
        XCTAssertEqual(bobGot.1, ConversationProfile(name: "Alice", remark: "Al", faceURL: "https://face/alice"))
        let otherDeviceGot = try XCTUnwrap(newMessages(otherDeviceSink).first)
        XCTAssertEqual(otherDeviceGot.0, stored)
        XCTAssertEqual(otherDeviceGot.1, ConversationProfile(name: "Bob", faceURL: "https://face/bob"))
        drain(sending)
        XCTAssertEqual(sendingSink.pushes, [.newMessage(stored, profile: otherDeviceGot.1)],
                       "the sending device gets its message as a numbered push too")
        XCTAssertEqual(sendingSink.versions, otherDeviceSink.versions, "the same version on every device")
    }

    func test_adminSend_pushesToEveryConnectionOfTheSender() throws {
        let first = RecordingSink(), second = RecordingSink()
        _ = try connect("alice", sink: first)
        _ = try connect("alice", sink: second)
        try server.sendText("hi", from: "alice", toUser: "bob")
        wait(for: [first.expectPushes(1), second.expectPushes(1)], timeout: 5)
        XCTAssertEqual(newMessages(first).first?.0.sender, "alice")
    }

    func test_groupSend_pushesToEveryMemberAndSendersOtherDevice_withGroupProfile() throws {
        try server.createGroup("g", name: "Team", faceURL: "https://face/g", groupType: "Public", members: ["alice", "bob", "carol"])
        let sending = try connect("alice")
        let aliceOther = RecordingSink(), bob = RecordingSink(), carol = RecordingSink(), outsider = RecordingSink()
        _ = try connect("alice", sink: aliceOther)
        _ = try connect("bob", sink: bob)
        _ = try connect("carol", sink: carol)
        try server.registerUser("dave")
        let dave = try connect("dave", sink: outsider)
        _ = try answer(.sendMessage(OutgoingMessage(id: "g1", receiver: .group("g"), content: .text("all"))), on: sending)
        wait(for: [aliceOther.expectPushes(1), bob.expectPushes(1), carol.expectPushes(1)], timeout: 5)
        let profile = ConversationProfile(name: "Team", faceURL: "https://face/g", groupType: "Public")
        for sink in [aliceOther, bob, carol] {
            XCTAssertEqual(newMessages(sink).map(\.0.id), ["g1"])
            XCTAssertEqual(newMessages(sink).first?.1, profile)
        }
        drain(dave)
        XCTAssertTrue(outsider.pushes.isEmpty, "non-members get nothing")
    }

    func test_doNotReceive_dropsPushAndUnread_butKeepsTheMessageInHistory() throws {
        try server.createGroup("g", members: ["alice", "bob"])
        let sink = RecordingSink()
        let bob = try connect("bob", sink: sink)
        try server.sendText("before", from: "alice", toGroup: "g")
        try server.sendText("before", from: "alice", toUser: "bob")
        _ = try answer(.setReceiveOption([.group("g"), .c2c("alice")], .doNotReceive), on: bob)
        try server.sendText("group", from: "alice", toGroup: "g", atUserIDs: ["bob"])
        try server.sendText("c2c", from: "alice", toUser: "bob")
        drain(bob)
        XCTAssertEqual(Array(sink.pushes.dropFirst(2)),
                       [.receiveOption(.group("g"), .doNotReceive), .receiveOption(.c2c("alice"), .doNotReceive)],
                       "after the option, only the settings; no message")
        let conversations = try sync(bob)
        for id in [ConversationID.group("g"), .c2c("alice")] {
            XCTAssertEqual(conversations[id]?.unreadMessages.map(\.content), [.text("before")], "\(id)")
            XCTAssertEqual(conversations[id]?.lastMessage?.content, .text("before"), "\(id)")
            XCTAssertEqual(conversations[id]?.receiveOption, .doNotReceive, "\(id)")
        }
        guard case .messages(let history) = try answer(.history(.group("g"), beforeSeq: nil, count: 10), on: bob)
        else { return XCTFail("no history") }
        XCTAssertEqual(Set(history.map(\.content)), [.text("before"), .text("group")])
    }

    func test_aReceiveOption_createsNoConversation_butAppliesWhenOneStarts() throws {
        try server.createGroup("g", members: ["alice", "bob"])
        let bob = try connect("bob")
        _ = try answer(.setReceiveOption([.group("g"), .c2c("alice")], .receiveWithoutNotify), on: bob)
        XCTAssertEqual(try sync(bob).count, 0, "a setting alone lists nothing")
        try server.sendText("hi", from: "alice", toUser: "bob")
        drain(bob)
        let conversations = try sync(bob)
        XCTAssertEqual(conversations.count, 1)
        XCTAssertEqual(conversations[.c2c("alice")]?.receiveOption, .receiveWithoutNotify)
    }

    /// An option set back to `.receive` for a conversation the user does not have: a device that
    /// missed that push still keeps the muting one, and no sync carries the conversation, so its
    /// first message brings the option with it, as it does a muting one.
    func test_aReceiveOptionSetBack_withoutAConversation_comesWithItsFirstMessage() throws {
        let sink = RecordingSink()
        let bob = try connect("bob", sink: sink)
        _ = try answer(.setReceiveOption([.c2c("alice")], .doNotReceive), on: bob)
        _ = try answer(.setReceiveOption([.c2c("alice")], .receive), on: bob)
        try server.sendText("hi", from: "alice", toUser: "bob")
        wait(for: [sink.expectPushes(4)], timeout: 5)
        drain(bob)
        XCTAssertEqual(Array(sink.pushes.dropFirst(2).prefix(1)), [.receiveOption(.c2c("alice"), .receive)],
                       "the option, before the first message")
        XCTAssertEqual(newMessages(sink).map(\.0.content), [.text("hi")])
        try server.sendText("again", from: "alice", toUser: "bob")
        wait(for: [sink.expectPushes(5)], timeout: 5)
        XCTAssertEqual(sink.pushes.count, 5, "only the first message brings it")

        let sinkOfCarol = RecordingSink()
        let carol = try connect("carol", sink: sinkOfCarol)
        try server.sendText("hi", from: "alice", toUser: "carol")
        wait(for: [sinkOfCarol.expectPushes(1)], timeout: 5)
        drain(carol)
        XCTAssertEqual(sinkOfCarol.pushes.count, 1, "no option ever set: no push for it")
    }

    func test_doNotReceiveExceptAt_deliversOnlyMessagesMentioningTheRecipient() throws {
        try server.createGroup("g", members: ["alice", "bob", "carol"])
        let sink = RecordingSink()
        let bob = try connect("bob", sink: sink)
        _ = try answer(.setReceiveOption([.group("g")], .doNotReceiveExceptAt), on: bob)
        try server.sendText("plain", from: "alice", toGroup: "g")
        try server.sendText("at carol", from: "alice", toGroup: "g", atUserIDs: ["carol"])
        try server.sendText("at bob", from: "alice", toGroup: "g", atUserIDs: ["bob"])
        try server.sendText("at all", from: "alice", toGroup: "g", atAll: true)
        try server.sendText("c2c", from: "alice", toUser: "bob")
        wait(for: [sink.expectPushes(3)], timeout: 5)
        drain(bob)
        XCTAssertEqual(
            newMessages(sink).map(\.0.content), [.text("at bob"), .text("at all"), .text("c2c")],
            "the group's option leaves the C2C conversation alone")
        let conversation = try XCTUnwrap(try sync(bob)[.group("g")])
        XCTAssertEqual(conversation.unreadMessages.map(\.seq), [3, 4])
        XCTAssertEqual(conversation.lastMessage?.seq, 4)
        XCTAssertEqual(conversation.lastSeq, 4)
    }

    func test_receiveWithoutNotify_stillDeliversAndCountsUnread() throws {
        let sink = RecordingSink()
        let bob = try connect("bob", sink: sink)
        _ = try answer(.setReceiveOption([.c2c("alice")], .receiveWithoutNotify), on: bob)
        try server.sendText("x", from: "alice", toUser: "bob")
        wait(for: [sink.expectPushes(1)], timeout: 5)
        XCTAssertEqual(try sync(bob)[.c2c("alice")]?.unreadMessages.count, 1)
    }

    func test_setFriendRemark_pushesProfileToTheOwnerOnly() throws {
        try server.sendText("x", from: "alice", toUser: "bob")
        let aliceSink = RecordingSink(), bobSink = RecordingSink()
        _ = try connect("alice", sink: aliceSink)
        let bob = try connect("bob", sink: bobSink)
        try server.setFriendRemark(owner: "alice", friend: "bob", remark: "Bobby")
        wait(for: [aliceSink.expectPushes(1)], timeout: 5)
        XCTAssertEqual(
            aliceSink.pushes,
            [.profile(.c2c("bob"), ConversationProfile(name: "Bob", remark: "Bobby", faceURL: "https://face/bob"))])
        drain(bob)
        XCTAssertTrue(bobSink.pushes.isEmpty)
    }

    func test_registerUser_again_pushesNewProfileToUsersWhoHaveThatConversation() throws {
        try server.sendText("x", from: "alice", toUser: "bob")
        let bobSink = RecordingSink(), carolSink = RecordingSink()
        _ = try connect("bob", sink: bobSink)
        let carol = try connect("carol", sink: carolSink)
        try server.registerUser("alice", nickname: "Alicia", faceURL: "https://face/new")
        wait(for: [bobSink.expectPushes(1)], timeout: 5)
        XCTAssertEqual(
            bobSink.pushes, [.profile(.c2c("alice"), ConversationProfile(name: "Alicia", faceURL: "https://face/new"))])
        drain(carol)
        XCTAssertTrue(carolSink.pushes.isEmpty, "carol has no conversation with alice")
    }

    func test_createGroup_again_pushesNewProfileToMembersWhoHaveTheConversation() throws {
        try server.createGroup("g", name: "Old", members: ["alice", "bob"])
        try server.sendText("x", from: "alice", toGroup: "g")
        let bobSink = RecordingSink()
        _ = try connect("bob", sink: bobSink)
        try server.createGroup("g", name: "New", members: ["alice", "bob"])
        wait(for: [bobSink.expectPushes(1)], timeout: 5)
        XCTAssertEqual(bobSink.pushes, [.profile(.group("g"), ConversationProfile(name: "New", groupType: "Work"))])
    }

    func test_aSinkThatBlocks_delaysOnlyItsOwnConnection_notOthersAnswersOrPushes() throws {
        let release = DispatchSemaphore(value: 0)
        let stuckSink = RecordingSink()
        stuckSink.onReceive = { _ in release.wait() }
        let stuck = try connect("alice", sink: stuckSink)
        let bobSink = RecordingSink()
        let bob = try connect("bob", sink: bobSink)
        try server.sendText("to the stuck device", from: "carol", toUser: "alice")
        wait(for: [stuckSink.expectPushes(1)], timeout: 5)

        // Alice's sink is blocked inside its first push; bob's answers and pushes still come.
        try server.sendText("to bob", from: "carol", toUser: "bob")
        wait(for: [bobSink.expectPushes(1)], timeout: 5)
        XCTAssertNotNil(try? answer(.markRead(.c2c("carol"), upTo: .max), on: bob))
        try server.sendText("queued behind", from: "carol", toUser: "alice")
        XCTAssertEqual(stuckSink.pushes.count, 1, "the blocked connection's later push waits for it")

        release.signal()
        release.signal()
        drain(stuck)
        XCTAssertEqual(stuckSink.pushes.count, 2, "and arrives, in order, once the sink returns")
    }
}
