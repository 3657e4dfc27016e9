import Foundation
import IMTestSupport
import ImSDK
import ImSDK_Plus
import XCTest

/// `insertC2CMessageToLocalStorage` / `insertGroupMessageToLocalStorage` (and their names of the
/// headers without Swift names): a prompt stored on this device only, as the last message, never
/// unread, never sent.
final class LocalInsertTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_anInsertedC2CMessage_isTheLastMessage_neverUnread_andNotSent() async throws {
        session = try await V2TestSession(peers: ["a"])
        let manager = session.manager
        _ = try await manager.getTotalUnreadMessageCount()
        let tip = manager.createTextMessage(text: "you have sent the file")!
        var returned: String?
        try await call { succ, fail in
            returned = manager.insertC2CMessageToLocalStorage(msg: tip, to: "a", sender: "a", succ: succ, fail: fail)
        }
        XCTAssertNotNil(returned)
        XCTAssertEqual(tip.msgID, returned, "the object takes its ID")
        XCTAssertEqual(tip.status, .MSG_STATUS_LOCAL_IMPORTED)
        XCTAssertEqual(tip.sender, "a")

        let conversation = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(conversation.lastMessage?.msgID, returned)
        XCTAssertEqual(conversation.lastMessage?.textElem?.text, "you have sent the file")
        XCTAssertEqual(conversation.lastMessage?.status, .MSG_STATUS_LOCAL_IMPORTED)
        XCTAssertEqual(conversation.unreadCount, 0, "an inserted message is never unread")
        let total = try await manager.getTotalUnreadMessageCount()
        XCTAssertEqual(total, 0)
        XCTAssertTrue(session.recorder.events.contains { "\($0)".contains("c2c_a") }, "the new conversation was announced")

        // Never sent: the peer's next message is the conversation's first server message.
        let seq = try session.server.sendText("hello", from: "a", toUser: "me")
        XCTAssertEqual(seq, 1, "the server holds no inserted message")
        await session.settle()
        let after = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(after.lastMessage?.textElem?.text, "hello")
        XCTAssertEqual(after.unreadCount, 1)

        // The name of the headers without Swift names, my own prompt this time.
        let mine = manager.createTextMessage(text: "you recalled a message")!
        try await call { succ, fail in
            _ = manager.insertC2CMessage(toLocalStorage: mine, to: "a", sender: nil, succ: succ, fail: fail)
        }
        XCTAssertEqual(mine.sender, "me")
        XCTAssertTrue(mine.isSelf)
        let last = try await manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(last.lastMessage?.textElem?.text, "you recalled a message")
        XCTAssertEqual(last.unreadCount, 1, "the peer's message stays unread")
    }

    /// The chat's history shows inserted messages while connected too: merged by time into the
    /// server's pages, each once, and those older than the server's history on a last page.
    func test_historyWhileConnected_mergesInsertedMessagesByTime_eachOnce() async throws {
        let clock = SteppingClock(start: 1_000)
        session = try await V2TestSession(peers: ["a"], serverClock: clock.next, deviceClock: { 5_000 })
        let manager = session.manager
        for text in ["m1", "m2", "m3"] { _ = try session.server.sendText(text, from: "a", toUser: "me") }
        await session.settle()
        try await call { succ, fail in
            _ = manager.insertC2CMessageToLocalStorage(
                msg: manager.createTextMessage(text: "tip"), to: "a", sender: nil, succ: succ, fail: fail)
        }
        // An older one, through the legacy import (which keeps the time set on it).
        let old = TIMMessage()
        let elem = TIMTextElem()
        elem.text = "old tip"
        old.add(elem)
        XCTAssertEqual(old.convertToImportedMsg(), 0)
        XCTAssertEqual(old.setTime(500), 0)
        XCTAssertEqual(TIMManager.sharedInstance().getConversation(.C2C, receiver: "a").importMessages([old]), 0)

        var pages: [[String]] = []
        var cursor: V2TIMMessage?
        while pages.count < 6 {
            let page = try await manager.getC2CHistoryMessageList(userID: "a", count: 2, lastMsg: cursor)
            if page.isEmpty { break }
            pages.append(page.map { $0.textElem?.text ?? "" })
            cursor = page.last
        }
        XCTAssertEqual(pages, [["tip", "m3", "m2"], ["m1"], ["old tip"]],
                       "each page of the server with the inserted messages of its span; the older one once the server's history ended")
        let shown = try await manager.getC2CHistoryMessageList(userID: "a", count: 2, lastMsg: nil)
        XCTAssertEqual(shown.first?.status, .MSG_STATUS_LOCAL_IMPORTED)
    }

    /// `getServerTime()`: this device's clock (no offset to the server's is learned).
    func test_getServerTime_isTheDevicesClock() async throws {
        session = try await V2TestSession(peers: ["a"], deviceClock: { 1_700_000_123 })
        XCTAssertEqual(session.manager.getServerTime(), 1_700_000_123)
    }

    func test_anInsertedGroupMessage_isTheGroupsLastMessage() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.createGroup("g1", name: "One", faceURL: nil, members: ["me", "a"])
        let tip = session.manager.createTextMessage(text: "you left the group")!
        try await call { succ, fail in
            _ = session.manager.insertGroupMessageToLocalStorage(msg: tip, to: "g1", sender: "me", succ: succ, fail: fail)
        }
        let group = try await session.manager.getConversation(conversationID: "group_g1")
        XCTAssertEqual(group.lastMessage?.textElem?.text, "you left the group")
        XCTAssertEqual(group.unreadCount, 0)
    }

    func test_badInserts_failWith6017_andNothingIsStored() async throws {
        session = try await V2TestSession(peers: ["a"])
        let manager = session.manager
        func code(_ message: V2TIMMessage?, to userID: String?, sender: String?) async -> Int32 {
            await failureCode { succ, fail in
                _ = manager.insertC2CMessageToLocalStorage(msg: message, to: userID, sender: sender, succ: succ, fail: fail)
            }
        }
        let text = { manager.createTextMessage(text: "tip")! }
        let noMessage = await code(nil, to: "a", sender: nil)
        let noContent = await code(V2TIMMessage(), to: "a", sender: nil)
        let noUser = await code(text(), to: "", sender: nil)
        let stranger = await code(text(), to: "a", sender: "b")
        XCTAssertEqual([noMessage, noContent, noUser, stranger], [6017, 6017, 6017, 6017])
        let twice = text()
        try await call { succ, fail in
            _ = manager.insertC2CMessageToLocalStorage(msg: twice, to: "a", sender: nil, succ: succ, fail: fail)
        }
        let again = await code(twice, to: "a", sender: nil)
        XCTAssertEqual(again, 6017, "an inserted message is not inserted again")
        let list = try await session.listIDs()
        XCTAssertEqual(list, ["c2c_a"], "only the good insert made a conversation")

        try await manager.logout()
        let loggedOut = await code(text(), to: "a", sender: nil)
        XCTAssertEqual(loggedOut, 6014)
    }
}
