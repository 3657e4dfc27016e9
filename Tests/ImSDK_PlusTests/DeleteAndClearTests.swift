import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// `deleteMessages(msgList:)` (here and in my cloud history, not on my other devices),
/// `deleteMessageFromLocalStorage(msg:)` (here only) and `clearC2CHistoryMessage` /
/// `clearGroupHistoryMessage` (everything, on every device of mine, the conversation kept): what the
/// conversation's last message, unread count and total show afterwards.
final class DeleteAndClearTests: XCTestCase {
    private var sessions: [V2TestSession] = []

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    private func phone(storage: V2TIMStorage = .memory) async throws -> V2TestSession {
        let session = try await V2TestSession(peers: ["a", "b"], storage: storage)
        try session.server.createGroup("g", name: "G", members: ["me", "a", "b"])
        sessions.append(session)
        return session
    }

    private func device(
        _ userID: String = "me", on server: IMReferenceServer, transport: (any IMTransport)? = nil,
        heartbeat: Double? = nil
    ) async throws -> V2TestSession {
        let session = try await V2TestSession(
            userID: userID, server: server, transport: transport, instance: V2TIMManager.makeInstance(),
            heartbeatInterval: heartbeat)
        sessions.append(session)
        return session
    }

    private func settle(_ list: [V2TestSession]) async {
        for session in list { await session.settle() }
        for session in list { await session.settle() }
    }

    private func conversation(_ id: String, of session: V2TestSession) async throws -> V2TIMConversation {
        try await session.manager.getConversation(conversationID: id)
    }

    private func history(_ session: V2TestSession, with peer: String = "a") async throws -> [String] {
        try await session.manager.getC2CHistoryMessageList(userID: peer, count: 20, lastMsg: nil)
            .map { $0.textElem?.text ?? "?" }
    }

    /// `count` messages from `a` to me ("1", "2", ...), newest first as history returns them.
    private func receive(_ count: Int, on session: V2TestSession) async throws -> [V2TIMMessage] {
        for n in 1...count { try session.server.sendText("\(n)", from: "a", toUser: "me") }
        await session.settle()
        return try await session.manager.getC2CHistoryMessageList(userID: "a", count: Int32(count), lastMsg: nil)
    }

    // MARK: - deleteMessages

    func test_deleteMessages_ofTheUnreadLastMessage_showsThePreviousOne_hereAndToADeviceStartingFromNothing() async throws {
        let phone = try await phone()
        let tablet = try await device(on: phone.server)
        let messages = try await receive(3, on: phone)
        await tablet.settle()
        _ = try await phone.manager.getTotalUnreadMessageCount()
        phone.recorder.clear()

        try await phone.manager.deleteMessages(msgList: [messages[0]])
        await settle([phone, tablet])
        let shown = try await conversation("c2c_a", of: phone)
        XCTAssertEqual(shown.lastMessage?.textElem?.text, "2", "the newest remaining message is the last one")
        XCTAssertEqual(shown.unreadCount, 2, "the deleted unread message no longer counts")
        XCTAssertEqual(phone.recorder.totals.last, 2)
        XCTAssertEqual(messages[0].status, .MSG_STATUS_HAS_DELETED)
        let phoneHistory = try await history(phone)
        XCTAssertEqual(phoneHistory, ["2", "1"])

        let onTablet = try await conversation("c2c_a", of: tablet)
        XCTAssertEqual(onTablet.lastMessage?.textElem?.text, "3", "deletion is not synced to my other devices")
        let fresh = try await device(on: phone.server)
        await fresh.settle()
        let onFresh = try await conversation("c2c_a", of: fresh)
        XCTAssertEqual(onFresh.lastMessage?.textElem?.text, "2", "the cloud history has it no more")
        XCTAssertEqual(onFresh.unreadCount, 2)
        let freshHistory = try await history(fresh)
        XCTAssertEqual(freshHistory, ["2", "1"])
        phone.checkInvariants()
    }

    func test_deleteMessages_ofEverything_leavesTheConversationInPlace_withNoLastMessage() async throws {
        let phone = try await phone()
        try phone.server.sendText("b", from: "b", toUser: "me")
        let messages = try await receive(2, on: phone)
        let orderBefore = try await phone.listIDs()
        try await phone.manager.deleteMessages(msgList: messages)
        let shown = try await conversation("c2c_a", of: phone)
        XCTAssertNil(shown.lastMessage)
        XCTAssertEqual(shown.unreadCount, 0)
        let orderAfter = try await phone.listIDs()
        XCTAssertEqual(orderAfter, orderBefore, "deleting messages moves no conversation")
    }

