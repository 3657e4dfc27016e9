/// How messages of a conversation are received (the five V2 values, same raw values).
public enum ReceiveOption: Int32, CaseIterable, Hashable, Codable, Sendable {
    case receive = 0
    case doNotReceive = 1
    case receiveWithoutNotify = 2
    case receiveWithoutNotifyExceptAt = 3
    case doNotReceiveExceptAt = 4

    /// Whether unread messages of a conversation with this option count in the total.
    ///
    /// The V2 docs exclude "do not receive", "receive without notify" and "without notify except @".
    public var countsInTotalUnread: Bool {
        switch self {
        case .receive, .doNotReceiveExceptAt: return true
        case .doNotReceive, .receiveWithoutNotify, .receiveWithoutNotifyExceptAt: return false
        }
    }

    /// Whether the server delivers a message to a user with this option.
    ///
    /// "Do not receive" drops everything; "do not receive except @" lets @-mentions through.
    public func delivers(mentioningRecipient: Bool) -> Bool {
        switch self {
        case .doNotReceive: return false
        case .doNotReceiveExceptAt: return mentioningRecipient
        case .receive, .receiveWithoutNotify, .receiveWithoutNotifyExceptAt: return true
        }
    }

    /// Whether a conversation with this option shows as muted in a list.
    public var isMuted: Bool { self != .receive }
}
