import Foundation
import IMCore
import IMTransportKit

extension V2TIMManager {
    /// The most conversation IDs one batch call takes.
    static let maxBatch = 100

    // MARK: - Reading

    /// One page of the conversation list, pinned first, then by `orderKey` descending.
    ///
    /// Pass 0 first, then each returned `nextSeq` until `isFinished`. A walk returns every
    /// conversation that existed when it started exactly once, even while messages arrive (new
    /// conversations come through `onNewConversation`). Hidden conversations are left out. Read
    /// from local storage (no server request), answered in order with the listener events.
    /// - Parameters:
    ///   - nextSeq: 0, or the `nextSeq` of the previous page; any value is a valid position.
    ///   - count: the page size, greater than 0.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: `count` is 0 or less.
    /// - Complexity: O(log n + k), k the conversations visited (`count`, plus hidden ones skipped).
    ///   While the store is still loading after a login, the page is read from the database's index.
    public func getConversationList(
        nextSeq: UInt64, count: Int32, succ: V2TIMConversationResultSucc?, fail: V2TIMFail?
    ) {
        page(nextSeq: nextSeq, count: Int(count), filter: .all, succ: succ, fail: fail)
    }

    /// One page of the conversations `filter` selects (see `V2TIMConversationListFilter`: only the
    /// fields that were set filter, and they must all hold); paging as
    /// `getConversationList(nextSeq:count:succ:fail:)`, and `nextSeq` values of the two mix.
    ///
    /// A walk returns every conversation that matched when it started and still matches, exactly
    /// once; a conversation that starts to match while it runs arrives through
    /// `onConversationChanged` instead. Read from local storage (no server request), answered in
    /// order with the listener events.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: `count` is 0.
    /// - Complexity: about O(log n) per conversation returned, whatever share of the list the filter
    ///   selects: the walk skips the parts of the list's index that hold no match (see the README's
    ///   Performance section). While the store is still loading after a login, the page is read
    ///   from the database's index, which a filter that selects few walks far.
    public func getConversationListByFilter(
        filter: V2TIMConversationListFilter!, nextSeq: UInt64, count: UInt32,
        succ: V2TIMConversationResultSucc?, fail: V2TIMFail?
    ) {
        page(nextSeq: nextSeq, count: Int(count), filter: ConversationFilter(filter ?? V2TIMConversationListFilter()),
             succ: succ, fail: fail)
    }

    /// One page of the local conversations whose friend remark, name or ID contains `keyword`,
    /// ignoring case and diacritics (this package's addition: the search bar of a list screen);
    /// paging as `getConversationList(nextSeq:count:succ:fail:)`, in list order, hidden ones left
    /// out. Read from local storage (no server request), answered in order with the listener events.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty `keyword`, or `count` 0 or less.
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    /// - Complexity: O(log n + k) for the k conversations visited: a search tests every
    ///   conversation from `nextSeq` on until it has `count` matches (no index prunes by text).
    public func searchLocalConversations(
        keyword: String, nextSeq: UInt64, count: Int32, succ: V2TIMConversationResultSucc?, fail: V2TIMFail?
    ) {
        guard !keyword.isEmpty else {
            reportNow(IMError(.invalidParameters, "keyword is empty"), to: fail)
            return
        }
        page(nextSeq: nextSeq, count: Int(count), filter: ConversationFilter(keyword: keyword), succ: succ, fail: fail)
    }

