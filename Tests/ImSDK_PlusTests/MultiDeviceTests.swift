import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
import ImSDK
@testable import ImSDK_Plus

/// Two devices of one user in one process (`V2TIMManager.makeInstance()`), on one server.
class MultiDeviceTests: XCTestCase {
    private var phone: V2TestSession!
    private var tablet: V2TestSession!

    override func tearDown() {
        phone?.tearDown()
        tablet?.tearDown()
        phone = nil
        tablet = nil
        super.tearDown()
    }

    private func twoDevices(peers: [String] = ["a", "b", "c"]) async throws {
        phone = try await V2TestSession(peers: peers)
        tablet = try await V2TestSession(server: phone.server, instance: V2TIMManager.makeInstance())
    }

    private func settleBoth() async {
        await phone.settle()
        await tablet.settle()
        await phone.settle()
    }

    /// What a device shows: per conversation, its unread count, pin and receive option, in order.
    private func state(_ session: V2TestSession) async throws -> [String] {
        try await session.walk().list.map {
            "\($0.conversationID ?? "") unread \($0.unreadCount) pinned \($0.isPinned) recv \($0.recvOpt.rawValue) last \($0.lastMessage?.seq ?? 0)"
        }
    }

    func test_deviceLoggingInLater_listsConversationsActiveInTheSameSecond_inTheOrderTheirMessagesCame() async throws {
        let peers = (0..<8).map { "p\($0)" }
        phone = try await V2TestSession(peers: peers)
        for peer in peers.shuffled() { try phone.server.sendText("hi", from: peer, toUser: "me") }
        await phone.settle()
        let phoneOrder = try await phone.walk().list.map(\.conversationID)
        tablet = try await V2TestSession(server: phone.server, instance: V2TIMManager.makeInstance())
        await tablet.settle()
        let tabletOrder = try await tablet.walk().list.map(\.conversationID)
        XCTAssertEqual(tabletOrder, phoneOrder, "the login sync keeps the order the messages arrived in")
    }

    func test_readsPinsReceiveOptionsAndDeletes_onOneDevice_reachTheOther() async throws {
        try await twoDevices()
        phone.server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        for peer in ["a", "b", "c"] {
            for _ in 0..<2 { try phone.server.sendText("hi", from: peer, toUser: "me") }
        }
        await settleBoth()
        let tabletTotal = try await tablet.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(tabletTotal, 6)
        tablet.recorder.clear()

        try await call { self.phone.manager.markC2CMessage(asRead: "a", succ: $0, fail: $1) }
        try await phone.manager.pinConversation(conversationID: "c2c_b", isPinned: true)
        try await phone.manager.setC2CReceiveMessageOpt(userIDList: ["c"], opt: .RECEIVE_NOT_NOTIFY_MESSAGE)
        await settleBoth()
        let phoneState = try await state(phone)
        let tabletState = try await state(tablet)
        XCTAssertEqual(tabletState, phoneState)
        XCTAssertTrue(tablet.recorder.events.contains(.changed(["c2c_a"])), "the read arrives as a change")
        XCTAssertEqual(tablet.recorder.totals.last, 2, "and as a new total (b only; c is muted)")

        try await tablet.manager.deleteConversation(conversation: "c2c_c")
        await settleBoth()
        let afterDelete = try await phone.listIDs()
        XCTAssertEqual(afterDelete, ["c2c_b", "c2c_a"], "deleted on every device")
        try phone.server.sendText("back", from: "c", toUser: "me")
        await settleBoth()
        let revivedPhone = try await state(phone)
        let revivedTablet = try await state(tablet)
        XCTAssertEqual(revivedPhone, revivedTablet)
        XCTAssertTrue(revivedPhone.contains { $0.hasPrefix("c2c_c unread 1") }, "a new message revives it")
    }

    func test_aDeviceThatWasLoggedOut_catchesUpIncrementally() async throws {
        let directory = try TemporaryDirectory(prefix: "tablet")
        defer { directory.remove() }
        phone = try await V2TestSession(peers: ["a", "b", "c"])
        phone.server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        // The tablet keeps its store on disk, so its next login asks only for what changed.
        tablet = try await V2TestSession(server: phone.server, instance: V2TIMManager.makeInstance(),
                                         storage: .disk(directory: directory.path))
        try phone.server.sendText("1", from: "a", toUser: "me")
        try phone.server.sendText("1", from: "b", toUser: "me")
        await settleBoth()
        let versionBefore = try XCTUnwrap(tablet.manager.currentClient).read { $0.syncVersion }
        try await tablet.manager.logout()
        try phone.server.sendText("2", from: "b", toUser: "me")
        try await phone.manager.pinConversation(conversationID: "c2c_a", isPinned: true)
        try await phone.manager.deleteConversation(conversation: "c2c_b")
        await phone.settle()
        try await tablet.manager.login(userID: "me", userSig: "sig")
        await settleBoth()
        let phoneState = try await state(phone)
        let tabletState = try await state(tablet)
        XCTAssertEqual(tabletState, phoneState, "the deletion made while the tablet was away reached it")
        XCTAssertEqual(phoneState.count, 1)
        XCTAssertGreaterThan(try XCTUnwrap(tablet.manager.currentClient).read { $0.syncVersion }, versionBefore)
    }

