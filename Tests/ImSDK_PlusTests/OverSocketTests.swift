import XCTest
import IMTestSupport

// The multi-device suites again, with every device that does not pick a transport of its own
// reaching the server over loopback TCP (`IMNetworkServer` and `IMSocketTransport`): the fault
// wrappers wrap the socket transport, so faults, reconnects and catch-ups go through real sockets.
//
// Linux's test discovery does not see inherited test methods, so each suite names its tests again
// (`OverSocketCoverageTests` checks that none is missing).

final class ConvergenceOverSocketTests: ConvergenceTests {
    override func setUp() {
        super.setUp()
        TestNetwork.routeOverSocket { addTeardownBlock($0) }
    }

    override func test_eachFaultKindAt20Percent_devicesConverge() async throws { try await super.test_eachFaultKindAt20Percent_devicesConverge() }
    override func test_eachFaultKindAt20Percent_withoutReconnects_moreConversationsThanTheCloudList_devicesConverge() async throws { try await super.test_eachFaultKindAt20Percent_withoutReconnects_moreConversationsThanTheCloudList_devicesConverge() }
    override func test_everyFaultButDisconnectsAtOnce_withoutReconnects_moreConversationsThanTheCloudList_converge() async throws { try await super.test_everyFaultButDisconnectsAtOnce_withoutReconnects_moreConversationsThanTheCloudList_converge() }
    override func test_everyFaultAtOnce_manySeeds_devicesConverge() async throws { try await super.test_everyFaultAtOnce_manySeeds_devicesConverge() }
    override func test_threeDevices_everyFaultAtOnce_converge() async throws { try await super.test_threeDevices_everyFaultAtOnce_converge() }
    override func test_storageFaults_devicesConvergeAfterRecoveryAndRestart() async throws { try await super.test_storageFaults_devicesConvergeAfterRecoveryAndRestart() }
    override func test_soak_manySeeds() async throws { try await super.test_soak_manySeeds() }
}

final class MultiDeviceOverSocketTests: MultiDeviceTests {
    override func setUp() {
        super.setUp()
        TestNetwork.routeOverSocket { addTeardownBlock($0) }
    }

    override func test_deviceLoggingInLater_listsConversationsActiveInTheSameSecond_inTheOrderTheirMessagesCame() async throws { try await super.test_deviceLoggingInLater_listsConversationsActiveInTheSameSecond_inTheOrderTheirMessagesCame() }
    override func test_readsPinsReceiveOptionsAndDeletes_onOneDevice_reachTheOther() async throws { try await super.test_readsPinsReceiveOptionsAndDeletes_onOneDevice_reachTheOther() }
    override func test_aDeviceThatWasLoggedOut_catchesUpIncrementally() async throws { try await super.test_aDeviceThatWasLoggedOut_catchesUpIncrementally() }
    override func test_pushesKeepOneVersionSequence_soADuplicateOrOldPushChangesNothing() async throws { try await super.test_pushesKeepOneVersionSequence_soADuplicateOrOldPushChangesNothing() }
    override func test_aGapInTheVersions_triggersACatchUpSync() async throws { try await super.test_aGapInTheVersions_triggersACatchUpSync() }
    override func test_markingEveryConversationRead_rightAfterAnotherDeviceDeletedOne_succeedsAndReadsTheOthers() async throws { try await super.test_markingEveryConversationRead_rightAfterAnotherDeviceDeletedOne_succeedsAndReadsTheOthers() }
}

final class MessageReadReceiptOverSocketTests: MessageReadReceiptTests {
    override func setUp() {
        super.setUp()
        TestNetwork.routeOverSocket { addTeardownBlock($0) }
    }

    override func test_aGroupMessage_countsItsReaders_tellsEveryDeviceOfTheSender_andListsWhoReadAndWhoNot() async throws { try await super.test_aGroupMessage_countsItsReaders_tellsEveryDeviceOfTheSender_andListsWhoReadAndWhoNot() }
    override func test_aC2CMessage_tellsTheSenderThePeerReadIt() async throws { try await super.test_aC2CMessage_tellsTheSenderThePeerReadIt() }
    override func test_everySpellingOfOnRecvMessageReadReceipts_isCalledOnce() async throws { try await super.test_everySpellingOfOnRecvMessageReadReceipts_isCalledOnce() }
    override func test_needReadReceipt_isKeptInLocalStorage_onBothSides() async throws { try await super.test_needReadReceipt_isKeptInLocalStorage_onBothSides() }
    override func test_everyBadCall_failsWithItsCode() async throws { try await super.test_everyBadCall_failsWithItsCode() }
    override func test_aServerWithoutReceipts_isNotSentAMessageAskingForThem_norTheCalls() async throws { try await super.test_aServerWithoutReceipts_isNotSentAMessageAskingForThem_norTheCalls() }
}

