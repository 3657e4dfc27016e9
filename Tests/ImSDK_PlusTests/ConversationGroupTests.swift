import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// Conversation groups (folders) through the V2 API: the six calls, `conversationGroupList`, the
/// group events after the `onConversationChanged` of the conversations whose groups changed, and
/// groups that roam (other devices, a device that was away, a new device) and persist.
final class ConversationGroupTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var phone: V2TestSession!
    private var tablet: V2TestSession!
    private let phoneEvents = V2GroupEventRecorder()
    private let tabletEvents = V2GroupEventRecorder()

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "conversation-groups")
    }

    override func tearDown() {
        tablet?.tearDown()
        phone?.tearDown()
        tablet = nil
        phone = nil
        directory?.remove()
        super.tearDown()
    }

    /// The phone, with conversations with a, b and c (and the server), its group events recorded.
    private func startPhone(storage: V2TIMStorage = .memory) async throws {
        phone = try await V2TestSession(peers: ["a", "b", "c", "d"], storage: storage)
        for peer in ["a", "b", "c"] { try phone.server.sendText("hi", from: peer, toUser: "me") }
        await phone.settle()
        phone.manager.addConversationListener(listener: phoneEvents)
    }

    /// A tablet of the same user on the same server.
    private func startTablet(storage: V2TIMStorage = .memory) async throws {
        tablet = try await V2TestSession(server: phone.server, instance: V2TIMManager.makeInstance(), storage: storage)
        tablet.manager.addConversationListener(listener: tabletEvents)
        await tablet.settle()
    }

    private func settleAll() async {
        await phone?.settle()
        await tablet?.settle()
        await phone?.settle()
    }

    /// `id(group,group) ...` of every conversation in the list, by ID.
    private func memberships(_ session: V2TestSession) async throws -> [String] {
        try await session.walk().list.map { "\($0.conversationID ?? "")(\(($0.conversationGroupList ?? []).joined(separator: ",")))" }
            .sorted()
    }

    private func codes(_ results: [V2TIMConversationOperationResult]) -> [Int] { results.map(\.resultCode) }

    func test_everyCall_changesTheGroups_andAnnouncesThem_afterTheConversationsWhoseGroupsChanged() async throws {
        try await startPhone()
        let manager = phone.manager
        let created = try await manager.createConversationGroup(
            groupName: "work", conversationIDList: ["c2c_b", "c2c_a", "c2c_ghost"])
        XCTAssertEqual(codes(created), [0, 0, 6004], "a conversation this device does not have is not added")
        XCTAssertEqual(created.map(\.conversationID), ["c2c_b", "c2c_a", "c2c_ghost"])
        _ = try await manager.createConversationGroup(groupName: "home", conversationIDList: ["c2c_a"])
        try await manager.renameConversationGroup(oldName: "work", newName: "job")
        let added = try await manager.addConversationsToGroup(groupName: "job", conversationIDList: ["c2c_c"])
        XCTAssertEqual(codes(added), [0])
        let removed = try await manager.deleteConversationsFromGroup(groupName: "job", conversationIDList: ["c2c_a"])
        XCTAssertEqual(codes(removed), [0])
        let names = try await manager.getConversationGroupList()
        XCTAssertEqual(names, ["job", "home"], "in creation order; a rename keeps the place")
        let listed = try await memberships(phone)
        XCTAssertEqual(listed, ["c2c_a(home)", "c2c_b(job)", "c2c_c(job)"])
        try await manager.deleteConversationGroup(groupName: "home")
        await phone.settle()
        XCTAssertEqual(phoneEvents.lines, [
            "changed c2c_a(work) c2c_b(work)", "created work [c2c_b, c2c_a]",
            "changed c2c_a(work,home)", "created home [c2c_a]",
            "changed c2c_a(job,home) c2c_b(job)", "renamed work job",
            "changed c2c_c(job)", "added job [c2c_c]",
            "changed c2c_a(home)", "removed job [c2c_a] reason 0",
            "changed c2c_a()", "deleted home",
        ], "each once, though both the push and the answer carry the change")
        let a = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(a.conversationGroupList, [])
        let b = try await manager.getConversation(conversationID: "c2c_b")
        XCTAssertEqual(b.conversationGroupList, ["job"])
        phone.checkInvariants()
    }

    func test_groups_roamToTheUsersOtherDevices_online_afterBeingAway_andOnANewDevice() async throws {
        try await startPhone()
        try await startTablet(storage: .disk(directory: directory.path))
        _ = try await phone.manager.createConversationGroup(groupName: "work", conversationIDList: ["c2c_a", "c2c_b"])
        await settleAll()
        XCTAssertEqual(tabletEvents.lines, ["changed c2c_a(work) c2c_b(work)", "created work [c2c_a, c2c_b]"])
        let tabletNames = try await tablet.manager.getConversationGroupList()
        XCTAssertEqual(tabletNames, ["work"])

        // Away: the tablet logs out while the phone renames, adds, creates and deletes.
        try await tablet.manager.logout()
        tabletEvents.clear()
        try await phone.manager.renameConversationGroup(oldName: "work", newName: "job")
        _ = try await phone.manager.addConversationsToGroup(groupName: "job", conversationIDList: ["c2c_c"])
        _ = try await phone.manager.createConversationGroup(groupName: "gone", conversationIDList: ["c2c_a"])
        try await phone.manager.deleteConversationGroup(groupName: "gone")
        _ = try await phone.manager.createConversationGroup(groupName: "home", conversationIDList: ["c2c_a"])
        try await tablet.manager.login(userID: "me", userSig: "sig")
        await settleAll()
        XCTAssertEqual(tabletEvents.groupEvents, ["renamed work job", "added job [c2c_c]", "created home [c2c_a]"],
                       "the incremental sync brings what changed, as the change from the groups it had")
        let phoneView = try await memberships(phone)
        let tabletView = try await memberships(tablet)
        XCTAssertEqual(tabletView, phoneView)
        XCTAssertEqual(phoneView, ["c2c_a(job,home)", "c2c_b(job)", "c2c_c(job)"])

        // A new device (nothing stored) gets every group with its first sync.
        let fresh = try await V2TestSession(server: phone.server, instance: V2TIMManager.makeInstance())
        defer { fresh.tearDown() }
        await fresh.settle()
        let freshNames = try await fresh.manager.getConversationGroupList()
        XCTAssertEqual(freshNames, ["job", "home"])
        let freshView = try await memberships(fresh)
        XCTAssertEqual(freshView, phoneView)
        let cloud = try CloudSummary.server(phone.server, userID: "me")
        let device = try await CloudSummary.device(fresh)
        XCTAssertEqual(device, cloud)
        let deviceGroups = try await CloudSummary.deviceGroups(fresh)
        XCTAssertEqual(deviceGroups, try CloudSummary.serverGroups(phone.server, userID: "me"))
    }

    func test_groups_persist_andAColdStoreShowsThemBeforeItsSync() async throws {
        try await startPhone(storage: .disk(directory: directory.path))
        _ = try await phone.manager.createConversationGroup(groupName: "work", conversationIDList: ["c2c_a"])
        try await phone.manager.logout()
        phone.tearDown()
        // The server cannot be reached for a sync: what shows comes from the database.
        let offline = FailingSyncTransport(wrapping: phone.server, failures: 1_000)
        phone = try await V2TestSession(server: phone.server, transport: offline, storage: .disk(directory: directory.path))
        let names = try await phone.manager.getConversationGroupList()
        XCTAssertEqual(names, ["work"])
        let page = try await phone.manager.getConversationList(nextSeq: 0, count: 10)
        XCTAssertEqual(page.conversationList.map { "\($0.conversationID ?? "")(\(($0.conversationGroupList ?? []).joined()))" }.sorted(),
                       ["c2c_a(work)", "c2c_b()", "c2c_c()"], "the rows read back from the database carry their groups")
    }

    func test_aDeletedConversation_staysInItsGroups_andComesBackInThem() async throws {
        try await startPhone()
        _ = try await phone.manager.createConversationGroup(groupName: "work", conversationIDList: ["c2c_a", "c2c_b"])
        try await phone.manager.deleteConversation(conversation: "c2c_a")
        try phone.server.sendText("again", from: "a", toUser: "me")
        await phone.settle()
        let a = try await phone.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(a.conversationGroupList, ["work"], "the server keeps groups apart from the conversation list")
        XCTAssertEqual(phoneEvents.lines.last, "new c2c_a(work)")
        // One that is not here may still be removed from a group.
        try await phone.manager.deleteConversation(conversation: "c2c_b")
        let removed = try await phone.manager.deleteConversationsFromGroup(groupName: "work", conversationIDList: ["c2c_b"])
        XCTAssertEqual(codes(removed), [0])
        XCTAssertEqual(try phone.server.conversationGroups(of: "me").first?.conversations, [.c2c("a")])
    }

    func test_anAnswerApplies_aChangeWhosePushWasLost_once() async throws {
        phone = try await V2TestSession(peers: ["a"])
        let server = phone.server
        phone.tearDown()
        try server.sendText("hi", from: "a", toUser: "me")
        let lossy = PushLossTransport(wrapping: server)
        phone = try await V2TestSession(server: server, transport: lossy)
        phone.manager.addConversationListener(listener: phoneEvents)
        await phone.settle()
        lossy.loseNextPushes(1)
        _ = try await phone.manager.createConversationGroup(groupName: "work", conversationIDList: ["c2c_a"])
        XCTAssertEqual(lossy.lost, 1)
        let names = try await phone.manager.getConversationGroupList()
        XCTAssertEqual(names, ["work"], "succ comes after the group is applied here")
        // The next push reveals the gap; the sync that follows brings the group again: no new event.
        try server.sendText("more", from: "a", toUser: "me")
        let serverVersion = try server.version(of: "me")
        for _ in 0..<2_000 where phone.manager.currentClient?.read({ $0.syncVersion }) != serverVersion {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        await phone.settle()
        XCTAssertEqual(phone.manager.currentClient?.read { $0.syncVersion }, serverVersion, "the sync caught up")
        XCTAssertEqual(phoneEvents.groupEvents, ["created work [c2c_a]"])
    }

    func test_limits_20Groups_namesOf32Bytes_comparedAsBytes() async throws {
        try await startPhone()
        let manager = phone.manager
        for index in 0..<19 { _ = try await manager.createConversationGroup(groupName: "g\(index)", conversationIDList: ["c2c_a"]) }
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        _ = try await manager.createConversationGroup(groupName: String(repeating: "n", count: 32), conversationIDList: ["c2c_b"])
        do {
            _ = try await manager.createConversationGroup(groupName: nfc, conversationIDList: ["c2c_b"])
            XCTFail("a 21st group")
        } catch let error as V2TIMError {
            XCTAssertEqual(error.code, 51010)
            XCTAssertEqual(error.code, ERR_SVR_CONV_CONV_GROUP_TOTAL_COUNT_EXCEED_LIMIT.rawValue)
        }
        try await manager.deleteConversationGroup(groupName: "g0")
        _ = try await manager.createConversationGroup(groupName: nfc, conversationIDList: ["c2c_b"])
        try await manager.deleteConversationGroup(groupName: "g1")
        _ = try await manager.createConversationGroup(groupName: nfd, conversationIDList: ["c2c_c"])
        let b = try await manager.getConversation(conversationID: "c2c_b")
        XCTAssertEqual(b.conversationGroupList, [String(repeating: "n", count: 32), nfc])
        let c = try await manager.getConversation(conversationID: "c2c_c")
        XCTAssertEqual(c.conversationGroupList?.map { Array($0.utf8) }, [Array(nfd.utf8)], "the NFD name is another group")
    }
}