    func test_pushesKeepOneVersionSequence_soADuplicateOrOldPushChangesNothing() async throws {
        try await twoDevices()
        for text in ["1", "2", "3"] { try phone.server.sendText(text, from: "a", toUser: "me") }
        await settleBoth()
        let client = try XCTUnwrap(phone.manager.currentClient)
        let version = client.read { $0.syncVersion }
        XCTAssertEqual(version, 4, "one version per push, after the account's 1")
        let before = try await state(phone)
        // Replay an old push and the latest one again: both are ignored.
        client.receive(.pinned(.c2c("a"), true), version: version)
        client.receive(.conversationDeleted(.c2c("a"), clearingMessages: true), version: version - 1)
        await phone.settle()
        let after = try await state(phone)
        XCTAssertEqual(after, before)
        XCTAssertEqual(client.read { $0.syncVersion }, version)
    }

    func test_aGapInTheVersions_triggersACatchUpSync() async throws {
        try await twoDevices()
        try phone.server.sendText("1", from: "a", toUser: "me")
        await settleBoth()
        let client = try XCTUnwrap(phone.manager.currentClient)
        phone.recorder.clear()
        // A push from the future: something in between was lost. It is not applied; a sync is.
        client.receive(.pinned(.c2c("a"), true), version: client.read { $0.syncVersion } + 5)
        for _ in 0..<200 where !phone.recorder.events.contains(.syncFinished) {
            try await Task.sleep(nanoseconds: 2_000_000)
        }
        XCTAssertEqual(Array(phone.recorder.events.filter { $0 == .syncStarted || $0 == .syncFinished }.prefix(2)),
                       [.syncStarted, .syncFinished])
        let a = try await phone.manager.getConversation(conversationID: "c2c_a")
        XCTAssertFalse(a.isPinned, "the unverified push was not applied; the server says unpinned")
    }

    func test_markingEveryConversationRead_rightAfterAnotherDeviceDeletedOne_succeedsAndReadsTheOthers() async throws {
        // The phone hears no pushes: another device's deletion has not reached it when it reads.
        let server = IMReferenceServer(loginPolicy: .unlimited)
        server.syncsConversationDeletion = true  // deletions reach every device here (the vendor's switch on)
        for user in ["me", "a", "b", "c", "d"] { try server.registerUser(user) }
        for group in ["g", "h"] { try server.createGroup(group, members: ["me", "a"]) }
        let deaf = FaultInjectingTransport(wrapping: TestNetwork.transport(to: server), faults: IMFaults(drop: 1))
        phone = try await V2TestSession(server: server, transport: deaf)
        let other = try await RawDevice(userID: "me", transport: server)
        defer { other.close() }
        let manager = phone.manager
        func sendEverywhere() throws {
            for peer in ["a", "b", "c", "d"] { try server.sendText("hi", from: peer, toUser: "me") }
            for group in ["g", "h"] { try server.sendText("hi", from: "a", toGroup: group) }
        }
        try sendEverywhere()
        try await phone.manager.logout()
        try await phone.manager.login(userID: "me", userSig: "sig")  // the login sync brings the messages
        let unread = try await unreadCounts(phone)
        XCTAssertEqual(unread, ["c2c_a": 1, "c2c_b": 1, "c2c_c": 1, "c2c_d": 1, "group_g": 1, "group_h": 1])

        try await other.send(.deleteConversation(.c2c("b"), clearingMessages: false))
        try await call { manager.markC2CMessage(asRead: nil, succ: $0, fail: $1) }
        try await other.send(.deleteConversation(.group("h"), clearingMessages: false))
        try await call { manager.markGroupMessage(asRead: nil, succ: $0, fail: $1) }
        let afterKinds = try await unreadCounts(phone)
        XCTAssertEqual(afterKinds.filter { $0.key != "c2c_b" && $0.key != "group_h" }.values.max(), 0, "\(afterKinds)")

        try sendEverywhere()
        try await phone.manager.logout()
        try await phone.manager.login(userID: "me", userSig: "sig")
        try await other.send(.deleteConversation(.c2c("c"), clearingMessages: false))
        try await call { manager.markAllMessage(asRead: $0, fail: $1) }
        try await other.send(.deleteConversation(.c2c("d"), clearingMessages: false))
        try await call { manager.cleanConversationUnreadMessageCount(conversationID: "", cleanTimestamp: 0, cleanSequence: 0, succ: $0, fail: $1) }
        let afterAll = try await unreadCounts(phone)
        XCTAssertEqual(afterAll.filter { $0.key != "c2c_c" && $0.key != "c2c_d" },
                       ["c2c_a": 0, "c2c_b": 0, "group_g": 0, "group_h": 0])
        guard case .changes(let cloud) = try await other.send(.syncChanges(since: 0)) else { return XCTFail("no changes") }
        XCTAssertEqual(cloud.conversations.map(\.id).sorted(), [.c2c("a"), .c2c("b"), .group("g"), .group("h")])
        XCTAssertEqual(cloud.conversations.map(\.unreadMessages.count), [0, 0, 0, 0], "read on the server too")

        // A conversation the caller names keeps its error.
        try await other.send(.deleteConversation(.c2c("a"), clearingMessages: false))
        let named = await failureCode { manager.markC2CMessage(asRead: "a", succ: $0, fail: $1) }
        XCTAssertEqual(named, 6004)
        let cleaned = await failureCode {
            manager.cleanConversationUnreadMessageCount(conversationID: "c2c_a", cleanTimestamp: 0, cleanSequence: 0,
                                                        succ: $0, fail: $1)
        }
        XCTAssertEqual(cleaned, 6004)
        let legacy = try XCTUnwrap(TIMManager.sharedInstance().getConversation(.C2C, receiver: "a"))
        let legacyCode = await failureCode { legacy.setReadMessage(nil, succ: $0, fail: $1) }
        XCTAssertEqual(legacyCode, 6004, "so does the legacy read, which always names its conversation")
    }

