import IMTransportKit

/// Syncing: what a device gets when it starts from nothing (the cloud list), and the pages of
/// changes after a version that bring a device up to date.
extension ServerState {
    /// The default of `cloudListLimit`: the most conversations the vendor's cloud list keeps per user.
    static let defaultCloudListLimit = 100
    /// How long a conversation without new messages stays in the cloud list: 7 days.
    static let cloudIdleSeconds: UInt64 = 7 * 24 * 60 * 60
    /// The default of `syncPageLimit`: the changes (messages, other conversation changes, tombstones)
    /// a page covers. A device catching up on 10,000 messages takes two pages (at 500 it took 21,
    /// most of them carrying most of its conversations again: `imsdk bench --login-burst`).
    static let defaultSyncPageLimit = 5_000
    /// The default of `syncPageByteBudget`: 4 MiB of messages (`pageBytes(of:)`) a page carries
    /// at most (the page of a socket transport is one frame, at most 32 MiB of JSON, where a body
    /// of bytes takes a third more as base64).
    static let defaultSyncPageByteBudget = 4 << 20

    /// About how many bytes `message` adds to a page: its content and its strings, plus a fixed
    /// share for its other fields (what the budget of a page counts).
    static func pageBytes(of message: Message) -> Int {
        let content: Int
        switch message.content {
        case .text(let text): content = text.utf8.count
        case .custom(let data, let desc, let ext): content = data.count + (desc?.utf8.count ?? 0) + (ext?.utf8.count ?? 0)
        case .other(_, let payload): content = payload.count
        }
        return 128 + content + message.id.utf8.count + message.sender.utf8.count
            + message.atUserIDs.reduce(0) { $0 + $1.utf8.count + 4 }
    }

    /// About how many bytes a conversation's state adds to a page besides its messages: its last
    /// message and a fixed share for its other fields (its unread messages are bounded apart, see
    /// `boundUnread(_:budget:)`).
    static func stateBytes(of conversation: UserConversation) -> Int {
        256 + (conversation.lastMessage.map(pageBytes) ?? 0)
    }

    /// Bounds the unread messages `states` carry to about `budget` bytes in all (`pageBytes(of:)`
    /// each): each conversation, in the order given, keeps its newest unread messages while they
    /// fit what is left, and counts the older ones it leaves out in `omittedUnreadCount`; a device
    /// fetches those with `.deliveredHistory` before it applies the state. So an answer listing
    /// conversations stays inside a socket frame however many unread messages they have (before,
    /// one conversation with tens of megabytes of unread messages made every sync fail with 9520).
    /// - Complexity: O(u) for u unread messages carried.
    static func boundUnread(_ states: inout [ServerConversation], budget: Int) {
        var left = budget
        for index in states.indices where !states[index].unreadMessages.isEmpty {
            let unread = states[index].unreadMessages
            var kept = unread.endIndex
            while kept > unread.startIndex {
                let bytes = pageBytes(of: unread[kept - 1])
                guard bytes <= left else { break }
                left -= bytes
                kept -= 1
            }
            guard kept > unread.startIndex else { continue }
            states[index].unreadMessages = Array(unread[kept...])
            states[index].omittedUnreadCount = kept - unread.startIndex + (states[index].omittedUnreadCount ?? 0)
        }
    }

