import IMCore
import IMTransportKit
import IMReferenceServer
import XCTest

final class RequestTests: ServerTestCase {
    // MARK: revoke time limit

    func test_aRevoke_isRefusedPastTheTimeLimit_120SecondsUnlessSet() throws {
        let now = Locked<UInt64>(1_000)
        let server = IMReferenceServer(clock: { now.withLock { $0 } }, loginPolicy: .unlimited)
        for user in ["alice", "bob"] { try server.registerUser(user) }
        try server.sendText("one", from: "alice", toUser: "bob")
        try server.sendText("two", from: "alice", toUser: "bob")
        XCTAssertEqual(server.revokeTimeLimit, 120)
        now.withLock { $0 += 120 }
        XCTAssertNoThrow(try server.revokeMessage(seq: 1, from: "alice", toUser: "bob"), "at the limit")
        now.withLock { $0 += 1 }
        XCTAssertThrowsError(try server.revokeMessage(seq: 2, from: "alice", toUser: "bob")) { error in
            XCTAssertEqual((error as? IMError)?.code, .revokeTimeLimitExceeded)
        }
        server.revokeTimeLimit = .max
        XCTAssertNoThrow(try server.revokeMessage(seq: 2, from: "alice", toUser: "bob"), "no limit")
    }

    // MARK: markRead

    func test_markRead_movesTheCursor_andPushesToEveryConnectionWithOneVersion() throws {
        for _ in 0..<3 {
            try server.sendText("x", from: "alice", toUser: "bob")
        }
        let readingSink = RecordingSink(), otherSink = RecordingSink()
        let reading = try connect("bob", sink: readingSink)
        _ = try connect("bob", sink: otherSink)
        XCTAssertEqual(try answer(.markRead(.c2c("alice"), upTo: 2), on: reading), .readSeq(2))
        wait(for: [otherSink.expectPushes(1)], timeout: 5)
        XCTAssertEqual(otherSink.pushes, [.readCursor(.c2c("alice"), seq: 2)])
        drain(reading)
        XCTAssertEqual(readingSink.pushes, [.readCursor(.c2c("alice"), seq: 2)])
        XCTAssertEqual(readingSink.versions, otherSink.versions)
    }

    func test_syncChanges_sinceAVersion_returnsOnlyWhatChangedAfterIt_andTombstones() throws {
        server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        try server.sendText("a1", from: "alice", toUser: "bob")
        try server.sendText("c1", from: "carol", toUser: "bob")
        let bob = try connect("bob")
        guard case .changes(let all) = try answer(.syncChanges(since: 0), on: bob) else { return XCTFail("no changes") }
        XCTAssertEqual(all.conversations.map(\.id), [.c2c("carol"), .c2c("alice")], "most recently active first")
        XCTAssertEqual(all.version, 3, "the first change of a user is version 2")
        try server.sendText("a2", from: "alice", toUser: "bob")
        _ = try answer(.deleteConversation(.c2c("carol"), clearingMessages: false), on: bob)
        guard case .changes(let later) = try answer(.syncChanges(since: all.version), on: bob) else { return XCTFail("no changes") }
        XCTAssertEqual(later.conversations.map(\.id), [.c2c("alice")])
        XCTAssertEqual(later.conversations.first?.lastMessage?.content.text, "a2")
        XCTAssertEqual(later.deleted, [.c2c("carol")])
        XCTAssertEqual(later.version, 5)
        try server.sendText("c2", from: "carol", toUser: "bob")
        guard case .changes(let revived) = try answer(.syncChanges(since: later.version), on: bob) else { return XCTFail("no changes") }
        XCTAssertEqual(revived.conversations.map(\.id), [.c2c("carol")], "a new message revives it")
        XCTAssertEqual(revived.deleted, [])
        guard case .changes(let none) = try answer(.syncChanges(since: revived.version), on: bob) else { return XCTFail("no changes") }
        XCTAssertEqual(none.conversations, [])
        XCTAssertEqual(none.version, revived.version)
    }