    func test_deleteMessages_badInput_failsWith6017_andDeletesNothing() async throws {
        let phone = try await phone()
        let fromA = try await receive(2, on: phone)
        try phone.server.sendText("b", from: "b", toUser: "me")
        await phone.settle()
        let fromB = try await phone.manager.getC2CHistoryMessageList(userID: "b", count: 1, lastMsg: nil)
        let unsent = try XCTUnwrap(phone.manager.createTextMessage(text: "never sent"))
        let tooMany = Array(repeating: fromA[0], count: 51)
        var codes: [Int32] = []
        codes.append(await failureCode { phone.manager.deleteMessages(msgList: nil, succ: $0, fail: $1) })
        codes.append(await failureCode { phone.manager.deleteMessages(msgList: [], succ: $0, fail: $1) })
        codes.append(await failureCode { phone.manager.deleteMessages(msgList: tooMany, succ: $0, fail: $1) })
        codes.append(await failureCode { phone.manager.deleteMessages(msgList: [fromA[0], fromB[0]], succ: $0, fail: $1) })
        codes.append(await failureCode { phone.manager.deleteMessages(msgList: [unsent], succ: $0, fail: $1) })
        XCTAssertEqual(codes, Array(repeating: ERR_INVALID_PARAMETERS.rawValue, count: 5))
        let remaining = try await history(phone)
        XCTAssertEqual(remaining, ["2", "1"])
        let fifty = Array(repeating: fromA[1], count: 50)
        try await phone.manager.deleteMessages(msgList: fifty)
        let afterFifty = try await history(phone)
        XCTAssertEqual(afterFifty, ["2"], "50 is the limit, and naming one message twice is no error")
    }

    // MARK: - deleteMessageFromLocalStorage

    func test_deleteMessageFromLocalStorage_isLocalOnly_theCloudAndMyOtherDevicesKeepIt() async throws {
        let phone = try await phone()
        let tablet = try await device(on: phone.server)
        let messages = try await receive(2, on: phone)
        await tablet.settle()

        try await phone.manager.deleteMessageFromLocalStorage(msg: messages[0])
        await settle([phone, tablet])
        let shown = try await conversation("c2c_a", of: phone)
        XCTAssertEqual(shown.lastMessage?.textElem?.text, "1")
        XCTAssertEqual(shown.unreadCount, 1)
        let phoneHistory = try await history(phone)
        XCTAssertEqual(phoneHistory, ["1"], "this device's history leaves it out")
        let tabletHistory = try await history(tablet)
        XCTAssertEqual(tabletHistory, ["2", "1"], "the server and my other devices keep it")
        let again = await failureCode { phone.manager.deleteMessageFromLocalStorage(msg: messages[0], succ: $0, fail: $1) }
        XCTAssertEqual(again, ERR_INVALID_PARAMETERS.rawValue, "deleted already")
    }

    func test_deleteMessageFromLocalStorage_ofAHistoryMessageNotStoredHere_keepsItOutOfTheHistory() async throws {
        let phone = try await phone()
        _ = try await receive(3, on: phone)
        // A device that synced from nothing holds only the last and the unread messages; the
        // older ones come from the server's history.
        try await call { phone.manager.markC2CMessage(asRead: "a", succ: $0, fail: $1) }
        let tablet = try await device(on: phone.server)
        let fromServer = try await tablet.manager.getC2CHistoryMessageList(userID: "a", count: 3, lastMsg: nil)
        try await tablet.manager.deleteMessageFromLocalStorage(msg: fromServer[2])
        let remaining = try await history(tablet)
        XCTAssertEqual(remaining, ["3", "2"])
    }

