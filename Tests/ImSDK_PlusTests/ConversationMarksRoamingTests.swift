import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// Marks (`markConversation`) and custom data (`setConversationCustomData`) are kept by the server
/// and reach every device of the user, with `onConversationChanged` there.
final class ConversationMarksRoamingTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var phone: V2TestSession!
    private var tablet: V2TestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "marks-roaming")
    }

    override func tearDown() {
        tablet?.tearDown()
        phone?.tearDown()
        tablet = nil
        phone = nil
        directory?.remove()
        super.tearDown()
    }

    private func twoDevices(tabletStorage: V2TIMStorage = .memory) async throws {
        phone = try await V2TestSession(peers: ["a", "b"])
        for peer in ["a", "b"] { try phone.server.sendText("hi", from: peer, toUser: "me") }
        await phone.settle()
        tablet = try await V2TestSession(server: phone.server, instance: V2TIMManager.makeInstance(), storage: tabletStorage)
        await settleBoth()
        phone.recorder.clear()
        tablet.recorder.clear()
    }

    private func settleBoth() async {
        await phone.settle()
        await tablet.settle()
        await phone.settle()
    }

    private func mark(_ manager: V2TIMManager, _ ids: [String], _ type: V2TIMConversationMarkType, _ enable: Bool) async throws -> [Int] {
        try await manager.markConversation(
            conversationIDList: ids, markType: NSNumber(value: type.rawValue), enableMark: enable).map(\.resultCode)
    }

    /// `id marks custom` of each conversation the list shows, by ID.
    private func marks(_ session: V2TestSession) async throws -> [String] {
        try await session.walk().list.map { conversation in
            let marks = (conversation.markList ?? []).map { String($0.uint64Value, radix: 16) }.joined(separator: "|")
            return "\(conversation.conversationID ?? "") [\(marks)] \(conversation.customData.flatMap { $0.isEmpty ? nil : $0 }.map { String(decoding: $0, as: UTF8.self) } ?? "-")"
        }.sorted()
    }

    func test_marksAndCustomData_setOnOneDevice_reachTheOther_withOnConversationChanged() async throws {
        try await twoDevices()
        let marked = try await mark(phone.manager, ["c2c_a", "c2c_ghost"], .CONVERSATION_MARK_TYPE_STAR, true)
        XCTAssertEqual(marked, [0, 6004])
        await settleBoth()
        let star = try await tablet.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(star.markList, [1])
        XCTAssertTrue(tablet.recorder.events.contains(.changed(["c2c_a"])), "\(tablet.recorder.events)")
        XCTAssertEqual(tablet.recorder.lastAnnounced("c2c_a")?.markList, [1])
        let data = Data(repeating: 7, count: 256)
        let stored = try await tablet.manager.setConversationCustomData(conversationIDList: ["c2c_b"], customData: data)
        XCTAssertEqual(stored.map(\.resultCode), [0])
        await settleBoth()
        XCTAssertEqual(phone.recorder.lastAnnounced("c2c_b")?.customData, data)
        _ = try await mark(tablet.manager, ["c2c_a"], .CONVERSATION_MARK_TYPE_STAR, false)
        await settleBoth()
        let phoneView = try await marks(phone)
        let tabletView = try await marks(tablet)
        XCTAssertEqual(phoneView, tabletView)
        let serverB = try phone.server.conversations(of: "me").first { $0.id == .c2c("b") }
        XCTAssertEqual(serverB?.customData, data)
        let cloud = try CloudSummary.server(phone.server, userID: "me")
        let device = try await CloudSummary.device(phone)
        XCTAssertEqual(device, cloud)
    }

    func test_aDeviceThatWasAway_andANewDevice_getTheMarksWithTheirSync() async throws {
        try await twoDevices(tabletStorage: .disk(directory: directory.path))
        try await tablet.manager.logout()
        _ = try await mark(phone.manager, ["c2c_a"], .CONVERSATION_MARK_TYPE_FOLD, true)
        _ = try await mark(phone.manager, ["c2c_b"], .CONVERSATION_MARK_TYPE_STAR, true)
        _ = try await phone.manager.setConversationCustomData(conversationIDList: ["c2c_a"], customData: Data("x".utf8))
        try await tablet.manager.login(userID: "me", userSig: "sig")
        await settleBoth()
        let expected = ["c2c_a [4] x", "c2c_b [1] -"]
        let tabletView = try await marks(tablet)
        XCTAssertEqual(tabletView, expected)
        XCTAssertTrue(tablet.recorder.events.contains { if case .changed(let ids) = $0 { Set(ids) == ["c2c_a", "c2c_b"] } else { false } },
                      "the sync announces what it changed: \(tablet.recorder.events)")
        let fresh = try await V2TestSession(server: phone.server, instance: V2TIMManager.makeInstance())
        defer { fresh.tearDown() }
        let freshView = try await marks(fresh)
        XCTAssertEqual(freshView, expected)
    }

    func test_readingAConversation_clearsItsUnreadMark_onEveryDevice() async throws {
        try await twoDevices()
        _ = try await mark(tablet.manager, ["c2c_a", "c2c_b"], .CONVERSATION_MARK_TYPE_UNREAD, true)
        await settleBoth()
        try await phone.manager.markC2CMessage(asRead: "a")
        await settleBoth()
        let afterOne = try await marks(tablet)
        XCTAssertEqual(afterOne, ["c2c_a [] -", "c2c_b [2] -"])
        try await phone.manager.markAllMessageAsRead()
        await settleBoth()
        let afterAll = try await marks(tablet)
        XCTAssertEqual(afterAll, ["c2c_a [] -", "c2c_b [] -"], "the server cleared it too")
        let phoneView = try await marks(phone)
        XCTAssertEqual(phoneView, afterAll)
        XCTAssertEqual(try phone.server.conversations(of: "me").map(\.marks), [0, 0])
    }

    func test_aNewMessage_showsAHiddenConversationAgain_onEveryDevice() async throws {
        try await twoDevices()
        _ = try await mark(phone.manager, ["c2c_a"], .CONVERSATION_MARK_TYPE_HIDE, true)
        _ = try await mark(phone.manager, ["c2c_a"], .CONVERSATION_MARK_TYPE_STAR, true)
        await settleBoth()
        let hidden = try await tablet.listIDs()
        XCTAssertEqual(hidden, ["c2c_b"], "hidden on the tablet too")
        try phone.server.sendText("back", from: "a", toUser: "me")
        await settleBoth()
        for session in [phone!, tablet!] {
            let view = try await marks(session)
            XCTAssertEqual(view, ["c2c_a [1] -", "c2c_b [] -"])
        }
        XCTAssertEqual(try phone.server.conversations(of: "me").first { $0.id == .c2c("a") }?.marks, 1)
    }

    func test_anAnswerApplies_marksWhosePushWasLost() async throws {
        phone = try await V2TestSession(peers: ["a"])
        let server = phone.server
        phone.tearDown()
        try server.sendText("hi", from: "a", toUser: "me")
        let lossy = PushLossTransport(wrapping: server)
        phone = try await V2TestSession(server: server, transport: lossy)
        await phone.settle()
        lossy.loseNextPushes(1)
        let results = try await mark(phone.manager, ["c2c_a"], .CONVERSATION_MARK_TYPE_STAR, true)
        XCTAssertEqual(results, [0])
        XCTAssertEqual(lossy.lost, 1)
        let a = try await phone.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(a.markList, [1])
    }
}