    func test_markRead_clampsToLastSeq_treatsMaxAsEverything_andNeverMovesBack() throws {
        for _ in 0..<5 {
            try server.sendText("x", from: "alice", toUser: "bob")
        }
        let otherSink = RecordingSink()
        let bob = try connect("bob")
        _ = try connect("bob", sink: otherSink)
        XCTAssertEqual(try answer(.markRead(.c2c("alice"), upTo: 3), on: bob), .readSeq(3))
        XCTAssertEqual(try answer(.markRead(.c2c("alice"), upTo: 1), on: bob), .readSeq(3), "never moves back")
        XCTAssertEqual(try answer(.markRead(.c2c("alice"), upTo: 99), on: bob), .readSeq(5), "clamped to lastSeq")
        try server.sendText("x", from: "alice", toUser: "bob")
        XCTAssertEqual(try answer(.markRead(.c2c("alice"), upTo: .max), on: bob), .readSeq(6))
        drain(bob)
        let pushedCursors = otherSink.pushes.compactMap { push -> UInt64? in
            if case .readCursor(_, let seq) = push { return seq }
            return nil
        }
        XCTAssertEqual(pushedCursors, [3, 5, 6], "a cursor that did not move is not pushed")
        XCTAssertEqual(try sync(bob)[.c2c("alice")]?.unreadMessages, [])
    }

    func test_markRead_unknownConversation_failsWithInvalidConversation() throws {
        let bob = try connect("bob")
        XCTAssertEqual(error(of: .markRead(.c2c("alice"), upTo: 1), on: bob), .invalidConversation)
        XCTAssertEqual(error(of: .markRead(.c2c("nobody"), upTo: 1), on: bob), .invalidConversation)
    }

    // MARK: setPinned

    func test_setPinned_upToFiftySucceed_theFiftyFirstFailsAndChangesNothing() throws {
        for n in 0..<51 {
            try server.registerUser("peer\(n)")
        }
        let otherSink = RecordingSink()
        let alice = try connect("alice")
        let other = try connect("alice", sink: otherSink)
        for n in 0..<50 {
            XCTAssertEqual(try answer(.setPinned(.c2c("peer\(n)"), true), on: alice), .ok, "pin \(n + 1)")
        }
        XCTAssertEqual(error(of: .setPinned(.c2c("peer50"), true), on: alice), .limitExceeded)
        XCTAssertEqual(try answer(.setPinned(.c2c("peer0"), true), on: alice), .ok, "re-pinning a pinned one is fine")
        drain(other)
        XCTAssertEqual(otherSink.pushes.count, 50, "the failed pin pushed nothing")
        let conversations = try sync(alice)
        XCTAssertEqual(conversations.count, 50, "the failed pin created nothing")
        XCTAssertEqual(conversations.values.filter(\.isPinned).count, 50)

        XCTAssertEqual(try answer(.setPinned(.c2c("peer0"), false), on: alice), .ok)
        XCTAssertEqual(try answer(.setPinned(.c2c("peer50"), true), on: alice), .ok, "unpinning frees a slot")
    }

    func test_setPinned_conversationTheUserLacks_createsItEmpty_andPushesToOtherConnections() throws {
        try server.createGroup("g", members: ["bob"])
        let otherSink = RecordingSink()
        let alice = try connect("alice")
        _ = try connect("alice", sink: otherSink)
        XCTAssertEqual(try answer(.setPinned(.c2c("carol"), true), on: alice), .ok)
        XCTAssertEqual(try answer(.setPinned(.group("g"), true), on: alice), .ok)
        wait(for: [otherSink.expectPushes(2)], timeout: 5)
        XCTAssertEqual(otherSink.pushes, [.pinned(.c2c("carol"), true), .pinned(.group("g"), true)])
        let conversation = try XCTUnwrap(try sync(alice)[.c2c("carol")])
        XCTAssertTrue(conversation.isPinned)
        XCTAssertNil(conversation.lastMessage)
        XCTAssertEqual(conversation.lastSeq, 0)
    }

    func test_setPinned_unknownPeer_failsWithUnknownUserOrGroup() throws {
        let alice = try connect("alice")
        XCTAssertEqual(error(of: .setPinned(.c2c("nobody"), true), on: alice), .unknownUser)
        XCTAssertEqual(error(of: .setPinned(.group("nothing"), true), on: alice), .unknownGroup)
        XCTAssertEqual(error(of: .setPinned(.c2c(""), true), on: alice), .invalidParameters)
        XCTAssertEqual(error(of: .setPinned(.system, true), on: alice), .invalidConversation)
        XCTAssertEqual(try sync(alice).count, 0)
    }

    // MARK: setReceiveOption

