import Foundation
import XCTest
import ImSDK
import IMTestSupport
import IMTransportKit
import ImSDK_Plus

/// Every spelling of every V2 listener method that real code writes is called, once per event,
/// also when one class implements several spellings.
final class ListenerSpellingTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_eachConversationListenerSpelling_hearsEachEventOnce() async throws {
        session = try await V2TestSession(peers: ["a"])
        let log = CallLog()
        let listeners: [any V2TIMConversationListener] = [
            LabelledPlain(log), LabelledIUO(log), LabelledOptional(log),
            UnlabelledPlain(log), UnlabelledIUO(log), UnlabelledOptional(log), EverySpelling(log), SwiftSDKSpellings(log),
        ]
        listeners.forEach { session.manager.addConversationListener(listener: $0) }
        _ = try await session.manager.getTotalUnreadMessageCount()
        try session.server.sendText("one", from: "a", toUser: "me")
        try session.server.sendText("two", from: "a", toUser: "me")
        await session.settle()
        try await session.manager.deleteConversation(conversation: "c2c_a")
        await session.settle()

        let spellings = [
            "labelled plain", "labelled !", "labelled ?", "unlabelled plain", "unlabelled !", "unlabelled ?",
        ]
        // One class cannot declare both the `!` and the `?` form (Swift sees one signature).
        for owner in spellings + spellings.filter({ !$0.hasSuffix("?") }).map({ "every " + $0 }) {
            XCTAssertEqual(log.calls(owner, "new"), [["c2c_a"]], "\(owner): onNewConversation once")
            XCTAssertEqual(log.calls(owner, "changed"), [["c2c_a"]], "\(owner): onConversationChanged once (the second message)")
            XCTAssertEqual(log.calls(owner, "deleted"), [["c2c_a"]], "\(owner): onConversationDeleted once")
        }
        for owner in ["labelled plain", "unlabelled plain", "every labelled plain", "every unlabelled plain", "swift sdk"] {
            XCTAssertEqual(log.calls(owner, "total"), [["1"], ["2"], ["0"]], "\(owner): each total once")
        }
        withExtendedLifetime(listeners) {}
    }

    func test_eachMessageListenerSpelling_hearsEachMessageOnce() async throws {
        session = try await V2TestSession(peers: ["a"])
        let log = CallLog()
        let listeners: [any V2TIMAdvancedMsgListener] = [MessageSpellings(log), MessageSpellingsOptional(log)]
        listeners.forEach { session.manager.addAdvancedMsgListener(listener: $0) }
        try session.server.sendText("one", from: "a", toUser: "me")
        try session.server.sendText("two", from: "a", toUser: "me")
        await session.settle()
        for spelling in ["msg:", "msg: !", "_", "_ !", "msg: ?", "_ ?"] {
            XCTAssertEqual(log.calls(spelling, "message"), [["one"], ["two"]], "onRecvNewMessage(\(spelling)) once per message")
        }
        withExtendedLifetime(listeners) {}
    }

    /// Headers without Swift names imported both `addIMSDKListener:` (later versions) and
    /// `addAdvancedMsgListener:` (5.0) as `add(_:)`: an object that is both listeners is added as
    /// both (public code calls `add(self)` from such a class), once each, and removed as both.
    func test_addOfAnObjectThatIsBothListeners_addsItAsBoth_once() async throws {
        session = try await V2TestSession(peers: ["a"])
        let log = CallLog()
        let both = BothListeners(log)
        session.manager.add(both)
        session.manager.add(both)
        session.manager.addAdvancedMsgListener(listener: both)
        try session.server.sendText("one", from: "a", toUser: "me")
        await session.settle()
        session.manager.remove(both)
        try session.server.sendText("two", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(log.calls("both", "message"), [["one"]], "heard once while added, not after the removal")

        session.manager.add(both)
        XCTAssertEqual(try session.server.kickOffline(userID: "me"), 1)
        await session.settle()
        XCTAssertEqual(log.calls("both", "kicked").count, 1, "added as the SDK listener too, once")
        withExtendedLifetime(both) {}
    }

    /// `V2TIMSimpleMsgListener`: each spelling of each method hears each text and custom message
    /// once (C2C and group), with its ID, sender, group and content; nothing after the removal.
    func test_eachSimpleMessageListenerSpelling_hearsEachTextAndCustomMessageOnce() async throws {
        session = try await V2TestSession(peers: ["a"])
        try session.server.createGroup("g1", name: "One", faceURL: nil, members: ["me", "a"])
        let log = CallLog()
        let listener = SimpleSpellings(log)
        session.manager.addSimpleMsgListener(listener: listener)
        session.manager.addSimpleMsgListener(listener: listener)
        let c2cText = try session.server.send(
            OutgoingMessage(id: "", receiver: .user("me"), content: .text("hi")), from: "a").id
        let c2cCustom = try session.server.send(
            OutgoingMessage(id: "", receiver: .user("me"), content: .custom(Data("c".utf8))), from: "a").id
        let groupText = try session.server.send(
            OutgoingMessage(id: "", receiver: .group("g1"), content: .text("all")), from: "a").id
        let groupCustom = try session.server.send(
            OutgoingMessage(id: "", receiver: .group("g1"), content: .custom(Data("g".utf8))), from: "a").id
        await session.settle()
        for spelling in ["8.7 header", "Swift SDK", "plain", "pre-annotation", "unlabelled plain"] {
            XCTAssertEqual(log.calls(spelling, "c2c text"), [[c2cText, "a", "hi"]], spelling)
            XCTAssertEqual(log.calls(spelling, "c2c custom"), [[c2cCustom, "a", "c"]], spelling)
            XCTAssertEqual(log.calls(spelling, "group text"), [[groupText, "g1", "a", "all"]], spelling)
            XCTAssertEqual(log.calls(spelling, "group custom"), [[groupCustom, "g1", "a", "g"]], spelling)
        }
        XCTAssertEqual(log.calls("plugins", "c2c text"), [[c2cText, "a", "hi"]])
        XCTAssertEqual(log.calls("plugins", "c2c custom"), [[c2cCustom, "a", "c"]])
        XCTAssertEqual(log.calls("TUILiveKit", "group custom"), [[groupCustom, "g1", "a", "g"]])
        session.manager.removeSimpleMsgListener(listener: listener)
        try session.server.sendText("after", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(log.calls("plain", "c2c text").count, 1, "nothing after the removal")
        withExtendedLifetime(listener) {}
    }

    func test_filterUnreadSpellings_hearEachChangeOfASubscribedFilterOnce() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        try session.server.sendText("hello", from: "b", toUser: "me")
        await session.settle()
        let log = CallLog()
        let listeners: [any V2TIMConversationListener] = [FilterSpellings(log), FilterSpellingsOptional(log), SwiftSDKSpellings(log)]
        listeners.forEach { session.manager.addConversationListener(listener: $0) }
        let c2c = V2TIMConversationListFilter()
        c2c.type = .C2C
        session.manager.subscribeUnreadMessageCountByFilter(filter: c2c)
        let groups = V2TIMConversationListFilter()
        groups.type = .GROUP
        session.manager.subscribeUnreadMessageCountByFilter(filter: groups)
        try session.server.sendText("one", from: "a", toUser: "me")
        await session.settle()
        let total: UInt64 = try await callValue { succ, fail in
            self.session.manager.getUnreadMessageCountByFilter(filter: c2c, succ: succ, fail: fail)
        }
        XCTAssertEqual(total, 2, "b's message from before and a's")
        for spelling in ["ByFilter plain", "ByFilter !", "ByFilter ?", "by plain", "by !", "by ?", "swift sdk"] {
            XCTAssertEqual(log.calls(spelling, "filter"), [["2"]], "\(spelling): the C2C filter's change from 1 to 2, once")
        }
        session.manager.unsubscribeUnreadMessageCountByFilter(filter: c2c)
        try session.server.sendText("two", from: "a", toUser: "me")
        await session.settle()
        XCTAssertEqual(log.calls("by plain", "filter").count, 1, "no event after unsubscribing")
        withExtendedLifetime(listeners) {}
    }

    /// The header: subscriptions last until unsubscribed or uninit. Through the legacy uninit too.
    func test_filterSubscriptions_endWithAnUninit_ofEitherAPI() async throws {
        for legacy in [false, true] {
            session = try await V2TestSession(peers: ["a"])
            let log = CallLog()
            let listener = FilterSpellings(log)
            session.manager.addConversationListener(listener: listener)
            let c2c = V2TIMConversationListFilter()
            c2c.type = .C2C
            session.manager.subscribeUnreadMessageCountByFilter(filter: c2c)
            if legacy { TIMManager.sharedInstance().unInit() } else { session.manager.unInitSDK() }
            let server = session.server
            session = try await V2TestSession(server: server)
            session.manager.addConversationListener(listener: listener)
            try server.sendText("after", from: "a", toUser: "me")
            await session.settle()
            XCTAssertEqual(log.calls("by plain", "filter"), [], "legacy uninit \(legacy): the subscription ended")
            session.manager.removeConversationListener(listener: listener)
            session.tearDown()
        }
    }
}

