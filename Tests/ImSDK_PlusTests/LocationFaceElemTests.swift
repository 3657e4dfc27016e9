import Foundation
import IMReferenceServer
import IMTestSupport
import IMTransportKit
import ImSDK
import XCTest
@testable import ImSDK_Plus

/// Location and face messages (`createLocationMessage`, `createFaceMessage`, `locationElem`,
/// `faceElem`), as TUIKit's sticker code makes and reads them: they reach the peer, the last
/// message, the server's history and the local database, and `modifyMessage` changes them.
final class LocationFaceElemTests: XCTestCase {
    private var sessions: [V2TestSession] = []
    private var directory: URL?

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    private func peer(_ userID: String, on server: IMReferenceServer) async throws -> V2TestSession {
        let session = try await V2TestSession(
            userID: userID, server: server, transport: nil, instance: V2TIMManager.makeInstance(), storage: .memory,
            heartbeatInterval: nil)
        sessions.append(session)
        return session
    }

    func test_locationAndFace_reachThePeer_theLastMessage_theHistory_andTheLocalDatabase() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("location-face-\(UUID().uuidString)")
        self.directory = directory
        let me = try await V2TestSession(peers: ["a"], storage: .disk(directory: directory.path))
        sessions.append(me)
        let a = try await peer("a", on: me.server)
        let received = ElemRecorder()
        a.manager.addAdvancedMsgListener(listener: received)
        defer { a.manager.removeAdvancedMsgListener(listener: received) }

        // As TUIKit's input controller makes a sticker: `guard let ... = createFaceMessage(index:data:)`.
        guard let face = me.manager.createFaceMessage(index: 3, data: "[smile]".data(using: .utf8) ?? Data()) else {
            return XCTFail("no face message")
        }
        XCTAssertEqual(face.elemType, .ELEM_TYPE_FACE)
        let location = try XCTUnwrap(me.manager.createLocationMessage(desc: "Shenzhen Bay", longitude: 113.94, latitude: 22.52))
        _ = try await me.manager.sendMessage(message: location, receiver: "a", groupID: nil)
        _ = try await me.manager.sendMessage(message: face, receiver: "a", groupID: nil)
        await a.settle()

        XCTAssertEqual(received.lines, ["7 Shenzhen Bay 113.94 22.52", "8 3 [smile]"], "the peer's elements, in order")
        let conversation = try await a.manager.getConversation(conversationID: "c2c_me")
        XCTAssertEqual(conversation.lastMessage?.elemType, .ELEM_TYPE_FACE)
        // As TUIKit's face cell reads it: `guard let elem = message.faceElem`, `elem.index`, `if let data = elem.data`.
        guard let elem = conversation.lastMessage?.faceElem else { return XCTFail("no face element") }
        XCTAssertEqual(elem.index, 3)
        if let data = elem.data { XCTAssertEqual(String(data: data, encoding: .utf8), "[smile]") } else { XCTFail("no data") }
        XCTAssertNil(conversation.lastMessage?.textElem)
        XCTAssertNil(conversation.lastMessage?.locationElem)

        let cloud = try await a.manager.getC2CHistoryMessageList(userID: "me", count: 10, lastMsg: nil)
        XCTAssertEqual(cloud.map(ElemRecorder.line), ["8 3 [smile]", "7 Shenzhen Bay 113.94 22.52"], "newest first")

