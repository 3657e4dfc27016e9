import Foundation
import IMCore
import IMTransportKit

/// The names of the user's conversation groups (`getConversationGroupList(succ:fail:)`).
public typealias V2TIMConversationGroupListSucc = ([String]?) -> Void

// Conversation groups (folders): at most 20 per user, each named by 1 to 32 bytes (compared as
// bytes: an NFD spelling is another name), holding conversations. Groups are kept on the server
// and roam: every change reaches every device of the user (this one too) as one of the group
// events of `V2TIMConversationListener`, after `onConversationChanged` of the conversations whose
// `conversationGroupList` changed; a device that was offline gets them with its next sync, and a
// new device with its first. A group keeps a conversation the user deletes, and shows it again
// when it comes back. At most 1,000 distinct conversations are in groups (51008 past it).
extension V2TIMManager {
    /// The longest conversation group name, in UTF-8 bytes (the vendor's header: 32 bytes).
    static let maxConversationGroupNameBytes = 32

    /// Creates a conversation group holding up to 100 conversations; each gets its own result:
    /// 6004 (`ERR_INVALID_CONVERSATION`) for one that does not exist here (it is not added), 51008
    /// (`ERR_SVR_CONV_CONV_MARK_TOTAL_COUNT_EXCEED_LIMIT`) for one that would be the 1,001st in any
    /// group. The group is created even when none of them could be added.
    ///
    /// One server request; `succ` runs once the server answered and the group is applied here
    /// (`onConversationChanged` and `onConversationGroupCreated` come first).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil name, a nil or empty list, or a malformed ID.
    ///   - 51011 `ERR_SVR_CONV_CONV_GROUP_NAME_EXCEED_LENGTH`: an empty name, or one longer than
    ///     32 bytes.
    ///   - 51006 `ERR_SVR_CONV_CONV_MARK_REQ_COUNT_EXCEED_LIMIT`: more than 100 IDs.
    ///   - 50002 `ERR_SVR_CONV_INVALID_PARAMETERS` (server): a group of that name exists (the
    ///     vendor documents no code of its own for this).
    ///   - 51010 `ERR_SVR_CONV_CONV_GROUP_TOTAL_COUNT_EXCEED_LIMIT` (server): a 21st group.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the group could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func createConversationGroup(
        groupName: String!, conversationIDList: [String]!,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        let list = conversationIDList ?? []
        withClient(fail: fail) { client throws(IMError) in
            let name = try Self.checkGroupName(groupName)
            let ids = try Self.parseGroupBatch(conversationIDList)
            client.createConversationGroup(name, ids) { outcome in Self.finish(outcome, for: list, callbacks) }
        }
    }

    /// The names of the user's conversation groups, in creation order, from local storage (the
    /// vendor's advice holds: after `onSyncServerFinish` they are the server's), answered in order
    /// with the listener events.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    /// - Complexity: O(g) for g groups (at most 20).
    public func getConversationGroupList(succ: V2TIMConversationGroupListSucc?, fail: V2TIMFail?) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client in
            client.readInOrder({ $0.conversationGroups.map(\.name) }) { names in callbacks.value.0?(names) }
        }
    }

    /// Deletes a conversation group (its conversations stay). One server request; `succ` runs
    /// once the group is gone here too (`onConversationChanged` and `onConversationGroupDeleted`
    /// come first).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil name.
    ///   - 51009 `ERR_SVR_CONV_CONV_GROUP_NOT_EXIST` (server): no group of that name.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the change could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func deleteConversationGroup(groupName: String!, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client throws(IMError) in
            guard let groupName else { throw IMError(.invalidParameters, "groupName is nil") }
            client.deleteConversationGroup(groupName) { callbacks.finish($0) }
        }
    }

    /// Renames a conversation group (renaming to its own name changes nothing). One server
    /// request; `succ` runs once the name changed here too (`onConversationChanged` of its
    /// conversations and `onConversationGroupNameChanged` come first).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil name.
    ///   - 51011 `ERR_SVR_CONV_CONV_GROUP_NAME_EXCEED_LENGTH`: an empty `newName`, or one longer
    ///     than 32 bytes.
    ///   - 51009 `ERR_SVR_CONV_CONV_GROUP_NOT_EXIST` (server): no group named `oldName`.
    ///   - 50002 `ERR_SVR_CONV_INVALID_PARAMETERS` (server): a group named `newName` exists.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the change could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func renameConversationGroup(oldName: String!, newName: String!, succ: V2TIMSucc?, fail: V2TIMFail? = nil) {
        let callbacks = Unchecked((succ, fail))
        withClient(fail: fail) { client throws(IMError) in
            guard let oldName else { throw IMError(.invalidParameters, "oldName is nil") }
            let newName = try Self.checkGroupName(newName)
            client.renameConversationGroup(oldName, to: newName) { callbacks.finish($0) }
        }
    }

    /// Adds up to 100 conversations to a conversation group; results per conversation as
    /// `createConversationGroup(groupName:conversationIDList:succ:fail:)` (one in the group
    /// already: success). `succ` runs once they are in it here too (`onConversationChanged` and
    /// `onConversationsAddedToGroup` come first).
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSDK`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: not logged in.
    ///   - 6017 `ERR_INVALID_PARAMETERS`: a nil name, a nil or empty list, or a malformed ID.
    ///   - 51006 `ERR_SVR_CONV_CONV_MARK_REQ_COUNT_EXCEED_LIMIT`: more than 100 IDs.
    ///   - 51009 `ERR_SVR_CONV_CONV_GROUP_NOT_EXIST` (server): no group of that name.
    ///   - 9520 `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: not connected, or the connection dropped before
    ///     the answer.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the change could not be written to local storage (it
    ///     stands, see `V2TIMManager`).
    public func addConversationsToGroup(
        groupName: String!, conversationIDList: [String]!,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        let list = conversationIDList ?? []
        withClient(fail: fail) { client throws(IMError) in
            guard let groupName else { throw IMError(.invalidParameters, "groupName is nil") }
            let ids = try Self.parseGroupBatch(conversationIDList)
            client.addToConversationGroup(groupName, ids) { outcome in Self.finish(outcome, for: list, callbacks) }
        }
    }

    /// Removes up to 100 conversations from a conversation group, whether they exist here or not
    /// (a deleted conversation stays in its groups until removed); each gets a result (one not in
    /// the group: success). `succ` runs once they left it here too (`onConversationChanged` and
    /// `onConversationsDeletedFromGroup` come first).
    /// - Errors: as `addConversationsToGroup(groupName:conversationIDList:succ:fail:)`.
    public func deleteConversationsFromGroup(
        groupName: String!, conversationIDList: [String]!,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        let callbacks = Unchecked((succ, fail))
        let list = conversationIDList ?? []
        withClient(fail: fail) { client throws(IMError) in
            guard let groupName else { throw IMError(.invalidParameters, "groupName is nil") }
            let ids = try Self.parseGroupBatch(conversationIDList)
            client.removeFromConversationGroup(groupName, ids) { outcome in Self.finish(outcome, for: list, callbacks) }
        }
    }

    // MARK: - async forms

    /// Creates a group; see `createConversationGroup(groupName:conversationIDList:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func createConversationGroup(
        groupName: String, conversationIDList: [String]
    ) async throws -> [V2TIMConversationOperationResult] {
        try await withCallbacks { succ, fail in
            createConversationGroup(groupName: groupName, conversationIDList: conversationIDList,
                                    succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    /// The group names; see `getConversationGroupList(succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func getConversationGroupList() async throws -> [String] {
        try await withCallbacks { succ, fail in getConversationGroupList(succ: { succ($0 ?? []) }, fail: fail) }
    }

    /// Deletes a group; see `deleteConversationGroup(groupName:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func deleteConversationGroup(groupName: String) async throws {
        try await withCallbacks { succ, fail in deleteConversationGroup(groupName: groupName, succ: { succ(()) }, fail: fail) }
    }

    /// Renames a group; see `renameConversationGroup(oldName:newName:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func renameConversationGroup(oldName: String, newName: String) async throws {
        try await withCallbacks { succ, fail in
            renameConversationGroup(oldName: oldName, newName: newName, succ: { succ(()) }, fail: fail)
        }
    }

    /// Adds conversations to a group; see `addConversationsToGroup(groupName:conversationIDList:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func addConversationsToGroup(
        groupName: String, conversationIDList: [String]
    ) async throws -> [V2TIMConversationOperationResult] {
        try await withCallbacks { succ, fail in
            addConversationsToGroup(groupName: groupName, conversationIDList: conversationIDList,
                                    succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    /// Removes conversations from a group; see
    /// `deleteConversationsFromGroup(groupName:conversationIDList:succ:fail:)`.
    /// - Errors: throws `V2TIMError` with the codes of the callback form.
    public func deleteConversationsFromGroup(
        groupName: String, conversationIDList: [String]
    ) async throws -> [V2TIMConversationOperationResult] {
        try await withCallbacks { succ, fail in
            deleteConversationsFromGroup(groupName: groupName, conversationIDList: conversationIDList,
                                         succ: { succ($0 ?? []) }, fail: fail)
        }
    }

    // MARK: - Pre-annotation names (as code written against the 6.x-8.x headers calls them)

    /// `createConversationGroup(groupName:conversationIDList:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `createConversationGroup(groupName:conversationIDList:succ:fail:)`.
    @available(*, deprecated, renamed: "createConversationGroup(groupName:conversationIDList:succ:fail:)")
    @_disfavoredOverload
    public func createConversationGroup(
        _ groupName: String!, conversationIDList: [String]!,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        createConversationGroup(groupName: groupName, conversationIDList: conversationIDList, succ: succ, fail: fail)
    }

    /// `getConversationGroupList(succ:fail:)` under its pre-annotation name.
    /// - Errors: as `getConversationGroupList(succ:fail:)`.
    @available(*, deprecated, renamed: "getConversationGroupList(succ:fail:)")
    @_disfavoredOverload
    public func getConversationGroupList(_ succ: V2TIMConversationGroupListSucc?, fail: V2TIMFail?) {
        getConversationGroupList(succ: succ, fail: fail)
    }

    /// `deleteConversationGroup(groupName:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `deleteConversationGroup(groupName:succ:fail:)`.
    @available(*, deprecated, renamed: "deleteConversationGroup(groupName:succ:fail:)")
    @_disfavoredOverload
    public func deleteConversationGroup(_ groupName: String!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        deleteConversationGroup(groupName: groupName, succ: succ, fail: fail)
    }

    /// `renameConversationGroup(oldName:newName:succ:fail:)` under its pre-annotation name.
    /// - Errors: as `renameConversationGroup(oldName:newName:succ:fail:)`.
    @available(*, deprecated, renamed: "renameConversationGroup(oldName:newName:succ:fail:)")
    @_disfavoredOverload
    public func renameConversationGroup(_ oldName: String!, newName: String!, succ: V2TIMSucc?, fail: V2TIMFail?) {
        renameConversationGroup(oldName: oldName, newName: newName, succ: succ, fail: fail)
    }

    /// `addConversationsToGroup(groupName:conversationIDList:succ:fail:)` under its pre-annotation
    /// name (Swift split `addConversationsToGroup:` at its preposition).
    /// - Errors: as `addConversationsToGroup(groupName:conversationIDList:succ:fail:)`.
    @available(*, deprecated, renamed: "addConversationsToGroup(groupName:conversationIDList:succ:fail:)")
    @_disfavoredOverload
    public func addConversations(
        toGroup groupName: String!, conversationIDList: [String]!,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        addConversationsToGroup(groupName: groupName, conversationIDList: conversationIDList, succ: succ, fail: fail)
    }

    /// `deleteConversationsFromGroup(groupName:conversationIDList:succ:fail:)` under its
    /// pre-annotation name.
    /// - Errors: as `deleteConversationsFromGroup(groupName:conversationIDList:succ:fail:)`.
    @available(*, deprecated, renamed: "deleteConversationsFromGroup(groupName:conversationIDList:succ:fail:)")
    @_disfavoredOverload
    public func deleteConversations(
        fromGroup groupName: String!, conversationIDList: [String]!,
        succ: V2TIMConversationOperationResultSucc?, fail: V2TIMFail?
    ) {
        deleteConversationsFromGroup(groupName: groupName, conversationIDList: conversationIDList, succ: succ, fail: fail)
    }

    // MARK: - Helpers

    /// `name`, unless it is nil (6017), empty or longer than 32 bytes (51011).
    static func checkGroupName(_ name: String?) throws(IMError) -> String {
        guard let name else { throw IMError(.invalidParameters, "the group name is nil") }
        guard (1...maxConversationGroupNameBytes).contains(name.utf8.count) else {
            throw IMError(.invalidConversationGroupName,
                          "a conversation group name is 1 to \(maxConversationGroupNameBytes) bytes, got \(name.utf8.count)")
        }
        return name
    }

    /// The IDs of a group call: nil is 6017, else as `parseMarkBatch(_:)`.
    static func parseGroupBatch(_ list: [String]?) throws(IMError) -> [ConversationID] {
        guard let list else { throw IMError(.invalidParameters, "conversationIDList is nil") }
        return try parseMarkBatch(list)
    }
}