/// What the listeners heard: (spelling, event, payload), in order.
private final class CallLog: @unchecked Sendable {
    private let entries = Locked<[(String, String, [String])]>([])

    func add(_ owner: String, _ event: String, _ payload: [String]) {
        entries.withLock { $0.append((owner, event, payload)) }
    }

    func calls(_ owner: String, _ event: String) -> [[String]] {
        entries.withLock { $0.filter { $0.0 == owner && $0.1 == event }.map(\.2) }
    }
}

private func ids(_ list: [V2TIMConversation]?) -> [String] { (list ?? []).map { $0.conversationID ?? "" } }

private class Recording {
    let log: CallLog
    init(_ log: CallLog) { self.log = log }
}

private final class LabelledPlain: Recording, V2TIMConversationListener {
    func onNewConversation(conversationList: [V2TIMConversation]) { log.add("labelled plain", "new", ids(conversationList)) }
    func onConversationChanged(conversationList: [V2TIMConversation]) { log.add("labelled plain", "changed", ids(conversationList)) }
    func onConversationDeleted(conversationIDList: [String]) { log.add("labelled plain", "deleted", conversationIDList) }
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) { log.add("labelled plain", "total", ["\(totalUnreadCount)"]) }
}

private final class LabelledIUO: Recording, V2TIMConversationListener {
    func onNewConversation(conversationList: [V2TIMConversation]!) { log.add("labelled !", "new", ids(conversationList)) }
    func onConversationChanged(conversationList: [V2TIMConversation]!) { log.add("labelled !", "changed", ids(conversationList)) }
    func onConversationDeleted(conversationIDList: [String]!) { log.add("labelled !", "deleted", conversationIDList) }
}

