import Foundation

/// The pre-annotation Swift names that code written against 5.x-8.x SDKs calls (Swift's own import
/// of methods without `NS_SWIFT_NAME`), and calls the vendor deprecated. Each forwards to the
/// current name, with its behaviour.
extension V2TIMManager {
    /// Initialises the SDK and adds `listener` as an SDK listener (the 5.x form).
    @available(*, deprecated, message: "use initSDK(_:config:) and addIMSDKListener(listener:)")
    @discardableResult
    public func initSDK(_ sdkAppID: Int32, config: V2TIMSDKConfig?, listener: V2TIMSDKListener?) -> Bool {
        guard initSDK(sdkAppID, config: config) else { return false }
        if let listener { addIMSDKListener(listener: listener) }
        return true
    }

    /// `logout(succ:fail:)` under its pre-annotation name.
    /// - Errors: as `logout(succ:fail:)`.
    @available(*, deprecated, renamed: "logout(succ:fail:)")
    @_disfavoredOverload
    public func logout(_ succ: V2TIMSucc?, fail: V2TIMFail?) {
        logout(succ: succ, fail: fail)
    }

    /// `setConversationListener(listener:)` under its pre-annotation name.
    @available(*, deprecated, renamed: "addConversationListener(listener:)")
    @_disfavoredOverload
    public func setConversationListener(_ listener: V2TIMConversationListener?) {
        setConversationListener(listener: listener)
    }

    /// `getUnreadMessageCountByFilter(filter:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `getUnreadMessageCountByFilter(filter:succ:fail:)`.
    @available(*, deprecated, renamed: "getUnreadMessageCountByFilter(filter:succ:fail:)")
    @_disfavoredOverload
    public func getUnreadMessageCount(
        by filter: V2TIMConversationListFilter!, succ: V2TIMTotalUnreadMessageCountSucc?, fail: V2TIMFail?
    ) {
        getUnreadMessageCountByFilter(filter: filter, succ: succ, fail: fail)
    }

    /// `subscribeUnreadMessageCountByFilter(filter:)` under its pre-annotation name.
    @available(*, deprecated, renamed: "subscribeUnreadMessageCountByFilter(filter:)")
    @_disfavoredOverload
    public func subscribeUnreadMessageCount(by filter: V2TIMConversationListFilter!) {
        subscribeUnreadMessageCountByFilter(filter: filter)
    }

    /// `unsubscribeUnreadMessageCountByFilter(filter:)` under its pre-annotation name.
    @available(*, deprecated, renamed: "unsubscribeUnreadMessageCountByFilter(filter:)")
    @_disfavoredOverload
    public func unsubscribeUnreadMessageCount(by filter: V2TIMConversationListFilter!) {
        unsubscribeUnreadMessageCountByFilter(filter: filter)
    }

    /// `getConversationListByFilter(filter:nextSeq:count:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `getConversationListByFilter(filter:nextSeq:count:succ:fail:)`.
    @available(*, deprecated, renamed: "getConversationListByFilter(filter:nextSeq:count:succ:fail:)")
    @_disfavoredOverload
    public func getConversationList(
        by filter: V2TIMConversationListFilter!, nextSeq: UInt64, count: UInt32,
        succ: V2TIMConversationResultSucc?, fail: V2TIMFail?
    ) {
        getConversationListByFilter(filter: filter ?? V2TIMConversationListFilter(), nextSeq: nextSeq, count: count,
                                    succ: succ, fail: fail)
    }

    /// The 6.5 form of `getConversationListByFilter(filter:nextSeq:count:succ:fail:)`: the page's
    /// cursor and size in the filter (`nextSeq`, `count`).
    /// - Errors: as `getConversationListByFilter(filter:nextSeq:count:succ:fail:)` (6017 for a
    ///   `count` of 0).
    @available(*, deprecated, renamed: "getConversationListByFilter(filter:nextSeq:count:succ:fail:)")
    @_disfavoredOverload
    public func getConversationList(
        by filter: V2TIMConversationListFilter!, succ: V2TIMConversationResultSucc?, fail: V2TIMFail?
    ) {
        let filter = filter ?? V2TIMConversationListFilter()
        getConversationListByFilter(filter: filter, nextSeq: filter.nextSeq, count: filter.count, succ: succ, fail: fail)
    }

