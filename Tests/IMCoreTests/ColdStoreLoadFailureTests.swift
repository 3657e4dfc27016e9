import IMCore
import IMTestSupport
import IMTransportKit
import XCTest

/// A cold store whose source cannot read a conversation: a read finds nothing and keeps nothing; a
/// change goes on as if the conversation did not exist, and the store keeps the failure for its
/// owner (`takeFailedRead()`), which must then not write the store's state over the stored one.
final class ColdStoreLoadFailureTests: XCTestCase {
    private struct ReadFailure: Error {}
    private let a = ConversationID.c2c("a"), b = ConversationID.c2c("b")

    /// A cold store of `a` and `b`, each stored with one unread message (seq 1); reading any of
    /// `failing` throws.
    private func coldStore(failing: Set<ConversationID>) -> ConversationStore {
        var rows: [ConversationID: StoredConversation] = [:]
        var counters = UnreadCounters()
        counters.totalUnread = 2
        counters.unreadConversations = 2
        counters.conversations = 2
        for (index, id) in [a, b].enumerated() {
            var conversation = Conversation(id: id, orderKey: UInt64(index + 1) * 64)
            conversation.lastSeq = 1
            conversation.unreadCount = 1
            let message = Message.accepted(seq: 1, from: id.target, to: .user("me"))
            conversation.lastMessage = message
            rows[id] = StoredConversation(id: id, conversation: conversation, messages: [(message, true)], pending: [])
        }
        return ConversationStore(
            selfUserID: "me", counters: counters, orderCounter: 128, syncVersion: 3, serverEpoch: nil,
            source: ColdSource { id in
                if failing.contains(id) { throw ReadFailure() }
                return rows[id]
            })
    }

    func test_aFailedRead_findsNothing_andLeavesNoFailureToTake() {
        var store = coldStore(failing: [a])
        XCTAssertNil(store.conversation(a))
        XCTAssertEqual(store.conversation(b)?.unreadCount, 1)
        XCTAssertNil(store.takeFailedRead(), "a read changes nothing, so nothing is to be kept from the database")
    }

    func test_aChangeAfterAFailedLoad_goesOnAsIfAbsent_andItsFailureIsTakenOnce() {
        var store = coldStore(failing: [a])
        store.receive(.accepted(seq: 2, from: "a", to: .user("me")))
        _ = store.commitBatch()
        XCTAssertTrue(store.takeFailedRead() is ReadFailure)
        XCTAssertNil(store.takeFailedRead(), "taken once")
        XCTAssertEqual(store.conversation(a)?.unreadCount, 1, "as if a did not exist: its stored unread message is missing")

        store.receive(.accepted(seq: 2, from: "b", to: .user("me")))
        _ = store.commitBatch()
        XCTAssertNil(store.takeFailedRead(), "a load that works leaves none")
        XCTAssertEqual(store.conversation(b)?.unreadCount, 2)
    }
}
