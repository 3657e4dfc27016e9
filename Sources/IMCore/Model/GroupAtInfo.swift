/// What an unread group @-mention addressed.
package enum GroupAtType: Int32, Hashable, Sendable {
    case atMe = 1
    case atAll = 2
    case atAllAtMe = 3
}

/// An unread @-mention in a group: the message's sequence and what it addressed.
package struct GroupAtInfo: Hashable, Sendable {
    package var seq: UInt64
    package var type: GroupAtType

    package init(seq: UInt64, type: GroupAtType) {
        self.seq = seq
        self.type = type
    }
}
