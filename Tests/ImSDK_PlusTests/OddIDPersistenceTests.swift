import XCTest
import IMCore
import IMReferenceServer
import IMTestSupport
import ImSDK
@testable import ImSDK_Plus

/// User and group IDs, drafts and message texts with quotes, SQL, LIKE wildcards, backslashes,
/// control characters and odd unicode, through the database: after a cold start (the server emptied,
/// so everything shown came from SQLite) they come back as plain text, byte for byte.
final class OddIDPersistenceTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: V2TestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "odd-ids")
    }

    override func tearDown() {
        session?.tearDown()
        session = nil
        directory?.remove()
        super.tearDown()
    }

    /// Peers whose IDs would break interpolated SQL, LIKE patterns, C strings or naive unicode handling.
    private static let peers = [
        "o'brien", "say \"hi\"", "'); DROP TABLE conversations;--", "100%", "under_score", "%_%", "back\\slash\\",
        "new\nline", "tab\tand\rreturn", "nul\u{0}byte", "cafe\u{301}", "👩‍👩‍👧‍👦", "\u{202E}שלום", "zero\u{200B}width",
        "me ", "ME",
    ]
    private static let groups = ["g'); DELETE FROM messages;--", "g%_\\", "g\"\u{0}\n"]

    private var manager: V2TIMManager { session.manager }

    func test_oddIDsDraftsAndTexts_surviveAColdStart_byteForByte() async throws {
        session = try await V2TestSession(peers: Self.peers, storage: .disk(directory: directory.path))
        let server = session.server
        for group in Self.groups { try server.createGroup(group, name: group, faceURL: nil, members: ["me"] + Self.peers) }
        for (index, peer) in Self.peers.enumerated() {
            for count in 0...(index % 3) { try server.sendText("\(peer) says \(count): \(peer)", from: peer, toUser: "me") }
        }
        for (index, group) in Self.groups.enumerated() {
            try server.sendText("in \(group)", from: Self.peers[index], toGroup: group)
            try server.sendText("\(Self.peers[index + 3])\u{0}tail", from: Self.peers[index + 3], toGroup: group)
        }
        await session.settle()
        let ids = Self.peers.map { "c2c_" + $0 } + Self.groups.map { "group_" + $0 }
        for (index, id) in ids.enumerated() where index % 2 == 0 {
            try await manager.setConversationDraft(conversationID: id, draftText: "draft of \(id) '; --\u{0}\\%_")
        }
        try await manager.pinConversation(conversationID: "c2c_'); DROP TABLE conversations;--", isPinned: true)
        try await manager.pinConversation(conversationID: "group_g%_\\", isPinned: true)
        try await call { self.manager.markC2CMessage(asRead: "100%", succ: $0, fail: $1) }
        _ = try await manager.sendMessage(message: manager.createTextMessage(text: "mine: \u{0}'\"\\"), receiver: "o'brien", groupID: nil)

        let before = try await everything()
        XCTAssertEqual(before.list.count, ids.count, "every odd ID is its own conversation")
        XCTAssertEqual(Set(before.list.map(\.id)), Set(ids.map(Bytes.init)), "IDs come back byte for byte")

        // The same server, which changes nothing meanwhile: the login's sync brings nothing.
        try await manager.logout()
        manager.session.setWarmsUpInBackground(false)
        try await manager.login(userID: "me", userSig: "sig")
        let cold = try await everything()
        XCTAssertEqual(cold, before, "the cold start serves the same bytes from the database")

        for id in ids {
            let one = try await manager.getConversation(conversationID: id)
            XCTAssertEqual(Bytes(one.conversationID), Bytes(id))
        }
        // "café" composed is equal to the decomposed ID as a Swift string, and another ID to the
        // server and the store: the database must answer as the loaded store does.
        let composedCold = await lookUp("c2c_caf\u{E9}")
        _ = TIMManager.sharedInstance().getConversationList()  // loads the whole store
        let warm = try await everything()
        XCTAssertEqual(warm, before, "and the same once everything is loaded")
        let composedWarm = await lookUp("c2c_caf\u{E9}")
        XCTAssertEqual(composedCold, composedWarm, "cold and warm stores agree on canonically equal IDs")
        session.checkInvariants()
        for (index, peer) in Self.peers.enumerated() {
            let texts = try await localTexts(.C2C, peer)
            let expected = (0...(index % 3)).reversed().map { Bytes("\(peer) says \($0): \(peer)") }
            XCTAssertEqual(Array(texts.suffix(expected.count)), expected, "messages of \(peer.debugDescription)")
        }
    }

    // MARK: - Helpers

    private func lookUp(_ id: String) async -> String {
        do {
            return "found " + Bytes(try await manager.getConversation(conversationID: id).conversationID).description
        } catch {
            return "\(error)"
        }
    }

    /// A string's UTF-8 bytes: `String` equality would call "é" and "e\u{301}" equal.
    struct Bytes: Hashable, CustomStringConvertible {
        let bytes: [UInt8]
        init(_ text: String) { bytes = Array(text.utf8) }
        var description: String { String(decoding: bytes, as: UTF8.self).debugDescription }
    }

    struct Row: Equatable, CustomStringConvertible {
        let id: Bytes
        let userOrGroup: Bytes
        let unread: Int32
        let pinned: Bool
        let draft: Bytes?
        let last: Bytes?

        var description: String { "\(id) \(userOrGroup) unread \(unread) pinned \(pinned) draft \(draft?.description ?? "-") last \(last?.description ?? "-")" }
    }

    struct Everything: Equatable {
        let list: [Row]
        let total: UInt64
    }

    private func everything() async throws -> Everything {
        let list = try await session.walk(pageSize: 7).list.map { c in
            Row(id: Bytes(c.conversationID), userOrGroup: Bytes(c.userID ?? c.groupID ?? "?"), unread: c.unreadCount,
                pinned: c.isPinned, draft: c.draftText.map(Bytes.init), last: c.lastMessage?.textElem?.text.map(Bytes.init))
        }
        return Everything(list: list, total: try await manager.getTotalUnreadMessageCount())
    }

    private func localTexts(_ type: TIMConversationType, _ receiver: String) async throws -> [Bytes] {
        let conversation = try XCTUnwrap(TIMManager.sharedInstance().getConversation(type, receiver: receiver))
        let texts: [String] = try await withCheckedThrowingContinuation { continuation in
            conversation.getLocalMessage(20, last: nil, succ: { list in
                continuation.resume(returning: (list ?? []).compactMap { (($0 as? TIMMessage)?.getElem(0) as? TIMTextElem)?.text })
            }, fail: { code, desc in continuation.resume(throwing: V2TIMError(code: code, desc: desc ?? "")) })
        }
        return texts.map(Bytes.init)
    }
}
