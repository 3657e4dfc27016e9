import XCTest
import IMTestSupport

/// The legacy API's tests again, with the session reaching its server over loopback TCP
/// (`IMNetworkServer` and `IMSocketTransport` set as `TIMSdkConfig.transport`). Linux's test
/// discovery does not see inherited tests, so each is named again; `OverSocketCoverageTests`
/// (in ImSDK_PlusTests) checks that none is missing.
final class LegacyAPIOverSocketTests: LegacyAPITests {
    override func setUp() {
        super.setUp()
        TestNetwork.routeOverSocket { addTeardownBlock($0) }
    }

    override func test_seedExample_getUnReadMessageNum_thenSetReadMessageNil_readsEverything() async throws { try await super.test_seedExample_getUnReadMessageNum_thenSetReadMessageNil_readsEverything() }
    override func test_seedExample_refreshListenerSetBeforeLogin_hearsReadsMadeOnAnotherDevice() async throws { try await super.test_seedExample_refreshListenerSetBeforeLogin_hearsReadsMadeOnAnotherDevice() }
    override func test_setReadMessage_withAMessage_readsItAndEverythingBefore() async throws { try await super.test_setReadMessage_withAMessage_readsItAndEverythingBefore() }
    override func test_setReadMessage_withAMessageOfAnotherConversation_failsWith6017() async throws { try await super.test_setReadMessage_withAMessageOfAnotherConversation_failsWith6017() }
    override func test_autoReportDefault_otherDevicesAndAFreshLoginSeeTheMessagesRead_thisDeviceKeepsItsCount() async throws { try await super.test_autoReportDefault_otherDevicesAndAFreshLoginSeeTheMessagesRead_thisDeviceKeepsItsCount() }
    override func test_disableAutoReport_unreadStaysOnTheServer_andSyncsAgainAtLogin() async throws { try await super.test_disableAutoReport_unreadStaysOnTheServer_andSyncsAgainAtLogin() }
    override func test_setUserConfigAfterLogin_changesNothingInTheSession_andSaysSoInTheLog() async throws { try await super.test_setUserConfigAfterLogin_changesNothingInTheSession_andSaysSoInTheLog() }
    override func test_newMessages_reachTIMMessageListener_andTheRefreshListener() async throws { try await super.test_newMessages_reachTIMMessageListener_andTheRefreshListener() }
    override func test_deleteConversation_keepsItsMessages_theyComeBackReadWithTheConversation() async throws { try await super.test_deleteConversation_keepsItsMessages_theyComeBackReadWithTheConversation() }
    override func test_deleteConversationAndMessages_dropsLocalMessages_cloudKeepsThem() async throws { try await super.test_deleteConversationAndMessages_dropsLocalMessages_cloudKeepsThem() }
    override func test_aHandleTakenAsOneUser_afterALoginAsAnother_actsOnNothing_andWorksAgainForItsUser() async throws { try await super.test_aHandleTakenAsOneUser_afterALoginAsAnother_actsOnNothing_andWorksAgainForItsUser() }
    override func test_loginThroughLegacy_isTheV2Session_andChangesShowInBothAPIs() async throws { try await super.test_loginThroughLegacy_isTheV2Session_andChangesShowInBothAPIs() }
    override func test_draft_roundTrips_andV2SeesIt() async throws { try await super.test_draft_roundTrips_andV2SeesIt() }
    override func test_groupAtInfoList_andGroupName() async throws { try await super.test_groupAtInfoList_andGroupName() }
    override func test_systemConversation_existsForLegacy_andIsInvisibleToV2() async throws { try await super.test_systemConversation_existsForLegacy_andIsInvisibleToV2() }
    override func test_badInput_failsWithTheVendorCodes() async throws { try await super.test_badInput_failsWithTheVendorCodes() }
    override func test_doBackgroundAndDoForeground_checkTheSession_andSucceed() async throws { try await super.test_doBackgroundAndDoForeground_checkTheSession_andSucceed() }
    override func test_autoLogin_getVersion_getLogPath_andGroupManager() async throws { try await super.test_autoLogin_getVersion_getLogPath_andGroupManager() }
    override func test_aManagerMadeWithInit_andTheGroupReceiveOptionReadBack_inBothSpellings() async throws { try await super.test_aManagerMadeWithInit_andTheGroupReceiveOptionReadBack_inBothSpellings() }
    override func test_returnedStatus_matchesTheCodeFailGets() async throws { try await super.test_returnedStatus_matchesTheCodeFailGets() }
}