private final class LabelledOptional: Recording, V2TIMConversationListener {
    func onNewConversation(conversationList: [V2TIMConversation]?) { log.add("labelled ?", "new", ids(conversationList)) }
    func onConversationChanged(conversationList: [V2TIMConversation]?) { log.add("labelled ?", "changed", ids(conversationList)) }
    func onConversationDeleted(conversationIDList: [String]?) { log.add("labelled ?", "deleted", conversationIDList ?? []) }
}

private final class UnlabelledPlain: Recording, V2TIMConversationListener {
    func onNewConversation(_ conversationList: [V2TIMConversation]) { log.add("unlabelled plain", "new", ids(conversationList)) }
    func onConversationChanged(_ conversationList: [V2TIMConversation]) { log.add("unlabelled plain", "changed", ids(conversationList)) }
    func onConversationDeleted(_ conversationIDList: [String]) { log.add("unlabelled plain", "deleted", conversationIDList) }
    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) { log.add("unlabelled plain", "total", ["\(totalUnreadCount)"]) }
}

private final class UnlabelledIUO: Recording, V2TIMConversationListener {
    func onNewConversation(_ conversationList: [V2TIMConversation]!) { log.add("unlabelled !", "new", ids(conversationList)) }
    func onConversationChanged(_ conversationList: [V2TIMConversation]!) { log.add("unlabelled !", "changed", ids(conversationList)) }
    func onConversationDeleted(_ conversationIDList: [String]!) { log.add("unlabelled !", "deleted", conversationIDList) }
}