    /// A message removed here while unread no longer counts here, but the server counts it for my
    /// other devices: a read of everything (of its kind) reads that conversation too, although it
    /// shows nothing unread here, and the removal is remembered across a restart.
    func test_aReadOfEverything_readsWhatWasRemovedHereUnread_soMyOtherDevicesStopShowingIt() async throws {
        let directory = try TemporaryDirectory(prefix: "removed-unread")
        defer { directory.remove() }
        let phone = try await phone(storage: .disk(directory: directory.path))
        let tablet = try await device(on: phone.server)
        let mine = try await receive(2, on: phone)
        _ = try phone.server.sendText("g1", from: "b", toGroup: "g")
        await settle([phone, tablet])
        let group = try await phone.manager.getGroupHistoryMessageList(groupID: "g", count: 1, lastMsg: nil)
        for message in mine + group { try await phone.manager.deleteMessageFromLocalStorage(msg: message) }
        await settle([phone, tablet])
        let phoneTotal = try await phone.manager.getTotalUnreadMessageCount()
        let tabletTotal = try await tablet.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(phoneTotal, 0, "removed messages do not count here")
        XCTAssertEqual(tabletTotal, 3, "the server still counts them for my other devices")

        try await phone.manager.logout()
        try await phone.manager.login(userID: "me", userSig: "sig")
        try await phone.manager.markC2CMessage(asRead: nil)
        await settle([phone, tablet])
        let c2c = try await conversation("c2c_a", of: tablet)
        let stillUnread = try await conversation("group_g", of: tablet)
        XCTAssertEqual(c2c.unreadCount, 0, "the C2C read covers the conversation whose unread messages were removed")
        XCTAssertEqual(stillUnread.unreadCount, 1, "a read of C2C conversations leaves the group")

        try await phone.manager.markAllMessageAsRead()
        await settle([phone, tablet])
        let afterAll = try await tablet.manager.getTotalUnreadMessageCount()
        XCTAssertEqual(afterAll, 0)
        let counters = try XCTUnwrap(phone.manager.currentClient).read { $0.counters }
        XCTAssertEqual(counters.conversationsToScanForReads, 0, "read up to the newest message, nothing is hidden any more")
        phone.checkInvariants()
        tablet.checkInvariants()
    }

    // MARK: - clear

    func test_clearC2CHistoryMessage_keepsTheConversationInPlace_withNoLastMessageAndNothingUnread_onEveryDevice() async throws {
        let phone = try await phone()
        let tablet = try await device(on: phone.server)
        _ = try await receive(3, on: phone)
        try phone.server.sendText("b", from: "b", toUser: "me")
        await settle([phone, tablet])
        _ = try await phone.manager.getTotalUnreadMessageCount()
        _ = try await tablet.manager.getTotalUnreadMessageCount()
        let orderBefore = try await phone.listIDs()
        XCTAssertEqual(orderBefore, ["c2c_b", "c2c_a"])
        phone.recorder.clear()
        tablet.recorder.clear()

        try await phone.manager.clearC2CHistoryMessage(userID: "a")
        await settle([phone, tablet])
        for session in [phone, tablet] {
            let shown = try await conversation("c2c_a", of: session)
            XCTAssertNil(shown.lastMessage, "\(session.manager === phone.manager ? "phone" : "tablet")")
            XCTAssertEqual(shown.unreadCount, 0)
            XCTAssertEqual(session.recorder.totals.last, 1, "only b's message is unread")
            XCTAssertTrue(session.recorder.events.contains(.changed(["c2c_a"])))
            let order = try await session.listIDs()
            XCTAssertEqual(order, orderBefore, "the conversation stays in its place")
            let remaining = try await history(session)
            XCTAssertEqual(remaining, [])
        }
        let fresh = try await device(on: phone.server)
        let onFresh = try await conversation("c2c_a", of: fresh)
        XCTAssertNil(onFresh.lastMessage)
        XCTAssertEqual(onFresh.unreadCount, 0)

        try phone.server.sendText("after", from: "a", toUser: "me")
        await settle([phone, tablet])
        let after = try await conversation("c2c_a", of: phone)
        XCTAssertEqual(after.lastMessage?.textElem?.text, "after")
        XCTAssertEqual(after.unreadCount, 1)
        let afterHistory = try await history(phone)
        XCTAssertEqual(afterHistory, ["after"])
        for session in [phone, tablet, fresh] { session.checkInvariants() }
    }

