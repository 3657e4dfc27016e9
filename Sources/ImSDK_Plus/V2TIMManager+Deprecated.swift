import Foundation

/// The pre-annotation Swift names that code written against 5.x-6.x SDKs calls. Each forwards to
/// the current name.
extension V2TIMManager {
    @available(*, deprecated, renamed: "login(userID:userSig:succ:fail:)")
    @_disfavoredOverload
    public func login(_ userID: String!, userSig: String!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        login(userID: userID ?? "", userSig: userSig ?? "", succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "getConversationList(nextSeq:count:succ:fail:)")
    @_disfavoredOverload
    public func getConversationList(_ nextSeq: UInt64, count: Int32, succ: V2TIMConversationResultSucc?, fail: V2TIMFail?) {
        getConversationList(nextSeq: nextSeq, count: count, succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "getConversation(conversationID:succ:fail:)")
    @_disfavoredOverload
    public func getConversation(_ conversationID: String!, succ: V2TIMConversationSucc?, fail: V2TIMFail?) {
        getConversation(conversationID: conversationID ?? "", succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "getConversationList(conversationIDList:succ:fail:)")
    @_disfavoredOverload
    public func getConversationList(_ conversationIDList: [String]!, succ: V2TIMConversationListSucc?, fail: V2TIMFail?) {
        getConversationList(conversationIDList: conversationIDList ?? [], succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "pinConversation(conversationID:isPinned:succ:fail:)")
    @_disfavoredOverload
    public func pinConversation(_ conversationID: String!, isPinned: Bool, succ: V2TIMSucc?, fail: V2TIMFail?) {
        pinConversation(conversationID: conversationID ?? "", isPinned: isPinned, succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "getTotalUnreadMessageCount(succ:fail:)")
    @_disfavoredOverload
    public func getTotalUnreadMessageCount(_ succ: V2TIMTotalUnreadMessageCountSucc?, fail: V2TIMFail?) {
        getTotalUnreadMessageCount(succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "deleteConversation(conversation:succ:fail:)")
    @_disfavoredOverload
    public func deleteConversation(_ conversationID: String!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        deleteConversation(conversation: conversationID ?? "", succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "setConversationDraft(conversationID:draftText:succ:fail:)")
    @_disfavoredOverload
    public func setConversationDraft(_ conversationID: String!, draftText: String?, succ: V2TIMSucc?, fail: V2TIMFail?) {
        setConversationDraft(conversationID: conversationID ?? "", draftText: draftText, succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "markConversation(conversationIDList:markType:enableMark:succ:fail:)")
    @_disfavoredOverload
    public func markConversation(
        _ conversationIDList: [String]!, markType: NSNumber!, enableMark: Bool,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        markConversation(conversationIDList: conversationIDList ?? [], markType: markType ?? 0,
                         enableMark: enableMark, succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "deleteConversationList(conversationIDList:clearMessage:succ:fail:)")
    @_disfavoredOverload
    public func deleteConversationList(
        _ conversationIDList: [String]!, clearMessage: Bool,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        deleteConversationList(conversationIDList: conversationIDList ?? [], clearMessage: clearMessage,
                               succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "cleanConversationUnreadMessageCount(conversationID:cleanTimestamp:cleanSequence:succ:fail:)")
    @_disfavoredOverload
    public func cleanConversationUnreadMessageCount(
        _ conversationID: String?, cleanTimestamp: UInt64, cleanSequence: UInt64, succ: V2TIMSucc?, fail: V2TIMFail?
    ) {
        cleanConversationUnreadMessageCount(conversationID: conversationID, cleanTimestamp: cleanTimestamp,
                                            cleanSequence: cleanSequence, succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "setC2CReceiveMessageOpt(userIDList:opt:succ:fail:)")
    @_disfavoredOverload
    public func setC2CReceiveMessageOpt(_ userIDList: [String]!, opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail?) {
        setC2CReceiveMessageOpt(userIDList: userIDList ?? [], opt: opt, succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "setGroupReceiveMessageOpt(groupID:opt:succ:fail:)")
    @_disfavoredOverload
    public func setGroupReceiveMessageOpt(_ groupID: String!, opt: V2TIMReceiveMessageOpt, succ: V2TIMSucc?, fail: V2TIMFail?) {
        setGroupReceiveMessageOpt(groupID: groupID ?? "", opt: opt, succ: succ, fail: fail)
    }

    @available(*, deprecated, renamed: "createTextMessage(text:)")
    @_disfavoredOverload
    public func createTextMessage(_ text: String!) -> V2TIMMessage! {
        createTextMessage(text: text ?? "")
    }
}
