import XCTest
@testable import IMCore
import IMTransportKit

/// What a session without its database notes for the file it left behind (`LeftBehindChanges`).
final class LeftBehindChangesTests: XCTestCase {
    private func message(_ id: String, seq: UInt64 = 0, status: MessageDeliveryStatus) -> Message {
        Message(id: id, seq: seq, timestamp: 1_700_000_000, sender: "me", receiver: .user("a"),
                content: .text(id), status: status)
    }

    /// Messages as the notes hold them: the ID of each store, and "-ID" for each removal.
    private func noted(_ changes: LeftBehindChanges) -> [String] {
        changes.changes.compactMap { change in
            guard case .operation(let operation) = change else { return nil }
            switch operation {
            case .store(let message, _, _): return message.id
            case .removePending(let id): return "-" + id
            default: return nil
            }
        }
    }

    func test_aMessageSentAndAccepted_leavesOnlyItsRemovals_aFailedOneStays_andAcceptedMessagesAreNotNoted() {
        var changes = LeftBehindChanges()
        let a = ConversationID.c2c("a")
        changes.noteOperations([.store(message("sent", status: .sending), in: a, countsAsUnread: false)])
        changes.noteOperations([.store(message("failed", status: .sending), in: a, countsAsUnread: false)])
        changes.noteOperations([
            .removePending(id: "sent"), .store(message("sent", seq: 1, status: .sent), in: a, countsAsUnread: false),
        ])
        changes.noteOperations([.store(message("failed", status: .failed), in: a, countsAsUnread: false)])
        XCTAssertEqual(noted(changes), ["-sent", "failed", "-sent", "failed"])
        XCTAssertEqual(changes.rows, [a])
        guard case .operation(.store(let failed, _, _)) = changes.changes[3] else { return XCTFail("a store") }
        XCTAssertEqual(failed.status, .failed, "the failed send is noted as it ended")
    }

    /// Clears, removals of every message and the tombstones of removed messages are noted (the
    /// logout makes them again on the file); an accepted message stored is not (the next login's
    /// sync brings it), and neither a tombstone nor a clear asks for the session's row.
    func test_clearsAndRemovalsAreNoted_acceptedMessagesAreNot() {
        var changes = LeftBehindChanges()
        let a = ConversationID.c2c("a")
        let accepted = Message(id: "m1", seq: 1, timestamp: 1_700_000_000, sender: "a", receiver: .user("me"),
                               content: .text("m1"), status: .sent)
        changes.noteOperations([
            .store(accepted, in: a, countsAsUnread: true), .store(accepted.removed, in: a, countsAsUnread: false),
            .removeMessages(a), .clearMessages(a, upToSeq: 3, includingLocal: true),
        ])
        let noted = changes.changes.map { change -> String in
            switch change {
            case .operation(.store(let message, _, _)): return message.isRemoved ? "tombstone" : "store"
            case .operation(.removeMessages): return "remove all"
            case .operation(.clearMessages(_, let seq, _)): return "clear \(seq)"
            default: return "other"
            }
        }
        XCTAssertEqual(noted, ["tombstone", "remove all", "clear 3"])
        XCTAssertEqual(changes.rows, [])
    }
}