    /// Each listed conversation's unread count, by conversation ID.
    private func unreadCounts(_ session: V2TestSession) async throws -> [String: Int32] {
        Dictionary(uniqueKeysWithValues: try await session.walk().list.map { ($0.conversationID, $0.unreadCount) })
    }
}

final class SyncRetryTests: XCTestCase {
    func test_failedSyncs_areAnnouncedInOrder_andRetriedWithBackoffUntilOneSucceeds() async throws {
        let server = IMReferenceServer()
        for user in ["me", "a"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        try server.sendText("waiting", from: "a", toUser: "me")
        let session = try await V2TestSession(server: server, transport: FailingSyncTransport(wrapping: TestNetwork.transport(to: server), failures: 2))
        defer { session.tearDown() }
        for _ in 0..<400 where !session.recorder.events.contains(.syncFinished) {
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        let syncEvents = session.recorder.events.filter { [.syncStarted, .syncFinished, .syncFailed].contains($0) }
        XCTAssertEqual(syncEvents, [.syncStarted, .syncFailed, .syncStarted, .syncFailed, .syncStarted, .syncFinished])
        let list = try await session.listIDs()
        XCTAssertEqual(list, ["c2c_a"], "the retried sync brought the conversation")
    }
}

/// Opt-in draft sync: the newest draft reaches every device that syncs drafts.
final class DraftSyncTests: XCTestCase {
    private var sessions: [V2TestSession] = []

    override func tearDown() {
        sessions.forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    private func device(_ server: IMReferenceServer, syncsDrafts: Bool, shared: Bool = false) async throws -> V2TestSession {
        let session = try await V2TestSession(server: server, instance: shared ? nil : V2TIMManager.makeInstance(),
                                              syncsDrafts: syncsDrafts)
        sessions.append(session)
        return session
    }

    private func draft(_ session: V2TestSession, _ id: String) async throws -> String? {
        await session.settle()
        return try await session.manager.getConversation(conversationID: id).draftText
    }

    func test_draftsSyncOnlyBetweenDevicesThatOptIn_newestWins_clearsToo() async throws {
        // Three SDK devices on this system's platform: the server must let them all stay online.
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a"] { try server.registerUser(user, nickname: nil, faceURL: nil) }
        try server.sendText("hi", from: "a", toUser: "me")
        let phone = try await device(server, syncsDrafts: true, shared: true)
        let tablet = try await device(server, syncsDrafts: true)
        let laptop = try await device(server, syncsDrafts: false)

        try await phone.manager.setConversationDraft(conversationID: "c2c_a", draftText: "from the phone")
        await phone.settle()
        let onTablet = try await draft(tablet, "c2c_a")
        let onLaptop = try await draft(laptop, "c2c_a")
        XCTAssertEqual(onTablet, "from the phone")
        XCTAssertNil(onLaptop, "a device that does not opt in keeps drafts local, as the vendor SDK does")

        try await tablet.manager.setConversationDraft(conversationID: "c2c_a", draftText: nil)
        await tablet.settle()
        let cleared = try await draft(phone, "c2c_a")
        XCTAssertNil(cleared, "a clear is a change too")

        // An older change loses: the server keeps the newest and answers with it.
        let raw = try await RawDevice(userID: "me", transport: server)
        defer { raw.close() }
        let answer = try await raw.send(.setDraft(.c2c("a"), DraftChange(text: "stale", timestamp: 1)))
        guard case .draft(let kept) = answer else { return XCTFail("\(answer)") }
        XCTAssertNil(kept.text, "the newer clear wins over an older draft")
        let afterStale = try await draft(phone, "c2c_a")
        XCTAssertNil(afterStale)

        // A device logging in later gets the synced draft with its first sync.
        try await phone.manager.setConversationDraft(conversationID: "c2c_a", draftText: "again")
        await phone.settle()
        let late = try await V2TestSession(server: server, instance: V2TIMManager.makeInstance(), syncsDrafts: true)
        sessions.append(late)
        let onLate = try await draft(late, "c2c_a")
        XCTAssertEqual(onLate, "again")
    }
}