    func test_setReceiveOption_setsEveryConversation_andPushesToOtherConnections() throws {
        try server.createGroup("g", members: ["alice", "bob"])
        let otherSink = RecordingSink()
        let alice = try connect("alice")
        _ = try connect("alice", sink: otherSink)
        XCTAssertEqual(try answer(.setReceiveOption([.c2c("bob"), .group("g")], .receiveWithoutNotify), on: alice), .ok)
        wait(for: [otherSink.expectPushes(2)], timeout: 5)
        XCTAssertEqual(
            otherSink.pushes,
            [.receiveOption(.c2c("bob"), .receiveWithoutNotify), .receiveOption(.group("g"), .receiveWithoutNotify)])
        try server.sendText("hi", from: "bob", toUser: "alice")
        try server.sendText("hi", from: "bob", toGroup: "g")
        let conversations = try sync(alice)
        XCTAssertEqual(conversations[.c2c("bob")]?.receiveOption, .receiveWithoutNotify)
        XCTAssertEqual(conversations[.group("g")]?.receiveOption, .receiveWithoutNotify)
    }

    func test_setReceiveOption_withOneUnknownPeer_failsAndChangesNothing() throws {
        let alice = try connect("alice")
        XCTAssertEqual(error(of: .setReceiveOption([.c2c("bob"), .group("nothing")], .doNotReceive), on: alice), .unknownGroup)
        XCTAssertEqual(error(of: .setReceiveOption([], .doNotReceive), on: alice), .invalidParameters)
        XCTAssertEqual(try sync(alice).count, 0)
        let sink = RecordingSink()
        _ = try connect("alice", sink: sink)
        try server.sendText("x", from: "bob", toUser: "alice")
        wait(for: [sink.expectPushes(1)], timeout: 5)
    }

    func test_receiveOption_outlivesDeletingTheConversation() throws {
        let bob = try connect("bob")
        _ = try answer(.setReceiveOption([.c2c("alice")], .doNotReceive), on: bob)
        _ = try answer(.deleteConversation(.c2c("alice"), clearingMessages: true), on: bob)
        try server.sendText("x", from: "alice", toUser: "bob")
        XCTAssertNil(try sync(bob)[.c2c("alice")], "an undelivered message does not recreate it")
    }

    // MARK: deleteConversation

    func test_deleteConversation_byDefault_pushesNothing_leavesNoTombstone_andTheOthersCanStillReadIt() throws {
        try server.sendText("x", from: "alice", toUser: "bob")
        let bob = try connect("bob")
        let other = try connect("bob")
        let before = try server.version(of: "bob")
        let since = try XCTUnwrap({ () throws -> UInt64? in
            guard case .changes(let changes) = try answer(.syncChanges(since: 0), on: other) else { return nil }
            return changes.version
        }())
        XCTAssertEqual(try answer(.deleteConversation(.c2c("alice"), clearingMessages: false), on: bob), .ok)
        XCTAssertEqual(try server.version(of: "bob"), before, "no version: nothing to push or sync")
        guard case .changes(let changes) = try answer(.syncChanges(since: since), on: other) else { return XCTFail() }
        XCTAssertEqual(changes.deleted, [], "no tombstone")
        XCTAssertNil(try sync(bob)[.c2c("alice")], "gone from the cloud list")
        XCTAssertEqual(try answer(.markRead(.c2c("alice"), upTo: .max), on: other), .readSeq(1),
                       "a device that still shows it reads it: everything up to the deletion")
    }

    func test_deleteConversation_removesItAndPushesToOtherConnections() throws {
        server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        try server.sendText("x", from: "alice", toUser: "bob")
        let otherSink = RecordingSink()
        let bob = try connect("bob")
        _ = try connect("bob", sink: otherSink)
        XCTAssertEqual(try answer(.deleteConversation(.c2c("alice"), clearingMessages: true), on: bob), .ok)
        wait(for: [otherSink.expectPushes(1)], timeout: 5)
        XCTAssertEqual(otherSink.pushes, [.conversationDeleted(.c2c("alice"), clearingMessages: true)])
        XCTAssertNil(try sync(bob)[.c2c("alice")])
        XCTAssertNotNil(try sync(try connect("alice"))[.c2c("bob")], "the other side keeps its conversation")
    }

    func test_deleteConversation_thenNewMessage_recreatesItWithOnlyTheNewMessage() throws {
        for _ in 0..<3 {
            try server.sendText("old", from: "alice", toUser: "bob")
        }
        let bob = try connect("bob")
        _ = try answer(.setPinned(.c2c("alice"), true), on: bob)
        _ = try answer(.deleteConversation(.c2c("alice"), clearingMessages: true), on: bob)
        try server.sendText("new", from: "alice", toUser: "bob")
        let conversation = try XCTUnwrap(try sync(bob)[.c2c("alice")])
        XCTAssertEqual(conversation.unreadMessages.map(\.seq), [4])
        XCTAssertEqual(conversation.lastMessage?.content, .text("new"))
        XCTAssertFalse(conversation.isPinned, "deleting dropped the pin")
        XCTAssertEqual(conversation.readSeq, 3, "the deleted messages are not unread")
        XCTAssertEqual(try answer(.history(.c2c("alice"), beforeSeq: nil, count: 10), on: bob).messageSeqs, [4])
        let alice = try connect("alice")
        XCTAssertEqual(
            try answer(.history(.c2c("bob"), beforeSeq: nil, count: 10), on: alice).messageSeqs, [4, 3, 2, 1],
            "the other side still sees everything")
    }

