import Foundation
import XCTest
import IMTestSupport
import IMTransportKit
import ImSDK_Plus

/// Every spelling of the conversation-group events that real code writes is called, once per
/// event, also when one class implements several: the current headers' labelled forms (a nullable
/// name with a plain list, as TUIKit writes it, or with an implicitly unwrapped one, as Swift
/// imports the 8.7 headers), the labelled forms with `!`, the vendor's Swift samples
/// (`groupName: String`), and the forms of the headers without Swift names, as the vendor's
/// Flutter plugin implements them (`onConversationGroupCreated(_:conversationList:)`,
/// `onConversationsAdded(toGroup:conversationList:)`, `onConversationsDeleted(fromGroup:...)`).
final class ConversationGroupListenerSpellingTests: XCTestCase {
    private var session: V2TestSession!

    override func tearDown() {
        session?.tearDown()
        session = nil
        super.tearDown()
    }

    func test_eachGroupEventSpelling_hearsEachEventOnce() async throws {
        session = try await V2TestSession(peers: ["a", "b"])
        for peer in ["a", "b"] { try session.server.sendText("hi", from: peer, toUser: "me") }
        await session.settle()
        let log = GroupCallLog()
        let listeners: [any V2TIMConversationListener] = [
            LabelledPlain(log), LabelledIUO(log), LabelledOptional(log), CurrentHeader(log), Header87(log),
            UnlabelledPlain(log), UnlabelledIUO(log), UnlabelledOptional(log), EveryGroupSpelling(log),
        ]
        listeners.forEach { session.manager.addConversationListener(listener: $0) }
        let manager = session.manager
        _ = try await manager.createConversationGroup(groupName: "work", conversationIDList: ["c2c_a"])
        _ = try await manager.addConversationsToGroup(groupName: "work", conversationIDList: ["c2c_b"])
        _ = try await manager.deleteConversationsFromGroup(groupName: "work", conversationIDList: ["c2c_a"])
        try await manager.renameConversationGroup(oldName: "work", newName: "job")
        try await manager.deleteConversationGroup(groupName: "job")
        await session.settle()

        let expected = [
            "created work [c2c_a]", "added work [c2c_b]", "removed work [c2c_a] 0", "removed work [c2c_a]",
            "renamed work job", "deleted job",
        ]
        for owner in ["labelled plain", "labelled !", "labelled ?", "unlabelled plain", "unlabelled !", "unlabelled ?",
                      "every labelled plain", "every labelled !", "every unlabelled plain", "every unlabelled !"] {
            XCTAssertEqual(log.calls(owner), expected, owner)
        }
        // The current headers' form: a nullable name with a list that is not (groupDeleted and
        // nameChanged have no list: their form is the labelled `?` one).
        let withList = ["created work [c2c_a]", "added work [c2c_b]", "removed work [c2c_a] 0", "removed work [c2c_a]"]
        XCTAssertEqual(log.calls("current header"), withList)
        XCTAssertEqual(log.calls("8.7 header"), withList)
        XCTAssertEqual(log.calls("every current header"), withList)
        withExtendedLifetime(listeners) {}
    }
}

/// What the listeners heard: (spelling, event line), in order.
private final class GroupCallLog: @unchecked Sendable {
    private let entries = Locked<[(String, String)]>([])

    func add(_ owner: String, _ line: String) {
        entries.withLock { $0.append((owner, line)) }
    }

    func calls(_ owner: String) -> [String] {
        entries.withLock { $0.filter { $0.0 == owner }.map(\.1) }
    }
}

private func ids(_ list: [V2TIMConversation]?) -> String {
    "[" + (list ?? []).map { $0.conversationID ?? "" }.joined(separator: ", ") + "]"
}

private class Recording {
    let log: GroupCallLog
    init(_ log: GroupCallLog) { self.log = log }
}

