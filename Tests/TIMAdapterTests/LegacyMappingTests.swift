import XCTest
import IMCore
import IMTransportKit
@testable import TIMAdapter

final class LegacyMappingTests: XCTestCase {
    func test_ids_mapBothWays_forC2CAndGroup() {
        XCTAssertEqual(LegacyIDs.conversationID(type: LegacyIDs.c2c, receiver: "u"), .c2c("u"))
        XCTAssertEqual(LegacyIDs.conversationID(type: LegacyIDs.group, receiver: "g"), .group("g"))
        XCTAssertEqual(LegacyIDs.v2ConversationID(type: LegacyIDs.c2c, receiver: "u"), "c2c_u")
        XCTAssertEqual(LegacyIDs.v2ConversationID(type: LegacyIDs.group, receiver: "g"), "group_g")
        XCTAssertTrue(LegacyIDs.legacy(v2ConversationID: "c2c_u")! == (LegacyIDs.c2c, "u"))
        XCTAssertTrue(LegacyIDs.legacy(v2ConversationID: "group_g")! == (LegacyIDs.group, "g"))
        XCTAssertTrue(LegacyIDs.legacy(.c2c("u")) == (LegacyIDs.c2c, "u"))
        XCTAssertTrue(LegacyIDs.legacy(.system) == (LegacyIDs.system, ""))
        for id in ["c2c_with_underscores", "group_a_b", "c2c_'; DROP TABLE x; --"] {
            let legacy = LegacyIDs.legacy(v2ConversationID: id)!
            XCTAssertEqual(LegacyIDs.v2ConversationID(type: legacy.type, receiver: legacy.receiver), id)
        }
    }

    func test_system_hasNoV2Form_andIgnoresItsReceiver() {
        XCTAssertEqual(LegacyIDs.conversationID(type: LegacyIDs.system, receiver: ""), .system)
        XCTAssertEqual(LegacyIDs.conversationID(type: LegacyIDs.system, receiver: nil), .system)
        XCTAssertNil(LegacyIDs.v2ConversationID(type: LegacyIDs.system, receiver: ""))
    }

    func test_invalidInput_mapsToNil() {
        XCTAssertNil(LegacyIDs.conversationID(type: LegacyIDs.c2c, receiver: ""))
        XCTAssertNil(LegacyIDs.conversationID(type: LegacyIDs.group, receiver: nil))
        XCTAssertNil(LegacyIDs.conversationID(type: 0, receiver: "u"))
        XCTAssertNil(LegacyIDs.conversationID(type: 4, receiver: "u"))
        for bad in ["", "c2c_", "group_", "u", "C2C_u", "system"] {
            XCTAssertNil(LegacyIDs.legacy(v2ConversationID: bad), bad)
        }
    }

    func test_receiveOptions_mapToTheClosestLegacyValue_andBack() {
        XCTAssertEqual(ReceiveOption.allCases.map(LegacyValues.groupReceiveOption), [0, 1, 2, 2, 1])
        XCTAssertEqual([0, 1, 2].map { LegacyValues.receiveOption(legacy: $0) }, [.receive, .doNotReceive, .receiveWithoutNotify])
        XCTAssertNil(LegacyValues.receiveOption(legacy: 3))
        for raw in 0...2 {
            XCTAssertEqual(LegacyValues.groupReceiveOption(LegacyValues.receiveOption(legacy: raw)!), raw)
        }
    }

    func test_userOptions_chooseTheReadPolicy() {
        XCTAssertEqual(LegacyUserOptions().readPolicy, .autoReport, "the legacy default is auto report")
        XCTAssertEqual(LegacyUserOptions(disableAutoReport: true).readPolicy, .roaming)
    }

    func test_messageStatus_keepsTheSharedRawValues() {
        XCTAssertEqual(LegacyValues.messageStatus(.sending), 1)
        XCTAssertEqual(LegacyValues.messageStatus(.sent), 2)
        XCTAssertEqual(LegacyValues.messageStatus(.failed), 3)
        XCTAssertEqual(LegacyValues.messageStatus(.deleted), 4)
    }
}
