import Foundation
import IMTestSupport
import IMTransportKit
import XCTest
@testable import IMReferenceServer

/// The cloud's 12 KB limit on a message body (`MessageContent.maxBodyBytes`): a send or a change
/// over it is refused with 80002, from a device or through the admin calls; a journal written
/// before the limit still replays whole.
final class MessageBodyLimitServerTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "body-limit")
    }

    override func tearDown() {
        directory?.remove()
        super.tearDown()
    }

    private let limit = MessageContent.maxBodyBytes

    func test_aBodyOverTwelveKilobytes_isRefused_sentOrChanged_andNothingIsStored() async throws {
        let server = IMReferenceServer()
        for user in ["me", "a"] { try server.registerUser(user) }
        let device = try await RawDevice(userID: "me", transport: server)
        defer { device.close() }

        // At the limit: stored. One byte over, counted as the vendor counts (custom: data,
        // description and extension together; text: UTF-8 bytes, so 'é' counts 2): refused.
        let atLimit = OutgoingMessage(id: "m1", receiver: .user("a"), content: .text(String(repeating: "x", count: limit)))
        guard case .message(let stored) = try await device.send(.sendMessage(atLimit)) else { return XCTFail("no message") }
        XCTAssertEqual(stored.seq, 1)
        let over: [MessageContent] = [
            .text(String(repeating: "é", count: limit / 2) + "x"),
            .custom(Data(count: limit - 4), desc: "ab", ext: "cde"),
            .face(.init(index: 1, data: Data(count: limit - 3))),
            .location(.init(desc: String(repeating: "d", count: limit - 15), longitude: 0, latitude: 0)),
        ]
        for (index, content) in over.enumerated() {
            XCTAssertEqual(content.bodyBytes, limit + 1, "case \(index)")
            do {
                _ = try await device.send(.sendMessage(OutgoingMessage(id: "big-\(index)", receiver: .user("a"), content: content)))
                XCTFail("case \(index) was stored")
            } catch let error as IMError {
                XCTAssertEqual(error.code, .serverMessageBodyTooLarge, "case \(index)")
            }
        }
        XCTAssertThrowsError(try server.sendText(String(repeating: "y", count: limit + 1), from: "a", toUser: "me")) { error in
            XCTAssertEqual((error as? IMError)?.code, .serverMessageBodyTooLarge, "the admin call too")
        }
        // A change into a body over the limit.
        do {
            _ = try await device.send(.modifyMessage(
                .c2c("a"), seq: 1, messageID: "m1", expected: MessageEdit(of: stored),
                edit: MessageEdit(content: .text(String(repeating: "z", count: limit + 1)), cloudCustomData: nil)))
            XCTFail("the change was made")
        } catch let error as IMError {
            XCTAssertEqual(error.code, .serverMessageBodyTooLarge)
        }
        XCTAssertEqual(try server.conversations(of: "a").first?.lastSeq, 1, "nothing more was stored")
        XCTAssertEqual(try server.conversations(of: "a").first?.lastMessage?.content.text?.count, limit, "nor changed")
    }

    func test_aJournalWrittenBeforeTheLimit_replaysItsLargerMessages() throws {
        let path = directory.file("server.sqlite")
        do {
            let server = try IMReferenceServer(persistingAt: path)
            for user in ["me", "a"] { try server.registerUser(user) }
        }
        // As an earlier version journaled it: a send of 20,000 bytes.
        let large = String(repeating: "w", count: 20_000)
        do {
            let journal = try ServerJournal(path: path)
            XCTAssertNil(journal.append(.send(
                OutgoingMessage(id: "old", receiver: .user("me"), content: .text(large)), from: "a", at: 1_700_000_000)))
        }
        let reopened = try IMReferenceServer(persistingAt: path)
        let conversation = try XCTUnwrap(try reopened.conversations(of: "me").first)
        XCTAssertEqual(conversation.lastMessage?.content.text, large)
        XCTAssertEqual(conversation.unreadCount, 1)
    }
}