private final class LabelledPlain: Recording, V2TIMConversationListener {
    let me = "labelled plain"
    func onConversationGroupCreated(groupName: String, conversationList: [V2TIMConversation]) { log.add(me, "created \(groupName) \(ids(conversationList))") }
    func onConversationGroupDeleted(groupName: String) { log.add(me, "deleted \(groupName)") }
    func onConversationGroupNameChanged(oldName: String, newName: String) { log.add(me, "renamed \(oldName) \(newName)") }
    func onConversationsAddedToGroup(groupName: String, conversationList: [V2TIMConversation]) { log.add(me, "added \(groupName) \(ids(conversationList))") }
    func onConversationsDeletedFromGroup(groupName: String, conversationList: [V2TIMConversation], reason: UInt32) { log.add(me, "removed \(groupName) \(ids(conversationList)) \(reason)") }
    func onConversationsDeletedFromGroup(groupName: String, conversationList: [V2TIMConversation]) { log.add(me, "removed \(groupName) \(ids(conversationList))") }
}

private final class LabelledIUO: Recording, V2TIMConversationListener {
    let me = "labelled !"
    func onConversationGroupCreated(groupName: String!, conversationList: [V2TIMConversation]!) { log.add(me, "created \(groupName!) \(ids(conversationList))") }
    func onConversationGroupDeleted(groupName: String!) { log.add(me, "deleted \(groupName!)") }
    func onConversationGroupNameChanged(oldName: String!, newName: String!) { log.add(me, "renamed \(oldName!) \(newName!)") }
    func onConversationsAddedToGroup(groupName: String!, conversationList: [V2TIMConversation]!) { log.add(me, "added \(groupName!) \(ids(conversationList))") }
    func onConversationsDeletedFromGroup(groupName: String!, conversationList: [V2TIMConversation]!, reason: UInt32) { log.add(me, "removed \(groupName!) \(ids(conversationList)) \(reason)") }
    func onConversationsDeletedFromGroup(groupName: String!, conversationList: [V2TIMConversation]!) { log.add(me, "removed \(groupName!) \(ids(conversationList))") }
}

private final class LabelledOptional: Recording, V2TIMConversationListener {
    let me = "labelled ?"
    func onConversationGroupCreated(groupName: String?, conversationList: [V2TIMConversation]?) { log.add(me, "created \(groupName ?? "nil") \(ids(conversationList))") }
    func onConversationGroupDeleted(groupName: String?) { log.add(me, "deleted \(groupName ?? "nil")") }
    func onConversationGroupNameChanged(oldName: String?, newName: String?) { log.add(me, "renamed \(oldName ?? "nil") \(newName ?? "nil")") }
    func onConversationsAddedToGroup(groupName: String?, conversationList: [V2TIMConversation]?) { log.add(me, "added \(groupName ?? "nil") \(ids(conversationList))") }
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]?, reason: UInt32) { log.add(me, "removed \(groupName ?? "nil") \(ids(conversationList)) \(reason)") }
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]?) { log.add(me, "removed \(groupName ?? "nil") \(ids(conversationList))") }
}

private final class CurrentHeader: Recording, V2TIMConversationListener {
    let me = "current header"
    func onConversationGroupCreated(groupName: String?, conversationList: [V2TIMConversation]) { log.add(me, "created \(groupName ?? "nil") \(ids(conversationList))") }
    func onConversationsAddedToGroup(groupName: String?, conversationList: [V2TIMConversation]) { log.add(me, "added \(groupName ?? "nil") \(ids(conversationList))") }
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation], reason: UInt32) { log.add(me, "removed \(groupName ?? "nil") \(ids(conversationList)) \(reason)") }
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]) { log.add(me, "removed \(groupName ?? "nil") \(ids(conversationList))") }
}

/// As Swift imports the 8.7 headers: `groupName` nullable, the list implicitly unwrapped.
private final class Header87: Recording, V2TIMConversationListener {
    let me = "8.7 header"
    func onConversationGroupCreated(groupName: String?, conversationList: [V2TIMConversation]!) { log.add(me, "created \(groupName ?? "nil") \(ids(conversationList))") }
    func onConversationsAddedToGroup(groupName: String?, conversationList: [V2TIMConversation]!) { log.add(me, "added \(groupName ?? "nil") \(ids(conversationList))") }
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]!, reason: UInt32) { log.add(me, "removed \(groupName ?? "nil") \(ids(conversationList)) \(reason)") }
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]!) { log.add(me, "removed \(groupName ?? "nil") \(ids(conversationList))") }
}

