import Foundation
import IMTestSupport
import IMTransportKit
import XCTest
@testable import IMReferenceServer

/// Changing a message on the server: a compare-and-set on what the device held (8006 when someone
/// changed it first), a push to every holder, a sync page's `modifiedMessages` for a device that
/// missed it, and all of it across a restart of a persisted server.
final class ModifyMessageRequestTests: XCTestCase {
    private static let now: UInt64 = 1_700_000_000

    private func send(_ text: String, from device: RawDevice, to receiver: MessageReceiver) async throws -> Message {
        let outgoing = OutgoingMessage(id: "m-\(text)", receiver: receiver, content: .text(text))
        guard case .message(let message) = try await device.send(.sendMessage(outgoing)) else {
            throw IMError(.networkFailure, "no message")
        }
        return message
    }

    private func edit(_ text: String, _ data: String? = nil) -> MessageEdit {
        MessageEdit(content: .text(text), cloudCustomData: data.map { Data($0.utf8) })
    }

    func test_aChange_isAPushToEveryHolder_aConflictIs8006_andASyncCarriesIt_acrossARestart() async throws {
        let directory = try TemporaryDirectory(prefix: "modify-server")
        defer { directory.remove() }
        let path = directory.file("server.sqlite")
        var versionBefore: UInt64 = 0
        var seq: UInt64 = 0
        do {
            let server = try IMReferenceServer(persistingAt: path, clock: { Self.now })
            for user in ["me", "a", "b"] { try server.registerUser(user) }
            try server.createGroup("g", name: nil, faceURL: nil, members: ["me", "a", "b"])
            let phone = try await RawDevice(userID: "me", transport: server)
            let b = try await RawDevice(userID: "b", transport: server)
            let message = try await send("v1", from: phone, to: .group("g"))
            seq = message.seq
            versionBefore = try server.version(of: "b")
            let request = IMRequest.modifyMessage(
                .group("g"), seq: seq, messageID: message.id, expected: edit("v1"), edit: edit("v2", "{}"))
            guard case .message(let changed) = try await b.send(request) else { return XCTFail("no message") }
            XCTAssertEqual(changed.content, .text("v2"))
            XCTAssertEqual(changed.cloudCustomData, Data("{}".utf8))
            _ = try await phone.send(.heartbeat)
            XCTAssertEqual(phone.pushes.filter { if case .messageModified = $0 { true } else { false } }, [.messageModified(changed)])
            do {
                _ = try await phone.send(request)  // what it held is no longer there
                XCTFail("a crossing change went through")
            } catch let error as IMError {
                XCTAssertEqual(error.code, .messageModifyConflict)
            }
            let same = IMRequest.modifyMessage(.group("g"), seq: seq, messageID: message.id, expected: edit("v2", "{}"), edit: edit("v2", "{}"))
            guard case .message = try await phone.send(same) else { return XCTFail("no message") }
            phone.close()
            b.close()
        }
        for open in ["replaying the journal", "loading the snapshot"] {
            let server = try IMReferenceServer(persistingAt: path, clock: { Self.now })
            let a = try await RawDevice(userID: "a", transport: server)
            guard case .changes(let page) = try await a.send(.syncChanges(since: versionBefore)) else { return XCTFail(open) }
            let group = try XCTUnwrap(page.conversations.first { $0.id == .group("g") }, open)
            XCTAssertEqual(group.modifiedMessages?.map(\.content), [.text("v2")], "\(open): once, the same change again was none")
            XCTAssertEqual(group.lastMessage?.content, .text("v2"), open)
            a.close()
        }
    }

    func test_everyBadChange_getsItsError() async throws {
        let server = IMReferenceServer(clock: { Self.now }, loginPolicy: .unlimited)
        for user in ["me", "a", "outsider"] { try server.registerUser(user) }
        try server.createGroup("room", name: nil, faceURL: nil, groupType: "AVChatRoom", members: ["me", "a"])
        try server.createGroup("g", name: nil, faceURL: nil, members: ["me", "a"])
        let phone = try await RawDevice(userID: "me", transport: server)
        let outsider = try await RawDevice(userID: "outsider", transport: server)
        let c2c = try await send("c2c", from: phone, to: .user("a"))
        let live = try await send("live", from: phone, to: .group("room"))
        let group = try await send("group", from: phone, to: .group("g"))
        let revoked = try await send("revoked", from: phone, to: .user("a"))
        _ = try await phone.send(.revokeMessage(.c2c("a"), seq: revoked.seq, messageID: revoked.id))
        let custom = MessageEdit(content: .custom(Data("x".utf8)), cloudCustomData: nil)
        let cases: [(String, RawDevice, IMRequest, IMError.Code)] = [
            ("a missing message", phone, .modifyMessage(.c2c("a"), seq: 99, messageID: "m", expected: edit("c2c"), edit: edit("x")), .invalidParameters),
            ("another ID", phone, .modifyMessage(.c2c("a"), seq: c2c.seq, messageID: "other", expected: edit("c2c"), edit: edit("x")), .invalidParameters),
            ("a revoked message", phone, .modifyMessage(.c2c("a"), seq: revoked.seq, messageID: revoked.id, expected: edit("revoked"), edit: edit("x")), .invalidParameters),
            ("text made custom", phone, .modifyMessage(.c2c("a"), seq: c2c.seq, messageID: c2c.id, expected: edit("c2c"), edit: custom), .invalidParameters),
            ("a chat room", phone, .modifyMessage(.group("room"), seq: live.seq, messageID: live.id, expected: edit("live"), edit: edit("x")), .interfaceNotSupported),
            ("not a member", outsider, .modifyMessage(.group("g"), seq: group.seq, messageID: group.id, expected: edit("group"), edit: edit("x")), .notGroupMember),
        ]
        for (what, device, request, code) in cases {
            do {
                let answer = try await device.send(request)
                XCTFail("\(what): answered \(answer)")
            } catch let error as IMError {
                XCTAssertEqual(error.code, code, "\(what): \(error.message)")
            }
        }
    }
}