    /// A device that enters a cleared conversation from the server's state (a fresh login, which
    /// never saw its messages) places it by the time of its last message, as the devices that saw
    /// it do: the state carries that time (`ServerConversation.activityTimestamp`). Before, it
    /// went below every conversation with a message.
    func test_aClearedConversation_standsWhereItsLastMessagePutIt_onADeviceThatNeverSawTheMessages() async throws {
        let clock = SteppingClock(start: 1_700_000_000)
        let phone = try await V2TestSession(peers: ["a", "b", "c"], serverClock: clock.next)
        sessions.append(phone)
        try phone.server.sendText("b", from: "b", toUser: "me")
        _ = try await receive(3, on: phone)
        try phone.server.sendText("c", from: "c", toUser: "me")
        await phone.settle()
        try await phone.manager.clearC2CHistoryMessage(userID: "a")
        await phone.settle()
        let order = try await phone.listIDs()
        XCTAssertEqual(order, ["c2c_c", "c2c_a", "c2c_b"])

        let fresh = try await device(on: phone.server)
        let freshOrder = try await fresh.listIDs()
        XCTAssertEqual(freshOrder, order, "a, cleared, between the older b and the newer c")
        let shown = try await conversation("c2c_a", of: fresh)
        XCTAssertNil(shown.lastMessage)
        XCTAssertEqual(shown.unreadCount, 0)
        fresh.checkInvariants()
    }

    func test_clearGroupHistoryMessage_reachesADeviceThatMissedItsPush_byItsSync() async throws {
        let phone = try await phone()
        let network = PushLossTransport(wrapping: phone.server)
        let tablet = try await device(on: phone.server, transport: network, heartbeat: 0.01)
        try phone.server.sendText("one", from: "a", toGroup: "g", atUserIDs: ["me"])
        try phone.server.sendText("two", from: "b", toGroup: "g")
        await settle([phone, tablet])
        network.loseNextPushes(1)
        try await phone.manager.clearGroupHistoryMessage(groupID: "g")
        let converged = try await Convergence.wait(for: [phone, tablet], server: phone.server, userID: "me", timeout: 5)
        XCTAssertNotNil(converged)
        await settle([phone, tablet])
        XCTAssertEqual(network.lost, 1)
        let shown = try await conversation("group_g", of: tablet)
        XCTAssertNil(shown.lastMessage)
        XCTAssertEqual(shown.unreadCount, 0)
        XCTAssertEqual(shown.groupAtInfolist.count, 0)
        let remaining = try await tablet.manager.getGroupHistoryMessageList(groupID: "g", count: 10, lastMsg: nil)
        XCTAssertEqual(remaining.count, 0)
    }

    func test_clearHistory_badInput_failsWithTheVendorsCodes() async throws {
        let phone = try await phone()
        var codes: [Int32] = []
        codes.append(await failureCode { phone.manager.clearC2CHistoryMessage(userID: nil, succ: $0, fail: $1) })
        codes.append(await failureCode { phone.manager.clearC2CHistoryMessage(userID: "", succ: $0, fail: $1) })
        codes.append(await failureCode { phone.manager.clearGroupHistoryMessage(groupID: "", succ: $0, fail: $1) })
        codes.append(await failureCode { phone.manager.clearC2CHistoryMessage(userID: "a", succ: $0, fail: $1) })
        codes.append(await failureCode { phone.manager.clearGroupHistoryMessage(groupID: "g", succ: $0, fail: $1) })
        XCTAssertEqual(codes, [6017, 6017, 6017, ERR_INVALID_CONVERSATION.rawValue, ERR_INVALID_CONVERSATION.rawValue])
        phone.tearDown()
        let notInitialised = await failureCode { V2TIMManager.sharedInstance().clearC2CHistoryMessage(userID: "a", succ: $0, fail: $1) }
        XCTAssertEqual(notInitialised, ERR_SDK_NOT_INITIALIZED.rawValue)
    }

    func test_aClearedConversation_staysClearedAfterARestart_fromTheStoreOnDisk() async throws {
        let directory = try TemporaryDirectory(prefix: "clear-disk")
        defer { directory.remove() }
        let phone = try await phone(storage: .disk(directory: directory.path))
        _ = try await receive(2, on: phone)
        try await phone.manager.clearC2CHistoryMessage(userID: "a")
        try await phone.manager.logout()
        try await phone.manager.login(userID: "me", userSig: "sig")
        let shown = try await conversation("c2c_a", of: phone)
        XCTAssertNil(shown.lastMessage)
        XCTAssertEqual(shown.unreadCount, 0)
        let local = try XCTUnwrap(phone.manager.currentClient).localHistory(.c2c("a"), before: nil, count: 10)
        XCTAssertEqual(local, [], "the cleared rows are gone from the database")
        phone.checkInvariants()
    }
}