private final class UnlabelledOptional: Recording, V2TIMConversationListener {
    func onNewConversation(_ conversationList: [V2TIMConversation]?) { log.add("unlabelled ?", "new", ids(conversationList)) }
    func onConversationChanged(_ conversationList: [V2TIMConversation]?) { log.add("unlabelled ?", "changed", ids(conversationList)) }
    func onConversationDeleted(_ conversationIDList: [String]?) { log.add("unlabelled ?", "deleted", conversationIDList ?? []) }
}

/// One class with every spelling at once (an `NSObject`, as app listeners are).
private final class EverySpelling: NSObject, V2TIMConversationListener {
    let log: CallLog
    init(_ log: CallLog) { self.log = log }
    func onNewConversation(conversationList: [V2TIMConversation]) { log.add("every labelled plain", "new", ids(conversationList)) }
    func onNewConversation(conversationList: [V2TIMConversation]!) { log.add("every labelled !", "new", ids(conversationList)) }
    func onNewConversation(_ conversationList: [V2TIMConversation]) { log.add("every unlabelled plain", "new", ids(conversationList)) }
    func onNewConversation(_ conversationList: [V2TIMConversation]!) { log.add("every unlabelled !", "new", ids(conversationList)) }
    func onConversationChanged(conversationList: [V2TIMConversation]) { log.add("every labelled plain", "changed", ids(conversationList)) }
    func onConversationChanged(conversationList: [V2TIMConversation]!) { log.add("every labelled !", "changed", ids(conversationList)) }
    func onConversationChanged(_ conversationList: [V2TIMConversation]) { log.add("every unlabelled plain", "changed", ids(conversationList)) }
    func onConversationChanged(_ conversationList: [V2TIMConversation]!) { log.add("every unlabelled !", "changed", ids(conversationList)) }
    func onConversationDeleted(conversationIDList: [String]) { log.add("every labelled plain", "deleted", conversationIDList) }
    func onConversationDeleted(conversationIDList: [String]!) { log.add("every labelled !", "deleted", conversationIDList) }
    func onConversationDeleted(_ conversationIDList: [String]) { log.add("every unlabelled plain", "deleted", conversationIDList) }
    func onConversationDeleted(_ conversationIDList: [String]!) { log.add("every unlabelled !", "deleted", conversationIDList) }
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) { log.add("every labelled plain", "total", ["\(totalUnreadCount)"]) }
    func onTotalUnreadMessageCountChanged(_ totalUnreadCount: UInt64) { log.add("every unlabelled plain", "total", ["\(totalUnreadCount)"]) }
}

private final class MessageSpellings: Recording, V2TIMAdvancedMsgListener {
    func onRecvNewMessage(msg: V2TIMMessage) { log.add("msg:", "message", [msg.textElem?.text ?? ""]) }
    func onRecvNewMessage(msg: V2TIMMessage!) { log.add("msg: !", "message", [msg.textElem?.text ?? ""]) }
    func onRecvNewMessage(_ msg: V2TIMMessage) { log.add("_", "message", [msg.textElem?.text ?? ""]) }
    func onRecvNewMessage(_ msg: V2TIMMessage!) { log.add("_ !", "message", [msg.textElem?.text ?? ""]) }
}

private final class MessageSpellingsOptional: Recording, V2TIMAdvancedMsgListener {
    func onRecvNewMessage(msg: V2TIMMessage?) { log.add("msg: ?", "message", [msg?.textElem?.text ?? ""]) }
    func onRecvNewMessage(_ msg: V2TIMMessage?) { log.add("_ ?", "message", [msg?.textElem?.text ?? ""]) }
}