    /// `setConversationCustomData(conversationIDList:customData:succ:fail:)`
    /// under its pre-annotation name.
    /// - Errors: as `setConversationCustomData(conversationIDList:customData:succ:fail:)`.
    @available(*, deprecated, renamed: "setConversationCustomData(conversationIDList:customData:succ:fail:)")
    @_disfavoredOverload
    public func setConversationCustomData(
        _ conversationIDList: [String]!, customData: Data?,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        setConversationCustomData(conversationIDList: conversationIDList, customData: customData, succ: succ, fail: fail)
    }

    /// `sendMessage(message:receiver:groupID:priority:onlineUserOnly:offlinePushInfo:progress:succ:fail:)`
    /// under its pre-annotation name.
    /// - Errors: as
    ///   `sendMessage(message:receiver:groupID:priority:onlineUserOnly:offlinePushInfo:progress:succ:fail:)`.
    @available(*, deprecated, renamed: "sendMessage(message:receiver:groupID:priority:onlineUserOnly:offlinePushInfo:progress:succ:fail:)")
    @_disfavoredOverload
    @discardableResult
    public func send(
        _ message: V2TIMMessage!, receiver: String?, groupID: String?, priority: V2TIMMessagePriority,
        onlineUserOnly: Bool, offlinePushInfo: V2TIMOfflinePushInfo?, progress: V2TIMProgress?,
        succ: V2TIMSucc?, fail: V2TIMFail?
    ) -> String! {
        sendMessage(message: message, receiver: receiver, groupID: groupID, priority: priority,
                    onlineUserOnly: onlineUserOnly, offlinePushInfo: offlinePushInfo, progress: progress,
                    succ: succ, fail: fail)
    }

    /// `getC2CHistoryMessageList(userID:count:lastMsg:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `getC2CHistoryMessageList(userID:count:lastMsg:succ:fail:)`.
    @available(*, deprecated, renamed: "getC2CHistoryMessageList(userID:count:lastMsg:succ:fail:)")
    @_disfavoredOverload
    public func getC2CHistoryMessageList(
        _ userID: String!, count: Int32, lastMsg: V2TIMMessage?, succ: V2TIMMessageListSucc?, fail: V2TIMFail?
    ) {
        getC2CHistoryMessageList(userID: userID ?? "", count: count, lastMsg: lastMsg, succ: succ, fail: fail)
    }

    /// `getGroupHistoryMessageList(groupID:count:lastMsg:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `getGroupHistoryMessageList(groupID:count:lastMsg:succ:fail:)`.
    @available(*, deprecated, renamed: "getGroupHistoryMessageList(groupID:count:lastMsg:succ:fail:)")
    @_disfavoredOverload
    public func getGroupHistoryMessageList(
        _ groupID: String!, count: Int32, lastMsg: V2TIMMessage?, succ: V2TIMMessageListSucc?, fail: V2TIMFail?
    ) {
        getGroupHistoryMessageList(groupID: groupID ?? "", count: count, lastMsg: lastMsg, succ: succ, fail: fail)
    }

    /// `login(userID:userSig:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `login(userID:userSig:succ:fail:)`.
    @available(*, deprecated, renamed: "login(userID:userSig:succ:fail:)")
    @_disfavoredOverload
    public func login(_ userID: String!, userSig: String!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        login(userID: userID ?? "", userSig: userSig ?? "", succ: succ, fail: fail)
    }

    /// `getConversationList(nextSeq:count:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `getConversationList(nextSeq:count:succ:fail:)`.
    @available(*, deprecated, renamed: "getConversationList(nextSeq:count:succ:fail:)")
    @_disfavoredOverload
    public func getConversationList(_ nextSeq: UInt64, count: Int32, succ: V2TIMConversationResultSucc?, fail: V2TIMFail?) {
        getConversationList(nextSeq: nextSeq, count: count, succ: succ, fail: fail)
    }

    /// `getConversation(conversationID:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `getConversation(conversationID:succ:fail:)`.
    @available(*, deprecated, renamed: "getConversation(conversationID:succ:fail:)")
    @_disfavoredOverload
    public func getConversation(_ conversationID: String!, succ: V2TIMConversationSucc?, fail: V2TIMFail?) {
        getConversation(conversationID: conversationID ?? "", succ: succ, fail: fail)
    }

    /// `getConversationList(conversationIDList:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `getConversationList(conversationIDList:succ:fail:)`.
    @available(*, deprecated, renamed: "getConversationList(conversationIDList:succ:fail:)")
    @_disfavoredOverload
    public func getConversationList(_ conversationIDList: [String]!, succ: V2TIMConversationListSucc?, fail: V2TIMFail?) {
        getConversationList(conversationIDList: conversationIDList ?? [], succ: succ, fail: fail)
    }