private final class UnlabelledPlain: Recording, V2TIMConversationListener {
    let me = "unlabelled plain"
    func onConversationGroupCreated(_ groupName: String, conversationList: [V2TIMConversation]) { log.add(me, "created \(groupName) \(ids(conversationList))") }
    func onConversationGroupDeleted(_ groupName: String) { log.add(me, "deleted \(groupName)") }
    func onConversationGroupNameChanged(_ oldName: String, newName: String) { log.add(me, "renamed \(oldName) \(newName)") }
    func onConversationsAdded(toGroup groupName: String, conversationList: [V2TIMConversation]) { log.add(me, "added \(groupName) \(ids(conversationList))") }
    func onConversationsDeleted(fromGroup groupName: String, conversationList: [V2TIMConversation], reason: UInt32) { log.add(me, "removed \(groupName) \(ids(conversationList)) \(reason)") }
    func onConversationsDeleted(fromGroup groupName: String, conversationList: [V2TIMConversation]) { log.add(me, "removed \(groupName) \(ids(conversationList))") }
}

/// As the vendor's Flutter plugin writes them.
private final class UnlabelledIUO: Recording, V2TIMConversationListener {
    let me = "unlabelled !"
    func onConversationGroupCreated(_ groupName: String!, conversationList: [V2TIMConversation]!) { log.add(me, "created \(groupName!) \(ids(conversationList))") }
    func onConversationGroupDeleted(_ groupName: String!) { log.add(me, "deleted \(groupName!)") }
    func onConversationGroupNameChanged(_ oldName: String!, newName: String!) { log.add(me, "renamed \(oldName!) \(newName!)") }
    func onConversationsAdded(toGroup groupName: String!, conversationList: [V2TIMConversation]!) { log.add(me, "added \(groupName!) \(ids(conversationList))") }
    func onConversationsDeleted(fromGroup groupName: String!, conversationList: [V2TIMConversation]!, reason: UInt32) { log.add(me, "removed \(groupName!) \(ids(conversationList)) \(reason)") }
    func onConversationsDeleted(fromGroup groupName: String!, conversationList: [V2TIMConversation]!) { log.add(me, "removed \(groupName!) \(ids(conversationList))") }
}

private final class UnlabelledOptional: Recording, V2TIMConversationListener {
    let me = "unlabelled ?"
    func onConversationGroupCreated(_ groupName: String?, conversationList: [V2TIMConversation]?) { log.add(me, "created \(groupName ?? "nil") \(ids(conversationList))") }
    func onConversationGroupDeleted(_ groupName: String?) { log.add(me, "deleted \(groupName ?? "nil")") }
    func onConversationGroupNameChanged(_ oldName: String?, newName: String?) { log.add(me, "renamed \(oldName ?? "nil") \(newName ?? "nil")") }
    func onConversationsAdded(toGroup groupName: String?, conversationList: [V2TIMConversation]?) { log.add(me, "added \(groupName ?? "nil") \(ids(conversationList))") }
    func onConversationsDeleted(fromGroup groupName: String?, conversationList: [V2TIMConversation]?, reason: UInt32) { log.add(me, "removed \(groupName ?? "nil") \(ids(conversationList)) \(reason)") }
    func onConversationsDeleted(fromGroup groupName: String?, conversationList: [V2TIMConversation]?) { log.add(me, "removed \(groupName ?? "nil") \(ids(conversationList))") }
}