final class ModifyMessageOverSocketTests: ModifyMessageTests {
    override func setUp() {
        super.setUp()
        TestNetwork.routeOverSocket { addTeardownBlock($0) }
    }

    override func test_aChangedText_reachesThePeerAndMyOtherDevice_asTheLastMessage_andTheHistory() async throws { try await super.test_aChangedText_reachesThePeerAndMyOtherDevice_asTheLastMessage_andTheHistory() }
    override func test_aMember_changesAnotherMembersMessage_cloudCustomData_asTUIKitCountsReplies() async throws { try await super.test_aMember_changesAnotherMembersMessage_cloudCustomData_asTUIKitCountsReplies() }
    override func test_aChangeThatCrossesAnother_failsWith8006_andHandsBackTheMessageAsTheServerHasIt() async throws { try await super.test_aChangeThatCrossesAnother_failsWith8006_andHandsBackTheMessageAsTheServerHasIt() }
    override func test_thePeer_changesAC2CMessageOfMine_andEveryDeviceOfBothHearsIt() async throws { try await super.test_thePeer_changesAC2CMessageOfMine_andEveryDeviceOfBothHearsIt() }
    override func test_aDeviceThatMissedThePush_getsTheChangeWithItsSync_announcedOnce() async throws { try await super.test_aDeviceThatMissedThePush_getsTheChangeWithItsSync_announcedOnce() }
    override func test_aChange_isKeptInLocalStorage_acrossARestart() async throws { try await super.test_aChange_isKeptInLocalStorage_acrossARestart() }
    override func test_everySpellingOfOnRecvMessageModified_isCalledOnce() async throws { try await super.test_everySpellingOfOnRecvMessageModified_isCalledOnce() }
    override func test_everyBadChange_failsWithItsCode_andChangesNothing() async throws { try await super.test_everyBadChange_failsWithItsCode_andChangesNothing() }
    override func test_theImportedAsyncForm_returnsTheCompletionsValues() async throws { try await super.test_theImportedAsyncForm_returnsTheCompletionsValues() }
    override func test_aServerOfAnEarlierVersion_isNotAsked() async throws { try await super.test_aServerOfAnEarlierVersion_isNotAsked() }
}

final class OnlineMessageOverSocketTests: OnlineMessageTests {
    override func setUp() {
        super.setUp()
        TestNetwork.routeOverSocket { addTeardownBlock($0) }
    }

    override func test_anOnlinePeerHearsIt_andNothingAnywhereStoresIt() async throws { try await super.test_anOnlinePeerHearsIt_andNothingAnywhereStoresIt() }
    override func test_aReceiverOfflineThen_neverGetsIt_notAfterALoginEither() async throws { try await super.test_aReceiverOfflineThen_neverGetsIt_notAfterALoginEither() }
    override func test_inAGroup_theOnlineMembersAndMyOtherDeviceHearIt_butNotAMemberWhoReceivesNothing() async throws { try await super.test_inAGroup_theOnlineMembersAndMyOtherDeviceHearIt_butNotAMemberWhoReceivesNothing() }
    override func test_theLegacySendOnlineMessage_andTheLegacyListener() async throws { try await super.test_theLegacySendOnlineMessage_andTheLegacyListener() }
    override func test_aServerBeforeVersion6_isNotSentAnOnlineMessage() async throws { try await super.test_aServerBeforeVersion6_isNotSentAnOnlineMessage() }
}

/// Pages of newer messages over the socket (the request `newerHistory` is version 6).
final class HistoryOptionOverSocketTests: HistoryOptionTests {
    override func setUp() {
        super.setUp()
        TestNetwork.routeOverSocket { addTeardownBlock($0) }
    }

