/// What an unread group @-mention addressed.
public enum GroupAtType: Int32, Hashable, Sendable {
    case atMe = 1
    case atAll = 2
    case atAllAtMe = 3
}

/// An unread @-mention in a group: the message's sequence and what it addressed.
public struct GroupAtInfo: Hashable, Sendable {
    public var seq: UInt64
    public var type: GroupAtType

    public init(seq: UInt64, type: GroupAtType) {
        self.seq = seq
        self.type = type
    }
}
