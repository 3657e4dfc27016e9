import IMCore

/// One step of a model-based sequence: something a peer does on the server, a call through the V2
/// API or the legacy API of the logged-in session, a call on a second device of the same user, or
/// (sequences with storage faults) something that happens to the main device's disk or a restart.
///
/// An operation is plain data, so a sequence can be printed, shrunk and replayed. Operations may
/// name conversations that do not exist (any more): the model says which error the SDK must give.
package enum ModelOperation: Hashable, Sendable, CustomStringConvertible {
    /// Server: `peer` sends me a C2C text, optionally excluded from the unread count.
    case peerSendsC2C(peer: String, text: String, excludedFromUnread: Bool)
    /// Server: `peer` sends a text to `group`, @-mentioning as `mention` says.
    case peerSendsGroup(peer: String, group: String, text: String, mention: ModelMention, excludedFromUnread: Bool = false)
    /// Server: I send a text from a device without the SDK (the admin API, as `me`).
    case otherDeviceSends(ModelTarget, text: String)
    /// V2: `sendMessage` of a text.
    case sendMessage(ModelTarget, text: String)
    /// V2: `markC2CMessage(asRead:)` (nil: every C2C conversation).
    case markC2CRead(peer: String?)
    /// V2: `markGroupMessage(asRead:)` (nil: every group conversation).
    case markGroupRead(group: String?)
    /// V2: `markAllMessage(asRead:fail:)`.
    case markAllRead
    /// V2: `cleanConversationUnreadMessageCount(conversationID:cleanTimestamp: 0, cleanSequence: 0)`.
    case cleanUnread(ModelTarget)
    /// V2: `cleanConversationUnreadMessageCount` with `"c2c"`, `"group"` or `""` (every conversation).
    case cleanUnreadOfKind(String)
    /// V2: `cleanConversationUnreadMessageCount` of a group up to sequence `seq`.
    case cleanGroupUnread(group: String, upToSeq: UInt64)
    /// V2: `pinConversation(conversationID:isPinned:)`.
    case pin(ModelTarget, Bool)
    /// V2: `deleteConversation(conversation:)` (the conversation and its messages).
    case delete(ModelTarget)
    /// V2: `setConversationDraft(conversationID:draftText:)` (nil clears).
    case setDraft(ModelTarget, String?)
    /// V2: `setC2CReceiveMessageOpt` / `setGroupReceiveMessageOpt`.
    case setReceiveOption(ModelTarget, ModelReceiveOption)
    /// Legacy: `getConversation` then `setReadMessage`: nil, or the `newest`-th newest message of
    /// `getLocalMessage` (0: the newest). Past the end of the local messages it calls nothing.
    case legacySetRead(ModelTarget, newest: Int?)
    /// Legacy: `TIMManager.deleteConversation(_:receiver:)` (messages kept, they come back read).
    case legacyDelete(ModelTarget)
    /// Legacy: `getConversation`, `getLocalMessage`, then `remove()` of its `newest`-th newest
    /// message (0: the newest): gone from this device's local history, no longer unread; past the
    /// end of the local messages it calls nothing (`ModelSequence.localRemovals` only).
    case legacyRemove(ModelTarget, newest: Int)
    /// Second device (V2): `markC2CMessage(asRead:)` / `markGroupMessage(asRead:)` of one conversation.
    case secondDeviceRead(ModelTarget)
    /// Second device (V2): `pinConversation`.
    case secondDevicePin(ModelTarget, Bool)
    /// Second device (V2): `deleteConversation(conversation:)`.
    case secondDeviceDelete(ModelTarget)
    /// Second device (V2): `sendMessage` of a text.
    case secondDeviceSends(ModelTarget, text: String)
    /// The main device's disk starts failing (`IMSession.injectStorageFaultForTesting`): full,
    /// read-only, or (with `ModelSequence.readFaults`) unreadable. Until it recovers, a call may
    /// fail with 6022 (legacy `deleteConversation`: false), but everything it changed must show as
    /// if it had succeeded. Unreadable, an operation that needs a stored message makes the session
    /// stop using its database and rebuild its list from the server: what the user sees must not
    /// change either.
    case storageFails(StorageFault)
    /// The main device's disk works again.
    case storageRecovers
    /// The main device logs out and in again: what it shows then comes from its database and the
    /// sync from its stored version.
    case restart
    /// Network: the next `count` pushes to the second device are lost; it stays connected, so only
    /// a later push or its heartbeat reveals the gap.
    case secondDeviceMissesPushes(count: Int)
    /// Server: `peer` revokes message `seq` of our C2C conversation (nothing happens unless it is
    /// one of theirs, not revoked yet).
    case peerRevokes(peer: String, seq: UInt64)
    /// Server: `peer` changes the text of message `seq` of our C2C conversation (`modifyMessage`;
    /// nothing happens unless the message exists, is text and is not revoked;
    /// `ModelSequence.modifications` only).
    case peerModifies(peer: String, seq: UInt64, text: String)
    /// Server: `peer` marks our C2C conversation read (a read receipt for me when it goes further).
    case peerReads(peer: String)
    /// V2: `revokeMessage(msg:)` of my newest message of the conversation's cloud history (nothing
    /// when there is none).
    case revokeMine(ModelTarget)
    /// V2: `clearC2CHistoryMessage` / `clearGroupHistoryMessage`.
    case clearHistory(ModelTarget)
    /// V2: `markConversation` of one conversation.
    case mark(ModelTarget, ModelMark, Bool)
    /// V2: `setConversationCustomData` of one conversation (nil clears).
    case setCustomData(ModelTarget, String?)
    /// V2: `createConversationGroup`.
    case createGroup(String, [ModelTarget])
    /// V2: `renameConversationGroup`.
    case renameGroup(String, to: String)
    /// V2: `addConversationsToGroup`.
    case addToGroup(String, [ModelTarget])
    /// V2: `deleteConversationsFromGroup`.
    case removeFromGroup(String, [ModelTarget])
    /// V2: `deleteConversationGroup`.
    case deleteGroup(String)
    /// Second device (V2): `markConversation` of one conversation.
    case secondDeviceMark(ModelTarget, ModelMark, Bool)
    /// Second device (V2): `renameConversationGroup`.
    case secondDeviceRenameGroup(String, to: String)

    /// Whether the operation needs the second device.
    package var usesSecondDevice: Bool {
        switch self {
        case .secondDeviceRead, .secondDevicePin, .secondDeviceDelete, .secondDeviceSends, .secondDeviceMissesPushes,
             .secondDeviceMark, .secondDeviceRenameGroup:
            return true
        default: return false
        }
    }

    /// Whether the operation reads the main device's local history: the legacy read of a message,
    /// and the removal of one but the newest, pick it from there. A session that stopped using its
    /// database holds only part of it.
    package var readsLocalHistory: Bool {
        switch self {
        case .legacySetRead(_, newest: _?): return true
        case .legacyRemove(_, let newest): return newest > 0
        default: return false
        }
    }

    /// Whether the operation removes a local message (`legacyRemove`).
    package var isLocalRemoval: Bool {
        if case .legacyRemove = self { return true }
        return false
    }

    /// Whether the operation changes a message (`peerModifies`).
    package var isModification: Bool {
        if case .peerModifies = self { return true }
        return false
    }

    /// Whether the operation changes the main device's disk or restarts it (storage-fault sequences).
    package var isStorageEvent: Bool {
        switch self {
        case .storageFails, .storageRecovers, .restart: return true
        default: return false
        }
    }

    package var description: String {
        switch self {
        case .peerSendsC2C(let peer, let text, let excluded):
            return "server: \(peer) sends \"\(text)\" to me" + (excluded ? " (excluded from unread)" : "")
        case .peerSendsGroup(let peer, let group, let text, let mention, let excluded):
            return "server: \(peer) sends \"\(text)\" to group \(group)" + mention.suffix
                + (excluded ? " (excluded from unread)" : "")
        case .otherDeviceSends(let target, let text):
            return "server: me (a device without the SDK) sends \"\(text)\" to \(target)"
        case .sendMessage(let target, let text):
            return "V2 sendMessage(\"\(text)\") to \(target)"
        case .markC2CRead(let peer):
            return "V2 markC2CMessage(asRead: \(peer.map { "\"\($0)\"" } ?? "nil"))"
        case .markGroupRead(let group):
            return "V2 markGroupMessage(asRead: \(group.map { "\"\($0)\"" } ?? "nil"))"
        case .markAllRead:
            return "V2 markAllMessage(asRead:)"
        case .cleanUnread(let target):
            return "V2 cleanConversationUnreadMessageCount(\"\(target)\", 0, 0)"
        case .cleanUnreadOfKind(let kind):
            return "V2 cleanConversationUnreadMessageCount(\"\(kind)\", 0, 0)"
        case .cleanGroupUnread(let group, let seq):
            return "V2 cleanConversationUnreadMessageCount(\"group_\(group)\", 0, \(seq))"
        case .pin(let target, let pinned):
            return "V2 pinConversation(\"\(target)\", isPinned: \(pinned))"
        case .delete(let target):
            return "V2 deleteConversation(\"\(target)\")"
        case .setDraft(let target, let text):
            return "V2 setConversationDraft(\"\(target)\", \(text.map { "\"\($0)\"" } ?? "nil"))"
        case .setReceiveOption(let target, let option):
            return "V2 set\(target.isGroup ? "Group" : "C2C")ReceiveMessageOpt(\(target.receiver), .\(option))"
        case .legacySetRead(let target, let newest):
            let message = newest.map { "local message #\($0) (newest first)" } ?? "nil"
            return "legacy getConversation(\(target.receiver)).setReadMessage(\(message))"
        case .legacyDelete(let target):
            return "legacy deleteConversation(\(target.isGroup ? ".GROUP" : ".C2C"), \(target.receiver))"
        case .legacyRemove(let target, let newest):
            return "legacy getConversation(\(target.receiver)).getLocalMessage, then remove() of local message #\(newest) "
                + "(newest first)"
        case .secondDeviceRead(let target):
            return "second device: V2 mark\(target.isGroup ? "Group" : "C2C")Message(asRead: \"\(target.receiver)\")"
        case .secondDevicePin(let target, let pinned):
            return "second device: V2 pinConversation(\"\(target)\", isPinned: \(pinned))"
        case .secondDeviceDelete(let target):
            return "second device: V2 deleteConversation(\"\(target)\")"
        case .secondDeviceSends(let target, let text):
            return "second device: V2 sendMessage(\"\(text)\") to \(target)"
        case .storageFails(let fault):
            let state = switch fault {
            case .diskFull: "full"
            case .readOnly: "read-only"
            case .unreadable: "unreadable"
            }
            return "storage: the disk becomes \(state)"
        case .storageRecovers:
            return "storage: the disk recovers"
        case .restart:
            return "V2 logout, then login (a restart over the same database)"
        case .secondDeviceMissesPushes(let count):
            return "network: the next \(count) push\(count == 1 ? "" : "es") to the second device are lost (no reconnect)"
        case .peerRevokes(let peer, let seq):
            return "server: \(peer) revokes message #\(seq) of our conversation"
        case .peerModifies(let peer, let seq, let text):
            return "server: \(peer) changes message #\(seq) of our conversation to \"\(text)\""
        case .peerReads(let peer):
            return "server: \(peer) marks our conversation read"
        case .revokeMine(let target):
            return "V2 revokeMessage(my newest message to \(target))"
        case .clearHistory(let target):
            return "V2 clear\(target.isGroup ? "Group" : "C2C")HistoryMessage(\"\(target.receiver)\")"
        case .mark(let target, let mark, let enable):
            return "V2 markConversation([\"\(target)\"], .\(mark), enableMark: \(enable))"
        case .setCustomData(let target, let text):
            return "V2 setConversationCustomData([\"\(target)\"], \(text.map { "\"\($0)\"" } ?? "nil"))"
        case .createGroup(let name, let targets):
            return "V2 createConversationGroup(\"\(name)\", \(targets.map(\.conversationID)))"
        case .renameGroup(let name, let newName):
            return "V2 renameConversationGroup(\"\(name)\", newName: \"\(newName)\")"
        case .addToGroup(let name, let targets):
            return "V2 addConversationsToGroup(\"\(name)\", \(targets.map(\.conversationID)))"
        case .removeFromGroup(let name, let targets):
            return "V2 deleteConversationsFromGroup(\"\(name)\", \(targets.map(\.conversationID)))"
        case .deleteGroup(let name):
            return "V2 deleteConversationGroup(\"\(name)\")"
        case .secondDeviceMark(let target, let mark, let enable):
            return "second device: V2 markConversation([\"\(target)\"], .\(mark), enableMark: \(enable))"
        case .secondDeviceRenameGroup(let name, let newName):
            return "second device: V2 renameConversationGroup(\"\(name)\", newName: \"\(newName)\")"
        }
    }
}

