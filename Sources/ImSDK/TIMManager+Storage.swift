import Foundation
import IMTransportKit
import TIMAdapter

/// Opening the local store without a login.
///
/// Header facts: `- (int)initStorage:(TIMLoginParam*)param succ:(TIMLoginSucc)succ fail:(TIMFail)fail;`
/// (3.3.2 to 4.3 `TIMManager+MsgExt.h`: "only for viewing history; userSig need not be filled in";
/// 4.3 says "not implemented yet") and `- (int)initStorage:(NSString*)userID succ:(TIMLoginSucc)succ
/// fail:(TIMFail)fail;` (4.4 and later `TIMManager.h` 5.1: "the offline version of login(), to view
/// the user's local conversations and messages without network; do not call it after login").
extension TIMManager {
    /// Opens the local store of `param.identifier` without logging in (after `initSdk` and
    /// `setUserConfig`), so that the app can show local data offline.
    ///
    /// After `succ`: `getConversationList()`, `getConversation`, `conversationCount()`,
    /// `getUnReadMessageNum()`, `getLastMsg()`, `getDraft()`, `getLocalMessage`, `getLastMsgs`,
    /// `findMessages`, the messages' custom fields, `remove()` and `importMessages` work from the
    /// store (changes are stored); calls that need the server (`getMessage`, `setReadMessage`,
    /// sending, deleting conversations, every V2 call) keep failing with 6014 until login, and
    /// `getLoginStatus()` stays `STATUS_LOGOUT`. A later `login` of the same user goes on over the
    /// same store and syncs; `login` of another user, `logout` and `unInit` close it; another
    /// `initStorage` switches to that user's store. A login that fails leaves no store open.
    /// Succeeds at once when the user is logged in or the store is open already; else `succ` runs
    /// once the database is open (no server request; the database is read on the calling thread).
    /// - Returns: 0 when started; else the error's code.
    /// - Errors:
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`; also (to `fail`) when
    ///     `unInit` came while the store was being opened.
    ///   - 6017 `ERR_INVALID_PARAMETERS` (returned): a nil `param` or an empty `identifier`; (to
    ///     `fail`) storage is disabled (`disableStorage`), or another user is logged in.
    ///   - 6015 `ERR_IN_PROGESS`: a login runs, or one started while the store was being opened.
    ///   - 6026 `ERR_NO_PREVIOUS_LOGIN`: the user never logged in on this device (there is no local
    ///     store; none is created).
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: the store cannot be written (a read-only file or file
    ///     system).
    ///   - 6019 `ERR_DATABASE_OPERATE_FAILED`: the store cannot be opened, or was written by a
    ///     newer SDK (it is left as it is).
    @discardableResult
    public func initStorage(_ param: TIMLoginParam!, succ: TIMLoginSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        return LegacyBridge.shared.initStorage(userID: param?.identifier) { callbacks.finish($0) }
    }

    /// `initStorage(_:succ:fail:)` with the user ID, as 4.4 and later declare it.
    /// - Errors: as `initStorage(_:succ:fail:)` (6017, returned, for a nil or empty `userID`).
    @_disfavoredOverload
    @discardableResult
    public func initStorage(_ userID: String!, succ: TIMLoginSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        return LegacyBridge.shared.initStorage(userID: userID) { callbacks.finish($0) }
    }
}