    /// `pinConversation(conversationID:isPinned:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `pinConversation(conversationID:isPinned:succ:fail:)`.
    @available(*, deprecated, renamed: "pinConversation(conversationID:isPinned:succ:fail:)")
    @_disfavoredOverload
    public func pinConversation(_ conversationID: String!, isPinned: Bool, succ: V2TIMSucc?, fail: V2TIMFail?) {
        pinConversation(conversationID: conversationID ?? "", isPinned: isPinned, succ: succ, fail: fail)
    }

    /// `getTotalUnreadMessageCount(succ:fail:)` under its pre-annotation name.
    /// - Errors: as `getTotalUnreadMessageCount(succ:fail:)`.
    @available(*, deprecated, renamed: "getTotalUnreadMessageCount(succ:fail:)")
    @_disfavoredOverload
    public func getTotalUnreadMessageCount(_ succ: V2TIMTotalUnreadMessageCountSucc?, fail: V2TIMFail?) {
        getTotalUnreadMessageCount(succ: succ, fail: fail)
    }

    /// `deleteConversation(conversation:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `deleteConversation(conversation:succ:fail:)`.
    @available(*, deprecated, renamed: "deleteConversation(conversation:succ:fail:)")
    @_disfavoredOverload
    public func deleteConversation(_ conversationID: String!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        deleteConversation(conversation: conversationID ?? "", succ: succ, fail: fail)
    }

    /// `setConversationDraft(conversationID:draftText:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `setConversationDraft(conversationID:draftText:succ:fail:)`.
    @available(*, deprecated, renamed: "setConversationDraft(conversationID:draftText:succ:fail:)")
    @_disfavoredOverload
    public func setConversationDraft(_ conversationID: String!, draftText: String?, succ: V2TIMSucc?, fail: V2TIMFail?) {
        setConversationDraft(conversationID: conversationID ?? "", draftText: draftText, succ: succ, fail: fail)
    }

    /// `markConversation(conversationIDList:markType:enableMark:succ:fail:)`
    /// under its pre-annotation name.
    /// - Errors: as `markConversation(conversationIDList:markType:enableMark:succ:fail:)`.
    @available(*, deprecated, renamed: "markConversation(conversationIDList:markType:enableMark:succ:fail:)")
    @_disfavoredOverload
    public func markConversation(
        _ conversationIDList: [String]!, markType: NSNumber!, enableMark: Bool,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        markConversation(conversationIDList: conversationIDList ?? [], markType: markType ?? 0,
                         enableMark: enableMark, succ: succ, fail: fail)
    }

    /// `deleteConversationList(conversationIDList:clearMessage:succ:fail:)`
    /// under its pre-annotation name.
    /// - Errors: as `deleteConversationList(conversationIDList:clearMessage:succ:fail:)`.
    @available(*, deprecated, renamed: "deleteConversationList(conversationIDList:clearMessage:succ:fail:)")
    @_disfavoredOverload
    public func deleteConversationList(
        _ conversationIDList: [String]!, clearMessage: Bool,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        deleteConversationList(conversationIDList: conversationIDList ?? [], clearMessage: clearMessage,
                               succ: succ, fail: fail)
    }

    /// `cleanConversationUnreadMessageCount(conversationID:cleanTimestamp:cleanSequence:succ:fail:)`
    /// under its pre-annotation name.
    /// - Errors: as
    ///   `cleanConversationUnreadMessageCount(conversationID:cleanTimestamp:cleanSequence:succ:fail:)`.
    @available(*, deprecated, renamed: "cleanConversationUnreadMessageCount(conversationID:cleanTimestamp:cleanSequence:succ:fail:)")
    @_disfavoredOverload
    public func cleanConversationUnreadMessageCount(
        _ conversationID: String?, cleanTimestamp: UInt64, cleanSequence: UInt64, succ: V2TIMSucc?, fail: V2TIMFail?
    ) {
        cleanConversationUnreadMessageCount(conversationID: conversationID, cleanTimestamp: cleanTimestamp,
                                            cleanSequence: cleanSequence, succ: succ, fail: fail)
    }

    /// `setC2CReceiveMessageOpt(userIDList:opt:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `setC2CReceiveMessageOpt(userIDList:opt:succ:fail:)`.
    @available(*, deprecated, renamed: "setC2CReceiveMessageOpt(userIDList:opt:succ:fail:)")
    @_disfavoredOverload
    public func setC2CReceiveMessageOpt(_ userIDList: [String]!, opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail?) {
        setC2CReceiveMessageOpt(userIDList: userIDList ?? [], opt: opt, succ: succ, fail: fail)
    }

