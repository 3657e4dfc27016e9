import Foundation
import IMCore
import IMTransportKit
import IMTestSupport
import XCTest

/// `ConversationStore`'s local-message operations: removal (tombstones), imported messages merged
/// into local history, and the apps' local fields.
final class ConversationStoreLocalMessagesTests: XCTestCase {
    private let me = "me"
    private let alice = ConversationID.c2c("alice")
    private let team = ConversationID.group("team")

    private func fromAlice(_ seq: UInt64, at timestamp: UInt64? = nil) -> Message {
        .accepted(seq: seq, from: "alice", to: .user(me), at: timestamp ?? 1_000 + seq)
    }

    private func imported(_ name: String, at timestamp: UInt64, from sender: String = "alice") -> Message {
        Message(id: name, seq: 0, timestamp: timestamp, sender: sender, receiver: .user(sender == me ? "alice" : me),
                content: .text(name), status: .sent)
    }

    private func history(_ store: ConversationStore, before message: Message? = nil, count: Int = .max) -> [String] {
        store.messages(of: alice, before: message, count: count).map { $0.content.text ?? "?" }
    }

    // MARK: - Removing

    func test_removingAnUnreadMessage_dropsItsCountAndLeavesHistory() throws {
        var store = ConversationStore(selfUserID: me)
        for seq: UInt64 in 1...3 { store.receive(fromAlice(seq)) }
        _ = store.commitBatch()

        try store.removeMessage(fromAlice(2), in: alice)
        let batch = store.commitBatch()
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 2)
        XCTAssertEqual(store.counters.totalUnread, 2)
        XCTAssertEqual(history(store), ["message 3", "message 1"])
        XCTAssertEqual(batch.changed.map(\.unreadCount), [2], "the change is announced")
        XCTAssertEqual(store.conversation(alice)?.lastMessage, fromAlice(3), "the last message stays")
        store._checkInvariants()
    }

    func test_removingTheLastMessage_makesTheNewestRemainingOneLast_andNothingWhenNoneIsLeft() throws {
        var store = ConversationStore(selfUserID: me)
        for seq: UInt64 in 1...2 { store.receive(fromAlice(seq)) }
        let orderKey = store.conversation(alice)?.orderKey

        try store.removeMessage(fromAlice(2), in: alice)
        XCTAssertEqual(store.conversation(alice)?.lastMessage, fromAlice(1))
        try store.removeMessage(fromAlice(1), in: alice)
        XCTAssertNil(store.conversation(alice)?.lastMessage)
        XCTAssertEqual(store.conversation(alice)?.orderKey, orderKey, "removal is no activity")
        XCTAssertEqual(store.conversation(alice)?.lastSeq, 2, "the server's sequence stays")
        XCTAssertEqual(history(store), [])
        store._checkInvariants()
    }

    /// Each kind of removal of a message the server still counts unread leaves the conversation
    /// among those a read of everything reads; a read up to its newest message forgets that, and a
    /// removal of a read message, or of my own, never sets it.
    func test_removalsOfUnreadMessages_makeTheConversationHideUnread_untilAReadOfEverything() throws {
        var store = ConversationStore(selfUserID: me)
        for seq: UInt64 in 1...3 { store.receive(fromAlice(seq)) }
        store.receive(.accepted(seq: 1, from: "bob", to: .group("team"), at: 1_001))
        store.receive(.accepted(seq: 2, from: me, to: .group("team"), at: 1_002))
        store.markRead(team, upTo: 1)
        let bob = ConversationID.c2c("bob")
        store.receive(.accepted(seq: 1, from: "bob", to: .user(me), at: 1_001))

        try store.removeMessage(fromAlice(3), in: alice)
        XCTAssertEqual(store.conversation(alice)?.hidesUnread, true, "one unread message removed")
        try store.removeAllMessages(of: bob)
        XCTAssertEqual(store.conversation(bob)?.hidesUnread, true, "every message removed (legacy deleteLocalMessage)")
        try store.removeMessage(.accepted(seq: 2, from: me, to: .group("team"), at: 1_002), in: team)
        try store.removeMessage(.accepted(seq: 1, from: "bob", to: .group("team"), at: 1_001), in: team)
        XCTAssertEqual(store.conversation(team)?.hidesUnread, false, "my own message, and one read already")
        try store.forgetMessage(.accepted(seq: 3, from: "bob", to: .group("team"), at: 1_003), in: team)
        XCTAssertEqual(store.conversation(team)?.hidesUnread, true, "a message of the server's history, above the cursor")
        XCTAssertEqual(store.counters.conversationsToScanForReads, 3)
        store._checkInvariants()

        XCTAssertEqual(store.conversationsToMarkRead(kind: nil), [alice, bob, team].sorted())
        XCTAssertEqual(store.conversationsToMarkRead(kind: .group), [team])
        store.markRead(alice, upTo: 2)
        XCTAssertEqual(store.conversation(alice)?.hidesUnread, true, "message 3 is still above the cursor")
        for id in [alice, bob, team] { store.markRead(id, upTo: .max) }
        XCTAssertEqual(store.counters.conversationsToScanForReads, 0)
        XCTAssertEqual(store.conversationsToMarkRead(kind: nil), [])
        store._checkInvariants()
    }

    func test_aRemovedMessageDeliveredAgain_isADuplicate() throws {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1))
        try store.removeMessage(fromAlice(1), in: alice)
        _ = store.commitBatch()

        store.receive(fromAlice(1))
        XCTAssertTrue(store.commitBatch().isEmpty)
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 0)
        XCTAssertNil(store.conversation(alice)?.lastMessage)
        XCTAssertTrue(store.isRemoved(seq: 1, in: alice))
        store._checkInvariants()
    }

    func test_removingAnUnreadMention_dropsTheMention() throws {
        var store = ConversationStore(selfUserID: me)
        let mention = Message.accepted(seq: 1, from: "alice", to: .group("team"), atUserIDs: [me])
        store.receive(mention)
        XCTAssertEqual(store.conversation(team)?.groupAtInfos.count, 1)

        try store.removeMessage(mention, in: team)
        XCTAssertEqual(store.conversation(team)?.groupAtInfos, [])
        XCTAssertEqual(store.conversation(team)?.unreadCount, 0)
        store._checkInvariants()
    }

    func test_removingFailedSends_deletesThem_butOneBeingSentIsRefused() throws {
        var store = ConversationStore(selfUserID: me)
        let sending = Message.sending(id: "s1", from: me, to: .user("alice"), at: 2_000)
        store.addSending(sending)
        XCTAssertThrowsError(try store.removeMessage(sending, in: alice)) {
            XCTAssertEqual(($0 as? IMError)?.code, .invalidParameters)
        }

        store.failSending(sending)
        var failed = sending
        failed.status = .failed
        try store.removeMessage(failed, in: alice)
        XCTAssertEqual(history(store), [])
        XCTAssertNil(store.conversation(alice)?.lastMessage)
        store._checkInvariants()
    }

    func test_removingWhatIsNotHeld_throwsAndChangesNothing() throws {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1))
        _ = store.commitBatch()
        XCTAssertThrowsError(try store.removeMessage(fromAlice(9), in: alice)) {
            XCTAssertEqual(($0 as? IMError)?.code, .invalidParameters)
        }
        XCTAssertThrowsError(try store.removeMessage(fromAlice(1), in: .c2c("nobody"))) {
            XCTAssertEqual(($0 as? IMError)?.code, .invalidConversation)
        }
        try store.removeMessage(fromAlice(1), in: alice)
        XCTAssertThrowsError(try store.removeMessage(fromAlice(1), in: alice), "removed already")
        store._checkInvariants()
    }

    func test_aPendingCopyOfAMessageAcceptedSince_isRemovedByItsID() throws {
        var store = ConversationStore(selfUserID: me)
        let sending = Message.sending(id: "s1", from: me, to: .user("alice"), at: 2_000)
        store.addSending(sending)
        store.receive(sending.acknowledged(seq: 1, at: 2_001), isNew: false)

        try store.removeMessage(sending, in: alice)
        XCTAssertTrue(store.isRemoved(seq: 1, in: alice))
        XCTAssertEqual(history(store), [])
        store._checkInvariants()
    }

    // MARK: - Importing

    func test_importedMessages_areMergedByTime_andNeverUnread() {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1, at: 100))
        store.receive(fromAlice(2, at: 300))
        store.importMessages([imported("i-200", at: 200), imported("i-50", at: 50), imported("i-300", at: 300)], into: alice)

        XCTAssertEqual(history(store), ["message 2", "i-300", "i-200", "message 1", "i-50"],
                       "by time; an accepted message is newer than an import of the same second")
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 2)
        XCTAssertEqual(store.conversation(alice)?.lastMessage, fromAlice(2, at: 300), "no import is newer")
        store._checkInvariants()
    }

    func test_historyPages_walkEveryMessageOnce_fromAnyKindOfCursor() {
        for size in [0, 1, 2, 3, 7, 20] {
            var store = ConversationStore(selfUserID: me)
            for index in 0..<size {
                store.receive(fromAlice(UInt64(index + 1), at: UInt64(10 * index)))
                store.importMessages([imported("i\(index)", at: UInt64(10 * index + index % 3 * 5))], into: alice)
            }
            let everything = store.messages(of: alice, before: nil, count: .max)
            XCTAssertEqual(everything.count, 2 * size)
            for pageSize in [1, 2, 5] {
                var walked: [Message] = []
                var cursor: Message?
                while true {
                    let page = store.messages(of: alice, before: cursor, count: pageSize)
                    walked += page
                    guard page.count == pageSize, let last = page.last else { break }
                    cursor = last
                }
                XCTAssertEqual(walked, everything, "size \(size), pages of \(pageSize)")
            }
        }
    }

    func test_aNewerImport_becomesTheLastMessageAndMovesTheConversationUp() {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1, at: 100))
        store.receive(Message.accepted(seq: 1, from: "bob", to: .user(me), at: 200))
        XCTAssertEqual(store.allInOrder().map(\.id), [.c2c("bob"), alice])
        _ = store.commitBatch()

        store.importMessages([imported("welcome", at: 300)], into: alice)
        XCTAssertEqual(store.conversation(alice)?.lastMessage?.id, "welcome")
        XCTAssertEqual(store.allInOrder().map(\.id), [alice, .c2c("bob")])
        XCTAssertEqual(store.commitBatch().storage.operations.count, 1, "the import is stored")
        store._checkInvariants()
    }

    func test_importingIntoANewConversation_createsIt_andDuplicatesAreSkipped() {
        var store = ConversationStore(selfUserID: me)
        store.importMessages([imported("a", at: 10), imported("a", at: 10)], into: alice)
        store.importMessages([imported("a", at: 10)], into: alice)
        XCTAssertEqual(store.count, 1)
        XCTAssertEqual(history(store), ["a"])
        XCTAssertEqual(store.conversation(alice)?.unreadCount, 0)
        store._checkInvariants()
    }

    func test_removingAnImportedLastMessage_fallsBackToTheNewestOther() throws {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1, at: 100))
        store.importMessages([imported("old", at: 50), imported("new", at: 500)], into: alice)
        try store.removeMessage(imported("new", at: 500), in: alice)
        XCTAssertEqual(store.conversation(alice)?.lastMessage, fromAlice(1, at: 100))
        try store.removeMessage(fromAlice(1, at: 100), in: alice)
        XCTAssertEqual(store.conversation(alice)?.lastMessage?.id, "old")
        store._checkInvariants()
    }

    // MARK: - Local fields

    func test_localFields_areKeptByMessageID_andForgottenWithTheMessages() throws {
        var store = ConversationStore(selfUserID: me)
        store.receive(fromAlice(1))
        store.receive(fromAlice(2))
        _ = store.commitBatch()
        let fields = MessageLocalFields(customInt: -7, customData: Data([0, 1]))
        store.setLocalFields(fields, ofMessage: fromAlice(1).id)
        store.setLocalFields(fields, ofMessage: fromAlice(2).id)
        store.setLocalFields(fields, ofMessage: "server-only")
        XCTAssertEqual(store.localFields(ofMessage: fromAlice(1).id), fields)
        XCTAssertEqual(store.commitBatch().storage.operations.count, 3)

        try store.removeMessage(fromAlice(1), in: alice)
        XCTAssertEqual(store.localFields(ofMessage: fromAlice(1).id), MessageLocalFields(), "removal forgets them")
        store.delete(alice, keepingMessages: true)
        XCTAssertEqual(store.localFields(ofMessage: fromAlice(2).id), fields, "kept with kept messages")
        store.receive(fromAlice(3))
        store.delete(alice, keepingMessages: false)
        XCTAssertEqual(store.localFields(ofMessage: fromAlice(2).id), MessageLocalFields(), "deleted with them")
        XCTAssertEqual(store.localFields(ofMessage: "server-only"), fields)
    }

    func test_settingDefaultLocalFields_forgetsThem_andSettingTheSameTwiceRecordsOnce() {
        var store = ConversationStore(selfUserID: me)
        store.setLocalFields(MessageLocalFields(customInt: 1), ofMessage: "m")
        store.setLocalFields(MessageLocalFields(customInt: 1), ofMessage: "m")
        XCTAssertEqual(store.commitBatch().storage.operations.count, 1)
        store.setLocalFields(MessageLocalFields(), ofMessage: "m")
        XCTAssertEqual(store.commitBatch().storage.operations.count, 1)
        XCTAssertEqual(store.localFields(ofMessage: "m"), MessageLocalFields())
    }
}
