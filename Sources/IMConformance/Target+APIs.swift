import ImSDK

/// How each API names a target.
extension Target {
    /// The legacy conversation type.
    var legacyType: TIMConversationType {
        switch self {
        case .c2c: return .C2C
        case .group: return .GROUP
        }
    }

    /// The legacy receiver: the user ID or the group ID.
    var receiver: String {
        switch self {
        case .c2c(let id), .group(let id): return id
        }
    }

    /// The target of a legacy conversation; nil for SYSTEM, which the V2 API does not show.
    init?(legacy conversation: TIMConversation) {
        switch conversation.getType() {
        case .C2C: self = .c2c(conversation.getReceiver() ?? "")
        case .GROUP: self = .group(conversation.getReceiver() ?? "")
        case .SYSTEM: return nil
        }
    }

    /// The V2 `receiver` of a C2C target.
    var userID: String? {
        if case .c2c(let userID) = self { return userID }
        return nil
    }

    /// The V2 `groupID` of a group target.
    var groupID: String? {
        if case .group(let groupID) = self { return groupID }
        return nil
    }
}
