import ConversationListKit
import XCTest
import IMCore
import IMTransportKit
import IMReferenceServer
import IMTestSupport
import ImSDK
import ImSDK_Plus

class LegacyAPITests: XCTestCase {
    private var session: LegacyTestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    // MARK: - The seeds' examples, verbatim

    func test_seedExample_getUnReadMessageNum_thenSetReadMessageNil_readsEverything() async throws {
        session = try await LegacyTestSession(peers: ["iOS_002"])
        for _ in 0..<3 { try session.server.sendText("hi", from: "iOS_002", toUser: "me") }
        await session.settle()

        let conversation = TIMManager.sharedInstance().getConversation(.C2C, receiver: "iOS_002")
        XCTAssertEqual(conversation?.getUnReadMessageNum(), 3)
        XCTAssertEqual(TIMManager.sharedInstance().getConversation(.C2C, receiver: "iOS_002").getUnReadMessageNum(), 3)

        conversation?.setReadMessage(nil, succ: nil, fail: nil)
        await session.settle()
        XCTAssertEqual(conversation?.getUnReadMessageNum(), 0)
        XCTAssertEqual(conversation?.getLastMsg()?.isReaded(), true)
    }

    func test_seedExample_refreshListenerSetBeforeLogin_hearsReadsMadeOnAnotherDevice() async throws {
        let recorder = LegacyRecorder()
        session = try await LegacyTestSession(peers: ["iOS_002"]) { config in
            config.disableAutoReport = true
            config.refreshListener = recorder
        }
        for _ in 0..<2 { try session.server.sendText("hi", from: "iOS_002", toUser: "me") }
        await session.settle()
        XCTAssertEqual(recorder.lastUnread("iOS_002"), 2)

        let otherDevice = try await RawDevice(userID: "me", transport: session.server)
        defer { otherDevice.close() }
        try await otherDevice.send(.markRead(.c2c("iOS_002"), upTo: .max))
        await session.settle()
        XCTAssertEqual(recorder.lastUnread("iOS_002"), 0, "the read on the other device arrives as a refresh")
        XCTAssertEqual(session.manager.getConversation(.C2C, receiver: "iOS_002").getUnReadMessageNum(), 0)
    }

    // MARK: - Reads

    func test_setReadMessage_withAMessage_readsItAndEverythingBefore() async throws {
        session = try await LegacyTestSession(peers: ["a"])
        for index in 0..<4 { try session.server.sendText("m\(index)", from: "a", toUser: "me") }
        await session.settle()
        let conversation = session.manager.getConversation(.C2C, receiver: "a")!
        let messages = try await localMessages(conversation, count: 10)
        XCTAssertEqual(messages.map(text), ["m3", "m2", "m1", "m0"])
        XCTAssertEqual(messages.map { $0.isReaded() }, [false, false, false, false])

        try await call { conversation.setReadMessage(messages[2], succ: $0, fail: $1) }
        XCTAssertEqual(conversation.getUnReadMessageNum(), 2)
        XCTAssertEqual(messages.map { $0.isReaded() }, [false, false, true, true], "read flags follow the cursor")
        XCTAssertEqual(messages[2].locator()?.seq, 2)

        try await call { conversation.setRead(nil, succ: $0, fail: $1) }
        XCTAssertEqual(conversation.getUnReadMessageNum(), 0)
        XCTAssertTrue(messages.allSatisfy { $0.isReaded() })
    }

    func test_setReadMessage_withAMessageOfAnotherConversation_failsWith6017() async throws {
        session = try await LegacyTestSession(peers: ["a", "b"])
        try session.server.sendText("x", from: "a", toUser: "me")
        try session.server.sendText("y", from: "b", toUser: "me")
        await session.settle()
        let b = session.manager.getConversation(.C2C, receiver: "b")!
        let fromA = session.manager.getConversation(.C2C, receiver: "a").getLastMsg()!
        let code = await failureCode { b.setReadMessage(fromA, succ: $0, fail: $1) }
        XCTAssertEqual(code, 6017)
        XCTAssertEqual(b.getUnReadMessageNum(), 1)
    }

    // MARK: - Auto report

