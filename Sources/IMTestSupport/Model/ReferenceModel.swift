/// The reference model of the model-based check: the documented semantics of conversations and
/// unread counts of one user, written as plainly as possible (REFERENCE.md).
///
/// Deliberately naive: every conversation keeps the list of its messages and a read cursor, and
/// every observable (unread counts, the total, @-infos, the list order) is recomputed from them on
/// each question. There are no indexes and no counters kept by deltas, so there is nothing to drift;
/// the engine, which keeps both, is checked against it.
///
/// What it models:
/// - Messages: from peers (C2C and group, @me / @all / @someone else, excluded from unread) and
///   mine (sent through V2, from a second device, from a device without the SDK). Each
///   conversation's messages are numbered by the server, one sequence per conversation.
/// - Unread: messages from others, not excluded from unread, after the read cursor. Mine never.
/// - Receive options (per user or group, whether the conversation exists or not, kept through a
///   deletion): "not receive" gets nothing, "not receive except @" only @me / @all; the total
///   leaves out "not receive", "receive without notify" and "without notify except @"
///   conversations, which keep their own counts. Total = sum of the counted conversations.
/// - Reads: one conversation, every C2C / group / conversation, a group up to a sequence (never
///   past the newest message the user has, never backwards), the legacy `setReadMessage` of a
///   message (that one and everything before) or of nil (everything).
/// - Order: pinned first, then the rest; each part by last activity, newest first. Activity is a
///   message arriving or sent, and a draft being set (not cleared); pinning is not activity, so
///   the pinned band keeps the activity order (the V2 docs' example: 1..5 with 2 and 3 pinned gives
///   2, 3, 1, 4, 5). Activity is numbered in the order it happens, so ties cannot occur.
///   (The vendor's text also lists pinning among what makes `orderKey` grow, which would order the
///   pinned band by pin time and put an unpinned conversation on top; the example, and the engine,
///   keep activity order. `ModelFlaw.pinBumpsActivity` is that other reading, and the check fails
///   on it.)
/// - Deletion: V2 deletes the conversation and its messages; legacy keeps the messages, read. Either
///   way it leaves the list, loses its pin and draft, and a new message brings it back with only
///   the new message unread.
/// - Drafts: set or cleared on existing conversations only (6004 otherwise), on this device only.
/// - New-message events (`onRecvNewMessage`, `onNewMessage`), per device of mine: every message
///   that reaches me (a peer's the receive option lets in, mine from any device), in order, on
///   every device except the one that sent it; mine with `isSelf`. Both devices are online
///   throughout; the second may miss pushes (a lost push is no change of state here), and then
///   hears the messages its catch-up sync brings, once each, as if pushed.
/// - Devices: the second device shows the same conversations, unread counts, pins, receive
///   options, last messages and @-infos as the first (drafts stay on the device that set them).
/// - Storage faults and restarts of the main device change nothing the user sees: a change the
///   disk refused still stands (the call's result may be 6022 then, which the checker accepts
///   while the disk fails), and a restart shows what was shown before it.
/// - Revokes: a revoked message stays (the last message shows revoked) and is never unread nor
///   an @-mention. A peer's revoke is announced (`onRecvMessageRevoked`) on the main device when
///   the conversation is in its list, held message or not, or when the message had reached the
///   device before a legacy deletion (a kept one then comes back revoked with the conversation);
///   mine never is there.
/// - Read receipts: the server keeps, per peer, how far the peer read our conversation (up to its
///   newest message at the time); my messages up to there show `isPeerRead`; a read that goes
///   further is announced (`onRecvC2CReadReceipt`) when the conversation is in the list.
/// - Cleared histories: the conversation stays in its place with no messages, everything read.
/// - Marks and custom data: set on existing conversations only (6004 for each other one), kept by
///   the server and shown by both devices; a read (any kind, either API, either device) clears the
///   unread mark; a deletion takes them with the conversation.
/// - Local removals (on the main device): the message leaves its local history, so there it is
///   neither unread nor an @-mention nor the last message any more (the newest remaining one is);
///   the read cursor and the list order do not change. The second device still shows it (unread
///   while above the cursor), until a read on either device covers it: a read of everything (of a
///   kind) on the main device reads a conversation whose unread messages were all removed there.
///   A conversation deleted through the legacy API and brought back by a message comes back read
///   up to the newest message the user had, removed ones included (the server's cursor).
/// - Conversation groups: a list in creation order, each a name and the conversations added to it
///   (only ones the user has; 6004 for others), unique names (50002), 51009 for an unknown group;
///   independent of the conversation list (a deleted conversation stays in its groups and shows
///   them again when it comes back). Each conversation shows the names of the groups holding it;
///   both devices show the same groups; a step's group events are the difference between the
///   groups before and after it (created, deleted, renamed, then the conversations the user has
///   that left or came).
///
/// - Thread safety: a value type.
package struct ReferenceModel: Sendable {
    /// One message as the user has it.
    package struct Message: Hashable, Sendable {
        package var seq: UInt64
        package var sender: String
        package var text: String
        package var mentionsMe = false
        package var mentionsAll = false
        package var isExcludedFromUnread = false
        package var isRevoked = false
    }

    /// One conversation in the user's list.
    package struct Conversation: Hashable, Sendable {
        package var target: ModelTarget
        /// The user's messages, oldest first.
        package var messages: [Message]
        /// Messages up to this sequence are read.
        package var readUpTo: UInt64
        package var isPinned = false
        package var draft: String?
        /// When the conversation was last active (a global count of activities).
        package var lastActivity: Int
        /// The marks set on it (V2 mark bits).
        package var marks: UInt64 = 0
        /// Its custom data, as text.
        package var customData: String?
    }

    /// One conversation group.
    package struct Group: Hashable, Sendable {
        /// Numbers the groups in creation order, as the server does.
        package var id: Int
        package var name: String
        /// Its conversations, in the order they were added.
        package var members: [ModelTarget]
    }

    /// The logged-in user.
    package let me = ModelTarget.me
    /// The deliberate mistake this model makes, if any (tests of the check itself).
    package let flaw: ModelFlaw?
    /// The conversations in the list, by target.
    package private(set) var conversations: [ModelTarget: Conversation] = [:]
    /// Receive options set so far (absent: receive).
    package private(set) var receiveOptions: [ModelTarget: ModelReceiveOption] = [:]
    /// Messages of conversations deleted through the legacy API, which keeps them.
    private var keptMessages: [ModelTarget: [Message]] = [:]
    /// The messages removed from the main device's local storage, per conversation, oldest first,
    /// until its history is cleared or it is deleted with its messages (then they no longer reach
    /// anyone). The second device still holds them.
    private var removedLocally: [ModelTarget: [Message]] = [:]
    /// Per conversation deleted through the legacy API, the messages that had reached the user
    /// (kept, or removed locally before): a revoke of one is announced, until the history is
    /// cleared or the conversation deleted with its messages.
    private var keptDelivered: [ModelTarget: Set<UInt64>] = [:]
    /// The newest server sequence of each conversation (delivered to the user or not).
    private var serverSeqs: [ModelTarget: UInt64] = [:]
    /// The new-message events each device got so far, in order.
    private var announcements: [ModelDevice: [ReceivedMessage]] = [:]
    private var activities = 0
    /// The sender of each message of each conversation on the server (index: sequence - 1).
    private var serverSenders: [ModelTarget: [String]] = [:]
    /// The messages revoked on the server, per conversation.
    private var revokedSeqs: [ModelTarget: Set<UInt64>] = [:]
    /// Per C2C conversation, how far the peer has read it (the server's read point of the pair).
    private var peerReadPoints: [ModelTarget: UInt64] = [:]
    /// How many revokes the main device announced so far.
    package private(set) var revokesAnnounced = 0
    /// How many changes of messages the main device announced (`onRecvMessageModified`): those of
    /// the conversations it has, but of a message it removed locally, and of the messages a legacy
    /// deletion kept.
    package private(set) var modificationsAnnounced = 0
    /// The peers of the read receipts the main device announced so far, in order.
    package private(set) var receiptsAnnounced: [String] = []
    /// The conversation groups, in creation order.
    package private(set) var groups: [Group] = []
    private var groupsCreated = 0

    package init(flaw: ModelFlaw? = nil) {
        self.flaw = flaw
    }

    // MARK: - Operations

    /// Applies `operation` and returns what the SDK call must return.
    package mutating func apply(_ operation: ModelOperation) -> ModelOutcome {
        switch operation {
        case .peerSendsC2C(let peer, let text, let excluded):
            let target = ModelTarget.user(peer)
            deliver(Message(seq: nextSeq(target, sender: peer), sender: peer, text: text, isExcludedFromUnread: excluded),
                    in: target)
            return .ok
        case .peerSendsGroup(let peer, let group, let text, let mention, let excluded):
            let target = ModelTarget.group(group)
            let message = Message(
                seq: nextSeq(target, sender: peer), sender: peer, text: text,
                mentionsMe: mention.mentionsMe, mentionsAll: mention.mentionsAll, isExcludedFromUnread: excluded)
            deliver(message, in: target)
            return .ok
        case .otherDeviceSends(let target, let text):
            add(Message(seq: nextSeq(target, sender: me), sender: me, text: text), to: target, sentFrom: nil)
            return .ok
        case .sendMessage(let target, let text):
            add(Message(seq: nextSeq(target, sender: me), sender: me, text: text), to: target, sentFrom: .main)
            return .ok
        case .secondDeviceSends(let target, let text):
            add(Message(seq: nextSeq(target, sender: me), sender: me, text: text), to: target, sentFrom: .second)
            return .ok
        case .markC2CRead(let peer):
            guard let peer else { return readEvery { !$0.isGroup } }
            return read(.user(peer))
        case .markGroupRead(let group):
            guard let group else { return readEvery { $0.isGroup } }
            return read(.group(group))
        case .markAllRead:
            return readEvery { _ in true }
        case .cleanUnread(let target), .secondDeviceRead(let target):
            return read(target)
        case .cleanUnreadOfKind(let kind):
            return readEvery { kind == "c2c" ? !$0.isGroup : kind == "group" ? $0.isGroup : true }
        case .cleanGroupUnread(let group, let seq):
            return read(.group(group), upTo: seq)
        case .pin(let target, let pinned), .secondDevicePin(let target, let pinned):
            guard conversations[target] != nil else { return .invalidConversation }
            conversations[target]!.isPinned = pinned
            if flaw == .pinBumpsActivity { conversations[target]!.lastActivity = nextActivity() }
            return .ok
        case .delete(let target), .secondDeviceDelete(let target):
            guard conversations.removeValue(forKey: target) != nil else { return .invalidConversation }
            keptMessages[target] = nil
            (removedLocally[target], keptDelivered[target]) = (nil, nil)
            if flaw == .deletionLeavesGroups { leaveGroups(target) }
            return .ok
        case .setDraft(let target, let text):
            guard conversations[target] != nil else { return .invalidConversation }
            let draft = text?.isEmpty == false ? text : nil
            conversations[target]!.draft = draft
            if draft != nil { conversations[target]!.lastActivity = nextActivity() }
            return .ok
        case .setReceiveOption(let target, let option):
            receiveOptions[target] = option
            return .ok
        case .legacySetRead(let target, nil):
            return read(target)
        case .legacySetRead(let target, let newest?):
            let seqs = localMessageSeqs(of: target)
            guard newest < seqs.count else { return .ok }
            return read(target, upTo: seqs[newest])
        case .legacyRemove(let target, let newest):
            let seqs = localMessageSeqs(of: target)
            guard newest < seqs.count else { return .ok }
            let removed = conversations[target]!.messages.filter { $0.seq == seqs[newest] }
            conversations[target]!.messages.removeAll { $0.seq == seqs[newest] }
            removedLocally[target, default: []] = (removedLocally[target, default: []] + removed).sorted { $0.seq < $1.seq }
            return .returned(true)
        case .legacyDelete(let target):
            guard let removed = conversations.removeValue(forKey: target) else { return .returned(false) }
            keptMessages[target] = removed.messages
            keptDelivered[target, default: []].formUnion((removed.messages + (removedLocally[target] ?? [])).map(\.seq))
            if flaw == .deletionLeavesGroups { leaveGroups(target) }
            return .returned(true)
        case .storageFails, .storageRecovers, .restart, .secondDeviceMissesPushes:
            return .ok
        case .peerRevokes(let peer, let seq):
            let target = ModelTarget.user(peer)
            guard sender(of: seq, in: target) == peer, revokedSeqs[target]?.contains(seq) != true else { return .ok }
            revoke(seq, in: target)
            if conversations[target] != nil || keptDelivered[target]?.contains(seq) == true {
                revokesAnnounced += 1
            }
            return .ok
        case .peerModifies(let peer, let seq, let text):
            // The server changes any message of the conversation that is not revoked.
            let target = ModelTarget.user(peer)
            guard sender(of: seq, in: target) != nil, revokedSeqs[target]?.contains(seq) != true else { return .ok }
            if conversations[target] != nil && removedLocally[target]?.contains(where: { $0.seq == seq }) != true
                || conversations[target] == nil && keptDelivered[target]?.contains(seq) == true {
                modificationsAnnounced += 1
            }
            changeText(of: seq, in: target, to: text)
            return .ok
        case .peerReads(let peer):
            let target = ModelTarget.user(peer)
            let newest = serverSeq(of: target)
            guard newest > (peerReadPoints[target] ?? 0) else { return .ok }
            peerReadPoints[target] = newest
            if conversations[target] != nil { receiptsAnnounced.append(peer) }
            return .ok
        case .revokeMine(let target):
            let messages = conversations[target]?.messages ?? keptMessages[target] ?? []
            guard let mine = messages.last(where: { $0.sender == me }) else { return .ok }
            revoke(mine.seq, in: target)
            return .ok
        case .clearHistory(let target):
            guard conversations[target] != nil else { return .invalidConversation }
            conversations[target]!.messages = []
            conversations[target]!.readUpTo = serverSeq(of: target)
            // Every message so far is gone, the kept ones it had taken back included.
            (removedLocally[target], keptDelivered[target]) = (nil, nil)
            return .ok
        case .mark(let target, let mark, let enable), .secondDeviceMark(let target, let mark, let enable):
            guard conversations[target] != nil else { return .results([6004]) }
            if enable { conversations[target]!.marks |= mark.rawValue } else { conversations[target]!.marks &= ~mark.rawValue }
            return .results([0])
        case .setCustomData(let target, let text):
            guard conversations[target] != nil else { return .results([6004]) }
            conversations[target]!.customData = text
            return .results([0])
        case .createGroup(let name, let targets):
            guard !groups.contains(where: { $0.name == name }) else { return .error(50002) }
            guard groups.count < 20 else { return .error(51010) }
            groupsCreated += 1
            groups.append(Group(id: groupsCreated, name: name, members: []))
            return addToGroup(groups.count - 1, targets)
        case .renameGroup(let name, let newName), .secondDeviceRenameGroup(let name, let newName):
            guard let index = groups.firstIndex(where: { $0.name == name }) else { return .error(51009) }
            guard name != newName else { return .ok }
            guard !groups.contains(where: { $0.name == newName }) else { return .error(50002) }
            groups[index].name = newName
            return .ok
        case .addToGroup(let name, let targets):
            guard let index = groups.firstIndex(where: { $0.name == name }) else { return .error(51009) }
            return addToGroup(index, targets)
        case .removeFromGroup(let name, let targets):
            guard let index = groups.firstIndex(where: { $0.name == name }) else { return .error(51009) }
            groups[index].members.removeAll { targets.contains($0) }
            return .results(targets.map { _ in 0 })
        case .deleteGroup(let name):
            guard let index = groups.firstIndex(where: { $0.name == name }) else { return .error(51009) }
            groups.remove(at: index)
            return .ok
        }
    }

    /// Takes `target` out of every group (only under `ModelFlaw.deletionLeavesGroups`).
    private mutating func leaveGroups(_ target: ModelTarget) {
        for index in groups.indices { groups[index].members.removeAll { $0 == target } }
    }

    /// Adds the conversations of `targets` the user has to group `index` (6004 for the others; one
    /// in it already: success, no change).
    private mutating func addToGroup(_ index: Int, _ targets: [ModelTarget]) -> ModelOutcome {
        .results(targets.map { target in
            guard conversations[target] != nil else { return 6004 }
            if !groups[index].members.contains(target) { groups[index].members.append(target) }
            return 0
        })
    }

    private mutating func nextSeq(_ target: ModelTarget, sender: String) -> UInt64 {
        serverSeqs[target, default: 0] += 1
        serverSenders[target, default: []].append(sender)
        return serverSeqs[target]!
    }

    /// Who sent message `seq` of `target` on the server (nil: no such message).
    private func sender(of seq: UInt64, in target: ModelTarget) -> String? {
        guard let senders = serverSenders[target], seq >= 1, seq <= UInt64(senders.count) else { return nil }
        return senders[Int(seq - 1)]
    }

    /// Marks message `seq` of `target` revoked, on the server and wherever the user holds it.
    private mutating func revoke(_ seq: UInt64, in target: ModelTarget) {
        revokedSeqs[target, default: []].insert(seq)
        if let index = conversations[target]?.messages.firstIndex(where: { $0.seq == seq }) {
            conversations[target]!.messages[index].isRevoked = true
        }
        if let index = keptMessages[target]?.firstIndex(where: { $0.seq == seq }) {
            keptMessages[target]![index].isRevoked = true
        }
        if let index = removedLocally[target]?.firstIndex(where: { $0.seq == seq }) {
            removedLocally[target]![index].isRevoked = true
        }
    }

    /// Gives message `seq` of `target` the text `text` wherever the user holds it (the list, kept
    /// messages of a deleted conversation, messages removed locally: a second device shows those).
    private mutating func changeText(of seq: UInt64, in target: ModelTarget, to text: String) {
        if let index = conversations[target]?.messages.firstIndex(where: { $0.seq == seq }) {
            conversations[target]!.messages[index].text = text
        }
        if let index = keptMessages[target]?.firstIndex(where: { $0.seq == seq }) {
            keptMessages[target]![index].text = text
        }
        if let index = removedLocally[target]?.firstIndex(where: { $0.seq == seq }) {
            removedLocally[target]![index].text = text
        }
    }

    /// The newest message of `peer`'s in our conversation that is not revoked (for generating
    /// revokes), or nil.
    package func newestUnrevoked(from peer: String) -> UInt64? {
        let target = ModelTarget.user(peer)
        let senders = serverSenders[target] ?? []
        return senders.indices.reversed().map { UInt64($0 + 1) }.first { seq in
            senders[Int(seq - 1)] == peer && revokedSeqs[target]?.contains(seq) != true
        }
    }

    private mutating func nextActivity() -> Int {
        activities += 1
        return activities
    }

    /// A message from someone else reaches me if my receive option lets it in.
    private mutating func deliver(_ message: Message, in target: ModelTarget) {
        let option = receiveOption(of: target)
        guard option.delivers(mentioningMe: message.mentionsMe || message.mentionsAll) else { return }
        add(message, to: target, sentFrom: nil)
    }

    /// Adds a message the user has; a missing conversation appears (with kept messages, all read).
    /// Every device but `sentFrom` (the device of mine that sent it, if any) announces it.
    private mutating func add(_ message: Message, to target: ModelTarget, sentFrom: ModelDevice?) {
        let event = ReceivedMessage(
            conversationID: target.conversationID, seq: message.seq, sender: message.sender,
            isSelf: message.sender == me, text: message.text)
        for device in ModelDevice.allCases where device != sentFrom || flaw == .ownSendsAreAnnounced {
            announcements[device, default: []].append(event)
        }
        if conversations[target] == nil {
            let kept = keptMessages.removeValue(forKey: target) ?? []
            // Read up to the newest message the user had, removed ones included (the server's cursor).
            let readUpTo = max(kept.last?.seq ?? 0, removedLocally[target]?.last?.seq ?? 0)
            conversations[target] = Conversation(target: target, messages: kept, readUpTo: readUpTo, lastActivity: 0)
        }
        conversations[target]!.messages.append(message)
        conversations[target]!.lastActivity = nextActivity()
    }

    /// Reads `target` up to `seq` (default: everything), never past its newest message, never back.
    private mutating func read(_ target: ModelTarget, upTo seq: UInt64 = .max) -> ModelOutcome {
        guard let conversation = conversations[target] else { return .invalidConversation }
        let newest = max(conversation.messages.last?.seq ?? 0, removedLocally[target]?.last?.seq ?? 0)
        conversations[target]!.readUpTo = max(conversation.readUpTo, min(seq, newest))
        conversations[target]!.marks &= ~ModelMark.unread.rawValue
        return .ok
    }

    private mutating func readEvery(_ include: (ModelTarget) -> Bool) -> ModelOutcome {
        for target in conversations.keys where include(target) { _ = read(target) }
        return .ok
    }

    // MARK: - Observables, recomputed on every question

    /// The new-message events `device` got so far, in order.
    package func announced(to device: ModelDevice) -> [ReceivedMessage] {
        announcements[device] ?? []
    }

    /// The receive option of `target` (set or not, existing or not).
    package func receiveOption(of target: ModelTarget) -> ModelReceiveOption {
        receiveOptions[target] ?? .receive
    }

    /// The unread messages of `conversation`: from others, counted, after the read cursor.
    package func unreadMessages(of conversation: Conversation) -> [Message] {
        conversation.messages.filter { message in
            (message.sender != me || flaw == .ownMessagesAreUnread)
                && !message.isExcludedFromUnread && !message.isRevoked && message.seq > conversation.readUpTo
        }
    }

    /// The unread count of `target` (0 when it does not exist).
    package func unreadCount(of target: ModelTarget) -> Int {
        conversations[target].map { unreadMessages(of: $0).count } ?? 0
    }

    /// The V2 total: the unread counts of the conversations whose receive option counts.
    package var totalUnread: Int { totalUnread(on: .main) }

    /// The V2 total `device` shows.
    package func totalUnread(on device: ModelDevice) -> Int {
        conversations.values
            .filter { receiveOption(of: $0.target).countsInTotal || flaw == .mutedCountInTotal }
            .map { unreadMessages(of: view(of: $0, on: device)).count }
            .reduce(0, +)
    }

    /// `conversation` as `device` holds it: the second device also holds the messages removed
    /// from the main device's local storage.
    private func view(of conversation: Conversation, on device: ModelDevice) -> Conversation {
        guard device == .second, let removed = removedLocally[conversation.target], !removed.isEmpty else {
            return conversation
        }
        var held = conversation
        held.messages = (held.messages + removed).sorted { $0.seq < $1.seq }
        return held
    }

    /// Every unread message of every conversation, muted or not (the legacy sum of
    /// `getUnReadMessageNum()` over the list).
    package var unreadInEveryConversation: Int {
        conversations.values.map { unreadMessages(of: $0).count }.reduce(0, +)
    }

    /// The list: pinned first, then the others, each newest activity first.
    package var orderedConversations: [Conversation] {
        conversations.values.sorted { left, right in
            if left.isPinned != right.isPinned { return left.isPinned }
            return left.lastActivity > right.lastActivity
        }
    }

    /// The `V2TIMGroupAtType` raw values of the unread messages of others that @-mention me or all
    /// (a message excluded from unread is no unread mention).
    package func atTypes(of conversation: Conversation) -> [Int] {
        unreadMessages(of: conversation)
            .filter { $0.sender != me && ($0.mentionsMe || $0.mentionsAll) }
            .map { $0.mentionsMe && $0.mentionsAll ? 3 : $0.mentionsAll ? 2 : 1 }
    }

    /// What the V2 API of `device` must show for `target`; nil when it is not in the list.
    package func state(of target: ModelTarget, on device: ModelDevice = .main) -> ModelConversationState? {
        guard let conversation = conversations[target].map({ view(of: $0, on: device) }) else { return nil }
        let last = conversation.messages.last
        let peerRead = last.map { !target.isGroup && $0.sender == me && $0.seq <= (peerReadPoints[target] ?? 0) } ?? false
        return ModelConversationState(
            conversationID: target.conversationID, unreadCount: unreadMessages(of: conversation).count,
            isPinned: conversation.isPinned, draftText: conversation.draft,
            lastMessageText: last?.text, receiveOption: receiveOption(of: target).rawValue,
            atTypes: atTypes(of: conversation), lastMessageRevoked: last?.isRevoked == true,
            lastMessagePeerRead: peerRead, marks: conversation.marks, customData: conversation.customData,
            conversationGroups: groupNames(of: target))
    }

    /// The names of the groups holding `target`, in the groups' order.
    package func groupNames(of target: ModelTarget) -> [String] {
        groups.filter { $0.members.contains(target) }.map(\.name)
    }

    /// The group events that the change from `before`'s groups to these must produce, one line each
    /// (`created NAME [ids]`, `deleted NAME`, `renamed OLD NEW`, `removed NAME [ids] reason 0`,
    /// `added NAME [ids]`), group by group in creation order; the conversations listed are those
    /// the user has.
    package func groupEvents(since before: ReferenceModel) -> [String] {
        func list(_ targets: [ModelTarget]) -> String {
            "[" + targets.filter { conversations[$0] != nil }.map(\.conversationID).joined(separator: ", ") + "]"
        }
        var lines: [String] = []
        for id in Set(before.groups.map(\.id) + groups.map(\.id)).sorted() {
            let old = before.groups.first { $0.id == id }, new = groups.first { $0.id == id }
            switch (old, new) {
            case (nil, let new?): lines.append("created \(new.name) \(list(new.members))")
            case (let old?, nil): lines.append("deleted \(old.name)")
            case (let old?, let new?):
                if old.name != new.name { lines.append("renamed \(old.name) \(new.name)") }
                let left = old.members.filter { !new.members.contains($0) && conversations[$0] != nil }
                if !left.isEmpty { lines.append("removed \(new.name) \(list(left)) reason 0") }
                let came = new.members.filter { !old.members.contains($0) && conversations[$0] != nil }
                if !came.isEmpty { lines.append("added \(new.name) \(list(came))") }
            case (nil, nil): break
            }
        }
        return lines
    }

    /// The sequences of the local messages of `target`, newest first, as many as `getLocalMessage`
    /// with a count of `ReferenceModel.localMessageCount` returns.
    package func localMessageSeqs(of target: ModelTarget) -> [UInt64] {
        (conversations[target]?.messages ?? []).reversed().prefix(Self.localMessageCount).map(\.seq)
    }

    /// Whether `getLocalMessage` must show the message `seq` of `target` as read (`isReaded()`).
    package func isRead(seq: UInt64, in target: ModelTarget) -> Bool {
        guard let conversation = conversations[target],
              let message = conversation.messages.first(where: { $0.seq == seq }) else { return false }
        return message.sender == me || seq <= conversation.readUpTo
    }

    /// Whether the message `seq` of `target` is excluded from the unread count.
    package func isExcludedFromUnread(seq: UInt64, in target: ModelTarget) -> Bool {
        conversations[target]?.messages.first { $0.seq == seq }?.isExcludedFromUnread ?? false
    }

    /// Whether the message `seq` of `target` is revoked (it no longer counts as unread).
    package func isRevoked(seq: UInt64, in target: ModelTarget) -> Bool {
        conversations[target]?.messages.first { $0.seq == seq }?.isRevoked ?? false
    }

    /// How many local messages the legacy read asks for.
    package static let localMessageCount = 20

    /// The newest server sequence of `target` (0 before its first message), for generating reads.
    package func serverSeq(of target: ModelTarget) -> UInt64 {
        serverSeqs[target] ?? 0
    }

    /// The activity count of `target`, for telling whether an operation touched it.
    func lastActivity(of target: ModelTarget) -> Int? {
        conversations[target]?.lastActivity
    }
}