private final class FilterSpellings: Recording, V2TIMConversationListener {
    private func record(_ spelling: String, _ filter: V2TIMConversationListFilter?, _ total: UInt64) {
        guard filter?.type == .C2C else { return }
        log.add(spelling, "filter", ["\(total)"])
    }
    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter, totalUnreadCount: UInt64) { record("ByFilter plain", filter, totalUnreadCount) }
    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter!, totalUnreadCount: UInt64) { record("ByFilter !", filter, totalUnreadCount) }
    func onUnreadMessageCountChanged(by filter: V2TIMConversationListFilter, totalUnreadCount: UInt64) { record("by plain", filter, totalUnreadCount) }
    func onUnreadMessageCountChanged(by filter: V2TIMConversationListFilter!, totalUnreadCount: UInt64) { record("by !", filter, totalUnreadCount) }
}

/// Every spelling of the simple message listener.
private final class SimpleSpellings: Recording, V2TIMSimpleMsgListener {
    private func text(_ data: Data?) -> String { String(decoding: data ?? Data(), as: UTF8.self) }
    // As Swift imports the 8.7 headers: the ID and sender implicitly unwrapped, the rest optional.
    func onRecvC2CTextMessage(msgID: String!, sender info: V2TIMUserInfo!, text: String?) {
        log.add("8.7 header", "c2c text", [msgID, info.userID, text ?? ""])
    }
    func onRecvC2CCustomMessage(msgID: String!, sender info: V2TIMUserInfo!, customData data: Data?) {
        log.add("8.7 header", "c2c custom", [msgID, info.userID, text(data)])
    }
    func onRecvGroupTextMessage(msgID: String!, groupID: String?, sender info: V2TIMGroupMemberInfo!, text: String?) {
        log.add("8.7 header", "group text", [msgID, groupID ?? "", info.userID, text ?? ""])
    }
    func onRecvGroupCustomMessage(msgID: String!, groupID: String?, sender info: V2TIMGroupMemberInfo!, customData data: Data?) {
        log.add("8.7 header", "group custom", [msgID, groupID ?? "", info.userID, text(data)])
    }
    // The vendor's Swift SDK: the same with the ID and sender plain.
    func onRecvC2CTextMessage(msgID: String, sender info: V2TIMUserInfo, text: String?) {
        log.add("Swift SDK", "c2c text", [msgID, info.userID, text ?? ""])
    }
    func onRecvC2CTextMessage(msgID: String, sender info: V2TIMUserInfo, text: String) {
        log.add("plain", "c2c text", [msgID, info.userID, text])
    }
    func onRecvC2CTextMessage(_ msgID: String!, sender info: V2TIMUserInfo!, text: String!) {
        log.add("pre-annotation", "c2c text", [msgID, info.userID, text])
    }
    func onRecvC2CCustomMessage(msgID: String, sender info: V2TIMUserInfo, customData data: Data?) {
        log.add("Swift SDK", "c2c custom", [msgID, info.userID, text(data)])
    }
    func onRecvC2CCustomMessage(msgID: String, sender info: V2TIMUserInfo, customData data: Data) {
        log.add("plain", "c2c custom", [msgID, info.userID, text(data)])
    }
    func onRecvC2CCustomMessage(_ msgID: String!, sender info: V2TIMUserInfo!, customData data: Data!) {
        log.add("pre-annotation", "c2c custom", [msgID, info.userID, text(data)])
    }
    func onRecvGroupTextMessage(msgID: String, groupID: String?, sender info: V2TIMGroupMemberInfo, text: String?) {
        log.add("Swift SDK", "group text", [msgID, groupID ?? "", info.userID, text ?? ""])
    }
    func onRecvGroupTextMessage(msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, text: String) {
        log.add("plain", "group text", [msgID, groupID, info.userID, text])
    }
    func onRecvGroupTextMessage(_ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, text: String!) {
        log.add("pre-annotation", "group text", [msgID, groupID, info.userID, text])
    }
    func onRecvGroupCustomMessage(msgID: String, groupID: String?, sender info: V2TIMGroupMemberInfo, customData data: Data?) {
        log.add("Swift SDK", "group custom", [msgID, groupID ?? "", info.userID, text(data)])
    }
    func onRecvGroupCustomMessage(msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, customData data: Data) {
        log.add("plain", "group custom", [msgID, groupID, info.userID, text(data)])
    }
    func onRecvGroupCustomMessage(
        _ msgID: String!, groupID: String!, sender info: V2TIMGroupMemberInfo!, customData data: Data!
    ) {
        log.add("pre-annotation", "group custom", [msgID, groupID, info.userID, text(data)])
    }
    // Plain and unlabelled (the vendor's TUILiveKit writes the group text one so).
    func onRecvC2CTextMessage(_ msgID: String, sender info: V2TIMUserInfo, text: String) {
        log.add("unlabelled plain", "c2c text", [msgID, info.userID, text])
    }
    func onRecvC2CCustomMessage(_ msgID: String, sender info: V2TIMUserInfo, customData data: Data) {
        log.add("unlabelled plain", "c2c custom", [msgID, info.userID, text(data)])
    }
    func onRecvGroupTextMessage(_ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, text: String) {
        log.add("unlabelled plain", "group text", [msgID, groupID, info.userID, text])
    }
    func onRecvGroupCustomMessage(_ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, customData data: Data) {
        log.add("unlabelled plain", "group custom", [msgID, groupID, info.userID, text(data)])
    }
    // The vendor's Flutter and React Native plugins: the ID implicitly unwrapped, the rest plain.
    func onRecvC2CTextMessage(_ msgID: String!, sender: V2TIMUserInfo, text: String) {
        log.add("plugins", "c2c text", [msgID, sender.userID, text])
    }
    func onRecvC2CCustomMessage(_ msgID: String!, sender: V2TIMUserInfo, customData: Data) {
        log.add("plugins", "c2c custom", [msgID, sender.userID, text(customData)])
    }
    // The vendor's TUILiveKit (gifts and likes): plain but for the data.
    func onRecvGroupCustomMessage(_ msgID: String, groupID: String, sender info: V2TIMGroupMemberInfo, customData data: Data!) {
        log.add("TUILiveKit", "group custom", [msgID, groupID, info.userID, text(data)])
    }
}