/// Whom a group message @-mentions.
package enum ModelMention: Hashable, Sendable, CaseIterable {
    case none
    case me
    case all
    case meAndAll
    /// Another member, not me.
    case other

    /// Whether the message @-mentions me by name.
    package var mentionsMe: Bool { self == .me || self == .meAndAll }
    /// Whether the message @-mentions everyone.
    package var mentionsAll: Bool { self == .all || self == .meAndAll }

    fileprivate var suffix: String {
        switch self {
        case .none: return ""
        case .me: return " @me"
        case .all: return " @all"
        case .meAndAll: return " @all @me"
        case .other: return " @another member"
        }
    }
}

/// The five V2 receive options, as the model reads their names.
package enum ModelReceiveOption: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case receive = 0
    case doNotReceive = 1
    case receiveWithoutNotify = 2
    case receiveWithoutNotifyExceptAt = 3
    case doNotReceiveExceptAt = 4

    /// REFERENCE: the total excludes NOT_RECEIVE_MESSAGE, RECEIVE_NOT_NOTIFY_MESSAGE and
    /// RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT conversations (they keep their own count).
    package var countsInTotal: Bool {
        self == .receive || self == .doNotReceiveExceptAt
    }

    /// "Not receive" gets nothing; "not receive except @" gets only messages that @-mention me
    /// or everyone; the others get everything.
    package func delivers(mentioningMe: Bool) -> Bool {
        switch self {
        case .doNotReceive: return false
        case .doNotReceiveExceptAt: return mentioningMe
        case .receive, .receiveWithoutNotify, .receiveWithoutNotifyExceptAt: return true
        }
    }

    /// The V2 case name.
    package var description: String {
        switch self {
        case .receive: return "RECEIVE_MESSAGE"
        case .doNotReceive: return "NOT_RECEIVE_MESSAGE"
        case .receiveWithoutNotify: return "RECEIVE_NOT_NOTIFY_MESSAGE"
        case .receiveWithoutNotifyExceptAt: return "RECEIVE_NOT_NOTIFY_MESSAGE_EXCEPT_AT"
        case .doNotReceiveExceptAt: return "NOT_RECEIVE_MESSAGE_EXCEPT_AT"
        }
    }
}

/// The marks the check sets: three of the vendor's and one custom bit. Not the hide mark, whose
/// list semantics (left out of the V2 list until a new message) the model does not follow.
package enum ModelMark: UInt64, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case star = 0x1
    case unread = 0x2
    case fold = 0x4
    case custom = 0x1_0000_0000

    /// The name of the `V2TIMConversationMarkType` case, or the custom bit.
    package var description: String {
        switch self {
        case .star: return "CONVERSATION_MARK_TYPE_STAR"
        case .unread: return "CONVERSATION_MARK_TYPE_UNREAD"
        case .fold: return "CONVERSATION_MARK_TYPE_FOLD"
        case .custom: return "custom(1 << 32)"
        }
    }
}
