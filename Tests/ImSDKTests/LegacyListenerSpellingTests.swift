import Foundation
import XCTest
import IMTestSupport
import IMTransportKit
import ImSDK

/// Every spelling of the legacy listener methods that real code of 3.x to 5.x writes is called,
/// once per event; conversation handles compare and hash by conversation.
final class LegacyListenerSpellingTests: XCTestCase {
    private var session: LegacyTestSession!
    private let log = Locked<[String]>([])

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_eachRefreshAndMessageSpelling_hearsEachEventOnce() async throws {
        let refresh = [RefreshSpellings(log), RefreshSpellingsOptional(log)] as [any TIMRefreshListener]
        session = try await LegacyTestSession(peers: ["a"]) { $0.refreshListener = refresh[0] }
        let messages = [MessageSpellings(log), MessageSpellingsOptional(log)] as [any TIMMessageListener]
        messages.forEach { session.manager.add($0) }
        log.withLock { $0.removeAll() }
        try session.server.sendText("one", from: "a", toUser: "me")
        await session.settle()
        for spelling in ["[TIMConversation]", "[TIMConversation]!", "[Any]!", "[Any]"] {
            XCTAssertEqual(count("refresh \(spelling) a"), 1, "onRefreshConversations(_: \(spelling)) once")
        }
        for spelling in ["[Any]!", "[Any]", "[TIMMessage]!", "[TIMMessage]", "[Any]?", "[TIMMessage]?"] {
            XCTAssertEqual(count("message \(spelling) one"), 1, "onNewMessage(_: \(spelling)) once")
        }

        // The `?` spellings, as the refresh listener of a second login.
        session.userConfig.refreshListener = refresh[1]
        try await session.logout()
        XCTAssertEqual(session.manager.setUserConfig(session.userConfig), 0)
        try await session.login()
        log.withLock { $0.removeAll() }
        try session.server.sendText("two", from: "a", toUser: "me")
        await session.settle()
        for spelling in ["[TIMConversation]?", "[Any]?"] {
            XCTAssertEqual(count("refresh \(spelling) a"), 1, "onRefreshConversations(_: \(spelling)) once")
        }
        withExtendedLifetime((refresh, messages)) {}
    }

    func test_conversationHandles_onOneConversation_areEqual_andHashAlike() async throws {
        session = try await LegacyTestSession(peers: ["a", "b"])
        try session.server.sendText("one", from: "a", toUser: "me")
        await session.settle()
        let first = try XCTUnwrap(session.manager.getConversation(.C2C, receiver: "a"))
        let second = try XCTUnwrap(session.manager.getConversationList().first)
        let other = try XCTUnwrap(session.manager.getConversation(.C2C, receiver: "b"))
        XCTAssertFalse(first === second)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.hashValue, second.hashValue)
        XCTAssertNotEqual(first, other)
        XCTAssertEqual(Set([first, second, other]).count, 2)
    }

    private func count(_ entry: String) -> Int {
        log.withLock { $0.filter { $0 == entry }.count }
    }
}

private class Recording {
    let log: Locked<[String]>
    init(_ log: Locked<[String]>) { self.log = log }
    func add(_ entry: String) { log.withLock { $0.append(entry) } }
    func receivers(_ list: [Any]?) -> String {
        (list ?? []).compactMap { ($0 as? TIMConversation)?.getReceiver() }.joined(separator: ",")
    }
    func texts(_ list: [Any]?) -> String {
        (list ?? []).compactMap { (($0 as? TIMMessage)?.getElem(0) as? TIMTextElem)?.text }.joined(separator: ",")
    }
}

private final class RefreshSpellings: Recording, TIMRefreshListener {
    func onRefreshConversations(_ conversations: [TIMConversation]) { add("refresh [TIMConversation] \(receivers(conversations))") }
    func onRefreshConversations(_ conversations: [TIMConversation]!) { add("refresh [TIMConversation]! \(receivers(conversations))") }
    func onRefreshConversations(_ conversations: [Any]!) { add("refresh [Any]! \(receivers(conversations))") }
    func onRefreshConversations(_ conversations: [Any]) { add("refresh [Any] \(receivers(conversations))") }
}

private final class RefreshSpellingsOptional: Recording, TIMRefreshListener {
    func onRefreshConversations(_ conversations: [TIMConversation]?) { add("refresh [TIMConversation]? \(receivers(conversations))") }
    func onRefreshConversations(_ conversations: [Any]?) { add("refresh [Any]? \(receivers(conversations))") }
}

private final class MessageSpellings: Recording, TIMMessageListener {
    func onNewMessage(_ msgs: [Any]!) { add("message [Any]! \(texts(msgs))") }
    func onNewMessage(_ msgs: [Any]) { add("message [Any] \(texts(msgs))") }
    func onNewMessage(_ msgs: [TIMMessage]!) { add("message [TIMMessage]! \(texts(msgs))") }
    func onNewMessage(_ msgs: [TIMMessage]) { add("message [TIMMessage] \(texts(msgs))") }
}

private final class MessageSpellingsOptional: Recording, TIMMessageListener {
    func onNewMessage(_ msgs: [Any]?) { add("message [Any]? \(texts(msgs))") }
    func onNewMessage(_ msgs: [TIMMessage]?) { add("message [TIMMessage]? \(texts(msgs))") }
}