/// Online messages on the server: answered with sequence 0, pushed unnumbered to the receivers'
/// connections (of protocol version 6 or later), and neither stored nor journaled.
final class OnlineMessageServerTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "online-message")
    }

    override func tearDown() {
        directory?.remove()
        super.tearDown()
    }

    func test_anOnlineMessage_isPushedToConnectedReceivers_andNeitherStoredNorJournaled() async throws {
        let server = IMReferenceServer(loginPolicy: .unlimited)
        for user in ["me", "a"] { try server.registerUser(user) }
        let me = try await RawDevice(userID: "me", transport: server)
        let a = try await RawDevice(userID: "a", transport: server)
        defer { [me, a].forEach { $0.close() } }
        let versionBefore = try server.version(of: "a")
        var outgoing = OutgoingMessage(id: "typing-1", receiver: .user("a"), content: .custom(Data("1".utf8)))
        outgoing.onlineUserOnly = true
        guard case .message(let sent) = try await me.send(.sendMessage(outgoing)) else { return XCTFail("no answer") }
        XCTAssertEqual(sent.seq, 0)
        XCTAssertEqual(sent.status, .sent)
        _ = try await a.send(.heartbeat)  // the push comes before this answer
        XCTAssertEqual(a.pushes.count, 1)
        guard case .onlineMessage(let pushed, _) = a.pushes.first else { return XCTFail("\(a.pushes)") }
        XCTAssertEqual(pushed, sent)
        XCTAssertEqual(IMPush.onlineMessage(sent, profile: .init()).protocolVersion, 6,
                       "a socket connection of an earlier version is not sent it (NetworkSession)")
        XCTAssertEqual(me.pushes.count, 1, "the sender's connections too (the sending one tells its own apart)")
        XCTAssertEqual(try server.version(of: "a"), versionBefore)
        XCTAssertEqual(try server.conversations(of: "a"), [])
        XCTAssertEqual(try server.conversations(of: "me"), [])

        // A persisted server journals nothing of it (here through the admin call, whose empty ID
        // the server fills in), and the next stored message keeps its ID across a restart.
        let path = directory.file("server.sqlite")
        var storedID = ""
        do {
            let persisted = try IMReferenceServer(persistingAt: path)
            for user in ["me", "a"] { try persisted.registerUser(user) }
            outgoing.id = ""
            let online = try persisted.send(outgoing, from: "me")
            XCTAssertFalse(online.id.isEmpty)
            storedID = try persisted.send(OutgoingMessage(id: "", receiver: .user("a"), content: .text("kept")), from: "me").id
        }
        XCTAssertEqual(try ServerJournal(path: path).contents().operations.count, 3, "the two users and the stored message")
        let reopened = try IMReferenceServer(persistingAt: path)
        XCTAssertEqual(try reopened.conversations(of: "a").first?.lastMessage?.id, storedID)
    }
}

/// `newerHistory` (version 6): the messages after a sequence, oldest first, without the ones the
/// user deleted or cleared, within the byte budget.
final class NewerHistoryServerTests: XCTestCase {
    func test_newerPages_areOldestFirst_withoutWhatTheUserDeletedOrCleared_withinTheBudget() async throws {
        let server = IMReferenceServer()
        for user in ["me", "a"] { try server.registerUser(user) }
        for index in 1...10 { try server.sendText("m\(index)", from: "a", toUser: "me") }
        let me = try await RawDevice(userID: "me", transport: server)
        defer { me.close() }
        func texts(after seq: UInt64, count: Int) async throws -> [String] {
            guard case .messages(let page) = try await me.send(.newerHistory(.c2c("a"), afterSeq: seq, count: count)) else {
                XCTFail("no messages")
                return []
            }
            return page.compactMap(\.content.text)
        }
        let first = try await texts(after: 0, count: 3)
        XCTAssertEqual(first, ["m1", "m2", "m3"])
        let last = try await texts(after: 8, count: 5)
        XCTAssertEqual(last, ["m9", "m10"])
        let past = try await texts(after: 10, count: 5)
        XCTAssertEqual(past, [])

        _ = try await me.send(.deleteMessages(.c2c("a"), seqs: [5, 6]))
        let skipping = try await texts(after: 3, count: 4)
        XCTAssertEqual(skipping, ["m4", "m7", "m8", "m9"], "deleted messages left out, the page still full")
        _ = try await me.send(.clearHistory(.c2c("a")))
        try server.sendText("m11", from: "a", toUser: "me")
        let cleared = try await texts(after: 0, count: 5)
        XCTAssertEqual(cleared, ["m11"], "nothing up to the clear")

        server.syncPageByteBudget = 1
        for index in 12...13 { try server.sendText("m\(index)", from: "a", toUser: "me") }
        let budgeted = try await texts(after: 0, count: 5)
        XCTAssertEqual(budgeted, ["m11"], "one message past the budget comes alone")
        do {
            _ = try await me.send(.newerHistory(.c2c("a"), afterSeq: 0, count: 0))
            XCTFail("a count of 0 was answered")
        } catch let error as IMError {
            XCTAssertEqual(error.code, .invalidParameters)
        }
    }
}
