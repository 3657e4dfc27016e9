import Foundation
import IMCore
import IMReferenceServer
import IMTestSupport
import ImSDK
import ImSDK_Plus
import XCTest

/// `V2TIMMessage.localCustomData` and `localCustomInt` through the public APIs: stored at once on a
/// stored message, kept with an unsent one until it is sent, across restarts, never sent, and the
/// same fields as the legacy `customData()` / `customInt()`.
final class LocalCustomFieldsTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: V2TestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "local-custom")
    }

    override func tearDown() {
        session?.tearDown()
        session = nil
        directory?.remove()
        super.tearDown()
    }

    private var manager: V2TIMManager { session.manager }

    private func start() async throws {
        session = try await V2TestSession(peers: ["a"], storage: .disk(directory: directory.path))
    }

    private func restart() async throws {
        try await manager.logout()
        try await manager.login(userID: "me", userSig: "sig")
    }

    private func lastMessage() async throws -> V2TIMMessage {
        let conversation = try await manager.getConversation(conversationID: "c2c_a")
        return try XCTUnwrap(conversation.lastMessage)
    }

    private func history() async throws -> [V2TIMMessage] {
        try await callValue { succ, fail in
            manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil, succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    func test_onAReceivedMessage_theyAreStoredAtOnce_seenByEveryHandout_andSurviveARestart() async throws {
        try await start()
        try session.server.sendText("voice", from: "a", toUser: "me")
        await session.settle()
        let voice = try await lastMessage()
        XCTAssertEqual(voice.localCustomInt, 0)
        XCTAssertNil(voice.localCustomData)

        voice.localCustomInt = 1
        voice.localCustomData = Data("played".utf8)
        let again = try await lastMessage()
        XCTAssertFalse(again === voice)
        XCTAssertEqual(again.localCustomInt, 1)
        XCTAssertEqual(again.localCustomData, Data("played".utf8))
        let fromHistory = try await history()
        XCTAssertEqual(fromHistory.map(\.localCustomInt), [1])
        let legacy = TIMManager.sharedInstance().getConversation(.C2C, receiver: "a").getLastMsg()!
        XCTAssertEqual(legacy.customInt(), 1, "the legacy customInt is the same field")
        XCTAssertEqual(legacy.customData(), Data("played".utf8))

        try await restart()
        let restored = try await lastMessage()
        XCTAssertEqual(restored.localCustomInt, 1)
        XCTAssertEqual(restored.localCustomData, Data("played".utf8))
        restored.localCustomData = nil
        let cleared = try await lastMessage().localCustomData
        XCTAssertNil(cleared)
    }

    func test_whatTheLegacyAPISets_V2Shows() async throws {
        try await start()
        try session.server.sendText("x", from: "a", toUser: "me")
        await session.settle()
        let legacy = TIMManager.sharedInstance().getConversation(.C2C, receiver: "a").getLastMsg()!
        XCTAssertTrue(legacy.setCustomInt(-3))
        XCTAssertTrue(legacy.setCustomData(Data([9])))
        let v2 = try await lastMessage()
        XCTAssertEqual(v2.localCustomInt, -3)
        XCTAssertEqual(v2.localCustomData, Data([9]))
    }

    func test_onAMessageNotSentYet_theyAreKeptInTheObject_andStoredWithItWhenSent() async throws {
        try await start()
        weak var released: V2TIMMessage?
        do {
            let message = try XCTUnwrap(manager.createTextMessage(text: "mine"))
            released = message
            message.localCustomInt = 7
            message.localCustomData = Data([1, 2])
            XCTAssertEqual(message.localCustomInt, 7)
            XCTAssertEqual(message.localCustomData, Data([1, 2]))
            // Not touched after the send: the send itself must store them.
            _ = try await manager.sendMessage(message: message, receiver: "a", groupID: nil)
        }
        await session.settle()
        XCTAssertNil(released, "the object is gone: what follows comes from the store")
        try await restart()
        let sent = try await lastMessage()
        XCTAssertEqual(sent.localCustomInt, 7)
        XCTAssertEqual(sent.localCustomData, Data([1, 2]))
    }

    func test_theyAreNeverSent_thePeerGetsTheMessageAlone() async throws {
        try await start()
        let message = try XCTUnwrap(manager.createTextMessage(text: "to a"))
        message.localCustomInt = 42
        let messageID = try await manager.sendMessage(message: message, receiver: "a", groupID: nil)
        let peer = try await RawDevice(userID: "a", transport: session.server)
        defer { peer.close() }
        guard case .messages(let history) = try await peer.send(.history(.c2c("me"), beforeSeq: nil, count: 5)) else {
            return XCTFail("no history")
        }
        XCTAssertEqual(history.map(\.id), [messageID])
        XCTAssertEqual(history.first?.content, .text("to a"), "the wire form has no local field")
        XCTAssertEqual(message.localCustomInt, 42)
    }

    func test_whileLoggedOut_theyAreKeptInTheObjectOnly() async throws {
        try await start()
        try session.server.sendText("x", from: "a", toUser: "me")
        await session.settle()
        let message = try await lastMessage()
        message.localCustomInt = 1
        try await manager.logout()
        message.localCustomInt = 5
        XCTAssertEqual(message.localCustomInt, 5, "kept in the object")
        try await manager.login(userID: "me", userSig: "sig")
        XCTAssertEqual(message.localCustomInt, 5)
        let stored = try await lastMessage().localCustomInt
        XCTAssertEqual(stored, 1, "not stored: nobody was logged in")
    }
}
