import XCTest
import IMReferenceServer
import IMTestSupport
@testable import ImSDK_Plus

/// User and group IDs are their bytes, in every layer: a conversation ID the SDK hands out is taken
/// back whatever its target begins with, and two spellings that Swift calls equal (NFC and NFD) are
/// two accounts, on the server and in the session.
final class IDSpellingTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    private var manager: V2TIMManager { session.manager }

    /// Targets that begin with a scalar that extends the previous Character: each merges with the
    /// `_` of `"c2c_"` or `"group_"`, so a per-Character prefix test does not find the prefix.
    private static let peers = ["\u{301}acute", "\u{200D}zwj", "\u{FE0F}vs16", "\u{E0100}vs17"]
    private static let group = "\u{308}group"
    private static let composed = "caf\u{E9}"
    private static let decomposed = "cafe\u{301}"

    func test_conversationIDsTheSDKHandsOut_forIDsBeginningWithAMarkZWJOrVariationSelector_workInEveryCall() async throws {
        session = try await V2TestSession(peers: Self.peers)
        let server = session.server
        try server.createGroup(Self.group, name: nil, faceURL: nil, members: ["me"] + Self.peers)
        for peer in Self.peers { try server.sendText("hi", from: peer, toUser: "me") }
        try server.sendText("hi all", from: Self.peers[0], toGroup: Self.group)
        await session.settle()

        let listed = try await session.walk().list
        XCTAssertEqual(Set(listed.map { Bytes($0.userID ?? $0.groupID ?? "") }), Set((Self.peers + [Self.group]).map(Bytes.init)))
        let ids: [String] = listed.map(\.conversationID)
        for id in ids {
            let conversation = try await manager.getConversation(conversationID: id)
            XCTAssertEqual(Bytes(conversation.conversationID), Bytes(id))
            XCTAssertEqual(conversation.unreadCount, 1, Bytes(id).description)
            try await manager.pinConversation(conversationID: id, isPinned: true)
            try await manager.setConversationDraft(conversationID: id, draftText: "draft")
            try await manager.cleanConversationUnreadMessageCount(conversationID: id, cleanTimestamp: 0, cleanSequence: 0)
            let marked: [V2TIMConversationOperationResult] = try await callValue { succ, fail in
                self.manager.markConversation(conversationIDList: [id], markType: 1, enableMark: true, succ: succ, fail: fail)
            }
            XCTAssertEqual(marked.map(\.resultCode), [0], Bytes(id).description)
        }
        let batch = try await manager.getConversationList(conversationIDList: ids)
        XCTAssertEqual(batch.map { Bytes($0.conversationID) }.sorted(), ids.map(Bytes.init).sorted())
        for conversation in batch {
            XCTAssertTrue(conversation.isPinned)
            XCTAssertEqual(conversation.unreadCount, 0)
            XCTAssertEqual(conversation.draftText, "draft")
            XCTAssertEqual(conversation.markList, [1])
        }
        let total = try await manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 0)
        for id in ids { try await manager.deleteConversation(conversation: id) }
        let left = try await session.listIDs()
        XCTAssertEqual(left, [])
    }

    func test_loggingInAsTheNFDSpellingOfAnNFCUser_doesNotOpenThatAccount_andOnceRegisteredIsAnotherUser() async throws {
        session = try await V2TestSession(userID: Self.composed, peers: ["alice"])
        try session.server.sendText("for the composed spelling", from: "alice", toUser: Self.composed)
        await session.settle()
        try await manager.logout()

        let refused = await failureCode { self.manager.login(userID: Self.decomposed, userSig: "sig", succ: $0, fail: $1) }
        XCTAssertEqual(refused, 20003, "the server knows no user with these bytes")
        XCTAssertEqual(manager.getLoginStatus(), .STATUS_LOGOUT)

        try session.server.registerUser(Self.decomposed)
        try await manager.login(userID: Self.composed, userSig: "sig")
        try await manager.login(userID: Self.decomposed, userSig: "sig")
        XCTAssertEqual(Bytes(manager.getLoginUser()), Bytes(Self.decomposed), "a login as another user, not a no-op")
        let empty = try await session.listIDs()
        XCTAssertEqual(empty, [], "none of the composed account's conversations")

        try session.server.sendText("from the other spelling", from: Self.composed, toUser: Self.decomposed)
        await session.settle()
        let list = try await session.walk().list
        XCTAssertEqual(list.map { Bytes($0.userID) }, [Bytes(Self.composed)])
        XCTAssertEqual(list.first?.unreadCount, 1)
        XCTAssertEqual(list.first?.lastMessage?.isSelf, false, "a message of the other spelling is not mine")
        let peerOfLastMessage = try XCTUnwrap(list.first?.lastMessage?.userID)
        XCTAssertEqual(Bytes(peerOfLastMessage), Bytes(Self.composed))
    }

    /// A string's UTF-8 bytes: `String` equality would call "é" and "e\u{301}" equal.
    private struct Bytes: Hashable, Comparable, CustomStringConvertible {
        let bytes: [UInt8]
        init(_ text: String) { bytes = Array(text.utf8) }
        static func < (lhs: Bytes, rhs: Bytes) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
        var description: String { String(decoding: bytes, as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
    }
}