    /// `getC2CReceiveMessageOpt(userIDList:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `getC2CReceiveMessageOpt(userIDList:succ:fail:)` (6017 for nil).
    @available(*, deprecated, renamed: "getC2CReceiveMessageOpt(userIDList:succ:fail:)")
    @_disfavoredOverload
    public func getC2CReceiveMessageOpt(
        _ userIDList: [String]!, succ: V2TIMReceiveMessageOptListSucc?, fail: V2TIMFail?
    ) {
        getC2CReceiveMessageOpt(userIDList: userIDList ?? [], succ: succ, fail: fail)
    }

    /// `setGroupReceiveMessageOpt(groupID:opt:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `setGroupReceiveMessageOpt(groupID:opt:succ:fail:)`.
    @available(*, deprecated, renamed: "setGroupReceiveMessageOpt(groupID:opt:succ:fail:)")
    @_disfavoredOverload
    public func setGroupReceiveMessageOpt(_ groupID: String!, opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail?) {
        setGroupReceiveMessageOpt(groupID: groupID ?? "", opt: opt, succ: succ, fail: fail)
    }

    /// `createTextMessage(text:)` under its pre-annotation name.
    @available(*, deprecated, renamed: "createTextMessage(text:)")
    @_disfavoredOverload
    public func createTextMessage(_ text: String!) -> V2TIMMessage! {
        createTextMessage(text: text ?? "")
    }

    /// `createLocationMessage(desc:longitude:latitude:)` under its pre-annotation name (the vendor's
    /// Flutter plugin calls it so).
    @available(*, deprecated, renamed: "createLocationMessage(desc:longitude:latitude:)")
    @_disfavoredOverload
    public func createLocationMessage(_ desc: String?, longitude: Double, latitude: Double) -> V2TIMMessage! {
        createLocationMessage(desc: desc, longitude: longitude, latitude: latitude)
    }

    /// `createForwardMessage(message:)` under its pre-annotation name (the vendor's Flutter plugin
    /// calls it so).
    @available(*, deprecated, renamed: "createForwardMessage(message:)")
    @_disfavoredOverload
    public func createForwardMessage(_ message: V2TIMMessage!) -> V2TIMMessage! {
        createForwardMessage(message: message)
    }

    /// `createTextAtMessage(text:atUserList:)` under its pre-annotation name (the vendor's Flutter
    /// plugin calls it so).
    @available(*, deprecated, renamed: "createTextAtMessage(text:atUserList:)")
    @_disfavoredOverload
    public func createText(atMessage text: String!, atUserList: NSMutableArray!) -> V2TIMMessage! {
        createTextAtMessage(text: text, atUserList: atUserList)
    }

    /// `setAllReceiveMessageOpt(opt:startHour:startMinute:startSecond:duration:succ:fail:)` under
    /// its pre-annotation name (the vendor's Flutter plugin calls it so).
    /// - Errors: as the current name.
    @available(*, deprecated, renamed: "setAllReceiveMessageOpt(opt:startHour:startMinute:startSecond:duration:succ:fail:)")
    @_disfavoredOverload
    public func setAllReceiveMessageOpt(
        _ opt: V2TIMReceiveMessageOpt, startHour: Int32, startMinute: Int32, startSecond: Int32, duration: UInt32,
        succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) {
        setAllReceiveMessageOpt(
            opt: opt, startHour: startHour, startMinute: startMinute, startSecond: startSecond, duration: duration,
            succ: succ, fail: fail)
    }

    /// `setAllReceiveMessageOpt(opt:startTimeStamp:duration:succ:fail:)` under its pre-annotation
    /// name (the vendor's Flutter plugin calls it so).
    /// - Errors: as the current name.
    @available(*, deprecated, renamed: "setAllReceiveMessageOpt(opt:startTimeStamp:duration:succ:fail:)")
    @_disfavoredOverload
    public func setAllReceiveMessageOpt(
        _ opt: V2TIMReceiveMessageOpt, startTimeStamp: UInt32, duration: UInt32, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) {
        setAllReceiveMessageOpt(opt: opt, startTimeStamp: startTimeStamp, duration: duration, succ: succ, fail: fail)
    }

    /// `createFaceMessage(index:data:)` under its pre-annotation name (the vendor's Flutter plugin
    /// calls it so).
    @available(*, deprecated, renamed: "createFaceMessage(index:data:)")
    @_disfavoredOverload
    public func createFaceMessage(_ index: Int32, data: Data?) -> V2TIMMessage! {
        createFaceMessage(index: index, data: data)
    }
}
