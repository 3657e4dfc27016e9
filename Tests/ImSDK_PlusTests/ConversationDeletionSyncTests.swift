import XCTest
import IMReferenceServer
import IMTestSupport
import ImSDK
@testable import ImSDK_Plus

/// The vendor ships "conversation deletion is synced across devices" off: a deletion deletes on the
/// deleting device and in the cloud list, and the user's other devices keep the conversation.
final class ConversationDeletionSyncTests: XCTestCase {
    private var phone: V2TestSession!
    private var tablet: V2TestSession!

    override func tearDown() {
        tablet?.tearDown()
        phone?.tearDown()
        tablet = nil
        phone = nil
        super.tearDown()
    }

    private func ids(_ session: V2TestSession) async throws -> [String] {
        try await session.walk().list.map { $0.conversationID ?? "" }
    }

    func test_aDeletion_staysOnTheDeletingDevice_andInTheCloudList_otherDevicesKeepTheConversation() async throws {
        phone = try await V2TestSession(peers: ["a", "b"])
        XCTAssertFalse(phone.server.syncsConversationDeletion, "off unless the server is configured")
        tablet = try await V2TestSession(server: phone.server, instance: V2TIMManager.makeInstance())
        try phone.server.sendText("a0", from: "a", toUser: "me")
        try phone.server.sendText("b0", from: "b", toUser: "me")
        await phone.settle()
        await tablet.settle()

        try await phone.manager.deleteConversation(conversation: "c2c_a")
        await phone.settle()
        await tablet.settle()
        let onPhone = try await ids(phone)
        let onTablet = try await ids(tablet)
        XCTAssertEqual(onPhone, ["c2c_b"])
        XCTAssertEqual(Set(onTablet), ["c2c_a", "c2c_b"], "the other device keeps it")
        XCTAssertFalse(tablet.recorder.events.contains { if case .deleted = $0 { true } else { false } })

        // The tablet can still read it; a device starting from nothing does not get it.
        try await tablet.manager.cleanConversationUnreadMessageCount(conversationID: "c2c_a", cleanTimestamp: 0, cleanSequence: 0)
        let read = try await tablet.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(read.unreadCount, 0)
        let fresh = try await V2TestSession(server: phone.server, instance: V2TIMManager.makeInstance())
        defer { fresh.tearDown() }
        let onFresh = try await ids(fresh)
        XCTAssertEqual(onFresh, ["c2c_b"], "the cloud list no longer has it")

        // A new message brings it back on the deleting device, counting from the deletion.
        try phone.server.sendText("a1", from: "a", toUser: "me")
        await phone.settle()
        let back = try await phone.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(back.unreadCount, 1)
        XCTAssertEqual(back.lastMessage?.textElem?.text, "a1")
    }

    func test_theLegacyDeletion_staysOnTheDeletingDevice_too() async throws {
        let legacy = try await LegacyTestSession(peers: ["a"])
        defer { legacy.tearDown() }
        tablet = try await V2TestSession(server: legacy.server, instance: V2TIMManager.makeInstance())
        try legacy.server.sendText("a0", from: "a", toUser: "me")
        await legacy.settle()
        await tablet.settle()
        XCTAssertTrue(legacy.manager.deleteConversation(.C2C, receiver: "a"))
        await legacy.settle()
        await tablet.settle()
        XCTAssertEqual(legacy.receivers(), [])
        let onTablet = try await ids(tablet)
        XCTAssertEqual(onTablet, ["c2c_a"])
    }
}
