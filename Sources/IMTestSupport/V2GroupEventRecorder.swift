import Foundation
import IMTransportKit
import ImSDK_Plus

/// Records, in order, the conversation-group events of a V2 conversation listener and the
/// `onConversationChanged` calls around them, each as one line: `changed c2c_a(work)`,
/// `created work [c2c_a]`, `deleted work`, `renamed work job`, `added job [c2c_b]`,
/// `removed job [c2c_a] reason 0`. A changed conversation shows its `conversationGroupList`.
///
/// - Thread safety: listener methods may run on any queue; reads take the same lock.
package final class V2GroupEventRecorder: V2TIMConversationListener, @unchecked Sendable {
    private let log = Locked<[String]>([])

    package init() {}

    /// Everything recorded so far.
    package var lines: [String] { log.withLock { $0 } }

    /// The group events recorded so far (no `changed` lines).
    package var groupEvents: [String] { lines.filter { !$0.hasPrefix("changed ") && !$0.hasPrefix("new ") } }

    /// Forgets what was recorded.
    package func clear() { log.withLock { $0.removeAll() } }

    private func record(_ line: String) { log.withLock { $0.append(line) } }

    private static func ids(_ list: [V2TIMConversation]) -> String {
        "[" + list.map { $0.conversationID ?? "?" }.joined(separator: ", ") + "]"
    }

    private static func withGroups(_ list: [V2TIMConversation]) -> String {
        list.map { "\($0.conversationID ?? "?")(\(($0.conversationGroupList ?? []).joined(separator: ",")))" }
            .joined(separator: " ")
    }

    package func onNewConversation(conversationList: [V2TIMConversation]) {
        record("new " + Self.withGroups(conversationList))
    }

    package func onConversationChanged(conversationList: [V2TIMConversation]) {
        record("changed " + Self.withGroups(conversationList))
    }

    package func onConversationGroupCreated(groupName: String, conversationList: [V2TIMConversation]) {
        record("created \(groupName) \(Self.ids(conversationList))")
    }

    package func onConversationGroupDeleted(groupName: String) { record("deleted \(groupName)") }

    package func onConversationGroupNameChanged(oldName: String, newName: String) {
        record("renamed \(oldName) \(newName)")
    }

    package func onConversationsAddedToGroup(groupName: String, conversationList: [V2TIMConversation]) {
        record("added \(groupName) \(Self.ids(conversationList))")
    }

    package func onConversationsDeletedFromGroup(groupName: String, conversationList: [V2TIMConversation], reason: UInt32) {
        record("removed \(groupName) \(Self.ids(conversationList)) reason \(reason)")
    }
}
