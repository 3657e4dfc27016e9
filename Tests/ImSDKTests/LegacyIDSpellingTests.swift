import XCTest
import IMTestSupport
import ImSDK
import ImSDK_Plus

/// The legacy side of IDs being their bytes: receivers that begin with a combining mark, a ZWJ or a
/// variation selector convert to and from V2 conversation IDs, and an NFD login is not a login into
/// the NFC account.
final class LegacyIDSpellingTests: XCTestCase {
    private var session: LegacyTestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private static let peers = ["\u{301}acute", "\u{200D}zwj", "\u{FE0F}vs16"]
    private static let composed = "caf\u{E9}"
    private static let decomposed = "cafe\u{301}"

    func test_receiversBeginningWithAMarkZWJOrVariationSelector_convertBothWays_andTheirHandlesWork() async throws {
        session = try await LegacyTestSession(peers: Self.peers) { $0.disableAutoReport = true }
        for peer in Self.peers { try session.server.sendText("hi", from: peer, toUser: "me") }
        await session.settle()
        let v2 = V2TIMManager.sharedInstance()!
        for peer in Self.peers {
            let handle = try XCTUnwrap(session.manager.getConversation(.C2C, receiver: peer))
            let v2ID = try XCTUnwrap(handle.v2ConversationID)
            let snapshot = try await v2.getConversation(conversationID: v2ID)
            XCTAssertEqual(Array(snapshot.userID.utf8), Array(peer.utf8))
            let back = try XCTUnwrap(TIMConversation(v2: snapshot), "the V2 ID the SDK handed out converts back")
            XCTAssertEqual(Array(back.getReceiver().utf8), Array(peer.utf8))
            XCTAssertEqual(back, handle)
            XCTAssertEqual(back.getUnReadMessageNum(), 1)
            try await call { back.setReadMessage(nil, succ: $0, fail: $1) }
            XCTAssertEqual(handle.getUnReadMessageNum(), 0)
        }
    }

    func test_loginAsTheNFDSpellingOfAnNFCUser_failsWithUnknownUser_andOnceRegisteredIsAnotherUser() async throws {
        session = try await LegacyTestSession(userID: Self.composed, peers: ["alice"])
        try session.server.sendText("for the composed spelling", from: "alice", toUser: Self.composed)
        await session.settle()
        XCTAssertEqual(session.receivers(), ["alice"])
        try await session.logout()

        let param = TIMLoginParam()
        param.identifier = Self.decomposed
        param.userSig = "sig"
        let refused = await failureCode { succ, fail in self.session.manager.login(param, succ: succ, fail: fail) }
        XCTAssertEqual(refused, 20003)
        XCTAssertEqual(session.manager.getLoginStatus(), .STATUS_LOGOUT)

        try session.server.registerUser(Self.decomposed)
        try await session.login()
        try await call { succ, fail in self.session.manager.login(param, succ: succ, fail: fail) }
        XCTAssertEqual(Array(session.manager.getLoginUser().utf8), Array(Self.decomposed.utf8))
        XCTAssertEqual(session.receivers(), [], "none of the composed account's conversations")
    }
}
