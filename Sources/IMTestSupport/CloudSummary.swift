import Foundation
import IMCore
import IMTransportKit
import IMReferenceServer
import ImSDK_Plus

/// One line per conversation, the same for the server's state and a device's list, so that tests
/// can compare what a device shows with what the server holds: ID, unread count, pin, receive
/// option, last message, marks, custom data and conversation groups (the last line: the group
/// names in order).
package enum CloudSummary {
    /// Every conversation of `userID` as `server` holds it (not only the cloud list), sorted by ID.
    package static func server(_ server: IMReferenceServer, userID: String) throws -> [String] {
        let groups = try server.conversationGroups(of: userID)
        return try server.conversations(of: userID).map { conversation in
            line(conversation.id.description, unread: conversation.unreadMessages.count, pinned: conversation.isPinned,
                 receiveOption: Int(conversation.receiveOption.rawValue), last: conversation.lastMessage?.seq,
                 marks: conversation.marks, customData: conversation.customData,
                 groups: groups.filter { $0.conversations.contains(conversation.id) }.map(\.name))
        }.sorted() + ["groups \(groups.map(\.name))"]
    }

    /// The whole conversation list of `session` (paged through the V2 API), sorted by ID.
    package static func device(_ session: V2TestSession) async throws -> [String] {
        let groups = try await session.manager.getConversationGroupList()
        return try await session.walk().list.map { conversation in
            let id = conversation.type == .GROUP ? "group:\(conversation.groupID ?? "")" : "c2c:\(conversation.userID ?? "")"
            return line(id, unread: Int(conversation.unreadCount), pinned: conversation.isPinned,
                        receiveOption: conversation.recvOpt.rawValue, last: conversation.lastMessage?.seq,
                        marks: (conversation.markList ?? []).reduce(0) { $0 | $1.uint64Value },
                        customData: conversation.customData, groups: conversation.conversationGroupList ?? [])
        }.sorted() + ["groups \(groups)"]
    }

    private static func line(
        _ id: String, unread: Int, pinned: Bool, receiveOption: Int, last: UInt64?, marks: UInt64, customData: Data?,
        groups: [String]
    ) -> String {
        "\(id) unread \(unread) pinned \(pinned) recv \(receiveOption) last \(last ?? 0) marks \(marks) "
            + "custom \(customData.map { String(decoding: $0, as: UTF8.self) } ?? "-") groups \(groups)"
    }
}
