import IMReferenceServer
import ImSDK_Plus
import IMTransportKit
import XCTest

/// Runs the samples of README.md (`ReadmeSnippets.swift`) and checks what they show.
final class ReadmeSnippetTests: SnippetTestCase {
    func test_seeding_showsAlicesConversations_newestFirst_withTheirUnreadCounts() async throws {
        var printed: [String] = []
        try await seedingTheEmbeddedServer { printed.append($0) }
        XCTAssertEqual(printed, [
            "Hiking club: 2 unread, \"Alice, bring the stove\"",
            "Bob: 1 unread, \"Are we still on for Saturday?\"",
        ])
        let alice = try await V2TIMManager.sharedInstance().getConversationList(nextSeq: 0, count: 50)
        let group = try XCTUnwrap(alice.conversationList.first { $0.groupID == "hiking" })
        XCTAssertEqual(group.groupAtInfolist.count, 1, "Bob's message @-mentions Alice")
    }
}

/// The README's "Filters and tab badges" sample.
final class ReadmeTabBadgeSnippetTests: SnippetTestCase {
    func test_tabBadges_showTheGroupsTab_theReadOnes_andTheGroupsBadge_thenHearItsChanges() async throws {
        try register(["alice", "bob", "carol"])
        try server.createGroup("hiking", name: "Hiking club", members: ["alice", "bob", "carol"])
        try server.sendText("Are we still on for Saturday?", from: "bob", toUser: "alice")
        try server.sendText("Trail map attached", from: "carol", toGroup: "hiking")
        try server.sendText("Lunch?", from: "carol", toUser: "alice")
        let manager: V2TIMManager = V2TIMManager.sharedInstance()
        let config = V2TIMSDKConfig()
        config.storage = .memory
        config.transport = server
        manager.initSDK(1_400_000_001, config: config)
        try await manager.login(userID: "alice", userSig: "sig")
        try await manager.markC2CMessage(asRead: "bob")
        let badges = BadgeRecorder()
        manager.addConversationListener(listener: badges)

        var printed: [String] = []
        try await tabBadges(manager: manager) { printed.append($0) }
        XCTAssertEqual(printed, ["Groups: [\"Hiking club\"]", "Read: [\"bob\"]", "Groups badge: 1"])
        try server.sendText("Bring water", from: "bob", toGroup: "hiking")
        try server.sendText("Or tea?", from: "carol", toUser: "alice")
        await settle()
        XCTAssertEqual(badges.counts, [2], "the group's message changes the badge, carol's C2C one does not")
        manager.removeConversationListener(listener: badges)
    }
}

/// The README's read receipts sample.
final class ReadmeReadReceiptSnippetTests: SnippetTestCase {
    func test_readReceipts_showBobAsTheOneReader_andCarolAsNotYet() async throws {
        try server.registerUser("alice", nickname: "Alice")
        try server.registerUser("bob", nickname: "Bob")
        try server.registerUser("carol", nickname: "Carol")
        try server.createGroup("hiking", name: "Hiking club", members: ["alice", "bob", "carol"])
        let alice: V2TIMManager = V2TIMManager.sharedInstance()
        let bob = V2TIMManager.makeInstance()
        for (manager, user) in [(alice, "alice"), (bob, "bob")] {
            let config = V2TIMSDKConfig()
            config.storage = .memory
            config.transport = server
            manager.initSDK(1_400_000_001, config: config)
            try await manager.login(userID: user, userSig: "sig")
        }
        defer { bob.unInitSDK() }

        var printed: [String] = []
        try await readReceipts(alice: alice, bob: bob) { printed.append($0) }
        XCTAssertEqual(printed, ["1 read, 1 not yet", "Read by [\"Bob\"]"])
    }
}

private final class BadgeRecorder: V2TIMConversationListener, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [UInt64] = []
    var counts: [UInt64] { lock.withLock { recorded } }

    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter, totalUnreadCount: UInt64) {
        lock.withLock { recorded.append(totalUnreadCount) }
    }
}

/// The README's "Signed logins" sample.
final class ReadmeSignedLoginSnippetTests: SnippetTestCase {
    func test_signedLogin_logsInWithTheUserSigItMade() async throws {
        var printed: [String] = []
        try await signedLogin(secretKey: "the app's secret key") { printed.append($0) }
        XCTAssertEqual(printed, ["logged in as alice"])
    }
}

/// The README's "Running the server" sample, against a private server on a loopback port.
final class ReadmeRunningServerSnippetTests: SnippetTestCase {
    func test_runningTheServer_seedsOverTheSocket_andTheAppSeesIt() async throws {
        let network = try IMNetworkServer(serving: server)
        defer { network.stop() }
        var printed: [String] = []
        try await runningTheServer(port: network.port) { printed.append($0) }
        XCTAssertEqual(printed, ["Bob: 1 unread"])
        XCTAssertEqual(try server.conversations(of: "alice").map(\.id), [.c2c("bob")], "the seeding reached the server")
        try await V2TIMManager.sharedInstance().logout()
    }
}
