import Foundation
import IMCore
import IMTransportKit
import IMReferenceServer
import ImSDK_Plus

/// One line per conversation, the same for the server's state and a device's list, so that tests
/// can compare what a device shows with what the server holds: ID, unread count, pin, receive
/// option, last message (its sequence, whether it is revoked, whether the peer read it), and (when
/// set) marks, custom data and conversation groups. The group names, in order, are `serverGroups`
/// and `deviceGroups`.
package enum CloudSummary {
    /// Every conversation of `userID` as `server` holds it (not only the cloud list), sorted by ID.
    package static func server(_ server: IMReferenceServer, userID: String) throws -> [String] {
        let groups = try server.conversationGroups(of: userID)
        return try server.conversations(of: userID).map { conversation in
            line(conversation.id.description, unread: conversation.unreadCount, pinned: conversation.isPinned,
                 receiveOption: Int(conversation.receiveOption.rawValue), last: conversation.lastMessage?.seq,
                 revoked: conversation.lastMessage?.isRevoked == true,
                 peerRead: conversation.lastMessage?.isPeerRead(by: userID, peerRead: conversation.peerRead) == true,
                 marks: conversation.marks, customData: conversation.customData,
                 groups: groups.filter { $0.conversations.contains(conversation.id) }.map(\.name))
        }.sorted()
    }

    /// The whole conversation list of `session` (paged through the V2 API), sorted by ID.
    package static func device(_ session: V2TestSession) async throws -> [String] {
        try await session.walk().list.map { conversation in
            let id = conversation.type == .GROUP ? "group:\(conversation.groupID ?? "")" : "c2c:\(conversation.userID ?? "")"
            return line(id, unread: Int(conversation.unreadCount), pinned: conversation.isPinned,
                        receiveOption: conversation.recvOpt.rawValue, last: conversation.lastMessage?.seq,
                        revoked: conversation.lastMessage?.status == .MSG_STATUS_LOCAL_REVOKED,
                        peerRead: conversation.lastMessage?.isPeerRead == true,
                        marks: (conversation.markList ?? []).reduce(0) { $0 | $1.uint64Value },
                        customData: conversation.customData, groups: conversation.conversationGroupList ?? [])
        }.sorted()
    }

    /// The names of `userID`'s conversation groups on `server`, in order.
    package static func serverGroups(_ server: IMReferenceServer, userID: String) throws -> [String] {
        try server.conversationGroups(of: userID).map(\.name)
    }

    /// The names of the conversation groups `session` shows (`getConversationGroupList`).
    package static func deviceGroups(_ session: V2TestSession) async throws -> [String] {
        try await session.manager.getConversationGroupList()
    }

    private static func line(
        _ id: String, unread: Int, pinned: Bool, receiveOption: Int, last: UInt64?, revoked: Bool, peerRead: Bool,
        marks: UInt64, customData: Data?, groups: [String]
    ) -> String {
        var line = "\(id) unread \(unread) pinned \(pinned) recv \(receiveOption) last \(last ?? 0)"
            + (revoked ? " revoked" : "") + (peerRead ? " peer-read" : "")
        if marks != 0 { line += " marks \(marks)" }
        if let customData, !customData.isEmpty { line += " custom \(String(decoding: customData, as: UTF8.self))" }
        if !groups.isEmpty { line += " groups \(groups)" }
        return line
    }
}
