import IMCore
import IMTransportKit
import IMReferenceServer
import XCTest

final class AdminAPITests: ServerTestCase {
    func test_sendText_toUser_sequencesIncreasePerUserPair() throws {
        XCTAssertEqual(try server.sendText("1", from: "alice", toUser: "bob"), 1)
        XCTAssertEqual(try server.sendText("2", from: "alice", toUser: "bob"), 2)
        XCTAssertEqual(try server.sendText("3", from: "bob", toUser: "alice"), 3, "both directions share the pair")
        XCTAssertEqual(try server.sendText("1", from: "alice", toUser: "carol"), 1, "another pair starts at 1")
        XCTAssertEqual(try server.sendText("1", from: "bob", toUser: "carol"), 1)
        XCTAssertEqual(try server.sendText("4", from: "bob", toUser: "alice"), 4)
    }

    func test_sendText_toGroup_sequencesIncreasePerGroupFromOne() throws {
        try server.createGroup("g1", members: ["alice", "bob"])
        try server.createGroup("g2", members: ["alice", "carol"])
        try server.sendText("c2c", from: "alice", toUser: "bob")
        for expected: UInt64 in 1...5 {
            XCTAssertEqual(try server.sendText("m", from: "alice", toGroup: "g1"), expected)
        }
        XCTAssertEqual(try server.sendText("m", from: "carol", toGroup: "g2"), 1)
        XCTAssertEqual(try server.sendText("m", from: "bob", toGroup: "g1"), 6)
    }

    func test_send_returnsStoredMessage_withServerTimeSentStatusAndGeneratedID() throws {
        let message = try server.send(
            OutgoingMessage(id: "", random: 7, receiver: .user("bob"), content: .text("hi")), from: "alice")
        XCTAssertEqual(message.seq, 1)
        XCTAssertEqual(message.timestamp, Self.now)
        XCTAssertEqual(message.status, .sent)
        XCTAssertEqual(message.sender, "alice")
        XCTAssertEqual(message.random, 7)
        XCTAssertFalse(message.id.isEmpty)
        let second = try server.send(OutgoingMessage(id: "", receiver: .user("bob"), content: .text("x")), from: "alice")
        XCTAssertNotEqual(second.id, message.id, "generated IDs are unique")
        let named = try server.send(OutgoingMessage(id: "client-1", receiver: .user("bob"), content: .text("x")), from: "alice")
        XCTAssertEqual(named.id, "client-1", "a given ID is kept")
    }

    func test_clock_isReadOncePerStoredMessage_andGivesItsTimestamp() throws {
        let ticks = ResultBox<UInt64>()
        let server = IMReferenceServer(clock: {
            var now: UInt64 = 0
            ticks.modify { $0 = ($0 ?? 100) + 1; now = $0! }
            return now
        })
        try server.registerUser("alice")
        try server.registerUser("bob")
        XCTAssertEqual(try server.send(OutgoingMessage(id: "1", receiver: .user("bob"), content: .text("x")), from: "alice").timestamp, 101)
        assertThrows(.unknownUser) { () throws(IMError) in try server.sendText("x", from: "alice", toUser: "nobody") }
        XCTAssertEqual(try server.send(OutgoingMessage(id: "2", receiver: .user("bob"), content: .text("x")), from: "alice").timestamp, 102)
        XCTAssertEqual(ticks.value, 102, "a failed send does not read the clock")
    }

    func test_adminCalls_withEmptyIDs_throwInvalidParameters() {
        assertThrows(.invalidParameters) { () throws(IMError) in try server.registerUser("") }
        assertThrows(.invalidParameters) { () throws(IMError) in try server.createGroup("", members: ["alice"]) }
        assertThrows(.invalidParameters) { () throws(IMError) in try server.createGroup("g", members: [""]) }
        assertThrows(.invalidParameters) { () throws(IMError) in try server.setFriendRemark(owner: "", friend: "bob", remark: "B") }
        assertThrows(.invalidParameters) { () throws(IMError) in try server.sendText("x", from: "", toUser: "bob") }
        assertThrows(.invalidParameters) { () throws(IMError) in try server.sendText("x", from: "alice", toUser: "") }
        assertThrows(.invalidParameters) { () throws(IMError) in try server.sendText("x", from: "alice", toGroup: "") }
    }

    func test_adminCalls_withUnknownUser_throwUnknownUser() {
        assertThrows(.unknownUser) { () throws(IMError) in try server.sendText("x", from: "nobody", toUser: "bob") }
        assertThrows(.unknownUser) { () throws(IMError) in try server.sendText("x", from: "alice", toUser: "nobody") }
        assertThrows(.unknownUser) { () throws(IMError) in try server.setFriendRemark(owner: "alice", friend: "nobody", remark: "N") }
        assertThrows(.unknownUser) { () throws(IMError) in try server.setFriendRemark(owner: "nobody", friend: "bob", remark: "B") }
        assertThrows(.unknownUser) { () throws(IMError) in try server.createGroup("g", members: ["alice", "nobody"]) }
        assertThrows(.unknownGroup) { () throws(IMError) in try server.sendText("x", from: "alice", toGroup: "g") }
    }

    func test_sendText_toUnknownGroup_throwsUnknownGroup() {
        assertThrows(.unknownGroup) { () throws(IMError) in try server.sendText("x", from: "alice", toGroup: "missing") }
    }

    func test_sendText_fromNonMember_throwsNotGroupMember_andUsesNoSequence() throws {
        try server.createGroup("g", members: ["alice", "bob"])
        assertThrows(.notGroupMember) { () throws(IMError) in try server.sendText("x", from: "carol", toGroup: "g") }
        XCTAssertEqual(try server.sendText("x", from: "alice", toGroup: "g"), 1)
    }

    func test_createGroup_again_replacesMembers() throws {
        try server.createGroup("g", members: ["alice", "bob"])
        try server.createGroup("g", members: ["alice", "carol"])
        assertThrows(.notGroupMember) { () throws(IMError) in try server.sendText("x", from: "bob", toGroup: "g") }
        XCTAssertEqual(try server.sendText("x", from: "carol", toGroup: "g"), 1)
    }

    func test_reset_dropsUsersGroupsAndSequences() throws {
        try server.createGroup("g", members: ["alice", "bob"])
        try server.sendText("x", from: "alice", toUser: "bob")
        server.reset()
        assertThrows(.unknownUser) { () throws(IMError) in try server.sendText("x", from: "alice", toUser: "bob") }
        assertThrows(.unknownUser) { () throws(IMError) in try server.createGroup("g", members: ["alice"]) }
        try server.registerUser("alice")
        try server.registerUser("bob")
        assertThrows(.unknownGroup) { () throws(IMError) in try server.sendText("x", from: "alice", toGroup: "g") }
        XCTAssertEqual(try server.sendText("x", from: "alice", toUser: "bob"), 1, "sequences start over")
        let bob = try connect("bob")
        let conversations = try sync(bob)
        XCTAssertEqual(conversations[.c2c("alice")]?.unreadMessages.map(\.seq), [1], "old messages are gone")
        XCTAssertEqual(conversations.count, 1)
    }
}