/// An SDK and a message listener in one (as in public code registering it with `add(self)`).
private final class BothListeners: Recording, V2TIMSDKListener, V2TIMAdvancedMsgListener {
    func onRecvNewMessage(_ msg: V2TIMMessage!) { log.add("both", "message", [msg.textElem?.text ?? ""]) }
    func onKickedOffline() { log.add("both", "kicked", []) }
}

/// The vendor's Swift SDK's spellings (`UInt` counts), as its documentation's samples write them.
private final class SwiftSDKSpellings: Recording, V2TIMConversationListener {
    func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt) { log.add("swift sdk", "total", ["\(totalUnreadCount)"]) }
    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter, totalUnreadCount: UInt) {
        guard filter.type == .C2C else { return }
        log.add("swift sdk", "filter", ["\(totalUnreadCount)"])
    }
}

private final class FilterSpellingsOptional: Recording, V2TIMConversationListener {
    private func record(_ spelling: String, _ filter: V2TIMConversationListFilter?, _ total: UInt64) {
        guard filter?.type == .C2C else { return }
        log.add(spelling, "filter", ["\(total)"])
    }
    func onUnreadMessageCountChangedByFilter(filter: V2TIMConversationListFilter?, totalUnreadCount: UInt64) { record("ByFilter ?", filter, totalUnreadCount) }
    func onUnreadMessageCountChanged(by filter: V2TIMConversationListFilter?, totalUnreadCount: UInt64) { record("by ?", filter, totalUnreadCount) }
}
