import XCTest
import IMReferenceServer
import IMTestSupport
import ImSDK

/// The legacy API over a store that outlives its server's state (see `ServerEpochTests` for V2).
final class LegacyServerEpochTests: XCTestCase {
    func test_aResetServer_rebuildsTheLegacyList_refreshes_andANewMessageCountsAndIsHeard() async throws {
        let directory = try TemporaryDirectory(prefix: "legacy-epoch")
        defer { directory.remove() }
        let refresh = LegacyRecorder()
        let session = try await LegacyTestSession(peers: ["a", "b"], databaseDirectory: directory.path) { config in
            config.disableStorage = false
            config.disableAutoReport = true
            config.refreshListener = refresh
        }
        defer { session.tearDown() }
        let messages = LegacyMessageRecorder()
        session.manager.addMessageListener(messages)
        for text in ["a0", "a1"] { try session.server.sendText(text, from: "a", toUser: "me") }
        try session.server.sendText("b0", from: "b", toUser: "me")
        await session.settle()
        XCTAssertEqual(Set(session.receivers()), ["a", "b"])
        XCTAssertEqual(session.manager.getConversation(.C2C, receiver: "a").getUnReadMessageNum(), 2)
        // Local by nature: the SYSTEM conversation's draft, and a message imported into b.
        let draft = TIMMessageDraft()
        let note = TIMTextElem()
        note.text = "note"
        draft.add(note)
        XCTAssertEqual(session.manager.getConversation(.SYSTEM, receiver: "").setDraft(draft), 0)
        let imported = TIMMessage()
        let importedText = TIMTextElem()
        importedText.text = "imported"
        imported.add(importedText)
        XCTAssertEqual(session.manager.getConversation(.C2C, receiver: "b").importMessages([imported]), 0)

        try await session.logout()
        session.server.reset()
        for user in ["me", "a", "b"] { try session.server.registerUser(user, nickname: nil, faceURL: nil) }
        refresh.clear()
        messages.clear()
        try await session.login()
        await session.settle()
        XCTAssertEqual(Set(session.receivers()), ["", "b"], "only what is local by nature: \(session.receivers())")
        let system = session.manager.getConversation(.SYSTEM, receiver: "")
        XCTAssertEqual((system?.getDraft()?.getElem(0) as? TIMTextElem)?.text, "note")
        let b = session.manager.getConversation(.C2C, receiver: "b")!
        XCTAssertEqual((b.getLastMsg()?.getElem(0) as? TIMTextElem)?.text, "imported", "b0 went, the import stayed")
        XCTAssertEqual(b.getUnReadMessageNum(), 0)
        XCTAssertTrue(refresh.events.contains("refresh"), "the rebuild ends with onRefresh: \(refresh.events)")

        try session.server.sendText("fresh", from: "a", toUser: "me")
        await session.settle()
        let a = session.manager.getConversation(.C2C, receiver: "a")!
        XCTAssertEqual(a.getUnReadMessageNum(), 1, "the new server's message counts")
        XCTAssertEqual(messages.received.map(\.text), ["fresh"], "and is heard")
        XCTAssertEqual((a.getLastMsg()?.getElem(0) as? TIMTextElem)?.text, "fresh")
        let local: [String] = try await withCheckedThrowingContinuation { continuation in
            a.getLocalMessage(10, last: nil, succ: { list in
                continuation.resume(returning: (list ?? []).compactMap { (($0 as? TIMMessage)?.getElem(0) as? TIMTextElem)?.text })
            }, fail: { code, desc in
                continuation.resume(throwing: NSError(domain: "TIM", code: Int(code), userInfo: [NSLocalizedDescriptionKey: desc ?? ""]))
            })
        }
        XCTAssertEqual(local, ["fresh"], "local history agrees with the last message")
    }
}
