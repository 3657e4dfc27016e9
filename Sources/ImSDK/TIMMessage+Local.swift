import Foundation
import IMTransportKit
import TIMAdapter

/// The message's local-storage calls: its unique ID, the local custom fields, removal, and the
/// conversion of a new message into one to import (`TIMConversation.importMessages(_:)`).
///
/// Header facts (ImSDK 3.3.2 `TIMMessage.h` / `TIMMessage+MsgExt.h`; 4.x `TIMMessage.h`, 1.9 and
/// 1.15 to 1.32): `- (uint64_t)uniqueId;`, `- (BOOL)remove;`, `- (BOOL)setCustomInt:(int32_t)param;`,
/// `- (int32_t)customInt;`, `- (BOOL)setCustomData:(NSData*)data;`, `- (NSData*)customData;`,
/// `- (int)convertToImportedMsg;`, `- (int)setTime:(time_t)time;`, `- (int)setSender:(NSString*)sender;`.
extension TIMMessage: LegacyMessageObject {
    package var storedMessageID: String? { conversationID == nil ? nil : stored?.id }

    private var bridge: LegacyBridge { .shared }

    // MARK: - Identity

    /// The message's unique ID: its server sequence in the high 32 bits and its random in the low
    /// 32. For a sent or received message it is unique in its conversation (compare within one
    /// conversation, as the vendor says) and stable: the same after a restart and for the same
    /// message handed out again by either API. Before the message is sent (or when it was imported)
    /// it is the random alone, and it changes once the message is sent; 0 for a message the SDK
    /// has not seen.
    public func uniqueId() -> UInt64 {
        stored.map(LegacyValues.uniqueID) ?? 0
    }

    // MARK: - Local custom fields

    /// Sets the custom integer (default 0): stored on this device with the message, never sent,
    /// kept across restarts; V2 shows it as `localCustomInt` of the same message. On a message not
    /// stored yet it is kept in this object and stored with the message when it is sent or imported.
    /// - Returns: true; false when the message is stored but no local store is open (logged out,
    ///   and no `initStorage`): nothing changes then; false too when the value could not be written
    ///   to local storage (a full disk, a read-only database: it is set all the same, and written
    ///   once the disk recovers).
    @discardableResult
    public func setCustomInt(_ param: Int32) -> Bool {
        bridge.setCustomInt(param, of: self)
    }

    /// The custom integer (0 when never set).
    public func customInt() -> Int32 {
        bridge.customInt(of: self)
    }

    /// Sets the custom data (default empty; nil clears it), like `setCustomInt(_:)`; V2 shows it as
    /// `localCustomData`.
    @discardableResult
    public func setCustomData(_ data: Data!) -> Bool {
        bridge.setCustomData(data, of: self)
    }

    /// The custom data: empty when never set (the vendor's documented default, `""`).
    public func customData() -> Data! {
        bridge.customData(of: self) ?? Data()
    }

    // MARK: - Removing

    /// Removes the message from local storage (not from the server's history).
    ///
    /// Later local history (`getLocalMessage`, `getLastMsgs`, `findMessages`) never returns it, nor
    /// does `getMessage`, and a later sync does not bring it back. An unread message stops counting
    /// (the conversation's unread count and the total drop); when it was the last message, the
    /// newest remaining local message becomes the last one (none when nothing is left). The read
    /// cursor and the list order do not change. Its custom fields are forgotten. This object's
    /// `status()` becomes `MSG_STATUS_HAS_DELETED`.
    /// - Returns: true when removed; false for a message not in local storage (never sent, removed
    ///   already, still being sent, of a deleted conversation), when no local store is open, or when
    ///   the removal could not be written to local storage (it is removed all the same, and written
    ///   once the disk recovers; this object's status stays).
    @discardableResult
    public func remove() -> Bool {
        guard let message = stored, let conversationID, bridge.remove(message, in: conversationID) else { return false }
        stored?.status = .deleted
        return true
    }

    // MARK: - Importing

    /// Makes this new message one to import into local storage: its elements (add them first) are
    /// kept, the sender is the logged-in user, the time is now; `setSender(_:)` and `setTime(_:)`
    /// may change them until `TIMConversation.importMessages(_:)` stores it. Such a message cannot
    /// be sent.
    /// - Returns: 0; also when it was converted already; 1 for a message the SDK has (sent,
    ///   received, imported) or one with no text, custom, location or face element.
    @discardableResult
    public func convertToImportedMsg() -> Int32 {
        guard conversationID == nil else { return 1 }
        if let stored { return bridge.isImportable(stored) ? 0 : 1 }
        guard let content else { return 1 }
        stored = bridge.importable(content)
        return 0
    }

    /// Sets the sender of a message to import (after `convertToImportedMsg()`); in a C2C
    /// conversation it must be the logged-in user or the peer, else the import fails.
    /// - Returns: 0; 1 when the message is not converted (or imported already) or `sender` is nil
    ///   or empty.
    @discardableResult
    public func setSender(_ sender: String!) -> Int32 {
        guard let sender, !sender.isEmpty, isConvertedForImport else { return 1 }
        stored?.sender = sender
        return 0
    }

    /// Sets the time (seconds since 1970) of a message to import (after `convertToImportedMsg()`):
    /// local history places it by this time.
    /// - Returns: 0; 1 when the message is not converted (or imported already) or `time` is negative.
    @discardableResult
    public func setTime(_ time: Int) -> Int32 {
        guard time >= 0, isConvertedForImport else { return 1 }
        stored?.timestamp = UInt64(time)
        return 0
    }

    /// Whether `convertToImportedMsg()` made this message one to import and it is not imported yet.
    var isConvertedForImport: Bool {
        guard conversationID == nil, let stored else { return false }
        return bridge.isImportable(stored)
    }
}