    override func test_pagesOfNewerMessages_oldestFirst_fromTheServerAndLocalStorage() async throws { try await super.test_pagesOfNewerMessages_oldestFirst_fromTheServerAndLocalStorage() }
}

final class CatchUpOverSocketTests: CatchUpTests {
    override func setUp() {
        super.setUp()
        TestNetwork.routeOverSocket { addTeardownBlock($0) }
    }

    override func test_aReadOnOneDevice_whileTheOtherIsLoggedOut_reachesItAtItsNextLogin_with200Conversations() async throws { try await super.test_aReadOnOneDevice_whileTheOtherIsLoggedOut_reachesItAtItsNextLogin_with200Conversations() }
    override func test_aDeviceBehindPushLoss_withoutAReconnect_convergesWithinTheHeartbeat_andHearsEveryMessageOnce() async throws { try await super.test_aDeviceBehindPushLoss_withoutAReconnect_convergesWithinTheHeartbeat_andHearsEveryMessageOnce() }
    override func test_tenThousandMessagesMissedAcross200Conversations_convergeAfterTheReconnect_eachAnnouncedOnce() async throws { try await super.test_tenThousandMessagesMissedAcross200Conversations_convergeAfterTheReconnect_eachAnnouncedOnce() }
    override func test_aFreshDevice_listsAPinnedConversationOlderThanTheCloudList_pinned_withItsUnreadCount() async throws { try await super.test_aFreshDevice_listsAPinnedConversationOlderThanTheCloudList_pinned_withItsUnreadCount() }
    override func test_aNewMessage_inAConversationOutsideAFreshDevicesList_showsTheServersUnreadCountAndSettings() async throws { try await super.test_aNewMessage_inAConversationOutsideAFreshDevicesList_showsTheServersUnreadCountAndSettings() }
    override func test_messagesThatArriveBeforeAFailedLoginSyncIsRetried_areAnnounced() async throws { try await super.test_messagesThatArriveBeforeAFailedLoginSyncIsRetried_areAnnounced() }
    override func test_aSingleLostLastPush_isRepairedByTheHeartbeat_withoutAReconnect() async throws { try await super.test_aSingleLostLastPush_isRepairedByTheHeartbeat_withoutAReconnect() }
    override func test_withPushLossPagesAndAReconnect_everyMessageToADevice_isAnnouncedOnce_andItsOwnSendsNever() async throws { try await super.test_withPushLossPagesAndAReconnect_everyMessageToADevice_isAnnouncedOnce_andItsOwnSendsNever() }
}
/// Every test of the suites above runs over the socket too: a test added to one of them without
/// its override here fails this.
final class OverSocketCoverageTests: XCTestCase {
    func test_everyMultiDeviceSuiteTest_isNamedAgainOverTheSocket() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let legacyDirectory = directory.deletingLastPathComponent().appendingPathComponent("ImSDKTests")
        let suites = [
            ("ConvergenceTests", directory, "OverSocketTests.swift"), ("MultiDeviceTests", directory, "OverSocketTests.swift"),
            ("CatchUpTests", directory, "OverSocketTests.swift"), ("LegacyAPITests", legacyDirectory, "LegacyAPIOverSocketTests.swift"),
            ("MessageReadReceiptTests", directory, "OverSocketTests.swift"), ("ModifyMessageTests", directory, "OverSocketTests.swift"),
        ]
        for (suite, folder, overridesFile) in suites {
            let overrides = try String(contentsOf: folder.appendingPathComponent(overridesFile), encoding: .utf8)
            let source = try String(contentsOf: folder.appendingPathComponent("\(suite).swift"), encoding: .utf8)
            guard let start = source.range(of: "class \(suite): XCTestCase") else { return XCTFail("\(suite) not found") }
            let body = source[start.upperBound...].components(separatedBy: "\nfinal class ")[0].components(separatedBy: "\nclass ")[0]
            let tests = body.components(separatedBy: "\n    func test_").dropFirst().map { "test_" + $0.prefix { $0 != "(" } }
            XCTAssertFalse(tests.isEmpty, suite)
            for test in tests {
                XCTAssertTrue(overrides.contains("override func \(test)()"), "\(suite).\(test) does not run over the socket")
            }
        }
    }
}
