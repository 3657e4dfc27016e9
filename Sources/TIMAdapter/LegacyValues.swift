import IMCore
import IMTransportKit

/// The legacy raw values of the enums the two generations share in spirit, and their mapping.
package enum LegacyValues {
    /// The legacy group receive option (0 receive, 1 do not receive, 2 receive without push) of a
    /// core option. V2's "except @" variants have no legacy value: they map to their closest.
    package static func groupReceiveOption(_ option: ReceiveOption) -> Int {
        switch option {
        case .receive: return 0
        case .doNotReceive, .doNotReceiveExceptAt: return 1
        case .receiveWithoutNotify, .receiveWithoutNotifyExceptAt: return 2
        }
    }

    /// The core option of a legacy group receive option; nil for an unknown raw value.
    package static func receiveOption(legacy raw: Int) -> ReceiveOption? {
        switch raw {
        case 0: return .receive
        case 1: return .doNotReceive
        case 2: return .receiveWithoutNotify
        default: return nil
        }
    }

    /// The legacy message status (SENDING 1, SEND_SUCC 2, SEND_FAIL 3, HAS_DELETED 4, LOCAL_REVOKED 6)
    /// of a message.
    package static func messageStatus(_ status: MessageDeliveryStatus) -> Int {
        Int(status.rawValue)
    }
}