    func test_deleteConversation_unknownPeer_fails() throws {
        let bob = try connect("bob")
        XCTAssertEqual(error(of: .deleteConversation(.c2c("nobody"), clearingMessages: true), on: bob), .unknownUser)
        XCTAssertEqual(error(of: .deleteConversation(.group("nothing"), clearingMessages: true), on: bob), .unknownGroup)
    }

    // MARK: history

    func test_history_pagesNewestFirst_forEveryPageSize() throws {
        try server.createGroup("g", members: ["alice", "bob"])
        for _ in 0..<25 {
            try server.sendText("x", from: "alice", toGroup: "g")
        }
        let bob = try connect("bob")
        for pageSize in [1, 2, 10, 24, 25, 26] {
            var seen: [UInt64] = []
            var before: UInt64? = nil
            while true {
                let page = try answer(.history(.group("g"), beforeSeq: before, count: pageSize), on: bob).messageSeqs
                XCTAssertLessThanOrEqual(page.count, pageSize)
                guard let oldest = page.last else { break }
                seen += page
                before = oldest
            }
            XCTAssertEqual(seen, Array((1...25).reversed()), "page size \(pageSize)")
        }
        XCTAssertEqual(try answer(.history(.group("g"), beforeSeq: 1, count: 5), on: bob).messageSeqs, [])
        XCTAssertEqual(try answer(.history(.group("g"), beforeSeq: 100, count: 2), on: bob).messageSeqs, [25, 24])
    }

    func test_history_ofEmptyConversation_isEmpty() throws {
        let bob = try connect("bob")
        XCTAssertEqual(try answer(.history(.c2c("carol"), beforeSeq: nil, count: 5), on: bob).messageSeqs, [])
    }

    func test_history_badRequests_fail() throws {
        try server.createGroup("g", members: ["alice"])
        let bob = try connect("bob")
        XCTAssertEqual(error(of: .history(.c2c("alice"), beforeSeq: nil, count: 0), on: bob), .invalidParameters)
        XCTAssertEqual(error(of: .history(.c2c("alice"), beforeSeq: nil, count: -1), on: bob), .invalidParameters)
        XCTAssertEqual(error(of: .history(.c2c("nobody"), beforeSeq: nil, count: 5), on: bob), .unknownUser)
        XCTAssertEqual(error(of: .history(.group("g"), beforeSeq: nil, count: 5), on: bob), .notGroupMember)
    }

    // MARK: delivered history

    /// Only what reached the user: a group set to "do not receive except @" delivers the messages
    /// that @ them (and their own), while the history holds every one; pages of every size give
    /// the delivered ones newest first, and leave out what the user deleted.
    func test_deliveredHistory_pagesOnlyTheMessagesDeliveredToTheUser_newestFirst() throws {
        try server.createGroup("g", members: ["alice", "bob"])
        let bob = try connect("bob")
        _ = try answer(.setReceiveOption([.group("g")], .doNotReceiveExceptAt), on: bob)
        for index in 1...20 {
            try server.sendText("x", from: "alice", toGroup: "g", atUserIDs: index.isMultiple(of: 3) ? ["bob"] : [])
        }
        _ = try answer(.sendMessage(OutgoingMessage(id: "own", receiver: .group("g"), content: .text("own"))), on: bob)
        let delivered: [UInt64] = [21, 18, 15, 12, 9, 6, 3]
        XCTAssertEqual(try answer(.history(.group("g"), beforeSeq: nil, count: 100), on: bob).messageSeqs,
                       Array((1...21).reversed()), "the history holds every message")
        for pageSize in [1, 2, 3, 6, 7, 8] {
            var seen: [UInt64] = []
            var before: UInt64? = nil
            while true {
                let page = try answer(.deliveredHistory(.group("g"), beforeSeq: before, count: pageSize), on: bob).messageSeqs
                XCTAssertLessThanOrEqual(page.count, pageSize)
                guard let oldest = page.last else { break }
                seen += page
                before = oldest
            }
            XCTAssertEqual(seen, delivered, "page size \(pageSize)")
        }
        XCTAssertEqual(try answer(.deliveredHistory(.group("g"), beforeSeq: 15, count: 2), on: bob).messageSeqs, [12, 9])
        XCTAssertEqual(try answer(.deliveredHistory(.group("g"), beforeSeq: 3, count: 5), on: bob).messageSeqs, [])
        XCTAssertEqual(try answer(.deliveredHistory(.group("g"), beforeSeq: 0, count: 5), on: bob).messageSeqs, [])

        _ = try answer(.deleteMessages(.group("g"), seqs: [12]), on: bob)
        XCTAssertEqual(try answer(.deliveredHistory(.group("g"), beforeSeq: 16, count: 3), on: bob).messageSeqs, [15, 9, 6],
                       "a deleted message is left out")
    }

