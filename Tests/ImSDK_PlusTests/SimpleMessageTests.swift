import Foundation
import IMTransportKit
import IMTestSupport
import ImSDK_Plus
import XCTest

/// The simple sends (text and custom, C2C and group, under both their names) reach the receiver's
/// `V2TIMSimpleMsgListener`.
final class SimpleMessageTests: XCTestCase {
    private var sessions: [V2TestSession] = []

    override func tearDown() {
        sessions.reversed().forEach { $0.tearDown() }
        sessions = []
        super.tearDown()
    }

    func test_simpleSendsOfBothNames_reachTheReceiversSimpleListener() async throws {
        let me = try await V2TestSession(peers: ["a"])
        sessions.append(me)
        try me.server.createGroup("g1", name: "One", faceURL: nil, members: ["me", "a"])
        let peer = try await V2TestSession(userID: "a", server: me.server, instance: V2TIMManager.makeInstance())
        sessions.append(peer)
        let heard = SimpleLog()
        peer.manager.addSimpleMsgListener(listener: heard)

        let manager = me.manager
        try await call { _ = manager.sendC2CTextMessage(text: "t1", to: "a", succ: $0, fail: $1) }
        try await call { _ = manager.sendC2CCustomMessage(customData: Data("c1".utf8), to: "a", succ: $0, fail: $1) }
        try await call { _ = manager.sendGroupTextMessage(text: "t2", to: "g1", priority: .PRIORITY_NORMAL, succ: $0, fail: $1) }
        try await call {
            _ = manager.sendGroupCustomMessage(customData: Data("c2".utf8), to: "g1", priority: .PRIORITY_HIGH, succ: $0, fail: $1)
        }
        // The names of the headers without Swift names.
        try await call { _ = manager.sendGroupTextMessage("t3", to: "g1", priority: .PRIORITY_LOW, succ: $0, fail: $1) }
        try await call {
            _ = manager.sendGroupCustomMessage(Data("c3".utf8), to: "g1", priority: .PRIORITY_DEFAULT, succ: $0, fail: $1)
        }
        await peer.settle()
        XCTAssertEqual(heard.lines, [
            "c2c text me t1", "c2c custom me c1", "group text g1 me t2", "group custom g1 me c2",
            "group text g1 me t3", "group custom g1 me c3",
        ])
        withExtendedLifetime(heard) {}
    }
}

extension SimpleMessageTests {
    /// `createAtSignedGroupMessage(message:atUserList:)`: the message's content with the
    /// @-mentions, which reach the mentioned member as an @ of the group conversation.
    func test_anAtSignedGroupMessage_mentionsTheMember() async throws {
        let me = try await V2TestSession(peers: ["a"])
        sessions.append(me)
        try me.server.createGroup("g1", name: "One", faceURL: nil, members: ["me", "a"])
        let peer = try await V2TestSession(userID: "a", server: me.server, instance: V2TIMManager.makeInstance())
        sessions.append(peer)
        let text = me.manager.createTextMessage(text: "look")
        let signed = try XCTUnwrap(me.manager.createAtSignedGroupMessage(message: text, atUserList: ["a"]))
        XCTAssertEqual(signed.groupAtUserList, ["a"])
        XCTAssertEqual(signed.textElem?.text, "look")
        let mentionsAll = me.manager.createAtSignedGroupMessage(
            message: me.manager.createCustomMessage(data: Data([1])), atUserList: NSMutableArray(array: [kImSDK_MesssageAtALL]))
        XCTAssertEqual(mentionsAll?.groupAtUserList, [kImSDK_MesssageAtALL])
        XCTAssertNil(me.manager.createAtSignedGroupMessage(message: V2TIMMessage(), atUserList: ["a"]), "no content")
        let atText = me.manager.createTextAtMessage(text: "hey", atUserList: NSMutableArray(array: ["a", 7]))
        XCTAssertEqual(atText?.groupAtUserList, ["a"], "the headers' NSMutableArray; entries that are not IDs are left out")
        XCTAssertNil(signed.textElem?.next(), "one element per message: a walk ends after the first")
        let json: Data? = "{}".data(using: .utf8)
        XCTAssertEqual(me.manager.createCustomMessage(data: json)?.customElem?.data, Data("{}".utf8), "the header's Data!")
        let firstTUIKit = me.manager.create(atSignedGroupMessage: text, atUserList: NSMutableArray(array: ["a"]))
        XCTAssertEqual(firstTUIKit?.groupAtUserList, ["a"], "the 7.0 name without NS_SWIFT_NAME")
        _ = try await me.manager.sendMessage(message: signed, receiver: nil, groupID: "g1")
        await peer.settle()
        let group = try await peer.manager.getConversation(conversationID: "group_g1")
        XCTAssertEqual(group.groupAtInfolist?.map(\.atType), [.AT_ME])
        XCTAssertEqual(group.lastMessage?.textElem?.text, "look")
    }
}

private final class SimpleLog: V2TIMSimpleMsgListener, @unchecked Sendable {
    private let log = Locked<[String]>([])
    var lines: [String] { log.withLock { $0 } }

    func onRecvC2CTextMessage(msgID: String, sender info: V2TIMUserInfo, text: String?) {
        log.withLock { $0.append("c2c text \(info.userID ?? "") \(text ?? "")") }
    }
    func onRecvC2CCustomMessage(msgID: String, sender info: V2TIMUserInfo, customData data: Data?) {
        log.withLock { $0.append("c2c custom \(info.userID ?? "") \(String(decoding: data ?? Data(), as: UTF8.self))") }
    }
    func onRecvGroupTextMessage(msgID: String, groupID: String?, sender info: V2TIMGroupMemberInfo, text: String?) {
        log.withLock { $0.append("group text \(groupID ?? "") \(info.userID ?? "") \(text ?? "")") }
    }
    func onRecvGroupCustomMessage(msgID: String, groupID: String?, sender info: V2TIMGroupMemberInfo, customData data: Data?) {
        log.withLock { $0.append("group custom \(groupID ?? "") \(info.userID ?? "") \(String(decoding: data ?? Data(), as: UTF8.self))") }
    }
}
