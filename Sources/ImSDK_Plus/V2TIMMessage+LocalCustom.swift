import Foundation
import IMCore
import IMTransportKit

/// The message's local custom fields.
///
/// Header facts (ImSDK_Plus 5.0 `V2TIMManager+Message.h`, `V2TIMMessage`):
/// `@property(nonatomic,strong) NSData* localCustomData;` ("local data of the message, kept on this
/// device, not sent to the peer, lost when the app is reinstalled") and
/// `@property(nonatomic,assign) int localCustomInt;` ("e.g. whether a voice or video message was
/// played"). They are the legacy `TIMMessage.customData()`/`customInt()` of the same message.
extension V2TIMMessage {
    /// The app's own data on this message: stored on this device with the message, never sent, kept
    /// across restarts (nil when never set).
    ///
    /// Setting it on a message the SDK stored (sent, being sent, received, from history or
    /// `lastMessage`) stores it at once: the same message read again (through history,
    /// `lastMessage`, or the legacy `customData()`) shows it. On a message not sent yet it is kept
    /// in this object and stored with the message when `sendMessage` sends it. While logged out it
    /// is kept in this object only. A property cannot fail: when local storage cannot be written,
    /// the value stands in memory, is written once the disk recovers, and the failure reaches
    /// `onSyncServerFailed` (see `V2TIMManager`).
    /// - Thread safety: as the message object: use it on one thread at a time; of the SDK's instances
    ///   it reaches only `V2TIMManager.sharedInstance()`'s store.
    public var localCustomData: Data! {
        get { V2LocalFields.fields(of: self).customData }
        set { V2LocalFields.change(self) { $0.customData = newValue } }
    }

    /// The app's own integer on this message (0 when never set): stored and shared like
    /// `localCustomData`; the legacy `customInt()` of the same message.
    public var localCustomInt: Int32 {
        get { V2LocalFields.fields(of: self).customInt }
        set { V2LocalFields.change(self) { $0.customInt = newValue } }
    }

    /// The ID of this message in the SDK's storage, once it has one (made by the SDK, or handed to
    /// `sendMessage`).
    fileprivate var storedMessageID: String? { core?.id ?? msgID }
}

/// The local fields of V2 message objects: read and written through the shared instance's store,
/// or kept with the object while its message is not stored.
enum V2LocalFields {
    /// Fields kept with an object; `awaitsSend` when it was set before the message was sent (they
    /// go to the store once the message has an ID), not when it was set while logged out.
    struct Kept: Equatable, Sendable {
        var fields: MessageLocalFields
        var awaitsSend: Bool
    }

    private static let kept = WeakKeyedTable<Kept>()

    /// The session whose store the fields live in.
    private static var manager: V2TIMManager { .sharedInstance() }

    /// Stores the fields kept with sent objects after every event of the session's client (a send's
    /// first batch comes after `sendMessage` gave the object its ID), once installed; not into a
    /// client the session stopped after the event (its store is gone: they stay kept).
    private static let flushAfterEvents: Void = manager.session.addObserver { client, _ in
        if manager.session.isCurrent(client) { flush(into: client) }
    }

    /// The fields of `message` now.
    static func fields(of message: V2TIMMessage) -> MessageLocalFields {
        let client = manager.currentClient
        if let client { flush(into: client) }
        if let kept = kept.value(for: message) { return kept.fields }
        guard let messageID = message.storedMessageID, let client else { return MessageLocalFields() }
        return client.localFields(ofMessage: messageID)
    }

    /// Changes the fields of `message`: in the store when the message is stored and someone is
    /// logged in, else kept with the object.
    static func change(_ message: V2TIMMessage, _ body: (inout MessageLocalFields) -> Void) {
        let client = manager.currentClient
        if let client { flush(into: client) }
        if let messageID = message.storedMessageID, let client {
            // A setter cannot fail: a storage failure is the session's to report (see `localCustomData`).
            try? client.changeLocalFields(ofMessage: messageID, body)
            kept.set(nil, for: message)
            return
        }
        _ = flushAfterEvents
        var entry = kept.value(for: message) ?? Kept(fields: MessageLocalFields(), awaitsSend: message.storedMessageID == nil)
        body(&entry.fields)
        kept.set(entry, for: message)
    }

    /// Stores the fields kept with objects that were sent since, in `client`'s store.
    private static func flush(into client: IMClient) {
        guard !kept.isEmpty else { return }
        kept.drain { object, entry in
            guard entry.awaitsSend, let messageID = (object as? V2TIMMessage)?.storedMessageID else { return false }
            client.setLocalFields(entry.fields, ofMessage: messageID)
            return true
        }
    }
}
