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

    /// A clear is recorded only where a deletion of its conversation follows it: otherwise the
    /// next login's sync clears it again, with the file's row as it was.
    func test_aClearIsRecordedOnlyWhenADeletionOfItsConversationFollows() {
        var changes = LeftBehindChanges()
        let (a, b, c) = (ConversationID.c2c("a"), ConversationID.c2c("b"), ConversationID.c2c("c"))
        changes.noteOperations([.clearMessages(a, upToSeq: 3, includingLocal: false)])
        changes.noteOperations([.clearMessages(b, upToSeq: 2, includingLocal: false)])
        changes.noteDeleted(a, keepingMessages: true, keptMessages: [])
        changes.noteOperations([.clearMessages(a, upToSeq: 5, includingLocal: false)])
        changes.noteDeleted(c, keepingMessages: false, keptMessages: [])
        let recorded = changes.recorded.map { change -> String in
            switch change {
            case .deletion(let deletion): return "delete \(deletion.id)"
            case .operation(.clearMessages(let id, let seq, _)): return "clear \(id) \(seq)"
            case .operation: return "other"
            }
        }
        XCTAssertEqual(recorded, ["clear \(a) 3", "delete \(a)", "delete \(c)"])
        XCTAssertEqual(changes.changes.count, 5, "all of them noted")
    }
}