    func test_autoReportDefault_otherDevicesAndAFreshLoginSeeTheMessagesRead_thisDeviceKeepsItsCount() async throws {
        session = try await LegacyTestSession(peers: ["a"])
        for _ in 0..<3 { try session.server.sendText("hi", from: "a", toUser: "me") }
        await session.settle()
        let conversation = session.manager.getConversation(.C2C, receiver: "a")!
        XCTAssertEqual(conversation.getUnReadMessageNum(), 3, "this device counts them")
        try await session.waitForServer { $0.first?.unreadMessages.isEmpty == true }

        let otherDevice = try await RawDevice(userID: "me", transport: session.server)
        defer { otherDevice.close() }
        guard case .changes(let changes) = try await otherDevice.send(.syncChanges(since: 0)) else {
            return XCTFail("no conversations")
        }
        XCTAssertEqual(changes.conversations.first?.unreadMessages.count, 0, "the server counts pulled messages as read")

        try await session.logout()
        try await session.login()
        XCTAssertEqual(session.manager.getConversation(.C2C, receiver: "a").getUnReadMessageNum(), 0,
                       "a login without the local store sees them read")
    }

    func test_disableAutoReport_unreadStaysOnTheServer_andSyncsAgainAtLogin() async throws {
        session = try await LegacyTestSession(peers: ["a"]) { $0.disableAutoReport = true }
        for _ in 0..<3 { try session.server.sendText("hi", from: "a", toUser: "me") }
        await session.settle()
        try await session.logout()
        try await session.login()
        let conversation = session.manager.getConversation(.C2C, receiver: "a")!
        XCTAssertEqual(conversation.getUnReadMessageNum(), 3)
        try await call { conversation.setReadMessage(nil, succ: $0, fail: $1) }
        try await session.logout()
        try await session.login()
        XCTAssertEqual(session.manager.getConversation(.C2C, receiver: "a").getUnReadMessageNum(), 0)
    }

    func test_setUserConfigAfterLogin_changesNothingInTheSession_andSaysSoInTheLog() async throws {
        session = try await LegacyTestSession(peers: ["a"])
        let late = TIMUserConfig()
        late.disableAutoReport = true
        XCTAssertEqual(session.manager.setUserConfig(late), 0)
        XCTAssertTrue(session.logLines.contains { $0.contains("takes effect at the next login") }, "\(session.logLines)")
        try session.server.sendText("hi", from: "a", toUser: "me")
        await session.settle()
        try await session.waitForServer { $0.first?.unreadMessages.isEmpty == true }
        let otherDevice = try await RawDevice(userID: "me", transport: session.server)
        defer { otherDevice.close() }
        guard case .changes(let changes) = try await otherDevice.send(.syncChanges(since: 0)) else {
            return XCTFail("no conversations")
        }
        XCTAssertEqual(changes.conversations.first?.unreadMessages.count, 0, "auto report still on for this session")
    }

    // MARK: - Events

