import Foundation
import IMTransportKit
import ImSDK_Plus
import TIMAdapter

// Conversions between the two generations, so migrating code can hand an object from one API to the
// other. The ID and value mappings are TIMAdapter's (`LegacyIDs`, `LegacyValues`); these only wrap.

extension V2TIMConversation {
    /// The V2 view of a legacy conversation, in its current state; nil for SYSTEM (the V2 API has
    /// no such conversation), when it does not exist yet, or when its user is not logged in.
    public convenience init?(legacy: TIMConversation) {
        guard legacy.bridge.selfUserID != nil else { return nil }
        self.init(legacy.id, of: V2TIMManager.sharedInstance())
    }
}

extension TIMConversation {
    /// The legacy handle on a V2 conversation, of the logged-in user; nil for a malformed
    /// conversation ID or when nobody is logged in.
    public convenience init?(v2: V2TIMConversation) {
        guard let legacy = LegacyIDs.legacy(v2ConversationID: v2.conversationID),
              let id = LegacyIDs.conversationID(type: legacy.type, receiver: legacy.receiver),
              let owner = LegacyBridge.shared.selfUserID else { return nil }
        self.init(id, owner: owner)
    }

    /// The V2 conversation ID of this conversation (`"c2c_" + receiver`, `"group_" + receiver`);
    /// nil for SYSTEM.
    public var v2ConversationID: String? {
        let legacy = LegacyIDs.legacy(id)
        return LegacyIDs.v2ConversationID(type: legacy.type, receiver: legacy.receiver)
    }
}

extension V2TIMMessage {
    /// The V2 view of a legacy message the SDK made, sent or received; nil for one still being built.
    public convenience init?(legacy: TIMMessage) {
        guard let stored = legacy.stored, let selfUserID = LegacyBridge.shared.selfUserID else { return nil }
        let readSeq = legacy.conversationID.flatMap { LegacyBridge.shared.state(of: $0)?.readSeq } ?? 0
        self.init(stored, selfUserID: selfUserID, readSeq: readSeq)
    }
}

extension TIMMessage {
    /// The legacy view of a V2 message the SDK made, sent or received; nil for one never sent.
    public convenience init?(v2: V2TIMMessage) {
        guard let core = v2.core, let selfUserID = LegacyBridge.shared.selfUserID else { return nil }
        self.init(core, selfUserID: selfUserID)
    }
}

extension V2TIMGroupAtInfo {
    /// The V2 form of a legacy @-mention.
    public convenience init(legacy: TIMGroupAtInfo) {
        self.init(seq: legacy.seq, atType: V2TIMGroupAtType(legacy: legacy.atType))
    }
}

extension TIMGroupAtInfo {
    /// The legacy form of a V2 @-mention.
    public convenience init(v2: V2TIMGroupAtInfo) {
        self.init()
        seq = v2.seq
        atType = TIMGroupAtType(rawValue: v2.atType.rawValue) ?? .AT_ME
    }
}

extension V2TIMConversationType {
    /// The V2 type of a legacy one; nil for SYSTEM.
    public init?(legacy: TIMConversationType) {
        guard legacy != .SYSTEM else { return nil }
        self.init(rawValue: legacy.rawValue)
    }
}

extension TIMConversationType {
    /// The legacy type of a V2 one; nil for UNKNOWN.
    public init?(v2: V2TIMConversationType) {
        guard v2 != .UNKNOWN else { return nil }
        self.init(rawValue: v2.rawValue)
    }
}

extension V2TIMReceiveMessageOpt {
    /// The V2 option of a legacy group option.
    public init(legacy: TIMGroupReceiveMessageOpt) {
        let option = LegacyValues.receiveOption(legacy: legacy.rawValue) ?? .receive
        self = V2TIMReceiveMessageOpt(rawValue: Int(option.rawValue)) ?? .RECEIVE_MESSAGE
    }
}

extension TIMGroupReceiveMessageOpt {
    /// The legacy option closest to a V2 one (the "except @" variants have no legacy value).
    public init(v2: V2TIMReceiveMessageOpt) {
        let option = ReceiveOption(rawValue: Int32(v2.rawValue)) ?? .receive
        self = TIMGroupReceiveMessageOpt(rawValue: LegacyValues.groupReceiveOption(option)) ?? .GROUP_RECEIVE_MESSAGE
    }
}

extension V2TIMMessageStatus {
    /// The V2 status of a legacy one (same raw values; LOCAL_STORED is V2's LOCAL_IMPORTED).
    public init(legacy: TIMMessageStatus) {
        self = V2TIMMessageStatus(rawValue: legacy.rawValue) ?? .MSG_STATUS_SENDING
    }
}

extension TIMMessageStatus {
    /// The legacy status of a V2 one.
    public init(v2: V2TIMMessageStatus) {
        self = TIMMessageStatus(rawValue: v2.rawValue) ?? .MSG_STATUS_SENDING
    }
}

extension V2TIMGroupAtType {
    /// The V2 type of a legacy @-mention type (same raw values).
    public init(legacy: TIMGroupAtType) {
        self = V2TIMGroupAtType(rawValue: legacy.rawValue) ?? .AT_ME
    }
}

extension TIMGroupAtType {
    /// The legacy type of a V2 @-mention type.
    public init(v2: V2TIMGroupAtType) {
        self = TIMGroupAtType(rawValue: v2.rawValue) ?? .AT_ME
    }
}