/// One class with the plain, `!` and current-header spellings at once (an `NSObject`, as app
/// listeners are).
private final class EveryGroupSpelling: NSObject, V2TIMConversationListener {
    let log: GroupCallLog
    init(_ log: GroupCallLog) { self.log = log }
    func onConversationGroupCreated(groupName: String, conversationList: [V2TIMConversation]) { log.add("every labelled plain", "created \(groupName) \(ids(conversationList))") }
    func onConversationGroupCreated(groupName: String!, conversationList: [V2TIMConversation]!) { log.add("every labelled !", "created \(groupName!) \(ids(conversationList))") }
    func onConversationGroupCreated(groupName: String?, conversationList: [V2TIMConversation]) { log.add("every current header", "created \(groupName ?? "nil") \(ids(conversationList))") }
    func onConversationGroupCreated(_ groupName: String, conversationList: [V2TIMConversation]) { log.add("every unlabelled plain", "created \(groupName) \(ids(conversationList))") }
    func onConversationGroupCreated(_ groupName: String!, conversationList: [V2TIMConversation]!) { log.add("every unlabelled !", "created \(groupName!) \(ids(conversationList))") }
    func onConversationGroupDeleted(groupName: String) { log.add("every labelled plain", "deleted \(groupName)") }
    func onConversationGroupDeleted(groupName: String!) { log.add("every labelled !", "deleted \(groupName!)") }
    func onConversationGroupDeleted(_ groupName: String) { log.add("every unlabelled plain", "deleted \(groupName)") }
    func onConversationGroupDeleted(_ groupName: String!) { log.add("every unlabelled !", "deleted \(groupName!)") }
    func onConversationGroupNameChanged(oldName: String, newName: String) { log.add("every labelled plain", "renamed \(oldName) \(newName)") }
    func onConversationGroupNameChanged(oldName: String!, newName: String!) { log.add("every labelled !", "renamed \(oldName!) \(newName!)") }
    func onConversationGroupNameChanged(_ oldName: String, newName: String) { log.add("every unlabelled plain", "renamed \(oldName) \(newName)") }
    func onConversationGroupNameChanged(_ oldName: String!, newName: String!) { log.add("every unlabelled !", "renamed \(oldName!) \(newName!)") }
    func onConversationsAddedToGroup(groupName: String, conversationList: [V2TIMConversation]) { log.add("every labelled plain", "added \(groupName) \(ids(conversationList))") }
    func onConversationsAddedToGroup(groupName: String!, conversationList: [V2TIMConversation]!) { log.add("every labelled !", "added \(groupName!) \(ids(conversationList))") }
    func onConversationsAddedToGroup(groupName: String?, conversationList: [V2TIMConversation]) { log.add("every current header", "added \(groupName ?? "nil") \(ids(conversationList))") }
    func onConversationsAdded(toGroup groupName: String, conversationList: [V2TIMConversation]) { log.add("every unlabelled plain", "added \(groupName) \(ids(conversationList))") }
    func onConversationsAdded(toGroup groupName: String!, conversationList: [V2TIMConversation]!) { log.add("every unlabelled !", "added \(groupName!) \(ids(conversationList))") }
    func onConversationsDeletedFromGroup(groupName: String, conversationList: [V2TIMConversation], reason: UInt32) { log.add("every labelled plain", "removed \(groupName) \(ids(conversationList)) \(reason)") }
    func onConversationsDeletedFromGroup(groupName: String!, conversationList: [V2TIMConversation]!, reason: UInt32) { log.add("every labelled !", "removed \(groupName!) \(ids(conversationList)) \(reason)") }
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation], reason: UInt32) { log.add("every current header", "removed \(groupName ?? "nil") \(ids(conversationList)) \(reason)") }
    func onConversationsDeleted(fromGroup groupName: String, conversationList: [V2TIMConversation], reason: UInt32) { log.add("every unlabelled plain", "removed \(groupName) \(ids(conversationList)) \(reason)") }
    func onConversationsDeleted(fromGroup groupName: String!, conversationList: [V2TIMConversation]!, reason: UInt32) { log.add("every unlabelled !", "removed \(groupName!) \(ids(conversationList)) \(reason)") }
    func onConversationsDeletedFromGroup(groupName: String, conversationList: [V2TIMConversation]) { log.add("every labelled plain", "removed \(groupName) \(ids(conversationList))") }
    func onConversationsDeletedFromGroup(groupName: String!, conversationList: [V2TIMConversation]!) { log.add("every labelled !", "removed \(groupName!) \(ids(conversationList))") }
    func onConversationsDeletedFromGroup(groupName: String?, conversationList: [V2TIMConversation]) { log.add("every current header", "removed \(groupName ?? "nil") \(ids(conversationList))") }
    func onConversationsDeleted(fromGroup groupName: String, conversationList: [V2TIMConversation]) { log.add("every unlabelled plain", "removed \(groupName) \(ids(conversationList))") }
    func onConversationsDeleted(fromGroup groupName: String!, conversationList: [V2TIMConversation]!) { log.add("every unlabelled !", "removed \(groupName!) \(ids(conversationList))") }
}
