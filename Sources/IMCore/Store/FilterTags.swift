/// The tags a conversation carries in the store's ordered index: one bit per property a
/// `ConversationFilter` can ask about, so a filtered page walks only the subtrees that may hold a
/// match (`OrderedIndex.forEachDescending(below:matching:_:)`).
///
/// Bits 0-5: C2C, group, has unread messages, has an unread @, carries any mark, is in any
/// conversation group; 6-9: the four built-in marks; 10-41: the 32 custom marks (`1 << n`, 32 <= n
/// < 64); 42-63: one bit per conversation group that has a slot (`GroupSlots`).
package enum FilterTag {
    static let c2c: UInt64 = 1 << 0
    static let group: UInt64 = 1 << 1
    static let unread: UInt64 = 1 << 2
    static let groupAt: UInt64 = 1 << 3
    static let marked: UInt64 = 1 << 4
    static let inGroup: UInt64 = 1 << 5
    /// The tag of the built-in mark `1 << i` is `1 << (builtInMarkShift + i)`.
    static let builtInMarkShift: UInt64 = 6
    /// The tag of the custom mark `1 << n` is `1 << (customMarkShift + n - 32)`.
    static let customMarkShift: UInt64 = 10
    /// The tag of group slot `s` is `1 << (groupSlotShift + s)`.
    static let groupSlotShift: UInt64 = 42
    /// How many conversation groups have a bit of their own (the vendor allows 20 groups).
    static let groupSlotCount = 22

    /// The tags of `marks` (bits outside `ConversationMarks.valid` have none).
    static func tags(of marks: ConversationMarks) -> UInt64 {
        let raw = marks.rawValue
        return (raw & 0xF) << builtInMarkShift | (raw >> 32) << customMarkShift
    }

    /// The tags of `conversation`, its groups' bits taken from `slots`.
    /// - Complexity: O(1), plus O(g) for g groups.
    static func tags(of conversation: Conversation, slots: GroupSlots) -> UInt64 {
        baseTags(of: conversation) | slots.tags(of: conversation.filterGroupNames)
    }

    /// The tags of `conversation` but its groups' own bits (`inGroup` included), which need no
    /// `GroupSlots`: what a change compares before and after.
    /// - Complexity: O(1).
    static func baseTags(of conversation: Conversation) -> UInt64 {
        var tags: UInt64 = switch conversation.kind {
        case .c2c: c2c
        case .group: group
        case .system: 0
        }
        if conversation.unreadCount > 0 { tags |= unread }
        if !conversation.groupAtInfos.isEmpty { tags |= groupAt }
        if !conversation.marks.isEmpty { tags |= marked | Self.tags(of: conversation.marks) }
        if !conversation.filterGroupNames.isEmpty { tags |= inGroup }
        return tags
    }

    /// The walk that finds what `filter` selects: a superset of it (the walk checks each
    /// conversation it finds with `ConversationFilter.matches`), or nil when nothing can match.
    static func query(for filter: ConversationFilter, slots: GroupSlots) -> TagQuery? {
        var query = TagQuery.all
        switch filter.kind {
        case .c2c?: query.required |= c2c
        case .group?: query.required |= group
        case .system?: return nil
        case nil: break
        }
        if let marks = filter.marks {
            guard marks.isSubset(of: .valid) else { return nil }
            if marks.isEmpty { query.excluded |= marked } else { query.required |= tags(of: marks) }
        }
        if !filter.includesHidden { query.excluded |= tags(of: .hide) }
        switch filter.hasUnread {
        case true?: query.required |= unread
        case false?: query.excluded |= unread
        case nil: break
        }
        switch filter.hasGroupAt {
        case true?: query.required |= groupAt
        case false?: query.excluded |= groupAt
        case nil: break
        }
        if let name = filter.group {
            if name.isEmpty {
                query.excluded |= inGroup
            } else if slots.isUnknown(name) {
                return nil
            } else {
                query.required |= inGroup | (slots.tag(of: name) ?? 0)
            }
        }
        return query.required & query.excluded == 0 ? query : nil
    }
}

/// Which conversation groups have a tag bit (`FilterTag`), with how many conversations carry each.
///
/// A group gets a free bit when its first conversation is tagged, and gives it back when its last
/// one leaves; a group that found no free bit keeps none until it has no conversation left, so
/// either every conversation of a group carries its bit or none does. Filters on a group without a
/// bit walk every conversation in some group.
/// - Thread safety: a value type, `Sendable`.
package struct GroupSlots: Hashable, Sendable {
    private var slots: [String: Int] = [:]
    private var members = [Int](repeating: 0, count: FilterTag.groupSlotCount)
    private var free = Array((0..<FilterTag.groupSlotCount).reversed())
    /// Groups that found no free bit, with how many conversations are in each.
    private var unslotted: [String: Int] = [:]

    package init() {}

    /// The bit of group `name`, if it has one.
    func tag(of name: String) -> UInt64? {
        slots[name].map { 1 << (FilterTag.groupSlotShift + UInt64($0)) }
    }

    /// The bits of the groups `names` that have one.
    func tags(of names: [String]) -> UInt64 {
        names.reduce(0) { $0 | (tag(of: $1) ?? 0) }
    }

    /// Whether no conversation is in group `name`.
    func isUnknown(_ name: String) -> Bool {
        slots[name] == nil && unslotted[name] == nil
    }

    /// Counts a conversation into each of `names` (before it is tagged).
    mutating func add(_ names: [String]) {
        for name in names {
            if let slot = slots[name] {
                members[slot] += 1
            } else if unslotted[name] != nil {
                unslotted[name]! += 1
            } else if let slot = free.popLast() {
                slots[name] = slot
                members[slot] = 1
            } else {
                unslotted[name] = 1
            }
        }
    }

    /// Checks the member counts against `groupLists` (every conversation's groups) and that no
    /// group holds two bits or a bit and none.
    /// - Complexity: O(total memberships), for tests and debug checks.
    func _checkInvariants(against groupLists: some Sequence<[String]>) {
        var recount: [String: Int] = [:]
        for groups in groupLists { for name in groups { recount[name, default: 0] += 1 } }
        for (name, count) in recount {
            let kept = slots[name].map { members[$0] } ?? unslotted[name]
            precondition(kept == count, "group \(name) has \(count) conversations, counted \(kept ?? 0)")
            precondition(slots[name] == nil || unslotted[name] == nil, "group \(name) both has and lacks a bit")
        }
        precondition(slots.count + unslotted.count == recount.count, "groups without conversations are still counted")
        precondition(Set(slots.values).count == slots.count, "two groups share a bit")
        precondition(Set(slots.values).isDisjoint(with: free), "a bit in use is free")
        precondition(slots.count + free.count == FilterTag.groupSlotCount, "a bit went missing")
    }

    /// Counts a conversation out of each of `names`.
    mutating func remove(_ names: [String]) {
        for name in names {
            if let slot = slots[name] {
                members[slot] -= 1
                if members[slot] == 0 {
                    slots[name] = nil
                    free.append(slot)
                }
            } else if let count = unslotted[name] {
                unslotted[name] = count > 1 ? count - 1 : nil
            }
        }
    }
}
