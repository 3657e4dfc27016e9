import ImSDK
import ImSDK_Plus
import XCTest

/// (a) Initialising and logging in: through either API, one session for both.
final class SetupSnippetTests: SnippetTestCase {
    func test_legacySetupAndLogin_logInOneSessionThatBothAPIsSee() async throws {
        try register(["me"])
        let screen = LegacyInboxScreen()
        await legacyLogIn(screen)
        XCTAssertEqual(TIMManager.sharedInstance().getLoginUser(), "me")
        XCTAssertEqual(TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGINED)
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginUser(), "me")
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGINED)
        XCTAssertTrue(TIMManager.sharedInstance().getUserConfig().refreshListener === screen)
        let afterSync = await screen.log.waitForReload { $0.isEmpty }
        XCTAssertNotNil(afterSync, "onRefresh after the login's sync reloads the list")
    }

    func test_v2SetupAndLogin_logInOneSessionThatBothAPIsSee() async throws {
        try register(["me"])
        let screen = InboxScreen()
        await v2LogIn(screen)
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginUser(), "me")
        XCTAssertEqual(TIMManager.sharedInstance().getLoginUser(), "me")
        XCTAssertEqual(TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGINED)
        XCTAssertEqual(TIMManager.sharedInstance().getConversationList().count, 0)
    }

    func test_loginOfAnUnknownUser_reachesFail_inBothAPIs() async throws {
        let legacy = LegacyInboxScreen()
        let server = server!
        await onCallbackQueue {
            legacy.setUpSDK(server: server)
            legacy.logIn(userID: "nobody", userSig: "sig")
        }
        await legacy.log.wait { $0.contains { $0.isFailure } }
        XCTAssertEqual(legacy.log.failures, [20003])
        TIMManager.sharedInstance().unInit()

        let v2 = InboxScreen()
        await onCallbackQueue {
            v2.setUpSDK(server: server)
            v2.logIn(userID: "nobody", userSig: "sig")
        }
        await v2.log.wait { $0.contains { $0.isFailure } }
        XCTAssertEqual(v2.log.failures, [20003])
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginStatus(), .STATUS_LOGOUT)
    }

    func test_logInThroughV2_afterLegacyLogin_succeedsAtOnce_onTheSameSession() async throws {
        try register(["me"])
        let legacy = LegacyInboxScreen()
        await legacyLogIn(legacy)
        let v2 = InboxScreen()
        await v2LogIn(v2)
        XCTAssertEqual(TIMManager.sharedInstance().getLoginUser(), "me")
        XCTAssertEqual(V2TIMManager.sharedInstance().getLoginUser(), "me")
    }
}
