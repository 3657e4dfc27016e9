import Foundation
import IMCore
import IMTransportKit

extension V2TIMManager {
    /// The most bytes of custom data one conversation may carry (the vendor's header: 256 bytes).
    static let maxCustomDataBytes = 256

    /// Sets or clears a mark on up to 100 conversations. Marks are kept on the server and roam:
    /// every device of the user (this one too) hears the change as `onConversationChanged`, and a
    /// device that was offline gets it with its next sync. Each conversation gets its own result:
    /// 6004 (`ERR_INVALID_CONVERSATION`) when it does not exist here (nothing is sent for it),
    /// 51008 (`ERR_SVR_CONV_CONV_MARK_TOTAL_COUNT_EXCEED_LIMIT`) when it would be the 1,001st
    /// conversation with marks or custom data.
    ///
    /// One server request; `succ` runs once the server answered and the marks are applied here
    /// (`onConversationChanged` comes first). A new message clears the hide mark
    /// (`CONVERSATION_MARK_TYPE_HIDE`) on every device; reading a conversation clears its unread
    /// mark (`CONVERSATION_MARK_TYPE_UNREAD`) on every device.
    /// - Parameter markType: one mark: a `V2TIMConversationMarkType` (0x1, 0x2, 0x4, 0x8) or a custom
    ///   bit `1 << n`, 32 <= n < 64, as the vendor's header defines them. Anything else fails with
    ///   6017: 0, a negative number (`Int64.min` is not bit 63), a fraction, NaN or an infinity, a
    ///   bit outside those, or several bits at once (set marks one at a time, as the vendor's
    ///   TUIKit does).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: not one valid mark, an empty list, or a malformed ID
    ///     (nothing changes).
    ///   - 51006 `ERR_SVR_CONV_CONV_MARK_REQ_COUNT_EXCEED_LIMIT`: more than 100 IDs (nothing changes).
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the marks could not be written to local storage (they
    ///     stand, see `V2TIMManager`).
    public func markConversation(
        conversationIDList: [String]!, markType: NSNumber!, enableMark: Bool,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        let (names, markType) = (conversationIDList ?? [], markType ?? 0)
        withClient(fail: fail) { client throws(IMError) in
            guard let marks = UInt64(exactly: markType).map(ConversationMarks.init(rawValue:)), marks.isOneValidMark else {
                throw IMError(.invalidParameters, "markType \(markType) is not one valid mark")
            }
            let ids = try Self.parseMarkBatch(names)
            client.setMarks(ids, marks, enable: enableMark) { outcome in
                Self.finish(outcome, for: names, callbacks)
            }
        }
    }

    /// `markConversation(conversationIDList:markType:enableMark:succ:fail:)` with a built-in mark
    /// named by its case, as the vendor's Swift-SDK samples write it
    /// (`markType: .V2TIM_CONVERSATION_MARK_TYPE_STAR`).
    /// - Errors: as that call.
    public func markConversation(
        conversationIDList: [String], markType: V2TIMConversationMarkType, enableMark: Bool,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        markConversation(conversationIDList: conversationIDList, markType: NSNumber(value: markType.rawValue),
                         enableMark: enableMark, succ: succ, fail: fail)
    }

    /// Sets (nil: clears) the custom data of up to 100 conversations, at most 256 bytes. Custom
    /// data is kept on the server and roams, as marks do (see
    /// `markConversation(conversationIDList:markType:enableMark:succ:fail:)`): every device of the
    /// user hears `onConversationChanged`. Results per conversation, request and timing as there.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: more than 256 bytes, a nil or empty list, or a malformed
    ///     ID (nothing changes).
    ///   - 51006 `ERR_SVR_CONV_CONV_MARK_REQ_COUNT_EXCEED_LIMIT`: more than 100 IDs (nothing changes).
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the data could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func setConversationCustomData(
        conversationIDList: [String]!, customData: Data?,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        let list = conversationIDList ?? []
        withClient(fail: fail) { client throws(IMError) in
            guard (customData?.count ?? 0) <= Self.maxCustomDataBytes else {
                throw IMError(.invalidParameters, "customData is larger than \(Self.maxCustomDataBytes) bytes")
            }
            let ids = try Self.parseMarkBatch(list)
            client.setCustomData(ids, customData) { outcome in Self.finish(outcome, for: list, callbacks) }
        }
    }

    // MARK: - Helpers

    /// Parses the IDs of a call that marks, groups or sets custom data: 1 to 100 of them (51006
    /// past 100, as the vendor's server answers), each well formed.
    static func parseMarkBatch(_ list: [String]) throws(IMError) -> [ConversationID] {
        guard !list.isEmpty else { throw IMError(.invalidParameters, "conversationIDList is empty") }
        guard list.count <= maxBatch else {
            throw IMError(.tooManyConversationsInRequest,
                          "at most \(maxBatch) conversations per call, got \(list.count)")
        }
        var ids: [ConversationID] = []
        for string in list { ids.append(try ConversationID(stringForm: string)) }
        return ids
    }

    /// Hands per-conversation outcomes to `succ` (one result per asked ID, in order) or the call's
    /// error to `fail`; runs on the callback queue.
    static func finish(
        _ outcome: Result<[Result<Void, IMError>], IMError>, for list: [String],
        _ callbacks: Unchecked<(V2TIMConversationOperationResultSucc?, V2TIMFail?)>
    ) {
        switch outcome {
        case .success(let results): callbacks.value.0?(zip(list, results).map(V2TIMConversationOperationResult.init))
        case .failure(let error): error.report(to: callbacks.value.1)
        }
    }
}