    private func page(
        nextSeq: UInt64, count: Int, filter: ConversationFilter,
        succ: V2TIMConversationResultSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client throws(IMError) in
            guard count > 0 else { throw IMError(.invalidParameters, "count must be greater than 0") }
            let me = client.userID
            client.pageInOrder(after: nextSeq, count: count, filter: filter) { page in
                let list = page.conversations.map { V2TIMConversation($0, selfUserID: me) }
                callbacks.value.0?(list, page.nextSeq, page.isFinished)
            }
        }
    }

    /// The conversation `conversationID`, from local storage, answered in order with the listener
    /// events.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty or malformed ID (not `c2c_...` or `group_...`).
    ///   - 6004 `ERR_INVALID_CONVERSATION`: the conversation does not exist.
    /// - Complexity: O(1).
    public func getConversation(conversationID: String!, succ: V2TIMConversationSucc?, fail: V2TIMFail?) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client throws(IMError) in
            let id = try ConversationID(stringForm: conversationID ?? "")
            let me = client.userID
            // In order with the events, as every read here: never older than an event already heard.
            client.readInOrder({ $0.conversation(id) }) { conversation in
                guard let conversation else {
                    let error = IMError(.invalidConversation, "conversation \(conversationID ?? "") does not exist")
                    callbacks.value.1?(error.code.rawValue, error.message)
                    return
                }
                callbacks.value.0?(V2TIMConversation(conversation, selfUserID: me))
            }
        }
    }

    /// The existing conversations among `conversationIDList`, in the order asked (unknown IDs are
    /// left out, not an error), from local storage, answered in order with the listener events.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty list, more than 100 IDs, or a malformed ID.
    /// - Complexity: O(k) for k IDs.
    public func getConversationList(
        conversationIDList: [String]!, succ: V2TIMConversationListSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client throws(IMError) in
            let ids = try Self.parseBatch(conversationIDList ?? [])
            let me = client.userID
            client.readInOrder({ store in ids.compactMap { store.conversation($0) } }) { found in
                callbacks.value.0?(found.map { V2TIMConversation($0, selfUserID: me) })
            }
        }
    }

    /// The total unread count, without muted conversations; afterwards every change fires
    /// `onTotalUnreadMessageCountChanged`. Answered from local storage, in order with the listener
    /// events (never older than an event already heard).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    /// - Complexity: O(1) (a counter kept by deltas).
    public func getTotalUnreadMessageCount(succ: V2TIMTotalUnreadMessageCountSucc?, fail: V2TIMFail?) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client in
            subscribeTotalUnread(on: client)
            // In order with the events: a total read before a batch must not arrive after its event.
            client.readInOrder({ UInt64(max(0, $0.counters.totalUnread)) }) { total in callbacks.value.0?(total) }
        }
    }

    // MARK: - Changing

    /// Pins or unpins a conversation; roams to the user's other devices. At most 50 pinned.
    ///
    /// Goes to the server; `succ` runs after the server agreed and the change is applied here
    /// (`onConversationChanged` comes first).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty or malformed ID.
    ///   - 6004 `ERR_INVALID_CONVERSATION`: the conversation does not exist (here, or any more by
    ///     the time the server answered).
    ///   - 50002 `ERR_SVR_CONV_INVALID_PARAMETERS`: a 51st pin, from this device's count or the
    ///     server's (when this device has not heard yet of pins made on another).
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the pin could not be written to local storage (it
    ///     stands; see `V2TIMManager`).
    public func pinConversation(conversationID: String!, isPinned: Bool, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client throws(IMError) in
            client.setPinned(try ConversationID(stringForm: conversationID ?? ""), isPinned) { callbacks.finish($0) }
        }
    }

    /// Saves (or with nil or "" clears) the draft of a conversation. Local only (no server
    /// request), as in the vendor SDK, unless `V2TIMSDKConfig.syncsDrafts` (then the newest draft
    /// reaches every device; `succ` does not wait for the server).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty or malformed ID.
    ///   - 6004 `ERR_INVALID_CONVERSATION`: the conversation does not exist.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the draft could not be written to local storage (it
    ///     stands, and is written once the disk recovers; see `V2TIMManager`).
    public func setConversationDraft(
        conversationID: String!, draftText: String?, succ: V2TIMSucc?, fail: V2TIMFail? = nil
    ) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client in
            let result = Result { () throws(IMError) in
                try client.saveDraft(try ConversationID(stringForm: conversationID ?? ""), draftText, creating: false)
            }
            client.deliver { callbacks.finish(result) }
        }
    }

    /// Deletes a conversation and its messages, locally and on the server.
    ///
    /// Goes to the server; `succ` runs after the server agreed and the deletion is applied here
    /// (`onConversationDeleted` comes first).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty or malformed ID.
    ///   - 6004 `ERR_INVALID_CONVERSATION`: the conversation does not exist.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer (nothing is deleted here).
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the deletion could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func deleteConversation(conversation conversationID: String!, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client throws(IMError) in
            let id = try Self.existing(conversationID ?? "", in: client).id
            client.deleteConversations(
                [id], keepingLocalMessages: false, clearingCloudMessages: true
            ) { outcome in
                callbacks.finish(outcome.flatMap { $0[0] })
            }
        }
    }

    /// Deletes up to 100 conversations; each gets its own result: 6004 (`ERR_INVALID_CONVERSATION`)
    /// for one that does not exist (no request is sent for it), or the server's failure for it
    /// (9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT` when not connected; it is then not deleted here).
    ///
    /// One server request per existing conversation, sent together; `succ` runs once all are
    /// answered and the deletions are applied here (`onConversationDeleted` comes first).
    /// - Parameter clearMessage: true deletes their messages too, locally and on the server; false
    ///   keeps them (they come back, read, if the conversation does).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: an empty list, more than 100 IDs, or a malformed ID
    ///     (nothing is deleted).
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the deletions could not be written to local storage
    ///     (they stand, see `V2TIMManager`).
    public func deleteConversationList(
        conversationIDList: [String]!, clearMessage: Bool,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client throws(IMError) in
            let names = conversationIDList ?? []
            let ids = try Self.parseBatch(names)
            client.deleteConversations(
                ids, keepingLocalMessages: !clearMessage, clearingCloudMessages: clearMessage
            ) { outcome in
                switch outcome {
                case .success(let results):
                    callbacks.value.0?(zip(names, results).map(V2TIMConversationOperationResult.init))
                case .failure(let error): error.report(to: callbacks.value.1)
                }
            }
        }
    }

    // MARK: - Helpers

    /// The conversation `conversationID`: 6017 when the ID is malformed, 6004 when it does not exist.
    static func existing(_ conversationID: String, in client: IMClient) throws(IMError) -> Conversation {
        let id = try ConversationID(stringForm: conversationID)
        guard let conversation = client.read({ $0.conversation(id) }) else {
            throw IMError(.invalidConversation, "conversation \(conversationID) does not exist")
        }
        return conversation
    }

    /// Parses a batch of IDs: 1 to 100 of them, each well formed.
    static func parseBatch(_ list: [String]) throws(IMError) -> [ConversationID] {
        guard !list.isEmpty else { throw IMError(.invalidParameters, "conversationIDList is empty") }
        guard list.count <= maxBatch else {
            throw IMError(.invalidParameters, "at most \(maxBatch) conversation IDs per call, got \(list.count)")
        }
        var ids: [ConversationID] = []
        for string in list { ids.append(try ConversationID(stringForm: string)) }
        return ids
    }
}

extension V2TIMConversationOperationResult {
    convenience init(_ conversationID: String, _ result: Result<Void, IMError>) {
        switch result {
        case .success: self.init(conversationID: conversationID, resultCode: 0, resultInfo: nil)
        case .failure(let error):
            self.init(conversationID: conversationID, resultCode: error.code.rawValue, resultInfo: error.message)
        }
    }
}

extension ConversationFilter {
    /// What `filter` selects, as the core's value: only the fields that were set filter.
    init(_ filter: V2TIMConversationListFilter) {
        let kind: ConversationID.Kind? = switch filter.type {
        case .C2C: .c2c
        case .GROUP: .group
        case .UNKNOWN: nil
        }
        self.init(
            kind: kind,
            marks: filter.filtersMarkType ? ConversationMarks(rawValue: UInt64(filter.markType)) : nil,
            hasUnread: filter.filtersUnreadCount ? filter.hasUnreadCount : nil,
            hasGroupAt: filter.filtersGroupAtInfo ? filter.hasGroupAtInfo : nil,
            group: filter.conversationGroup)
    }
}
