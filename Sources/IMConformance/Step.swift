/// One step of a scenario: something the server does, or a call through the API under test.
///
/// Server steps (`receive`) are the same in every mode. Every other step is a "write": it goes
/// through the API whose writes the mode tests, except where the legacy API has no such call
/// (`pin`, `unpin`, marks, custom data, conversation groups): those go through the V2 API in every
/// mode, which is sound because both APIs are faces of one session. (`mute` and `block` go through
/// the legacy `TIMGroupManager.modifyReceiveMessageOpt` in the legacy-write modes.)
///
/// Message texts are made up from the conversation and a running number (`a-1`, `a-2`, `g-1`).
package enum Step: Hashable, Sendable {
    /// What a group @-mention addresses.
    package enum Mention: Hashable, Sendable {
        case me
        case all
        case meAndAll

        /// Who is mentioned, in words.
        var words: String {
            switch self {
            case .me: return "me"
            case .all: return "everyone"
            case .meAndAll: return "me and everyone"
            }
        }
    }

    /// User `from` sends me `count` messages (server side).
    case receive(from: String, count: Int)
    /// Member `from` sends `count` messages to group `group` (server side).
    case receiveInGroup(from: String, group: String, count: Int)
    /// Member `from` sends one message to group `group` that @-mentions me, everyone or both
    /// (server side).
    case receiveMention(from: String, group: String, mentioning: Mention)
    /// I send `text` (legacy `send(_:succ:fail:)`; V2 `sendMessage`).
    case send(String, to: Target)
    /// I read the conversation up to its `upToMessage`-th message, counted from its first, 1-based
    /// (legacy `setReadMessage(msg)`; V2 `cleanConversationUnreadMessageCount` with the message's
    /// timestamp for C2C, its sequence for groups).
    case read(Target, upToMessage: Int)
    /// I read the whole conversation (legacy `setReadMessage(nil)`; V2 `markC2CMessage(asRead:)` /
    /// `markGroupMessage(asRead:)`).
    case readAll(Target)
    /// I pin the conversation (V2 `pinConversation` in every mode: the legacy API has no pin).
    case pin(Target)
    /// I unpin the conversation (V2 in every mode).
    case unpin(Target)
    /// I save a draft (legacy `setDraft`; V2 `setConversationDraft`).
    case setDraft(Target, String)
    /// I clear the draft (legacy `setDraft(nil)`; V2 `setConversationDraft(draftText: nil)`).
    case clearDraft(Target)
    /// I set the group to "receive without notify" (legacy `TIMGroupManager.modifyReceiveMessageOpt`,
    /// V2 `setGroupReceiveMessageOpt`, by the mode).
    case mute(group: String)
    /// I set the group to "do not receive" (through the API under test, as `mute`).
    case block(group: String)
    /// I delete the conversation (legacy `deleteConversation(_:receiver:)`, which keeps the
    /// messages; V2 `deleteConversation(conversation:)`, which deletes them on the server too).
    case delete(Target)
    /// I log out.
    case logout
    /// I log in again.
    case login
    /// I log out and log in again.
    case relogin
    /// User `from` revokes the message with sequence `seq` of our C2C conversation, one of theirs
    /// (server side, within the time limit).
    case peerRevokes(from: String, seq: UInt64)
    /// User `from` changes the text of the message with sequence `seq` of our C2C conversation,
    /// theirs or mine (server side, V2 `modifyMessage`).
    case peerModifies(from: String, seq: UInt64, text: String)
    /// User `from` marks our C2C conversation read up to its newest message (server side): a read
    /// receipt for me.
    case peerReads(from: String)
    /// I revoke my newest message in the conversation, found in its history (legacy
    /// `TIMConversation.revokeMessage`; V2 `revokeMessage(msg:)`).
    case revokeMine(Target)
    /// I delete the newest message of the conversation, found in its history, here and in the cloud
    /// (legacy `TIMConversation.deleteMessages`; V2 `deleteMessages(msgList:)`).
    case deleteNewest(Target)
    /// I delete every message of the conversation (legacy `deleteLocalMessage`, local only; V2
    /// `clearC2CHistoryMessage` / `clearGroupHistoryMessage`, also in the cloud): both keep it in
    /// the list with nothing unread and no last message, and this device's history shows none.
    case clearHistory(Target)
    /// I set (or clear) a mark on the conversation (V2 `markConversation` in every mode: the
    /// legacy API has no marks).
    case mark(Target, Mark, Bool)
    /// I set (nil: clear) the conversation's custom data (V2 `setConversationCustomData` in every mode).
    case setCustomData(Target, String?)
    /// I create a conversation group holding the conversations (V2 `createConversationGroup` in
    /// every mode: the legacy API has no conversation groups).
    case createConversationGroup(String, [Target])
    /// I rename a conversation group (V2 in every mode).
    case renameConversationGroup(String, to: String)
    /// I add conversations to a group (V2 `addConversationsToGroup` in every mode).
    case addToConversationGroup(String, [Target])
    /// I remove conversations from a group (V2 `deleteConversationsFromGroup` in every mode).
    case removeFromConversationGroup(String, [Target])
    /// I delete a conversation group (V2 in every mode).
    case deleteConversationGroup(String)

    /// A V2 conversation mark a step sets (not the hide mark: the legacy list has no hidden
    /// conversations, so it would show a difference of the readers, not of the writes).
    package enum Mark: UInt64, Hashable, Sendable {
        case star = 0x1
        case unread = 0x2
        case fold = 0x4
    }

    /// A one-line description, for reports.
    package var title: String {
        switch self {
        case .receive(from: let from, count: let count): return "\(from) sends \(count)"
        case .receiveInGroup(from: let from, group: let group, count: let count):
            return "\(from) sends \(count) in #\(group)"
        case .receiveMention(from: let from, group: let group, mentioning: let mention):
            return "\(from) @-mentions \(mention.words) in #\(group)"
        case .send(let text, let target): return "send '\(text)' to \(target.shortName)"
        case .read(let target, let n): return "read \(target.shortName) up to message \(n)"
        case .readAll(let target): return "read all of \(target.shortName)"
        case .pin(let target): return "pin \(target.shortName)"
        case .unpin(let target): return "unpin \(target.shortName)"
        case .setDraft(let target, let text): return "draft '\(text)' for \(target.shortName)"
        case .clearDraft(let target): return "clear the draft of \(target.shortName)"
        case .mute(let group): return "mute #\(group) (receive without notify)"
        case .block(let group): return "block #\(group) (do not receive)"
        case .delete(let target): return "delete \(target.shortName)"
        case .logout: return "log out"
        case .login: return "log in"
        case .relogin: return "log out and in"
        case .peerRevokes(let from, let seq): return "\(from) revokes message #\(seq)"
        case .peerModifies(let from, let seq, let text): return "\(from) changes message #\(seq) to \"\(text)\""
        case .peerReads(let from): return "\(from) reads everything"
        case .revokeMine(let target): return "revoke my newest message to \(target.shortName)"
        case .deleteNewest(let target): return "delete the newest message of \(target.shortName)"
        case .clearHistory(let target): return "clear the messages of \(target.shortName)"
        case .mark(let target, let mark, let enable): return "\(enable ? "mark" : "unmark") \(target.shortName) \(mark)"
        case .setCustomData(let target, let text): return "custom data \(text.map { "'\($0)'" } ?? "nil") for \(target.shortName)"
        case .createConversationGroup(let name, let targets):
            return "create group '\(name)' with \(targets.map(\.shortName).joined(separator: ", "))"
        case .renameConversationGroup(let name, let newName): return "rename group '\(name)' to '\(newName)'"
        case .addToConversationGroup(let name, let targets):
            return "add \(targets.map(\.shortName).joined(separator: ", ")) to group '\(name)'"
        case .removeFromConversationGroup(let name, let targets):
            return "remove \(targets.map(\.shortName).joined(separator: ", ")) from group '\(name)'"
        case .deleteConversationGroup(let name): return "delete group '\(name)'"
        }
    }

    /// The conversations the step names.
    var targets: [Target] {
        switch self {
        case .receive(from: let from, count: _): return [.c2c(from)]
        case .receiveInGroup(from: _, group: let group, count: _),
             .receiveMention(from: _, group: let group, mentioning: _):
            return [.group(group)]
        case .send(_, let target), .read(let target, _), .readAll(let target), .pin(let target),
             .unpin(let target), .setDraft(let target, _), .clearDraft(let target), .delete(let target):
            return [target]
        case .mute(let group), .block(let group): return [.group(group)]
        case .logout, .login, .relogin: return []
        case .peerRevokes(let from, _), .peerReads(let from), .peerModifies(let from, _, _): return [.c2c(from)]
        case .revokeMine(let target), .deleteNewest(let target), .clearHistory(let target): return [target]
        case .mark(let target, _, _), .setCustomData(let target, _): return [target]
        case .createConversationGroup(_, let targets), .addToConversationGroup(_, let targets),
             .removeFromConversationGroup(_, let targets):
            return targets
        case .renameConversationGroup, .deleteConversationGroup: return []
        }
    }
}
