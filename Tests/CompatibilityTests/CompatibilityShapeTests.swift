import XCTest

/// One test per file of call shapes. The shapes are the point of this target and are only compiled:
/// each test references its file's functions without calling them, and creates the listeners whose
/// initializers do not touch the SDK.
final class CompatibilityShapeTests: XCTestCase {
    func test_legacy3xStyle_shapesCompile() {
        let shapes: [Any] = [
            Legacy3xStyle.initialize, Legacy3xStyle.login, Legacy3xStyle.openStorage, Legacy3xStyle.logout,
            Legacy3xStyle.sessionRows, Legacy3xStyle.subtitle, Legacy3xStyle.deleteRow, Legacy3xStyle.openChat,
            Legacy3xStyle.sendText, Legacy3xStyle.locatorFields,
        ]
        XCTAssertEqual(shapes.count, 10)
    }

    func test_legacy4xStyle_shapesCompile() {
        let manager: [Any] = [
            Legacy4xIMManager.init(appId:), Legacy4xIMManager.configureUser, Legacy4xIMManager.getConversationList,
            Legacy4xIMManager.logIn, Legacy4xIMManager.logout, Legacy4xIMManager.tearDown,
        ]
        let plugin: [Any] = [
            Legacy4xFlutterPluginStyle.returnErrorClosures, Legacy4xFlutterPluginStyle.initialize,
            Legacy4xFlutterPluginStyle.login, Legacy4xFlutterPluginStyle.logout, Legacy4xFlutterPluginStyle.getLoginUser,
            Legacy4xFlutterPluginStyle.initStorage, Legacy4xFlutterPluginStyle.getConversationList,
            Legacy4xFlutterPluginStyle.getSession, Legacy4xFlutterPluginStyle.sessionInfo,
            Legacy4xFlutterPluginStyle.messageInfo, Legacy4xFlutterPluginStyle.elements, Legacy4xFlutterPluginStyle.setRead,
            Legacy4xFlutterPluginStyle.getMessages, Legacy4xFlutterPluginStyle.sendCustomMessage,
            Legacy4xFlutterPluginStyle.sendTextMessage, Legacy4xFlutterPluginStyle.sendMessage,
            Legacy4xFlutterPluginStyle.deleteConversation, Legacy4xFlutterPluginStyle.deleteLocalMessage,
        ]
        let app: [Any] = [
            Legacy4xAppStyle.allConversations, Legacy4xAppStyle.unreadHistory, Legacy4xAppStyle.markRead,
            Legacy4xAppStyle.isLoggedIn, Legacy4xAppStyle.describeLoginStatus, Legacy4xAppStyle.readConfigs,
            Legacy4xAppStyle.saveDraft, Legacy4xAppStyle.indexOf, Legacy4xAppStyle.markPlayed,
            Legacy4xAppStyle.removeLocally, Legacy4xAppStyle.importAs, Legacy4xAppStyle.refetch,
            Legacy4xAppStyle.locatorFields, Legacy4xAppStyle.receiptPeer, Legacy4xAppStyle.isNotLoggedIn,
        ]
        XCTAssertEqual(manager.count + plugin.count + app.count, 39)
    }

    func test_legacy5xStyle_shapesCompile() {
        let shapes: [Any] = [
            Legacy5xStyle.mentionBadge, Legacy5xStyle.visibleConversations, Legacy5xStyle.totalUnread,
            Legacy5xStyle.lastMessageState, Legacy5xStyle.initV2, Legacy5xStyle.firstV2Page, Legacy5xStyle.markReadV2,
        ]
        XCTAssertEqual(shapes.count, 7)
        XCTAssertNotNil(Legacy5xBridgeListener())
    }

    func test_v2Header87ImportStyle_shapesCompile() {
        let shapes: [Any] = [
            V2Header87ImportStyle.withoutFail, V2Header87ImportStyle.serverTime,
            V2Header87ImportStyle.elementAndMember, V2Header87ImportStyle.modify,
        ]
        XCTAssertEqual(shapes.count, 4)
    }