    /// What changed for `userID` since `version`.
    ///
    /// From 0 (a device starting from nothing): the cloud list, in one answer with the user's
    /// current version, and every conversation group; asked on a connection opened at
    /// `connectionOpenedAt`, it also holds every conversation with a message delivered since, with
    /// those messages (`newMessages`): they were pushed to the device before it had synced, which
    /// ignored them.
    ///
    /// From a later version: the next page of the changes after it. The changes counted are the
    /// messages delivered after `version`, the revokes and message changes made after it, the latest change of each
    /// conversation changed after it (when that is neither), the tombstones made after it, and the
    /// latest change of the conversation groups (the page whose end reaches it carries all of them).
    /// The page ends at the `syncPageLimit`-th of them in version order, or earlier at the last one
    /// whose messages (those counted up to it, `pageBytes(of:)` each) stay within
    /// `syncPageByteBudget` (at least one change, whatever its size), or, when no more remain, at
    /// the user's current version; its `version` is that end. It holds every
    /// conversation with a counted change up to the end, with the messages delivered in it after
    /// `version` up to the end (`newMessages`, leaving out those the user deleted or cleared since)
    /// and those revoked or changed in that span (`revokedMessages`, `modifiedMessages`, as they are
    /// now), in its current state when its latest
    /// change is within the page, else as it stood at the last message delivered by the end
    /// (`ServerConversation.upTo(seq:)`), its unread messages delivered by `version` counted in
    /// `omittedUnreadCount` rather than carried (the device asking holds them); and the tombstones
    /// up to the end.
    ///
    /// Why a device that applies the pages in turn misses nothing and gets each message once: a
    /// page carries exactly the messages delivered between the version asked and its end, and the
    /// next page is asked from that end. A conversation whose latest change lies beyond the end is
    /// changed after it, so a later page brings it again; its state there includes every earlier
    /// change. Changes made meanwhile get later versions, so the last page (`hasMore` false) leaves
    /// the device at the user's version with every conversation current. (A receive option set for
    /// a conversation the user does not have is the exception: it reaches a device with the
    /// conversation's first message, which the push of the option precedes, `.receive` included
    /// once another was set: see `announceReceiveOptionIfStarting`.)
    ///
    /// - Complexity: from 0, that of `cloudList(of:now:deliveredAfter:)`. From a later version,
    ///   O(c + t + r log d + e log e + k + u): c conversations and t tombstones of the user
    ///   scanned, a binary search in the d deliveries of each of the r changed after `version`,
    ///   the e changes counted (messages not synced yet included) sorted, k messages and u unread
    ///   messages copied into the page.
    func changes(of userID: String, since version: UInt64, now: UInt64, connectionOpenedAt: UInt64?) -> IMChanges {
        guard let account = users[userID] else { return IMChanges(version: 0, conversations: [], deleted: []) }
        guard version > 0 else {
            var list = cloudList(of: userID, now: now, deliveredAfter: connectionOpenedAt)
            Self.boundUnread(&list, budget: syncPageByteBudget)
            return IMChanges(
                version: account.version, conversations: list, deleted: [],
                conversationGroups: account.conversationGroups)
        }
        // Each counted change with the bytes of the message it delivers (0 for the others).
        var counted: [(version: UInt64, bytes: Int)] = []
        var changed: [(id: ConversationID, log: ConversationLog?,
                       delivered: ArraySlice<UserConversation.Delivery>, revoked: ArraySlice<UserConversation.Delivery>,
                       modified: ArraySlice<UserConversation.Delivery>)] = []
        for (id, conversation) in account.conversations where conversation.changedVersion > version {
            let delivered = conversation.deliveries(after: version)
            let revoked = conversation.revocations(after: version)
            let modified = conversation.modifications(after: version)
            let log = logs[logKey(of: id, seenBy: userID)]
            let first = counted.count
            counted += delivered.lazy.map { ($0.version, log?.message(seq: $0.seq).map(Self.pageBytes) ?? 0) }
            counted += revoked.lazy.map { ($0.version, 0) }
            counted += modified.lazy.map { ($0.version, log?.message(seq: $0.seq).map(Self.pageBytes) ?? 0) }
            if ![delivered.last?.version, revoked.last?.version, modified.last?.version].contains(conversation.changedVersion) {
                counted.append((conversation.changedVersion, 0))
            }
            // The conversation's state (its last message, its other fields) comes with its first change.
            if let earliest = counted[first...].indices.min(by: { counted[$0].version < counted[$1].version }) {
                counted[earliest].bytes += Self.stateBytes(of: conversation)
            }
            changed.append((id, log, delivered, revoked, modified))
        }
        let tombstones = account.deletions.filter { $0.value > version && account.conversations[$0.key] == nil }
        counted += tombstones.values.lazy.map { ($0, 0) }
        let groupsChanged = account.conversationGroupsVersion > version
        if groupsChanged { counted.append((account.conversationGroupsVersion, 0)) }
        counted.sort { $0.version < $1.version }
        var end = account.version
        var hasMore = false
        var bytes = 0
        for (index, change) in counted.enumerated() {
            bytes += change.bytes
            if index > 0 && (index == syncPageLimit || bytes > syncPageByteBudget) {
                end = counted[index - 1].version
                hasMore = true
                break
            }
        }
        // Each with its activity, to sort by (computed once, not per comparison).
        var conversations: [(activity: (UInt64, UInt64), state: ServerConversation)] = []
        for (id, log, delivered, revoked, modified) in changed {
            let conversation = account.conversations[id]!
            let carried = delivered.prefix { $0.version <= end }
            let carriedRevoked = revoked.prefix { $0.version <= end }
            let carriedModified = modified.prefix { $0.version <= end }
            let isCurrent = conversation.changedVersion <= end
            guard isCurrent || !carried.isEmpty || !carriedRevoked.isEmpty || !carriedModified.isEmpty else { continue }
            // Messages deleted or cleared since are not carried, and a state as of an earlier change
            // stops at the last one that is: up to one of them, it would tell a device of it (its
            // sequence) without its time, and the later state that clears it could not place the
            // conversation by it any more.
            let visible = carried.filter { account.isVisible($0.seq, in: id) }
            // The unread messages delivered by `version` are held by the device that asks: counted, not carried.
            var state = serverConversation(
                id, conversation, of: userID, account: account, unreadAbove: conversation.deliveredSeq(atOrBefore: version))
            if !isCurrent {
                state = state.upTo(seq: visible.last?.seq ?? conversation.visibleDeliveredSeq(atOrBefore: version) {
                    account.isVisible($0, in: id)
                })
            }
            state.newMessages = visible.compactMap { log?.message(seq: $0.seq) }
            state.revokedMessages = carriedRevoked.compactMap { log?.message(seq: $0.seq) }
            // Those deleted or cleared since are not carried (a device drops them).
            let changedMessages = carriedModified.filter { account.isVisible($0.seq, in: id) }.compactMap { log?.message(seq: $0.seq) }
            state.modifiedMessages = changedMessages.isEmpty ? nil : changedMessages
            conversations.append((Self.activity(of: conversation), state))
        }
        let order = conversations.indices.sorted { conversations[$0].activity > conversations[$1].activity }
        var states = order.map { conversations[$0].state }
        Self.boundUnread(&states, budget: syncPageByteBudget)
        return IMChanges(
            version: end, conversations: states,
            deleted: tombstones.filter { $0.value <= end }.keys.sorted(), hasMore: hasMore,
            conversationGroups: groupsChanged && account.conversationGroupsVersion <= end
                ? account.conversationGroups : nil)
    }

