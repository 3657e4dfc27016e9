import IMCore
import IMTransportKit
import IMReferenceServer
import XCTest

/// The server tells user and group IDs apart by their bytes, as the SDK's database does: two
/// spellings that Swift strings call equal (NFC and NFD) are two accounts, two groups, two logs.
final class IDSpellingTests: ServerTestCase {
    private let composed = "caf\u{E9}", decomposed = "cafe\u{301}"

    func test_aLoginAsTheNFDSpellingOfAnNFCUser_failsWithUnknownUser() throws {
        try server.registerUser(composed)
        guard case .failure(let error) = connectResult(decomposed) else { return XCTFail("logged into the NFC account") }
        XCTAssertEqual(error.code, .unknownUser)
        XCTAssertNoThrow(try connect(composed))
    }

    func test_canonicallyEquivalentUserIDs_areTwoAccounts_withTheirOwnConversationsLogsAndRemarks() throws {
        try server.registerUser(composed, nickname: "Composed")
        try server.registerUser(decomposed, nickname: "Decomposed")
        XCTAssertEqual(try server.sendText("to composed", from: "alice", toUser: composed), 1)
        XCTAssertEqual(try server.sendText("to decomposed", from: "alice", toUser: decomposed), 1, "a log of its own")
        XCTAssertEqual(try server.sendText("between them", from: composed, toUser: decomposed), 1)

        let decomposedDevice = try connect(decomposed)
        guard case .changes(let changes) = try answer(.syncChanges(since: 0), on: decomposedDevice) else {
            return XCTFail("no changes")
        }
        let byPeer = Dictionary(uniqueKeysWithValues: changes.conversations.map { ($0.id, $0) })
        XCTAssertEqual(Set(byPeer.keys), [.c2c("alice"), .c2c(composed)])
        XCTAssertEqual(byPeer[.c2c("alice")]?.lastMessage?.content.text, "to decomposed")
        XCTAssertEqual(byPeer[.c2c(composed)]?.unreadMessages.map(\.content.text), ["between them"],
                       "delivered to the other spelling, and unread there")
        XCTAssertEqual(byPeer[.c2c(composed)]?.profile.name, "Composed")

        try server.setFriendRemark(owner: "alice", friend: composed, remark: "the composed one")
        let alice = try connect("alice")
        guard case .profiles(let profiles) = try answer(.profiles([.c2c(composed), .c2c(decomposed)]), on: alice) else {
            return XCTFail("no profiles")
        }
        XCTAssertEqual(profiles[.c2c(composed)]?.remark, "the composed one")
        XCTAssertNil(profiles[.c2c(decomposed)]?.remark)
    }

    func test_canonicallyEquivalentGroupAndMemberIDs_areDistinct() throws {
        try server.registerUser(composed)
        try server.registerUser(decomposed)
        try server.createGroup("g-" + composed, name: "G", members: ["alice", composed, decomposed])
        XCTAssertThrowsError(try server.sendText("x", from: "alice", toGroup: "g-" + decomposed)) { error in
            XCTAssertEqual((error as? IMError)?.code, .unknownGroup)
        }
        try server.sendText("hello", from: composed, toGroup: "g-" + composed, atUserIDs: [decomposed])
        let composedDevice = try connect(composed), decomposedDevice = try connect(decomposed)
        guard case .changes(let mine) = try answer(.syncChanges(since: 0), on: composedDevice),
              case .changes(let theirs) = try answer(.syncChanges(since: 0), on: decomposedDevice)
        else { return XCTFail("no changes") }
        XCTAssertEqual(mine.conversations.first?.unreadMessages.count, 0, "my own message")
        XCTAssertEqual(theirs.conversations.first?.unreadMessages.map(\.content.text), ["hello"],
                       "the other spelling is another member, who gets it")
    }
}