        // My own copies, from the local database after a new login (offline: the server is not asked).
        try await me.manager.logout()
        try await me.manager.login(userID: "me", userSig: "sig")
        let mine = try await me.manager.getConversation(conversationID: "c2c_a")
        XCTAssertEqual(mine.lastMessage.map(ElemRecorder.line), "8 3 [smile]")
    }

    func test_aChangedLocation_reachesThePeer_andAKindChangeIsRefused() async throws {
        let me = try await V2TestSession(peers: ["a"], storage: .memory)
        sessions.append(me)
        let a = try await peer("a", on: me.server)
        let heard = ElemRecorder()
        a.manager.addAdvancedMsgListener(listener: heard)
        defer { a.manager.removeAdvancedMsgListener(listener: heard) }
        let location = try XCTUnwrap(me.manager.createLocationMessage(desc: "here", longitude: 1, latitude: 2))
        _ = try await me.manager.sendMessage(message: location, receiver: "a", groupID: nil)
        await a.settle()

        location.locationElem.desc = "there"
        location.locationElem.latitude = 3
        let code: Int32 = try await callValue { succ, _ in
            me.manager.modifyMessage(msg: location) { code, _, _ in succ(code) }
        }
        XCTAssertEqual(code, 0)
        await a.settle()
        XCTAssertEqual(heard.modified, ["7 there 1.0 3.0"], "the peer hears the change")
        let last = try await a.manager.getConversation(conversationID: "c2c_me").lastMessage
        XCTAssertEqual(last.map(ElemRecorder.line), "7 there 1.0 3.0")

        // The server takes a change within a kind only: a location made a text is refused.
        XCTAssertThrowsError(try me.server.modifyMessage(seq: location.seq, from: "me", toUser: "a", text: "x")) { error in
            XCTAssertEqual((error as? IMError)?.code, .invalidParameters)
        }
        XCTAssertEqual(heard.modified.count, 1, "nothing more reached the peer")
    }

    func test_theLegacyElements_travelToAndFromV2() async throws {
        let me = try await V2TestSession(peers: ["a"], storage: .memory)  // the shared instance: the legacy API's session
        sessions.append(me)
        let a = try await peer("a", on: me.server)
        let received = ElemRecorder()
        a.manager.addAdvancedMsgListener(listener: received)
        defer { a.manager.removeAdvancedMsgListener(listener: received) }

        let legacy = TIMMessage()
        let face = TIMFaceElem()
        face.index = 5
        face.data = Data("wave".utf8)
        XCTAssertEqual(legacy.add(face), 0)
        let conversation = try XCTUnwrap(TIMManager.sharedInstance().getConversation(.C2C, receiver: "a"))
        try await call { succ, fail in _ = conversation.send(legacy, succ: succ, fail: { fail($0, $1) }) }
        await a.settle()
        XCTAssertEqual(received.lines, ["8 5 wave"], "V2 reads the legacy face")

        let location = try XCTUnwrap(a.manager.createLocationMessage(desc: nil, longitude: -0.5, latitude: 51.5))
        _ = try await a.manager.sendMessage(message: location, receiver: "me", groupID: nil)
        await me.settle()
        let last = try XCTUnwrap(conversation.getLastMsg())
        let elem = try XCTUnwrap(last.getElem(0) as? TIMLocationElem, "the legacy API reads a V2 location")
        XCTAssertNil(elem.desc)
        XCTAssertEqual(elem.longitude, -0.5)
        XCTAssertEqual(elem.latitude, 51.5)
    }

    func test_payloads_roundTrip_andANonFiniteCoordinateIsCarriedAsZero() throws {
        let location = MessageContent.location(.init(desc: nil, longitude: .infinity, latitude: .nan))
        XCTAssertEqual(location.location, MessageContent.Location(desc: nil, longitude: 0, latitude: 0))
        let face = MessageContent.face(.init(index: -1, data: Data([0, 255])))
        XCTAssertEqual(face.face, MessageContent.Face(index: -1, data: Data([0, 255])))
        XCTAssertNil(face.location, "a face is no location")
        XCTAssertNil(MessageContent.other(type: MessageContent.locationType, payload: Data("x".utf8)).location)
        // An unreadable payload still shows as an element of its type, never as none.
        let odd = V2TIMMessage(
            Message(id: "m", seq: 1, timestamp: 1, sender: "a", receiver: .user("me"),
                    content: .other(type: MessageContent.locationType, payload: Data("x".utf8))),
            selfUserID: "me", readSeq: 0)
        XCTAssertEqual(odd.elemType, .ELEM_TYPE_LOCATION)
        XCTAssertEqual(odd.locationElem?.longitude, 0)
        XCTAssertTrue(location.canBeModified(into: .location(.init(desc: "x", longitude: 1, latitude: 1))))
        XCTAssertFalse(location.canBeModified(into: face))
        XCTAssertFalse(MessageContent.text("t").canBeModified(into: location))
        XCTAssertFalse(MessageContent.other(type: 3, payload: Data()).canBeModified(into: .other(type: 3, payload: Data([1]))),
                       "an image is not changed here")
    }
}

/// The elements of new and changed messages, one line each: type, then the element's fields.
private final class ElemRecorder: NSObject, V2TIMAdvancedMsgListener, @unchecked Sendable {
    private let log = Locked<(new: [String], modified: [String])>(([], []))
    var lines: [String] { log.withLock { $0.new } }
    var modified: [String] { log.withLock { $0.modified } }

    static func line(_ message: V2TIMMessage) -> String {
        if let location = message.locationElem {
            return "7 \(location.desc ?? "nil") \(location.longitude) \(location.latitude)"
        }
        if let face = message.faceElem {
            return "8 \(face.index) \(face.data.map { String(decoding: $0, as: UTF8.self) } ?? "nil")"
        }
        return "\(message.elemType.rawValue)"
    }

    func onRecvNewMessage(msg: V2TIMMessage) { log.withLock { $0.new.append(Self.line(msg)) } }
    func onRecvMessageModified(msg: V2TIMMessage) { log.withLock { $0.modified.append(Self.line(msg)) } }
}
