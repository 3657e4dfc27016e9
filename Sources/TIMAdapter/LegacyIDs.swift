import IMCore
import IMTransportKit

/// The legacy conversation identity `(type, receiver)` and its mapping to the core's and to the V2
/// string form, both ways: `(.C2C, "u")` <-> `"c2c_u"`, `(.GROUP, "g")` <-> `"group_g"`.
///
/// Types travel as the legacy raw values (C2C 1, GROUP 2, SYSTEM 3), so this module needs no
/// legacy type. SYSTEM has no V2 form: the V2 API never shows it.
package enum LegacyIDs {
    /// Legacy `TIM_C2C`.
    package static let c2c = 1
    /// Legacy `TIM_GROUP`.
    package static let group = 2
    /// Legacy `TIM_SYSTEM`.
    package static let system = 3

    /// The core identity of `(type, receiver)`; nil for an unknown type or an empty receiver of a
    /// C2C or group conversation (SYSTEM ignores the receiver).
    package static func conversationID(type: Int, receiver: String?) -> ConversationID? {
        switch type {
        case c2c: return receiver.flatMap { $0.isEmpty ? nil : .c2c($0) }
        case group: return receiver.flatMap { $0.isEmpty ? nil : .group($0) }
        case system: return .system
        default: return nil
        }
    }

    /// The legacy `(type, receiver)` of a core identity.
    package static func legacy(_ id: ConversationID) -> (type: Int, receiver: String) {
        switch id.kind {
        case .c2c: return (c2c, id.target)
        case .group: return (group, id.target)
        case .system: return (system, "")
        }
    }

    /// The V2 conversation ID of `(type, receiver)`; nil for SYSTEM and for invalid input.
    package static func v2ConversationID(type: Int, receiver: String?) -> String? {
        guard let id = conversationID(type: type, receiver: receiver), id.kind != .system else { return nil }
        return id.stringForm
    }

    /// The legacy `(type, receiver)` of a V2 conversation ID; nil when it is malformed.
    package static func legacy(v2ConversationID: String) -> (type: Int, receiver: String)? {
        guard let id = try? ConversationID(stringForm: v2ConversationID) else { return nil }
        return legacy(id)
    }
}