    /// The cloud list of `userID`: the `cloudListLimit` (100) most recently active conversations with
    /// a message in the last 7 days (and those without any message), plus every pinned conversation whatever its
    /// age (pins roam), most recently active first. The rest stays on devices that have it, but a
    /// device starting from nothing does not get it.
    ///
    /// - Parameter deliveredAfter: when given, every conversation with a message delivered after this
    ///   version is listed too, with those messages (`newMessages`); otherwise there is no backlog.
    /// - Complexity: O(c (log c + log d) + u + k) for c conversations of the user, d deliveries in
    ///   each, u unread and k delivered messages in the list.
    func cloudList(of userID: String, now: UInt64, deliveredAfter: UInt64?) -> [ServerConversation] {
        guard let account = users[userID] else { return [] }
        let cutoff = now > Self.cloudIdleSeconds ? now - Self.cloudIdleSeconds : 0
        let byActivity = account.conversations.sorted { Self.activity(of: $0.value) > Self.activity(of: $1.value) }
        var listed = 0
        return byActivity.compactMap { id, conversation in
            let isRecent = listed < cloudListLimit && Self.activityTime(of: conversation) >= cutoff
            if isRecent { listed += 1 }
            let delivered = deliveredAfter.map { conversation.deliveries(after: $0) } ?? []
            guard isRecent || conversation.isPinned || !delivered.isEmpty else { return nil }
            var state = serverConversation(id, conversation, of: userID, account: account)
            let log = logs[logKey(of: id, seenBy: userID)]
            state.newMessages = delivered.compactMap { delivery in
                account.isVisible(delivery.seq, in: id) ? log?.message(seq: delivery.seq) : nil
            }
            return state
        }
    }

    /// The current state of those of `ids` that `userID` has, in the order asked (no backlog).
    ///
    /// - Complexity: O(k + u) for k conversations asked and u unread messages in them.
    func conversations(_ ids: [ConversationID], of userID: String) -> [ServerConversation] {
        guard let account = users[userID] else { return [] }
        return ids.compactMap { id in
            account.conversations[id].map { serverConversation(id, $0, of: userID, account: account) }
        }
    }

    /// Conversation `id` of `userID` as a device sees it (no backlog).
    ///
    /// - Parameter floor: the unread messages up to this sequence are counted in
    ///   `omittedUnreadCount`, not carried (a sync page leaves out those the device holds).
    /// - Complexity: O(u) for u unread messages carried, O(log u) for those left out.
    func serverConversation(
        _ id: ConversationID, _ conversation: UserConversation, of userID: String, account: UserAccount,
        unreadAbove floor: UInt64 = 0
    ) -> ServerConversation {
        let log = logs[logKey(of: id, seenBy: userID)]
        let unread = conversation.unreadSeqs(above: floor)
        var state = ServerConversation(
            id: id, profile: profile(of: id, seenBy: userID) ?? ConversationProfile(),
            lastMessage: conversation.lastMessage, lastSeq: conversation.lastSeq, readSeq: conversation.readSeq,
            unreadMessages: unread.above.compactMap { log?.message(seq: $0) },
            isPinned: conversation.isPinned, receiveOption: account.receiveOption(for: id), draft: conversation.draft,
            peerRead: account.peerReads[id] ?? .none, clearedSeq: account.clearedSeq(of: id),
            marks: conversation.marks, customData: conversation.customData)
        if unread.atOrBelow > 0 { state.omittedUnreadCount = unread.atOrBelow }
        if conversation.lastMessage == nil { state.activityTimestamp = conversation.lastActivity }
        return state
    }

    /// How recently a conversation was active: its last message's time (cleared since: its time
    /// still; never any: newest of all), then the version of that message, for messages in the same second.
    private static func activity(of conversation: UserConversation) -> (UInt64, UInt64) {
        (activityTime(of: conversation), conversation.activityVersion)
    }

    private static func activityTime(of conversation: UserConversation) -> UInt64 {
        conversation.lastMessage?.timestamp ?? conversation.lastActivity ?? .max
    }
}