    func test_legacyListenerConformances_canBeCreated() {
        let listeners: [AnyObject] = [
            Legacy3xIMListener(), Legacy4xPluginListener(), LegacyPlainRefreshListener(), LegacyRefreshOnlyListener(),
        ]
        XCTAssertEqual(listeners.count, 4)
    }

    func test_v2PreAnnotationStyle_shapesCompile() {
        let shapes: [Any] = [
            V2PreAnnotationStyle.setupSdk, V2PreAnnotationStyle.releaseSdk, V2PreAnnotationStyle.loginIM,
            V2PreAnnotationStyle.logout, V2PreAnnotationStyle.firstPage, V2PreAnnotationStyle.manage,
            V2PreAnnotationStyle.refreshBadge, V2PreAnnotationStyle.markRead, V2PreAnnotationStyle.mute,
            V2PreAnnotationStyle.sendCustom, V2PreAnnotationStyle.sendText, V2PreAnnotationStyle.loadHistory,
            V2PreAnnotationStyle.cellText, V2PreAnnotationStyle.atBadge, V2PreAnnotationStyle.localUnread,
            V2PreAnnotationStyle.namedCallbacks, V2PagedConversationList.init, V2PagedConversationList.loadNextPage,
        ]
        XCTAssertEqual(shapes.count, 18)
    }

    func test_v2CurrentStyle_shapesCompile() {
        let shapes: [Any] = [
            V2CurrentConversationStore.start, V2CurrentConversationStore.stop, V2CurrentConversationStore.login,
            V2CurrentConversationStore.logout, V2CurrentConversationStore.loadAll, V2CurrentConversationStore.fetchTotal,
            V2CurrentStyle.fetch, V2CurrentStyle.unreadStarred, V2CurrentStyle.swipeActions, V2CurrentStyle.clearUnread,
            V2CurrentStyle.row, V2CurrentStyle.chat, V2CurrentStyle.quickSend, V2CurrentStyle.doNotDisturb,
            V2CurrentStyle.explain, V2CurrentStyle.sharedAccessor,
        ]
        XCTAssertEqual(shapes.count, 16)
        XCTAssertNotNil(V2CurrentConversationStore())
    }

    func test_v2SwiftSDKStyle_shapesCompile() {
        let shapes: [Any] = [
            V2SwiftSDKLifecycle.initialize, V2SwiftSDKLifecycle.login, V2SwiftSDKLifecycle.logout,
            V2SwiftSDKStyle.requestConversationList, V2SwiftSDKStyle.kind, V2SwiftSDKStyle.summary,
            V2SwiftSDKStyle.showsResend, V2SwiftSDKStyle.rowText, V2SwiftSDKStyle.elements, V2SwiftSDKMessageModel.start,
        ]
        XCTAssertEqual(shapes.count, 10)
        XCTAssertNotNil(V2SwiftSDKMessageModel())
    }

    func test_tuiKitStyle_shapesCompile() {
        let shapes: [Any] = [
            TUIKitStyleConversationProvider.init, TUIKitStyleConversationProvider.loadNexPageConversations,
            TUIKitStyleConversationProvider.preprocess, TUIKitStyleConversationProvider.handleRemoveConversation,
            TUIKitStyleConversationProvider.reloadGroupConversation,
            TUIKitStyleConversationProvider.cancelHideAndUnreadMarkConversation,
            TUIKitStyleCellData.isMarkedByFoldType, TUIKitStyleCellData.isMarkedByHideType, TUIKitStyleCellData.atTips,
            TUIKitStyleCellData.unreadState, TUIKitStyle.readReport, TUIKitStyle.unhide, TUIKitStyle.muteGroup,
            TUIKitStyle.HistoryLoader.loadMessage, TUIKitStyle.HistoryLoader.canReEdit, TUIKitStyle.badge,
            TUIKitStyle.isUnsupported,
        ]
        XCTAssertEqual(shapes.count, 17)
        XCTAssertNotNil(TUIKitStyle.HistoryLoader())
    }