    func test_deliveredHistory_badRequests_failAsHistoryDoes() throws {
        try server.createGroup("g", members: ["alice"])
        let bob = try connect("bob")
        XCTAssertEqual(error(of: .deliveredHistory(.c2c("alice"), beforeSeq: nil, count: 0), on: bob), .invalidParameters)
        XCTAssertEqual(error(of: .deliveredHistory(.c2c("nobody"), beforeSeq: nil, count: 5), on: bob), .unknownUser)
        XCTAssertEqual(error(of: .deliveredHistory(.group("g"), beforeSeq: nil, count: 5), on: bob), .notGroupMember)
        XCTAssertEqual(try answer(.deliveredHistory(.c2c("alice"), beforeSeq: nil, count: 5), on: bob).messageSeqs, [],
                       "no conversation yet")
    }

    // MARK: profiles

    func test_profiles_returnsKnownOnesAsTheUserSeesThem() throws {
        try server.createGroup("g", name: "Team", members: ["alice"])
        try server.setFriendRemark(owner: "alice", friend: "bob", remark: "B")
        let alice = try connect("alice")
        let response = try answer(.profiles([.c2c("bob"), .group("g"), .c2c("nobody"), .system]), on: alice)
        XCTAssertEqual(
            response,
            .profiles([
                .c2c("bob"): ConversationProfile(name: "Bob", remark: "B", faceURL: "https://face/bob"),
                .group("g"): ConversationProfile(name: "Team", groupType: "Work"),
            ]))
    }

    // MARK: sendMessage

    func test_sendMessage_errors_areReportedToTheSender() throws {
        try server.createGroup("g", members: ["bob"])
        let alice = try connect("alice")
        XCTAssertEqual(
            error(of: .sendMessage(OutgoingMessage(id: "1", receiver: .group("g"), content: .text("x"))), on: alice),
            .notGroupMember)
        XCTAssertEqual(
            error(of: .sendMessage(OutgoingMessage(id: "2", receiver: .user("nobody"), content: .text("x"))), on: alice),
            .unknownUser)
    }
}

private extension IMResponse {
    /// The sequences of a `.messages` response, in order.
    var messageSeqs: [UInt64] {
        if case .messages(let messages) = self { return messages.map(\.seq) }
        return []
    }
}

/// The cloud list: at most 100 conversations, none idle for more than 7 days.
final class CloudListTests: ServerTestCase {
    func test_aFreshSync_getsTheHundredMostRecent_andNothingIdleForSevenDays() throws {
        let now = Locked<UInt64>(1_700_000_000)
        server = IMReferenceServer(clock: { now.withLock { $0 } })
        server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        try server.registerUser("me")
        for index in 0..<120 {
            try server.registerUser("p\(index)")
            now.withLock { $0 += 1 }
            try server.sendText("hi", from: "p\(index)", toUser: "me")
        }
        let connection = try connect("me")
        guard case .changes(let fresh) = try answer(.syncChanges(since: 0), on: connection) else {
            return XCTFail("no changes")
        }
        XCTAssertEqual(fresh.conversations.count, 100)
        XCTAssertEqual(Set(fresh.conversations.map(\.id)), Set((20..<120).map { ConversationID.c2c("p\($0)") }),
                       "the 100 most recently active")

        now.withLock { $0 += 8 * 24 * 60 * 60 }
        try server.sendText("still here", from: "p3", toUser: "me")
        guard case .changes(let later) = try answer(.syncChanges(since: 0), on: connection) else {
            return XCTFail("no changes")
        }
        XCTAssertEqual(later.conversations.map(\.id), [.c2c("p3")], "idle for over 7 days: out of the cloud list")
    }
}
