import Foundation
import IMCore
import IMTransportKit

/// A legacy message object the app holds (`TIMMessage`), as the local-message calls see it.
package protocol LegacyMessageObject: AnyObject {
    /// The ID of its message in the SDK's storage once the SDK has it (sent or being sent,
    /// received, imported); nil before (a message being built, or converted and not imported yet).
    var storedMessageID: String? { get }
}

/// The legacy API's local-message calls: opening the store without a login (`initStorage`), the
/// messages' local fields (`customInt`, `customData`), removal, import, lookups by locator, and the
/// 3.x `getLastMsgs`. None talks to the server, so each works on the store `initStorage` opened as
/// well as on a logged-in one (`localClient`).
extension LegacyBridge {
    // MARK: - Opening the store without a login

    /// Opens the local store of `userID` without logging in (`initStorage`); see
    /// `IMSession.openStorage(userID:completion:)`. Returns 0 when started; else the code
    /// `completion` also gets: 6013 before `initSdk`, 6017 for a nil or empty user ID.
    package func initStorage(userID: String?, completion: @escaping @Sendable (IMError?) -> Void) -> Int32 {
        guard session.isInitialized else {
            return fail(IMError(.notInitialized, "call initSdk before initStorage"), completion)
        }
        guard let userID, !userID.isEmpty else {
            return fail(IMError(.invalidParameters, "the user ID is empty"), completion)
        }
        session.openStorage(userID: userID) { completion($0.error) }
        return 0
    }

    // MARK: - Local fields

    /// The local fields apps set on message objects the store does not hold yet; each goes to the
    /// store once its message is there (`flushPendingLocalFields()`).
    private static let pendingLocalFields = WeakKeyedTable<MessageLocalFields>()

    /// The custom integer of `message` (0 when never set).
    package func customInt(of message: any LegacyMessageObject) -> Int32 {
        localFields(of: message).customInt
    }

    /// The custom data of `message` (nil when never set).
    package func customData(of message: any LegacyMessageObject) -> Data? {
        localFields(of: message).customData
    }

    /// Sets the custom integer of `message`; see `changeLocalFields(of:_:)`.
    package func setCustomInt(_ value: Int32, of message: any LegacyMessageObject) -> Bool {
        changeLocalFields(of: message) { $0.customInt = value }
    }

    /// Sets the custom data of `message` (nil clears it); see `changeLocalFields(of:_:)`.
    package func setCustomData(_ data: Data?, of message: any LegacyMessageObject) -> Bool {
        changeLocalFields(of: message) { $0.customData = data }
    }

    /// The local fields of `message`: those kept with the object while the store does not hold its
    /// message, else the store's (the same fields V2 shows as `localCustomInt`/`localCustomData`);
    /// defaults when no store is open.
    private func localFields(of message: any LegacyMessageObject) -> MessageLocalFields {
        flushPendingLocalFields()
        if let kept = Self.pendingLocalFields.value(for: message) { return kept }
        guard let messageID = message.storedMessageID, let client = localClient else { return MessageLocalFields() }
        return client.localFields(ofMessage: messageID)
    }

    /// Changes the local fields of `message`: in the store (persisted at once) when the SDK holds
    /// the message; kept with the object until then (it is stored with its message when it is sent
    /// or imported).
    /// - Returns: false when the message is the SDK's but no store is open (logged out), and
    ///   nothing changes, or when the change could not be stored (a full disk, a read-only
    ///   database: it stands in memory and is written once the disk recovers); true otherwise.
    private func changeLocalFields(of message: any LegacyMessageObject, _ change: (inout MessageLocalFields) -> Void) -> Bool {
        flushPendingLocalFields()
        guard let messageID = message.storedMessageID else {
            var fields = Self.pendingLocalFields.value(for: message) ?? MessageLocalFields()
            change(&fields)
            Self.pendingLocalFields.set(fields, for: message)
            return true
        }
        guard let client = localClient else { return false }
        do throws(IMError) {
            try client.changeLocalFields(ofMessage: messageID, change)
            return true
        } catch {
            return false
        }
    }

