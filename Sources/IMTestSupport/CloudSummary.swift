import Foundation
import IMCore
import IMTransportKit
import IMReferenceServer
import ImSDK_Plus

/// One line per conversation, the same for the server's state and a device's list, so that tests
/// can compare what a device shows with what the server holds: ID, unread count, pin, receive
/// option, last message (its sequence, whether it is revoked, whether the peer read it).
package enum CloudSummary {
    /// Every conversation of `userID` as `server` holds it (not only the cloud list), sorted by ID.
    package static func server(_ server: IMReferenceServer, userID: String) throws -> [String] {
        try server.conversations(of: userID).map {
            line($0.id.description, unread: $0.unreadMessages.count, pinned: $0.isPinned,
                 receiveOption: Int($0.receiveOption.rawValue), last: $0.lastMessage?.seq,
                 revoked: $0.lastMessage?.isRevoked == true,
                 peerRead: $0.lastMessage?.isPeerRead(by: userID, peerRead: $0.peerRead) == true)
        }.sorted()
    }

    /// The whole conversation list of `session` (paged through the V2 API), sorted by ID.
    package static func device(_ session: V2TestSession) async throws -> [String] {
        try await session.walk().list.map { conversation in
            let id = conversation.type == .GROUP ? "group:\(conversation.groupID ?? "")" : "c2c:\(conversation.userID ?? "")"
            return line(id, unread: Int(conversation.unreadCount), pinned: conversation.isPinned,
                        receiveOption: conversation.recvOpt.rawValue, last: conversation.lastMessage?.seq,
                        revoked: conversation.lastMessage?.status == .MSG_STATUS_LOCAL_REVOKED,
                        peerRead: conversation.lastMessage?.isPeerRead == true)
        }.sorted()
    }

    private static func line(
        _ id: String, unread: Int, pinned: Bool, receiveOption: Int, last: UInt64?, revoked: Bool, peerRead: Bool
    ) -> String {
        "\(id) unread \(unread) pinned \(pinned) recv \(receiveOption) last \(last ?? 0)"
            + (revoked ? " revoked" : "") + (peerRead ? " peer-read" : "")
    }
}
