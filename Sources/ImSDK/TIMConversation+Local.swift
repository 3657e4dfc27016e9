import Foundation
import IMTransportKit
import TIMAdapter

/// The conversation's local-storage calls: importing messages, finding messages by locator, and
/// the 3.x `getLastMsgs`.
///
/// Header facts: `- (int)importMessages:(NSArray*)msgs;` (3.3.2 `TIMConversation+MsgExt.h`, 4.x
/// `TIMConversation.h` 7.2), `- (int)findMessages:(NSArray*)locators succ:(TIMGetMsgSucc)succ
/// fail:(TIMFail)fail;` (3.3.2 and 4.x `TIMConversation+MsgExt.h`), `-(NSArray*)
/// getLastMsgs:(uint32_t)count;` (the older `TIMConversation.h`: "from the cache, at most 20, newest
/// first").
extension TIMConversation {
    private var localBridge: LegacyBridge { bridge }

    /// Imports messages into this conversation's local storage without sending them.
    ///
    /// Each message is one made with `TIMMessage()` and elements, usually converted first with
    /// `convertToImportedMsg()` (then `setSender(_:)`, `setTime(_:)`); one not converted is imported
    /// as mine, now. Imported messages are never unread and are never sent; local history
    /// (`getLocalMessage`, `getLastMsgs`, `findMessages` by `msgId`) places them by time, and the
    /// newest becomes the last message when it is newer than the current one (the conversation is
    /// created when needed). The server's history (`getMessage`) does not have them. They are kept
    /// across restarts. Each message object is updated to the stored message (`msgId`, sender).
    /// Works with a store `initStorage` opened, without login.
    /// Synchronous and local (no server request).
    /// - Parameter msgs: `TIMMessage` objects.
    /// - Returns: 0 when imported (also for an empty list, once a store is open); else the error's
    ///   code (there is no `fail`).
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS`: nil, an element that is not a message to import (sent,
    ///     received, imported already, no text, custom, location or face element, listed twice),
    ///     the SYSTEM conversation, or a C2C sender who is neither me nor the peer (nothing is
    ///     imported then).
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED`: before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN`: no store is open (logged out, no `initStorage`), or it is
    ///     another user's than the handle's.
    ///   - 6022 `ERR_IO_OPERATION_FAILED`: they could not be written to local storage (they are
    ///     imported all the same, and written once the disk recovers).
    /// Saves `msg` into this conversation's local storage without sending it, as sent by `sender`
    /// (nil or empty: me): the 3.x/4.x `saveMessage:sender:isReaded:`. The message is imported now
    /// (`convertToImportedMsg()`, `setSender(_:)`, `importMessages(_:)`; at the device's time, or a
    /// second past the last message's when that is not older, so that it is the newest), so it is
    /// never unread: `isReaded` is accepted, and `false` does not make it count as unread here.
    /// - Returns: 0 when saved; else the error's code (as `importMessages(_:)`; 6017 for a nil
    ///   message, one sent or saved already, or one without a text, custom, location or face
    ///   element).
    @discardableResult
    public func save(_ msg: TIMMessage!, sender: String!, isReaded: Bool) -> Int32 {
        let invalid = IMError.Code.invalidParameters.rawValue
        guard let msg, msg.convertToImportedMsg() == 0 else { return invalid }
        if let sender, !sender.isEmpty, msg.setSender(sender) != 0 { return invalid }
        if let time = localBridge.timeForNewImport(in: id) { msg.setTime(Int(clamping: time)) }
        return importMessages([msg])
    }

    @discardableResult
    public func importMessages(_ msgs: [Any]!) -> Int32 {
        let invalid = IMError.Code.invalidParameters.rawValue
        guard let msgs else { return invalid }
        let objects = msgs.compactMap { $0 as? TIMMessage }
        guard objects.count == msgs.count,
              Set(objects.map(ObjectIdentifier.init)).count == objects.count,
              objects.allSatisfy({ $0.conversationID == nil && ($0.stored == nil || $0.isConvertedForImport) })
        else { return invalid }
        var messages: [Message] = []
        for object in objects {
            if let stored = object.stored {
                messages.append(stored)
            } else if let content = object.content {
                messages.append(localBridge.importable(content))
            } else {
                return invalid
            }
        }
        switch localBridge.importMessages(messages, into: id) {
        case .failure(let error):
            return error.code.rawValue
        case .success(let stored):
            for (object, message) in zip(objects, stored) {
                object.stored = message
                object.conversationID = id
                object.owner = localBridge.owner
            }
            localBridge.flushPendingLocalFields()
            return 0
        }
    }

    /// Finds this conversation's local messages by locator (`TIMMessage.locator()`).
    ///
    /// A locator with a sequence finds the sent or received message with that sequence (and its
    /// `rand`, unless 0); one with sequence 0 finds a message by `msgId` (a failed send, an imported
    /// message). Locators of other conversations (`sessType`/`sessId`), unknown ones and removed
    /// messages are left out: `succ` gets the messages found, in the locators' order. Works with a
    /// store `initStorage` opened, without login; no server request.
    /// - Returns: 0; else the error's code.
    /// - Errors:
    ///   - 6017 `ERR_INVALID_PARAMETERS` (returned): nil, or an element that is not a
    ///     `TIMMessageLocator`.
    ///   - 6013 `ERR_SDK_NOT_INITIALIZED` (returned): before `initSdk`.
    ///   - 6014 `ERR_SDK_NOT_LOGGED_IN` (returned): no store is open (logged out, no
    ///     `initStorage`), or it is another user's than the handle's.
    ///   - 6019 `ERR_DATABASE_OPERATE_FAILED` / 6022 `ERR_IO_OPERATION_FAILED` (returned): the local
    ///     database could not be read (a damaged page, an I/O error): the call fails rather than
    ///     answer with what memory holds, and may be tried again.
    /// - Complexity: O(log m) per locator with a sequence, O(m) per locator by `msgId`, m the
    ///   conversation's local messages.
    @discardableResult
    public func findMessages(_ locators: [Any]!, succ: TIMGetMsgSucc?, fail: TIMFail?) -> Int32 {
        let callbacks = Unchecked((succ, fail))
        let typed = (locators ?? []).compactMap { $0 as? TIMMessageLocator }
        guard let locators, typed.count == locators.count else {
            return localBridge.fail(IMError(.invalidParameters, "locators must be TIMMessageLocator objects")) { error in
                if let error { callbacks.value.1?(error.code.rawValue, error.message) }
            }
        }
        let (type, receiver) = LegacyIDs.legacy(id)
        let mine = typed.filter { $0.sessId == nil || ($0.sessId == receiver && $0.sessType.rawValue == type) }
        let keys = mine.compactMap { locator -> (seq: UInt64, random: UInt32?, messageID: String?)? in
            guard let random = UInt32(exactly: locator.rand) else { return nil }
            return (locator.seq, random == 0 ? nil : random, locator.msgId)
        }
        let me = localBridge.selfUserID ?? ""
        return localBridge.findMessages(in: id, locators: keys) { result in
            switch result {
            case .success(let messages): callbacks.value.0?(messages.map { TIMMessage($0, selfUserID: me) })
            case .failure(let error): callbacks.value.1?(error.code.rawValue, error.message)
            }
        }
    }

    /// Up to `count` (at most 20) of the newest local messages, newest first, synchronously: the
    /// 3.x call (`getLocalMessage(_:last:succ:fail:)` is its asynchronous successor). Messages being
    /// sent come first. Empty when no store is open or the local database cannot be read (no code;
    /// the failure is logged).
    public func getLastMsgs(_ count: UInt32) -> [Any]! {
        let me = localBridge.selfUserID ?? ""
        return localBridge.lastMessages(of: id, count: Int(min(count, 20))).map { TIMMessage($0, selfUserID: me) }
    }
}
