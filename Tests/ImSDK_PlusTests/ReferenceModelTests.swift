import XCTest
import IMTestSupport

/// The reference model on its own, on the documented examples: it must be obviously right.
final class ReferenceModelTests: XCTestCase {
    private var model = ReferenceModel()

    private func ids() -> [String] { model.orderedConversations.map(\.target.conversationID) }

    private func peerSends(_ peer: String, _ text: String = "x") {
        XCTAssertEqual(model.apply(.peerSendsC2C(peer: peer, text: text, excludedFromUnread: false)), .ok)
    }

    func test_pinnedConversations_keepTheirActivityOrder_asTheDocsExampleShows() {
        for peer in ["p3", "p2", "p1", "p0"] { peerSends(peer) }
        _ = model.apply(.peerSendsGroup(peer: "p0", group: "g0", text: "x", mention: .none))
        // Activity order: 1 = g0, 2 = p0, 3 = p1, 4 = p2, 5 = p3. Pin 2 and 3 (in either order).
        XCTAssertEqual(model.apply(.pin(.user("p1"), true)), .ok)
        XCTAssertEqual(model.apply(.pin(.user("p0"), true)), .ok)
        XCTAssertEqual(ids(), ["c2c_p0", "c2c_p1", "group_g0", "c2c_p2", "c2c_p3"])
        _ = model.apply(.pin(.user("p0"), false))
        XCTAssertEqual(ids(), ["c2c_p1", "group_g0", "c2c_p0", "c2c_p2", "c2c_p3"], "unpinning is no activity either")
    }

    func test_ownMessages_excludedMessages_andReads() {
        peerSends("p0")
        _ = model.apply(.otherDeviceSends(.user("p0"), text: "mine"))
        _ = model.apply(.peerSendsC2C(peer: "p0", text: "silent", excludedFromUnread: true))
        peerSends("p0")
        XCTAssertEqual(model.unreadCount(of: .user("p0")), 2)
        XCTAssertEqual(model.state(of: .user("p0"))?.lastMessageText, "x")
        XCTAssertEqual(model.localMessageSeqs(of: .user("p0")), [4, 3, 2, 1])
        XCTAssertEqual(model.apply(.legacySetRead(.user("p0"), newest: 1)), .ok)
        XCTAssertEqual(model.unreadCount(of: .user("p0")), 1, "read up to the third message")
        XCTAssertEqual(model.apply(.markC2CRead(peer: "p1")), .invalidConversation)
        XCTAssertEqual(model.apply(.markC2CRead(peer: nil)), .ok)
        XCTAssertEqual(model.totalUnread, 0)
    }

    func test_newMessageEvents_reachEveryDeviceButTheSender_andOnlyWhatIsDelivered() {
        func event(_ id: String, _ seq: UInt64, _ sender: String, _ text: String) -> ReceivedMessage {
            ReceivedMessage(conversationID: id, seq: seq, sender: sender, isSelf: sender == "me", text: text)
        }
        peerSends("p0", "a")
        _ = model.apply(.sendMessage(.user("p0"), text: "main"))
        _ = model.apply(.secondDeviceSends(.user("p0"), text: "second"))
        _ = model.apply(.otherDeviceSends(.group("g0"), text: "elsewhere"))
        _ = model.apply(.setReceiveOption(.user("p1"), .doNotReceive))
        peerSends("p1", "blocked")
        _ = model.apply(.sendMessage(.user("p1"), text: "to p1"))
        XCTAssertEqual(model.announced(to: .main), [
            event("c2c_p0", 1, "p0", "a"), event("c2c_p0", 3, "me", "second"), event("group_g0", 1, "me", "elsewhere"),
        ])
        XCTAssertEqual(model.announced(to: .second), [
            event("c2c_p0", 1, "p0", "a"), event("c2c_p0", 2, "me", "main"), event("group_g0", 1, "me", "elsewhere"),
            event("c2c_p1", 2, "me", "to p1"),
        ])
    }

    func test_receiveOptions_decideDeliveryAndTheTotal_andOutliveADeletion() {
        _ = model.apply(.setReceiveOption(.group("g0"), .doNotReceiveExceptAt))
        _ = model.apply(.peerSendsGroup(peer: "p0", group: "g0", text: "a", mention: .none))
        XCTAssertNil(model.state(of: .group("g0")), "not received")
        _ = model.apply(.peerSendsGroup(peer: "p0", group: "g0", text: "b", mention: .all))
        XCTAssertEqual(model.state(of: .group("g0"))?.atTypes, [2])
        XCTAssertEqual(model.totalUnread, 1)
        _ = model.apply(.setReceiveOption(.group("g0"), .receiveWithoutNotify))
        peerSends("p1")
        XCTAssertEqual(model.totalUnread, 1, "the muted group keeps its count out of the total")
        XCTAssertEqual(model.unreadInEveryConversation, 2)
        XCTAssertEqual(model.apply(.delete(.group("g0"))), .ok)
        _ = model.apply(.peerSendsGroup(peer: "p0", group: "g0", text: "c", mention: .none))
        XCTAssertEqual(model.state(of: .group("g0"))?.receiveOption, 2)
        XCTAssertEqual(model.unreadCount(of: .group("g0")), 1, "only the new message")
        XCTAssertEqual(model.totalUnread, 1)
    }

    func test_deletion_dropsPinAndDraft_legacyKeepsMessagesRead_andDraftsAreActivity() {
        peerSends("p0", "old")
        peerSends("p1")
        XCTAssertEqual(model.apply(.pin(.user("p0"), true)), .ok)
        XCTAssertEqual(model.apply(.setDraft(.user("p0"), "hi")), .ok)
        XCTAssertEqual(model.apply(.legacyDelete(.user("p0"))), .returned(true))
        XCTAssertEqual(model.apply(.legacyDelete(.user("p0"))), .returned(false))
        XCTAssertEqual(model.apply(.setDraft(.user("p0"), "hi")), .invalidConversation)
        peerSends("p0", "new")
        XCTAssertEqual(model.state(of: .user("p0")),
                       ModelConversationState(conversationID: "c2c_p0", unreadCount: 1, isPinned: false, draftText: nil,
                                              lastMessageText: "new", receiveOption: 0, atTypes: []))
        XCTAssertEqual(model.localMessageSeqs(of: .user("p0")), [2, 1], "the legacy delete kept the old message")
        XCTAssertEqual(model.apply(.setDraft(.user("p1"), "later")), .ok)
        XCTAssertEqual(ids(), ["c2c_p1", "c2c_p0"])
        XCTAssertEqual(model.apply(.setDraft(.user("p1"), nil)), .ok)
        XCTAssertEqual(ids(), ["c2c_p1", "c2c_p0"], "clearing a draft is no activity")
    }
}