    /// Stores the local fields kept with objects whose messages the SDK now holds, into the open
    /// store. Runs on the thread of the call that triggers it (a send, an import, a local-field
    /// call), which reads the objects; the objects are as thread-safe as the vendor's: not at all.
    package func flushPendingLocalFields() {
        guard !Self.pendingLocalFields.isEmpty, let client = localClient else { return }
        Self.pendingLocalFields.drain { object, fields in
            guard let messageID = (object as? any LegacyMessageObject)?.storedMessageID else { return false }
            client.setLocalFields(fields, ofMessage: messageID)
            return true
        }
    }

    // MARK: - Removing, importing, finding

    /// Removes `message` of `id` from local storage (`TIMMessage.remove()`); see
    /// `ConversationStore.removeMessage(_:in:)`. False when no store is open, the conversation is
    /// not in the list, the message is not in local storage (removed already, still being sent), or
    /// the removal could not be stored (it stands in memory; written once the disk recovers).
    package func remove(_ message: Message, in id: ConversationID) -> Bool {
        guard let client = localClient else { return false }
        do throws(IMError) {
            try client.removeMessage(message, in: id)
            return true
        } catch {
            return false
        }
    }

    /// A message to import with `content` (`TIMMessage.convertToImportedMsg()`): sender me (or
    /// nobody yet when no store is open), the local time, a new ID.
    package func importable(_ content: MessageContent) -> Message {
        IMClient.importable(content, sender: localClient?.userID ?? "", now: UInt64(Date().timeIntervalSince1970))
    }

    /// The time of a message saved now into `id` (`saveMessage`), as `IMClient.timeForNewImport(in:)`
    /// gives it; nil when no store is open.
    package func timeForNewImport(in id: ConversationID) -> UInt64? {
        localClient?.timeForNewImport(in: id)
    }

    /// Whether `message` is one to import, not imported yet (`convertToImportedMsg()` made it).
    package func isImportable(_ message: Message) -> Bool {
        message.isLocalImport
    }

    /// Imports `messages` (each `importable(_:)`) into the local storage of `id`
    /// (`importMessages`); see `IMClient.importMessages(_:into:)`.
    /// - Returns: the messages as stored, or the error: 6013 before `initSdk`, 6014 when no store
    ///   is open, 6017 for the SYSTEM conversation or a C2C sender who is neither party, 6022 when
    ///   they could not be stored (they stand in memory; written once the disk recovers).
    package func importMessages(_ messages: [Message], into id: ConversationID) -> Result<[Message], IMError> {
        guard let client = localClient else { return .failure(noSession) }
        do throws(IMError) {
            return .success(try client.importMessages(messages, into: id))
        } catch {
            return .failure(error)
        }
    }

    /// The local messages of `id` that `locators` name, in their order, to `completion` on the
    /// callback queue (`findMessages`); locators that name no local message are left out. Returns
    /// 0, or 6013/6014 (also to `completion`) when no store is open, 6019/6022 when the local
    /// database cannot be read.
    package func findMessages(
        in id: ConversationID, locators: [(seq: UInt64, random: UInt32?, messageID: String?)],
        completion: @escaping @Sendable (Result<[Message], IMError>) -> Void
    ) -> Int32 {
        guard let client = localClient else {
            return fail(noSession) { completion(.failure($0!)) }
        }
        let found: [Message]
        do throws(IMError) {
            found = try client.findMessages(in: id, locators: locators)
        } catch {
            return fail(error) { completion(.failure($0!)) }
        }
        client.deliver { completion(.success(found)) }
        return 0
    }

    /// Up to `count` of the newest local messages of `id`, newest first (3.x `getLastMsgs`); empty
    /// when no store is open or the local database cannot be read (the call has no error to
    /// report; the failure is logged).
    package func lastMessages(of id: ConversationID, count: Int) -> [Message] {
        (try? localClient?.localHistory(id, before: nil, count: count)) ?? []
    }
}

extension LegacyValues {
    /// The legacy `uniqueId` of `message`: its server sequence in the high 32 bits and its random in
    /// the low 32, so it is stable (the same after a restart, through either API generation) and,
    /// for a sent or received message, unique in its conversation (sequences below 2^32 are). A
    /// message with no sequence (being sent, failed, imported) has its random alone; a sent
    /// message's value is fixed once it is sent, as the vendor documents.
    package static func uniqueID(of message: Message) -> UInt64 {
        UInt64(truncatingIfNeeded: message.seq) << 32 | UInt64(message.random)
    }
}
