import Foundation
import IMTestSupport
import IMTransportKit
import ImSDK
import ImSDK_Plus
import XCTest

/// A custom element's description and extension (V2 `desc` / `extension`, legacy `desc` / `ext`)
/// travel with the message: to its receivers, into the server's history, into the local database
/// and back, through either API.
final class CustomElemTests: XCTestCase {
    private var session: V2TestSession!
    private var directory: URL?

    override func tearDown() {
        session?.tearDown()
        session = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    func test_descriptionAndExtension_reachTheReceiver_theServersHistory_andTheLocalDatabase() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("custom-elem-\(UUID().uuidString)")
        self.directory = directory
        session = try await V2TestSession(peers: ["a"], storage: .disk(directory: directory.path))
        let received = CustomRecorder()
        session.manager.addAdvancedMsgListener(listener: received)
        defer { session.manager.removeAdvancedMsgListener(listener: received) }

        let payload = Data("{\"card\":1}".utf8)
        _ = try session.server.send(
            OutgoingMessage(id: "", receiver: .user("me"), content: .custom(payload, desc: "a card", ext: "")), from: "a")
        await session.settle()
        XCTAssertEqual(received.fields, [CustomFields(data: payload, desc: "a card", ext: "")],
                       "the receiver's element, an empty extension kept as empty")
        let conversation = try await session.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(conversation.lastMessage?.customElem?.desc, "a card")

        let mine = session.manager.createCustomMessage(data: payload, desc: "my card", ext: "v2")!
        _ = try await session.manager.sendMessage(message: mine, receiver: "a", groupID: nil)
        let legacyMessage = TIMMessage()
        let legacyElem = TIMCustomElem()
        legacyElem.data = payload
        legacyElem.desc = "legacy card"
        legacyElem.ext = "v1"
        legacyMessage.add(legacyElem)
        let legacyConversation = TIMManager.sharedInstance().getConversation(.C2C, receiver: "a")!
        try await call { succ, fail in _ = legacyConversation.send(legacyMessage, succ: succ, fail: { fail($0, $1) }) }

        let cloud = try await session.manager.getC2CHistoryMessageList(userID: "a", count: 10, lastMsg: nil)
        XCTAssertEqual(cloud.map { CustomFields($0.customElem) }, [
            CustomFields(data: payload, desc: "legacy card", ext: "v1"), CustomFields(data: payload, desc: "my card", ext: "v2"),
            CustomFields(data: payload, desc: "a card", ext: ""),
        ], "the server's history, newest first")

        // The local database, read by a new login: legacy local history and its elements.
        try await session.manager.logout()
        try await session.manager.login(userID: "me", userSig: "sig")
        let local: [TIMMessage] = try await callValue { succ, fail in
            legacyConversation.getLocalMessage(10, last: nil, succ: { succ(($0 ?? []).compactMap { $0 as? TIMMessage }) },
                                               fail: { fail($0, $1) })
        }
        let elems = local.compactMap { $0.getElem(0) as? TIMCustomElem }
        XCTAssertEqual(elems.map(\.desc), ["legacy card", "my card", "a card"])
        XCTAssertEqual(elems.map(\.ext), ["v1", "v2", ""])
    }

    func test_aCustomMessageWithoutThem_showsNeither() async throws {
        session = try await V2TestSession(peers: ["a"])
        let plain = session.manager.createCustomMessage(data: Data([1]))!
        XCTAssertNil(plain.customElem?.desc)
        XCTAssertNil(plain.customElem?.extension)
        _ = try await session.manager.sendMessage(message: plain, receiver: "a", groupID: nil)
        let cloud = try await session.manager.getC2CHistoryMessageList(userID: "a", count: 1, lastMsg: nil)
        XCTAssertEqual(cloud.map { CustomFields($0.customElem) }, [CustomFields(data: Data([1]), desc: nil, ext: nil)])
    }
}

private struct CustomFields: Equatable {
    var data: Data?
    var desc: String?
    var ext: String?

    init(data: Data?, desc: String?, ext: String?) {
        (self.data, self.desc, self.ext) = (data, desc, ext)
    }

    init(_ elem: V2TIMCustomElem?) {
        self.init(data: elem?.data, desc: elem?.desc, ext: elem?.extension)
    }
}

private final class CustomRecorder: V2TIMAdvancedMsgListener, @unchecked Sendable {
    private let log = Locked<[CustomFields]>([])
    var fields: [CustomFields] { log.withLock { $0 } }

    func onRecvNewMessage(msg: V2TIMMessage) {
        log.withLock { $0.append(CustomFields(msg.customElem)) }
    }
}