    func test_newMessages_reachTIMMessageListener_andTheRefreshListener() async throws {
        let recorder = LegacyRecorder()
        let oldStyle = OldStyleRefreshListener()
        session = try await LegacyTestSession(peers: ["a"]) { $0.refreshListener = recorder }
        session.manager.add(recorder)
        defer { session.manager.remove(recorder) }
        await session.settle()
        recorder.clear()
        try session.server.sendText("hello", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(recorder.events, ["messages hello", "conversations a"])

        let config = session.manager.getUserConfig()!
        config.refreshListener = oldStyle
        try session.server.sendText("again", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(oldStyle.calls.withLock { $0 }, 1, "the 3.x spelling is called too")
    }

    // MARK: - Deletes

    func test_deleteConversation_keepsItsMessages_theyComeBackReadWithTheConversation() async throws {
        session = try await LegacyTestSession(peers: ["a"]) { $0.disableAutoReport = true }
        try session.server.sendText("old", from: "a", toUser: "me")
        await session.settle()
        XCTAssertTrue(session.manager.deleteConversation(.C2C, receiver: "a"))
        XCTAssertEqual(session.receivers(), [])
        XCTAssertFalse(session.manager.deleteConversation(.C2C, receiver: "a"), "already gone")
        try session.server.sendText("new", from: "a", toUser: "me")
        await session.settle()
        let conversation = session.manager.getConversation(.C2C, receiver: "a")!
        let local = try await localMessages(conversation, count: 10)
        XCTAssertEqual(local.map(text), ["new", "old"])
        XCTAssertEqual(conversation.getUnReadMessageNum(), 1)
        let cloud = try await cloudMessages(conversation, count: 10)
        XCTAssertEqual(cloud.map(text), ["new", "old"], "cloud messages stay")
    }

    func test_deleteConversationAndMessages_dropsLocalMessages_cloudKeepsThem() async throws {
        session = try await LegacyTestSession(peers: ["a"])
        try session.server.sendText("old", from: "a", toUser: "me")
        await session.settle()
        XCTAssertTrue(session.manager.deleteConversationAndMessages(.C2C, receiver: "a"))
        try session.server.sendText("new", from: "a", toUser: "me")
        await session.settle()
        let conversation = session.manager.getConversation(.C2C, receiver: "a")!
        let local = try await localMessages(conversation, count: 10)
        XCTAssertEqual(local.map(text), ["new"])
        let cloud = try await cloudMessages(conversation, count: 10)
        XCTAssertEqual(cloud.map(text), ["new", "old"])
    }

    // MARK: - Handles belong to their user

    func test_aHandleTakenAsOneUser_afterALoginAsAnother_actsOnNothing_andWorksAgainForItsUser() async throws {
        session = try await LegacyTestSession(userID: "alice", peers: ["bob", "x"]) { $0.disableAutoReport = true }
        let server = session.server
        for _ in 0..<2 { try server.sendText("to alice", from: "x", toUser: "alice") }
        for _ in 0..<3 { try server.sendText("to bob", from: "x", toUser: "bob") }
        await session.settle()
        let alices = try XCTUnwrap(session.manager.getConversation(.C2C, receiver: "x"))
        let alicesMessage = try XCTUnwrap(alices.getLastMsg())
        XCTAssertEqual(alices.getUnReadMessageNum(), 2)

        try await session.logout()
        let bob = TIMLoginParam()
        bob.identifier = "bob"
        bob.userSig = "sig"
        try await call { self.session.manager.login(bob, succ: $0, fail: $1) }
        await session.settle()
        let bobs = try XCTUnwrap(session.manager.getConversation(.C2C, receiver: "x"))
        XCTAssertEqual(bobs.getUnReadMessageNum(), 3)
        XCTAssertNotEqual(alices, bobs, "the same receiver of two users: two conversations")

        // Alice's handle reads nothing of Bob's conversation...
        XCTAssertEqual(alices.getUnReadMessageNum(), 0)
        XCTAssertNil(alices.getLastMsg())
        XCTAssertNil(alices.getDraft())
        XCTAssertNil(alices.getSelfIdentifier())
        XCTAssertEqual(alices.getGroupAtInfoList()?.count, 0)
        XCTAssertEqual(alices.getLastMsgs(10)?.count, 0)
        XCTAssertNil(V2TIMConversation(legacy: alices))
        XCTAssertEqual(alicesMessage.getConversation().getUnReadMessageNum(), 0, "nor does the handle of her message")
        // ...and changes none of it: every call fails with 6014, as when logged out.
        let draft = TIMMessageDraft()
        let draftText = TIMTextElem()
        draftText.text = "alice's draft"
        draft.add(draftText)
        XCTAssertEqual(alices.setDraft(draft), 6014)
        let message = TIMMessage()
        let messageText = TIMTextElem()
        messageText.text = "from alice's handle"
        message.add(messageText)
        let codes = [
            await statusAndFailure { alices.setReadMessage(nil, succ: $0, fail: $1) },
            await statusAndFailure { alicesMessage.getConversation().setReadMessage(alicesMessage, succ: $0, fail: $1) },
            await statusAndFailure { alices.send(message, succ: $0, fail: $1) },
            await statusAndFailure { succ, fail in alices.getMessage(10, last: nil, succ: { _ in succ() }, fail: fail) },
            await statusAndFailure { succ, fail in alices.getLocalMessage(10, last: nil, succ: { _ in succ() }, fail: fail) },
            await statusAndFailure { succ, fail in
                alices.findMessages([alicesMessage.locator()!], succ: { _ in succ() }, fail: fail)
            },
        ]
        XCTAssertEqual(codes.map(\.status), Array(repeating: 6014, count: codes.count))
        XCTAssertEqual(codes.map(\.failure), Array(repeating: 6014, count: codes.count))
        let imported = TIMMessage()
        let importedText = TIMTextElem()
        importedText.text = "imported"
        imported.add(importedText)
        XCTAssertEqual(alices.importMessages([imported]), 6014)
        XCTAssertFalse(alices.deleteConversationAndMessages(.C2C, receiver: "x"))
        await session.settle()
        XCTAssertEqual(bobs.getUnReadMessageNum(), 3)
        XCTAssertNil(bobs.getDraft())
        XCTAssertEqual(bobs.getLastMsgs(10)?.count, 3, "nothing sent, imported or deleted in Bob's conversation")
        XCTAssertEqual(session.receivers(), ["x"])
        let bobsCloud = try await cloudMessages(bobs, count: 10)
        XCTAssertEqual(bobsCloud.map(text), Array(repeating: "to bob", count: 3))

        // Logged in as Alice again, her handle is hers again.
        try await session.logout()
        try await session.login()
        await session.settle()
        XCTAssertEqual(alices.getUnReadMessageNum(), 2)
        XCTAssertEqual(alices.getSelfIdentifier(), "alice")
        try await call { alices.setReadMessage(nil, succ: $0, fail: $1) }
        XCTAssertEqual(alices.getUnReadMessageNum(), 0)
        XCTAssertEqual(bobs.getUnReadMessageNum(), 0, "Bob's handle now reads nothing")
    }

    // MARK: - One session, two faces

    func test_loginThroughLegacy_isTheV2Session_andChangesShowInBothAPIs() async throws {
        session = try await LegacyTestSession(peers: ["a", "b"]) { $0.disableAutoReport = true }
        let v2: V2TIMManager = V2TIMManager.sharedInstance()
        XCTAssertEqual(v2.getLoginUser(), "me")
        XCTAssertEqual(session.manager.getLoginUser(), "me")
        XCTAssertEqual(session.manager.getLoginStatus(), .STATUS_LOGINED)
        try session.server.sendText("from b", from: "b", toUser: "me")
        try session.server.sendText("from a", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(session.receivers(), ["a", "b"])

        try await v2.pinConversation(conversationID: "c2c_b", isPinned: true)
        XCTAssertEqual(session.receivers(), ["b", "a"], "a V2 pin shows in the legacy list")

        let message = TIMMessage()
        let elem = TIMTextElem()
        elem.text = "legacy says hi"
        message.add(elem)
        let a = session.manager.getConversation(.C2C, receiver: "a")!
        try await call { a.send(message, succ: $0, fail: $1) }
        XCTAssertEqual(message.status(), .MSG_STATUS_SEND_SUCC)
        XCTAssertTrue(message.isSelf())
        let v2A = try await v2.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(v2A.lastMessage?.textElem?.text, "legacy says hi")
        XCTAssertEqual(v2A.lastMessage?.msgID, message.msgId())
        XCTAssertEqual(V2TIMConversation(legacy: a)?.unreadCount, v2A.unreadCount)
        XCTAssertEqual(TIMConversation(v2: v2A)?.getReceiver(), "a")
        XCTAssertEqual(V2TIMMessage(legacy: message)?.msgID, message.msgId())
    }

    func test_draft_roundTrips_andV2SeesIt() async throws {
        session = try await LegacyTestSession(peers: ["a"])
        let conversation = session.manager.getConversation(.C2C, receiver: "a")!
        XCTAssertNil(conversation.getDraft())
        let draft = TIMMessageDraft()
        let elem = TIMTextElem()
        elem.text = "half a thought"
        draft.add(elem)
        XCTAssertEqual(conversation.setDraft(draft), 0)
        XCTAssertEqual((conversation.getDraft()?.getElem(0) as? TIMTextElem)?.text, "half a thought")
        XCTAssertNotNil(conversation.getDraft()?.timestamp())
        let v2 = try await V2TIMManager.sharedInstance().getConversation(conversationID: "c2c_a")
        XCTAssertEqual(v2.draftText, "half a thought")
        XCTAssertEqual(conversation.setDraft(nil), 0)
        XCTAssertNil(conversation.getDraft())
    }

    func test_groupAtInfoList_andGroupName() async throws {
        session = try await LegacyTestSession(peers: ["a"])
        try session.server.createGroup("g", name: "Team", faceURL: nil, members: ["me", "a"])
        let seq = try session.server.sendText("@me", from: "a", toGroup: "g", atUserIDs: ["me"])
        await session.settle()
        let group = session.manager.getConversation(.GROUP, receiver: "g")!
        XCTAssertEqual(group.getGroupName(), "Team")
        XCTAssertEqual(group.getGroupAtInfoList()?.map(\.seq), [seq])
        XCTAssertEqual(group.getGroupAtInfoList()?.map(\.atType), [.AT_ME])
        XCTAssertEqual(group.getType(), .GROUP)
    }

    func test_systemConversation_existsForLegacy_andIsInvisibleToV2() async throws {
        session = try await LegacyTestSession(peers: [])
        let system = session.manager.getConversation(.SYSTEM, receiver: "")!
        XCTAssertEqual(system.getType(), .SYSTEM)
        XCTAssertEqual(system.getReceiver(), "")
        let draft = TIMMessageDraft()
        let elem = TIMTextElem()
        elem.text = "note to self"
        draft.add(elem)
        XCTAssertEqual(system.setDraft(draft), 0)
        XCTAssertEqual(session.manager.getConversationList().map { $0.getType() }, [.SYSTEM])
        XCTAssertEqual(session.manager.conversationCount(), 1)
        XCTAssertNil(V2TIMConversation(legacy: system))
        let page = try await V2TIMManager.sharedInstance().getConversationList(nextSeq: 0, count: 10)
        XCTAssertEqual(page.conversationList.count, 0)
    }

    // MARK: - Bad input

    func test_badInput_failsWithTheVendorCodes() async throws {
        let manager = TIMManager.sharedInstance()!
        manager.unInit()
        XCTAssertEqual(manager.initSdk(nil), 1)
        let param = TIMLoginParam()
        param.identifier = "me"
        param.userSig = "sig"
        let beforeInit = await failureCode { manager.login(param, succ: $0, fail: $1) }
        XCTAssertEqual(beforeInit, 6013)
        XCTAssertEqual(manager.setUserConfig(TIMUserConfig()), 6013)
        XCTAssertEqual(manager.setUserConfig(nil), 1)

        session = try await LegacyTestSession(peers: ["a"])
        try await session.logout()
        XCTAssertNil(manager.getConversation(.C2C, receiver: "a"), "no handle before login")
        XCTAssertEqual(manager.getConversationList().count, 0)
        XCTAssertFalse(manager.deleteConversation(.C2C, receiver: "a"))
        let nilParam = await failureCode { manager.login(nil, succ: $0, fail: $1) }
        let emptyID = await failureCode { succ, fail in
            let empty = TIMLoginParam()
            empty.identifier = ""
            manager.login(empty, succ: succ, fail: fail)
        }
        XCTAssertEqual([nilParam, emptyID], [6017, 6017])

        try await session.login()
        XCTAssertNil(manager.getConversation(.C2C, receiver: ""), "empty receiver")
        XCTAssertNil(manager.getConversation(.GROUP, receiver: nil), "nil receiver")
        let unknown = manager.getConversation(.C2C, receiver: "nobody")!
        XCTAssertEqual(unknown.getUnReadMessageNum(), 0)
        XCTAssertNil(unknown.getLastMsg())
        let read = await failureCode { unknown.setReadMessage(nil, succ: $0, fail: $1) }
        XCTAssertEqual(read, 6004)
        let badCount = await failureCode { succ, fail in
            unknown.getMessage(0, last: nil, succ: { _ in succ() }, fail: fail)
        }
        XCTAssertEqual(badCount, 6017)
        let sendNothing = await failureCode { unknown.send(TIMMessage(), succ: $0, fail: $1) }
        XCTAssertEqual(sendNothing, 6017)
        XCTAssertEqual(manager.getConversationList().count, 0, "nothing was created")
    }

    /// `doBackground` / `doForeground` report the app's state and badge for offline push, which
    /// this package does not have: they check the session and succeed, and messages keep coming.
    func test_doBackgroundAndDoForeground_checkTheSession_andSucceed() async throws {
        let manager = TIMManager.sharedInstance()!
        manager.unInit()
        let param = TIMBackgroundParam()
        param.c2cUnread = 3
        param.groupUnread = 1
        let beforeInit = await statusAndFailure { manager.doBackground(param, succ: $0, fail: $1) }
        XCTAssertEqual([beforeInit.status, beforeInit.failure], [6013, 6013])

        session = try await LegacyTestSession(peers: ["a"])
        let background = await statusAndFailure { manager.doBackground(param, succ: $0, fail: $1) }
        XCTAssertEqual([background.status, background.failure], [0, 0])
        try session.server.sendText("while away", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(manager.getConversation(.C2C, receiver: "a")?.getUnReadMessageNum(), 1)
        let foreground = await statusAndFailure { manager.doForeground($0, fail: $1) }
        XCTAssertEqual([foreground.status, foreground.failure], [0, 0])

        try await session.logout()
        let loggedOut = await statusAndFailure { manager.doForeground($0, fail: $1) }
        XCTAssertEqual([loggedOut.status, loggedOut.failure], [6014, 6014])
    }

    /// The 4.x `TIMManager` extras: `autoLogin` (the UserSig of the last login since `initSdk`),
    /// `getVersion`, `getLogPath`, `groupManager`.
    func test_autoLogin_getVersion_getLogPath_andGroupManager() async throws {
        let manager = TIMManager.sharedInstance()!
        session = try await LegacyTestSession(peers: ["a"], configureSDK: { $0.logPath = "/tmp/im-logs" })
        XCTAssertEqual(manager.getVersion(), V2TIMManager.sharedInstance().getVersion())
        XCTAssertEqual(manager.getLogPath(), "/tmp/im-logs")
        XCTAssertTrue(manager.groupManager() === TIMGroupManager.sharedInstance())

        try await session.logout()
        let stranger = await statusAndFailure { manager.autoLogin("a", succ: $0, fail: $1) }
        XCTAssertEqual([stranger.status, stranger.failure], [6026, 6026], "a never logged in here")
        let again = await statusAndFailure { manager.autoLogin("me", succ: $0, fail: $1) }
        XCTAssertEqual([again.status, again.failure], [0, 0])
        XCTAssertEqual(manager.getLoginStatus(), .STATUS_LOGINED)
        XCTAssertEqual(manager.getLoginUser(), "me")

        try await session.logout()
        manager.unInit()
        let afterUnInit = await statusAndFailure { manager.autoLogin("me", succ: $0, fail: $1) }
        XCTAssertEqual(afterUnInit.status, 6026, "unInit forgets the last logins")
    }

    /// `TIMManager.init()` (3.x apps made their own) is another handle on the one session; the
    /// group receive option reads back, in both the 4.4.716 names and the misspelled earlier ones.
    func test_aManagerMadeWithInit_andTheGroupReceiveOptionReadBack_inBothSpellings() async throws {
        session = try await LegacyTestSession(peers: ["a"])
        try session.server.createGroup("g", members: ["me", "a"])
        let own = TIMManager.init()
        XCTAssertEqual(own.getLoginUser(), "me", "the session sharedInstance() logged in")
        XCTAssertTrue(own.getUserConfig() === TIMManager.sharedInstance().getUserConfig())
        XCTAssertEqual(own.getConversation(.C2C, receiver: "a")?.getReceiver(), "a")

        let groups = TIMGroupManager.sharedInstance()!
        func option(_ read: (@escaping TIMGroupReciveMessageOptSucc, @escaping TIMFail) -> Int32) async throws -> Int {
            try await callValue { (succ: @escaping (Int) -> Void, fail) in
                XCTAssertEqual(read({ succ($0.rawValue) }, { code, desc in fail(code, desc) }), 0)
            }
        }
        let before = try await option { groups.getReceiveMessageOpt("g", succ: $0, fail: $1) }
        XCTAssertEqual(before, TIMGroupReceiveMessageOpt.GROUP_RECEIVE_MESSAGE.rawValue)
        try await call { succ, fail in groups.modifyReciveMessageOpt("g", opt: .GROUP_NOT_RECEIVE_MESSAGE, succ: succ, fail: fail) }
        let after = try await option { groups.getReciveMessageOpt("g", succ: $0, fail: $1) }
        XCTAssertEqual(after, TIMGroupReceiveMessageOpt.GROUP_NOT_RECEIVE_MESSAGE.rawValue)
        try await call { V2TIMManager.sharedInstance().setGroupReceiveMessageOpt(groupID: "g", opt: .RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT, succ: $0, fail: $1) }
        let exceptAt = try await option { groups.getReceiveMessageOpt("g", succ: $0, fail: $1) }
        XCTAssertEqual(exceptAt, TIMGroupReceiveMessageOpt.GROUP_RECEIVE_NOT_NOTIFY_MESSAGE.rawValue, "V2's except-@ reads as the option it extends")

        let unknown = await statusAndFailure { succ, fail in groups.getReceiveMessageOpt("nope", succ: { _ in succ() }, fail: fail) }
        XCTAssertEqual([unknown.status, unknown.failure], [0, 10010])
        let empty = await statusAndFailure { succ, fail in groups.getReciveMessageOpt("", succ: { _ in succ() }, fail: fail) }
        XCTAssertEqual([empty.status, empty.failure], [6017, 6017])
        try await session.logout()
        let loggedOut = await statusAndFailure { succ, fail in groups.getReceiveMessageOpt("g", succ: { _ in succ() }, fail: fail) }
        XCTAssertEqual([loggedOut.status, loggedOut.failure], [6014, 6014])
    }

    func test_returnedStatus_matchesTheCodeFailGets() async throws {
        session = try await LegacyTestSession(peers: [])
        let unknown = session.manager.getConversation(.C2C, receiver: "nobody")!
        let failed = Locked<Int32>(0)
        let returned = unknown.setReadMessage(nil, succ: nil, fail: { code, _ in failed.withLock { $0 = code } })
        await session.settle()
        XCTAssertEqual(returned, 6004)
        XCTAssertEqual(failed.withLock { $0 }, 6004)
    }

    // MARK: - Helpers

    private func text(_ message: TIMMessage) -> String {
        (message.getElem(0) as? TIMTextElem)?.text ?? ""
    }

    private func localMessages(_ conversation: TIMConversation, count: Int32) async throws -> [TIMMessage] {
        try await messages { conversation.getLocalMessage(count, last: nil, succ: $0, fail: $1) }
    }

    private func cloudMessages(_ conversation: TIMConversation, count: Int32) async throws -> [TIMMessage] {
        try await messages { conversation.getMessage(count, last: nil, succ: $0, fail: $1) }
    }

    /// What a legacy call returned and the code its `fail` got (0 when `succ` ran).
    private func statusAndFailure(
        _ start: (@escaping () -> Void, @escaping TIMFail) -> Int32
    ) async -> (status: Int32, failure: Int32) {
        var status: Int32 = -1
        let failure = await failureCode { succ, fail in status = start(succ, { code, desc in fail(code, desc) }) }
        return (status, failure == -1 ? 0 : failure)
    }

    private func messages(_ start: (@escaping TIMGetMsgSucc, @escaping TIMFail) -> Void) async throws -> [TIMMessage] {
        try await callValue { succ, fail in
            start({ list in succ((list ?? []).compactMap { $0 as? TIMMessage }) }, { code, desc in fail(code, desc) })
        }
    }
}

/// The list model from legacy code, on the legacy session.
final class LegacyListModelTests: XCTestCase {
    func test_aLegacyAppGetsTheModelsRows_andHandsARowBackToLegacyCalls() async throws {
        let session = try await LegacyTestSession(peers: ["a", "b"]) { $0.disableAutoReport = true }
        defer { session.tearDown() }
        try session.server.sendText("1", from: "b", toUser: "me")
        try session.server.sendText("2", from: "a", toUser: "me")
        await session.settle()
        let model = ConversationListModel(legacy: session.manager)
        defer { model.stop() }
        _ = try await model.loadNextPage()
        XCTAssertEqual(model.rows.map(\.conversationID), ["c2c_a", "c2c_b"])
        let legacy = try XCTUnwrap(model.rows.first?.legacyConversation)
        XCTAssertEqual(legacy.getReceiver(), "a")
        XCTAssertEqual(legacy.getUnReadMessageNum(), 1)
        try await call { legacy.setReadMessage(nil, succ: $0, fail: $1) }
        await session.settle()
        XCTAssertEqual(model.rows.first?.unreadBadge, ConversationRowViewData.UnreadBadge.none,
                       "a legacy read shows in the model's rows")
    }
}