    func test_flutterPluginStyle_shapesCompile() {
        let shapes: [Any] = [
            FlutterPluginStyle.returnErrorClosures,
            FlutterPluginStyle.initSDK(appid:logPrintLevel:sdkListener:messageListener:conversationListener:),
            FlutterPluginStyle.initSDK(sdkAppID:logLevel:sdkListener:result:), FlutterPluginStyle.listeners,
            FlutterPluginStyle.login, FlutterPluginStyle.logout, FlutterPluginStyle.loginState,
            FlutterPluginStyle.getConversationList, FlutterPluginStyle.getConversationListFromString,
            FlutterPluginStyle.getConversationListByConversaionIds, FlutterPluginStyle.getConversation,
            FlutterPluginStyle.editConversation, FlutterPluginStyle.getTotalUnreadMessageCount,
            FlutterPluginStyle.makeFilter, FlutterPluginStyle.filtered, FlutterPluginStyle.batch,
            FlutterPluginStyle.markConversation, FlutterPluginStyle.cleanConversationUnreadMessageCount,
            FlutterPluginStyle.createMessage, FlutterPluginStyle.sendMessage, FlutterPluginStyle.sendAndKeepID,
            FlutterPluginStyle.getHistory, FlutterPluginStyle.getC2CHistoryMessageListFn, FlutterPluginStyle.findMessages,
            FlutterPluginStyle.markRead, FlutterPluginStyle.receiveOptions, FlutterStyleConversationEntity.getDict,
            FlutterStyleGroupAtInfoEntity.getDict, FlutterStyleMessageEntity.getDict,
        ]
        XCTAssertEqual(shapes.count, 29)
    }

    func test_reactNativeStyle_shapesCompile() {
        let shapes: [Any] = [
            ReactNativeStyle.returnErrorClosures, ReactNativeStyle.initSDK, ReactNativeStyle.login,
            ReactNativeStyle.unInitSDK, ReactNativeStyle.logout, ReactNativeStyle.loginInfo,
            ReactNativeStyle.sendC2CTextMessage, ReactNativeStyle.sendC2CCustomMessage,
            ReactNativeStyle.getConversationList, ReactNativeStyle.getConversationListByConversaionIds,
            ReactNativeStyle.getConversation, ReactNativeStyle.deleteConversation, ReactNativeStyle.setConversationDraft,
            ReactNativeStyle.pinConversation, ReactNativeStyle.getTotalUnreadMessageCount,
            ReactNativeStyle.conversationListener, RNStyleConversationEntity.getDict,
        ]
        XCTAssertEqual(shapes.count, 17)
    }

    func test_messageOperationStyle_shapesCompile() {
        let shapes: [Any] = [
            MessageOperationStyle.revoke, MessageOperationStyle.deleteLocally, MessageOperationStyle.deleteEverywhere,
            MessageOperationStyle.clear, MessageOperationStyle.current, MessageOperationStyle.cellState,
            MessageOperationStyle.legacyRevokeAndDelete, MessageOperationStyle.revokedIndex,
            FlutterStyleMessageReceiptEntity.getDict,
        ]
        XCTAssertEqual(shapes.count, 9)
        let listeners: [AnyObject] = [FlutterStyleRevokeReceiptListener(), CurrentStyleRevokeReceiptListener()]
        XCTAssertEqual(listeners.count, 2)
    }

    func test_v2ListenerConformances_canBeCreated() {
        let listeners: [AnyObject] = [
            FlutterStyleConversationListener(listenerUid: "uuid"), FlutterStyleSDKListener(),
            FlutterStyleAdvancedMsgListener(), RNStyleConversationListener(), RNStyleSDKListener(),
            V2LabelledIUOListener(), V2PlainConversationListener(), V2BothSpellingsListener(), V2TotalOnlyListener(),
        ]
        XCTAssertEqual(listeners.count, 9)
    }
}
