import Foundation
import IMCore
import IMTestSupport
import IMTransportKit
import ImSDK
import ImSDK_Plus
import XCTest

/// The legacy local-message calls through the public API, on a store on disk: `uniqueId`, the
/// custom fields, `remove`, importing, `findMessages`, `getLastMsgs`; each across a restart (a
/// logout and a login over the same directory), with bad input, and shared with V2.
final class LegacyLocalMessagesTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: LegacyTestSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory(prefix: "legacy-local")
    }

    override func tearDown() {
        session?.tearDown()
        session = nil
        directory?.remove()
        super.tearDown()
    }

    // MARK: - Helpers

    private func start(peers: [String] = ["a", "b"]) async throws {
        session = try await LegacyTestSession(peers: peers, databaseDirectory: directory.path) { config in
            config.disableStorage = false
        }
    }

    private func restart() async throws {
        try await session.logout()
        try await session.login()
    }

    private var manager: TIMManager { session.manager }

    private func conversation(_ receiver: String, _ type: TIMConversationType = .C2C) -> TIMConversation {
        manager.getConversation(type, receiver: receiver)
    }

    private func text(_ message: TIMMessage) -> String {
        (message.getElem(0) as? TIMTextElem)?.text ?? "?"
    }

    private func textMessage(_ text: String) -> TIMMessage {
        let message = TIMMessage()
        let elem = TIMTextElem()
        elem.text = text
        message.add(elem)
        return message
    }

    private func messages(_ start: (@escaping TIMGetMsgSucc, @escaping TIMFail) -> Void) async throws -> [TIMMessage] {
        try await callValue { succ, fail in
            start({ list in succ((list ?? []).compactMap { $0 as? TIMMessage }) }, { code, desc in fail(code, desc) })
        }
    }

    private func local(_ conversation: TIMConversation, count: Int32 = 50, last: TIMMessage? = nil) async throws -> [TIMMessage] {
        try await messages { conversation.getLocalMessage(count, last: last, succ: $0, fail: $1) }
    }

    private func cloud(_ conversation: TIMConversation, count: Int32 = 50) async throws -> [TIMMessage] {
        try await messages { conversation.getMessage(count, last: nil, succ: $0, fail: $1) }
    }

    private func find(_ conversation: TIMConversation, _ locators: [Any]?) async throws -> [TIMMessage] {
        try await messages { conversation.findMessages(locators, succ: $0, fail: $1) }
    }

    /// The code `fail` got (nil: `succ` ran), with the code the call returned.
    private func outcome(_ start: (@escaping TIMSucc, @escaping TIMFail) -> Int32) async -> (returned: Int32, reported: Int32?) {
        var returned: Int32 = -1
        do {
            try await call { succ, fail in returned = start(succ, fail) }
            return (returned, nil)
        } catch let error as V2TIMError {
            return (returned, error.code)
        } catch {
            return (returned, -1)
        }
    }

    private func initStorage(_ userID: String?) async -> (returned: Int32, reported: Int32?) {
        let param = userID.map { id -> TIMLoginParam in
            let param = TIMLoginParam()
            param.identifier = id
            return param
        }
        return await outcome { TIMManager.sharedInstance().initStorage(param, succ: $0, fail: $1) }
    }

    private func databasePath(_ userID: String) -> String {
        ConversationDatabase.path(directory: directory.path, appID: 1_400_000_001, userID: userID)
    }

    // MARK: - uniqueId

    func test_uniqueId_isStableAcrossHandoutsRestartsAndGenerations_andDistinctPerMessage() async throws {
        try await start()
        for index in 0..<3 { try session.server.sendText("m\(index)", from: "a", toUser: "me") }
        await session.settle()
        let before = try await local(conversation("a"))
        let ids = before.map { $0.uniqueId() }
        XCTAssertEqual(Set(ids).count, 3)
        XCTAssertFalse(ids.contains(0))
        XCTAssertEqual(conversation("a").getLastMsg().uniqueId(), ids[0], "the same message handed out again")
        XCTAssertEqual(before.map { $0.locator().seq }, [3, 2, 1])
        XCTAssertEqual(ids[0] >> 32, 3, "the sequence is in the high bits")
        let v2Last = try await V2TIMManager.sharedInstance().getConversation(conversationID: "c2c_a").lastMessage
        XCTAssertEqual(v2Last?.seq, ids[0] >> 32)
        XCTAssertEqual(v2Last?.random, ids[0] & 0xFFFF_FFFF, "V2 shows the parts of the same value")

        try await restart()
        let after = try await local(conversation("a"))
        XCTAssertEqual(after.map { $0.uniqueId() }, ids)
        XCTAssertEqual(TIMMessage().uniqueId(), 0, "a message the SDK has not seen")
    }

    func test_uniqueId_ofASentMessage_isFixedOnceSent() async throws {
        try await start()
        let message = textMessage("mine")
        try await call { conversation("a").send(message, succ: $0, fail: $1) }
        let sent = message.uniqueId()
        XCTAssertEqual(sent >> 32, 1)
        XCTAssertEqual(conversation("a").getLastMsg().uniqueId(), sent)
        try await restart()
        XCTAssertEqual(conversation("a").getLastMsg().uniqueId(), sent)
    }

    // MARK: - Custom fields

    func test_customFields_ofAReceivedMessage_areStoredAtOnce_surviveARestart_andAreV2sLocalFields() async throws {
        try await start()
        try session.server.sendText("voice", from: "a", toUser: "me")
        try session.server.sendText("other", from: "a", toUser: "me")
        await session.settle()
        let voice = try await local(conversation("a"))[1]
        XCTAssertEqual(voice.customInt(), 0)
        XCTAssertEqual(voice.customData(), Data(), "the documented default is empty")
        XCTAssertTrue(voice.setCustomInt(1))
        XCTAssertTrue(voice.setCustomData(Data("played".utf8)))

        let again = try await local(conversation("a"))
        XCTAssertEqual(again.map { $0.customInt() }, [0, 1], "another handout of the same message sees it")
        XCTAssertEqual(again[1].customData(), Data("played".utf8))

        let v2 = V2TIMManager.sharedInstance()!
        let history: [V2TIMMessage] = try await callValue { succ, fail in
            v2.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil, succ: { succ($0 ?? []) }, fail: fail)
        }
        XCTAssertEqual(history.map(\.localCustomInt), [0, 1], "V2's localCustomInt is the same field")
        XCTAssertEqual(history[1].localCustomData, Data("played".utf8))

        try await restart()
        let restored = try await local(conversation("a"))
        XCTAssertEqual(restored[1].customInt(), 1)
        XCTAssertEqual(restored[1].customData(), Data("played".utf8))
        XCTAssertEqual(restored[0].customInt(), 0)

        XCTAssertTrue(restored[1].setCustomData(nil))
        XCTAssertEqual(restored[1].customData(), Data(), "nil clears")
    }

    func test_customFields_areNeverSent_thePeerGetsTheMessageAlone() async throws {
        try await start()
        let message = textMessage("to a")
        XCTAssertTrue(message.setCustomInt(42))
        XCTAssertTrue(message.setCustomData(Data("secret".utf8)))
        try await call { conversation("a").send(message, succ: $0, fail: $1) }
        let peer = try await RawDevice(userID: "a", transport: session.server)
        defer { peer.close() }
        guard case .messages(let history) = try await peer.send(.history(.c2c("me"), beforeSeq: nil, count: 5)) else {
            return XCTFail("no history")
        }
        XCTAssertEqual(history.map(\.id), [message.msgId()])
        XCTAssertEqual(history.first?.content, .text("to a"), "the wire form carries the content and no local field")
        XCTAssertEqual(message.customInt(), 42, "kept here")
    }

    func test_customFields_setBeforeSending_areStoredWithTheSentMessage() async throws {
        try await start()
        weak var released: TIMMessage?
        do {
            let message = textMessage("mine")
            released = message
            XCTAssertTrue(message.setCustomInt(7))
            XCTAssertTrue(message.setCustomData(Data([1, 2])))
            XCTAssertEqual(message.customInt(), 7, "kept with the object before it is sent")
            try await call { conversation("a").send(message, succ: $0, fail: $1) }
        }
        await session.settle()
        XCTAssertNil(released, "the object is gone: what follows comes from the store")
        try await restart()
        let last = conversation("a").getLastMsg()!
        XCTAssertEqual(last.customInt(), 7)
        XCTAssertEqual(last.customData(), Data([1, 2]))
    }

    func test_customFields_ofAStoredMessage_whenLoggedOut_failAndChangeNothing() async throws {
        try await start()
        try session.server.sendText("x", from: "a", toUser: "me")
        await session.settle()
        let message = conversation("a").getLastMsg()!
        XCTAssertTrue(message.setCustomInt(5))
        try await session.logout()
        XCTAssertFalse(message.setCustomInt(6))
        XCTAssertFalse(message.setCustomData(Data([1])))
        XCTAssertEqual(message.customInt(), 0, "no store is open")
        try await session.login()
        XCTAssertEqual(message.customInt(), 5)
    }

    // MARK: - remove

    func test_remove_leavesLocalAndCloudHistory_dropsItsUnread_andMovesTheLastMessage() async throws {
        try await start()
        for index in 0..<3 { try session.server.sendText("m\(index)", from: "a", toUser: "me") }
        await session.settle()
        let a = conversation("a")
        let messages = try await local(a)
        XCTAssertEqual(a.getUnReadMessageNum(), 3)

        XCTAssertTrue(messages[0].remove())
        XCTAssertEqual(messages[0].status(), .MSG_STATUS_HAS_DELETED)
        let value1 = try await local(a).map(text)
        XCTAssertEqual(value1, ["m1", "m0"])
        let value2 = try await cloud(a).map(text)
        XCTAssertEqual(value2, ["m1", "m0"], "getMessage leaves it out too")
        XCTAssertEqual(a.getUnReadMessageNum(), 2)
        XCTAssertEqual(text(a.getLastMsg()), "m1")
        let value3 = try await find(a, [messages[0].locator()!, messages[1].locator()!]).map(text)
        XCTAssertEqual(value3, ["m1"])

        XCTAssertTrue(messages[1].remove())
        XCTAssertTrue(messages[2].remove())
        XCTAssertNil(a.getLastMsg())
        XCTAssertEqual(a.getUnReadMessageNum(), 0)
        XCTAssertEqual(manager.getConversationList().map { $0.getReceiver() }, ["a"], "the conversation stays")
    }

    func test_remove_survivesARestart_andASyncDoesNotBringItBack() async throws {
        try await start()
        try session.server.sendText("keep", from: "a", toUser: "me")
        try session.server.sendText("drop", from: "a", toUser: "me")
        await session.settle()
        XCTAssertTrue(conversation("a").getLastMsg().remove())

        try await restart()
        try session.server.sendText("new", from: "a", toUser: "me")
        await session.settle()
        let value4 = try await local(conversation("a")).map(text)
        XCTAssertEqual(value4, ["new", "keep"])
        XCTAssertEqual(conversation("a").getUnReadMessageNum(), 2)
    }

    func test_remove_ofWhatIsNotStored_orWhenLoggedOut_returnsFalse() async throws {
        try await start()
        XCTAssertFalse(textMessage("never sent").remove())
        try session.server.sendText("x", from: "a", toUser: "me")
        await session.settle()
        let message = conversation("a").getLastMsg()!
        let copy = conversation("a").getLastMsg()!
        try await session.logout()
        XCTAssertFalse(message.remove(), "logged out")
        try await session.login()
        XCTAssertTrue(message.remove())
        XCTAssertFalse(message.remove(), "removed already")
        XCTAssertFalse(copy.remove(), "removed already, through another handout")
    }

    // MARK: - Importing

    func test_importedMessages_takeTheirSenderAndTime_areNeverUnread_andSurviveARestart() async throws {
        try await start()
        try session.server.sendText("real", from: "a", toUser: "me")
        await session.settle()
        let a = conversation("a")
        let realTime = Int(a.getLastMsg().timestamp().timeIntervalSince1970)

        let old = textMessage("old tip")
        XCTAssertEqual(old.convertToImportedMsg(), 0)
        XCTAssertEqual(old.setSender("a"), 0)
        XCTAssertEqual(old.setTime(realTime - 100), 0)
        let mine = textMessage("my note")
        XCTAssertEqual(mine.convertToImportedMsg(), 0)
        XCTAssertEqual(mine.setTime(realTime - 50), 0)
        XCTAssertEqual(a.importMessages([old, mine]), 0)

        XCTAssertEqual(old.sender(), "a")
        XCTAssertFalse(old.isSelf())
        XCTAssertEqual(mine.sender(), "me")
        XCTAssertEqual(Int(old.timestamp().timeIntervalSince1970), realTime - 100)
        let value5 = try await local(a).map(text)
        XCTAssertEqual(value5, ["real", "my note", "old tip"])
        XCTAssertEqual(a.getUnReadMessageNum(), 1, "imports are never unread")
        XCTAssertEqual(text(a.getLastMsg()), "real", "older imports do not replace the last message")
        let value6 = try await cloud(a).map(text)
        XCTAssertEqual(value6, ["real"], "imports are not on the server")

        try await restart()
        let value7 = try await local(a).map(text)
        XCTAssertEqual(value7, ["real", "my note", "old tip"])
        let page = try await local(a, count: 1, last: try await local(a)[1])
        XCTAssertEqual(page.map(text), ["old tip"], "paging continues before an imported message")
    }

    /// The 3.x/4.x `save(_:sender:isReaded:)`: an import made now, the last message, never unread.
    func test_saveMessage_storesItLocally_asAnImportMadeNow() async throws {
        try await start()
        try session.server.sendText("real", from: "a", toUser: "me")
        await session.settle()
        let a = conversation("a")
        let note = textMessage("saved note")
        note.setPriority(.MSG_PRIORITY_LOW)
        XCTAssertEqual(note.getPriority(), .MSG_PRIORITY_LOW)
        XCTAssertEqual(a.save(note, sender: "a", isReaded: false), 0)
        XCTAssertEqual(note.sender(), "a")
        XCTAssertEqual(text(a.getLastMsg()), "saved note")
        XCTAssertEqual(a.getUnReadMessageNum(), 1, "the received one; a saved message is never unread")
        let local = try await local(a).map(text)
        XCTAssertEqual(local, ["saved note", "real"])
        XCTAssertEqual(a.save(note, sender: nil, isReaded: true), 6017, "saved already")
        XCTAssertEqual(a.save(nil, sender: nil, isReaded: true), 6017)
        XCTAssertEqual(a.save(textMessage("x"), sender: "stranger", isReaded: true), 6017, "a C2C sender who is neither party")
    }

    func test_aNewerImport_createsTheConversation_andBecomesTheLastMessageOfBothAPIs() async throws {
        try await start()
        let welcome = textMessage("welcome")
        XCTAssertEqual(welcome.convertToImportedMsg(), 0)
        XCTAssertEqual(welcome.setSender("b"), 0)
        XCTAssertTrue(welcome.setCustomInt(9))
        XCTAssertEqual(conversation("b").importMessages([welcome]), 0)

        XCTAssertEqual(manager.getConversationList().map { $0.getReceiver() }, ["b"])
        XCTAssertEqual(text(conversation("b").getLastMsg()), "welcome")
        XCTAssertEqual(conversation("b").getLastMsg().customInt(), 9, "fields set before the import are stored")
        let v2 = try await V2TIMManager.sharedInstance().getConversation(conversationID: "c2c_b")
        XCTAssertEqual(v2.lastMessage?.textElem?.text, "welcome")
        XCTAssertEqual(v2.lastMessage?.sender, "b")
        XCTAssertEqual(v2.lastMessage?.localCustomInt, 9)
        XCTAssertEqual(v2.unreadCount, 0)

        XCTAssertTrue(welcome.remove())
        XCTAssertNil(conversation("b").getLastMsg())
    }

    func test_importMessages_refusesBadInput_andImportsNothingThen() async throws {
        try await start()
        try session.server.sendText("received", from: "a", toUser: "me")
        await session.settle()
        let a = conversation("a")
        let received = a.getLastMsg()!
        let invalid = ERR_INVALID_PARAMETERS.rawValue
        let good = textMessage("good")
        XCTAssertEqual(good.convertToImportedMsg(), 0)

        XCTAssertEqual(a.importMessages(nil), invalid)
        XCTAssertEqual(a.importMessages([good, "not a message"]), invalid)
        XCTAssertEqual(a.importMessages([good, received]), invalid, "a received message")
        XCTAssertEqual(a.importMessages([good, good]), invalid, "the same message twice")
        XCTAssertEqual(a.importMessages([good, TIMMessage()]), invalid, "no element")
        let stranger = textMessage("stranger")
        XCTAssertEqual(stranger.convertToImportedMsg(), 0)
        XCTAssertEqual(stranger.setSender("b"), 0)
        XCTAssertEqual(a.importMessages([good, stranger]), invalid, "a C2C sender who is neither party")
        XCTAssertEqual(conversation("", .SYSTEM).importMessages([good]), invalid)
        let value8 = try await local(a).map(text)
        XCTAssertEqual(value8, ["received"], "nothing was imported")

        XCTAssertEqual(a.importMessages([]), 0)
        XCTAssertEqual(a.importMessages([good]), 0)
        XCTAssertEqual(a.importMessages([good]), invalid, "imported already")
        try await session.logout()
        let late = textMessage("late")
        XCTAssertNil(manager.getConversation(.C2C, receiver: "a"), "no handle when logged out")
        XCTAssertEqual(a.importMessages([late]), ERR_SDK_NOT_LOGGED_IN.rawValue)
    }

    func test_convertSenderAndTime_refuseWhatIsNotAMessageToImport() async throws {
        try await start()
        let fresh = textMessage("x")
        XCTAssertEqual(fresh.setTime(100), 1, "convert first")
        XCTAssertEqual(fresh.setSender("a"), 1, "convert first")
        XCTAssertEqual(TIMMessage().convertToImportedMsg(), 1, "nothing to import")
        XCTAssertEqual(fresh.convertToImportedMsg(), 0)
        XCTAssertEqual(fresh.convertToImportedMsg(), 0, "again: harmless")
        XCTAssertEqual(fresh.setTime(-1), 1)
        XCTAssertEqual(fresh.setSender(nil), 1)
        XCTAssertEqual(fresh.setSender(""), 1)
        let sendResult = await outcome { conversation("a").send(fresh, succ: $0, fail: $1) }
        XCTAssertEqual(sendResult.reported, ERR_INVALID_PARAMETERS.rawValue, "a message to import is not sent")

        let sent = textMessage("sent")
        try await call { conversation("a").send(sent, succ: $0, fail: $1) }
        XCTAssertEqual(sent.convertToImportedMsg(), 1)
        XCTAssertEqual(sent.setTime(5), 1)
    }

    // MARK: - findMessages

    func test_findMessages_returnsTheLocatedLocalMessagesInOrder() async throws {
        try await start()
        for index in 0..<3 { try session.server.sendText("a\(index)", from: "a", toUser: "me") }
        try session.server.sendText("b0", from: "b", toUser: "me")
        await session.settle()
        let a = conversation("a")
        let messages = try await local(a)
        let other = conversation("b").getLastMsg().locator()!
        let unknown = TIMMessageLocator()
        unknown.seq = 99
        let wrongRandom = messages[0].locator()!
        wrongRandom.rand &+= 1
        let imported = textMessage("tip")
        XCTAssertEqual(imported.convertToImportedMsg(), 0)
        XCTAssertEqual(a.importMessages([imported]), 0)
        let byID = TIMMessageLocator()
        byID.msgId = imported.msgId()

        let found = try await find(a, [messages[2].locator()!, unknown, other, messages[0].locator()!, wrongRandom, byID])
        XCTAssertEqual(found.map(text), ["a0", "a2", "tip"])
        XCTAssertEqual(found.map { $0.uniqueId() }.prefix(2), [messages[2].uniqueId(), messages[0].uniqueId()])

        try await restart()
        let value9 = try await find(a, [messages[1].locator()!]).map(text)
        XCTAssertEqual(value9, ["a1"])
        let value10 = try await find(a, []).count
        XCTAssertEqual(value10, 0)
    }

    func test_findMessages_withBadInputOrLoggedOut_failsWithTheVendorCodes() async throws {
        try await start()
        let a = conversation("a")
        let nilInput = await outcome { succ, fail in a.findMessages(nil, succ: { _ in succ() }, fail: fail) }
        XCTAssertEqual(nilInput.returned, ERR_INVALID_PARAMETERS.rawValue)
        XCTAssertEqual(nilInput.reported, ERR_INVALID_PARAMETERS.rawValue)
        let strings = await outcome { succ, fail in a.findMessages(["seq 1"], succ: { _ in succ() }, fail: fail) }
        XCTAssertEqual(strings.reported, ERR_INVALID_PARAMETERS.rawValue)
        try await session.logout()
        let loggedOut = await outcome { succ, fail in a.findMessages([TIMMessageLocator()], succ: { _ in succ() }, fail: fail) }
        XCTAssertEqual(loggedOut.returned, ERR_SDK_NOT_LOGGED_IN.rawValue)
        XCTAssertEqual(loggedOut.reported, ERR_SDK_NOT_LOGGED_IN.rawValue)
    }

    // MARK: - getLastMsgs

    func test_getLastMsgs_returnsAtMost20NewestFirst_synchronously() async throws {
        try await start()
        for index in 0..<25 { try session.server.sendText("m\(index)", from: "a", toUser: "me") }
        await session.settle()
        let a = conversation("a")
        XCTAssertEqual(a.getLastMsgs(3).compactMap { ($0 as? TIMMessage).map(text) }, ["m24", "m23", "m22"])
        XCTAssertEqual(a.getLastMsgs(100).count, 20)
        XCTAssertEqual(a.getLastMsgs(0).count, 0)
        XCTAssertEqual(conversation("nobody").getLastMsgs(5).count, 0)
        try await session.logout()
        XCTAssertEqual(a.getLastMsgs(5).count, 0, "no store is open")
    }

    // MARK: - initStorage

    func test_initStorage_showsTheLocalStoreOffline_andALoginOfTheSameUserGoesOnAndSyncs() async throws {
        try await start()
        try session.server.sendText("before", from: "a", toUser: "me")
        try session.server.sendText("hello", from: "b", toUser: "me")
        await session.settle()
        let expectedList = session.receivers()
        try await session.logout()
        try session.server.sendText("while away", from: "a", toUser: "me")

        let opened = await initStorage("me")
        XCTAssertEqual(opened.returned, 0)
        XCTAssertNil(opened.reported)
        XCTAssertEqual(session.receivers(), expectedList)
        XCTAssertEqual(manager.conversationCount(), 2)
        XCTAssertEqual(manager.getLoginStatus(), .STATUS_LOGOUT)
        XCTAssertNil(manager.getLoginUser())
        let a = conversation("a")
        XCTAssertEqual(a.getUnReadMessageNum(), 1, "what the store had: the new message is on the server")
        XCTAssertEqual(text(a.getLastMsg()), "before")
        let value11 = try await local(a).map(text)
        XCTAssertEqual(value11, ["before"])
        XCTAssertEqual(a.getLastMsgs(5).count, 1)
        XCTAssertTrue(a.getLastMsg().setCustomInt(3), "local changes are stored")

        let cloudCall = await outcome { succ, fail in a.getMessage(5, last: nil, succ: { _ in succ() }, fail: fail) }
        XCTAssertEqual(cloudCall.reported, ERR_SDK_NOT_LOGGED_IN.rawValue)
        let readCall = await outcome { a.setReadMessage(nil, succ: $0, fail: $1) }
        XCTAssertEqual(readCall.reported, ERR_SDK_NOT_LOGGED_IN.rawValue)
        let sendCall = await outcome { a.send(self.textMessage("x"), succ: $0, fail: $1) }
        XCTAssertEqual(sendCall.reported, ERR_SDK_NOT_LOGGED_IN.rawValue)
        do {
            _ = try await V2TIMManager.sharedInstance().getConversationList(nextSeq: 0, count: 10)
            XCTFail("V2 calls need a login")
        } catch let error as V2TIMError {
            XCTAssertEqual(error.code, ERR_SDK_NOT_LOGGED_IN.rawValue)
        }

        try await session.login()
        await session.settle()
        XCTAssertEqual(conversation("a").getUnReadMessageNum(), 2, "the login synced")
        let value12 = try await local(conversation("a")).map(text)
        XCTAssertEqual(value12, ["while away", "before"])
        let value13 = try await local(conversation("a"))[1].customInt()
        XCTAssertEqual(value13, 3, "the same store goes on")
    }

    func test_initStorage_withBadInput_failsWithTheVendorCodes_andCreatesNoStore() async throws {
        try await start()
        try await session.logout()
        let nilParam = await initStorage(nil)
        XCTAssertEqual(nilParam.returned, ERR_INVALID_PARAMETERS.rawValue)
        XCTAssertEqual(nilParam.reported, ERR_INVALID_PARAMETERS.rawValue)
        let value14 = await initStorage("").reported
        XCTAssertEqual(value14, ERR_INVALID_PARAMETERS.rawValue)

        let stranger = await initStorage("b")
        XCTAssertEqual(stranger.returned, 0)
        XCTAssertEqual(stranger.reported, ERR_NO_PREVIOUS_LOGIN.rawValue, "b never logged in here")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath("b")))
        XCTAssertEqual(session.receivers(), [])

        session.userConfig.disableStorage = true
        XCTAssertEqual(manager.setUserConfig(session.userConfig), 0)
        let value15 = await initStorage("me").reported
        XCTAssertEqual(value15, ERR_INVALID_PARAMETERS.rawValue, "storage is disabled")

        manager.unInit()
        let uninitialised = await outcome { TIMManager.sharedInstance().initStorage("me", succ: $0, fail: $1) }
        XCTAssertEqual(uninitialised.returned, ERR_SDK_NOT_INITIALIZED.rawValue)
        XCTAssertEqual(uninitialised.reported, ERR_SDK_NOT_INITIALIZED.rawValue)
    }

    func test_initStorage_whileLoggedIn_andLogoutUnInitAndAnotherUser() async throws {
        try await start(peers: ["a", "other"])
        try session.server.sendText("for me", from: "a", toUser: "me")
        await session.settle()
        let value16 = await initStorage("me").reported
        XCTAssertNil(value16, "the logged-in user's store is open already")
        let value17 = await initStorage("other").reported
        XCTAssertEqual(value17, ERR_INVALID_PARAMETERS.rawValue, "someone else is logged in")

        // Give "other" a store of their own.
        try await session.logout()
        let param = TIMLoginParam()
        param.identifier = "other"
        param.userSig = "sig"
        try await call { manager.login(param, succ: $0, fail: $1) }
        try await call { manager.logout($0, fail: $1) }

        let byUserID = await outcome { TIMManager.sharedInstance().initStorage("me", succ: $0, fail: $1) }
        XCTAssertNil(byUserID.reported, "the 4.4 form, with the user ID")
        XCTAssertEqual(session.receivers(), ["a"])
        let value18 = await initStorage("other").reported
        XCTAssertNil(value18)
        XCTAssertEqual(session.receivers(), [], "switched to the other user's store")
        let value19 = await initStorage("me").reported
        XCTAssertNil(value19)
        XCTAssertEqual(session.receivers(), ["a"])

        try await call { manager.logout($0, fail: $1) }
        XCTAssertEqual(session.receivers(), [], "logout closes the store")
        let value20 = await initStorage("me").reported
        XCTAssertNil(value20)
        manager.unInit()
        XCTAssertEqual(session.receivers(), [], "unInit closes it")
    }
}
